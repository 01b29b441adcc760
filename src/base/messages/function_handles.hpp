// Messages: function handles and the functions that apply them (arrayfun, cellfun...) (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_FUNCTION_HANDLES_MESSAGES(M)                                                          \
  /* function_info: nargin and nargout of a function */                                        \
  M(builtin_counts_undeclared, "'{}' is a built-in function; its argument counts are not declared") \
  M(not_function_name_or_handle, "argument 1 must be a function name or handle, got {}")       \
  M(no_function_named, "no function named '{}'")                                               \
  /* functional: feval, arrayfun, bsxfun, str2func */                                          \
  M(matrix_input_needs_numbers, "a matrix input needs one number from each call")              \
  M(not_function_handle, "argument 1 must be a function handle, got {}")                       \
  M(argument_size_differs, "argument {} has a different size from argument 2")                 \
  M(element_kind_differs, "element {} returned {}, unlike element 1")                          \
  M(feval_not_function_name, "feval: first argument must be a string function name")           \
  M(only_function_names, "only function names are supported (write the lambda itself: @(x) ...)") \
  M(bad_uniform_output_option, "the only option is \"UniformOutput\", true or false")          \
  M(element_not_string, "with \"UniformOutput\", false the function must return strings, element {} gave {}") \
  M(inputs_outputs_mismatch, "{} inputs for {} outputs (give one input, or one per output)")   \
  M(element_wrong_length, "{}: element {} returned {} of length {}, expected {}")              \
  M(element_not_scalar, "{}: element {} returned {}, expected scalar")                         \
  M(first_argument_not_function, "{}: first argument must be a lambda or function handle, got {}") \
  M(element_unsupported_type, "{}: function returned unsupported type {}")                     \
  M(second_argument_not_vector, "{}: second argument must be a vector or scalar, got {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_FUNCTION_HANDLES_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
