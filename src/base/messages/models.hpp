// Messages: GPT models and neural-network kernels (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_MODELS_MESSAGES(M)                                                              \
  /* gpt_config: the fields of a model configuration */                                        \
  M(unknown_config_field, "unknown field cfg.{}")                                              \
  M(cfg_init_not_model, "cfg.init must be a model (from gpt_init, gpt_load or train_gpt), got {}") \
  M(cfg_field_not_integer, "cfg.{} must be an integer, got {}")                                \
  /* model: gpt_init, gpt_generate, gpt_save and the model values */                           \
  M(field_missing, "{} is missing")                                                            \
  M(bad_activation_fields, "\"fields\" must be a string or {{\"resid\", \"ln\", \"attn\", \"mlp\"}}, got {}") \
  M(prompt_not_string, "argument 2 (prompt) must be a string, got {}")                         \
  M(argument_not_model, "argument {} must be a model (from gpt_init, gpt_load or train_gpt), got {}") \
  M(layers_empty, "layers is empty")                                                           \
  M(layers_out_of_range, "layers must be block numbers in 1..{}, got {}")                      \
  M(n_above_1000000, "n must be at most 1000000, got {}")                                      \
  M(bad_block_array, "p.h must be a struct array of {} blocks")                                \
  M(target_count_mismatch, "targets has {} tokens, the input {}")                              \
  M(negative_temperature, "temperature must be >= 0, got {}")                                  \
  M(input_length_out_of_range, "the input has {} tokens; it must have 1 to {} (the model's context)") \
  M(top_p_out_of_range, "top_p must be in (0, 1], got {}")                                     \
  M(unknown_activation_field, "unknown field \"{}\" (fields: \"resid\", \"ln\", \"attn\", \"mlp\")") \
  M(must_be_non_negative_integer, "{} must be an integer >= 0, got {}")                        \
  M(not_text_or_token_ids, "{} must be text or a vector of token ids, got {}")                 \
  M(wrong_shape, "{} must be {}, got {}×{}")                                                   \
  M(token_ids_out_of_range, "{}: token ids must be integers in 1..{} (the vocabulary), got {}") \
  /* nn: softmax, layernorm, attention and the other kernels */                                \
  M(argument_2_not_numeric, "argument 2: expected numeric, got {}")                            \
  M(array_too_large_for_kernels, "array too large for the nn kernels")                         \
  M(complex_input_unsupported, "complex input is not supported (its imaginary part would be dropped)") \
  M(size_below_1, "size must be >= 1")                                                         \
  M(target_out_of_range, "target {} out of range 1..{} in row {}")                             \
  M(element_count_mismatch, "{} has {} elements, expected {}")                                 \
  M(takes_one_argument, "{} takes one argument")                                               \
  M(target_row_count_mismatch, "{} targets for {} rows")                                       \
  M(argument_not_non_empty_array_got, "argument must be a non-empty vector, matrix, or scalar (got {})") \
  M(norm_vector_form, "vector form takes at most 2 args (v[, eps])")                           \
  M(norm_scalar_form, "scalar form takes at most 2 args (s[, eps])")                           \
  M(norm_one_dimensional_form, "1-D-shaped matrix takes at most 2 args (M[, eps])")            \
  M(norm_matrix_form, "matrix form takes at most 3 args (M[, dim[, eps]])")
// clang-format on

namespace llmlab::messages {
LLMLAB_MODELS_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
