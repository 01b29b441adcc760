// The watchdog behind BlockTimeLimit: it waits for the block to finish or for the limit to pass,
// whichever comes first; Interpreter::interrupt is one atomic store, safe from another thread.
#include "notebook/time_limit.hpp"

#include <chrono>

namespace llmlab::notebook {

BlockTimeLimit::BlockTimeLimit(runtime::Interpreter& interpreter, double seconds)
    : interpreter_(interpreter) {
  if (!(seconds > 0.0)) return;
  const auto limit = std::chrono::duration<double>(seconds);
  watchdog_ = std::thread([this, limit] {
    std::unique_lock lock(mutex_);
    if (!finished_signal_.wait_for(lock, limit, [this] { return finished_; })) {
      interpreter_.interrupt(runtime::InterruptReason::TimeLimit);
    }
  });
}

BlockTimeLimit::~BlockTimeLimit() {
  if (watchdog_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      finished_ = true;
    }
    finished_signal_.notify_one();
    watchdog_.join();
  }
  interpreter_.clear_interrupt();
}

}  // namespace llmlab::notebook
