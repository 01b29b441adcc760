// RMSNorm kernels: fast vs reference, agreement with LayerNorm on centred rows, backward vs
// central finite differences.
#include "nn/rmsnorm.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gradient_check.hpp"
#include "nn/layernorm.hpp"

namespace llmlab::nn {
namespace {

using testing::max_abs_difference;
using testing::report;
using testing::sample_values;

std::vector<double> forward(const std::vector<double>& x, const std::vector<double>& gamma, int N,
                            int C) {
  std::vector<double> y(x.size());
  rmsnorm_forward<double>(y, {}, x, gamma, N, C, 1e-5);
  return y;
}

TEST(rmsnorm, fast_matches_reference) {
  const int N = 90, C = 513;
  const auto x = sample_values(N * C, 3.0, 1);
  const auto gamma = sample_values(C, 2.0, 2);
  std::vector<double> fast(x.size()), reference(x.size()), r1(N), r2(N);
  rmsnorm_forward<double>(fast, r1, x, gamma, N, C, 1e-5);
  rmsnorm_forward_reference<double>(reference, r2, x, gamma, N, C, 1e-5);
  EXPECT_LT(report("rmsnorm fast vs reference", max_abs_difference(fast, reference)), 1e-13);
  EXPECT_LT(max_abs_difference(r1, r2), 1e-14);
}

TEST(rmsnorm, equals_layernorm_on_centred_rows) {
  std::vector<double> x = {-3, -1, 0, 1, 3};
  std::vector<double> rms(5), ln(5);
  rmsnorm_forward<double>(rms, {}, x, {}, 1, 5, 1e-5);
  layernorm_forward<double>(ln, {}, {}, x, {}, {}, 1, 5, 1e-5);
  EXPECT_LT(max_abs_difference(rms, ln), 1e-15);
  EXPECT_EQ(rms[4], 3.0 / std::sqrt(20.0 / 5 + 1e-5));
}

TEST(rmsnorm, backward_matches_finite_differences) {
  const int N = 3, C = 8;
  const auto x = sample_values(N * C, 2.0, 3);
  const auto gamma = sample_values(C, 1.5, 4);
  const auto weights = sample_values(N * C, 1.0, 5);
  std::vector<double> y(x.size()), rrms(N);
  rmsnorm_forward<double>(y, rrms, x, gamma, N, C, 1e-5);
  std::vector<double> dx(x.size(), 0.0), dgamma(C, 1.0);
  rmsnorm_backward<double>(dx, dgamma, weights, x, gamma, rrms, N, C, {});
  for (double& value : dgamma) value -= 1.0;
  const auto numeric_dx = testing::numeric_gradient(
      [&](std::span<const double> xs) {
        return testing::dot(weights, forward({xs.begin(), xs.end()}, gamma, N, C));
      },
      x);
  const auto numeric_dgamma = testing::numeric_gradient(
      [&](std::span<const double> gs) {
        return testing::dot(weights, forward(x, {gs.begin(), gs.end()}, N, C));
      },
      gamma);
  EXPECT_LT(report("rmsnorm dx", testing::max_relative_error(dx, numeric_dx)), 1e-7);
  EXPECT_LT(report("rmsnorm dgamma", testing::max_relative_error(dgamma, numeric_dgamma)), 1e-7);

  // Without gamma the gradient equals the one with gamma = 1.
  std::vector<double> dx_plain(x.size(), 0.0), dx_ones(x.size(), 0.0);
  rmsnorm_backward<double>(dx_plain, {}, weights, x, {}, rrms, N, C, {});
  std::vector<double> ones(C, 1.0), rrms_plain(N);
  rmsnorm_forward<double>(y, rrms_plain, x, {}, N, C, 1e-5);
  rmsnorm_backward<double>(dx_ones, {}, weights, x, ones, rrms_plain, N, C, {});
  EXPECT_LT(max_abs_difference(dx_plain, dx_ones), 1e-15);
}

TEST(rmsnorm, float_agrees_with_double) {
  const int N = 16, C = 256;
  const auto x = sample_values(N * C, 4.0, 6);
  const auto y = forward(x, {}, N, C);
  const auto xf = testing::to_float(x);
  std::vector<float> yf(xf.size());
  rmsnorm_forward<float>(yf, {}, xf, {}, N, C, 1e-5f);
  EXPECT_LT(report("rmsnorm float vs double", max_abs_difference(y, testing::to_double(yf))), 1e-5);
}

}  // namespace
}  // namespace llmlab::nn
