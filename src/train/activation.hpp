// The MLP activation of the trainer: PyTorch's default exact GELU (with erf, as F.gelu and
// train_prepost.py use it), or nn/gelu's tanh approximation. Threaded over the buffer.
#pragma once

#include <span>

#include "train/config.hpp"

namespace llmlab::train {

// gelu(x) = x · Φ(x) = 0.5 x (1 + erf(x / sqrt(2))) (Hendrycks & Gimpel 2016, eq. 1).
template <class T>
void gelu_erf_forward(std::span<T> out, std::span<const T> in);

// Accumulates (+=) dinp = (Φ(x) + x φ(x)) · dout, φ the standard normal density.
template <class T>
void gelu_erf_backward(std::span<T> dinp, std::span<const T> inp, std::span<const T> dout);

template <class T>
void activation_forward(Activation kind, std::span<T> out, std::span<const T> in);
template <class T>
void activation_backward(Activation kind, std::span<T> dinp, std::span<const T> inp,
                         std::span<const T> dout);

}  // namespace llmlab::train
