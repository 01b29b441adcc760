// The SIGINT handler behind InterruptScope. A signal handler can only reach the interpreter
// through process-wide state, so that state is confined to this file and to the scope object.
#include "app/interrupt.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>

namespace llmlab::app {

namespace {

std::atomic<runtime::Interpreter*> g_target{nullptr};
std::atomic<int> g_requests{0};  // lock-free, so usable in the handler
struct sigaction g_previous {};
std::atomic<bool> g_prompt_interrupted{false};
struct sigaction g_previous_prompt {};

// What the program printed may still sit in stdio's buffer (stdout redirected to a file is fully
// buffered): write it out before _exit, unless the interrupted code holds the stream's lock, as
// flushing then would deadlock.
void flush_stdout_if_free() {
  if (ftrylockfile(stdout) == 0) {
    fflush_unlocked(stdout);
    funlockfile(stdout);
  }
}

extern "C" void on_interrupt(int /*signal*/) {
  if (g_requests.fetch_add(1) > 0) {
    flush_stdout_if_free();
    static constexpr char kMessage[] = "\nllmlab: interrupted twice, exiting\n";
    (void)!write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
    _exit(130);
  }
  // End the line the terminal echoed ^C on; the error report follows.
  (void)!write(STDERR_FILENO, "\n", 1);
  // Interpreter::interrupt stores one atomic flag: safe in a signal handler.
  if (runtime::Interpreter* target = g_target.load()) target->interrupt();
}

// No SA_RESTART: the line editor's read() fails with EINTR, so readline() returns.
extern "C" void on_prompt_interrupt(int /*signal*/) { g_prompt_interrupted.store(true); }

}  // namespace

PromptInterrupts::PromptInterrupts() {
  struct sigaction action {};
  action.sa_handler = on_prompt_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, &g_previous_prompt);
}

PromptInterrupts::~PromptInterrupts() { sigaction(SIGINT, &g_previous_prompt, nullptr); }

bool PromptInterrupts::take_prompt_interrupt() { return g_prompt_interrupted.exchange(false); }

InterruptScope::InterruptScope(runtime::Interpreter& interpreter) : InterruptScope() {
  // A Ctrl-C that came after the last program ended must not stop the next one.
  interpreter.clear_interrupt();
  g_target.store(&interpreter);
}

bool InterruptScope::requested() { return g_requests.load() > 0; }

void InterruptScope::aim(runtime::Interpreter* interpreter) {
  g_target.store(interpreter);
  if (interpreter != nullptr && requested()) interpreter->interrupt();
}

InterruptScope::InterruptScope() {
  g_requests.store(0);
  g_target.store(nullptr);
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, &g_previous);
}

InterruptScope::~InterruptScope() {
  sigaction(SIGINT, &g_previous, nullptr);
  g_target.store(nullptr);
}

}  // namespace llmlab::app
