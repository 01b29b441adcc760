// Descriptive statistics beyond the §5 reductions (the numerics of builtins.md's MATLAB
// additions mode, range, prctile/quantile, zscore, cov and corrcoef), over the slices an Along
// selects as in num/reduce.hpp. Real input only; NaN is ignored where MATLAB ignores it.
#pragma once

#include <span>

#include "num/matrix.hpp"
#include "num/reduce.hpp"

namespace llmlab::num {

// One number per slice (1×1 for All, 1×C for Columns, R×1 for Rows):
//   mode:  the most frequent number, the smallest among equally frequent ones;
//   range: max − min.
// NaN is ignored; a slice with no numbers gives NaN.
Matrix mode(const Matrix& x, Along along);
Matrix range(const Matrix& x, Along along);

// MATLAB's percentile rule per slice: the sorted numbers x(1..n) sit at quantiles (i − 0.5)/n;
// between two interpolate linearly, outside the first and last clamp. NaN is ignored; a slice
// with no numbers gives NaN. `levels` are on a scale of `scale` (100 for percentiles, 1 for
// quantiles): dividing last keeps p·n/100 exact where p·n is. Result: 1×L for All, L×C for
// Columns (one row per level), R×L for Rows.
// `method` is Octave's (Hyndman and Fan's) 1–9; 5, the rule above, is MATLAB's and the default.
Matrix quantiles(const Matrix& x, Along along, std::span<const double> levels, double scale,
                 int method = 5);

// (x − mean)/std per slice, std normalised by N − 1 (Sample; N for one element) or N
// (Population); a constant slice divides by 1, giving zeros. Same shape as x.
Matrix zscore(const Matrix& x, Along along, Normalization normalization);

// The sample covariance of the columns of an observations × variables matrix, divided by N − 1
// (by N when N = 1, so one observation gives 0; NaN with no observations).
Matrix covariance(const Matrix& observations);
// Correlation coefficients from a covariance matrix: C(a, b) / sqrt(C(a, a)·C(b, b)), clamped
// to [−1, 1] against rounding, exactly 1 on the diagonal (NaN where a variable is constant).
Matrix correlation(const Matrix& covariance);

}  // namespace llmlab::num
