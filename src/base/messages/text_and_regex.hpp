// Messages: strings, characters and regular expressions (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_TEXT_AND_REGEX_MESSAGES(M)                                                                \
  /* regex: regexp, regexprep, strsplit, strfind */                                            \
  M(invalid_pattern, "invalid pattern \"{}\": {}")                                             \
  M(unsupported_regexprep_option, "unsupported option \"{}\" (once, emptymatch, ignorecase, dotall, lineanchors)") \
  M(unsupported_regexp_option, "unsupported option \"{}\" (match, start, end, tokenExtents, tokens, names, split, once, emptymatch)") \
  M(unsupported_regexp_option_matlab, "unsupported option \"{}\" (match, start, end, tokenExtents, tokens, names, split, once, emptymatch, ignorecase, dotall, lineanchors)") \
  M(too_many_regexp_outputs, "too many outputs: {} requested, {} available")                   \
  M(bad_delimiter_type, "DelimiterType must be \"Simple\" or \"RegularExpression\", got \"{}\"") \
  M(bad_replacement_count, "REPSTR must be one text or one per pattern")                       \
  M(not_true_or_false, "argument {} must be true or false, got {}")                            \
  M(regex_text_too_long, "text of {} characters is longer than the {} a regular expression may search") \
  M(regex_timed_out, "the match ran longer than {} s and was abandoned: the pattern backtracks on this text (nested repetition such as (a|a)* or (a*)*); simplify the pattern") \
  M(must_hold_texts_only, "{} must hold texts only")                                           \
  /* strings: strcat, strcmp, validatestring, strjust */                                       \
  M(bad_justify_position, "the position is \"right\", \"left\" or \"center\", got \"{}\"")     \
  M(text_rows_differ, "argument {} has {} rows where the others have {}")                      \
  M(char_rows_join_no_cell, "a char of several rows joins no cell of texts")                   \
  M(bad_character_code, "character code {} is not a whole number in 0..1114111")               \
  M(cell_not_texts_and_numbers, "argument {} must be a cell of texts and numbers; it holds a {}") \
  M(not_char_or_cell_of_texts, "argument must be a char or a cell of texts, got {}")           \
  M(argument_not_char, "argument 1 must be a char, got {}")                                    \
  M(position_below_1, "the argument position must be 1 or more")                               \
  M(name_not_one_row, "argument {} (a function or variable name) must be one row of text")     \
  M(too_many_names, "at most two names (function, variable) come before a position")           \
  M(argument_1_not_one_row, "argument 1 must be one row of text")                              \
  M(valid_options_not_cell, "argument 2 must be a cell of texts (the valid options)")          \
  M(option_not_valid, "{}'{}'{} is none of the valid options: {}")                             \
  M(option_ambiguous, "{}'{}'{} begins more than one valid option: {}")                        \
  M(argument_1_is_string, "argument 1 must be a string_array, got string")                     \
  M(delimiter_count_mismatch, "a cell of delimiters needs one per gap ({}), got {}")           \
  /* text: split, join, compose, string */                                                     \
  M(cell_element_not_one_string, "each element of the cell must convert to one string, got {}") \
  M(position_outside_text, "position must be within the text, got {}")                         \
  M(cannot_convert_to_text, "cannot convert {} to text")                                       \
  /* text_format: sprintf, num2str, mat2str */                                                 \
  M(not_numeric_or_string, "argument 1 must be numeric or a string, got {}")                   \
  M(x_not_two_dimensional, "X must be two dimensional")
// clang-format on

namespace llmlab::messages {
LLMLAB_TEXT_AND_REGEX_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
