// train/activation: the float exact-GELU (vectorised erf approximation) against the double one
// (libm erf), and the double backward against central finite differences.
#include "train/activation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace llmlab::train {
namespace {

TEST(activation_test, float_gelu_matches_double_erf) {
  std::vector<double> x;
  for (int i = -80000; i <= 80000; i++) x.push_back(i * 0.000125);  // [-10, 10], dense
  std::vector<float> xf(x.begin(), x.end());
  std::vector<double> y(x.size()), dx(x.size(), 0.0), ones(x.size(), 1.0);
  std::vector<float> yf(x.size()), dxf(x.size(), 0.0f), onesf(x.size(), 1.0f);
  gelu_erf_forward<double>(y, x);
  gelu_erf_forward<float>(yf, xf);
  gelu_erf_backward<double>(dx, x, ones);
  gelu_erf_backward<float>(dxf, xf, onesf);
  double worst = 0.0, worst_grad = 0.0;
  for (size_t i = 0; i < x.size(); i++) {
    worst = std::max(worst, std::fabs(static_cast<double>(yf[i]) - y[i]));
    worst_grad = std::max(worst_grad, std::fabs(static_cast<double>(dxf[i]) - dx[i]));
  }
  std::printf("  float gelu vs libm erf: max |diff| %.2e forward, %.2e backward\n", worst,
              worst_grad);
  EXPECT_LT(worst, 1e-6);
  EXPECT_LT(worst_grad, 5e-7);
  EXPECT_NEAR(y[80000], 0.0, 1e-15);                 // gelu(0) = 0
  EXPECT_NEAR(y[88000], 0.8413447460685429, 1e-12);  // gelu(1) = Φ(1)
}

TEST(activation_test, backward_matches_finite_differences_and_accumulates) {
  std::vector<double> x{-3.0, -0.7, 0.0, 0.2, 1.5, 4.0};
  const std::vector<double> dout{1.0, -2.0, 0.5, 3.0, -1.0, 2.0};
  std::vector<double> dx(x.size(), 1.0);
  gelu_erf_backward<double>(dx, x, dout);
  const double h = 1e-6;
  for (size_t i = 0; i < x.size(); i++) {
    std::vector<double> up{x[i] + h}, down{x[i] - h}, yu(1), yd(1);
    gelu_erf_forward<double>(yu, up);
    gelu_erf_forward<double>(yd, down);
    EXPECT_NEAR(1.0 + dout[i] * (yu[0] - yd[0]) / (2 * h), dx[i], 1e-8) << x[i];
  }
}

}  // namespace
}  // namespace llmlab::train
