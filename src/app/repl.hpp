// The interactive loop (`llmlab` with no arguments). On a terminal: line editing and history
// (libedit, ~/.llmlab_history), continuation lines until a block's `end`, Ctrl-C stops a
// running program, Ctrl-D exits. With stdin not a terminal it reads the same input without
// prompts, so `echo 'x = 1 + 1' | llmlab` prints `x = 2`.
#pragma once

#include <istream>

#include "lang/dialect.hpp"
#include "runtime/interpreter.hpp"

namespace llmlab::app {

// Runs `input` as the REPL would, without prompts: each complete chunk (a line, or a block up to
// its `end`) runs in REPL mode; output goes to the interpreter's session, error reports to its
// error output, and the run goes on after an error. Returns 0, or 1 when any chunk failed.
int run_piped(runtime::Interpreter& interpreter, std::istream& input);

// Returns the exit status: 0, or 1 when piped input raised any error. Entries are read in
// `dialect` (language.md §14: `llmlab --dialect matlab`).
int run_repl(lang::Dialect dialect);

}  // namespace llmlab::app
