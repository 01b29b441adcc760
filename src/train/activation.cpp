// The dispatch between the two GELUs (the kernels are nn/gelu_erf and nn/gelu).
#include "train/activation.hpp"

#include "base/error.hpp"
#include "nn/gelu.hpp"
#include "nn/gelu_erf.hpp"
#include "nn/target_clones.hpp"

namespace llmlab::train {

template <class T>
void activation_forward(Activation kind, std::span<T> out, std::span<T> derivative,
                        std::span<const T> in) {
  if (kind == Activation::GeluErf) {
    nn::gelu_erf_forward(out, derivative, in);
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
  template void activation_forward<T>(Activation, std::span<T>, std::span<T>, std::span<const T>); \
  template void activation_backward<T>(std::span<T>, std::span<const T>, std::span<const T>);
LLMLAB_INSTANTIATE(float)
LLMLAB_INSTANTIATE(double)
#undef LLMLAB_INSTANTIATE

}  // namespace llmlab::train
