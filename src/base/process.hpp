// What the two llmlab executables share as processes: `llmlab` (src/app) and the Jupyter kernel
// `llmlab-kernel` (src/jupyter) report the same version, exit with the same codes, tune the
// allocator the same way and find their companion files beside their own binary.
#pragma once

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

// The malloc settings every llmlab process runs under; each main() calls this first.
void tune_allocator();

// The absolute path of the running executable, or empty when /proc cannot say.
std::string executable_path();

}  // namespace llmlab
