// Messages: a builtin's arguments, in the words every builtin shares (see base/message.hpp).
// The first field is the argument's name as the builtin's help names it ("dim", "x").
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_ARGUMENT_MESSAGES(M)                                                             \
  M(must_be_positive_integer, "{} must be a positive integer")                                  \
  M(must_be_non_negative_integers, "{} must be non-negative integers")                          \
  M(must_be_vector, "{} must be a vector")                                                      \
  M(must_be_numeric, "{} must be numeric")                                                      \
  M(must_be_real, "{} must be real")                                                            \
  M(must_be_string, "{} must be a string")                                                      \
  M(must_be_non_empty, "{} must be non-empty")                                                  \
  M(same_size_or_scalar, "{} must have the same size, or one must be a scalar")                 \
  /* Call's arguments: its options, dims and kinds */                                           \
  M(argument_expected_got, "{}: argument {}: expected {}, got {}")                              \
  M(dim_not_one_or_two, "dim must be 1 or 2, got {}")                                           \
  M(expected_got, "expected {}, got {}")                                                        \
  M(must_be_one_of, "{} must be {}, got {}")                                                    \
  M(must_be_two_dimensional, "{} must be 2-D (a matrix); this one is {}")                       \
  M(option_needs_value, "option '{}' needs a value")                                            \
  M(unknown_option, "unknown option '{}' (options: {})")                                        \
  /* What Call::fail_argument says an argument should have been */                              \
  M(kind_cell_of_texts, "a cell of texts")                                                      \
  M(kind_function, "a function")                                                                \
  M(kind_function_or_name, "a function or its name")                                            \
  M(kind_integer, "integer")                                                                    \
  M(kind_non_negative_integer, "non-negative integer")                                          \
  M(kind_numeric, "numeric")                                                                    \
  M(kind_option_name, "an option name")                                                         \
  M(kind_scalar, "scalar")                                                                      \
  M(kind_string, "string")                                                                      \
  M(kind_struct, "a struct")                                                                    \
  M(kind_texts, "texts (a string, string array or cell of strings)")                            \
  /* A setting or option, named, and the value it was given */                                  \
  M(must_be_integer_got, "{} must be an integer, got {}")                                       \
  M(must_be_number, "{} must be a number")                                                      \
  M(must_be_number_got, "{} must be a number, got {}")                                          \
  M(must_be_positive_integer_got, "{} must be a positive integer, got {}")                      \
  M(unknown_option_named, "unknown option '{}'")                                                \
  M(kind_char_matrix, "a {}×{} char matrix (only a one-row text is accepted here)")             \
  M(kind_nd_array, "a {} array")
// clang-format on

namespace llmlab::messages {
LLMLAB_ARGUMENT_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
