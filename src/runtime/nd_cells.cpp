// N-D cells through the numeric N-D rules (see nd_cells.hpp).
#include "runtime/nd_cells.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <optional>

#include "base/error.hpp"
#include "base/messages/indexing.hpp"
#include "num/nd_shape.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/nd_indexing.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::runtime {

namespace {

using num::Dims;
using num::Index;

// The numeric array of extents `dims` whose element at linear position k is value_of(k).
template <class ValueOf>
Value numbered(const Dims& dims, ValueOf value_of) {
  num::NdArray array(num::canonical_dims(dims));
  std::span<double> storage = array.mutable_pages().mutable_real_values();
  const Index count = array.size();
  for (Index k = 0; k < count; ++k) {
    storage[static_cast<std::size_t>(num::offset_of(array.dims(), k))] = value_of(k);
  }
  return nd_result(std::move(array));
}

}  // namespace

Value cell_positions(const CellArray& cells, double offset) {
  return numbered(cells.dims(), [offset](Index k) { return offset + static_cast<double>(k) + 1; });
}

CellArray cell_from_positions(const Value& positions, std::span<const Value> items,
                              std::span<const Value> written) {
  const std::vector<double> linear = linear_elements(positions);
  std::vector<Value> values;
  values.reserve(linear.size());
  for (const double p : linear) {
    if (p > 0) {
      values.push_back(items[static_cast<std::size_t>(p) - 1]);
    } else if (p < 0) {
      values.push_back(written[static_cast<std::size_t>(-p) - 1]);
    } else {
      values.push_back(Value::matrix(num::Matrix(0, 0)));
    }
  }
  return CellArray::shaped(dims_of(positions), std::move(values));
}

namespace {

// The positions cells(subscripts) selects, as an array of the shape of the selection: N
// subscripts give |I1|×…×|IN|; one gives the subscript's shape, a column for `:` (MATLAB's rule
// for an array that is not a vector).
Value picked_positions(const CellArray& cells, std::span<const Value> subscripts) {
  const num::NdArray array = as_nd_array(cell_positions(cells));
  if (subscripts.size() == 1) {
    const Value picked = nd_index_read(nd_result(array), subscripts);
    const Index count = picked.element_count();
    const Value& subscript = subscripts[0];
    Dims shape{count, 1};
    if (is_numeric_or_nd(subscript) && !subscript.is_logical() &&
        subscript.element_count() == count) {
      shape = dims_of(subscript);
    }
    return nd_result(num::reshaped(as_nd_array(picked), shape));
  }
  const Dims shown = num::subscript_extents(array.dims(), subscripts.size());
  num::Picks picks(subscripts.size());
  for (std::size_t k = 0; k < subscripts.size(); ++k) {
    Subscript s = resolve_subscript(subscripts[k]);
    if (s.all) {
      for (Index p = 0; p < shown[k]; ++p) s.positions.push_back(p);
    }
    for (const Index p : s.positions) {
      if (p >= shown[k]) {
        throw Error(fmt::format(messages::cell_dim_index_out_of_bounds, p + 1, k + 1,
                                fmt::join(cells.dims(), "×"), shown[k]));
      }
    }
    picks[k] = std::move(s.positions);
  }
  return nd_result(num::read_region(array, picks));
}

}  // namespace

Value nd_cell_paren_read(const CellArray& cells, std::span<const Value> subscripts) {
  return Value::cell(cell_from_positions(picked_positions(cells, subscripts), cells.items));
}

Value nd_cell_brace_read(const CellArray& cells, std::span<const Value> subscripts) {
  const std::vector<double> linear = linear_elements(picked_positions(cells, subscripts));
  if (linear.size() != 1) {
    throw Error(fmt::format(messages::brace_selects_several, linear.size()));
  }
  return cells.items[static_cast<std::size_t>(linear[0]) - 1];
}

void nd_cell_assign(CellArray& cells, std::span<const Value> subscripts, const CellArray& values) {
  Value positions = cell_positions(cells);
  const Value markers =
      values.items.size() == 1
          ? Value::scalar(-1)
          : numbered(values.dims(), [](Index k) { return -static_cast<double>(k) - 1; });
  nd_index_assign(positions, true, subscripts, markers);
  cells = cell_from_positions(positions, cells.items, values.items);
}

void nd_cell_delete(CellArray& cells, std::span<const Value> subscripts) {
  Value positions = cell_positions(cells);
  nd_index_delete(positions, subscripts);
  cells = cell_from_positions(positions, cells.items);
}

std::optional<Index> nd_cell_position(const CellArray& cells, std::span<const Value> subscripts) {
  const Dims shown = num::subscript_extents(cells.dims(), subscripts.size());
  Index linear = 0, stride = 1;
  for (std::size_t k = 0; k < subscripts.size(); ++k) {
    const Subscript s = resolve_subscript(subscripts[k]);
    if (s.all || s.positions.size() != 1) {
      throw Error(std::string(messages::brace_target_selects_several));
    }
    if (s.positions[0] >= shown[k]) return std::nullopt;
    linear += s.positions[0] * stride;
    stride *= shown[k];
  }
  return linear;
}

Value concatenate_cells_along(int dim, std::span<const Value> parts) {
  std::vector<Value> items;
  std::vector<num::NdArray> arrays;
  for (const Value& part : parts) {
    CellArray piece;
    if (part.is(Kind::Cell)) {
      piece = part.cell_value();
    } else if (part.is(Kind::StringArray)) {
      piece = cell_of_texts(part.string_array_value());
    } else {
      piece = CellArray::row({part});
    }
    arrays.push_back(as_nd_array(cell_positions(piece, static_cast<double>(items.size()))));
    items.insert(items.end(), piece.items.begin(), piece.items.end());
  }
  const int mismatch = num::concatenation_mismatch(dim, arrays);
  if (mismatch >= 0) {
    throw Error(fmt::format(messages::cell_concatenation_misfit, dim + 1,
                            fmt::join(arrays[static_cast<std::size_t>(mismatch)].dims(), "×"),
                            fmt::join(arrays[0].dims(), "×")));
  }
  const Value joined = nd_result(num::concatenated(dim, arrays));
  return Value::cell(cell_from_positions(joined, items));
}

}  // namespace llmlab::runtime
