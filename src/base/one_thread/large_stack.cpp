// Builds without threads (LLMLAB_THREADS off: WebAssembly) run the work on the caller's stack,
// which that build links large instead (cmake/wasm_executable.cmake).
#include "base/large_stack.hpp"

namespace llmlab {

void run_on_large_stack(std::size_t, const std::function<void()>& work) { work(); }

bool threads_available() { return false; }

}  // namespace llmlab
