// Evaluation of a piecewise polynomial in MATLAB's pp layout (builtins.md §7: ppval).
#pragma once

#include <span>
#include <vector>

#include "num/matrix.hpp"

namespace llmlab::num {

// `breaks` increasing, L + 1 of them; `coefficients` (components · L) × order, the row of piece
// p and component c at p · components + c, highest power first in x - breaks[p]. The result
// has a row per component and a column per query. A query at or after a break takes the piece
// that starts there; queries outside take the end pieces (extrapolation); NaN gives NaN.
Matrix evaluate_pieces(std::span<const double> breaks, const Matrix& coefficients, Index components,
                       std::span<const double> queries);

}  // namespace llmlab::num
