// Command-line entry: `llmlab run FILE`, `llmlab` (REPL), `llmlab notebook ...`, and further
// subcommands, each in its own app/<name>_command.cpp and registered in cli.cpp.
// Exit codes (base/process.hpp): 0 ok, 1 script error, 2 usage error, 130 interrupted.
#pragma once

#include "base/process.hpp"  // kVersion and the exit codes, shared with llmlab-kernel
#include "lang/dialect.hpp"

namespace CLI {
class App;
}

namespace llmlab::app {

// The width MATLAB's `format short g` columns wrap at (language.md §13.12): the terminal's
// columns when standard output is a terminal, 80 otherwise.
int terminal_width();

int main(int argc, char** argv);

// The subcommands of this build, and what `llmlab` without one does: app/commands.cpp (every
// command; the REPL) or, without LLMLAB_FULL_CLI, app/run_only/commands.cpp (`run`; a usage
// error). A command stores its exit status in `exit_code`. The prompt reads `dialect`.
void add_commands(CLI::App& app, int& exit_code, char** argv);
int run_without_command(const CLI::App& app, lang::Dialect dialect);

}  // namespace llmlab::app
