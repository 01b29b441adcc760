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

}  // namespace
}  // namespace llmlab::nn
