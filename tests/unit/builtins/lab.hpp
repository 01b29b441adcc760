// A session with every builtin installed and its output discarded, for the builtins tests:
// run a script line, or evaluate an expression and read its value.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "base/source.hpp"
#include "builtins/registry.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::builtins::testing {

struct Lab {
  runtime::Session session;
  runtime::Interpreter interpreter{session};
  Lab() {
    session.set_output([](std::string_view) {});
    session.set_error_output([](std::string_view) {});
    install_builtins(interpreter);
  }
  void run(const std::string& code) {
    interpreter.run(std::make_shared<const SourceFile>("test.rlab", code));
  }
  const runtime::Value& evaluate(const std::string& code) {
    run("result = " + code + ";");
    return *interpreter.variable("result");
  }
};

}  // namespace llmlab::builtins::testing
