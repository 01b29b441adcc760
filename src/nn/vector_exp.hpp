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
// overflow gives +inf and a total underflow an exact 0 (see kExpZeroInput).
// The clamp bounds, -746 and 710 (exp underflows to 0 below the one and overflows above the
// other). Defined in vector_exp.cpp, out of the optimiser's sight on purpose: with literal
// bounds GCC threads the clamped paths into constant-folded branches and the loop no longer
// vectorises ("control flow in loop").
// An input below the lower bound is replaced by kExpZeroInput, not by the bound itself: its k
// is -2046, so both half scales are the bit pattern of +0.0 and the result is an exact 0 from
// normal operands. Clamping to the bound would reach 0 by underflowing through a subnormal
// product, which costs a microcode assist (over 100 cycles) on Intel cores for every lane, and
// a causal mask sends half of every attention row down that path (softmax of -inf entries).
extern const double kExpLowest;
extern const double kExpHighest;
extern const double kExpZeroInput;
// exp_single's clamp bounds, -104 and 89, and its zero input (k = -254), out of sight for the
// same reasons.
extern const float kExpSingleLowest;
extern const float kExpSingleHighest;
extern const float kExpSingleZeroInput;

inline double exp_lane(double x) {
  constexpr double kLog2e = 1.4426950408889634;
  constexpr double kLn2High = 6.93147180369123816490e-01;  // 0x3fe62e42fee00000
  constexpr double kLn2Low = 1.90821492927058770002e-10;
  constexpr double kRound = 6755399441055744.0;  // 1.5 · 2^52: adding it rounds to an integer
  constexpr double kBiased = kRound + 1023.0;    // the same, with the exponent bias built in
  const double low = x < kExpLowest ? kExpZeroInput : x;
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

// The unsigned integer of a float type's width, for exp_single_of's exponent arithmetic;
// nn/float8.hpp adds the eight-lane vector.
template <class F>
struct SingleBits {
  using type = std::uint32_t;
};

// exp in float arithmetic throughout, for float loops where exp_lane's double polynomial is the
// cost (GELU's erf): 8 lanes per AVX2 vector instead of 4, degree 7 instead of 13. Same scheme as
// exp_lane: k = round(x / ln 2), r = x - k ln 2 with a 16-bit high part of ln 2 (k · kLn2High is
// exact for |k| < 256), Taylor series of exp(r) to degree 7 (truncation < 2^-27 relative for
// |r| <= ln(2)/2), 2^k as two exact factors so subnormal results round once. Within 2 ulp of
// the correctly rounded float; -inf gives 0, +inf gives inf, NaN stays NaN. F is float or a
// float vector (nn/float8.hpp), computed lane by lane with the same operations.
template <class F>
[[gnu::always_inline]] inline F exp_single_of(F x) {
  using Bits = typename SingleBits<F>::type;
  constexpr float kLog2e = 1.44269504088896341f;
  constexpr float kLn2High = 0.693145751953125f;  // 0x3f317200
  constexpr float kLn2Low = 1.428606765330187045e-06f;
  constexpr float kRound = 12582912.0f;       // 1.5 · 2^23: adding it rounds to an integer
  constexpr float kBiased = kRound + 127.0f;  // the same, with the exponent bias built in
  const F low = x < kExpSingleLowest ? kExpSingleZeroInput : x;
  const F clamped = low > kExpSingleHighest ? kExpSingleHighest : low;
  const F k = (clamped * kLog2e + kRound) - kRound;
  const F r = (clamped - k * kLn2High) - k * kLn2Low;
  F q = r * (1.0f / 5040.0f) + 1.0f / 720.0f;
  q = q * r + 1.0f / 120.0f;
  q = q * r + 1.0f / 24.0f;
  q = q * r + 1.0f / 6.0f;
  q = q * r + 0.5f;
  const F exp_r = 1.0f + (r + (r * r) * q);
  const F k1 = (k * 0.5f + kRound) - kRound;
  const F k2 = k - k1;
  // The low 9 bits of (k + 127 + kRound)'s pattern are k + 127: shifted up, an exponent.
  const F scale1 = std::bit_cast<F>(static_cast<Bits>(std::bit_cast<Bits>(k1 + kBiased) << 23));
  const F scale2 = std::bit_cast<F>(static_cast<Bits>(std::bit_cast<Bits>(k2 + kBiased) << 23));
  return (exp_r * scale1) * scale2;
}

inline float exp_single(float x) { return exp_single_of(x); }

}  // namespace llmlab::nn::detail
