// nn/gelu_erf: the float exact GELU and its derivative (vectorised erf approximation) against
// the double ones (libm erf), and the double derivative against central finite differences.
#include "nn/gelu_erf.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace llmlab::nn {
namespace {

TEST(gelu_erf_test, float_gelu_matches_double_erf) {
  std::vector<double> x;
  for (int i = -80000; i <= 80000; i++) x.push_back(i * 0.000125);  // [-10, 10], dense
  std::vector<float> xf(x.begin(), x.end());
  std::vector<double> y(x.size()), dx(x.size());
  std::vector<float> yf(x.size()), dxf(x.size());
  gelu_erf_forward<double>(y, dx, x);
  gelu_erf_forward<float>(yf, dxf, xf);
  double worst = 0.0, worst_grad = 0.0;
  for (size_t i = 0; i < x.size(); i++) {
    worst = std::max(worst, std::fabs(static_cast<double>(yf[i]) - y[i]));
    worst_grad = std::max(worst_grad, std::fabs(static_cast<double>(dxf[i]) - dx[i]));
  }
  std::printf("  float gelu vs libm erf: max |diff| %.2e value, %.2e derivative\n", worst,
              worst_grad);
  EXPECT_LT(worst, 1e-6);
  EXPECT_LT(worst_grad, 5e-7);
  EXPECT_NEAR(y[80000], 0.0, 1e-15);                 // gelu(0) = 0
  EXPECT_NEAR(y[88000], 0.8413447460685429, 1e-12);  // gelu(1) = Φ(1)
  EXPECT_NEAR(dx[80000], 0.5, 1e-15);                // gelu'(0) = Φ(0)

  // Without a derivative buffer the values are the same.
  std::vector<float> alone(x.size());
  gelu_erf_forward<float>(alone, {}, xf);
  EXPECT_EQ(alone, yf);
}

TEST(gelu_erf_test, derivative_matches_finite_differences) {
  const std::vector<double> x{-3.0, -0.7, 0.0, 0.2, 1.5, 4.0};
  std::vector<double> y(x.size()), derivative(x.size());
  gelu_erf_forward<double>(y, derivative, x);
  const double h = 1e-6;
  for (size_t i = 0; i < x.size(); i++) {
    std::vector<double> up{x[i] + h}, down{x[i] - h}, yu(1), yd(1);
    gelu_erf_forward<double>(yu, {}, up);
    gelu_erf_forward<double>(yd, {}, down);
    EXPECT_NEAR((yu[0] - yd[0]) / (2 * h), derivative[i], 1e-8) << x[i];
  }
}

}  // namespace
}  // namespace llmlab::nn
