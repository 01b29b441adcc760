// Cumulative operations, sorting and searching over num::Matrix (builtins.md §6): cumsum,
// cumprod, sort with indices, find and unique. argmax/argmin are extremum(...).indices
// (num/reduce.hpp). As there, the caller picks the Along; these only compute.
#pragma once

#include <optional>

#include "num/matrix.hpp"
#include "num/reduce.hpp"

namespace llmlab::num {

// Running sums (from 0) or products (from 1) along each slice; the result has x's shape.
// Along::All runs over the storage order (for 1-D shapes).
Matrix cumulative_sum(const Matrix& x, Along along);
Matrix cumulative_product(const Matrix& x, Along along);

enum class Direction { Ascend, Descend };

// Sorted values and 1-based source positions inside each slice, both with x's shape.
struct SortResult {
  Matrix values;
  Matrix indices;
};
// Key: the real part (imaginary parts travel with their element). Stable in both directions;
// NaN keys go last when ascending and first when descending.
SortResult sort(const Matrix& x, Along along, Direction direction);

// The non-zero elements (either part non-zero; NaN counts), in column-major order, at most
// `limit` of them: 1-based column-major linear indices, row and column numbers, and values,
// each a 1×n matrix.
struct FindResult {
  Matrix linear_indices;
  Matrix rows;
  Matrix columns;
  Matrix values;
};
FindResult find(const Matrix& x, std::optional<Index> limit = std::nullopt);

// The distinct elements sorted ascending by real part, then imaginary part; `first` holds the
// 1-based column-major position of each one's first occurrence (u = x(first)) and `inverse`
// the position in u of every element of x in column-major order (x(:) = u(inverse)). All 1×n.
struct UniqueResult {
  Matrix values;
  Matrix first;
  Matrix inverse;
};
UniqueResult unique(const Matrix& x);

}  // namespace llmlab::num
