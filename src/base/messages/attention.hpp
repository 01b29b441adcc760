// Messages: attention, for the shapes and options of q, k and v (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_ATTENTION_MESSAGES(M)                                                            \
  M(attention_arrays_too_large, "attention: the arrays are too large")                          \
  M(attention_causal_needs_square, "attention: a causal mask needs as many queries as keys, got {} and {}") \
  M(attention_heads_do_not_divide, "attention: {} heads do not divide the {} columns of q and {} of v") \
  M(attention_key_value_rows_disagree, "attention: k has {} rows (keys) and v {}: they must agree") \
  M(attention_not_numeric_array, "attention: {} must be a numeric array, got {}")               \
  M(attention_option_needs_number, "attention: option \"{}\" needs a number")                   \
  M(attention_packed_columns_not_triple, "attention: qkv has {} columns; q, k and v side by side need a multiple of 3") \
  M(attention_query_key_columns_disagree, "attention: q has {} columns and k {}: they must agree") \
  M(attention_scale_not_finite, "attention: scale must be finite")                              \
  M(attention_usage, "attention: expected attention(q, k, v, ...) or attention(qkv, ...)")
// clang-format on

namespace llmlab::messages {
LLMLAB_ATTENTION_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
