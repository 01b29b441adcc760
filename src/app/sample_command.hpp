// `llmlab sample m.safetensors --prompt "..." -n 200 [--temperature T --top-k k --top-p p
// --seed s]`: loads a checkpoint and prints the prompt and the generated characters as they come.
#pragma once

#include <CLI/CLI.hpp>

namespace llmlab::app {

// Adds the subcommand; its exit status lands in `exit_code` (0 ok, 1 a bad file or option).
void add_sample_command(CLI::App& app, int& exit_code);

}  // namespace llmlab::app
