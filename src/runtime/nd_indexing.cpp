// N-D reads, writes, deletion and `end` (see nd_indexing.hpp). Subscripts are resolved to
// 0-based positions here, checked against the extents the array shows to that many
// subscripts (num::subscript_extents), and handed to num's region rules.
#include "runtime/nd_indexing.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>

#include "base/error.hpp"
#include "base/messages/indexing.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"

namespace llmlab::runtime {

namespace {

using num::Dims;
using num::Index;
using num::NdArray;
using num::Picks;

std::string dims_text(const Dims& dims) {
  std::string text;
  for (std::size_t k = 0; k < dims.size(); ++k) {
    if (k > 0) text += "×";
    text += std::to_string(dims[k]);
  }
  return text;
}

std::vector<Index> every_position(Index extent) {
  std::vector<Index> positions(static_cast<std::size_t>(extent));
  for (Index p = 0; p < extent; ++p) positions[static_cast<std::size_t>(p)] = p;
  return positions;
}

void check_in_bounds(const std::vector<Index>& positions, Index extent) {
  for (Index p : positions) {
    if (p >= extent) throw Error(fmt::format(messages::index_out_of_bounds_size, p + 1, extent));
  }
}

// The extents that are not 1, in order: what must agree between a region and the values
// written into it (MATLAB lets singleton dims differ: A(1, :, :) = ones(3, 4)).
Dims non_singleton(const Dims& dims) {
  Dims result;
  for (Index extent : dims) {
    if (extent != 1) result.push_back(extent);
  }
  return result;
}

// Takes the array out of `target` so that the write updates storage with one owner in place.
NdArray take_array(Value& target) {
  if (target.is_nd_array()) return std::move(target.mutable_nd());
  if (target.is_array()) return NdArray::from_matrix(std::move(target.mutable_matrix()));
  return as_nd_array(target);
}

// A 1-subscript read: the elements at those linear positions, as a 2-D linear index gives
// them (a vector; one element demoted).
Value read_linear(const NdArray& array, const Subscript& s, bool logical) {
  std::vector<Index> positions = s.all ? every_position(array.size()) : s.positions;
  for (Index p : positions) {
    if (p >= array.size()) {
      throw Error(fmt::format(messages::linear_index_out_of_bounds_dims, p + 1,
                              dims_text(array.dims()), array.size()));
    }
  }
  const bool one = s.scalar;
  const NdArray picked = num::read_region(array, Picks{std::move(positions)});
  const num::Matrix column = picked.to_matrix();
  if (one) return demote_element(column.complex_at(0));
  return Value::vector(column, logical);
}

}  // namespace

Value region_value(num::Matrix result, bool logical) {
  if (result.rows() == 1 && result.columns() == 1) return demote_element(result.complex_at(0));
  if (result.rows() == 1 || result.columns() == 1) return Value::vector(std::move(result), logical);
  return Value::matrix(std::move(result), logical);
}

double nd_end_value(const Dims& dims, int position, int count) {
  const Dims shown = num::subscript_extents(dims, static_cast<std::size_t>(count));
  return static_cast<double>(shown[static_cast<std::size_t>(position)]);
}

Value nd_index_read(const Value& container, std::span<const Value> subscripts) {
  const NdArray array = as_nd_array(container);
  const bool logical = container.is_logical() && !container.is(Kind::Bool);
  if (subscripts.size() == 1) return read_linear(array, resolve_subscript(subscripts[0]), logical);
  const Dims shown = num::subscript_extents(array.dims(), subscripts.size());
  Picks picks(subscripts.size());
  for (std::size_t k = 0; k < subscripts.size(); ++k) {
    const Subscript s = resolve_subscript(subscripts[k]);
    picks[k] = s.all ? every_position(shown[k]) : s.positions;
    check_in_bounds(picks[k], shown[k]);
  }
  NdArray result = num::read_region(array, picks);
  if (result.ndims() >= 3) return Value::nd_array(std::move(result), logical);
  num::Matrix region = result.to_matrix();
  return region_value(std::move(region), logical);
}

AssignEcho nd_index_assign(Value& target, bool defined, std::span<const Value> subscripts,
                           const Value& rhs) {
  if (!is_numeric_or_nd(rhs)) {
    throw Error(fmt::format(messages::assignment_needs_numeric, rhs.kind_name()));
  }
  const Dims current = defined ? dims_of(target) : Dims{0, 0};
  const Index current_count = num::element_count(current);
  const Dims value_dims = dims_of(rhs);
  const std::size_t n = subscripts.size();
  const Dims shown = num::subscript_extents(current, n);
  Dims needed = shown;
  Picks picks(n);
  for (std::size_t k = 0; k < n; ++k) {
    const Subscript s = resolve_subscript(subscripts[k]);
    if (s.all) {
      // A colon over an empty array takes the right side's extent (B = []; B(:, :, 2) = M).
      const Index extent = current_count == 0 && k < value_dims.size() ? value_dims[k] : shown[k];
      picks[k] = every_position(extent);
      needed[k] = std::max(needed[k], extent);
      continue;
    }
    picks[k] = s.positions;
    for (Index p : s.positions) needed[k] = std::max(needed[k], p + 1);
  }
  const bool grows = needed != shown;
  if (grows && n < current.size() && current_count > 0) {
    throw Error(fmt::format(messages::assignment_cannot_grow, dims_text(current), n));
  }
  Dims region;
  for (const std::vector<Index>& positions : picks) {
    region.push_back(static_cast<Index>(positions.size()));
  }
  const Index value_count = num::element_count(value_dims);
  if (value_count != 1 && non_singleton(region) != non_singleton(value_dims)) {
    throw Error(fmt::format(messages::assignment_region_mismatch, dims_text(value_dims),
                            dims_text(region)));
  }
  if (grows) num::element_count(needed);  // a too-large growth fails before the target changes
  const bool was_vector = defined && target.is(Kind::Vector);
  const bool logical = rhs.is_logical() && (!defined || current_count == 0 || target.is_logical());
  NdArray array = defined ? take_array(target) : NdArray();
  if (grows) array = num::resized(array, needed);
  num::write_region(array, picks, as_nd_array(rhs));
  if (array.ndims() == 2 && was_vector && array.dims()[0] == 1) {
    target = Value::vector(array.to_matrix(), logical);
  } else {
    target = nd_result(std::move(array), logical);
  }
  AssignEcho echo;
  echo.form = AssignEcho::Form::Variable;
  return echo;
}

void nd_index_delete(Value& target, std::span<const Value> subscripts) {
  const bool logical = target.is_logical() && !target.is(Kind::Bool);
  const NdArray array = as_nd_array(target);
  if (subscripts.size() == 1) {
    const Subscript s = resolve_subscript(subscripts[0]);
    std::vector<Index> removed = s.all ? every_position(array.size()) : s.positions;
    std::sort(removed.begin(), removed.end());
    check_in_bounds(removed, array.size());
    std::vector<Index> kept;
    for (Index p = 0; p < array.size(); ++p) {
      if (!std::binary_search(removed.begin(), removed.end(), p)) kept.push_back(p);
    }
    if (s.all) {
      target = Value::matrix(num::Matrix(0, 0), logical);
      return;
    }
    target = Value::vector(num::read_region(array, Picks{std::move(kept)}).to_matrix(), logical);
    return;
  }
  const Dims shown = num::subscript_extents(array.dims(), subscripts.size());
  Picks picks(subscripts.size());
  int deleting = -1;
  for (std::size_t k = 0; k < subscripts.size(); ++k) {
    const Subscript s = resolve_subscript(subscripts[k]);
    if (s.all) {
      picks[k] = every_position(shown[k]);
      continue;
    }
    if (deleting >= 0) {
      throw Error(std::string(messages::deletion_needs_colons));
    }
    deleting = static_cast<int>(k);
    std::vector<Index> removed = s.positions;
    std::sort(removed.begin(), removed.end());
    check_in_bounds(removed, shown[k]);
    for (Index p = 0; p < shown[k]; ++p) {
      if (!std::binary_search(removed.begin(), removed.end(), p)) picks[k].push_back(p);
    }
  }
  // All colons delete everything along the first dim (MATLAB: A(:, :, :) = [] is 0×3×4).
  if (deleting < 0) picks[0].clear();
  target = nd_result(num::read_region(array, picks), logical);
}

}  // namespace llmlab::runtime
