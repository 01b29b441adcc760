// The standard-normal ziggurat of rand_distr 0.4.3 (rng.md §4): 256 layers, a wedge test against
// exp(-x²/2) and Marsaglia's tail beyond R. Reference: Marsaglia & Tsang, "The Ziggurat Method
// for Generating Random Variables" (2000); Doornik, "An Improved Ziggurat Method" (2005).
// The first layer test of each draw is inline in rng.cpp; this file takes the draws it rejects.
#include <bit>
#include <cmath>

#include "num/rng.hpp"
#include "num/rng_ziggurat_tables.hpp"

// The wedge test must round the subtract, multiply and add separately, as rand_distr does; a
// fused multiply-add is a different function and could flip a comparison (rng.md §4.4).
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace llmlab::num {
namespace {

using detail::kZigguratF;
using detail::kZigguratX;

constexpr double kTailStart = 0x1.d3bb48209ad33p+1;  // R = X[1]

// Marsaglia's tail method: a sample beyond R on the side of u's sign (rng.md §4.3).
double tail_sample(Rng& rng, double u) {
  double tx = 1.0;
  double ty = 0.0;
  while (-2.0 * ty < tx * tx) {  // holds on entry, so at least one pair is drawn
    const double a = rng.open01();
    const double c = rng.open01();
    tx = std::log(a) / kTailStart;
    ty = std::log(c);
  }
  return u < 0.0 ? tx - kTailStart : kTailStart - tx;
}

}  // namespace

double Rng::standard_normal_rejected(std::uint64_t bits) {
  for (;;) {
    const auto layer = static_cast<std::size_t>(bits & 0xFF);  // the lowest 8 bits
    // The top 52 bits as a mantissa in [2, 4), minus 3: a signed uniform in [-1, 1).
    const double u = std::bit_cast<double>((bits >> 12) | 0x4000000000000000ull) - 3.0;
    const double x = u * kZigguratX[layer];
    // The caller already failed this test for the first `bits`; redraws need it again.
    if (std::abs(x) < kZigguratX[layer + 1]) return x;
    if (layer == 0) return tail_sample(*this, u);
    const double r = standard_f64();
    const double density_bound =
        kZigguratF[layer + 1] + (kZigguratF[layer] - kZigguratF[layer + 1]) * r;
    if (density_bound < std::exp(((-x) * x) / 2.0)) return x;
    bits = next_u64();
  }
}

}  // namespace llmlab::num
