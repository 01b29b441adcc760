// detail::exp_lane, the vectorisable exp behind the softmax and GELU kernels: within 1 ulp of
// libm's exp over the whole double range, with IEEE results at the edges.
#include "nn/vector_exp.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <vector>

#include "gradient_check.hpp"

namespace llmlab::nn {
namespace {

std::int64_t ulps_apart(double a, double b) {
  return std::llabs(std::bit_cast<std::int64_t>(a) - std::bit_cast<std::int64_t>(b));
}

TEST(vector_exp, within_one_ulp_of_libm) {
  // Whole range (normal, subnormal and overflowing results) and the softmax-typical [-40, 0].
  auto x = testing::sample_values(400000, 745.0, 1);
  const auto near = testing::sample_values(400000, 20.0, 2);
  for (const double value : near) x.push_back(value - 20.0);
  for (const double edge : {0.0, -0.0, 1e-300, -1e-300, 709.78, 709.79, -708.39, -745.13, -745.14,
                            0.5 * std::log(2.0), -0.5 * std::log(2.0)}) {
    x.push_back(edge);
  }
  std::vector<double> y(x.size());
  const std::size_t size = x.size();
#pragma omp simd
  for (std::size_t i = 0; i < size; ++i) y[i] = detail::exp_lane(x[i]);
  std::int64_t worst = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const std::int64_t apart = ulps_apart(y[i], std::exp(x[i]));
    if (apart > worst) worst = apart;
  }
  std::printf("  exp_lane vs libm exp: max %lld ulp over %zu points\n",
              static_cast<long long>(worst), size);
  EXPECT_LE(worst, 1);
}

TEST(vector_exp, edges) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(detail::exp_lane(0.0), 1.0);
  EXPECT_EQ(detail::exp_lane(-inf), 0.0);
  EXPECT_EQ(detail::exp_lane(inf), inf);
  EXPECT_EQ(detail::exp_lane(-1e9), 0.0);  // the causal mask's constant
  EXPECT_EQ(detail::exp_lane(1e9), inf);
  EXPECT_TRUE(std::isnan(detail::exp_lane(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_EQ(detail::exp_lane(-745.13), std::exp(-745.13));  // the smallest subnormal
  EXPECT_EQ(detail::exp_lane(1.0f), std::exp(1.0f));
}

// Below the clamp every input takes the exact-zero path (no subnormal product): +0.0 throughout,
// from just under the bound to far beyond the input that stands in for them.
TEST(vector_exp, total_underflow_is_positive_zero) {
  for (const double x : {-746.0000001, -800.0, -1418.1791314256482, -1500.0, -3000.0, -1e300}) {
    EXPECT_EQ(detail::exp_lane(x), 0.0) << x;
    EXPECT_FALSE(std::signbit(detail::exp_lane(x))) << x;
  }
  for (const float x : {-104.00001f, -150.0f, -176.059384f, -300.0f, -1e30f}) {
    EXPECT_EQ(detail::exp_single(x), 0.0f) << x;
    EXPECT_FALSE(std::signbit(detail::exp_single(x))) << x;
  }
}

std::int64_t ulps_apart(float a, float b) {
  return std::llabs(static_cast<std::int64_t>(std::bit_cast<std::int32_t>(a)) -
                    static_cast<std::int64_t>(std::bit_cast<std::int32_t>(b)));
}

TEST(vector_exp, single_within_two_ulp_of_correctly_rounded) {
  // The whole float range, normal, subnormal and overflowing; the reference is the double exp
  // rounded once to float.
  const auto x = testing::sample_values(400000, 104.0, 3);
  std::vector<float> xf(x.begin(), x.end()), y(x.size());
  const std::size_t size = x.size();
#pragma omp simd
  for (std::size_t i = 0; i < size; ++i) y[i] = detail::exp_single(xf[i]);
  std::int64_t worst = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const float expected = static_cast<float>(std::exp(static_cast<double>(xf[i])));
    const std::int64_t apart = ulps_apart(y[i], expected);
    if (apart > worst) worst = apart;
  }
  std::printf("  exp_single vs rounded exp: max %lld ulp over %zu points\n",
              static_cast<long long>(worst), size);
  EXPECT_LE(worst, 2);
}

TEST(vector_exp, single_edges) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(detail::exp_single(0.0f), 1.0f);
  EXPECT_EQ(detail::exp_single(-inf), 0.0f);
  EXPECT_EQ(detail::exp_single(inf), inf);
  EXPECT_EQ(detail::exp_single(-1e9f), 0.0f);
  EXPECT_EQ(detail::exp_single(1e9f), inf);
  EXPECT_TRUE(std::isnan(detail::exp_single(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(detail::exp_single(88.0f), static_cast<float>(std::exp(88.0)));
  EXPECT_GT(detail::exp_single(-103.0f), 0.0f);  // a subnormal, not flushed to zero
}

}  // namespace
}  // namespace llmlab::nn
