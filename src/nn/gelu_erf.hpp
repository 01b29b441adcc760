// The exact GELU with its derivative, PyTorch's default (F.gelu with erf), as the trainer's MLP
// uses it. The forward pass also writes the derivative, all that the backward pass needs of its
// input, so the backward pass is one multiplication instead of a second erf and exp. Threaded
// over the buffer.
#pragma once

#include <span>

namespace llmlab::nn {

// out = gelu(x) = x · Φ(x) = 0.5 x (1 + erf(x / sqrt(2))) (Hendrycks & Gimpel 2016, eq. 1) and,
// unless `derivative` is empty, derivative = gelu'(x) = Φ(x) + x φ(x), φ the standard normal
// density (one exp serves both). `derivative` may be `in` itself.
template <class T>
void gelu_erf_forward(std::span<T> out, std::span<T> derivative, std::span<const T> in);

}  // namespace llmlab::nn
