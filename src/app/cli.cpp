// Command-line parsing with CLI11: the top-level flags, then the build's subcommands
// (add_commands: app/commands.cpp, or app/run_only/commands.cpp without LLMLAB_FULL_CLI). Each
// subcommand lives in its own file and registers itself through an add_<name>_command function.
#include "app/cli.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>

namespace llmlab::app {

int terminal_width() {
  winsize size{};
  if (isatty(STDOUT_FILENO) != 0 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
      size.ws_col > 0) {
    return size.ws_col;
  }
  return 80;
}

int main(int argc, char** argv) {
  CLI::App app{
      "llmlab: a lab for the rlab dialect (an interpreter, plots, notebooks and a GPT "
      "trainer for learning how transformers work).\nWith no subcommand, starts the "
      "interactive prompt."};
  app.require_subcommand(0, 1);
  bool version = false;
  app.add_flag("--version", version, "Print the version and exit");

  int exit_code = kExitOk;
  add_commands(app, exit_code, argv);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int status = app.exit(error);
    return status == 0 ? kExitOk : kExitUsageError;
  }
  if (version) {
    fmt::print("llmlab {}\n", kVersion);
    return kExitOk;
  }
  if (app.get_subcommands().empty()) return run_without_command(app);
  return exit_code;
}

}  // namespace llmlab::app
