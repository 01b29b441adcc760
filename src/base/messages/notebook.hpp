// Messages: notebooks and the Jupyter kernel: files, protocol fields and cells (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_NOTEBOOK_MESSAGES(M)                                                             \
  M(cannot_create_output_directory, "cannot create directory {}: {}")                                  \
  M(cannot_write_output, "cannot write {}: {}")                                                 \
  M(exit_in_notebook, "exit: a notebook cannot end the session")                                \
  M(exit_in_user_expression, "exit ends a cell, not a user expression")                         \
  M(field_not_string, "field \"{}\" must be a string")                                          \
  M(field_not_string_or_null, "field \"{}\" must be a string or null")                          \
  M(format_failed, "format: {}")                                                                \
  M(input_abandoned, "input request abandoned: the cell was interrupted")                       \
  M(input_not_allowed, "input: this front end takes no input (the request's allow_stdin is false)") \
  M(kernel_internal_error, "internal: {}")                                                      \
  M(not_json_object, "not a JSON object")                                                       \
  M(not_notebook, "not a notebook: {}: {}")                                                     \
  M(not_notebook_format, "not a notebook: expected nbformat 4 JSON with a \"cells\" list")      \
  M(not_notebook_json, "not a notebook: the file is not valid JSON")                            \
  M(prose_template_error, "the hidden prose template's ${{{}}} {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_NOTEBOOK_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
