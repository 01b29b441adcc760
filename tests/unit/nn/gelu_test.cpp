// GELU and ReLU kernels: the spec's values, gelu_grad against gelu by finite differences,
// gelu_backward against finite differences, float vs double. GELU reaches values near 6 here,
// so differences carry ~1e-10 absolute rounding error: errors are relative above 1e-2 only.
#include "nn/gelu.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "gradient_check.hpp"

namespace llmlab::nn {
namespace {

using testing::max_abs_difference;
using testing::max_relative_error;
using testing::report;
using testing::sample_values;

std::vector<double> gelu(std::span<const double> x) {
  std::vector<double> y(x.size());
  gelu_forward<double>(y, x);
  return y;
}

TEST(gelu, spec_values) {
  const std::vector<double> x = {0.0, 1.0, -1.0};
  std::vector<double> y(3);
  gelu_forward_reference<double>(y, x);
  EXPECT_EQ(y[0], 0.0);
  EXPECT_NEAR(y[1], 0.8411920, 5e-8);
  // The formula evaluated exactly as builtins.md §8 orders it.
  // volatile keeps the compiler from folding tanh with its own (correctly rounded) arithmetic.
  volatile double minus_one = -1.0;
  const double m = minus_one;
  const double c = std::sqrt(2.0 / 3.14159265358979323846);
  EXPECT_EQ(y[2], (0.5 * m) * (1.0 + std::tanh(c * (m + 0.044715 * (m * (m * m))))));
}

TEST(gelu, fast_matches_reference) {
  // 70000 elements cross the threading threshold; ±12 reaches deep into the tails.
  auto x = sample_values(70000, 12.0, 5);
  x.insert(x.end(), {0.0, -0.0, 1e-300, -40.0, 40.0, 1e5, -1e5});
  const auto fast = gelu(x);
  std::vector<double> reference(x.size());
  gelu_forward_reference<double>(reference, x);
  // Relative to max(|y|, 1e-3): where y is small (x << 0), 1 + tanh(u) cancels in the reference
  // itself, costing it ~1e-16 / (1 + tanh u) relative; 1e-12 covers that down to y ~ 1e-3.
  EXPECT_LT(report("gelu fast vs reference", max_relative_error(fast, reference, 1e-3)), 1e-12);
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> special = {inf, -inf, std::numeric_limits<double>::quiet_NaN()};
  const auto y = gelu(special);
  EXPECT_EQ(y[0], inf);
  EXPECT_TRUE(std::isnan(y[1]));  // -inf · 0, as the reference formula gives
  EXPECT_TRUE(std::isnan(y[2]));
}

TEST(gelu_grad, spec_values) {
  std::vector<double> x(2001), g(2001);
  for (int i = 0; i < 2001; ++i) x[static_cast<std::size_t>(i)] = -5.0 + 10.0 * i / 2000.0;
  gelu_grad<double>(g, x);
  const auto best = std::max_element(g.begin(), g.end());
  EXPECT_EQ(*best, 1.1289926108579487);
  EXPECT_NEAR(x[static_cast<std::size_t>(best - g.begin())], 1.42, 1e-12);
  std::vector<double> at_zero = {0.0};
  gelu_grad<double>(at_zero, at_zero);  // in place
  EXPECT_EQ(at_zero[0], 0.5);
}

TEST(gelu_grad, matches_finite_differences_of_gelu) {
  const auto x = sample_values(200, 6.0, 1);
  std::vector<double> analytic(x.size());
  gelu_grad<double>(analytic, x);
  std::vector<double> numeric(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double h = 1e-5;
    const std::vector<double> points = {x[i] + h, x[i] - h};
    const auto values = gelu(points);
    numeric[i] = (values[0] - values[1]) / (2 * h);
  }
  EXPECT_LT(report("gelu_grad vs differences", max_relative_error(analytic, numeric, 1e-2)), 1e-7);
}

TEST(gelu, backward_matches_finite_differences_and_overwrites) {
  const auto x = sample_values(64, 4.0, 2);
  const auto weights = sample_values(64, 1.0, 3);
  std::vector<double> dx(x.size(), 2.0);  // overwritten, not added to
  gelu_backward<double>(dx, x, weights);
  const auto numeric = testing::numeric_gradient(
      [&](std::span<const double> xs) { return testing::dot(weights, gelu(xs)); }, x);
  EXPECT_LT(report("gelu dx", max_relative_error(dx, numeric, 1e-2)), 1e-7);

  std::vector<double> local(x.size());
  gelu_grad<double>(local, x);
  for (std::size_t i = 0; i < x.size(); ++i) EXPECT_NEAR(dx[i], local[i] * weights[i], 1e-15);
}

// The backward's logistic form against gelu_grad's tanh form far into both tails, where
// 1 - tanh² loses sech² to rounding and exp(-2u) would overflow; infinities give what the tanh
// form gives.
TEST(gelu, backward_agrees_with_the_tanh_form_in_both_tails) {
  std::vector<double> x;
  for (double v = -40.0; v <= 40.0; v += 0.37) x.push_back(v);
  const std::vector<double> ones(x.size(), 1.0);
  std::vector<double> dx(x.size());
  std::vector<double> local(x.size());
  gelu_backward<double>(dx, x, ones);
  gelu_grad<double>(local, x);
  for (std::size_t i = 0; i < x.size(); ++i) {
    EXPECT_NEAR(dx[i], local[i], 4e-15 * std::max(1.0, std::fabs(local[i]))) << "x = " << x[i];
  }
  // x³ overflows at ±1e300, so u is infinite there as at ±inf.
  const std::vector<double> infinite = {-1e300, 1e300, -INFINITY, INFINITY, NAN};
  std::vector<double> d_infinite(infinite.size());
  std::vector<double> local_infinite(infinite.size());
  gelu_backward<double>(d_infinite, infinite, std::vector<double>(infinite.size(), 1.0));
  gelu_grad<double>(local_infinite, infinite);
  for (std::size_t i = 0; i < infinite.size(); ++i) {
    EXPECT_EQ(std::isnan(d_infinite[i]), std::isnan(local_infinite[i])) << infinite[i];
  }
}

TEST(gelu, float_agrees_with_double) {
  const auto x = sample_values(4096, 8.0, 4);
  const auto y = gelu(x);
  const auto xf = testing::to_float(x);
  std::vector<float> yf(xf.size());
  gelu_forward<float>(yf, xf);
  EXPECT_LT(report("gelu float vs double", max_abs_difference(y, testing::to_double(yf))), 1e-5);
}

TEST(relu, forward_backward_and_nan) {
  const std::vector<double> x = {-2.0, 0.0, 3.5, std::numeric_limits<double>::quiet_NaN()};
  std::vector<double> y(4);
  relu_forward<double>(y, x);
  EXPECT_EQ(y, (std::vector<double>{0.0, 0.0, 3.5, 0.0}));  // relu(NaN) = 0 by fmax
  std::vector<double> dx(4, 1.0);                           // overwritten, not added to
  relu_backward<double>(dx, x, std::vector<double>{10, 10, 10, 10});
  EXPECT_EQ(dx, (std::vector<double>{0.0, 0.0, 10.0, 0.0}));
}

}  // namespace
}  // namespace llmlab::nn
