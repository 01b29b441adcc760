// 1-D signal algorithms on plain sequences (the numerics behind builtins.md's signal additions:
// conv, filter, movmean/movsum, cumtrapz, gradient). Real values only; the builtins decide
// shapes and kinds.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace llmlab::num {

// Which part of the full convolution to keep (MATLAB's conv shapes).
//   Full:  all m + n − 1 values.
//   Same:  the central part, as long as u.
//   Valid: the part computed without zero padding, max(m − n + 1, 0) values.
enum class ConvolutionPart { Full, Same, Valid };
std::vector<double> convolve(std::span<const double> u, std::span<const double> v,
                             ConvolutionPart part);

// The rational filter y(n) = (Σ b(k)·x(n−k) − Σ_{k≥1} a(k)·y(n−k)) / a(0), from rest.
// a(0) must be non-zero.
std::vector<double> filter(std::span<const double> b, std::span<const double> a,
                           std::span<const double> x);

// Sums (or means) over the window [i − back, i + forward] of every element, shrunk at the ends.
struct Window {
  std::size_t back = 0;
  std::size_t forward = 0;
};
// k elements centred on each one: (k − 1)/2 back and forward when k is odd, k/2 back and
// k/2 − 1 forward when even. k >= 1.
Window centred_window(std::size_t k);
std::vector<double> moving_sum(std::span<const double> x, Window window);
std::vector<double> moving_mean(std::span<const double> x, Window window);

// The running trapezoidal integral from 0, unit spacing when x is empty (else x.size() ==
// y.size()).
std::vector<double> cumulative_trapezoid(std::span<const double> x, std::span<const double> y);

// Central differences inside, one-sided at the two ends, spacing h; one element gives 0.
std::vector<double> gradient(std::span<const double> y, double h);

}  // namespace llmlab::num
