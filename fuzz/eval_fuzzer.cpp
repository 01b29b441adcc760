// libFuzzer target: the whole interpreter (parser, evaluator, builtins) on arbitrary bytes, with
// a step budget so loops end and a time limit (the notebook's block limit) so that a slow but
// finite script (a lesson's training loop runs minutes in this instrumented build) ends as a
// Stop; libFuzzer's own -timeout then only catches code that never polls the limit. A script
// may fail only with llmlab::Error or that Stop (running out of memory included: every allocation
// path must say "out of memory" as one); a crash, an abort, an uncaught std::bad_alloc, an
// assertion or a sanitizer report is a bug. Run it in a scratch directory: builtins may write
// files.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/error.hpp"
#include "base/stop.hpp"
#include "builtins/registry.hpp"
#include "notebook/time_limit.hpp"
#include "num/matrix.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // 2^16 elements (a 256×256 matrix): enough for every language path, small enough that no
  // builtin on it runs long in an instrumented build, so a timeout always means a real hang.
  llmlab::num::Matrix::set_element_limit(llmlab::num::Index{1} << 16);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace llmlab;
  auto file = std::make_shared<const SourceFile>(
      "fuzz.rlab", std::string(reinterpret_cast<const char*>(data), size));
  runtime::Session session;
  session.set_output([](std::string_view) {});
  session.set_error_output([](std::string_view) {});
  runtime::InterpreterOptions options;
  options.step_budget = 20000;
  options.max_call_depth = 64;
  runtime::Interpreter interpreter(session, options);
  builtins::install_builtins(interpreter);
  // Builtins whose running time no step budget bounds (waiting, training, std::regex's
  // backtracking) return at once here, so that a fuzzer timeout always means a hang in the
  // interpreter itself.
  for (const char* name : {"sleep", "train_gpt", "regexp", "regexprep"}) {
    interpreter.register_builtin(runtime::NativeFunction{
        name, [](runtime::Call&) { return runtime::Value::none(); }, 0, -1, "fuzzing: no-op"});
  }
  constexpr double kSecondsPerInput = 3.0;
  notebook::BlockTimeLimit time_limit(interpreter, kSecondsPerInput);
  try {
    interpreter.run(file, runtime::ExecMode::Script);
  } catch (const Error&) {
    // Script errors are the expected way to fail.
  } catch (const Stop&) {
    // So are the step budget and the time limit, which no script catches.
  } catch (const runtime::ExitRequest&) {
    // `exit`/`quit` end a script on purpose.
  }
  return 0;
}
