// Shared helpers for the nn kernel tests: deterministic inputs, central finite differences in
// double, and the max relative error printed and compared the way llm.c's test_gpt2.c does.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

namespace llmlab::nn::testing {

// Reproducible values in [-scale, scale) without a random library: a fixed linear
// congruential stream, enough to exercise every branch of the kernels.
inline std::vector<double> sample_values(std::size_t count, double scale, unsigned seed) {
  std::vector<double> values(count);
  unsigned long long state = 0x9e3779b97f4a7c15ULL ^ seed;
  for (double& value : values) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const double unit = static_cast<double>(state >> 11) / 9007199254740992.0;  // [0, 1)
    value = (2.0 * unit - 1.0) * scale;
  }
  return values;
}

// d loss / d x by central differences, h chosen for double (error ~ h² f''' + eps / h).
inline std::vector<double> numeric_gradient(
    const std::function<double(std::span<const double>)>& loss, std::vector<double> x,
    double h = 1e-5) {
  std::vector<double> gradient(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double saved = x[i];
    x[i] = saved + h;
    const double plus = loss(x);
    x[i] = saved - h;
    const double minus = loss(x);
    x[i] = saved;
    gradient[i] = (plus - minus) / (2.0 * h);
  }
  return gradient;
}

// max_i |a_i - b_i| / max(|a_i| + |b_i|, floor): relative where values are sizeable, absolute
// (scaled by 1 / floor) near zero, where finite differences carry only absolute accuracy.
inline double max_relative_error(std::span<const double> a, std::span<const double> b,
                                 double floor = 1e-4) {
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double error = std::abs(a[i] - b[i]) / std::max(std::abs(a[i]) + std::abs(b[i]), floor);
    worst = std::max(worst, error);
  }
  return worst;
}

inline double max_abs_difference(std::span<const double> a, std::span<const double> b) {
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  return worst;
}

inline double report(std::string_view what, double error) {
  std::printf("  %-40.*s max error %.3e\n", static_cast<int>(what.size()), what.data(), error);
  return error;
}

inline double dot(std::span<const double> a, std::span<const double> b) {
  double sum = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

inline std::vector<float> to_float(std::span<const double> values) {
  std::vector<float> result(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) result[i] = static_cast<float>(values[i]);
  return result;
}

inline std::vector<double> to_double(std::span<const float> values) {
  std::vector<double> result(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) result[i] = static_cast<double>(values[i]);
  return result;
}

}  // namespace llmlab::nn::testing
