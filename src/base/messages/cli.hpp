// Messages: the llmlab command line's own, about its output and the commands a build has (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_CLI_MESSAGES(M)                                                                  \
  M(figures_not_all_written, "llmlab: --figures: {}; figures not all written")                  \
  M(figures_not_saved, "llmlab: {} drew figure{} {} (not saved: add --figures DIR to write {} as SVG and PNG)") \
  M(no_interactive_prompt, "llmlab: this build has no interactive prompt; use `run FILE`")      \
  M(option_not_whole_number, "must be a whole number from 0 to {}, got {}")                     \
  M(output_failed, "llmlab: error: writing output failed: {}")                                  \
  M(standard_output_failed, "llmlab: error: writing standard output failed: {}")
// clang-format on

namespace llmlab::messages {
LLMLAB_CLI_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
