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

}  // namespace llmlab::num
