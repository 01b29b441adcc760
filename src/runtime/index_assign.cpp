// Indexed assignment and deletion (language.md §6.4, §6.5, §13.7, §13.9). Writes go through the
// target's own Matrix, so a variable with one owner is updated in place (no clone per write);
// growth copies into a larger matrix.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "base/error.hpp"
#include "base/messages/indexing.hpp"
#include "base/messages/language.hpp"
#include "base/messages/system.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/class_values.hpp"
#include "runtime/display.hpp"
#include "runtime/indexing.hpp"
#include "runtime/nd_indexing.hpp"
#include "runtime/string_class.hpp"
#include "runtime/struct_array.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime {

namespace {

using num::Index;

inline Index flat_of(Index position, Index rows, Index columns) {
  return (position % rows) * columns + position / rows;
}

bool is_number(const Value& v) {
  return v.is(Kind::Scalar) || v.is(Kind::Bool) || v.is(Kind::Complex);
}

// The right side of a write, read element by element in storage order.
struct Source {
  const Value& value;
  bool scalar;
  Index count;
  num::Complex at(Index k) const {
    return scalar ? value.complex_value() : value.matrix_value().complex_at(k);
  }
  bool real() const { return scalar ? !value.is(Kind::Complex) : value.matrix_value().is_real(); }
};

Source source_of(const Value& rhs) {
  if (is_number(rhs)) return Source{rhs, true, 1};
  return Source{rhs, false, rhs.matrix_value().size()};
}

void write(num::Matrix& m, Index flat, const Source& source, Index k) {
  if (source.scalar && !source.value.is(Kind::Complex)) {
    m.set(flat, source.value.scalar_value());
  } else if (!source.scalar && source.value.matrix_value().is_real()) {
    m.set(flat, source.value.matrix_value()[k]);
  } else {
    m.set(flat, source.at(k));
  }
}

// A copy of `m` enlarged to rows×columns, zero-filled.
num::Matrix grown(const num::Matrix& m, Index rows, Index columns) {
  num::Matrix result(
      rows, columns,
      m.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  for (Index r = 0; r < m.rows(); ++r) {
    for (Index c = 0; c < m.columns(); ++c) {
      if (m.is_complex()) {
        result.set(r, c, m.complex_at(r, c));
      } else {
        result.set(r, c, m(r, c));
      }
    }
  }
  return result;
}

std::vector<Index> range_positions(Index count) {
  std::vector<Index> positions(static_cast<std::size_t>(count));
  for (Index k = 0; k < count; ++k) positions[static_cast<std::size_t>(k)] = k;
  return positions;
}

// Logical values written into a logical array, or a logical scalar grown into one, keep the mark.
bool keeps_logical(const Value& target, const Value& rhs) {
  return target.is_logical() && (target.is_array() || target.is(Kind::Bool)) && rhs.is_logical();
}

// Legacy row write `M(i) = v` (§6.4).
AssignEcho write_row(Value& target, Index row, const Value& rhs) {
  num::Matrix& m = target.mutable_matrix();
  if (row >= m.rows()) {
    throw Error(
        fmt::format(messages::assignment_row_out_of_bounds, row + 1, m.rows(), m.columns()));
  }
  const num::Matrix& values = rhs.matrix_value();
  if (values.size() != m.columns()) {
    throw Error(fmt::format(messages::assignment_row_length_mismatch, values.size(), m.columns()));
  }
  const Source source = source_of(rhs);
  for (Index c = 0; c < m.columns(); ++c) write(m, row * m.columns() + c, source, c);
  target.set_logical(false);
  AssignEcho echo;
  echo.form = AssignEcho::Form::Row;
  echo.subscripts = {row + 1, 0};
  echo.subscript_count = 1;
  echo.row = values;
  return echo;
}

// The container a linear write goes into, made ready: a matrix keeps its layout (false), a
// vector stays one, and a number or a new name becomes a vector (true).
bool make_linear_container(Value& target, bool defined) {
  if (defined && target.is(Kind::Matrix)) return false;
  if (defined && target.is(Kind::Vector)) return true;
  target = Value::vector(defined && is_number(target) ? target.as_matrix() : num::Matrix(1, 0));
  return true;
}

// Grows the written matrix so that every position fits: a vector, a row or an empty matrix
// along its row, a column down; a matrix of several rows and columns cannot grow linearly.
void grow_to_positions(num::Matrix& m, const std::vector<Index>& positions, bool vector_kind) {
  Index needed = 0;
  for (Index p : positions) needed = std::max(needed, p + 1);
  if (needed <= m.size()) return;
  if (vector_kind || m.rows() == 1 || m.empty()) {
    m = grown(m, 1, needed);
  } else if (m.columns() == 1) {
    m = grown(m, needed, 1);
  } else {
    throw Error(fmt::format(messages::assignment_linear_index_out_of_bounds, needed, m.rows(),
                            m.columns(), m.size()));
  }
}

AssignEcho assign_linear(Value& target, bool defined, const Value& subscript, const Value& rhs) {
  if (!is_number(rhs) && !rhs.is_array()) {
    throw Error(fmt::format(messages::assignment_needs_vector, rhs.kind_name()));
  }
  if (subscript.is(Kind::Scalar) && std::trunc(subscript.scalar_value()) < 1.0) {
    throw Error(std::string(messages::assignment_index_below_one));
  }
  const Subscript s = resolve_subscript(subscript);
  // A one-element array written to one position is its element (MATLAB: `ids(k) = find(...)`
  // into `zeros(1, n)`), where rlab rejects it. Where rlab's legacy row write accepts it (a
  // one-column matrix, an existing row) the row write stays, echo included.
  const bool row_write_fits = defined && target.is(Kind::Matrix) && rhs.is(Kind::Vector) &&
                              target.matrix_value().columns() == 1 &&
                              s.positions[0] < target.matrix_value().rows();
  if (s.scalar && rhs.is_array() && rhs.matrix_value().size() == 1 && !row_write_fits) {
    const num::Matrix& one = rhs.matrix_value();
    return assign_linear(target, defined, subscript,
                         one.is_real() ? Value::scalar(one[0]) : Value::complex(one.complex_at(0)));
  }
  if (defined && target.is(Kind::Matrix) && s.scalar && rhs.is(Kind::Vector)) {
    return write_row(target, s.positions[0], rhs);
  }
  const bool logical = keeps_logical(target, rhs);
  const bool vector_kind = make_linear_container(target, defined);
  const Source source = source_of(rhs);
  num::Matrix& m = target.mutable_matrix();
  const Index length = m.size();
  const std::vector<Index> positions =
      s.all ? range_positions(length == 0 ? source.count : length) : s.positions;
  if (!source.scalar && source.count != static_cast<Index>(positions.size())) {
    throw Error(fmt::format(messages::assignment_count_mismatch, source.count, positions.size()));
  }
  grow_to_positions(m, positions, vector_kind);
  const Index rows = m.rows(), columns = m.columns();
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const Index flat = vector_kind ? positions[k] : flat_of(positions[k], rows, columns);
    write(m, flat, source, static_cast<Index>(k));
  }
  target.set_logical(logical);
  AssignEcho echo;
  if (s.scalar && source.scalar) {
    echo.form = AssignEcho::Form::Element;
    echo.subscripts = {s.positions[0] + 1, 0};
    echo.subscript_count = 1;
    echo.value = source.at(0);
  } else {
    echo.form = AssignEcho::Form::Positions;
    echo.count = static_cast<Index>(positions.size());
  }
  return echo;
}

// The extent a `:` takes in a dimension of extent 0 (§13.9).
Index colon_extent(const Value& rhs, bool is_row_dimension, bool other_is_single, bool other_all) {
  if (is_number(rhs)) return 1;
  if (rhs.is(Kind::Vector)) {
    const Index length = rhs.matrix_value().size();
    if (other_all) return is_row_dimension ? 1 : length;
    return other_is_single ? length : 1;
  }
  return is_row_dimension ? rhs.matrix_value().rows() : rhs.matrix_value().columns();
}

// The matrix a region write goes into, taken out of the target: a new name's is 0×0, and a
// vector's or number's (`vector_origin`) is its row, the empty vector `[]` MATLAB's 0×0 (so a
// `:` takes its extent from the right side: `N = []; N(:, 1) = [1 2 3]` is a column).
num::Matrix region_matrix(Value& target, bool defined, std::string_view name, bool& vector_origin) {
  vector_origin = false;
  if (!defined) return num::Matrix(0, 0);
  if (target.is(Kind::Matrix)) return std::move(target.mutable_matrix());
  if (!target.is(Kind::Vector) && !is_number(target)) {
    throw Error(fmt::format(messages::assignment_target_not_matrix, name));
  }
  vector_origin = true;
  num::Matrix m = target.as_matrix();
  if (m.size() == 0) m = num::Matrix(0, 0);
  target = Value();
  return m;
}

// The row and column positions of a region write, a `:` spanning its extent (or, in a
// dimension of extent 0, the right side's, §13.9); the matrix is grown to hold them.
std::pair<Subscript, Subscript> region_positions(num::Matrix& m, std::span<const Value> subscripts,
                                                 const Value& rhs) {
  Subscript rs = resolve_subscript(subscripts[0]);
  Subscript cs = resolve_subscript(subscripts[1]);
  const bool row_single = !rs.all && rs.positions.size() == 1;
  const bool column_single = !cs.all && cs.positions.size() == 1;
  if (rs.all) {
    const Index extent = m.rows() > 0 ? m.rows() : colon_extent(rhs, true, column_single, cs.all);
    rs.positions = range_positions(extent);
  }
  if (cs.all) {
    const Index extent =
        m.columns() > 0 ? m.columns() : colon_extent(rhs, false, row_single, false);
    cs.positions = range_positions(extent);
  }
  Index rows = m.rows(), columns = m.columns();
  for (Index r : rs.positions) rows = std::max(rows, r + 1);
  for (Index c : cs.positions) columns = std::max(columns, c + 1);
  if (rows != m.rows() || columns != m.columns()) m = grown(m, rows, columns);
  return {std::move(rs), std::move(cs)};
}

// Throws unless the right side's values fill the region: its exact shape, or a vector of as
// many elements.
void check_region_fits(const Value& rhs, Index region_rows, Index region_columns) {
  const num::Matrix& values = rhs.matrix_value();
  const bool one_dimensional = rhs.is(Kind::Vector) || values.rows() == 1 || values.columns() == 1;
  const bool exact_shape =
      rhs.is(Kind::Matrix) && values.rows() == region_rows && values.columns() == region_columns;
  const Index region_count = region_rows * region_columns;
  if (exact_shape || (one_dimensional && values.size() == region_count)) return;
  if (rhs.is(Kind::Vector)) {
    throw Error(fmt::format(messages::assignment_vector_region_mismatch, values.size(), region_rows,
                            region_columns, region_count));
  }
  throw Error(fmt::format(messages::assignment_shape_mismatch, values.rows(), values.columns(),
                          region_rows, region_columns));
}

AssignEcho assign_region(Value& target, bool defined, std::string_view name,
                         std::span<const Value> subscripts, const Value& rhs) {
  if (!is_number(rhs) && !rhs.is_array()) {
    throw Error(fmt::format(messages::assignment_needs_matrix, rhs.kind_name()));
  }
  const bool logical = defined && keeps_logical(target, rhs);
  bool vector_origin = false;
  num::Matrix m = region_matrix(target, defined, name, vector_origin);
  const auto [rs, cs] = region_positions(m, subscripts, rhs);
  const Index columns = m.columns();
  const Index region_rows = static_cast<Index>(rs.positions.size());
  const Index region_columns = static_cast<Index>(cs.positions.size());
  const Source source = source_of(rhs);
  if (!source.scalar) check_region_fits(rhs, region_rows, region_columns);
  // Row-major order over the region; an exact-shape matrix maps element (r, c) to (r, c),
  // which is the same order. A number is written everywhere.
  Index k = 0;
  for (Index r : rs.positions) {
    for (Index c : cs.positions) write(m, r * columns + c, source, source.scalar ? 0 : k++);
  }
  AssignEcho echo;
  if (rs.scalar && cs.scalar && source.scalar) {
    echo.form = AssignEcho::Form::Element;
    echo.subscripts = {rs.positions[0] + 1, cs.positions[0] + 1};
    echo.subscript_count = 2;
    echo.value = source.at(0);
  } else {
    echo.form = AssignEcho::Form::Region;
    echo.rows = region_rows;
    echo.columns = region_columns;
  }
  target = vector_origin && m.rows() == 1 ? Value::vector(std::move(m), logical)
                                          : Value::matrix(std::move(m), logical);
  return echo;
}

std::vector<Index> sorted_unique(std::vector<Index> positions) {
  std::sort(positions.begin(), positions.end());
  positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  return positions;
}

// Removes the listed positions (0-based, sorted, unique) from 0..extent-1; returns the kept.
std::vector<Index> kept_positions(const std::vector<Index>& removed, Index extent) {
  std::vector<Index> kept;
  std::size_t next = 0;
  for (Index k = 0; k < extent; ++k) {
    if (next < removed.size() && removed[next] == k) {
      ++next;
      continue;
    }
    kept.push_back(k);
  }
  return kept;
}

num::Matrix select(const num::Matrix& m, const std::vector<Index>& rows,
                   const std::vector<Index>& columns) {
  num::Matrix result(
      static_cast<Index>(rows.size()), static_cast<Index>(columns.size()),
      m.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  Index k = 0;
  for (Index r : rows) {
    for (Index c : columns) {
      if (m.is_complex()) {
        result.set(k++, m.complex_at(r, c));
      } else {
        result.set(k++, m(r, c));
      }
    }
  }
  return result;
}

void check_bounds(const std::vector<Index>& positions, Index extent) {
  for (Index p : positions) {
    if (p >= extent) throw Error(fmt::format(messages::index_out_of_bounds_size, p + 1, extent));
  }
}

}  // namespace

namespace {

// index_assign for double values (and every other kind).
AssignEcho assign_values(Value& target, bool defined, std::string_view name,
                         std::span<const Value> subscripts, const Value& rhs);

// An assignment where the array or the right side is single or of an integer class. MATLAB
// converts the right side to the array's class, so an integer array stays one (a new variable
// takes the right side's class); a double array takes an integer's value as a double.
AssignEcho classed_assign(Value& target, bool defined, std::string_view name,
                          std::span<const Value> subscripts, const Value& rhs) {
  const bool numeric_target = defined && (target.is_numeric() || target.is_nd_array());
  if (defined && !numeric_target) return assign_values(target, defined, name, subscripts, rhs);
  const NumClass cls = numeric_target ? target.num_class() : rhs.num_class();
  const bool numeric_rhs = rhs.is_numeric() || rhs.is_nd_array();
  const Value value = numeric_rhs ? converted_to_class(rhs, cls) : rhs;
  if (numeric_target) target = without_class(std::move(target));
  AssignEcho echo = assign_values(target, defined, name, subscripts, value);
  if (is_special_class(cls)) target = tagged(std::move(target), cls);
  return echo;
}

// A write into a char matrix (A(2, :) = 'xy', A(1, 1) = 65): the right side's character codes
// written into the codes, the result char again (MATLAB converts what it writes to char).
AssignEcho char_assign(Value& target, std::string_view name, std::span<const Value> subscripts,
                       const Value& rhs) {
  const Value codes =
      rhs.is(Kind::String) ? Value::vector(text_codes(rhs.string_value())) : without_class(rhs);
  target = without_class(std::move(target));
  AssignEcho echo = assign_values(target, true, name, subscripts, codes);
  target = char_array(target.as_matrix(), "index assignment");
  return echo;
}

}  // namespace

AssignEcho index_assign(Value& target, bool defined, std::string_view name,
                        std::span<const Value> subscripts, const Value& rhs) {
  if (defined && is_char_matrix(target)) return char_assign(target, name, subscripts, rhs);
  // A one-row text under two or more subscripts (s(1, 2:3) = 'XY') is written as its codes.
  if (defined && target.is(Kind::String) && subscripts.size() >= 2 &&
      (rhs.is(Kind::String) || rhs.is_numeric())) {
    target = Value::matrix(text_codes(target.string_value()));
    return char_assign(target, name, subscripts, rhs);
  }
  if (rhs.has_special_class() || (defined && target.has_special_class())) {
    return classed_assign(target, defined, name, subscripts, rhs);
  }
  return assign_values(target, defined, name, subscripts, rhs);
}

namespace {

// The hot path of a write: one element of an existing array, real scalar subscripts and value,
// in bounds, written in place. nullopt when the write is not of that form.
std::optional<AssignEcho> write_one_element(Value& target, bool defined,
                                            std::span<const Value> subscripts, const Value& rhs) {
  if (!(defined && target.is_array() && rhs.is(Kind::Scalar) && subscripts.size() <= 2 &&
        subscripts[0].is(Kind::Scalar) &&
        (subscripts.size() == 1 || subscripts[1].is(Kind::Scalar)))) {
    return std::nullopt;
  }
  const num::Matrix& current = target.matrix_value();
  // A fraction gives NaN, which fails the tests below: the generic path words the error.
  const double first = integral_subscript(subscripts[0].scalar_value());
  const double second =
      subscripts.size() == 2 ? integral_subscript(subscripts[1].scalar_value()) : 1.0;
  if (!(first >= 1.0 && second >= 1.0)) return std::nullopt;
  const Index p = static_cast<Index>(first) - 1;
  const Index q = static_cast<Index>(second) - 1;
  Index flat = -1;
  if (subscripts.size() == 1 && first <= static_cast<double>(current.size())) {
    flat = target.is(Kind::Vector) ? p : flat_of(p, current.rows(), current.columns());
  } else if (subscripts.size() == 2 && target.is(Kind::Matrix) &&
             first <= static_cast<double>(current.rows()) &&
             second <= static_cast<double>(current.columns())) {
    flat = p * current.columns() + q;
  }
  if (flat < 0) return std::nullopt;
  target.mutable_matrix().set(flat, rhs.scalar_value());
  target.set_logical(false);
  AssignEcho echo;
  echo.form = AssignEcho::Form::Element;
  echo.subscripts = {static_cast<std::int64_t>(first), static_cast<std::int64_t>(second)};
  echo.subscript_count = static_cast<int>(subscripts.size());
  echo.value = num::Complex(rhs.scalar_value(), 0.0);
  return echo;
}

// The echo of a write shown as the whole new value.
AssignEcho whole_echo(const Value& target) {
  AssignEcho echo;
  echo.form = AssignEcho::Form::Whole;
  echo.text = display(target);
  return echo;
}

AssignEcho assign_values(Value& target, bool defined, std::string_view name,
                         std::span<const Value> subscripts, const Value& rhs) {
  // MATLAB's string arrays (language.md §14): written as a cell of strings is.
  if ((defined && target.is_string_class()) || (!defined && rhs.is_string_class())) {
    string_class_assign(target, defined, name, subscripts, rhs);
    return whole_echo(target);
  }
  if (std::optional<AssignEcho> echo = write_one_element(target, defined, subscripts, rhs)) {
    return *std::move(echo);
  }
  if (target.is(Kind::Tracked) || any_tracked(subscripts) ||
      (rhs.is(Kind::Tracked) && (!defined || target.is_numeric()))) {
    return tracked_index_assign(target, defined, name, subscripts, rhs);
  }
  if ((defined && target.is_nd_array()) ||
      (subscripts.size() >= 3 && (!defined || target.is_numeric()) && !is_struct_like(rhs) &&
       !rhs.is(Kind::Cell))) {
    return nd_index_assign(target, defined, subscripts, rhs);
  }
  // A keyed object (containers.Map) takes the write itself; it is shared, so every copy sees it.
  if (defined && target.is(Kind::Object) && target.object_value()->indexable()) {
    target.object_value()->assign(subscripts, rhs);
    return whole_echo(target);
  }
  // A cell written into a one-row cell of texts ({} and {'a', 'b'} are held as string arrays)
  // makes it the cell it stands for, so that c = {}; c(3) = {5} grows it as MATLAB's does.
  if (defined && rhs.is(Kind::Cell) && target.is(Kind::StringArray) && !target.is_string_class() &&
      target.string_array_rows() <= 1) {
    target = Value::cell(cell_of_texts(target.string_array_value()));
  }
  // A cell written into a cell (or a new name): MATLAB's c(k) = {v} (§13.12).
  if ((defined && target.is(Kind::Cell)) || (!defined && rhs.is(Kind::Cell))) {
    cell_paren_assign(target, defined, name, subscripts, rhs);
    return whole_echo(target);
  }
  // Text written into text; a number written into a string keeps rlab's meaning below (the
  // string is replaced by a new vector, §6.4).
  if (defined && target.is_text() && rhs.is_text()) return text_assign(target, subscripts, rhs);
  // A struct written to an element makes or grows a struct array (MATLAB's people(2) = s).
  if (is_struct_like(rhs) || (defined && target.is(Kind::StructArray))) {
    return struct_array_assign(target, defined, name, subscripts, rhs);
  }
  switch (subscripts.size()) {
    case 1:
      return assign_linear(target, defined, subscripts[0], rhs);
    case 2:
      return assign_region(target, defined, name, subscripts, rhs);
    case 3:
      throw Error(fmt::format(messages::index_3d_needs_tensor3, target.kind_name()));
    default:
      throw Error(std::string(messages::assignment_subscript_count));
  }
}

void delete_values(Value& target, bool defined, std::string_view name,
                   std::span<const Value> subscripts);

}  // namespace

// Deleting elements keeps an array's class (a char matrix left with one row is its String).
void index_delete(Value& target, bool defined, std::string_view name,
                  std::span<const Value> subscripts) {
  if (defined && target.is_string_class()) return string_class_delete(target, subscripts);
  if (defined && (target.has_special_class() || is_char_matrix(target))) {
    const NumClass cls = target.num_class();
    target = without_class(std::move(target));
    delete_values(target, defined, name, subscripts);
    target = tagged(std::move(target), cls);
    return;
  }
  delete_values(target, defined, name, subscripts);
}

namespace {

// M(rows, :) = [] or M(:, columns) = []: the matrix without those rows or columns (both `:`,
// the 0×0 matrix).
num::Matrix without_slices(const num::Matrix& m, std::span<const Value> subscripts) {
  const Subscript rs = resolve_subscript(subscripts[0]);
  const Subscript cs = resolve_subscript(subscripts[1]);
  if (rs.all && cs.all) return num::Matrix(0, 0);
  if (cs.all) {
    const std::vector<Index> removed = sorted_unique(rs.positions);
    check_bounds(removed, m.rows());
    return select(m, kept_positions(removed, m.rows()), range_positions(m.columns()));
  }
  if (rs.all) {
    const std::vector<Index> removed = sorted_unique(cs.positions);
    check_bounds(removed, m.columns());
    return select(m, range_positions(m.rows()), kept_positions(removed, m.columns()));
  }
  throw Error(std::string(messages::matrix_deletion_needs_colon));
}

void delete_values(Value& target, bool defined, std::string_view name,
                   std::span<const Value> subscripts) {
  if (!defined)
    throw Error(fmt::format(messages::spoken_by, "[]-deletion",
                            fmt::format(messages::undefined_variable, name)));
  if (target.is(Kind::Tracked)) return tracked_index_delete(target, name, subscripts);
  if (target.is(Kind::Cell)) {
    cell_delete(target, subscripts);
    return;
  }
  if (target.is_text()) {
    text_delete(target, subscripts);
    return;
  }
  if (is_struct_like(target)) {
    struct_array_delete(target, subscripts);
    return;
  }
  if (target.is(Kind::Object) && target.object_value()->indexable()) {
    target.object_value()->assign(subscripts, Value::vector(num::Matrix(1, 0)));  // stores []
    return;
  }
  if (is_nd_index(target, subscripts.size())) return nd_index_delete(target, subscripts);
  const bool logical = target.is_logical() && target.is_array();
  if ((target.is(Kind::Vector) || is_number(target)) && subscripts.size() == 1) {
    const num::Matrix data = target.as_matrix();
    const Subscript s = resolve_subscript(subscripts[0]);
    const std::vector<Index> removed =
        s.all ? range_positions(data.size()) : sorted_unique(s.positions);
    check_bounds(removed, data.size());
    target = Value::vector(select(data, {0}, kept_positions(removed, data.size())), logical);
    return;
  }
  if (target.is(Kind::Matrix) || (target.is(Kind::Vector) && subscripts.size() == 2)) {
    if (subscripts.size() == 1) {
      throw Error(std::string(messages::matrix_deletion_single_index));
    }
    if (subscripts.size() != 2) {
      throw Error(std::string(messages::assignment_subscript_count));
    }
    num::Matrix result = without_slices(target.as_matrix(), subscripts);
    target = target.is(Kind::Vector) && result.rows() == 1
                 ? Value::vector(std::move(result), logical)
                 : Value::matrix(std::move(result), logical);
    return;
  }
  throw Error(
      fmt::format(messages::deletion_target_kind, name, target.kind_name(), subscripts.size()));
}

}  // namespace

}  // namespace llmlab::runtime
