// Softmax, log-softmax and cross-entropy kernels: fast vs reference, IEEE edge rows of
// builtins.md §8, backward passes vs central finite differences, float vs double.
#include "nn/softmax.hpp"

#include <gtest/gtest.h>

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

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> softmax(const std::vector<double>& x, int N, int C) {
  std::vector<double> y(x.size());
  softmax_forward<double>(y, x, N, C);
  return y;
}

TEST(softmax, fast_matches_reference_and_rows_sum_to_one) {
  for (const auto& [N, C] : {std::pair{3, 5}, std::pair{80, 771}}) {
    const auto x = sample_values(static_cast<std::size_t>(N * C), 8.0, 1);
    std::vector<double> reference(x.size());
    softmax_forward_reference<double>(reference, x, N, C);
    const auto fast = softmax(x, N, C);
    EXPECT_LT(report("softmax fast vs reference", max_relative_error(fast, reference, 1e-300)),
              1e-14);
    for (int n = 0; n < N; ++n) {
      double sum = 0;
      for (int c = 0; c < C; ++c) sum += fast[static_cast<std::size_t>(n * C + c)];
      EXPECT_NEAR(sum, 1.0, 1e-13);
    }
  }
}

TEST(softmax, large_logits_do_not_overflow) {
  const auto y = softmax({1000.0, 1000.0, 999.0}, 1, 3);
  EXPECT_NEAR(y[0], 1.0 / (2.0 + std::exp(-1.0)), 1e-15);
  EXPECT_EQ(y[0], y[1]);
}

TEST(softmax, edge_rows_follow_ieee) {
  // Row 0: a -inf entry gets exactly 0. Row 1: all -inf gives NaN. Row 2: +inf gives NaN.
  // Row 3: a NaN entry gives NaN. Row 4: the causal-mask constant -1e9 underflows to 0 too.
  const std::vector<double> x = {0, -kInf, 0,    -kInf, -kInf, -kInf, 1, kInf,
                                 2, 1,     kNaN, 2,     0,     -1e9,  0};
  const auto y = softmax(x, 5, 3);
  EXPECT_EQ(y[0], 0.5);
  EXPECT_EQ(y[1], 0.0);
  EXPECT_EQ(y[2], 0.5);
  for (std::size_t i = 3; i < 12; ++i) EXPECT_TRUE(std::isnan(y[i])) << i;
  EXPECT_EQ(y[12], 0.5);
  EXPECT_EQ(y[13], 0.0);
}

TEST(softmax, in_place) {
  auto x = sample_values(40, 3.0, 2);
  const auto expected = softmax(x, 4, 10);
  softmax_forward<double>(x, x, 4, 10);
  EXPECT_EQ(x, expected);
}

TEST(log_softmax, matches_log_of_softmax_and_handles_infinities) {
  const int N = 6, C = 9;
  const auto x = sample_values(N * C, 5.0, 3);
  std::vector<double> y(x.size());
  log_softmax_forward<double>(y, x, N, C);
  auto logged = softmax(x, N, C);
  for (double& value : logged) value = std::log(value);
  EXPECT_LT(report("log_softmax vs log(softmax)", max_abs_difference(y, logged)), 1e-14);

  const std::vector<double> edge = {0, -kInf, 0, -kInf, -kInf, -kInf};
  std::vector<double> out(6);
  log_softmax_forward<double>(out, edge, 2, 3);
  EXPECT_EQ(out[0], -std::log(2.0));
  EXPECT_EQ(out[1], -kInf);
  for (std::size_t i = 3; i < 6; ++i) EXPECT_TRUE(std::isnan(out[i]));
}

TEST(softmax, backward_matches_finite_differences) {
  const int N = 3, C = 6;
  const auto x = sample_values(N * C, 2.0, 4);
  const auto weights = sample_values(N * C, 1.0, 5);
  const auto probs = softmax(x, N, C);
  std::vector<double> dx(x.size(), 1.0);
  softmax_backward<double>(dx, probs, weights, N, C);
  for (double& value : dx) value -= 1.0;
  const auto numeric = testing::numeric_gradient(
      [&](std::span<const double> xs) {
        return testing::dot(weights, softmax({xs.begin(), xs.end()}, N, C));
      },
      x);
  EXPECT_LT(report("softmax dx", max_relative_error(dx, numeric)), 1e-7);
}

TEST(log_softmax, backward_matches_finite_differences) {
  const int N = 2, C = 7;
  const auto x = sample_values(N * C, 2.0, 6);
  const auto weights = sample_values(N * C, 1.0, 7);
  auto log_softmax = [&](std::span<const double> xs) {
    std::vector<double> y(xs.size());
    log_softmax_forward<double>(y, xs, N, C);
    return y;
  };
  const auto out = log_softmax(x);
  std::vector<double> dx(x.size(), 0.0);
  log_softmax_backward<double>(dx, out, weights, N, C);
  const auto numeric = testing::numeric_gradient(
      [&](std::span<const double> xs) { return testing::dot(weights, log_softmax(xs)); }, x);
  EXPECT_LT(report("log_softmax dx", max_relative_error(dx, numeric)), 1e-7);
}

TEST(crossentropy, forward_from_probs_and_from_logits_agree) {
  const int N = 4, V = 11;
  const auto logits = sample_values(N * V, 6.0, 8);
  const std::vector<int> targets = {0, 10, 3, 7};
  const auto probs = softmax(logits, N, V);
  std::vector<double> from_probs(N), from_logits(N);
  crossentropy_forward<double>(from_probs, probs, targets, N, V);
  crossentropy_from_logits_forward<double>(from_logits, logits, targets, N, V);
  for (int n = 0; n < N; ++n) {
    const auto i = static_cast<std::size_t>(n);
    EXPECT_EQ(from_probs[i], -std::log(probs[i * V + static_cast<std::size_t>(targets[i])]));
  }
  EXPECT_LT(report("cross-entropy probs vs logits", max_abs_difference(from_probs, from_logits)),
            1e-13);
  // From logits, the loss is exactly -log_softmax at the target.
  std::vector<double> log_probs(logits.size());
  log_softmax_forward<double>(log_probs, logits, N, V);
  for (int n = 0; n < N; ++n) {
    const auto i = static_cast<std::size_t>(n);
    EXPECT_EQ(from_logits[i], -log_probs[i * V + static_cast<std::size_t>(targets[i])]);
  }
}

TEST(crossentropy, from_logits_is_exact_where_probabilities_underflow) {
  // p(target) = exp(-2000) underflows to 0 in double, so -log p would be inf.
  const std::vector<double> logits = {1000.0, -1000.0};
  const std::vector<int> targets = {1};
  std::vector<double> loss(1);
  crossentropy_from_logits_forward<double>(loss, logits, targets, 1, 2);
  EXPECT_DOUBLE_EQ(loss[0], 2000.0);
}

TEST(crossentropy, fused_softmax_backward_matches_finite_differences) {
  const int N = 3, V = 5;
  const auto logits = sample_values(N * V, 3.0, 9);
  const std::vector<int> targets = {4, 0, 2};
  const std::vector<double> dlosses = {1.0 / 3, 0.5, -0.25};
  const auto probs = softmax(logits, N, V);
  std::vector<double> dlogits(logits.size(), 0.0);
  crossentropy_softmax_backward<double>(dlogits, probs, targets, dlosses, N, V);
  const auto numeric = testing::numeric_gradient(
      [&](std::span<const double> xs) {
        std::vector<double> losses(N);
        crossentropy_forward<double>(losses, softmax({xs.begin(), xs.end()}, N, V), targets, N, V);
        return testing::dot(dlosses, losses);
      },
      logits);
  EXPECT_LT(report("cross-entropy dlogits", max_relative_error(dlogits, numeric)), 1e-7);
}

TEST(softmax, float_agrees_with_double) {
  const int N = 50, C = 700;
  const auto x = sample_values(N * C, 6.0, 10);
  const auto y = softmax(x, N, C);
  const auto xf = testing::to_float(x);
  std::vector<float> yf(xf.size());
  softmax_forward<float>(yf, xf, N, C);
  EXPECT_LT(report("softmax float vs double", max_abs_difference(y, testing::to_double(yf))), 1e-6);
}

}  // namespace
}  // namespace llmlab::nn
