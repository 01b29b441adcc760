// Where `input` (builtins.md §9) reads its lines in `llmlab run` and the REPL: standard input.
// The interpreter only sees the session's input source; this file decides what it reads.
#pragma once

#include <istream>

#include "runtime/interpreter.hpp"

namespace llmlab::app {

// Lines read straight from file descriptor 0, the prompt written to standard output first.
// While it waits, a Ctrl-C stops the run (the interpreter's interrupt request is polled), so a
// script blocked on input() can still be stopped. For `llmlab run FILE` and the terminal REPL.
void read_input_from_terminal(runtime::Interpreter& interpreter);

// Lines read from `stream`, which also holds the program (the REPL fed through a pipe: the line
// after the one calling input() is its answer, as in Octave).
void read_input_from_stream(runtime::Interpreter& interpreter, std::istream& stream);

}  // namespace llmlab::app
