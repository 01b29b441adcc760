// Parsing `llmlab-kernel`'s arguments with CLI11, as `llmlab` parses its own.
#include "jupyter/cli.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "base/messages/notebook.hpp"
#include "base/process.hpp"
#include "jupyter/run_kernel.hpp"
#include "lang/dialect.hpp"

namespace llmlab::jupyter {

int main(int argc, char** argv) {
  CLI::App app{
      "llmlab-kernel: the llmlab Jupyter kernel (rlab cells in one llmlab session). Jupyter "
      "starts it through `llmlab kernel -f CONNECTION_FILE`; `llmlab kernel install` writes the "
      "kernelspec that says so."};
  std::string connection;
  bool version = false;
  app.add_option("-f,--connection-file", connection,
                 "The connection file Jupyter gives the kernel");
  app.add_flag("--version", version, "Print the version and exit");
  std::string dialect = "rlab";
  app.add_option("--dialect", dialect, "The language of the cells: rlab (default) or matlab")
      ->check(CLI::IsMember({"rlab", "matlab"}));
  if (const std::optional<int> status = parse_arguments<CLI::ParseError>(app, argc, argv)) {
    return *status;
  }
  if (version) {
    fmt::print("llmlab-kernel {}\n", kVersion);
    return kExitOk;
  }
  if (connection.empty()) {
    fmt::print(stderr, "{}\n", messages::kernel_no_connection_file);
    return kExitUsageError;
  }
  return run_kernel(connection, *lang::dialect_named(dialect));
}

}  // namespace llmlab::jupyter
