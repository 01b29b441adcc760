// `llmlab run FILE [args...]`: runs a script (language.md §9.3), or with --dump-tokens /
// --dump-ast prints what the lexer or parser makes of it instead.
#pragma once

#include <CLI/CLI.hpp>

namespace llmlab::app {

// Adds the subcommand; when it runs, its exit status is stored in `exit_code`.
void add_run_command(CLI::App& app, int& exit_code);

}  // namespace llmlab::app
