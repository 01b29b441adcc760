// Index reads, indexed assignment (with MATLAB growth) and deletion (language.md §6, §13.7,
// §13.9). Matrices are stored row-major; MATLAB's linear index is column-major, so a linear
// position p of an R×C matrix is element (p mod R, p div R).
#include "base/messages/indexing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "base/utf8.hpp"
#include "num/format.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/class_values.hpp"
#include "runtime/indexing.hpp"
#include "runtime/nd_indexing.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"
#include "runtime/string_class.hpp"
#include "runtime/struct_array.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime {

namespace {

using num::Index;

[[noreturn]] void invalid_position(double value) {
  throw Error(fmt::format(messages::index_not_one_based, num::format_shortest(value)));
}

// §6.1: a whole number (within a few ulps) of at least 1; MATLAB's error for a fraction, which
// rustlab truncated.
Index to_position(double value) {
  const double truncated = integral_subscript(value);
  if (std::isnan(truncated) && std::isfinite(value)) {
    throw Error(fmt::format(messages::index_not_positive_integer, num::format_shortest(value)));
  }
  if (!(truncated >= 1.0)) invalid_position(value);
  // Past 2^53 positions cannot exist; let the bounds checks report them.
  if (truncated > 9.0e15) return static_cast<Index>(9.0e15);
  return static_cast<Index>(truncated) - 1;
}

// Linear position p (column-major) of an R×C matrix → row-major flat index.
inline Index flat_of(Index position, Index rows, Index columns) {
  return (position % rows) * columns + position / rows;
}

void collect_mask(const num::Matrix& mask, std::vector<Index>& out) {
  for (Index c = 0; c < mask.columns(); ++c) {
    for (Index r = 0; r < mask.rows(); ++r) {
      const Index flat = r * mask.columns() + c;
      if (mask.is_complex() ? mask.complex_at(flat) != num::Complex(0.0, 0.0) : mask[flat] != 0.0) {
        out.push_back(c * mask.rows() + r);
      }
    }
  }
}

std::vector<Index> all_positions(Index count) {
  std::vector<Index> positions(static_cast<std::size_t>(count));
  for (Index k = 0; k < count; ++k) positions[static_cast<std::size_t>(k)] = k;
  return positions;
}

const std::vector<Index>& positions_or_all(const Subscript& s, Index extent,
                                           std::vector<Index>& storage) {
  if (!s.all) return s.positions;
  storage = all_positions(extent);
  return storage;
}

// Gathers elements (given as row-major flat indices) of `source` into a rows×columns matrix.
num::Matrix gather(const num::Matrix& source, const std::vector<Index>& flats, Index rows,
                   Index columns) {
  if (source.is_complex()) {
    num::Matrix result(rows, columns, num::Matrix::Element::ComplexValued);
    for (std::size_t k = 0; k < flats.size(); ++k) {
      result.set(static_cast<Index>(k), source.complex_at(flats[k]));
    }
    result.demote_if_real();
    return result;
  }
  LLMLAB_ASSERT(flats.size() == static_cast<std::size_t>(rows * columns));
  num::Matrix result = num::Matrix::uninitialized(rows, columns);  // every element gathered below
  std::span<double> out = result.mutable_real_values();
  std::span<const double> in = source.real_values();
  for (std::size_t k = 0; k < flats.size(); ++k) out[k] = in[static_cast<std::size_t>(flats[k])];
  return result;
}

// One-subscript read of a vector-like container of `length` elements laid out 1×length.
Value read_vector(const Value& container, const num::Matrix& data, const Subscript& s) {
  const Index length = data.size();
  if (s.all) return Value::vector(data, container.is_logical());
  for (Index p : s.positions) {
    if (p >= length) throw Error(fmt::format(messages::index_out_of_bounds_length, p + 1, length));
  }
  if (s.scalar) return demote_element(data.complex_at(s.positions[0]));
  return Value::vector(gather(data, s.positions, 1, static_cast<Index>(s.positions.size())),
                       container.is_logical());
}

Value read_matrix_linear(const Value& container, const Subscript& s) {
  const num::Matrix& m = container.matrix_value();
  const Index rows = m.rows(), columns = m.columns(), count = m.size();
  std::vector<Index> storage;
  const std::vector<Index>& positions = positions_or_all(s, count, storage);
  std::vector<Index> flats;
  flats.reserve(positions.size());
  for (Index p : positions) {
    if (p >= count) {
      throw Error(fmt::format(messages::linear_index_out_of_bounds, p + 1, rows, columns, count));
    }
    flats.push_back(flat_of(p, rows, columns));
  }
  if (s.scalar) return demote_element(m.complex_at(flats[0]));
  return Value::vector(gather(m, flats, 1, static_cast<Index>(flats.size())),
                       container.is_logical());
}

Value read_matrix_region(const Value& container, const num::Matrix& m, const Subscript& rs,
                         const Subscript& cs) {
  std::vector<Index> row_storage, column_storage;
  const std::vector<Index>& rows = positions_or_all(rs, m.rows(), row_storage);
  const std::vector<Index>& columns = positions_or_all(cs, m.columns(), column_storage);
  for (Index r : rows) {
    if (r >= m.rows())
      throw Error(fmt::format(messages::index_out_of_bounds_size, r + 1, m.rows()));
  }
  for (Index c : columns) {
    if (c >= m.columns()) {
      throw Error(fmt::format(messages::index_out_of_bounds_size, c + 1, m.columns()));
    }
  }
  std::vector<Index> flats;
  flats.reserve(rows.size() * columns.size());
  for (Index r : rows) {
    for (Index c : columns) flats.push_back(r * m.columns() + c);
  }
  return region_value(
      gather(m, flats, static_cast<Index>(rows.size()), static_cast<Index>(columns.size())),
      container.is_logical());
}

// Positions count characters; ASCII text (as many characters as bytes) indexes by byte, so a
// loop over s(k) stays linear.
Value read_string(const Value& container, const Subscript& s) {
  if (s.all) return container;
  const std::string& text = container.string_value();
  const Index length = container.element_count();
  const bool ascii = length == static_cast<Index>(text.size());
  std::vector<std::string_view> characters;
  if (!ascii) characters = characters_of(text);
  std::string result;
  for (Index p : s.positions) {
    if (p >= length) {
      throw Error(fmt::format(messages::string_index_out_of_bounds, p + 1, length));
    }
    const auto at = static_cast<std::size_t>(p);
    if (ascii) {
      result.push_back(text[at]);
    } else {
      result += characters[at];
    }
  }
  return Value::string(std::move(result));
}

Value read_string_array(const std::vector<std::string>& items, const Subscript& s) {
  if (s.all) return Value::string_array(items);
  for (Index p : s.positions) {
    if (p >= static_cast<Index>(items.size())) {
      throw Error(fmt::format(messages::index_out_of_bounds_length, p + 1, items.size()));
    }
  }
  if (s.scalar) return Value::string(items[static_cast<std::size_t>(s.positions[0])]);
  std::vector<std::string> result;
  for (Index p : s.positions) result.push_back(items[static_cast<std::size_t>(p)]);
  return Value::string_array(std::move(result));
}

bool is_one(const Subscript& s) { return s.scalar && s.positions[0] == 0; }

// The positions a numeric matrix or vector subscript names, in MATLAB's linear (column-major)
// order; the true elements of a logical one.
void collect_matrix_positions(const Value& subscript, std::vector<Index>& positions) {
  const num::Matrix& m = subscript.matrix_value();
  if (subscript.is_logical()) {
    collect_mask(m, positions);
    return;
  }
  positions.reserve(static_cast<std::size_t>(m.size()));
  for (Index c = 0; c < m.columns(); ++c) {
    for (Index r = 0; r < m.rows(); ++r) positions.push_back(to_position(m(r, c)));
  }
}

// An N-D subscript lists its positions in MATLAB's linear order, as a matrix does.
void collect_nd_positions(const Value& subscript, std::vector<Index>& positions) {
  const num::NdArray& array = subscript.nd_value();
  const std::vector<Index> linear = all_positions(array.size());
  const num::NdArray values = num::read_region(array, num::Picks{linear});
  const num::Matrix column = values.to_matrix();
  for (Index k = 0; k < column.size(); ++k) {
    if (subscript.is_logical()) {
      if (column.complex_at(k) != num::Complex(0.0, 0.0)) positions.push_back(k);
    } else {
      positions.push_back(to_position(column[k]));
    }
  }
}

// A scalar indexes as the one-element vector [x] (§13.9).
Value read_scalar_container(const Value& container, std::span<const Value> subscripts) {
  const std::size_t count = subscripts.size();
  if (count == 3) throw Error(fmt::format(messages::index_3d_needs_tensor3, container.kind_name()));
  const num::Matrix one = container.as_matrix();
  if (count == 1) {
    const Subscript s = resolve_subscript(subscripts[0]);
    if (s.scalar) {
      if (s.positions[0] != 0) {
        throw Error(fmt::format(messages::index_out_of_bounds_length, s.positions[0] + 1, 1));
      }
      return container;
    }
    return read_vector(Value::vector(one), one, s);
  }
  const Subscript rs = resolve_subscript(subscripts[0]);
  const Subscript cs = resolve_subscript(subscripts[1]);
  if (is_one(rs) && is_one(cs)) return container;
  return read_matrix_region(Value::vector(one), one, rs, cs);
}

// A vector read with one subscript, or with two of which one is 1.
Value read_vector_container(const Value& container, std::span<const Value> subscripts) {
  const num::Matrix& data = container.matrix_value();
  if (subscripts.size() == 1) {
    return read_vector(container, data, resolve_subscript(subscripts[0]));
  }
  if (subscripts.size() == 3) throw Error(fmt::format(messages::index_3d_needs_tensor3, "vector"));
  const Subscript rs = resolve_subscript(subscripts[0]);
  const Subscript cs = resolve_subscript(subscripts[1]);
  if (is_one(cs)) return read_vector(container, data, rs);
  if (is_one(rs)) return read_vector(container, data, cs);
  throw Error(std::string(messages::index_2d_vector_not_vector_shaped));
}

// One item of a tuple, by a scalar subscript.
Value read_tuple_item(const Value& container, std::span<const Value> subscripts) {
  if (subscripts.size() != 1) throw Error(fmt::format(messages::index_2d_needs_matrix, "tuple"));
  const Subscript s = resolve_subscript(subscripts[0]);
  if (!s.scalar) {
    throw Error(fmt::format(messages::tuple_index_not_scalar, subscripts[0].kind_name()));
  }
  const std::vector<Value>& items = container.tuple_items();
  if (s.positions[0] >= static_cast<Index>(items.size())) {
    throw Error(
        fmt::format(messages::index_out_of_bounds_length, s.positions[0] + 1, items.size()));
  }
  return items[static_cast<std::size_t>(s.positions[0])];
}

// The reads index_read leaves to the container's kind (1 to 3 subscripts, no
// N-D or tracked operand).
Value read_by_kind(const Value& container, std::span<const Value> subscripts) {
  const std::size_t count = subscripts.size();
  switch (container.kind()) {
    case Kind::Cell:
      return cell_paren_read(container, subscripts);
    case Kind::Scalar:
    case Kind::Bool:
    case Kind::Complex:
      return read_scalar_container(container, subscripts);
    case Kind::Vector:
      return read_vector_container(container, subscripts);
    case Kind::Matrix:
      if (count == 1) return read_matrix_linear(container, resolve_subscript(subscripts[0]));
      if (count == 3) throw Error(fmt::format(messages::index_3d_needs_tensor3, "matrix"));
      return read_matrix_region(container, container.matrix_value(),
                                resolve_subscript(subscripts[0]), resolve_subscript(subscripts[1]));
    case Kind::String:
      if (count != 1) throw Error(fmt::format(messages::index_2d_needs_matrix, "string"));
      return read_string(container, resolve_subscript(subscripts[0]));
    case Kind::StringArray:
      if (count != 1) throw Error(fmt::format(messages::index_2d_needs_matrix, "string_array"));
      return read_string_array(container.string_array_value(), resolve_subscript(subscripts[0]));
    case Kind::Tuple:
      return read_tuple_item(container, subscripts);
    case Kind::Struct:
    case Kind::StructArray:
      return struct_array_read(container, subscripts);
    case Kind::Object:
      return container.object_value()->index(subscripts);
    default:
      throw Error(fmt::format(messages::cannot_index_kind, container.kind_name()));
  }
}

}  // namespace

Subscript resolve_subscript(const Value& subscript) {
  Subscript result;
  switch (subscript.kind()) {
    case Kind::AllIndex:
      result.all = true;
      break;
    case Kind::Scalar:
      result.scalar = true;
      result.positions.push_back(to_position(subscript.scalar_value()));
      break;
    case Kind::Complex:
      result.scalar = true;
      result.positions.push_back(to_position(subscript.as_scalar()));
      break;
    case Kind::Bool:
      if (subscript.bool_value()) result.positions.push_back(0);
      break;
    case Kind::Vector:
    case Kind::Matrix:
      collect_matrix_positions(subscript, result.positions);
      break;
    case Kind::NdArray:
      collect_nd_positions(subscript, result.positions);
      break;
    case Kind::String:
      // The text ':' is the colon (MATLAB), so that a cell of subscripts can hold one:
      // A(c{:}) with c = {':', 2}.
      if (subscript.string_value() == ":") {
        result.all = true;
        break;
      }
      throw Error(fmt::format(messages::index_string_invalid, subscript.string_value()));
    default:
      throw Error(fmt::format(messages::index_kind_invalid, subscript.kind_name()));
  }
  return result;
}

double end_value(const Value& container, int position, int count, bool for_write) {
  if (container.is(Kind::Tracked)) {
    return end_value(primal_of(container), position, count, for_write);
  }
  if (count >= 2 && is_nd_index(container, static_cast<std::size_t>(count))) {
    return nd_end_value(dims_of(container), position, count);
  }
  if (container.is_string_class()) return string_class_end(container, position, count);
  switch (container.kind()) {
    case Kind::NdArray:
      return static_cast<double>(container.nd_value().size());
    case Kind::Vector: {
      const double n = static_cast<double>(container.matrix_value().size());
      // A two-subscript write takes a vector as a 1×n row, and the empty vector `[]` as
      // MATLAB's 0×0, so `M = []; M(end + 1, :) = row` starts at row 1 (§13.9).
      if (for_write && count == 2 && position == 0) return n == 0.0 ? 0.0 : 1.0;
      return n;
    }
    case Kind::Matrix: {
      const num::Matrix& m = container.matrix_value();
      if (count == 1) return static_cast<double>(m.size());
      return static_cast<double>(position == 0 ? m.rows() : m.columns());
    }
    case Kind::Scalar:
    case Kind::Bool:
    case Kind::Complex:
      return 1.0;
    case Kind::String:
    case Kind::StringArray:
    case Kind::Tuple:
    case Kind::StructArray: {
      // A row of n: n to one subscript; to several, 1 row, n columns, 1 for any later dim.
      const auto n = static_cast<double>(container.element_count());
      if (count == 1 || n == 0.0) return n;
      return position == 1 ? n : 1.0;
    }
    case Kind::Struct:
      return 1.0;  // the one-element struct array
    case Kind::Cell:
      return cell_end_value(container.cell_value(), position, count);
    default:
      return 0.0;
  }
}

Value index_read(const Value& container, std::span<const Value> subscripts) {
  if (container.is_string_class()) return string_class_read(container, subscripts);
  // Elements of single, an integer class or char keep it: the double read, tagged.
  if (container.has_special_class() || is_char_matrix(container)) {
    return tagged(index_read(without_class(container), subscripts), container.num_class());
  }
  const std::size_t count = subscripts.size();
  // The hot path: v(i) and M(i) with a real scalar subscript.
  if (count == 1 && subscripts[0].is(Kind::Scalar) && container.is_array()) {
    const num::Matrix& m = container.matrix_value();
    const Index p = to_position(subscripts[0].scalar_value());
    if (p < m.size()) {
      const Index flat = container.is(Kind::Vector) ? p : flat_of(p, m.rows(), m.columns());
      if (m.is_real()) return Value::scalar(m[flat]);
      return demote_element(m.complex_at(flat));
    }
  }
  if (count == 2 && container.is(Kind::Matrix) && subscripts[0].is(Kind::Scalar) &&
      subscripts[1].is(Kind::Scalar)) {
    const num::Matrix& m = container.matrix_value();
    const Index r = to_position(subscripts[0].scalar_value());
    const Index c = to_position(subscripts[1].scalar_value());
    if (r < m.rows() && c < m.columns()) {
      if (m.is_real()) return Value::scalar(m(r, c));
      return demote_element(m.complex_at(r, c));
    }
  }
  // A() is A, as in MATLAB (also A(c{:}) with c empty).
  if (count == 0) return container;
  if (is_nd_index(container, count)) return nd_index_read(container, subscripts);
  if (count > 3) {
    throw Error(fmt::format(messages::index_argument_count, count));
  }
  if (container.is(Kind::Tracked) || any_tracked(subscripts)) {
    return tracked_index_read(container, subscripts);
  }
  return read_by_kind(container, subscripts);
}

}  // namespace llmlab::runtime
