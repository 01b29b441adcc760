// GELU, tanh approximation (Hendrycks & Gimpel 2016, as GPT-2 uses it), and ReLU: element-wise
// activations over flat buffers of any shape. No allocation; float and double.
#pragma once

#include <cmath>
#include <numbers>
#include <span>

namespace llmlab::nn {

// The constants of the tanh form, shared with the autodiff rule that differentiates gelu to any
// order: sqrt(2/pi) computed in double, then rounded once to T, and the cubic coefficient.
template <class T>
T gelu_scale() {
  return static_cast<T>(std::sqrt(2.0 / std::numbers::pi));
}
template <class T>
constexpr T kGeluCubic = static_cast<T>(0.044715);

// out = 0.5 x (1 + tanh(u)), u = sqrt(2/pi) (x + 0.044715 x^3). Computed as the identical
// x / (1 + exp(-2u)) with a vectorised exp and threads over large buffers; agrees with the
// reference to a few ulp (closer to the exact value where 1 + tanh(u) cancels, x << 0).
// out and in have the same length; out may alias in.
template <class T>
void gelu_forward(std::span<T> out, std::span<const T> in);

// The reference: builtins.md §8 gelu's evaluation order with libm's tanh, one element at a time.
template <class T>
void gelu_forward_reference(std::span<T> out, std::span<const T> in);

// Writes dinp = gelu'(inp) * dout (no accumulation: the caller adds if it needs a sum, and the
// trainer needs no zeroing pass). All three have the same length.
template <class T>
void gelu_backward(std::span<T> dinp, std::span<const T> inp, std::span<const T> dout);

// out = gelu'(in), the derivative of gelu_forward, in builtins.md §8 gelu_grad's evaluation
// order (powers by std::pow, as the script form's `.^` computes them). out may alias in.
template <class T>
void gelu_grad(std::span<T> out, std::span<const T> in);

// out = max(x, 0) by fmax, so relu(NaN) = 0 (builtins.md §8 relu). out may alias in.
template <class T>
void relu_forward(std::span<T> out, std::span<const T> in);

// Writes dinp = (inp > 0) * dout.
template <class T>
void relu_backward(std::span<T> dinp, std::span<const T> inp, std::span<const T> dout);

}  // namespace llmlab::nn
