// Messages: values meeting operators: concatenation, arithmetic, comparison and conversion (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_VALUES_MESSAGES(M)                                                               \
  M(cell_literal_rows_mismatch, "vertical dimensions mismatch (1x{} vs 1x{}) in a cell literal") \
  M(comparison_kinds, "comparison requires two scalars (or vector op scalar), got {} and {}")   \
  M(concat_kind_with_string_array, "matrix concat: cannot join a {} with a string array")       \
  M(concat_kind_with_structs, "matrix concat: cannot join a {} with structs")                   \
  M(concat_kind_with_text, "matrix concat: cannot join a {} with character text")               \
  M(concat_text_rows, "matrix concat: text joins along one row (strings have no rows)")         \
  M(concat_with_nd_array, "cannot concatenate {} with an N-D array")                            \
  M(condition_kind, "{} condition must be a bool or scalar, got {}")                            \
  M(horizontal_concat_mismatch, "horizontal dimensions mismatch ({} vs {} columns)")            \
  M(integer_class_mix, "Integers can only be combined with integers of the same class, or scalar doubles") \
  M(integer_mtimes, "MTIMES (*) is not fully supported for integer data types. At least one input must be scalar") \
  M(logical_operand_not_scalar, "&&/||: operand must be scalar (got {}); use any() or all() to reduce a matrix/vector") \
  M(matrix_element_kind, "matrix elements must be scalar, complex, vector, or matrix; got {}")  \
  M(matrix_operator_on_nd, "matrix operators (*, /, ^) take 2-D operands; use .*, ./, .^ or pagemtimes for N-D arrays") \
  M(mldivide_on_nd, "mldivide (\\): an N-D array is not a matrix (divide page by page)")        \
  M(nd_concat_mismatch, "{} dimensions mismatch ({} vs {})")                                    \
  M(nd_transpose, "transpose is not defined for an N-D array (use permute)")                    \
  M(nd_transpose_kind, "transpose is not defined for an N-D {}")                                \
  M(negate_kind, "cannot negate {}")                                                            \
  M(nonconformant_arguments, "nonconformant arguments ({})")                                    \
  M(nonconformant_operands, "nonconformant operands: {} and {}")                                \
  M(not_character_code, "{}: {} is not a character code (0..1114111)")                          \
  M(not_operand_kind, "'!' operator requires bool, got {}")                                     \
  M(operand_kinds, "unsupported operand types for {}: {} and {}")                               \
  M(range_step_zero, "range step cannot be zero")                                               \
  M(range_too_long, "range has too many elements")                                              \
  M(string_conversion_kind, "cannot convert a {} to a string")                                  \
  M(string_operator_undefined, "this operator is not defined for strings; + joins them and ==, <, ... compare") \
  M(string_ordered_comparison, "ordered comparison not defined for strings")                    \
  M(string_sizes_mismatch, "string sizes do not match ({}x{} vs {}x{})")                        \
  M(text_concat_mismatch, "dimensions of arrays being concatenated are not consistent ({}x{} vs {}x{})") \
  M(transpose_kind, "cannot transpose {}")                                                      \
  M(vertical_concat_mismatch, "vertical dimensions mismatch ({} vs {} rows)")
// clang-format on

namespace llmlab::messages {
LLMLAB_VALUES_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
