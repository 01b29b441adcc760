// Exact GELU and the dispatch between the two GELUs.
#include "train/activation.hpp"

#include <cmath>

#include "base/error.hpp"
#include "nn/gelu.hpp"

namespace llmlab::train {

template <class T>
void gelu_erf_forward(std::span<T> out, std::span<const T> in) {
  LLMLAB_ASSERT(out.size() == in.size());
  const T inverse_sqrt2 = static_cast<T>(0.70710678118654752440);
  const long count = static_cast<long>(in.size());
#pragma omp parallel for schedule(static) if (count > 1 << 14)
  for (long i = 0; i < count; i++) {
    const T x = in[static_cast<size_t>(i)];
    out[static_cast<size_t>(i)] = T(0.5) * x * (T(1) + std::erf(x * inverse_sqrt2));
  }
}

template <class T>
void gelu_erf_backward(std::span<T> dinp, std::span<const T> inp, std::span<const T> dout) {
  LLMLAB_ASSERT(dinp.size() == inp.size() && dout.size() == inp.size());
  const T inverse_sqrt2 = static_cast<T>(0.70710678118654752440);
  const T inverse_sqrt_2pi = static_cast<T>(0.39894228040143267794);
  const long count = static_cast<long>(inp.size());
#pragma omp parallel for schedule(static) if (count > 1 << 14)
  for (long i = 0; i < count; i++) {
    const size_t j = static_cast<size_t>(i);
    const T x = inp[j];
    const T cdf = T(0.5) * (T(1) + std::erf(x * inverse_sqrt2));
    const T pdf = inverse_sqrt_2pi * std::exp(T(-0.5) * x * x);
    dinp[j] += (cdf + x * pdf) * dout[j];
  }
}

template <class T>
void activation_forward(Activation kind, std::span<T> out, std::span<const T> in) {
  if (kind == Activation::GeluErf) {
    gelu_erf_forward(out, in);
  } else {
    nn::gelu_forward(out, in);
  }
}

template <class T>
void activation_backward(Activation kind, std::span<T> dinp, std::span<const T> inp,
                         std::span<const T> dout) {
  if (kind == Activation::GeluErf) {
    gelu_erf_backward(dinp, inp, dout);
  } else {
    nn::gelu_backward(dinp, inp, dout);
  }
}

#define LLMLAB_INSTANTIATE(T)                                                                 \
  template void gelu_erf_forward<T>(std::span<T>, std::span<const T>);                        \
  template void gelu_erf_backward<T>(std::span<T>, std::span<const T>, std::span<const T>);   \
  template void activation_forward<T>(Activation, std::span<T>, std::span<const T>);          \
  template void activation_backward<T>(Activation, std::span<T>, std::span<const T>,          \
                                       std::span<const T>);
LLMLAB_INSTANTIATE(float)
LLMLAB_INSTANTIATE(double)
#undef LLMLAB_INSTANTIATE

}  // namespace llmlab::train
