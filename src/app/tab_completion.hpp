// What Tab completes in the terminal REPL's line editor (libedit). Apart from console_input so
// that a build without the REPL (LLMLAB_FULL_CLI off: WebAssembly) needs no libedit.
#pragma once

#include "runtime/interpreter.hpp"

namespace llmlab::app {

// Tab in the terminal REPL's line editor (libedit) completes what the Jupyter kernel completes
// (builtins/completion.hpp): variables, functions, builtins, keywords, struct fields after `.`
// and file names inside a string. `interpreter` must outlive the line editor's use.
void complete_on_tab(const runtime::Interpreter& interpreter);

}  // namespace llmlab::app
