#include "num/special.hpp"

#include <cmath>
#include <limits>
#include <numbers>

namespace llmlab::num {

double digamma(double x) {
  if (std::isnan(x)) return x;
  if (x <= 0.0 && x == std::floor(x)) return std::numeric_limits<double>::quiet_NaN();
  // Reflection for negative x: ψ(x) = ψ(1 - x) - π / tan(π x).
  if (x < 0.0) return digamma(1.0 - x) - std::numbers::pi / std::tan(std::numbers::pi * x);
  // Recurrence ψ(x) = ψ(x + 1) - 1/x up to where the asymptotic series is accurate.
  double shift = 0.0;
  while (x < 10.0) {
    shift -= 1.0 / x;
    x += 1.0;
  }
  // ψ(x) ~ ln x - 1/(2x) - Σ B₂ₖ / (2k x²ᵏ): terms up to x⁻¹² (error < 1e-15 at x >= 10).
  const double r = 1.0 / (x * x);
  const double series =
      r *
      (1.0 / 12 -
       r * (1.0 / 120 - r * (1.0 / 252 - r * (1.0 / 240 - r * (1.0 / 132 - r * (691.0 / 32760))))));
  return shift + std::log(x) - 0.5 / x - series;
}

}  // namespace llmlab::num
