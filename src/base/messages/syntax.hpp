// Messages: the lexer's and the parser's, for what a program may not be written as (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_SYNTAX_MESSAGES(M)                                                               \
  M(argument_list_separator, "expected ',' or '{}' in argument list, got {}")                   \
  M(block_comment_unclosed, "block comment '{}' is never closed by a '{}' line")                \
  M(blocks_too_deep, "blocks nested too deeply")                                                \
  M(chained_comparison, "comparisons cannot be chained ({} after a comparison); combine them with &&") \
  M(closer_outside_block, "'{}' can only close a block")                                        \
  M(end_outside_subscript, "'end' can only be used inside a subscript")                         \
  M(expression_too_deep, "expression too deep: more than 5000 chained operators, subscripts or nested parentheses") \
  M(expression_too_nested, "expression nested too deeply")                                      \
  M(field_name_expected, "expected field name after '.', got {}")                               \
  M(file_path_expected, "expected a file path after '{}', got {}")                              \
  M(file_path_missing, "expected a file path after '{}'")                                       \
  M(function_handle_expected, "expected a function name or '(' after '@', got {}")              \
  M(header_not_ended, "expected newline, ';' or ',' after the header, got {}")                  \
  M(invalid_assignment_target, "invalid assignment target: only a name followed by fields, '(...)' and '{}' subscripts can be assigned") \
  M(invalid_number, "invalid number: {}")                                                       \
  M(lex_error, "lex error: {}")                                                                 \
  M(matrix_literal_separator, "expected ',', ';' or ']' in matrix literal, got {}")             \
  M(missing_element, "expected an element after ',', got ']'")                                  \
  M(output_list_token, "expected a name or '~' in the output list, got {}")                     \
  M(outside_loop, "'{}' outside a loop")                                                        \
  M(outside_switch, "{} outside of a switch")                                                   \
  M(paren_inside_target, "invalid assignment target: a '(...)' subscript inside a target must be followed by a field (s(k).f); write x(i)(j) as x(i, j), and a cell element as {}") \
  M(parse_error, "parse error: {}")                                                             \
  M(persistent_outside_function_definition, "'persistent' outside a function")                  \
  M(statement_not_ended, "expected newline or EOF, got {}")                                     \
  M(string_array_separator, "expected ',' or '}}' in string array, got {}")                     \
  M(switch_body_token, "expected 'case', 'otherwise' or 'end' in switch, got {}")               \
  M(token_after_keyword, "{} after '{}'")                                                       \
  M(unexpected_block_word, "unexpected '{}' outside of a block")                                \
  M(unexpected_character, "unexpected character: {}")                                           \
  M(unexpected_end_in_expression, "unexpected end of input in expression")                      \
  M(unexpected_end_missing, "parse error: unexpected end of input: missing '{}' for {}")        \
  M(unexpected_token, "unexpected token in expression: {}")                                     \
  M(unmatched_else, "{} without matching 'if'")                                                 \
  M(unterminated_string, "unterminated string literal")                                         \
  M(word_argument_expected, "expected a word argument to '{}', got {}")                         \
  M(wrong_block_closer, "'{}' cannot close this block; expected 'end' or '{}'")
// clang-format on

namespace llmlab::messages {
LLMLAB_SYNTAX_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
