// `llmlab sweep run FILE.toml [-o DIR] [--executor local|slurm]`, `llmlab sweep status DIR`,
// `llmlab sweep report DIR`: a grid of training runs over seeds, run here or as a Slurm job
// array, reported with confidence intervals (src/sweep/).
#pragma once

#include <CLI/CLI.hpp>

namespace llmlab::app {

void add_sweep_command(CLI::App& app, int& exit_code);

}  // namespace llmlab::app
