// `llmlab notebook render|check|clean` (notebook.md §4): flags → notebook::*_command.
#pragma once

#include <CLI/CLI.hpp>

namespace llmlab::app {

// Adds the subcommand; when it runs, its exit status is stored in `exit_code`.
void add_notebook_command(CLI::App& app, int& exit_code);

}  // namespace llmlab::app
