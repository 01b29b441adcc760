// AdamW (Loshchilov & Hutter 2019): Adam with decoupled weight decay and bias correction, in the
// exact order torch.optim.AdamW applies it, over one flat parameter buffer. No allocation.
#pragma once

#include <span>

namespace llmlab::nn {

struct AdamWSettings {
  double learning_rate = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double epsilon = 1e-8;
  double weight_decay = 0.01;
};

// One update at step `step` (1-based, for the bias corrections), elementwise:
//   p -= lr·wd·p;  m = β1 m + (1-β1) g;  v = β2 v + (1-β2) g²;
//   p -= lr / (1-β1^step) · m / (sqrt(v) / sqrt(1-β2^step) + ε).
// params, grads, m, v: the same length; m and v start at 0 and persist between steps.
template <class T>
void adamw_step(std::span<T> params, std::span<const T> grads, std::span<T> m, std::span<T> v,
                long step, const AdamWSettings& settings);

}  // namespace llmlab::nn
