// Messages: gradients and the optimisers that use them (grad, hessian, adamw...) (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_GRADIENTS_MESSAGES(M)                                                           \
  /* autodiff: grad, hessian, adamw */                                                         \
  M(bad_adamw_state, "argument 3 (state): expected the state adamw returned, or [] on the first step") \
  M(adamw_cfg_not_struct, "argument 4 (cfg): expected struct, got {}")                         \
  M(cannot_run_while_differentiating, "cannot run inside a differentiated function")           \
  M(betas_not_two_elements, "cfg.betas must have two elements")                                \
  M(cfg_field_not_scalar, "cfg.{} must be a scalar")                                           \
  M(objective_not_numeric, "f must return a numeric value, got {}")                            \
  M(objective_not_real_scalar, "f must return a real scalar, got {}{}")                        \
  M(objective_not_real, "f must return real numbers, got {}")                                  \
  M(grads_not_params_structure, "grads must have the structure of params")                     \
  M(grads_field_mismatch, "grads.{} does not match params.{}")                                 \
  M(hessian_while_differentiating, "hessian cannot run inside a differentiated function; use hvp") \
  M(state_of_other_params, "state belongs to other params")                                    \
  M(three_outputs_need_aux, "with three outputs, f must return [loss, aux] (a function with two outputs)") \
  M(hessian_too_large, "x has {} elements; the Hessian is computed for at most {} (one backward pass per element): use hvp for larger x") \
  M(x_not_real_array, "x must be a real scalar, vector or matrix, got {}")                     \
  M(x_not_differentiable, "x must be a scalar, vector, matrix{} or a struct of them, got {}")  \
  M(not_structure_of_x, "{} must have the structure of x")                                     \
  M(not_real_of_size, "{}{} must be real numbers of size {}×{}")                               \
  M(not_real_of_size_of_x, "{}{} must be real numbers of the size of x")
// clang-format on

namespace llmlab::messages {
LLMLAB_GRADIENTS_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
