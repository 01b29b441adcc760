// Exact GELU and its derivative (float: a vectorisable erf within 1.5e-7 over a float exp;
// double: libm).
#include "nn/gelu_erf.hpp"

#include <cmath>
#include <type_traits>

#include "base/error.hpp"
#include "nn/target_clones.hpp"
#include "nn/vector_exp.hpp"

namespace llmlab::nn {

namespace {

// The polynomial factor of erf(x) = 1 - P(t) exp(-x²), t = 1 / (1 + p|x|), x >= 0
// (Abramowitz & Stegun 7.1.26, |error| <= 1.5e-7: float accuracy).
inline float erf_polynomial(float ax) {
  const float t = 1.0f / (1.0f + 0.3275911f * ax);
  return t * (0.254829592f +
              t * (-0.284496736f + t * (1.421413741f + t * (-1.453152027f + t * 1.061405429f))));
}

// Φ(x) = 0.5 (1 + erf(x / sqrt 2)) given e = exp(-x²/2), which the backward pass shares with the
// density. Straight-line float code over nn's float exp, so the loops below vectorise 8 wide.
inline float normal_cdf(float x, float e) {
  const float z = x * 0.70710678118654752440f;
  const float erf = std::copysign(1.0f - erf_polynomial(std::fabs(z)) * e, z);
  return 0.5f * (1.0f + erf);
}

}  // namespace

// Float uses the vectorisable erf above; double (gradient checks) uses libm's erf and exp.
template <class T>
LLMLAB_AVX512_CLONES void gelu_erf_forward(std::span<T> out, std::span<T> derivative,
                                           std::span<const T> in) {
  LLMLAB_ASSERT(out.size() == in.size());
  LLMLAB_ASSERT(derivative.empty() || derivative.size() == in.size());
  const T inverse_sqrt2 = static_cast<T>(0.70710678118654752440);
  const T inverse_sqrt_2pi = static_cast<T>(0.39894228040143267794);
  const long count = static_cast<long>(in.size());
  const T* x = in.data();
  T* y = out.data();
  T* dy = derivative.data();
  if constexpr (std::is_same_v<T, float>) {
    if (dy == nullptr) {
#pragma omp parallel for simd schedule(static) if (count > 1 << 14)
      for (long i = 0; i < count; i++) {
        y[i] = x[i] * normal_cdf(x[i], detail::exp_single(-0.5f * x[i] * x[i]));
      }
      return;
    }
    // x[i] is read before dy[i] is written, so dy may be x.
#pragma omp parallel for simd schedule(static) if (count > 1 << 14)
    for (long i = 0; i < count; i++) {
      const float xi = x[i];
      const float e = detail::exp_single(-0.5f * xi * xi);
      const float cdf = normal_cdf(xi, e);
      y[i] = xi * cdf;
      dy[i] = cdf + xi * (inverse_sqrt_2pi * e);
    }
  } else {
    for (long i = 0; i < count; i++) {
      const T xi = x[i];
      const T cdf = T(0.5) * (T(1) + std::erf(xi * inverse_sqrt2));
      y[i] = xi * cdf;
      if (dy != nullptr) dy[i] = cdf + xi * (inverse_sqrt_2pi * std::exp(T(-0.5) * xi * xi));
    }
  }
}

template void gelu_erf_forward<float>(std::span<float>, std::span<float>, std::span<const float>);
template void gelu_erf_forward<double>(std::span<double>, std::span<double>,
                                       std::span<const double>);

}  // namespace llmlab::nn
