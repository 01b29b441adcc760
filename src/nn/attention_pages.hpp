// Scaled dot-product attention over the pages of N-D arrays (issue #27): the computation of the
// attention builtin and of its gradient rule, written once here. Queries, keys and values are
// T×C×… arrays (one T×C page per sequence, the trailing dims batch them as pagemtimes does);
// with H heads each page's C columns are H blocks of C/H, as llm.c and PyTorch split them.
// Letters: T query positions, S key positions, H heads, d = C/H the head size.
#pragma once

#include <optional>

#include "num/nd_array.hpp"

namespace llmlab::nn {

struct AttentionOptions {
  int heads = 1;
  bool causal = false;          // query t sees keys u <= t only (needs S == T)
  std::optional<double> scale;  // the scores' factor; 1/sqrt(d) when not given
};

struct AttentionResult {
  num::NdArray output;   // T×C×…, the heads' values side by side
  num::NdArray weights;  // T×S×H×…: each row one query's softmax over the keys
};

// y = softmax(scale · q kᵀ + mask) v per page and head. Errors name the mismatched extents.
AttentionResult attention_pages(const num::NdArray& q, const num::NdArray& k, const num::NdArray& v,
                                const AttentionOptions& options);

struct AttentionGradients {
  num::NdArray dq, dk, dv;  // each in its operand's extents
};

// The gradients of q, k and v from the output's gradient dy and the forward's weights.
AttentionGradients attention_pages_backward(const num::NdArray& dy, const num::NdArray& q,
                                            const num::NdArray& k, const num::NdArray& v,
                                            const num::NdArray& weights,
                                            const AttentionOptions& options);

// attention(qkv, ...): q, k and v side by side in one T×3C×… array (a projection's output as it
// comes: for T×3C×B the fused kernels read its storage without a copy).
AttentionResult attention_packed(const num::NdArray& qkv, const AttentionOptions& options);
// The gradient of qkv (its extents).
num::NdArray attention_packed_backward(const num::NdArray& dy, const num::NdArray& qkv,
                                       const num::NdArray& weights,
                                       const AttentionOptions& options);

}  // namespace llmlab::nn
