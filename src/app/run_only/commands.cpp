// The commands of a build without the full CLI (LLMLAB_FULL_CLI off: WebAssembly, whose
// llmlab-node runs scripts): `run` alone. Without a subcommand there is no REPL to start, so
// llmlab says what it offers and exits with a usage error.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>

#include "app/cli.hpp"
#include "app/run_command.hpp"
#include "base/messages/cli.hpp"

namespace llmlab::app {

void add_commands(CLI::App& app, int& exit_code, char**) { add_run_command(app, exit_code); }

int run_without_command(const CLI::App& app, lang::Dialect) {
  fmt::print(stderr, "{}\n{}\n", app.help(), messages::no_interactive_prompt);
  return kExitUsageError;
}

}  // namespace llmlab::app
