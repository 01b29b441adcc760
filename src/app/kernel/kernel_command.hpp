// `llmlab kernel -f CONNECTION_FILE` (run as a Jupyter kernel), `llmlab kernel install` and
// `llmlab kernel uninstall`.
#pragma once

#include <CLI/CLI.hpp>

namespace llmlab::app {

void add_kernel_command(CLI::App& app, int& exit_code);

}  // namespace llmlab::app
