// Messages: cell arrays, structs and containers.Map (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_CELLS_STRUCTS_MESSAGES(M)                                                       \
  /* cells: cell, num2cell, mat2cell, cell2mat, cellfun */                                     \
  M(takes_cell_and_one_argument, "\"{}\" takes a cell and one argument")                       \
  M(nested_cell_not_matrix, "a cell inside the cell cannot become a matrix")                   \
  M(cell2mat_mixed_classes, "every item must have the same class (item 1 is {}, item {} is {})") \
  M(size_vector_too_short, "a size vector must have at least two elements")                    \
  M(cellfun_sizes_differ, "all the input arguments must have the same size (argument {} is {}, argument 2 is {})") \
  M(nd_cell_not_numbers, "an N-D cell must hold numbers")                                      \
  M(not_function_or_name, "argument 1 must be a function or its name, got {}")                 \
  M(not_numeric_array, "argument 1 must be a numeric array")                                   \
  M(argument_not_cell_or_strings, "argument {} must be a cell array or a string array, got {}") \
  M(item_gave_non_scalar, "item {} gave a non-scalar {}; use \"UniformOutput\", false for results that are not numbers") \
  M(item_gave_no_value, "item {} gave no value")                                               \
  M(item_gave_non_number, "item {} gave {}; use \"UniformOutput\", false for results that are not numbers") \
  M(needs_cell_to_apply, "needs a cell array to apply the function to")                        \
  M(needs_array_to_apply, "needs an array to apply the function to")                           \
  M(option_needs_value, "option '{}' needs a value")                                           \
  M(mat2cell_argument_count, "takes the array and at most two block-size vectors (A is 2-D)")  \
  M(block_sizes_do_not_add_up, "the block sizes along dim {} add up to {}, but the array's size there is {}") \
  M(blocks_do_not_fit, "the blocks do not fit together along dim {}")                          \
  M(one_output_asked_more, "the function gave one output for item {}, {} were asked for")      \
  /* map: containers.Map */                                                                    \
  M(bad_map_key_type, "KeyType must be \"char\" or \"double\", got \"{}\"")                    \
  M(map_key_type_mismatch, "KeyType \"{}\" does not match the keys given")                     \
  M(not_a_map, "argument {} must be a containers.Map, got {}")                                 \
  M(map_index_one_key, "containers.Map: index with one key, got {} subscripts")                \
  M(map_char_key_not_string, "containers.Map: keys of a char map are strings, got {}")         \
  M(map_double_key_not_number, "containers.Map: keys of a double map are numbers, got {}")     \
  M(map_key_missing, "containers.Map: the key {} is not present")                              \
  M(key_not_present, "the key {} is not present")                                              \
  M(map_key_value_counts, "{} keys for {} values")                                             \
  /* structs: struct, getfield, cell2struct */                                                 \
  M(struct_odd_arguments, "struct() requires an even number of arguments: (field, value, ...)") \
  M(struct_cell_counts_differ, "struct(): the cell values hold {} and {} elements; they must agree") \
  M(requires_struct, "{}() requires a struct, got {}")                                         \
  M(bad_cell2struct_dim, "dim must be 1 (fields down the columns) or 2 (across)")              \
  M(field_value_counts_differ, "{} field names for {} values along dimension {}")              \
  M(field_gave_non_number, "field '{}' gave {}; use \"UniformOutput\", false for results that are not numbers")
// clang-format on

namespace llmlab::messages {
LLMLAB_CELLS_STRUCTS_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
