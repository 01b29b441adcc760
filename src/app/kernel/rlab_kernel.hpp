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
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::app::kernel {

class RlabKernel final : public xeus::xinterpreter {
 public:
  RlabKernel();
  ~RlabKernel() override;

  // Called by the SIGINT watcher thread: stops the running cell, if one runs. Safe from any
  // thread (Interpreter::interrupt stores one atomic flag).
  void interrupt_running_cell();
  // The execution count of the cell running now (or last run).
  int execution_count() const { return execution_count_; }

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
  void publish_figures(std::uint64_t mark);
  void publish_result(std::string_view text);
  void clear_cell_output();
  // `name?` alone in a cell: the description of `name` for the front end's pager.
  std::optional<nl::json> page_request(const std::string& code);
  nl::json error_reply(const Error& error);

  runtime::Session session_;
  runtime::Interpreter interpreter_;
  std::atomic<bool> running_{false};
  bool silent_ = false;
  int execution_count_ = 0;
  const char* pending_stream_ = nullptr;
  std::string pending_text_;
  std::chrono::steady_clock::time_point last_flush_;
};

}  // namespace llmlab::app::kernel
