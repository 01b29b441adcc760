// Command-line parsing with CLI11: the top-level flags, then the build's subcommands
// (add_commands: app/commands.cpp, or app/run_only/commands.cpp without LLMLAB_FULL_CLI). Each
// subcommand lives in its own file and registers itself through an add_<name>_command function.
#include "app/cli.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <system_error>

#include "base/messages/cli.hpp"
#include "lang/dialect.hpp"

namespace llmlab::app {

int terminal_width() {
  winsize size{};
  if (isatty(STDOUT_FILENO) != 0 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 &&
      size.ws_col > 0) {
    return size.ws_col;
  }
  return 80;
}

namespace {

// Standard output is buffered, so a write that fails (a full disk, a closed pipe's reader gone
// with SIGPIPE ignored, /dev/full) often shows only at the final flush. Checking the flush and
// the close turns output that was lost into a failed command instead of a silent success.
int with_output_checked(int status) {
  errno = 0;
  const bool out_failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  const int out_errno = errno;
  const bool out_close_failed = std::fclose(stdout) != 0;
  const int close_errno = errno;
  if (out_failed || out_close_failed) {
    const int reason = out_failed ? out_errno : close_errno;
    // A write that failed before this flush set the error flag; its errno is gone by now.
    fmt::print(
        stderr, "{}\n",
        fmt::format(messages::standard_output_failed,
                    reason != 0 ? std::strerror(reason) : "some output could not be written"));
    if (status == kExitOk) status = kExitScriptError;
  }
  // stderr is unbuffered: a failed write shows in its error flag.
  if ((std::fflush(stderr) != 0 || std::ferror(stderr) != 0) && status == kExitOk) {
    status = kExitScriptError;
  }
  return status;
}

int run_command_line(int argc, char** argv) {
  CLI::App app{
      "llmlab: a lab for the rlab dialect (an interpreter, plots, notebooks and a GPT "
      "trainer for learning how transformers work).\nWith no subcommand, starts the "
      "interactive prompt."};
  app.require_subcommand(0, 1);
  bool version = false;
  app.add_flag("--version", version, "Print the version and exit");
  std::string dialect;
  CLI::Option* dialect_option =
      app.add_option("--dialect", dialect,
                     "Language of the interactive prompt: rlab (default) or matlab")
          ->check(CLI::IsMember({"rlab", "matlab"}));

  int exit_code = kExitOk;
  add_commands(app, exit_code, argv);
  // A subcommand reads its code in its own dialect (`run --dialect`, the file's extension, a
  // block's language): the prompt's option beside one is refused before anything runs, where
  // it would otherwise be silently ignored.
  app.parse_complete_callback([&app, dialect_option] {
    if (dialect_option->count() > 0 && !app.get_subcommands().empty()) {
      throw CLI::ValidationError(
          "--dialect",
          "before a subcommand it sets the interactive prompt's language; give it "
          "after the subcommand (llmlab run --dialect matlab FILE)");
    }
  });

  if (const std::optional<int> status = parse_arguments<CLI::ParseError>(app, argc, argv)) {
    return *status;
  }
  if (version) {
    fmt::print("llmlab {}\n", kVersion);
    return kExitOk;
  }
  if (app.get_subcommands().empty()) {
    return run_without_command(app, lang::dialect_named(dialect).value_or(lang::Dialect::Rlab));
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  int status = kExitOk;
  try {
    status = run_command_line(argc, argv);
  } catch (const std::system_error& error) {
    // fmt::print throws when its write fails (a full buffer meeting a full disk, say).
    fmt::print(stderr, "{}\n", fmt::format(messages::output_failed, error.code().message()));
    status = kExitScriptError;
  }
  return with_output_checked(status);
}

}  // namespace llmlab::app
