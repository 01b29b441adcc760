// The MLP activation of the trainer: PyTorch's default exact GELU (nn/gelu_erf, with erf, as
// F.gelu and train_prepost.py use it), or nn/gelu's tanh approximation. The forward pass also
// writes the activation's derivative, all that the backward pass needs of its input, so the
// backward pass is one multiplication instead of a second evaluation of erf and exp. Threaded over
// the buffer.
#pragma once

#include <span>

#include "train/config.hpp"

namespace llmlab::train {

// out = act(in) and derivative = act'(in); `derivative` may be `in` itself (the trainer writes
// the derivative over the pre-activation).
template <class T>
void activation_forward(Activation kind, std::span<T> out, std::span<T> derivative,
                        std::span<const T> in);

// dinp = derivative ⊙ dout, with the derivative activation_forward wrote.
template <class T>
void activation_backward(std::span<T> dinp, std::span<const T> derivative, std::span<const T> dout);

}  // namespace llmlab::train
