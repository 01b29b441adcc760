// LayerNorm kernels: fast vs reference forward, the spec's printed example, backward vs
// central finite differences, float vs double.
#include "nn/layernorm.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "gradient_check.hpp"
#include "nn/rmsnorm.hpp"

namespace llmlab::nn {
namespace {

using testing::max_abs_difference;
using testing::report;
using testing::sample_values;

std::vector<double> forward(const std::vector<double>& x, const std::vector<double>& gamma,
                            const std::vector<double>& beta, int N, int C) {
  std::vector<double> y(x.size());
  layernorm_forward<double>(y, {}, {}, x, gamma, beta, N, C, 1e-5);
  return y;
}

TEST(layernorm, spec_example_vector) {
  const std::vector<double> x = {1, 2, 3, 4, 5};
  std::vector<double> y(5), mean(1), rstd(1);
  layernorm_forward<double>(y, mean, rstd, x, {}, {}, 1, 5, 1e-5);
  const double sd = std::sqrt(2.0 + 1e-5);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(y[static_cast<std::size_t>(k)], (k + 1 - 3.0) / sd);
  EXPECT_NEAR(y[0], -1.414210, 5e-7);
  EXPECT_EQ(mean[0], 3.0);
  EXPECT_DOUBLE_EQ(rstd[0], 1.0 / sd);
}

TEST(layernorm, fast_matches_reference) {
  // 96 × 517 crosses the threading threshold and leaves a vector remainder per row.
  for (const auto& [N, C] : {std::pair{7, 13}, std::pair{96, 517}}) {
    const auto size = static_cast<std::size_t>(N * C);
    const auto x = sample_values(size, 3.0, 1);
    const auto gamma = sample_values(static_cast<std::size_t>(C), 1.0, 2);
    const auto beta = sample_values(static_cast<std::size_t>(C), 1.0, 3);
    std::vector<double> fast(size), reference(size), mean(static_cast<std::size_t>(N)),
        rstd(static_cast<std::size_t>(N)), reference_mean(mean), reference_rstd(rstd);
    layernorm_forward<double>(fast, mean, rstd, x, gamma, beta, N, C, 1e-5);
    layernorm_forward_reference<double>(reference, reference_mean, reference_rstd, x, gamma, beta,
                                        N, C, 1e-5);
    EXPECT_LT(report("layernorm fast vs reference", max_abs_difference(fast, reference)), 1e-13);
    EXPECT_LT(max_abs_difference(mean, reference_mean), 1e-14);
    EXPECT_LT(max_abs_difference(rstd, reference_rstd), 1e-13);
  }
}

TEST(layernorm, rows_are_standardised_and_in_place_works) {
  const int N = 5, C = 64;
  auto x = sample_values(N * C, 10.0, 4);
  layernorm_forward<double>(x, {}, {}, x, {}, {}, N, C, 0.0);  // y aliases x
  for (int n = 0; n < N; ++n) {
    double sum = 0, squares = 0;
    for (int c = 0; c < C; ++c) sum += x[static_cast<std::size_t>(n * C + c)];
    for (int c = 0; c < C; ++c) squares += std::pow(x[static_cast<std::size_t>(n * C + c)], 2);
    EXPECT_NEAR(sum / C, 0.0, 1e-14);
    EXPECT_NEAR(squares / C, 1.0, 1e-13);
  }
}

TEST(layernorm, constant_row_gives_zeros_thanks_to_eps) {
  const std::vector<double> x(8, 4.25);
  std::vector<double> y(8, -1.0);
  layernorm_forward<double>(y, {}, {}, x, {}, {}, 1, 8, 1e-5);
  for (const double value : y) EXPECT_EQ(value, 0.0);
}

TEST(layernorm, backward_matches_finite_differences) {
  const int N = 3, C = 7;
  const auto x = sample_values(N * C, 2.0, 5);
  const auto gamma = sample_values(C, 1.5, 6);
  const auto beta = sample_values(C, 1.0, 7);
  const auto weights = sample_values(N * C, 1.0, 8);  // loss = <weights, y>, so dy = weights
  for (const bool affine : {false, true}) {
    const std::vector<double> g = affine ? gamma : std::vector<double>{};
    const std::vector<double> b = affine ? beta : std::vector<double>{};
    std::vector<double> y(x.size()), mean(N), rstd(N);
    layernorm_forward<double>(y, mean, rstd, x, g, b, N, C, 1e-5);
    // Start from non-zero buffers: backward must accumulate (dx_in is dx itself).
    std::vector<double> dx(x.size(), 0.5), dgamma(C, 0.25), dbeta(C, -0.5);
    layernorm_backward<double>(dx, dgamma, dbeta, weights, x, g, mean, rstd, N, C, dx);
    for (double& value : dx) value -= 0.5;
    for (double& value : dgamma) value -= 0.25;
    for (double& value : dbeta) value += 0.5;

    const auto numeric_dx = testing::numeric_gradient(
        [&](std::span<const double> xs) {
          return testing::dot(weights, forward({xs.begin(), xs.end()}, g, b, N, C));
        },
        x);
    EXPECT_LT(report("layernorm dx", testing::max_relative_error(dx, numeric_dx)), 1e-7);
    const auto gamma_for_check = affine ? gamma : std::vector<double>(C, 1.0);
    const auto beta_for_check = affine ? beta : std::vector<double>(C, 0.0);
    const auto numeric_dgamma = testing::numeric_gradient(
        [&](std::span<const double> gs) {
          return testing::dot(weights, forward(x, {gs.begin(), gs.end()}, beta_for_check, N, C));
        },
        gamma_for_check);
    const auto numeric_dbeta = testing::numeric_gradient(
        [&](std::span<const double> bs) {
          return testing::dot(weights, forward(x, gamma_for_check, {bs.begin(), bs.end()}, N, C));
        },
        beta_for_check);
    EXPECT_LT(report("layernorm dgamma", testing::max_relative_error(dgamma, numeric_dgamma)),
              1e-7);
    EXPECT_LT(report("layernorm dbeta", testing::max_relative_error(dbeta, numeric_dbeta)), 1e-7);
  }
}

TEST(layernorm, float_agrees_with_double) {
  const int N = 64, C = 768;
  const auto x = sample_values(N * C, 4.0, 9);
  const auto gamma = sample_values(C, 1.0, 10);
  std::vector<double> y(x.size());
  layernorm_forward<double>(y, {}, {}, x, gamma, {}, N, C, 1e-5);
  const auto xf = testing::to_float(x);
  const auto gf = testing::to_float(gamma);
  std::vector<float> yf(x.size());
  layernorm_forward<float>(yf, {}, {}, xf, gf, {}, N, C, 1e-5f);
  EXPECT_LT(report("layernorm float vs double", max_abs_difference(y, testing::to_double(yf))),
            1e-5);
}

// dx = dx_in + the norm's gradient: with dx_in another buffer (the trainer's residual stream),
// dx itself (accumulate) or empty (overwrite), in float as the trainer runs it, for both norms.
TEST(layernorm, backward_adds_dx_in_or_overwrites) {
  const int N = 64, C = 48;  // enough rows for the thread team
  const auto to_float = [](const std::vector<double>& values) {
    return std::vector<float>(values.begin(), values.end());
  };
  const auto x = to_float(sample_values(N * C, 2.0, 11));
  const auto gamma = to_float(sample_values(C, 1.5, 12));
  const auto dy = to_float(sample_values(N * C, 1.0, 13));
  const auto residual = to_float(sample_values(N * C, 1.0, 14));
  std::vector<float> y(x.size()), mean(N), rstd(N);
  layernorm_forward<float>(y, mean, rstd, x, gamma, {}, N, C, 1e-5f);
  // Overwrite: dx starts as garbage and must not leak into the result.
  std::vector<float> alone(x.size(), 1e30f);
  layernorm_backward<float>(alone, {}, {}, dy, x, gamma, mean, rstd, N, C, {});
  std::vector<float> added(x.size(), 1e30f), accumulated = residual;
  layernorm_backward<float>(added, {}, {}, dy, x, gamma, mean, rstd, N, C, residual);
  layernorm_backward<float>(accumulated, {}, {}, dy, x, gamma, mean, rstd, N, C, accumulated);
  for (size_t i = 0; i < x.size(); i++) {
    ASSERT_LT(std::fabs(alone[i]), 1e3f);
    // The sum may be fused into the last multiply-add: one rounding's difference at most.
    EXPECT_NEAR(added[i], residual[i] + alone[i], 1e-6f * (1.0f + std::fabs(added[i])));
    EXPECT_EQ(accumulated[i], added[i]);
  }

  std::vector<float> rrms(N);
  rmsnorm_forward<float>(y, rrms, x, gamma, N, C, 1e-5f);
  std::fill(alone.begin(), alone.end(), 1e30f);
  rmsnorm_backward<float>(alone, {}, dy, x, gamma, rrms, N, C, {});
  std::fill(added.begin(), added.end(), 1e30f);
  accumulated = residual;
  rmsnorm_backward<float>(added, {}, dy, x, gamma, rrms, N, C, residual);
  rmsnorm_backward<float>(accumulated, {}, dy, x, gamma, rrms, N, C, accumulated);
  for (size_t i = 0; i < x.size(); i++) {
    ASSERT_LT(std::fabs(alone[i]), 1e3f);
    // The sum may be fused into the last multiply-add: one rounding's difference at most.
    EXPECT_NEAR(added[i], residual[i] + alone[i], 1e-6f * (1.0f + std::fabs(added[i])));
    EXPECT_EQ(accumulated[i], added[i]);
  }
}

}  // namespace
}  // namespace llmlab::nn
