// Messages: differentiation: what has no gradient rule, and the tape's own checks (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_AUTODIFF_MESSAGES(M)                                                             \
  M(argument_depends_on_input, "argument {} has no gradient rule; it depends on the input of grad") \
  M(attention_weights_no_gradient, "the attention weights (second output) have no gradient rule") \
  M(builtin_no_gradient_rule, "{}: no gradient rule; it was called on a value that depends on the input of grad (compute it outside the differentiated function, or use builtins that have rules)") \
  M(chol_gradient_one_output, "gradients are defined for R = chol(A) (one output)")             \
  M(complex_norm_no_gradient, "gradient of the norm of a complex array has no rule")            \
  M(complex_result_no_gradient, "complex result: gradients are defined for real values only")   \
  M(complex_solve_no_gradient, "autodiff: gradients of complex linear solves are not supported") \
  M(complex_value_depends_on_input, "autodiff: a complex value depends on the differentiated input; gradients are defined for real values only") \
  M(differentiated_complex, "{}: x must be real, got a complex {}{}")                           \
  M(differentiated_complex_number, "{}: x must be real, got complex{}")                         \
  M(differentiated_kind, "{}: x must be a scalar, vector, matrix, N-D array or a struct of them, got {}{}") \
  M(differentiated_logical, "{}: x must be real numbers, got a logical {}{}")                   \
  M(differentiations_meet, "autodiff: values from two differentiations meet (a grad inside f must differentiate on f's own values; jacobian and gradcheck cannot run inside a differentiated f)") \
  M(eig_gradient_one_symmetric, "gradients are defined for the eigen-decomposition of one symmetric matrix") \
  M(eig_gradient_symmetric_only, "gradients are defined for symmetric matrices only")           \
  M(full_qr_not_unique, "the extra columns of a full Q of a tall matrix are not unique: use qr(A, 0) or qr(A, \"econ\") for gradients") \
  M(full_svd_not_unique, "the extra singular vectors of a full svd of a non-square matrix are not unique: use svd(A, \"econ\") for gradients") \
  M(internal_gradient_not_reducible, "autodiff: internal error: gradient of shape {} does not reduce to {}") \
  M(internal_gradient_shape_added, "autodiff: internal error: gradient {} added to {}")         \
  M(internal_product_shapes, "autodiff: internal error: {} with {} and {}")                     \
  M(jacobian_too_large, "argument {} has {} elements and the output {}: too large for this gradient rule, which keeps their {}-entry Jacobian (at most {:.0f})") \
  M(matrix_norm_gradient_kinds, "matrix norms have gradients for p = 1, 2, Inf, \"fro\"")       \
  M(nd_and_matrix_arguments, "an N-D array and a matrix: gradients need arguments of one size here") \
  M(nd_arguments_sizes_differ, "N-D arguments of different sizes: gradients need arguments of one size here") \
  M(nd_no_gradient_rule, "no gradient rule for N-D arrays yet (issue #27): reshape the array to a matrix around this call, or compute it outside the differentiated function") \
  M(nd_rule_takes_one_dim, "the gradient rule of an N-D array takes one dim (a positive integer)") \
  M(no_second_order_rule, "{}: no rule for the gradient of a gradient yet (f is differentiated twice: a grad inside a grad, hvp, hessian or jvp; see help grad for the operations that have one)") \
  M(norm_gradient_kinds, "gradient defined for p-norms, matrix norms 1, 2, Inf and \"fro\"")    \
  M(operator_no_gradient, "autodiff: this operator has no gradient rule")                       \
  M(output_size_depends_on_input, "the output's size depends on the input")                     \
  M(rule_argument_not_numeric, "argument {}: expected numeric, got {}")                         \
  M(rule_matrix_not_square, "matrix must be square")                                            \
  M(rule_takes_one_argument, "the gradient rule takes the one-argument form")                   \
  M(rule_takes_one_output, "the gradient rule takes one output")                                \
  M(svd_gradient_zero_singular_value, "gradients of the singular vectors need non-zero singular values") \
  M(transpose_option_not_string, "transpose option must be a string")                           \
  M(unknown_transpose_option, "unknown transpose option \"{}\"")
// clang-format on

namespace llmlab::messages {
LLMLAB_AUTODIFF_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
