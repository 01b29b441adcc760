// Messages: a builtin's arguments, in the words every builtin shares (see base/message.hpp).
// The first field is the argument's name as the builtin's help names it ("dim", "x").
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_ARGUMENT_MESSAGES(M)                                                             \
  M(must_be_positive_integer, "{} must be a positive integer")                                 \
  M(must_be_non_negative_integers, "{} must be non-negative integers")                         \
  M(must_be_vector, "{} must be a vector")                                                     \
  M(must_be_numeric, "{} must be numeric")                                                     \
  M(must_be_real, "{} must be real")                                                           \
  M(must_be_string, "{} must be a string")                                                     \
  M(must_be_non_empty, "{} must be non-empty")                                                 \
  M(same_size_or_scalar, "{} must have the same size, or one must be a scalar")                \
  M(wrong_number_of_arguments, "wrong number of arguments for '{}': expected {}, got {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_ARGUMENT_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
