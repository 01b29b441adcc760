// The arguments of attention(q, k, v, "heads", H, "causal", tf, "scale", s) and of its packed
// form attention(qkv, ...), read once for the builtin (builtins/nn.cpp) and for its gradient
// rule (page_rules.cpp).
#pragma once

#include <span>

#include "nn/attention_pages.hpp"
#include "num/nd_array.hpp"
#include "runtime/value.hpp"

namespace llmlab::autodiff {

struct AttentionArguments {
  bool packed = false;
  num::NdArray q, k, v;  // when not packed
  num::NdArray qkv;      // when packed: q, k and v side by side
  nn::AttentionOptions options;
};

// The attention of the arguments: their output and weights.
nn::AttentionResult attention_of(const AttentionArguments& arguments);

// Plain values (the primals); errors are worded "attention: ...".
AttentionArguments read_attention_arguments(std::span<const runtime::Value> arguments);

}  // namespace llmlab::autodiff
