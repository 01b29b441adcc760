// Causal multi-head self-attention, llm.c-shaped: from the fused q,k,v projection to the
// per-head weighted values, heads concatenated. No allocation; float and double.
// Letters: B batch, T time (sequence), C channels (d_model), NH heads, hs = C / NH head size.
#pragma once

#include <span>

namespace llmlab::nn {

// inp (B, T, 3C): each token's q, k, v side by side, each C wide, head h in columns
// [h·hs, (h+1)·hs) of its third. att (B, NH, T, T): the softmax weights, saved for the backward
// pass (entries above the diagonal are 0). out (B, T, C): att · v, heads concatenated.
// att[b, h, t, u] = softmax_u≤t(q_t · k_u / sqrt(hs)) (Vaswani et al. 2017, eq. 1).
template <class T>
void attention_forward(std::span<T> out, std::span<T> att, std::span<const T> inp, int B, int Tn,
                       int C, int NH);

// Writes dinp (B, T, 3C) from dout (B, T, C), given inp and att of the forward pass. The
// gradient of the scores (llm.c's dpreatt) lives in a (T, T) scratch per thread, not a
// (B, NH, T, T) buffer: each (batch, head) pair uses it only between two of its products.
template <class T>
void attention_backward(std::span<T> dinp, std::span<const T> dout, std::span<const T> inp,
                        std::span<const T> att, int B, int Tn, int C, int NH);

// The references: plain loops over time, the head dimension innermost, no threads and no
// scratch. The fast versions above (the tile kernel for float, Eigen for double) are tested
// against them.
template <class T>
void attention_forward_reference(std::span<T> out, std::span<T> att, std::span<const T> inp, int B,
                                 int Tn, int C, int NH);
template <class T>
void attention_backward_reference(std::span<T> dinp, std::span<const T> dout,
                                  std::span<const T> inp, std::span<const T> att, int B, int Tn,
                                  int C, int NH);

}  // namespace llmlab::nn
