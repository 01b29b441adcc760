// Command-line parsing with CLI11; each subcommand hands over to a library call.
#include "app/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace llmlab::app {

int main(int argc, char** argv) {
  CLI::App app{"llmlab: a lab for the rlab dialect"};
  bool version = false;
  app.add_flag("--version", version, "Print the version and exit");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error) == 0 ? 0 : 2;
  }
  if (version) {
    fmt::print("llmlab 0.1.0\n");
    return 0;
  }
  return 0;
}

}  // namespace llmlab::app
