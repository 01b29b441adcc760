// Messages: sets, sorting and searching (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_SETS_MESSAGES(M)                                                                \
  /* sets: union, intersect, setdiff, ismember */                                              \
  M(sorted_and_stable, "cannot specify both \"sorted\" and \"stable\"")                        \
  M(one_order_option, "only one of \"sorted\", \"stable\", or \"legacy\" may be specified")    \
  M(unknown_order_option, "unknown option \"{}\" (\"sorted\" or \"stable\")")                  \
  M(rows_column_counts_differ, "A and S must have the same number of columns with \"rows\" ({} vs {})") \
  M(string_lookup_not_string_array, "a string is looked up in a string array, got {}")         \
  M(argument_not_string_array, "argument {}: expected string_array, got {}")                   \
  M(occurrence_with_order, "cannot specify \"first\"/\"last\" with \"sorted\"/\"stable\"")     \
  M(order_with_legacy, "cannot specify \"sorted\" or \"stable\" with \"legacy\"")              \
  M(first_and_last, "cannot specify both \"first\" and \"last\"")                              \
  M(invalid_option, "invalid option: {}")                                                      \
  M(operands_not_numeric, "takes numeric operands, got {} and {}")                             \
  M(takes_one_order_option, "takes one option, \"sorted\" or \"stable\"")                      \
  /* sort_search: sort, find, unique, sortrows */                                              \
  M(column_out_of_range, "column {} is not in 1..{} or its negative")                          \
  M(bad_order_option, "invalid option: takes one, \"sorted\" or \"stable\"")
// clang-format on

namespace llmlab::messages {
LLMLAB_SETS_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
