// Command-line entry: `llmlab run FILE`, `llmlab` (REPL), `llmlab notebook ...`, and further
// subcommands, each in its own app/<name>_command.cpp and registered in cli.cpp.
// Exit codes: 0 ok, 1 script error, 2 usage error.
#pragma once

#include <string_view>

namespace llmlab::app {

inline constexpr std::string_view kVersion = "0.1.0";

// 130 is the shell's status for a process ended by SIGINT (128 + 2).
enum ExitCode : int {
  kExitOk = 0,
  kExitScriptError = 1,
  kExitUsageError = 2,
  kExitInterrupted = 130
};

int main(int argc, char** argv);

}  // namespace llmlab::app
