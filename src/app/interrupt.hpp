// Ctrl-C while a program runs: the first SIGINT asks the interpreter to stop at its next
// statement (it raises "interrupted", an error no `catch` sees, which unwinds to the top: exit
// status 130); a second one, for a program stuck inside one long builtin call, flushes what the
// program printed and ends the process with status 130.
#pragma once

#include "runtime/interpreter.hpp"

namespace llmlab::app {

// While alive, SIGINT interrupts `interpreter`; the previous handler comes back afterwards.
class InterruptScope {
 public:
  explicit InterruptScope(runtime::Interpreter& interpreter);
  // With no interpreter (`llmlab train`): the first SIGINT only sets requested().
  InterruptScope();
  ~InterruptScope();
  // True once a first SIGINT arrived while a scope was alive.
  static bool requested();
  // Points the live scope at `interpreter` (nullptr: at none), for commands that run several
  // interpreters in turn (notebook render, a page each). A SIGINT that came while none was
  // aimed at interrupts the next one.
  static void aim(runtime::Interpreter* interpreter);
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;
};

// For the REPL session: while alive, Ctrl-C at the prompt no longer ends the process; it makes
// the line editor give up the line being typed, and take_prompt_interrupt() reports it once.
class PromptInterrupts {
 public:
  PromptInterrupts();
  ~PromptInterrupts();
  PromptInterrupts(const PromptInterrupts&) = delete;
  PromptInterrupts& operator=(const PromptInterrupts&) = delete;

  // True once after each Ctrl-C at the prompt.
  static bool take_prompt_interrupt();
};

}  // namespace llmlab::app
