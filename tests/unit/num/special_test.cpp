// digamma against known values: ψ(1) = -γ, ψ(1/2) = -γ - 2 ln 2, the recurrence
// ψ(x + 1) = ψ(x) + 1/x across the reflection at negative x, and NaN at the poles.
#include "num/special.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace llmlab::num {
namespace {

constexpr double kEulerGamma = 0.57721566490153286;

TEST(special, digamma_known_values) {
  EXPECT_NEAR(digamma(1.0), -kEulerGamma, 1e-14);
  EXPECT_NEAR(digamma(0.5), -kEulerGamma - 2.0 * std::log(2.0), 1e-14);
  EXPECT_NEAR(digamma(-0.5), -kEulerGamma - 2.0 * std::log(2.0) + 2.0, 1e-13);
  EXPECT_NEAR(digamma(100.0), 4.6001618527380874, 1e-13);
}

TEST(special, digamma_recurrence_and_poles) {
  for (const double x : {-2.7, -0.3, 0.01, 3.3, 9.9, 10.5}) {
    EXPECT_NEAR(digamma(x + 1.0), digamma(x) + 1.0 / x, 1e-11 * std::abs(digamma(x)) + 1e-12) << x;
  }
  EXPECT_TRUE(std::isnan(digamma(0.0)));
  EXPECT_TRUE(std::isnan(digamma(-3.0)));
}

}  // namespace
}  // namespace llmlab::num
