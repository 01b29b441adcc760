// The arguments of attention(q, k, v, "heads", H, "causal", tf, "scale", s), read once for the
// builtin (builtins/nn.cpp) and for its gradient rule (page_rules.cpp).
#pragma once

#include <span>

#include "nn/attention_pages.hpp"
#include "num/nd_array.hpp"
#include "runtime/value.hpp"

namespace llmlab::autodiff {

struct AttentionArguments {
  num::NdArray q, k, v;
  nn::AttentionOptions options;
};

// Plain values (the primals); errors are worded "attention: ...".
AttentionArguments read_attention_arguments(std::span<const runtime::Value> arguments);

}  // namespace llmlab::autodiff
