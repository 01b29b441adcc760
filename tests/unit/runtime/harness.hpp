// A small interpreter harness for runtime tests: runs rlab text, captures output, and reads
// variables. Registers one native, `show(x)`, that writes ⟨x⟩ (the builtin library lives a
// layer above runtime, so tests bring their own).
#pragma once

#include <memory>
#include <string>

#include "base/error.hpp"
#include "base/stop.hpp"
#include "runtime/call.hpp"
#include "runtime/display.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::runtime::testing {

inline Value show_native(Call& call) {
  call.session().write(display(call.value(0)) + "\n");
  return Value();
}

inline Value twice_native(Call& call) {
  return Value::tuple({Value::scalar(call.scalar(0)), Value::scalar(2 * call.scalar(0))});
}

class Harness {
 public:
  Harness() {
    session_.set_output([this](std::string_view text) { output_ += text; });
    interpreter_.register_builtin({"show", show_native, 1, 1, "test display"});
    interpreter_.register_builtin({"twice", twice_native, 1, 1, "test tuple"});
  }

  // Runs `text` as a script; returns what it printed.
  std::string run(const std::string& text, ExecMode mode = ExecMode::Script) {
    output_.clear();
    interpreter_.run(std::make_shared<const SourceFile>("test.rlab", text), mode);
    return output_;
  }
  // Runs `text` and returns the message of the error it must raise.
  std::string error(const std::string& text) {
    try {
      run(text);
    } catch (const Error& e) {
      return e.what();
    }
    return "<no error>";
  }
  // Runs `text` and returns the message of the Stop (an interrupt, a time limit, the step
  // budget) that must end it: no Error handler sees one.
  std::string stop(const std::string& text) {
    try {
      run(text);
    } catch (const Stop& stop) {
      return stop.what();
    }
    return "<no stop>";
  }
  const Value& variable(const std::string& name) {
    const Value* value = interpreter_.variable(name);
    LLMLAB_ASSERT(value != nullptr);
    return *value;
  }
  double scalar(const std::string& name) { return variable(name).scalar_value(); }
  Interpreter& interpreter() { return interpreter_; }
  Session& session() { return session_; }

 private:
  Session session_;
  Interpreter interpreter_{session_};
  std::string output_;
};

}  // namespace llmlab::runtime::testing
