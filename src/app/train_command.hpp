// `llmlab train [--layers 24 --norm post --lr 3e-3 --warmup 0 ... --json FILE]`: trains the native
// character-level GPT (src/train/) with a progress bar on stderr and an optional JSON record.
#pragma once

#include <CLI/CLI.hpp>

namespace llmlab::app {

// Adds the subcommand; when it runs, its exit status is stored in `exit_code` (0 ok, 1 a bad
// configuration, corpus or output file). `argv` (main's, null-terminated) lets it start the
// process again with libgomp's short spin before training.
void add_train_command(CLI::App& app, int& exit_code, char** argv);

}  // namespace llmlab::app
