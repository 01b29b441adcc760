// exp written so that `#pragma omp simd` loops vectorise it (AVX2 in the release build), for the
// row kernels' hot loops; libm's exp is a scalar call that no compiler vectorises without
// -ffast-math. Within 1 ulp of the exact result over the whole double range, the accuracy
// builtins.md §0.5 asks of a vectorised library; nn's tests measure it against std::exp.
#pragma once

#include <bit>
#include <cstdint>

namespace llmlab::nn::detail {

// exp(x) = 2^k · exp(r), k = round(x / ln 2), r = x - k ln 2 in two parts (Cody & Waite: the
// high part of ln 2 has 32 bits, so k · kLn2High is exact), |r| <= ln(2)/2. exp(r) is its
// Taylor series to degree 13 (truncation < 2^-60 relative), evaluated as 1 + (r + r² q(r)) so
// the final rounding dominates. 2^k is applied as two exact power-of-two factors so results in
// the subnormal range round once and k never leaves the exponent field; x is clamped first, so
// overflow gives +inf and underflow 0 through the multiplications alone.
// The clamp bounds, -746 and 710 (exp underflows to 0 below the one and overflows above the
// other). Defined in vector_exp.cpp, out of the optimiser's sight on purpose: with literal
// bounds GCC threads the clamped paths into constant-folded branches and the loop no longer
// vectorises ("control flow in loop").
extern const double kExpLowest;
extern const double kExpHighest;

inline double exp_lane(double x) {
  constexpr double kLog2e = 1.4426950408889634;
  constexpr double kLn2High = 6.93147180369123816490e-01;  // 0x3fe62e42fee00000
  constexpr double kLn2Low = 1.90821492927058770002e-10;
  constexpr double kRound = 6755399441055744.0;  // 1.5 · 2^52: adding it rounds to an integer
  constexpr double kBiased = kRound + 1023.0;    // the same, with the exponent bias built in
  const double low = x < kExpLowest ? kExpLowest : x;
  const double clamped = low > kExpHighest ? kExpHighest : low;
  const double k = (clamped * kLog2e + kRound) - kRound;
  const double r = (clamped - k * kLn2High) - k * kLn2Low;
  double q = 1.0 / 6227020800.0;  // 1/13!
  q = q * r + 1.0 / 479001600.0;
  q = q * r + 1.0 / 39916800.0;
  q = q * r + 1.0 / 3628800.0;
  q = q * r + 1.0 / 362880.0;
  q = q * r + 1.0 / 40320.0;
  q = q * r + 1.0 / 5040.0;
  q = q * r + 1.0 / 720.0;
  q = q * r + 1.0 / 120.0;
  q = q * r + 1.0 / 24.0;
  q = q * r + 1.0 / 6.0;
  q = q * r + 0.5;
  const double exp_r = 1.0 + (r + (r * r) * q);
  const double k1 = (k * 0.5 + kRound) - kRound;
  const double k2 = k - k1;
  // The low 11 bits of (k + 1023 + kRound)'s pattern are k + 1023: shifted up, an exponent.
  const double scale1 = std::bit_cast<double>(std::bit_cast<std::uint64_t>(k1 + kBiased) << 52);
  const double scale2 = std::bit_cast<double>(std::bit_cast<std::uint64_t>(k2 + kBiased) << 52);
  // A NaN passes the clamp and poisons every step (its scale is 0, NaN · 0 = NaN), so no select
  // is needed: a select after arithmetic would stop the loop vectorising under -ftrapping-math.
  return (exp_r * scale1) * scale2;
}

inline float exp_lane(float x) { return static_cast<float>(exp_lane(static_cast<double>(x))); }

}  // namespace llmlab::nn::detail
