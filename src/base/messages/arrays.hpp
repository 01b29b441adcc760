// Messages: building, shaping and slicing arrays (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_ARRAYS_MESSAGES(M)                                                              \
  /* constants: eps, inf, nan and their size and class arguments */                            \
  M(size_not_scalar_or_pair, "expected scalar or 2-element vector, got {}-element {}")         \
  /* nn: softmax, layernorm, attention and the other kernels */                                \
  /* shape: zeros, size, reshape, repmat, permute, cat */                                      \
  M(cannot_operate_on, "cannot {} {}")                                                         \
  M(expected_vector_or_matrix, "expected vector or matrix, got {}")                            \
  M(size_not_two_elements, "size must have 2 elements, got {}")                                \
  M(size_not_non_negative_integers, "size must hold non-negative integers, got {}")            \
  M(subscript_out_of_range, "index {} out of range 1..{}")                                     \
  M(start_end_not_vectors, "START and END must be scalars or vectors")                         \
  M(start_end_lengths_differ, "START and END must be scalars or vectors of the same length")   \
  M(inputs_not_scalar, "all input arguments must be scalar")                                   \
  M(reshape_cannot_fit, "cannot reshape {} elements into {} (= {} elements)")              \
  M(reshape_dimension_mismatch, "cannot reshape {} elements with a dimension of {}")           \
  M(reshape_product_mismatch, "cannot reshape {} elements with dimensions of product {}")      \
  M(dim_not_1_2_or_3, "dim must be 1, 2, or 3, got {}")                                        \
  M(concatenation_mismatch, "dimension mismatch: argument {} is {} (concatenating along dim {})") \
  M(eye_call_forms, "expected eye(n) or eye(m, n) and an optional class")                      \
  M(index_out_of_range, "index out of range")                                                  \
  M(one_empty_size_only, "only one size may be []")                                            \
  M(order_not_permutation, "order must be a permutation of 1..n")                              \
  M(order_too_short, "order must have at least ndims(A) = {} elements, got {}")                \
  M(shifts_need_nd_array, "shifts beyond two dimensions need an N-D array")                    \
  M(size_vector_not_two_counts, "size vector must hold two non-negative integers")             \
  M(outputs_not_dims, "the number of outputs must match the number of dims")                   \
  M(subscript_sizes_differ, "the subscripts must all be of the same size")                     \
  /* slices: slices along dims and vecdims */                                                  \
  M(bad_vecdim, "vecdim must hold distinct positive integers")                                 \
  /* sparse: sparse and its family (out of scope) */                                           \
  M(sparse_out_of_scope, "{}: sparse matrices are out of scope in llmlab (issue #26); use a full matrix (zeros, eye, rand)")
// clang-format on

namespace llmlab::messages {
LLMLAB_ARRAYS_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
