// Messages: subscripts: reading, assigning and deleting elements of arrays, cells and structs (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_INDEXING_MESSAGES(M)                                                             \
  M(assignment_cannot_grow, "index assignment: cannot grow a {} array with {} subscripts (give one per dim)") \
  M(assignment_count_mismatch, "index assignment: RHS vector length {} does not match target index count {}") \
  M(assignment_index_below_one, "index assignment: index must be >= 1")                         \
  M(assignment_into_kind, "index assignment: cannot assign into {}")                            \
  M(assignment_linear_index_out_of_bounds, "index assignment: linear index {} out of bounds for {}×{} matrix ({} elements)") \
  M(assignment_needs_matrix, "index assignment: right-hand side must be scalar, complex, vector, or matrix; got {}") \
  M(assignment_needs_numeric, "index assignment: right-hand side must be numeric, got {}")      \
  M(assignment_needs_text, "index assignment: right-hand side must be a string{}, got {}")      \
  M(assignment_needs_vector, "index assignment: right-hand side must be scalar, complex, or vector; got {}") \
  M(assignment_past_string_end, "index assignment: position {} is past the end of a {}-character string") \
  M(assignment_path_missing, "'{}' does not exist")                                             \
  M(assignment_region_mismatch, "index assignment: cannot write a {} value into a {} region")   \
  M(assignment_row_length_mismatch, "index assignment: row vector length {} does not match matrix columns {}") \
  M(assignment_row_out_of_bounds, "index assignment: row {} out of bounds for {}×{} matrix")    \
  M(assignment_shape_mismatch, "index assignment: RHS shape {}×{} does not match target region {}×{}") \
  M(assignment_struct_element_kind, "index assignment: an element of struct array '{}' must be a struct, got {}") \
  M(assignment_subscript_count, "index assignment: only 1, 2, or 3 indices are supported")      \
  M(assignment_target_not_matrix, "index assignment: '{}' is not a matrix")                     \
  M(assignment_text_count_mismatch, "index assignment: right-hand side has {} elements, the index selects {} positions") \
  M(assignment_vector_region_mismatch, "index assignment: vector of length {} does not match target region {}×{} ({} elements)") \
  M(brace_assignment_selects_several, "{}{{...}} = value writes one element; each subscript must select exactly one position") \
  M(brace_needs_cell, "brace indexing needs a cell array, got {}")                              \
  M(brace_selects_several, "brace indexing selects {} elements here; use c(...) for a cell of several") \
  M(brace_selects_several_strings, "brace indexing selects one element; use s(...) for several strings") \
  M(brace_target_not_cell, "'{}' is a {}, not a cell array (brace subscripts index cells)")     \
  M(brace_target_selects_count, "a brace subscript inside an assignment target must select one element, got {}") \
  M(brace_target_selects_several, "a brace subscript inside an assignment target must select one element") \
  M(cannot_index_kind, "cannot index into {}")                                                  \
  M(cell_assignment_count_mismatch, "{}(...) = cell: {} positions but {} elements on the right") \
  M(cell_assignment_needs_cell, "{}(...) = value needs a cell on the right (write {}{{k}} = value to store one element)") \
  M(cell_concatenation_misfit, "cell concatenation along dim {}: a {} part does not fit a {} one") \
  M(cell_deletion_needs_colon, "cell deletion with two subscripts needs ':' in one of them")    \
  M(cell_dim_index_out_of_bounds, "index {} out of bounds for dim {} of a {} cell (extent {})") \
  M(cell_horizontal_concatenation_rows, "horizontal cell concatenation: {} rows vs {}")         \
  M(cell_index_out_of_bounds, "index {} out of bounds (cell has {} elements)")                  \
  M(cell_index_pair_out_of_bounds, "index ({},{}) out of bounds (cell is {}x{})")               \
  M(cell_linear_index_cannot_grow, "{}: linear index {} out of bounds for a {}x{} cell (use two subscripts to grow it)") \
  M(cell_subscript_count, "cell arrays take one or two subscripts, got {}")                     \
  M(cell_vertical_concatenation_columns, "vertical cell concatenation: {} columns vs {}")       \
  M(deletion_index_out_of_bounds, "index {} out of bounds for deletion")                        \
  M(deletion_needs_colons, "[]-deletion: every subscript but one must be `:` (deleting individual elements would leave a hole)") \
  M(deletion_target_kind, "[]-deletion: '{}' is a {}; expected vector or matrix, got {} indices") \
  M(field_target_not_struct, "'{}' is a {}, not a struct")                                      \
  M(index_2d_needs_matrix, "2D indexing requires a matrix, got {}")                             \
  M(index_2d_vector_not_vector_shaped, "2D indexing on a vector requires one dimension to be 1") \
  M(index_3d_needs_tensor3, "3D indexing requires a tensor3, got {}")                           \
  M(index_argument_count, "indexing requires 1, 2, or 3 arguments, got {}")                     \
  M(index_kind_invalid, "invalid index type: {}")                                               \
  M(index_not_one_based, "index {} is invalid (1-based indexing)")                              \
  M(index_not_positive_integer, "Index must be a positive integer (got {})")                    \
  M(index_out_of_bounds_length, "index {} out of bounds (length {})")                           \
  M(index_out_of_bounds_size, "index {} out of bounds (size {})")                               \
  M(index_string_invalid, "invalid index type: string \"{}\" (only \":\" is a subscript)")      \
  M(linear_index_out_of_bounds, "linear index {} out of bounds ({}×{} = {} elements)")          \
  M(linear_index_out_of_bounds_dims, "linear index {} out of bounds ({} = {} elements)")        \
  M(matrix_deletion_needs_colon, "[]-deletion on a matrix: one of the two indices must be `:` (deleting individual elements would leave a hole)") \
  M(matrix_deletion_single_index, "[]-deletion on a matrix: use M(rows, :) = [] or M(:, cols) = [] (single-index `M(k) = []` is not supported — would leave a hole)") \
  M(string_index_out_of_bounds, "string index {} out of bounds (length {})")                    \
  M(struct_array_field_assignment, "a field assignment into a struct array needs one element: s(k).name = value") \
  M(struct_array_field_target, "'{}' is a {} struct array: assign a field of one element, as in {}(k).{}") \
  M(tuple_index_not_scalar, "tuple indexing requires a scalar index, got {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_INDEXING_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
