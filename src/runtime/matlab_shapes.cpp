#include "runtime/matlab_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "base/error.hpp"
#include "base/messages/classes.hpp"
#include "num/nd_array.hpp"
#include "num/shape.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/class_values.hpp"
#include "runtime/indexing.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"

namespace llmlab::runtime {

namespace {

using num::Index;

bool is_number(const Value& value) {
  return value.is(Kind::Scalar) || value.is(Kind::Bool) || value.is(Kind::Complex);
}

// The rows and columns of a numeric container or a cell as its linear index sees them (an N-D
// array's trailing dims count as columns).
std::pair<Index, Index> extents_of(const Value& container) {
  if (container.is(Kind::Cell))
    return {container.cell_value().rows, container.cell_value().columns};
  const num::Dims shown = num::subscript_extents(dims_of(container), 2);
  return {shown[0], shown[1]};
}

// How many rows (or columns) a subscript selects from an extent of `extent`.
Index selected_count(const Value& subscript, Index extent) {
  const Subscript resolved = resolve_subscript(subscript);
  return resolved.all ? extent : static_cast<Index>(resolved.positions.size());
}

// The shape of the index list a one-subscript read takes: a logical mask as find() gives it.
std::pair<Index, Index> index_shape(const Value& subscript, Index count) {
  if (is_number(subscript)) return {1, 1};
  if (!subscript.is(Kind::Matrix)) return {1, count};  // a Vector or text: a row
  const num::Matrix& m = subscript.matrix_value();
  if (subscript.is_logical())
    return m.rows() == 1 ? std::pair{Index{1}, count} : std::pair{count, Index{1}};
  return {m.rows(), m.columns()};
}

// The shape of A(I) with one subscript, for `count` elements read.
std::pair<Index, Index> linear_read_shape(const Value& container, const Value& subscript,
                                          Index count) {
  if (subscript.is(Kind::AllIndex) ||
      (subscript.is(Kind::String) && subscript.string_value() == ":")) {
    return {count, 1};
  }
  const auto [rows, columns] = index_shape(subscript, count);
  const bool index_is_vector = rows == 1 || columns == 1;
  const auto [container_rows, container_columns] = extents_of(container);
  // A 1×1 container is no vector here: x(I) of a scalar takes I's shape.
  const bool container_is_vector = (container_rows == 1) != (container_columns == 1);
  if (index_is_vector && container_is_vector) {
    return container_rows == 1 ? std::pair{Index{1}, count} : std::pair{count, Index{1}};
  }
  return {rows, columns};
}

// MATLAB's [] (0×0), as an array or a cell (`{}` is an empty string array, rlab's cell of text).
bool is_square_empty(const Value& value) {
  if (value.is(Kind::Cell)) return value.cell_value().rows == 0 && value.cell_value().columns == 0;
  if (value.is(Kind::StringArray)) return value.string_array_value().empty();
  return value.is(Kind::Matrix) && value.matrix_value().rows() == 0 &&
         value.matrix_value().columns() == 0;
}

bool is_empty_vector(const Value& value) {
  return value.is(Kind::Vector) && value.matrix_value().empty();
}

}  // namespace

Value as_matlab_value(Value value) {
  if (value.is(Kind::Vector) || value.is(Kind::Matrix)) {
    const num::Matrix& m = value.matrix_value();
    // A 1×1 array is the number (MATLAB has no other scalar): `[1 2 3] * [4; 5; 6]` is 32.
    if (m.rows() == 1 && m.columns() == 1) {
      if (value.is_logical()) return Value::boolean(m.complex_at(0) != num::Complex(0.0, 0.0));
      // An element of single or an integer class keeps it.
      return tagged(demote_element(m.complex_at(0)), value.num_class());
    }
    if (value.is(Kind::Vector)) return Value::matrix(m, value.num_class());
    return value;
  }
  if (value.is(Kind::Tuple)) {
    std::vector<Value> items = value.tuple_items();
    for (Value& item : items) item = as_matlab_value(std::move(item));
    return Value::tuple(std::move(items));
  }
  return value;
}

Value as_matlab_output(Value result, std::span<const Value> arguments) {
  const bool empty_question = std::any_of(arguments.begin(), arguments.end(), is_square_empty);
  if (empty_question) {
    if (is_empty_vector(result)) return Value::matrix(num::Matrix(0, 0), result.num_class());
    if (result.is(Kind::Tuple)) {
      std::vector<Value> items = result.tuple_items();
      for (Value& item : items) {
        if (is_empty_vector(item)) item = Value::matrix(num::Matrix(0, 0), item.num_class());
      }
      result = Value::tuple(std::move(items));
    }
  }
  return as_matlab_value(std::move(result));
}

Value matlab_index_read(const Value& container, std::span<const Value> subscripts) {
  // A char matrix's elements are read as codes and shaped as numbers, then tagged char again.
  if (is_char_matrix(container)) {
    return tagged(matlab_index_read(without_class(container), subscripts), NumClass::Char);
  }
  // So is a one-row text's under two or more subscripts (s(1, 2:3), line(1, :)); one subscript
  // keeps the text's own indexing, which reads characters.
  if (container.is(Kind::String) && subscripts.size() >= 2) {
    const Value codes = Value::matrix(text_codes(container.string_value()));
    return tagged(matlab_index_read(codes, subscripts), NumClass::Char);
  }
  if (container.is(Kind::Vector)) return matlab_index_read(as_matlab_value(container), subscripts);
  Value result = index_read(container, subscripts);
  if (container.is_logical() && result.is(Kind::Scalar)) {
    return Value::boolean(result.scalar_value() != 0.0);
  }
  // An N-D cell's reads already took the numeric N-D rule's shape (nd_cells.hpp).
  if (container.is(Kind::Cell) && !container.cell_value().is_nd() && subscripts.size() == 1 &&
      result.is(Kind::Cell)) {
    // c(I) takes the numeric rule's shape: c(:) is a column, a vector keeps its orientation.
    CellArray cells = result.cell_value();
    const auto count = static_cast<Index>(cells.items.size());
    std::tie(cells.rows, cells.columns) = linear_read_shape(container, subscripts[0], count);
    return Value::cell(std::move(cells));
  }
  const bool numeric_container =
      container.is(Kind::Matrix) || is_number(container) || container.is_nd_array();
  if (!result.is(Kind::Vector) || !numeric_container) return as_matlab_value(std::move(result));
  const num::Matrix& elements = result.matrix_value();
  const Index count = elements.size();
  Index rows = 1, columns = count;
  if (subscripts.size() >= 2) {
    // A region read that came out as a vector: its rows are the first subscript's picks, its
    // columns the rest (at most one of which picks more than one).
    const num::Dims shown = num::subscript_extents(dims_of(container), subscripts.size());
    rows = selected_count(subscripts[0], shown[0]);
    columns = 1;
    for (std::size_t k = 1; k < subscripts.size(); ++k) {
      columns *= selected_count(subscripts[k], shown[k]);
    }
  } else {
    std::tie(rows, columns) = linear_read_shape(container, subscripts[0], count);
  }
  // The elements are in MATLAB's linear order; a row or a column holds them in that order, a
  // matrix-shaped index takes them column by column.
  num::Matrix shaped = rows == 1 || columns == 1 ? elements.with_shape(rows, columns)
                                                 : num::reshape(elements, rows, columns);
  return as_matlab_value(Value::matrix(std::move(shaped), result.num_class()));
}

Value matlab_written_value(const Value& target, Value rhs) {
  const bool real_numbers = rhs.is(Kind::Scalar) || rhs.is(Kind::Vector) || rhs.is(Kind::Matrix);
  if (!target.is_logical() || rhs.is_logical() || !real_numbers) return rhs;
  if (rhs.has_special_class()) rhs = without_class(std::move(rhs));
  if (rhs.is(Kind::Scalar)) {
    if (std::isnan(rhs.scalar_value())) throw Error(std::string(messages::nan_to_logical));
    return Value::boolean(rhs.scalar_value() != 0.0);
  }
  num::Matrix truth = rhs.matrix_value();
  if (truth.is_complex()) return rhs;
  for (double& value : truth.mutable_real_values()) {
    if (std::isnan(value)) throw Error(std::string(messages::nan_to_logical));
    value = value != 0.0 ? 1.0 : 0.0;
  }
  return rhs.is(Kind::Vector) ? Value::vector(std::move(truth), /*logical=*/true)
                              : Value::matrix(std::move(truth), /*logical=*/true);
}

void matlab_index_delete(Value& target, bool defined, std::string_view name,
                         std::span<const Value> subscripts) {
  if (!defined || subscripts.size() != 1 || !(target.is(Kind::Matrix) || target.is(Kind::Vector))) {
    index_delete(target, defined, name, subscripts);
    return;
  }
  // A(:) = [] leaves the 0×0 array of the same class.
  if (subscripts[0].is(Kind::AllIndex)) {
    target = Value::matrix(num::Matrix(0, 0), target.num_class());
    return;
  }
  const num::Matrix& m = target.matrix_value();
  const bool column = m.columns() == 1 && m.rows() != 1;
  // The elements in column-major order as rlab's Vector, whose deletion rule is MATLAB's.
  Value elements = Value::vector(num::column_major_elements(m), target.num_class());
  index_delete(elements, true, name, subscripts);
  const NumClass cls = elements.num_class();
  num::Matrix left = elements.matrix_value();
  // What is left is real when no imaginary part is (matlab code's rule for complex results).
  left.demote_if_real();
  target = column ? Value::matrix(left.with_shape(left.size(), 1), cls)
                  : as_matlab_value(Value::vector(std::move(left), cls));
}

}  // namespace llmlab::runtime
