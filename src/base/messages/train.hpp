// Messages: training, sampling and checkpoints: settings, corpora, models and their files (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_TRAIN_MESSAGES(M)                                                                \
  M(beta_outside, "{} must be in [0, 1), got {}")                                               \
  M(character_not_in_vocabulary, "{}: the character '{}' (U+{:04X}) is not in the model's vocabulary") \
  M(checkpoint_too_short, "the config ({} layers, d_model {}, vocab {}) needs more data than the file's {} bytes") \
  M(config_missing, "__metadata__ config has no '{}'")                                          \
  M(config_not_integer_in, "__metadata__ config '{}' is not an integer in [0, {:g}]")           \
  M(config_not_kind, "__metadata__ config '{}' is not a {}")                                    \
  M(context_too_long, "{}: context ({}) must be shorter than each split of the corpus, got {} training and {} validation characters from {}") \
  M(corpus_not_utf8, "train: {} is not valid UTF-8 (byte {})")                                  \
  M(corpus_truncated_utf8, "train: {} is not valid UTF-8 (truncated at byte {})")               \
  M(default_corpus_missing, "{}: the default corpus {}/usr_*.txt is missing (install vim-runtime or name a file)") \
  M(entry_dtype_unknown, "unknown dtype '{}'")                                                  \
  M(entry_offsets_backwards, "data_offsets [{}, {}] run backwards")                             \
  M(entry_offsets_not_counts, "data_offsets are not non-negative integers")                     \
  M(entry_offsets_past_end, "data_offsets [{}, {}] run past the data section ({} bytes): truncated file?") \
  M(entry_offsets_size_mismatch, "data_offsets [{}, {}] hold {} bytes, but shape × {} needs {}") \
  M(entry_shape_not_counts, "a shape entry is not a non-negative integer")                      \
  M(entry_shape_too_large, "shape too large")                                                   \
  M(entry_too_many_dimensions, "{} dimensions (at most 8)")                                     \
  M(entry_without_dtype, "no \"dtype\" string")                                                 \
  M(entry_without_offsets, "no \"data_offsets\" pair")                                          \
  M(entry_without_shape, "no \"shape\" array")                                                  \
  M(epsilon_not_positive, "epsilon must be > 0, got {}")                                        \
  M(heads_do_not_divide, "d_model ({}) must be divisible by heads ({})")                        \
  M(initial_model_mismatch, "{}: the initial model has {} {}, the config asks for {}")          \
  M(initial_model_past_steps, "{}: the initial model has already taken {} steps; steps ({}) counts the total and must be larger to continue") \
  M(initial_vocabulary_mismatch, "{}: the initial model's vocabulary ({} characters) is not the corpus's ({} characters from {})") \
  M(json_folder_not_writable, "{}: --json '{}': cannot create a file in '{}'")                  \
  M(json_path_is_directory, "{}: --json '{}' is a directory")                                   \
  M(json_path_unusable, "{}: --json '{}': {}")                                                  \
  M(metadata_missing, "__metadata__ has no \"{}\" (not an llmlab checkpoint?)")                 \
  M(min_lr_above_lr, "min_lr ({}) must not be above lr ({})")                                   \
  M(model_exceeds_memory, "the model needs about {:.1f} GB, more than this machine's {:.1f} GB; reduce layers, d_model, mlp_ratio, batch or context") \
  M(model_not_finite, "{}: {} of {} weights are NaN or Inf (the run that saved it diverged)")   \
  M(model_tensor_too_large, "the model is too large: one tensor would hold {:.3g} elements (at most {:.0f}); reduce d_model, mlp_ratio, batch or context") \
  M(model_too_large, "{}: a model of {} layers, d_model {}, mlp_ratio {}, context {} and vocabulary {} is too large (about {:.3g} parameters)") \
  M(not_json_object_named, "{} is not a JSON object")                                           \
  M(nothing_to_sample, "{}: {}; nothing to sample")                                             \
  M(optimizer_state_missing, "its optimiser state ({}) is in neither '{}' nor '{}'")            \
  M(optimizer_state_truncated, "the file is too short for this model's optimiser state")        \
  M(optimizer_step_mismatch, "the optimiser state is from step {}, the model from step {}")     \
  M(option_negative, "{}: {} must be >= 0, got {}")                                             \
  M(safetensors_header_not_json, "the header is not valid JSON")                                \
  M(safetensors_header_past_end, "header length {} runs past the end of the file ({} bytes): truncated or not a safetensors file") \
  M(safetensors_header_too_long, "header length {} exceeds the limit of {} bytes")              \
  M(safetensors_metadata_not_string, "__metadata__ '{}' is not a string")                       \
  M(safetensors_truncated, "truncated: {} bytes, shorter than the 8-byte header length")        \
  M(sample_top_p_outside, "{}: --top-p must be in (0, 1], got {}")                              \
  M(save_every_without_save, "{}: --save-every needs --save FILE")                              \
  M(setting_not_choice, "{} must be {}, got '{}'")                                              \
  M(setting_not_finite_non_negative, "{} must be a finite number >= 0, got {}")                 \
  M(steps_not_count, "__metadata__ steps '{}' is not a count")                                  \
  M(tensor_dtype_unsupported, "tensor '{}' has dtype {}; llmlab reads F32 and F64")             \
  M(tensor_missing, "tensor '{}' is missing (the config needs it with shape {})")               \
  M(tensor_problem, "tensor '{}': {}")                                                          \
  M(tensor_shape_mismatch, "tensor '{}' has shape {}, but the config needs {}")                 \
  M(tensor_unexpected, "unexpected tensor '{}' for this config")                                \
  M(tensors_overlap, "tensor '{}' (bytes {}–{}) overlaps tensor '{}' (bytes {}–{})")            \
  M(validation_fraction_outside, "validation_fraction must be in (0, 1), got {}")               \
  M(vocabulary_empty, "{}: the vocabulary is empty")                                            \
  M(vocabulary_empty_in_file, "__metadata__ vocabulary is empty")                               \
  M(vocabulary_not_sorted, "__metadata__ vocabulary is not sorted without repeats")             \
  M(warmup_negative, "warmup must be an integer >= 0, got {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_TRAIN_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
