// Messages: sweeps: the sweep file, its grid and the executors that run it (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_SWEEP_MESSAGES(M)                                                                \
  M(array_not_submitted, "sweep: sbatch {} ({}): the array was not submitted")                  \
  M(executable_not_found, "sweep: cannot find the llmlab executable (/proc/self/exe)")          \
  M(executor_unknown, "sweep: --executor must be local or slurm, got '{}'")                     \
  M(grid_repeats_configuration, "the grid gives configuration {} twice (is a value listed twice?)") \
  M(grid_too_large, "the grid has {} configurations (at most 100000)")                          \
  M(integer_below_minimum, "{} must be an integer ≥ {}, got {}")                                \
  M(not_sweep_folder, "sweep: '{}' is not a sweep folder (no sweep.toml)")                      \
  M(not_sweep_record, "sweep: {}: not a sweep record (no \"sweep\" member)")                    \
  M(option_not_train_option, "unknown option '{}' in [{}]: expected an `llmlab train` option (layers, d-model, norm, lr, warmup, steps, corpus, ...)") \
  M(option_set_twice, "{} is set in both {} and {}")                                            \
  M(report_group_not_list, "report.group must be a list of option names")                       \
  M(report_group_unknown, "report.group: unknown option '{}'")                                  \
  M(report_x_not_numeric, "report.x must name a numeric option, got \"{}\"")                    \
  M(section_key_unknown, "unknown key {}.{}: expected {}")                                      \
  M(section_not_table, "{} must be a table [{}]")                                               \
  M(seed_negative, "seeds must be non-negative integers, got {}")                               \
  M(seed_twice, "seeds lists {} twice")                                                         \
  M(seeds_empty, "seeds is an empty list: expected at least one seed")                          \
  M(seeds_missing, "missing `seeds = [...]` (the list of seeds every config runs)")             \
  M(seeds_not_integers, "seeds must be a list of non-negative integers")                        \
  M(seeds_not_list, "seeds must be a list, e.g. seeds = [0, 1, 2]")                             \
  M(seeds_not_option, "the seeds are the top-level list `seeds = [...]`, not an option")        \
  M(slurm_control_character, "sweep: the Slurm executor cannot use {} {}: it holds the control character U+{:04X}") \
  M(slurm_log_backslash, "sweep: the Slurm executor cannot use the log folder {}: sbatch reads a backslash in --output as 'no patterns', so the tasks' logs would overwrite each other") \
  M(sweep_cannot_start, "sweep: cannot start a run: {}")                                        \
  M(sweep_file_invalid, "not a valid sweep file: {}")                                           \
  M(task_missing, "sweep task: {} has no task {}")                                              \
  M(task_not_configuration, "sweep task: {} is not a configuration of {}")                      \
  M(top_level_key_unknown, "unknown key '{}': expected seeds, [base], [grid], [[zip]], [run], [slurm] or [report]") \
  M(trainer_interrupted, "the trainer was interrupted before its last step")                    \
  M(value_control_character, "{} holds the control character U+{:04X} in {}")                   \
  M(value_not_number, "{} must be a number, got \"{}\"")                                        \
  M(value_not_single, "{} must be a single value (a number or a string)")                       \
  M(value_not_text, "{} must be text (a quoted string), got {}")                                \
  M(values_empty, "{} is an empty list: expected at least one value")                           \
  M(values_mixed, "{} must be a list of numbers or of strings")                                 \
  M(values_not_list, "{} must be a list of values, e.g. {} = [1, 2]")                           \
  M(zip_empty, "an empty [[zip]] group")                                                        \
  M(zip_lengths_differ, "{} has {} values but the other lists of this [[zip]] have {}: zipped lists must have the same length") \
  M(zip_table_unknown, "unknown array of tables [[{}]]: expected [[zip]]")
// clang-format on

namespace llmlab::messages {
LLMLAB_SWEEP_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
