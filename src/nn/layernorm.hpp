// LayerNorm over the last dimension (Ba et al. 2016), llm.c-shaped: forward saves mean and
// 1/std for the backward pass. No allocation; float and double.
// Letters: N rows (tokens), C features per row. All buffers are row-major.
#pragma once

#include <span>

namespace llmlab::nn {

// y = (x - mean) / sqrt(var + eps) * gamma + beta per row, var the population variance.
// x, y: (N, C). gamma, beta: (C), or empty for 1 and 0. mean, rstd: (N) outputs saved for
// layernorm_backward (rstd = 1 / sqrt(var + eps)), or empty when not needed.
// The division by sqrt(var + eps) (not a multiply by rstd) is part of llmlab's contract
// (builtins.md §8: a script's `(v - mu) / sqrt(var + 1e-5)` must match it exactly).
template <class T>
void layernorm_forward(std::span<T> y, std::span<T> mean, std::span<T> rstd, std::span<const T> x,
                       std::span<const T> gamma, std::span<const T> beta, int N, int C, T eps);

// The reference: sequential left-to-right sums, one row at a time, no threads. The fast
// layernorm_forward is tested against it.
template <class T>
void layernorm_forward_reference(std::span<T> y, std::span<T> mean, std::span<T> rstd,
                                 std::span<const T> x, std::span<const T> gamma,
                                 std::span<const T> beta, int N, int C, T eps);

// Writes dx (N, C) = dx_in + the gradient through the norm, and accumulates (+=) into dgamma
// (C) and dbeta (C). dx_in (N, C) may be dx itself (accumulate), another buffer (the gradient
// of a residual connection around the norm's block, with no copy into dx first) or empty
// (dx = the norm's gradient alone). dgamma/dbeta may be empty (no affine parameters, or their
// gradient not wanted) and gamma empty means 1. The caller zeroes parameter gradients once per
// step. dy, x: (N, C); mean, rstd: (N) from layernorm_forward.
template <class T>
void layernorm_backward(std::span<T> dx, std::span<T> dgamma, std::span<T> dbeta,
                        std::span<const T> dy, std::span<const T> x, std::span<const T> gamma,
                        std::span<const T> mean, std::span<const T> rstd, int N, int C,
                        std::span<const T> dx_in);

}  // namespace llmlab::nn
