// builtins.md §11 Control and utility, the session: tic, toc, nproc, sleep, and the commands
// format, more, clear, help, clc (and the accepted cache/viewer directives).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <functional>
#include <optional>
#include <string_view>
#include <thread>
#include <utility>

#include "base/error.hpp"
#include "base/messages/environment.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "runtime/display.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/literals.hpp"
#include "runtime/operators.hpp"
#include "runtime/printf.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// Octave's `more off` / `more on`: the pager; llmlab never pages its output.
Value more(Call& call) {
  if (call.has(0) && !runtime::is_word(call.value(0), "on") &&
      !runtime::is_word(call.value(0), "off")) {
    call.fail(fmt::format(messages::expected_on_or_off, call.string(0)));
  }
  return Value();
}

// Bare `clear` (language.md §2.14) removes every variable but the predefined ones and every
// user function; `clear("x", ...)` removes the named variables only.
Value clear(Call& call) {
  runtime::Interpreter& interpreter = call.interpreter();
  if (call.count() == 0) {
    interpreter.clear();
    return Value();
  }
  for (int k = 0; k < call.count(); ++k) {
    if (interpreter.has_variable(call.string(k))) interpreter.unset_variable(call.string(k));
  }
  return Value();
}

// The words of the language itself, which `help for` describes as `help sum` describes a
// builtin (language.md §2 and §13 for the details).
struct KeywordHelp {
  std::string_view word;
  std::string_view text;
};

constexpr KeywordHelp kKeywordHelp[] = {
    {"if",
     "if COND ... elseif COND ... else ... end: runs the first branch whose condition "
     "holds (an array holds when it is non-empty and all non-zero)"},
    {"elseif", "elseif COND: another condition of an if block"},
    {"else", "else: the branch of an if block when no condition held"},
    {"for",
     "for VAR = EXPR ... end: runs the body once per element (per column of a matrix, "
     "per element of a cell)"},
    {"while", "while COND ... end: runs the body while the condition holds"},
    {"switch",
     "switch EXPR case VALUE ... otherwise ... end: runs the first case equal to the "
     "value (a cell of values matches any of them)"},
    {"case", "case VALUE: one branch of a switch block"},
    {"otherwise", "otherwise: the branch of a switch block when no case matched"},
    {"end",
     "end: closes a block (if, for, while, switch, try, function); inside a subscript, "
     "the last index"},
    {"function", "function [OUT1, OUT2] = NAME(IN1, IN2) ... end: defines a function"},
    {"return", "return: leaves the running function"},
    {"break", "break: leaves the innermost loop"},
    {"continue", "continue: goes on with the next iteration of the innermost loop"},
    {"try",
     "try ... catch ERR ... end: runs the catch part when the try part raises an error, "
     "with ERR.message and ERR.identifier"},
    {"catch", "catch ERR: the part of a try block that handles its error"},
    {"run", "run FILE: runs a script in the current scope (relative to the file that says run)"},
    {"import",
     "import FILE: runs a library file once per session (relative to the importing "
     "file, then LLMLAB_PATH)"},
};

// help: the builtin names, or one builtin's help line and arity; `help name` in command form.
Value help(Call& call) {
  runtime::Interpreter& interpreter = call.interpreter();
  if (call.count() == 0) {
    std::string text = "builtins (help NAME for one):\n";
    std::string line;
    std::vector<std::string> names = interpreter.builtin_names();
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
      if (!line.empty() && line.size() + 1 + name.size() > 78) {
        text += " " + line + "\n";
        line.clear();
      }
      line += " " + name;
    }
    if (!line.empty()) text += " " + line + "\n";
    call.session().write(text);
    return Value();
  }
  const std::string& name = call.string(0);
  if (const runtime::NativeFunction* function = interpreter.find_builtin(name)) {
    std::string text(function->help);
    if (!text.starts_with(name + "(")) text = name + ": " + text;
    // The example sits on a line of its own, under the summary.
    if (const std::size_t at = text.find(" Example: ");
        at != std::string::npos && at > 0 && text[at - 1] != ' ') {
      text.replace(at, 1, "\n  ");
    }
    const std::string arity = function->max_args < 0 ? fmt::format("{} or more", function->min_args)
                              : function->min_args == function->max_args
                                  ? std::to_string(function->min_args)
                                  : fmt::format("{} to {}", function->min_args, function->max_args);
    call.session().write(fmt::format("{}\n  arguments: {}\n", text, arity));
    return Value();
  }
  if (interpreter.has_user_function(name)) {
    call.session().write(fmt::format("{} is a user function\n", name));
    return Value();
  }
  for (const KeywordHelp& keyword : kKeywordHelp) {
    if (keyword.word == name) {
      call.session().write(fmt::format("{} is a keyword. {}\n", name, keyword.text));
      return Value();
    }
  }
  call.fail(fmt::format(messages::no_such_name, name));
}

// The front end's way to clear its screen; none in a script, whose output is its record.
struct ScreenClearer {
  std::function<void()> clear;
};

// MATLAB's clc clears the command window: the REPL's terminal, a Jupyter cell's output.
Value clc(Call& call) {
  if (const auto& clear = call.session().extension<ScreenClearer>().clear) clear();
  return Value();
}

// `cache ...` and `viewer ...` directives: accepted and ignored (language.md §2.14).
Value ignored_directive(Call&) { return Value(); }

struct Stopwatch {
  std::optional<std::chrono::steady_clock::time_point> start;
};

Value tic(Call& call) {
  call.session().extension<Stopwatch>().start = std::chrono::steady_clock::now();
  return Value();
}

// t = toc returns the seconds; a toc whose result nobody takes prints them in MATLAB's words.
Value toc(Call& call) {
  const Stopwatch& watch = call.session().extension<Stopwatch>();
  if (!watch.start) call.fail(messages::toc_before_tic);
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - *watch.start;
  if (call.nargout() > 0) return Value::scalar(elapsed.count());
  call.session().write(fmt::format("Elapsed time is {:.6f} seconds.\n", elapsed.count()));
  return Value();
}

// Takes any arguments so that passing one gets rlab's own message rather than the count error.
Value nproc(Call& call) {
  if (call.count() > 0) call.fail(messages::takes_no_arguments);
  return Value::scalar(static_cast<double>(std::max(1u, std::thread::hardware_concurrency())));
}

// Waits `seconds` (Inf: until interrupted) in slices, so that Ctrl-C, the Jupyter stop button
// and a notebook block's time limit end the wait as they end a loop.
void wait_for(Call& call, double seconds) {
  if (!(seconds >= 0)) call.fail(messages::negative_duration);
  constexpr std::chrono::duration<double> kSlice(0.05);
  const auto start = std::chrono::steady_clock::now();
  const std::chrono::duration<double> total(seconds);
  while (true) {
    runtime::Interpreter& interpreter = call.interpreter();
    if (interpreter.interrupt_requested()) interpreter.raise_interrupt();
    const std::chrono::duration<double> left = total - (std::chrono::steady_clock::now() - start);
    if (left <= std::chrono::duration<double>::zero()) return;
    std::this_thread::sleep_for(std::min(left, kSlice));
  }
}

// rustlab's sleep: one uninterruptible wait (a second Ctrl-C still ends the process, and
// tests/hardening relies on it as a builtin that does not poll).
Value sleep(Call& call) {
  const double seconds = call.scalar(0);
  if (!(seconds >= 0)) call.fail(messages::negative_duration);
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  return Value::scalar(0);
}

// MATLAB's pause(n); pause() waits for a key press there, which a script, a notebook and a
// kernel cell have no way to give.
Value pause(Call& call) {
  if (!call.has(0)) call.fail(messages::pause_call_form);
  wait_for(call, call.scalar(0));
  return Value();
}

}  // namespace

void set_screen_clearer(runtime::Session& session, std::function<void()> clear) {
  session.extension<ScreenClearer>().clear = std::move(clear);
}

extern const BuiltinTable kSessionBuiltins = {
    {"more", more, 0, 1,
     "Octave's pager switch (more off): output is never paged, so a no-op. Example: more off"},
    {"clear", clear, 0, -1,
     "clear x y or clear(\"x\"): remove variables; bare clear also every user function. Example: x "
     "= 1; clear x"},
    {"help", help, 0, 1,
     "help: list the builtins; help NAME or help(\"NAME\"): describe one. Example: help sum"},
    {"clc", clc, 0, 0,
     "Clears the REPL's terminal or the Jupyter cell's output; in a script, nothing (output is "
     "kept). Example: clc"},
    {"cache", ignored_directive, 0, -1,
     "Result-cache directives (accepted, no effect). Example: cache off"},
    {"viewer", ignored_directive, 0, -1,
     "External viewer control (accepted, no effect). Example: viewer off"},
    {"tic", tic, 0, 0, "Starts the session stopwatch. Example: tic; toc"},
    {"toc", toc, 0, 0,
     "Seconds since the last tic(); printed as \"Elapsed time is ... seconds.\" when not "
     "assigned. Example: tic; elapsed = toc"},
    {"nproc", nproc, 0, -1, "Number of hardware threads. Example: nproc()"},
    {"sleep", sleep, 1, 1, "Pauses for the given seconds; returns 0. Example: sleep(0.01)"},
    {"pause", pause, 0, 1,
     "pause(n): waits n seconds (MATLAB's; Ctrl-C ends the wait). Example: pause(0.01)"},
};

}  // namespace llmlab::builtins
