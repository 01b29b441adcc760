// AdamW update, elementwise and threaded over the buffer (each element is independent).
#include "nn/adamw.hpp"

#include <cmath>

#include "base/error.hpp"
#include "nn/target_clones.hpp"

namespace llmlab::nn {

template <class T>
LLMLAB_AVX512_CLONES void adamw_step(std::span<T> params, std::span<const T> grads, std::span<T> m,
                                     std::span<T> v, long step, const AdamWSettings& settings) {
  LLMLAB_ASSERT(step >= 1);
  LLMLAB_ASSERT(grads.size() == params.size() && m.size() == params.size() &&
                v.size() == params.size());
  // Scalars in double as PyTorch computes them in Python, then rounded once to T.
  const double steps = static_cast<double>(step);
  const T decay = static_cast<T>(1.0 - settings.learning_rate * settings.weight_decay);
  const T beta1 = static_cast<T>(settings.beta1);
  const T beta2 = static_cast<T>(settings.beta2);
  const T one_minus_beta1 = static_cast<T>(1.0 - settings.beta1);
  const T one_minus_beta2 = static_cast<T>(1.0 - settings.beta2);
  const T step_size =
      static_cast<T>(settings.learning_rate / (1.0 - std::pow(settings.beta1, steps)));
  const T correction2_sqrt = static_cast<T>(std::sqrt(1.0 - std::pow(settings.beta2, steps)));
  const T epsilon = static_cast<T>(settings.epsilon);
  const long count = static_cast<long>(params.size());
#pragma omp parallel for schedule(static) if (count > 1 << 14)
  for (long i = 0; i < count; i++) {
    const size_t j = static_cast<size_t>(i);
    const T g = grads[j];
    T p = params[j] * decay;
    m[j] = beta1 * m[j] + one_minus_beta1 * g;
    v[j] = beta2 * v[j] + one_minus_beta2 * g * g;
    p -= step_size * m[j] / (std::sqrt(v[j]) / correction2_sqrt + epsilon);
    params[j] = p;
  }
}

template void adamw_step<float>(std::span<float>, std::span<const float>, std::span<float>,
                                std::span<float>, long, const AdamWSettings&);
template void adamw_step<double>(std::span<double>, std::span<const double>, std::span<double>,
                                 std::span<double>, long, const AdamWSettings&);

}  // namespace llmlab::nn
