// Every subcommand of the full llmlab (LLMLAB_FULL_CLI), and the REPL when none is given.
#include <CLI/CLI.hpp>

#include "app/cli.hpp"
#include "app/kernel/kernel_command.hpp"
#include "app/notebook_command.hpp"
#include "app/repl.hpp"
#include "app/run_command.hpp"
#include "app/sample_command.hpp"
#include "app/sweep_command.hpp"
#include "app/train_command.hpp"

namespace llmlab::app {

void add_commands(CLI::App& app, int& exit_code, char** argv) {
  add_run_command(app, exit_code);
  add_notebook_command(app, exit_code);
  add_train_command(app, exit_code, argv);
  add_sample_command(app, exit_code);
  add_sweep_command(app, exit_code);
  add_kernel_command(app, exit_code);
}

int run_without_command(const CLI::App&, lang::Dialect dialect) { return run_repl(dialect); }

}  // namespace llmlab::app
