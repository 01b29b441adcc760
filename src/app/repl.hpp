// The interactive loop (`llmlab` with no arguments). On a terminal: line editing and history
// (libedit, ~/.llmlab_history), continuation lines until a block's `end`, Ctrl-C stops a
// running program, Ctrl-D exits. With stdin not a terminal it reads the same input without
// prompts, so `echo 'x = 1 + 1' | llmlab` prints `x = 2`.
#pragma once

namespace llmlab::app {

// Returns the exit status: 0, or 1 when piped input raised any error.
int run_repl();

}  // namespace llmlab::app
