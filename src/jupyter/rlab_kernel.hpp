// The Jupyter side of one interpreter session: xeus calls these handlers for the shell
// channel's requests and we answer from an Interpreter. The interpreter never learns about
// Jupyter: output reaches us through the Session's sinks, figures through the plot session's
// marks, exactly as `llmlab run` and the notebook renderer see them.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <xeus/xinterpreter.hpp>

#include "base/error.hpp"
#include "base/output_cap.hpp"
#include "lang/dialect.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::jupyter {

// Why a cell failed: an error, or a stop (the front end's stop button, a Stop that no
// `catch (const Error&)` sees) that the reply names "Interrupted".
struct CellFailure {
  Error error;
  bool interrupted = false;
};

class RlabKernel final : public xeus::xinterpreter {
 public:
  // `dialect`: the language of the cells (language.md §14); the kernelspec chooses it.
  explicit RlabKernel(lang::Dialect dialect);
  ~RlabKernel() override;

  // Called by the SIGINT watcher thread: stops the running cell, if one runs. Safe from any
  // thread (Interpreter::interrupt stores one atomic flag).
  void interrupt_running_cell();
  // Jupyter counts only the requests that store history; xeus 2.4.1 counts every request that
  // is not silent, in a counter of its own we cannot reach. So we keep the count: the server
  // tells us of each execute_request as it arrives (before xeus announces it), and writes our
  // count over xeus's in the execute_input and execute_reply it sends (server.cpp).
  void begin_execute_request(bool silent, bool store_history);
  // The count the current request's messages carry: the new count of a request that stores
  // history, the counter's present value for one that does not (the protocol's rule).
  int execution_count() const { return execution_count_; }
  // Whether a stop was asked for the running cell (the server gives up waiting for an input
  // reply then).
  bool interrupt_pending() const { return running_.load() && interpreter_.interrupt_requested(); }

 private:
  void configure_impl() override;
  nl::json execute_request_impl(int execution_counter, const std::string& code, bool silent,
                                bool store_history, nl::json user_expressions,
                                bool allow_stdin) override;
  nl::json complete_request_impl(const std::string& code, int cursor_pos) override;
  nl::json inspect_request_impl(const std::string& code, int cursor_pos, int detail_level) override;
  nl::json is_complete_request_impl(const std::string& code) override;
  nl::json kernel_info_request_impl() override;
  void shutdown_request_impl() override;

  // Printed text, gathered and sent as `stream` messages: one message per run of the same
  // stream, flushed when the stream changes, the buffer grows large, or time passes, so a
  // loop printing thousands of lines sends a few messages rather than thousands.
  void write_stream(const char* name, std::string_view text);
  void flush_stream();
  // The figures drawn since `mark` as display_data. A stop (or a render error) during a render
  // ends the publishing and becomes the cell's `failure` unless it already has one.
  void publish_figures(std::uint64_t mark, std::optional<CellFailure>& failure);
  void publish_result(std::string_view text);
  void clear_cell_output();
  // `name?` alone in a cell: the description of `name` for the front end's pager.
  std::optional<nl::json> page_request(const std::string& code);
  nl::json error_reply(const Error& error, bool interrupted = false);
  // Runs a cell's code; a failure becomes `failure`. True when the cell asked to exit.
  bool run_cell(const std::string& code, std::optional<CellFailure>& failure);
  // The values of the request's user_expressions, each evaluated after the cell.
  nl::json user_expression_results(const nl::json& user_expressions);
  // `input`'s line, through the front end's stdin channel.
  std::optional<std::string> read_input(std::string_view prompt);

  const lang::Dialect dialect_;
  runtime::Session session_;
  runtime::Interpreter interpreter_;
  std::atomic<bool> running_{false};
  bool silent_ = false;
  bool allow_stdin_ = false;
  int execution_count_ = 0;
  const char* pending_stream_ = nullptr;
  std::string pending_text_;
  // What one cell prints, stdout and stderr together, capped as a notebook block's output is.
  OutputCap cap_;
  std::chrono::steady_clock::time_point last_flush_;
};

}  // namespace llmlab::jupyter
