// Messages: matrices and N-D arrays: shapes, products, solves and decompositions (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_NUMERIC_MESSAGES(M)                                                              \
  M(array_allocation_failed, "out of memory: cannot allocate a {} array")                       \
  M(blas_cannot_load, "cannot load the BLAS library (needed for matrix products and LAPACK): '{}': {}") \
  M(blas_not_openblas, "cannot use the BLAS library '{}': it has no {} (not OpenBLAS?)")        \
  M(concat_height_mismatch, "matrix concat: vertical dimension mismatch ({} vs {} rows)")       \
  M(concat_row_width_mismatch, "matrix concat: row {} has {} columns, expected {}")             \
  M(concat_vector_with_blocks, "matrix concat: cannot mix a vector with matrix blocks of height {}") \
  M(cross_needs_length_three, "cross: both vectors must have length 3 (got {} and {})")         \
  M(diag_offset_too_large, "diag: offset too large")                                            \
  M(division_kinds, "operator Div not defined for {} and {}; use .* ./ .^ for element-wise ops") \
  M(dot_length_mismatch, "dot: vectors must have the same length ({} vs {})")                   \
  M(eig_b_mismatch, "eig: B must be square and the size of A (got {}\u00d7{})")                 \
  M(expansion_incompatible, "implicit expansion: {} dimensions [{}] and [{}] are incompatible (must match, or one must be 1)") \
  M(extents_negative, "array extents must be non-negative, got {}")                             \
  M(extents_too_large, "out of memory: array extents too large")                                \
  M(inner_dimensions_mismatch, "matrix multiply: inner dimensions must match\n  left:  {}\n  right: {}\n  hint:  use .* for element-wise multiply") \
  M(lapack_not_finite, "{}: the matrix must not contain NaN or Inf")                            \
  M(least_squares_no_convergence, "matrix division: the SVD of the least-squares solve did not converge") \
  M(left_division_mismatch, "matrix division: A is {}\u00d7{} but B has {} rows (A \\ B needs as many rows in both)") \
  M(matrix_allocation_failed, "out of memory: cannot allocate a {}x{} matrix")                  \
  M(matrix_division_hint, "use ./ for element-wise matrix division; or inv(A)*B for left-divide") \
  M(matrix_extents_negative, "matrix dimensions must be non-negative")                          \
  M(matrix_not_finite, "{}: the matrix has an Inf or NaN element")                              \
  M(matrix_not_square, "{}: {} must be square (got {}\u00d7{})")                                \
  M(matrix_singular, "{}: matrix is singular or nearly singular")                               \
  M(matrix_times_row_vector, "cannot multiply matrix {} by row vector {}\n  hint: transpose v with v' to make a column vector {}, then use M * v'") \
  M(nearly_singular_warning, "matrix is close to singular or badly scaled; results may be inaccurate (RCOND = {:e})") \
  M(norm_p_invalid, "norm: p must be positive, Inf or -Inf")                                    \
  M(page_dims_mismatch, "pagemtimes: page dims do not agree: {} and {}")                        \
  M(page_inner_dimensions_mismatch, "pagemtimes: inner dimensions must match: pages are {}×{} and {}×{}") \
  M(product_too_large, "matrix multiply: matrix too large")                                     \
  M(rank_deficient_warning, "rank deficient, rank = {}")                                        \
  M(reshape_count_mismatch, "reshape: cannot reshape {} elements into {}\u00d7{} (= {} elements)") \
  M(result_too_large, "{}: result too large ({} times {} elements)")                            \
  M(right_division_mismatch, "matrix division: A is {}\u00d7{} but B has {} columns (A / B needs as many columns in both)") \
  M(row_vector_times_matrix, "vector-matrix multiply: row vector {} * matrix {}: inner dimension mismatch\n  hint: use .* for element-wise multiply") \
  M(row_vector_times_row_vector, "cannot multiply two row vectors [1\u00d7{}] * [1\u00d7{}]\n  hint: use `u * v'` for dot product (v' is a [{}\u00d71] column)\n  hint: use `dot(u,v)` for the dot product directly\n  hint: use `.*` for element-wise multiply") \
  M(matrix_power_not_differentiable,                                                              \
    "a tracked matrix to a non-integer power, or a number to a tracked matrix power, has no "    \
    "gradient rule; use an integer power or .^")                                                 \
  M(matrix_power_operands,                                                                       \
    "^ is the matrix power: a square matrix and a scalar (got {} ^ {}); use .^ for element-wise " \
    "power")                                                                                     \
  M(singular_matrix_warning, "matrix is singular to working precision")                         \
  M(solve_length_mismatch, "{}: A is {}\u00d7{} but b has length {}")                           \
  M(svd_no_convergence, "svd: {} did not converge")                                             \
  M(svd_too_large, "svd: matrix too large for LAPACK")                                          \
  M(vector_division, "cannot divide two vectors with /; use ./ for element-wise division")      \
  M(vector_length_mismatch, "vector length mismatch: {} vs {}")                                 \
  M(vector_power, "cannot raise two vectors with ^; use .^ for element-wise power")
// clang-format on

namespace llmlab::messages {
LLMLAB_NUMERIC_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
