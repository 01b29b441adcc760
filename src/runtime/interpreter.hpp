// runtime::Interpreter: runs rlab programs (language.md) over one Session. A tree-walking
// evaluator over the lang AST, with variables resolved to frame slots before a body first runs.
// Builtins are registered by builtins/registry.cpp (install_builtins).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/source.hpp"
#include "runtime/native.hpp"
#include "runtime/value.hpp"

namespace llmlab::lang {
struct FunctionDef;
}

namespace llmlab::runtime {

class Session;

// Echo rules differ by mode (language.md §8.1): scripts, the REPL and Jupyter cells echo
// unsuppressed statements; notebooks echo bare expressions but not assignments.
enum class ExecMode { Script, Notebook, Repl };

// Why a run is asked to stop from outside: Ctrl-C, or a notebook block past its time limit.
enum class InterruptReason { User = 1, TimeLimit = 2 };
// Thrown by `exit` / `quit` (language.md §13.12) through every script frame: not an Error, so
// try/catch does not see it. The command that runs the session ends (a script's process exits
// with `status`; the REPL leaves).
struct ExitRequest {
  int status = 0;
};

struct InterpreterOptions {
  // Statements executed before a run is aborted with "step budget exhausted" (0: unlimited).
  // For the fuzzer.
  std::int64_t step_budget = 0;
  // Nested user-function and lambda calls before "maximum recursion depth exceeded". The
  // evaluator also stops early when the native stack runs low (deep recursion in debug and
  // sanitizer builds).
  int max_call_depth = 1000;
};

class Interpreter {
 public:
  explicit Interpreter(Session& session, InterpreterOptions options = {});
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  Session& session() const;

  // Parses and runs a whole file at top level. Throws llmlab::Error (syntax or runtime).
  void run(std::shared_ptr<const SourceFile> file, ExecMode mode = ExecMode::Script);
  // Evaluates one expression in the top-level scope (notebook `${...}`), without echo.
  Value evaluate(std::string_view expression);
  // Evaluates one expression in the scope executing now — a builtin's caller, so `input` sees
  // the variables of the function that called it — without disturbing the run in progress;
  // the top level when nothing runs. `source_name` names the text in errors.
  Value evaluate_in_current_scope(std::string_view expression, std::string_view source_name);
  // Runs `code` (statements, in the dialect running now) in the scope executing now, as
  // MATLAB's eval does; its statements echo by the usual rules. `source_name` names the text in
  // errors.
  void run_in_current_scope(std::string_view code, std::string_view source_name);
  // Asks the running program to stop at its next statement; it raises an error no `catch`
  // sees (llmlab::Stop, base/stop.hpp: "interrupted", or a time limit), which unwinds to the
  // top. One atomic store: safe in a signal handler and from another thread.
  void interrupt(InterruptReason reason = InterruptReason::User);
  // Withdraws a request not acted on yet (before the next cell, the next REPL line).
  void clear_interrupt();
  // True while a request is pending. A builtin that runs long without statements (train_gpt)
  // polls it, stops its work cleanly, then calls raise_interrupt().
  bool interrupt_requested() const;
  // Throws the pending request's error and clears the request.
  [[noreturn]] void raise_interrupt();

  // Builtins.
  void register_builtin(const NativeFunction& function);
  const NativeFunction* find_builtin(std::string_view name) const;
  std::vector<std::string> builtin_names() const;

  // Calls a lambda, a function handle, or a function named by a String value.
  Value invoke(const Value& function, std::vector<Value> arguments, int nargout = 1);
  // Calls a user function or builtin by name.
  Value call(std::string_view name, std::vector<Value> arguments, int nargout = 1);

  // Variables of the innermost executing scope (the top level when nothing runs).
  const Value* variable(std::string_view name) const;
  void set_variable(std::string_view name, Value value);
  bool has_variable(std::string_view name) const;
  void unset_variable(std::string_view name);
  std::vector<std::string> variable_names() const;  // sorted
  bool has_user_function(std::string_view name) const;
  // The definition of the user function `name` (its parameters and outputs: nargin(name)), null
  // when the session has none.
  const lang::FunctionDef* user_function(std::string_view name) const;
  std::vector<std::string> user_function_names() const;  // sorted (completion in front ends)
  // `clear`: removes every variable but the predefined ones, and every user function.
  void clear();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace llmlab::runtime
