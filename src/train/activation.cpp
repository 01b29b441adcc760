// Exact GELU and its derivative (float: a vectorisable erf within 1.5e-7 over a float exp;
// double: libm) and the dispatch between the two GELUs.
#include "train/activation.hpp"

#include <cmath>
#include <type_traits>

#include "base/error.hpp"
#include "nn/gelu.hpp"
#include "nn/target_clones.hpp"
#include "nn/vector_exp.hpp"

namespace llmlab::train {

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
        y[i] = x[i] * normal_cdf(x[i], nn::detail::exp_single(-0.5f * x[i] * x[i]));
      }
      return;
    }
    // x[i] is read before dy[i] is written, so dy may be x.
#pragma omp parallel for simd schedule(static) if (count > 1 << 14)
    for (long i = 0; i < count; i++) {
      const float xi = x[i];
      const float e = nn::detail::exp_single(-0.5f * xi * xi);
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

template <class T>
void activation_forward(Activation kind, std::span<T> out, std::span<T> derivative,
                        std::span<const T> in) {
  if (kind == Activation::GeluErf) {
    gelu_erf_forward(out, derivative, in);
  } else {
    // gelu_forward reads `in` whole before gelu_grad overwrites it (when derivative is in).
    nn::gelu_forward(out, in);
    if (!derivative.empty()) nn::gelu_grad(derivative, in);
  }
}

template <class T>
LLMLAB_AVX512_CLONES void activation_backward(std::span<T> dinp, std::span<const T> derivative,
                                              std::span<const T> dout) {
  LLMLAB_ASSERT(dinp.size() == derivative.size() && dout.size() == derivative.size());
  const long count = static_cast<long>(dinp.size());
  T* dx = dinp.data();
  const T* d = derivative.data();
  const T* dy = dout.data();
#pragma omp parallel for simd schedule(static) if (count > 1 << 14)
  for (long i = 0; i < count; i++) dx[i] = d[i] * dy[i];
}

#define LLMLAB_INSTANTIATE(T)                                                                      \
  template void gelu_erf_forward<T>(std::span<T>, std::span<T>, std::span<const T>);               \
  template void activation_forward<T>(Activation, std::span<T>, std::span<T>, std::span<const T>); \
  template void activation_backward<T>(std::span<T>, std::span<const T>, std::span<const T>);
LLMLAB_INSTANTIATE(float)
LLMLAB_INSTANTIATE(double)
#undef LLMLAB_INSTANTIATE

}  // namespace llmlab::train
