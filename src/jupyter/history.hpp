// The kernel's input history, for history_request (tail, range, search) as the messaging
// protocol specifies it: session and line numbers as integers, (input, output) pairs when
// output is asked for, glob patterns for search. xeus's own in-memory manager answers with
// strings and ignores the pattern, which front ends and the conformance suite reject.
#pragma once

#include <functional>
#include <string>
#include <vector>
#include <xeus/xhistory_manager.hpp>

namespace llmlab::jupyter {

class History final : public xeus::xhistory_manager {
 public:
  // `current_count` gives the execution count of the cell being stored: xeus hands every input
  // the same line number, and a history line is the cell's execution count.
  explicit History(std::function<int()> current_count) : current_count_(std::move(current_count)) {}

 private:
  struct Entry {
    int session;
    int line;
    std::string input;
    std::string output;
  };

  void configure_impl() override {}
  void store_inputs_impl(int session, int line, const std::string& input,
                         const std::string& output) override;
  nl::json get_tail_impl(int n, bool raw, bool output) const override;
  nl::json get_range_impl(int session, int start, int stop, bool raw, bool output) const override;
  nl::json search_impl(const std::string& pattern, bool raw, bool output, int n,
                       bool unique) const override;

  nl::json item(const Entry& entry, bool output) const;
  static nl::json reply(nl::json items);

  std::function<int()> current_count_;
  std::vector<Entry> entries_;
};

}  // namespace llmlab::jupyter
