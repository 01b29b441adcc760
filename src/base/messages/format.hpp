// Messages: fprintf's and sprintf's format strings and the values they consume (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_FORMAT_MESSAGES(M)                                                               \
  M(printf_argument_kind, "fprintf %{}: expected {}, got {}")                                   \
  M(printf_field_too_wide, "fprintf: the field {} must be at most {}")                          \
  M(printf_incomplete_specifier, "fprintf: incomplete format specifier")                        \
  M(printf_star_not_scalar, "fprintf *: expected scalar, got {}")                               \
  M(printf_too_few_arguments, "fprintf: not enough arguments (need arg {} for '%{}')")          \
  M(printf_trailing_percent, "fprintf: trailing '%'")                                           \
  M(printf_unknown_specifier, "fprintf: unknown specifier '%{}'")                               \
  M(printf_unwritable, "fprintf: the conversion cannot be written")
// clang-format on

namespace llmlab::messages {
LLMLAB_FORMAT_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
