// The handlers behind each shell request. A cell echoes as a line typed at the REPL does (the
// one rule of every interactive front end, language.md §8.1): `A = rand(3)` without a
// semicolon shows `A = …` on the cell's stdout, a bare expression's value goes out as the
// cell's execute_result. Each cell starts with the current figure emptied unless `hold` is on
// (plotting.md §8). The source is named "cell", so errors read `cell:line:col`.
#include "jupyter/rlab_kernel.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <new>
#include <string_view>
#include <vector>
#include <xeus/xinput.hpp>

#include "base/error.hpp"
#include "base/messages/notebook.hpp"
#include "base/messages/system.hpp"
#include "base/process.hpp"
#include "base/stop.hpp"
#include "builtins/completion.hpp"
#include "builtins/plot/session.hpp"
#include "builtins/registry.hpp"
#include "jupyter/server.hpp"
#include "notebook/ipynb.hpp"
#include "runtime/call.hpp"
#include "runtime/display.hpp"
#include "runtime/native.hpp"

namespace llmlab::jupyter {

// What completes and what inspection shows is the REPL's engine too.
using builtins::complete;
using builtins::Completions;
using builtins::describe;
using builtins::readiness;
using builtins::Readiness;

namespace {

constexpr std::size_t kStreamChunk = 64 * 1024;
constexpr auto kStreamInterval = std::chrono::milliseconds(50);

// ANSI colours for the traceback, as terminals and Jupyter front ends show them.
constexpr std::string_view kRed = "\x1b[1;31m";
constexpr std::string_view kGreen = "\x1b[1;32m";
constexpr std::string_view kReset = "\x1b[0m";

// The source tree the kernel was built in (a build tree: build/<preset>/llmlab-kernel), found
// by its README.md and src/ beside each other; empty for an installed kernel.
std::filesystem::path source_tree() {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::path directory = fs::path(executable_path()).parent_path();
  for (int up = 0; up < 4 && !directory.empty(); ++up) {
    if (fs::exists(directory / "README.md", error) && fs::exists(directory / "src", error)) {
      return directory;
    }
    directory = directory.parent_path();
  }
  return {};
}

// The README of the source tree, when there is one; else the protocol's page on kernels.
std::string readme_url() {
  const std::filesystem::path tree = source_tree();
  if (!tree.empty()) return "file://" + (tree / "README.md").string();
  return "https://jupyter-client.readthedocs.io/en/stable/kernels.html";
}

// The lessons import their library relative to notebooks/ (`import "../lessons/…/lib/…"`), which
// resolves only when the kernel starts there. The source tree's notebooks/ goes last on the
// import path (LLMLAB_PATH, language.md §13.11), so that a lesson notebook opened or copied
// anywhere still finds its library.
void add_lessons_to_import_path() {
  const std::filesystem::path tree = source_tree();
  std::error_code error;
  if (tree.empty() || !std::filesystem::is_directory(tree / "notebooks", error)) return;
  const char* current = std::getenv("LLMLAB_PATH");
  std::string path = current != nullptr && *current != '\0' ? std::string(current) + ":" : "";
  path += (tree / "notebooks").string();
  setenv("LLMLAB_PATH", path.c_str(), 1);
}

bool is_caret_line(std::string_view line) {
  return line.find('^') != std::string_view::npos &&
         line.find_first_not_of(" \t^") == std::string_view::npos;
}

// The report `llmlab run` prints, one traceback entry per line, the headline in red and the
// caret in green.
std::vector<std::string> traceback(const Error& error) {
  std::vector<std::string> lines;
  const std::string report = format_error_report(error);
  std::size_t start = 0;
  while (start < report.size()) {
    std::size_t end = report.find('\n', start);
    if (end == std::string::npos) end = report.size();
    const std::string_view line(report.data() + start, end - start);
    if (lines.empty()) {
      lines.push_back(fmt::format("{}{}{}", kRed, line, kReset));
    } else if (is_caret_line(line)) {
      lines.push_back(fmt::format("{}{}{}", kGreen, line, kReset));
    } else {
      lines.emplace_back(line);
    }
    start = end + 1;
  }
  return lines;
}

std::string error_name(const Error& error, bool interrupted) {
  if (interrupted) return "Interrupted";
  if (!error.identifier().empty()) return error.identifier();
  return error.kind() == ErrorKind::Syntax ? "SyntaxError" : "RuntimeError";
}

bool is_name(std::string_view text) {
  if (text.empty() || (text[0] >= '0' && text[0] <= '9')) return false;
  for (const char c : text) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  }
  return true;
}

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

}  // namespace

RlabKernel::RlabKernel(lang::Dialect dialect) : dialect_(dialect), interpreter_(session_) {
  session_.set_dialect(dialect);
  add_lessons_to_import_path();
  std::error_code ignored;
  session_.set_base_directory(std::filesystem::current_path(ignored).string());
  session_.set_output([this](std::string_view text) { write_stream("stdout", text); });
  session_.set_error_output([this](std::string_view text) { write_stream("stderr", text); });
  session_.set_result_output(
      [this](const runtime::Value&, std::string_view text) { publish_result(text); });
  builtins::install_builtins(interpreter_);
  // clc: MATLAB's "clear the command window" is Jupyter's clear_output.
  builtins::set_screen_clearer(session_, [this] { clear_cell_output(); });
  session_.set_input([this](std::string_view prompt) { return read_input(prompt); });
  xeus::register_interpreter(this);
}

RlabKernel::~RlabKernel() = default;

void RlabKernel::interrupt_running_cell() {
  if (running_.load()) interpreter_.interrupt();
}

void RlabKernel::configure_impl() {}

void RlabKernel::begin_execute_request(bool silent, bool store_history) {
  if (!silent && store_history) ++execution_count_;
}

std::optional<std::string> RlabKernel::read_input(std::string_view prompt) {
  if (!allow_stdin_) {
    throw Error(std::string(messages::input_not_allowed));
  }
  flush_stream();  // what the cell printed before the question comes first
  try {
    return xeus::blocking_input_request(std::string(prompt), false);
  } catch (const InputAbandoned&) {
    // Ctrl-C (interrupt_request) while the front end asked the user: the cell stops.
    interpreter_.raise_interrupt();
  }
}

void RlabKernel::write_stream(const char* name, std::string_view text) {
  if (silent_) return;
  text = cap_.admit(text);
  if (text.empty()) return;
  if (pending_stream_ != name) {
    flush_stream();
    pending_stream_ = name;
  }
  pending_text_ += text;
  const auto now = std::chrono::steady_clock::now();
  if (pending_text_.size() >= kStreamChunk || now - last_flush_ >= kStreamInterval) {
    flush_stream();
  }
}

void RlabKernel::flush_stream() {
  last_flush_ = std::chrono::steady_clock::now();
  if (pending_text_.empty() || pending_stream_ == nullptr) return;
  publish_stream(pending_stream_, pending_text_);
  pending_text_.clear();
}

// Figures as notebook files hold them (notebook/ipynb.hpp: PNG, sized to a Notebook cell).
void RlabKernel::publish_figures(std::uint64_t mark, std::optional<CellFailure>& failure) {
  const plot::InterruptCheck check = builtins::interrupt_check(interpreter_);
  try {
    for (const int handle : builtins::figures_drawn_since(session_, mark)) {
      notebook::JupyterFigure figure = notebook::jupyter_figure(
          builtins::figure_png(session_, handle, check), fmt::format("<figure {}>", handle));
      display_data(std::move(figure.data), std::move(figure.metadata), nl::json::object());
    }
  } catch (const Error& error) {
    if (!failure) failure = CellFailure{error};
  } catch (const Stop& stop) {
    if (!failure) failure = CellFailure{stop.report(), stop.is_interrupt()};
  }
}

void RlabKernel::publish_result(std::string_view text) {
  if (silent_) return;
  flush_stream();
  nl::json data;
  data["text/plain"] = std::string(text);
  publish_execution_result(execution_count_, std::move(data), nl::json::object());
}

void RlabKernel::clear_cell_output() {
  if (silent_) return;
  pending_text_.clear();  // never shown: it would be cleared at once
  clear_output(false);
}

std::optional<nl::json> RlabKernel::page_request(const std::string& code) {
  const std::string_view text = trimmed(code);
  if (!text.ends_with('?')) return std::nullopt;
  const std::string_view name = trimmed(text.substr(0, text.size() - 1));
  if (!is_name(name)) return std::nullopt;
  std::optional<std::string> description;
  try {
    description = describe(interpreter_, name, static_cast<int>(name.size()));
  } catch (const Error&) {
    description.reset();
  }
  if (!description)
    description = fmt::format("{}\n", fmt::format(messages::inspect_unknown_name, name));
  nl::json page = {{"source", "page"}, {"data", {{"text/plain", *description}}}, {"start", 0}};
  return nl::json{{"status", "ok"}, {"payload", {page}}, {"user_expressions", nl::json::object()}};
}

nl::json RlabKernel::error_reply(const Error& error, bool interrupted) {
  nl::json reply;
  reply["status"] = "error";
  reply["ename"] = error_name(error, interrupted);
  reply["evalue"] = error.what();
  reply["traceback"] = traceback(error);
  return reply;
}

bool RlabKernel::run_cell(const std::string& code, std::optional<CellFailure>& failure) {
  try {
    interpreter_.run(std::make_shared<const SourceFile>("cell", code), runtime::ExecMode::Repl);
  } catch (const Error& error) {
    failure = CellFailure{error};
  } catch (const Stop& stop) {
    failure = CellFailure{stop.report(), stop.is_interrupt()};
  } catch (const runtime::ExitRequest&) {
    // `exit` in a cell: as IPython does, the kernel asks the front end to shut it down (the
    // `ask_exit` payload); the front end decides, so the session lives on until it does.
    return true;
  } catch (const std::bad_alloc&) {
    failure = CellFailure{Error(std::string(messages::out_of_memory))};
  } catch (const std::exception& error) {
    // The session outlives whatever failed inside one cell.
    failure = CellFailure{Error(fmt::format(messages::kernel_internal_error, error.what()))};
  }
  return false;
}

nl::json RlabKernel::user_expression_results(const nl::json& user_expressions) {
  nl::json results = nl::json::object();
  if (!user_expressions.is_object()) return results;
  for (const auto& [name, expression] : user_expressions.items()) {
    if (!expression.is_string()) continue;
    try {
      const runtime::Value value = interpreter_.evaluate(expression.get<std::string>());
      results[name] = {{"status", "ok"},
                       {"data", {{"text/plain", runtime::display(value)}}},
                       {"metadata", nl::json::object()}};
    } catch (const Error& error) {
      results[name] = error_reply(error);
    } catch (const Stop& stop) {
      results[name] = error_reply(stop.report(), stop.is_interrupt());
    } catch (const runtime::ExitRequest&) {
      results[name] = error_reply(Error(std::string(messages::exit_in_user_expression)));
    }
  }
  return results;
}

nl::json RlabKernel::execute_request_impl(int /*execution_counter*/, const std::string& code,
                                          bool silent, bool /*store_history*/,
                                          nl::json user_expressions, bool allow_stdin) {
  allow_stdin_ = allow_stdin;
  if (std::optional<nl::json> page = page_request(code)) return *page;
  silent_ = silent;
  cap_.reset();
  last_flush_ = std::chrono::steady_clock::now();
  builtins::reset_unheld_figure(session_);
  const std::uint64_t mark = builtins::figure_mark(session_);
  std::optional<CellFailure> failure;
  // A stop pressed between cells is for no cell: withdraw it before this one starts.
  interpreter_.clear_interrupt();
  running_.store(true);
  const bool exit_requested = run_cell(code, failure);
  flush_stream();
  if (!silent && cap_.cut() > 0) publish_stream("stderr", "\n" + cap_.marker() + "\n");
  // Still running: the stop button also ends a long figure render.
  if (!silent) publish_figures(mark, failure);
  running_.store(false);
  silent_ = false;
  if (failure) {
    nl::json reply = error_reply(failure->error, failure->interrupted);
    if (!silent) {
      publish_execution_error(reply["ename"], reply["evalue"],
                              reply["traceback"].get<std::vector<std::string>>());
    }
    return reply;
  }
  nl::json results = user_expression_results(user_expressions);
  nl::json payload = nl::json::array();
  if (exit_requested) payload.push_back({{"source", "ask_exit"}, {"keepkernel", false}});
  return {{"status", "ok"}, {"payload", payload}, {"user_expressions", results}};
}

nl::json RlabKernel::complete_request_impl(const std::string& code, int cursor_pos) {
  const Completions found = complete(interpreter_, code, cursor_pos);
  return {{"status", "ok"},
          {"matches", found.matches},
          {"cursor_start", found.start},
          {"cursor_end", found.end},
          {"metadata", nl::json::object()}};
}

nl::json RlabKernel::inspect_request_impl(const std::string& code, int cursor_pos,
                                          int /*detail_level*/) {
  std::optional<std::string> text;
  try {
    text = describe(interpreter_, code, cursor_pos);
  } catch (const Error&) {
    text.reset();
  }
  nl::json data = nl::json::object();
  if (text) data["text/plain"] = *text;
  return {{"status", "ok"},
          {"found", text.has_value()},
          {"data", data},
          {"metadata", nl::json::object()}};
}

nl::json RlabKernel::is_complete_request_impl(const std::string& code) {
  switch (readiness(code, dialect_)) {
    case Readiness::Incomplete:
      return {{"status", "incomplete"}, {"indent", "  "}};
    case Readiness::Invalid:
      return {{"status", "invalid"}};
    case Readiness::Complete:
      break;
  }
  return {{"status", "complete"}};
}

nl::json RlabKernel::kernel_info_request_impl() {
  const bool matlab = dialect_ == lang::Dialect::Matlab;
  nl::json language;
  language["name"] = matlab ? "matlab" : "rlab";
  language["version"] = std::string(kVersion);
  language["mimetype"] = matlab ? "text/x-matlab" : "text/x-rlab";
  language["file_extension"] = matlab ? ".m" : ".rlab";
  language["pygments_lexer"] = "matlab";
  language["codemirror_mode"] = "octave";
  nl::json reply;
  reply["status"] = "ok";
  reply["protocol_version"] = "5.3";
  reply["implementation"] = "llmlab";
  reply["implementation_version"] = std::string(kVersion);
  reply["language_info"] = language;
  reply["banner"] = fmt::format(
      "llmlab {} — {} for transformer experiments.\n"
      "help lists the builtins; help NAME describes one.",
      kVersion,
      matlab ? "the matlab dialect (MATLAB's meaning)" : "the rlab dialect (MATLAB-like)");
  reply["help_links"] = nl::json::array({{{"text", "llmlab README"}, {"url", readme_url()}}});
  return reply;
}

void RlabKernel::shutdown_request_impl() { flush_stream(); }

}  // namespace llmlab::jupyter
