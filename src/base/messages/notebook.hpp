// Messages: notebooks and the Jupyter kernel: files, protocol fields and cells (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_NOTEBOOK_MESSAGES(M)                                                             \
  M(cannot_create_output_directory, "cannot create directory {}: {}")                                  \
  M(connection_field_missing, "{}: missing")                                                    \
  M(connection_field_not_string, "{}: expected a string, got {}")                               \
  M(connection_ip_invalid, "ip: '{}' is not an IPv4 address")                                   \
  M(connection_not_json, "not valid JSON")                                                      \
  M(connection_not_object, "expected a JSON object")                                            \
  M(connection_port_invalid, "{}: not a port number ({})")                                      \
  M(connection_scheme_unsupported, "signature_scheme: expected hmac-<digest>, got '{}'")        \
  M(connection_transport_unsupported, "transport: only tcp is supported, not '{}'")             \
  M(convert_input_kind, "{}: expected a .md or .ipynb notebook")                                \
  M(convert_target_kind, "{} converts --to {}, not --to {}")                                    \
  M(execute_needs_markdown, "--execute runs a markdown notebook into an .ipynb, not {}")        \
  M(exit_in_notebook, "exit: a notebook cannot end the session")                                \
  M(exit_in_notebook_block, "exit: a notebook block cannot end the session")                    \
  M(exit_in_user_expression, "exit ends a cell, not a user expression")                         \
  M(field_not_string, "field \"{}\" must be a string")                                          \
  M(field_not_string_or_null, "field \"{}\" must be a string or null")                          \
  M(format_failed, "format: {}")                                                                \
  M(input_abandoned, "input request abandoned: the cell was interrupted")                       \
  M(input_not_allowed, "input: this front end takes no input (the request's allow_stdin is false)") \
  M(inspect_unknown_name, "{}: no variable, function or builtin")                               \
  M(ipynb_cell_not_object, "a cell must be an object")                                          \
  M(ipynb_cell_type_not_string, "\"cell_type\" must be a string")                               \
  M(ipynb_cell_without_source, "a cell needs a \"source\"")                                     \
  M(ipynb_directives_not_strings, "metadata.llmlab.directives must be a list of strings")       \
  M(ipynb_frontmatter_not_block, "metadata.llmlab.frontmatter must be one block from a line --- to the next") \
  M(ipynb_not_object, "\"{}\" must be an object")                                               \
  M(ipynb_setting_not_boolean, "metadata.llmlab.{} must be true or false")                      \
  M(ipynb_setting_not_count, "metadata.llmlab.{} must be a whole number from 0 to {}")          \
  M(ipynb_setting_not_one_line, "metadata.llmlab.{} must be one line, {}")                      \
  M(ipynb_setting_not_string, "metadata.llmlab.{} must be a string")                            \
  M(ipynb_source_not_strings, "\"source\" must be a string or a list of strings")               \
  M(ipynb_unclosed_not_last, "metadata.llmlab.unclosed: only the last cell may leave its fence open") \
  M(katex_missing, "KaTeX not found (run `make deps`); math is shown as TeX source")            \
  M(kernel_cannot_run, "llmlab kernel: cannot run the Jupyter kernel '{}': {}")                 \
  M(kernel_connection_file_problem, "llmlab-kernel: connection file {}: {}")                    \
  M(kernel_install_cannot_create, "llmlab kernel install: cannot create {}: {}")                \
  M(kernel_install_cannot_draw_logos, "llmlab kernel install: cannot draw the logos: {}")       \
  M(kernel_install_cannot_write, "llmlab kernel install: cannot write into {}")                 \
  M(kernel_install_kernel_missing, "llmlab kernel install: the kernel executable is missing: no file at {}") \
  M(kernel_install_no_executable_path, "llmlab kernel install: cannot find the path of this executable") \
  M(kernel_internal_error, "internal: {}")                                                      \
  M(kernel_message_dropped, "llmlab-kernel: message dropped: {}")                               \
  M(kernel_no_connection_file, "llmlab-kernel: give -f CONNECTION_FILE (Jupyter does), or use `llmlab kernel install`") \
  M(kernel_not_found, "llmlab kernel: cannot start the Jupyter kernel: no {} at {} (it is built and installed with llmlab)") \
  M(kernel_request_not_utf8, "llmlab-kernel: a request held bytes that are not UTF-8; each became U+FFFD") \
  M(kernel_uninstall_cannot_remove, "llmlab kernel uninstall: cannot remove {}: {}")            \
  M(kernel_uninstall_none, "llmlab kernel uninstall: no llmlab kernel in {}")                   \
  M(lint_details_unbalanced, "{} <details> but {} </details>")                                  \
  M(lint_fence_unclosed, "```rustlab fence never closed")                                       \
  M(lint_frontmatter_unclosed, "frontmatter opened with --- but never closed")                  \
  M(lint_generated_headers, "{} generated-header lines (fixable: llmlab notebook clean)")       \
  M(lint_output_end_unmatched, "output-end sentinel without a matching output-start")           \
  M(lint_output_start_unmatched, "output-start sentinel without a matching output-end")         \
  M(lint_plot_missing, "plot file {} does not exist")                                           \
  M(mermaid_missing, "mermaid not found (run `make deps`); diagrams show their source")         \
  M(not_json_object, "not a JSON object")                                                       \
  M(not_notebook, "not a notebook: {}: {}")                                                     \
  M(not_notebook_format, "not a notebook: expected nbformat 4 JSON with a \"cells\" list")      \
  M(not_notebook_json, "not a notebook: the file is not valid JSON")                            \
  M(port_cannot_listen, "cannot listen on the {} port {}:{}: {}")                               \
  M(prose_template_error, "the hidden prose template's ${{{}}} {}")                             \
  M(render_would_overwrite, "rendering {0} to markdown would overwrite the source; say what you mean:\n  --obsidian        (not supported by llmlab)\n  -o PATH           write elsewhere\n  -o {0}   render in place") \
  M(request_bad, "bad request: {}")                                                             \
  M(request_too_long, "bad request: longer than {} bytes")                                      \
  M(request_unknown_op, "bad request: unknown op \"{}\"")                                       \
  M(socket_cannot_open, "cannot open a socket: {}")                                             \
  M(wire_field_kind, "{}.{} must be {}, got {}")                                                \
  M(wire_field_missing, "{}.{} is missing")                                                     \
  M(wire_frames_missing, "a message needs {} frames after {}, got {}")                          \
  M(wire_no_delimiter, "a message needs a {} frame; none among its {}")                         \
  M(wire_part_not_object, "the {} must be an object, got {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_NOTEBOOK_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
