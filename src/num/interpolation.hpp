// 1-D interpolation of samples (x_k, y_k) at query points: the methods of MATLAB's interp1
// (builtins.md §7). The piecewise-cubic methods share one Hermite evaluator and differ only in
// the slopes at the samples: "pchip" keeps the data's shape (Fritsch and Carlson's slopes, no
// overshoot), "spline" is the C² cubic spline with not-a-knot ends.
#pragma once

#include <limits>
#include <span>
#include <vector>

namespace llmlab::num {

enum class InterpolationMethod { Linear, Nearest, Previous, Next, Pchip, Spline };

// What a query outside [x.front(), x.back()] gets: `value` (NaN unless given), or with
// `extrapolate` the end pieces extended (the end samples for nearest, previous and next).
struct OutsideRule {
  bool extrapolate = false;
  double value = std::numeric_limits<double>::quiet_NaN();
};

// `xs` strictly increasing and `ys` of the same size, at least 2 (the caller checks both).
// One result per query; a NaN query gives NaN.
std::vector<double> interpolate(std::span<const double> xs, std::span<const double> ys,
                                std::span<const double> queries, InterpolationMethod method,
                                OutsideRule outside);

// The polynomials interpolate() evaluates between the samples, in MATLAB's pp layout for one
// series: `order` coefficients a piece (highest power first, in x - breaks[p]), piece by piece.
struct Pieces {
  std::vector<double> breaks;
  int order = 1;
  std::vector<double> coefficients;
};

// The pieces of a method; "next" has none, as a pp piece holds its left break and "next" gives a
// sample's own value there (the caller says so).
Pieces interpolation_pieces(std::span<const double> xs, std::span<const double> ys,
                            InterpolationMethod method);

// The cubic spline whose end slopes are given (a complete spline, MATLAB's spline(x, y) with
// two extra values in y), as pieces.
Pieces complete_spline_pieces(std::span<const double> xs, std::span<const double> ys,
                              double first_slope, double last_slope);

}  // namespace llmlab::num
