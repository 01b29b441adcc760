// Messages: running a program: variables, fields, functions and their calls, statements (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_LANGUAGE_MESSAGES(M)                                                             \
  M(callable_argument_count, "{} expects {} argument(s), got {}")                               \
  M(cannot_read_code_file, "cannot read the code file {}: {}")                                  \
  M(dynamic_field_name_empty, "dynamic field name is empty")                                    \
  M(dynamic_field_name_not_string, "dynamic field name must be a string, got {}")               \
  M(expected_one_expression, "expected one expression")                                         \
  M(field_access_kind, "cannot access field '{}' on {}")                                        \
  M(field_access_struct_array, "cannot access field '{}' on a {} struct array; index one element, as in s(k).{}") \
  M(for_cannot_iterate, "for: cannot iterate over {}")                                          \
  M(import_not_found, "import: {}: file not found (searched {})")                               \
  M(multi_assign_count_mismatch, "multi-assign: expected {} values, function returned {}")      \
  M(no_such_field, "struct has no field '{}'")                                                  \
  M(not_a_function_file, "'{}' is a script, or a file whose first function is not {}: a script runs as a statement of its own (`{}`), and a function file's first statement must be `function ... = {}(...)`") \
  M(not_callable, "expected a lambda or function handle, got {}")                               \
  M(output_not_assigned, "function '{}': output '{}' was not assigned in the body")             \
  M(persistent_outside_function, "persistent: only a function has persistent values")           \
  M(recursion_too_deep, "maximum recursion depth exceeded ({} nested calls)")                   \
  M(return_at_top_level, "return")                                                              \
  M(stack_too_deep, "expression nested too deeply for the stack")                               \
  M(too_many_outputs_requested, "function '{}' declares {} output(s), but caller asked for {}") \
  M(undefined_function, "undefined function '{}'")                                              \
  M(undefined_variable, "undefined variable '{}'")                                              \
  M(varargout_not_cell, "function '{}': varargout must be a cell array, not {}")                \
  M(wrong_argument_count, "wrong number of arguments for '{}': expected {}, got {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_LANGUAGE_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
