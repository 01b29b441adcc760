// Messages: numeric classes, integer arithmetic and conversions between classes (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_CLASSES_MESSAGES(M)                                                             \
  /* constants: eps, inf, nan and their size and class arguments */                            \
  M(unsupported_class_not_precision, "unsupported class \"{}\" (\"double\" or \"single\")")    \
  M(not_double_or_single, "X must be double or single")                                        \
  M(like_prototype_not_logical, "the \"like\" prototype must be logical")                      \
  /* integers: gcd, primes, bit operations, base conversion */                                 \
  M(not_integer_below_2_53, "arguments must be non-negative integers below 2^53, got {}")      \
  M(shift_not_integer, "shift must be an integer, got {}")                                     \
  M(not_integer_in_int64_range, "arguments must be integers from -2^63 to 2^53, got {}")       \
  M(not_base_number, "\"{}\" is not a base-{} number")                                         \
  M(no_integer_class_argument, "at least one argument must be of an integer class")            \
  M(n_above_1e8, "n must be at most 1e8")                                                      \
  /* kinds: the argument checks builtins share */                                              \
  M(class_not_precision, "class must be \"double\" or \"single\", got \"{}\"")                 \
  M(unknown_class, "unknown class \"{}\"")                                                     \
  M(numeric_not_char_matrix, "argument 1 must be numeric, got a {}×{} char matrix")            \
  M(not_double_or_single_class, "argument {} must be of class double or single, got {}")       \
  /* types: class tests, cast and conversions */                                               \
  M(unsupported_integer_class, "unsupported integer class \"{}\" (int8, uint8, int16, uint16, int32 or uint32)") \
  M(not_string_or_integer_variable, "argument 1 must be a string or integer variable")         \
  M(nan_to_logical, "NaN cannot be converted to logical")                                      \
  M(cast_call_forms, "expected cast(x, class) or cast(x, \"like\", y)")
// clang-format on

namespace llmlab::messages {
LLMLAB_CLASSES_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
