// Errors that stop a run from outside it: Ctrl-C, a notebook block past its time limit, the
// fuzzers' statement budget. They are llmlab::Error, so every report path prints them as usual,
// but no script `catch` (and no builtin's error handler) may handle them: they unwind to the
// top, where `llmlab run` exits with status 130 for an interrupt.
#pragma once

#include <string>
#include <utility>

#include "base/error.hpp"

namespace llmlab {

enum class StopReason { Interrupt, TimeLimit, StepBudget };

class Stop : public Error {
 public:
  Stop(std::string message, StopReason reason) : Error(std::move(message)), reason_(reason) {}
  StopReason reason() const { return reason_; }

 private:
  StopReason reason_;
};

// The Stop an error is, or null for an ordinary (catchable) error.
inline const Stop* as_stop(const Error& error) { return dynamic_cast<const Stop*>(&error); }

// Whether a script's `try`/`catch` may handle `error`.
inline bool catchable(const Error& error) { return as_stop(error) == nullptr; }

// Whether `error` is a Ctrl-C interrupt.
inline bool is_interrupt(const Error& error) {
  const Stop* stop = as_stop(error);
  return stop != nullptr && stop->reason() == StopReason::Interrupt;
}

}  // namespace llmlab
