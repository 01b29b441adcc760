// Messages: linear algebra and matrix predicates (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_LINALG_MESSAGES(M)                                                              \
  /* linalg: norm, det, inv, decompositions, pagemtimes */                                     \
  M(argument_not_vector, "argument {} must be a vector, got a {}\u00d7{} matrix")              \
  M(unknown_norm_type, "unknown norm type \"{}\" (1, 2, Inf, -Inf or \"fro\")")                \
  M(unknown_norm_type_not_fro, "unknown norm type \"{}\" (expected \"fro\")")                  \
  M(unknown_cond_norm_type, "unknown norm type \"{}\" (expected \"fro\" or \"inf\")")          \
  M(expected_matrix_got, "expected matrix, got {}")                                            \
  M(bad_norm_type, "{} must be 1, 2, Inf or \"fro\"")                                          \
  M(not_double_or_single_matrices, "A and B must be double or single matrices")                \
  M(cond_needs_square, "A must be square for a 1, Inf or \"fro\" condition number")            \
  M(row_counts_differ, "B must have as many rows as A")                                        \
  M(cholupdate_shapes, "R must be square and x a vector of its size")                          \
  M(qr_third_argument, "a third argument follows a matrix B only: qr(A, B, 0)")                \
  M(not_square_matrix, "argument must be a square matrix (got {}\u00d7{})")                    \
  M(complex_unsupported, "complex matrices are not supported (the imaginary part would be dropped)") \
  M(complex_with_permutation, "complex matrices are not supported with the column permutation") \
  M(downdate_not_positive_definite, "downdate makes the matrix not positive definite")         \
  M(pagemtimes_call_forms, "expected pagemtimes(X, Y) or pagemtimes(X, tX, Y, tY)")            \
  M(balance_option, "give one of \"balance\" and \"nobalance\"")                               \
  M(not_positive_definite, "matrix must be positive definite")                                 \
  M(bad_economy_option, "option must be 0 or \"econ\"")                                        \
  M(singular_scalar, "singular (scalar is zero)")                                              \
  M(pagemtimes_sizes_differ, "sizes of X and Y must match")                                    \
  M(singular_matrix, "matrix singular to machine precision")                                   \
  M(singular_matrix_rcond, "matrix singular to machine precision, rcond = {}")                 \
  /* matrix_predicates: isdiag, isbanded, issymmetric */                                       \
  M(predicate_bad_matrix, "A must be a numeric, logical, or character matrix")                 \
  M(bad_skew_option, "SKEWOPT must be 'skew' or 'nonskew'")                                    \
  M(bad_tolerance, "TOL must be a scalar >= 0")                                                \
  M(issymmetric_call_form, "takes A, then 'skew' or 'nonskew', then a tolerance")              \
  M(bad_symmetry_argument, "the second argument must be 'skew', 'nonskew' or a tolerance")
// clang-format on

namespace llmlab::messages {
LLMLAB_LINALG_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
