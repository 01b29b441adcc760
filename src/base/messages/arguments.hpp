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
  M(must_have_same_number_of_elements, "{} must have the same number of elements ({} vs {})")   \
  M(must_be_0_or_1, "{} must be 0 or 1, got {}")                                                \
  M(must_be_vector_got_matrix, "{} must be a vector, got a {}x{} matrix")                       \
  M(must_have_same_length_vs, "{} must have the same length ({} vs {})")                        \
  M(must_be_integers, "{} must be integers")                                                    \
  M(argument_must_be_real, "argument {} must be real, got complex values")                      \
  M(unsupported_type, "unsupported type {}")                                                    \
  M(must_be_vector_plural, "{} must be vectors")                                                \
  M(must_be_vector_got, "{} must be a vector, got {}")                                          \
  M(must_have_same_length_got, "{} must have the same length, got {} and {}")                   \
  M(must_be_positive_integers, "{} must be positive integers")                                  \
  M(must_be_a_number, "{} must be a number, got NaN")                                           \
  M(must_be_finite, "{} must be finite")                                                        \
  M(must_be_positive, "{} must be positive")                                                    \
  M(must_be_integer, "{} must be an integer")                                                   \
  M(must_be_numeric_got, "{} must be numeric, got {}")                                          \
  M(expected_string_got, "expected string, got {}")                                             \
  M(must_be_integers_got, "{} must be integers, got {}")                                        \
  M(must_have_at_least_two_elements, "{} must have at least 2 elements")                        \
  M(must_be_cell_array_got, "{} must be a cell array, got {}")                                  \
  M(must_be_strings, "{} must be strings")                                                      \
  M(must_not_be_empty, "{} must not be empty")                                                  \
  M(must_match_vs, "{} must match ({} vs {})")                                                  \
  M(must_be_at_least_one, "{} must be at least 1")                                              \
  /* Rows of the core folders (runtime, lang, autodiff, train, app) */                          \
  /* Call's arguments: its options, dims and kinds */                                           \
  M(argument_expected_got, "{}: argument {}: expected {}, got {}")                              \
  M(dim_not_one_or_two, "dim must be 1 or 2, got {}")                                           \
  M(expected_got, "expected {}, got {}")                                                        \
  M(must_be_one_of, "{} must be {}, got {}")                                                    \
  M(must_be_two_dimensional, "{} must be 2-D (a matrix); this one is {}")                       \
  M(unknown_option, "unknown option '{}' (options: {})")                                        \
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
