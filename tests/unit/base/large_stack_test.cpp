// run_on_large_stack: the work runs to completion with the stack asked for, and its exception
// reaches the caller.
#include "base/large_stack.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace llmlab {
namespace {

// Recursion deep enough (≈ 64 MB of frames) to overflow a default 8 MB stack.
// Each frame is read after the call returns, so the recursion cannot become a loop.
int depth(int remaining) {
  volatile char frame[1024] = {};
  if (remaining == 0) return 0;
  const int below = depth(remaining - 1);
  return below + 1 + frame[remaining % 1024];
}

TEST(large_stack, runs_recursion_a_default_stack_could_not_hold) {
  int result = 0;
  run_on_large_stack(std::size_t{256} << 20, [&] { result = depth(64 * 1024); });
  EXPECT_EQ(result, 64 * 1024);
}

TEST(large_stack, rethrows_the_exception_of_the_work) {
  EXPECT_THROW(run_on_large_stack(std::size_t{1} << 20, [] { throw std::runtime_error("boom"); }),
               std::runtime_error);
}

}  // namespace
}  // namespace llmlab
