// libFuzzer targets for the file readers behind `load` (builtins.md §12): the same source built
// once per format (LLMLAB_FUZZ_EXTENSION is ".npy", ".npz", ".toml" or ".csv"). Each input is
// written to a file of that type and loaded through the real builtin, so the decoder and the
// value it builds are both exercised. A bad file may fail only with llmlab::Error; a crash, an
// abort, an uncaught std::bad_alloc or a sanitizer report is a finding. Seed it with real files
// (fuzz/run.sh makes them with `save`).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "builtins/registry.hpp"
#include "num/matrix.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

#ifndef LLMLAB_FUZZ_EXTENSION
#error "define LLMLAB_FUZZ_EXTENSION"
#endif

namespace {

// One file per process, so parallel fuzzing jobs in one directory do not share it.
const std::string& input_path() {
  static const std::string path = "load_fuzz_" + std::to_string(getpid()) + LLMLAB_FUZZ_EXTENSION;
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  llmlab::num::Matrix::set_element_limit(llmlab::num::Index{1} << 16);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace llmlab;
  {
    std::ofstream out(input_path(), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  runtime::Session session;
  session.set_output([](std::string_view) {});
  session.set_error_output([](std::string_view) {});
  runtime::Interpreter interpreter(session);
  builtins::install_builtins(interpreter);
  try {
    const runtime::Value value =
        interpreter.call("load", {runtime::Value::string(input_path())}, 1);
    // Showing the value walks every element and field of what was built.
    interpreter.call("disp", {value}, 0);
  } catch (const Error&) {
    // A clear error is the expected way for a bad file to fail.
  }
  return 0;
}
