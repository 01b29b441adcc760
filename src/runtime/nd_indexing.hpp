// Indexing with any number of subscripts (issue #27): reads, writes with growth, deletion and
// `end` for N-D arrays, and for any numeric value given three or more subscripts (MATLAB's
// trailing-singleton rules: a 2×3 matrix is 2×3×1×…). One and two subscripts on a 2-D value
// keep the rules of indexing.cpp. The element placement is num/nd_array.hpp's.
#pragma once

#include <span>

#include "runtime/indexing.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// True when container(subscripts) is an N-D index: the container is an NdArray, or a numeric
// value given three or more subscripts.
inline bool is_nd_index(const Value& container, std::size_t subscript_count) {
  return container.is_nd_array() || (subscript_count >= 3 && container.is_numeric());
}

// container(subscripts), subscripts.size() >= 1.
Value nd_index_read(const Value& container, std::span<const Value> subscripts);

// target(subscripts) = rhs, with growth; `defined` says whether the variable exists.
AssignEcho nd_index_assign(Value& target, bool defined, std::span<const Value> subscripts,
                           const Value& rhs);

// target(subscripts) = [].
void nd_index_delete(Value& target, std::span<const Value> subscripts);

// `end` in subscript `position` (0-based) of `count` subscripts of an array of `dims`.
double nd_end_value(const num::Dims& dims, int position, int count);

// An index result of two dims in the kind a 2-D index gives (§6.2): one element → that
// element (demoted), one row or one column → a vector, otherwise a matrix.
Value region_value(num::Matrix result, bool logical);

}  // namespace llmlab::runtime
