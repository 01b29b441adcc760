// Messages: the session, its files and folders, errors and assertions, input and output (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_ENVIRONMENT_MESSAGES(M)                                                         \
  /* directories: cd, ls, dir, which */                                                        \
  M(no_such_directory, "{}: no such directory")                                                \
  M(no_such_file_or_directory, "{}: no such file or directory")                                \
  /* errors: MException, error, assert, narginchk */                                           \
  M(assert_errors_for, "ASSERT errors for: assert (cond,expected,tol)\n  {}")                  \
  M(assertion_failed, "Assertion failed")                                                      \
  M(not_enough_input_arguments, "Not enough input arguments")                                  \
  M(too_many_input_arguments, "Too many input arguments")                                      \
  M(not_an_error, "argument 1 must be an error: an MException or a caught error's struct")     \
  M(only_inside_function, "can only be called inside a function")                              \
  M(assert_call_form, "expected assert(observed, expected, tol)")                              \
  M(mexception_call_form, "give the identifier and the message: MException(id, fmt, ...)")     \
  M(bad_assert_tolerance, "tol must be a scalar or have the size of expected")                 \
  M(assert_dimensions_differ, "{}: Dimensions don't match")                                    \
  M(assert_class_differs, "{}: Class {} != {}")                                                \
  M(assert_nan_mismatch, "{}: 'NaN' mismatch")                                                 \
  M(assert_inf_mismatch, "{}: 'Inf' mismatch")                                                 \
  M(assert_absolute_error, "{}: Abs err {:.5g} exceeds tol {:.5g}")                            \
  M(assert_relative_error, "{}: Rel err {:.5g} exceeds tol {:.5g}")                            \
  M(assert_kind_differs, "{}: Expected {}, but observed {}")                                   \
  M(assert_strings_differ, "{}: Strings don't match: '{}' != '{}'")                            \
  M(assert_fieldnames_differ, "{}: Structure fieldname mismatch")                              \
  M(assert_values_differ, "{}: values differ")                                                 \
  /* output: fprintf, disp, input */                                                           \
  M(standard_input_closed, "end of input: standard input is closed")                           \
  M(no_input_available, "no input available here (nothing can be typed into this run)")        \
  M(typed_expression_no_value, "the typed expression has no value")                            \
  /* session: tic, toc, pause, help on keywords */                                             \
  M(expected_on_or_off, "expected \"on\" or \"off\", got \"{}\"")                              \
  M(toc_before_tic, "call tic() first")                                                        \
  M(negative_duration, "duration must be non-negative")                                        \
  M(pause_call_form, "give the seconds to wait, as in pause(0.5)")                             \
  M(no_such_name, "no builtin, function or keyword named '{}'")                                \
  M(takes_no_arguments, "takes no arguments")                                                  \
  /* session_commands: exit, format, lookfor, doc */                                           \
  M(bad_exit_status, "exit status must be an integer from 0 to 255, got {}")                   \
  M(format_needs_count, "format {} needs a count (or all)")                                    \
  M(format_bad_count_or_all, "format {}: expected a positive count or all, got '{}'")          \
  M(format_bad_count, "format {}: expected a positive count, got {}")                          \
  M(help_not_installed, "help is not installed")                                               \
  M(lookfor_needs_word, "lookfor needs a word to search for")                                  \
  M(unknown_format_mode, "unknown mode '{}' (try short, long, hex, commas)")                   \
  /* sweep: sweep_load */                                                                      \
  M(not_a_sweep_folder, "'{}' is not a sweep folder (no runs/ folder; see `llmlab sweep run`)") \
  M(no_sweep_records, "'{}' has no run records yet")
// clang-format on

namespace llmlab::messages {
LLMLAB_ENVIRONMENT_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
