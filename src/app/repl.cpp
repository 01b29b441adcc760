// The REPL. Input is gathered line by line until the parser says it is complete (a block's
// `end`, a closing bracket, no trailing `...`), then run in REPL mode (statements echo as in a
// script). An error is reported and the session goes on; variables and functions persist.
#include "app/repl.hpp"

#include <editline/readline.h>
#include <fmt/format.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/console_input.hpp"
#include "app/interrupt.hpp"
#include "app/private_folder.hpp"
#include "app/tab_completion.hpp"
#include "base/error.hpp"
#include "base/stop.hpp"
#include "builtins/plot/session.hpp"
#include "builtins/registry.hpp"
#include "lang/parser.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::app {

namespace {

constexpr const char* kPrompt = ">> ";
constexpr const char* kContinuationPrompt = ".. ";
constexpr int kHistoryLength = 2000;

enum class Outcome { Ok, Failed, Interrupted, Exit };

// The status `exit(status)` asked for (language.md §13.12), once run_chunk returned Exit.
int exit_status = 0;

// Output written so far first, then the report, so a terminal shows them in order.
void report(runtime::Interpreter& interpreter, const std::string& text) {
  std::fflush(stdout);
  std::cout.flush();
  interpreter.session().write_error(text);
}

// Runs one complete chunk of input; reports an error and carries on.
// `first_line` is the chunk's line in the whole input: blank lines in front of the text make the
// parser count from there, so errors in piped input point at the right line.
Outcome run_chunk(runtime::Interpreter& interpreter, const char* name, const std::string& text,
                  int first_line) {
  auto file = std::make_shared<const SourceFile>(
      name, std::string(static_cast<std::size_t>(first_line - 1), '\n') + text);
  try {
    InterruptScope interrupt(interpreter);
    interpreter.run(std::move(file), runtime::ExecMode::Repl);
  } catch (const runtime::ExitRequest& request) {
    std::fflush(stdout);
    std::cout.flush();
    exit_status = request.status;
    return Outcome::Exit;
  } catch (const Error& error) {
    report(interpreter, format_error_report(error));
    return Outcome::Failed;
  } catch (const Stop& stop) {
    report(interpreter, format_error_report(stop.report()));
    return stop.is_interrupt() ? Outcome::Interrupted : Outcome::Failed;
  } catch (const std::exception& error) {
    // A REPL session outlives one failed statement, whatever failed.
    report(interpreter, fmt::format("error: internal: {}\n", error.what()));
    return Outcome::Failed;
  }
  std::fflush(stdout);
  std::cout.flush();
  return Outcome::Ok;
}

void report_line(std::string_view message) { fmt::print(stderr, "error: {}\n", message); }

bool is_complete(const std::string& text, lang::Dialect dialect) {
  return lang::check_completeness(std::make_shared<const SourceFile>("<stdin>", text), dialect) ==
         lang::Completeness::Complete;
}

std::string history_path() {
  const char* home = std::getenv("HOME");
  return std::string(home ? home : ".") + "/.llmlab_history";
}

bool is_blank(const std::string& text) {
  return text.find_first_not_of(" \t\r") == std::string::npos;
}

// The REPL's figures: each figure is one SVG and PNG pair in a private folder
// (private_folder.hpp), rewritten in place whenever an entry changes the figure, its paths
// printed the first time. The braille preview of the current figure is printed at the prompt
// after an entry that drew data; one that only decorates (xlabel, grid on) updates the files
// without another preview.
class ReplFigures {
 public:
  explicit ReplFigures(runtime::Interpreter& interpreter) : interpreter_(interpreter) {}

  // Before an entry runs.
  void mark() {
    mark_ = builtins::figure_mark(interpreter_.session());
    data_draws_ = builtins::data_draw_count(interpreter_.session());
  }

  // After it ran: the figures it changed, written and previewed.
  void show_changes() {
    runtime::Session& session = interpreter_.session();
    const std::vector<int> changed = builtins::figures_drawn_since(session, mark_);
    if (changed.empty()) return;
    if (builtins::data_draw_count(session) != data_draws_) {
      const std::string preview = builtins::preview_current_figure(session, 60, 16);
      if (!preview.empty()) fmt::print("{}\n", preview);
    }
    try {
      InterruptScope interrupt(interpreter_);  // Ctrl-C ends a long render, not the REPL
      const plot::InterruptCheck check = builtins::interrupt_check(interpreter_);
      for (const int handle : changed) save(handle, check);
    } catch (const Error& error) {
      report_line(error.what());
    } catch (const Stop&) {
      report_line("figure files not updated: interrupted");
    }
    std::fflush(stdout);
  }

 private:
  void save(int handle, const plot::InterruptCheck& check) {
    runtime::Session& session = interpreter_.session();
    const std::string stem = fmt::format("figure{}", handle);
    const std::string svg = builtins::figure_svg(session, handle, check);
    const std::string png = builtins::figure_png(session, handle, check);
    const std::filesystem::path svg_path = folder_.write(stem + ".svg", svg);
    const std::filesystem::path png_path = folder_.write(stem + ".png", png);
    if (announced_.insert(handle).second) {
      fmt::print("saved {}\nsaved {}\n", svg_path.string(), png_path.string());
    }
  }

  runtime::Interpreter& interpreter_;
  PrivateFolder folder_{"llmlab"};
  std::set<int> announced_;  // handles whose paths were printed
  std::uint64_t mark_ = 0;
  std::uint64_t data_draws_ = 0;
};

int run_interactive(runtime::Interpreter& interpreter) {
  const std::string history = history_path();
  using_history();
  stifle_history(kHistoryLength);
  read_history(history.c_str());
  complete_on_tab(interpreter);
  // clc: the cursor home, then the screen erased (ANSI), as a terminal's own `clear` does.
  builtins::set_screen_clearer(interpreter.session(), [] {
    std::fputs("\033[H\033[2J", stdout);
    std::fflush(stdout);
  });
  fmt::print(stderr, "llmlab {}{} — Ctrl-C stops a running program, Ctrl-D exits\n", kVersion,
             interpreter.session().dialect() == lang::Dialect::Matlab ? " (matlab dialect)" : "");

  // Ctrl-C at the prompt discards the line being typed and any pending continuation lines.
  PromptInterrupts prompt_interrupts;
  ReplFigures figures(interpreter);
  std::string pending;
  while (true) {
    char* raw = readline(pending.empty() ? kPrompt : kContinuationPrompt);
    if (PromptInterrupts::take_prompt_interrupt()) {
      std::free(raw);
      std::fputs("\n", stdout);
      pending.clear();
      continue;
    }
    if (raw == nullptr) {
      std::fputs("\n", stdout);
      break;
    }
    std::string line(raw);
    std::free(raw);
    if (!is_blank(line)) add_history(line.c_str());
    pending += line;
    pending += '\n';
    if (!is_complete(pending, interpreter.session().dialect())) continue;
    // Each entry counts its lines from 1.
    if (!is_blank(pending)) {
      figures.mark();
      const Outcome outcome = run_chunk(interpreter, "<repl>", pending, 1);
      figures.show_changes();
      if (outcome == Outcome::Exit) {
        write_history(history.c_str());
        return exit_status;
      }
    }
    pending.clear();
  }
  write_history(history.c_str());
  return kExitOk;
}

}  // namespace

int run_piped(runtime::Interpreter& interpreter, std::istream& input) {
  std::string pending;
  std::string line;
  int line_number = 0;
  int chunk_start = 1;
  bool failed = false;
  while (std::getline(input, line)) {
    ++line_number;
    if (pending.empty()) chunk_start = line_number;
    pending += line;
    pending += '\n';
    if (!is_complete(pending, interpreter.session().dialect())) continue;
    const Outcome outcome = run_chunk(interpreter, "<stdin>", pending, chunk_start);
    // Ctrl-C stops piped input as a whole, as it stops a script.
    if (outcome == Outcome::Interrupted) return kExitInterrupted;
    if (outcome == Outcome::Exit) return exit_status;
    failed |= outcome == Outcome::Failed;
    pending.clear();
  }
  // Input ended inside a block: running it reports the missing `end`.
  if (!pending.empty()) {
    const Outcome outcome = run_chunk(interpreter, "<stdin>", pending, chunk_start);
    if (outcome == Outcome::Interrupted) return kExitInterrupted;
    if (outcome == Outcome::Exit) return exit_status;
    failed |= outcome == Outcome::Failed;
  }
  return failed ? kExitScriptError : kExitOk;
}

int run_repl(lang::Dialect dialect) {
  runtime::Session session;
  session.set_dialect(dialect);
  session.set_display_width(terminal_width());
  runtime::Interpreter interpreter(session);
  builtins::install_builtins(interpreter);
  if (isatty(STDIN_FILENO) == 0) {
    read_input_from_stream(interpreter, std::cin);
    return run_piped(interpreter, std::cin);
  }
  read_input_from_terminal(interpreter);
  return run_interactive(interpreter);
}

}  // namespace llmlab::app
