// Running deeply recursive third-party code (std::regex matches by recursion) on a thread of its
// own with a large stack, so that a long input ends in a result or an error, never a stack
// overflow. The pages of the stack are only touched, and so only committed, as it grows.
#pragma once

#include <cstddef>
#include <functional>

namespace llmlab {

// Runs `work` to completion on a new thread whose stack is `stack_bytes` long and waits for it;
// an exception `work` throws is rethrown here.
void run_on_large_stack(std::size_t stack_bytes, const std::function<void()>& work);

// False in a build without threads (the WebAssembly build: base/one_thread/), where a thread
// cannot be started and run_on_large_stack runs `work` on the caller's stack.
bool threads_available();

}  // namespace llmlab
