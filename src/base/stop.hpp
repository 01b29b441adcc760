// A run stopped from outside it: Ctrl-C, a notebook block past its time limit, the fuzzers'
// statement budget. A Stop is not an Error, so no script `catch`, no builtin's error handler and
// no `catch (const Error&)` in the library can swallow it: it unwinds to the command that
// started the run, which reports it (`llmlab run` and `notebook render` exit with status 130
// for an interrupt; the REPL and the kernel answer "interrupted"). Cleanup on the way is RAII
// or catch (...) and rethrow.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "base/error.hpp"

namespace llmlab {

enum class StopReason { Interrupt, TimeLimit, StepBudget };

class Stop : public std::exception {
 public:
  Stop(std::string message, StopReason reason) : report_(std::move(message)), reason_(reason) {}
  StopReason reason() const { return reason_; }
  bool is_interrupt() const { return reason_ == StopReason::Interrupt; }
  const char* what() const noexcept override { return report_.what(); }
  // The report as an error's is printed ("file:line:column: error: interrupted"): the evaluator
  // gives it the place it stopped at, as it does an error's.
  const Error& report() const { return report_; }
  void set_where_if_missing(const SourceLoc& where) { report_.set_where_if_missing(where); }

 private:
  Error report_;
  StopReason reason_;
};

}  // namespace llmlab
