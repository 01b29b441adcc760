// A notebook block's time limit (notebook.md §2, `--block-timeout`): a watchdog thread that asks
// the interpreter to stop when the block runs too long, so `while true end` in one block shows
// as that block's error and the rest of the notebook still renders.
#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>

#include "runtime/interpreter.hpp"

namespace llmlab::notebook {

class BlockTimeLimit {
 public:
  // No limit when `seconds` <= 0.
  BlockTimeLimit(runtime::Interpreter& interpreter, double seconds);
  // Stops the watchdog and withdraws a request that came after the block ended.
  ~BlockTimeLimit();
  BlockTimeLimit(const BlockTimeLimit&) = delete;
  BlockTimeLimit& operator=(const BlockTimeLimit&) = delete;

 private:
  runtime::Interpreter& interpreter_;
  std::mutex mutex_;
  std::condition_variable finished_signal_;
  bool finished_ = false;
  std::thread watchdog_;
};

}  // namespace llmlab::notebook
