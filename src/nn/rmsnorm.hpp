// RMSNorm over the last dimension (Zhang & Sennrich 2019): LayerNorm without centring or bias.
// llm.c-shaped: forward saves 1/rms for the backward pass; backward accumulates.
// Letters: N rows (tokens), C features per row. All buffers are row-major.
#pragma once

#include <span>

namespace llmlab::nn {

// y = x / sqrt(mean(x^2) + eps) * gamma per row. x, y: (N, C). gamma: (C), or empty for 1.
// rrms: (N) output, 1 / sqrt(mean(x^2) + eps), saved for rmsnorm_backward, or empty.
// Divides by the root (as layernorm_forward does) rather than multiplying by its inverse.
template <class T>
void rmsnorm_forward(std::span<T> y, std::span<T> rrms, std::span<const T> x,
                     std::span<const T> gamma, int N, int C, T eps);

// The reference: sequential sums, one row at a time, no threads.
template <class T>
void rmsnorm_forward_reference(std::span<T> y, std::span<T> rrms, std::span<const T> x,
                               std::span<const T> gamma, int N, int C, T eps);

// Writes dx (N, C) = dx_in + the gradient through the norm, and accumulates (+=) into dgamma
// (C, may be empty); dx_in is dx itself, another buffer or empty, as in layernorm_backward.
// gamma empty means 1. dy, x: (N, C); rrms: (N) from rmsnorm_forward.
template <class T>
void rmsnorm_backward(std::span<T> dx, std::span<T> dgamma, std::span<const T> dy,
                      std::span<const T> x, std::span<const T> gamma, std::span<const T> rrms,
                      int N, int C, std::span<const T> dx_in);

}  // namespace llmlab::nn
