// Messages: files, memory and data formats, and the "<who>: <message>" form that names who
// speaks (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_SYSTEM_MESSAGES(M)                                                               \
  M(spoken_by, "{}: {}")                                                                        \
  M(cannot_read_file, "cannot read '{}': {}")                                                   \
  M(out_of_memory, "out of memory")                                                             \
  M(result_too_long, "out of memory (the result would be too long)")                            \
  M(json_field_error, "{}: field \"{}\": {}")                                                   \
  M(json_field_not_integer_in, "{}: field \"{}\" must be an integer from {} to {}, got {}")     \
  M(cannot_write_file, "cannot write '{}': {}")                                                 \
  M(cannot_create_directory, "cannot create directory '{}': {}")                                \
  M(cannot_create_private_folder, "cannot create a private folder in '{}': {}")                 \
  M(cannot_rename_file, "{}: cannot rename '{}' to '{}': {}")                                   \
  M(spoken_by_about, "{}: {}: {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_SYSTEM_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
