// Cumulative operations, sorting and searching over num::Matrix (builtins.md §6): cumsum,
// cumprod, cummax/cummin, diff, maxk/mink, sort with indices, find and unique. argmax/argmin are
// extremum(...).indices (num/reduce.hpp). As there, the caller picks the Along; these only compute.
#pragma once

#include <optional>

#include "num/matrix.hpp"
#include "num/reduce.hpp"

namespace llmlab::num {

// Running sums (from 0) or products (from 1) along each slice; the result has x's shape.
// Along::All runs over the storage order (for 1-D shapes).
Matrix cumulative_sum(const Matrix& x, Along along);
Matrix cumulative_product(const Matrix& x, Along along);

// The running maximum (or minimum) along each slice, skipping NaN (MATLAB's default
// 'omitnan'): positions before the first number stay NaN. Real x; the values have x's shape,
// and so do the indices: the 1-based position in the slice of the extremum so far (its first
// occurrence; 1 before the first number), as Octave gives them.
ExtremumResult cumulative_extremum(const Matrix& x, Along along, Extremum which);

// The n-th differences along each slice: a slice of length L gives max(L − n, 0) values. Real x.
// Columns: (R − n)×C; Rows: R×(C − n); All (for 1-D shapes) keeps x's orientation.
Matrix difference(const Matrix& x, Along along, Index order);

// The k largest (Max) or smallest (Min) elements of each slice in order, and their 1-based
// positions in the slice; fewer when a slice is shorter. Ties keep the earlier element first;
// NaN goes after every number. Real x. Columns: k×C; Rows: R×k; All: 1×k.
ExtremumResult extreme_k(const Matrix& x, Along along, Index k, Extremum which);

enum class Direction { Ascend, Descend };

// Sorted values and 1-based source positions inside each slice, both with x's shape.
struct SortResult {
  Matrix values;
  Matrix indices;
};
// How complex elements order: by their real part (rlab's sort), or by magnitude and then phase
// angle in (-π, π] (MATLAB's).
enum class ComplexOrder { RealPart, Magnitude };

// Key: the real part (imaginary parts travel with their element), or for ComplexOrder::Magnitude
// of a complex x the magnitude, then the angle. Stable in both directions; NaN keys go last
// when ascending and first when descending.
SortResult sort(const Matrix& x, Along along, Direction direction,
                ComplexOrder complex_order = ComplexOrder::RealPart);

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
