// Reductions and statistics over num::Matrix (builtins.md §5): sum, prod, mean, median, var/std,
// min/max with indices, any/all and trapz. Real and complex. Which slices to reduce is decided by
// the caller (the builtin adapter knows vector from matrix kinds, §5.0); these only compute.
#pragma once

#include "num/matrix.hpp"

namespace llmlab::num {

// Which elements one result covers.
//   All:     every element in storage order -> a 1×1 result.
//   Columns: `dim = 1`, each column top to bottom -> 1×C.
//   Rows:    `dim = 2`, each row left to right -> R×1.
enum class Along { All, Columns, Rows };

// A 1×1 real or complex result for All; real input gives a real result. A slice of no elements
// gives the empty sum 0 and product 1, and NaN for mean, median, variance and deviation (Octave).
Matrix sum(const Matrix& x, Along along);
Matrix prod(const Matrix& x, Along along);
Matrix mean(const Matrix& x, Along along);
// Real parts, sorted: the middle element, or the mean of the two middle ones; NaN in a slice
// gives NaN. Always real.
Matrix median(const Matrix& x, Along along);

// Divide by N - 1 (sample, the default of std/var) or by N (population, `std(x, 1, dim)`).
enum class Normalization { Sample, Population };
// Per slice: m = (Σ x) / N, v = Σ |x_k - m|² / (N - 1 or N); N = 1 gives 0, N = 0 NaN. Real.
Matrix variance(const Matrix& x, Along along, Normalization normalization);
Matrix standard_deviation(const Matrix& x, Along along, Normalization normalization);

enum class Extremum { Min, Max };
// The chosen elements and their 1-based positions inside each slice (same shapes).
struct ExtremumResult {
  Matrix values;
  Matrix indices;
};
// What a slice of NaN only gives: rlab's error (`max: input is all NaN` for Along::All, else
// `max: a column contains only NaN values` / `... a row ...`), or MATLAB's NaN at index 1.
enum class AllNan { Error, NaN };
// Key: the real part when the whole input is real, else the magnitude |z|; the first occurrence
// wins ties; NaN elements are skipped. x must be non-empty.
ExtremumResult extremum(const Matrix& x, Along along, Extremum which,
                        AllNan all_nan = AllNan::Error);
// Element-wise larger (or smaller) of a and b with broadcasting (language.md §5.3); a NaN
// element yields the other operand's element. Same key as extremum().
Matrix extremum_elementwise(const Matrix& a, const Matrix& b, Extremum which);

// 1 where some (any) or every (all) element of the slice is non-zero (either part; NaN counts
// as non-zero), else 0. Empty slices: any 0, all 1.
Matrix any(const Matrix& x, Along along);
Matrix all(const Matrix& x, Along along);

// Trapezoidal rule over the elements of v in storage order: Σ (v_i + v_{i+1}) · 0.5 · dx_i with
// dx_i = x_{i+1} - x_i, or 1 when x is empty (unit spacing). Fewer than 2 points give 0.
// x, when given, must have as many elements as v.
Complex trapz(const Matrix& x, const Matrix& v);

}  // namespace llmlab::num
