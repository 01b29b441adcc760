// What the two llmlab executables share as processes: `llmlab` (src/app) and the Jupyter kernel
// `llmlab-kernel` (src/jupyter) report the same version, exit with the same codes, tune the
// allocator the same way and find their companion files beside their own binary.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace llmlab {

inline constexpr std::string_view kVersion = "0.1.0";

// 130 is the shell's status for a process ended by SIGINT (128 + 2).
enum ExitCode : int {
  kExitOk = 0,
  kExitScriptError = 1,
  kExitUsageError = 2,
  kExitInterrupted = 130
};

// Parses main()'s arguments with a CLI11 app (App is CLI::App and ParseError CLI::ParseError;
// base includes no CLI11): nothing when the program goes on, else its exit code, kExitOk after
// --help and kExitUsageError after a mistake, both already printed by CLI11.
template <class ParseError, class App>
std::optional<int> parse_arguments(App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const ParseError& error) {
    return app.exit(error) == 0 ? kExitOk : kExitUsageError;
  }
  return std::nullopt;
}

// The malloc settings every llmlab process runs under; each main() calls this first.
void tune_allocator();

// The absolute path of the running executable, or empty when /proc cannot say.
std::string executable_path();

// The short libgomp spin training runs under (app/openmp_spin.hpp says why): `llmlab train`
// restarts itself with it, and a sweep sets it in its trainers' environment itself, so each run
// starts once instead of twice.
inline constexpr const char* kShortOpenmpSpinCount = "1000";

}  // namespace llmlab
