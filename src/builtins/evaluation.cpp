// eval: MATLAB's running of code held in a text, in the caller's scope. The text is the
// program's own code (a literal or one it built), read in the dialect running now; nothing
// reaches it from a data file unless the program passes it on itself.
#include <fmt/format.h>

#include <string>

#include "base/error.hpp"
#include "builtins/registry.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Value;

// eval(code), eval(code, catch_code), v = eval(expression).
Value eval_text(Call& call) {
  const std::string& code = call.string(0);
  runtime::Interpreter& interpreter = call.interpreter();
  if (call.nargout() >= 1) {
    // A result asked for: the text is one expression, as in MATLAB.
    if (!call.has(1)) return interpreter.evaluate_in_current_scope(code, "eval");
    try {
      return interpreter.evaluate_in_current_scope(code, "eval");
    } catch (const Error&) {
      return interpreter.evaluate_in_current_scope(call.string(1), "eval");
    }
  }
  if (!call.has(1)) {
    interpreter.run_in_current_scope(code, "eval");
    return Value();
  }
  try {
    interpreter.run_in_current_scope(code, "eval");
  } catch (const Error&) {
    // The second text runs when the first fails (a Stop, Ctrl-C or a time limit, is no Error
    // and is never caught here).
    interpreter.run_in_current_scope(call.string(1), "eval");
  }
  return Value();
}

}  // namespace

extern const BuiltinTable kEvaluationBuiltins = {
    {"eval", eval_text, 1, 2,
     "eval(code) runs the statements in the text code where it is called; eval(code, "
     "catch_code) runs catch_code if code fails; v = eval(expression) gives its value. Example: "
     "eval(\"k = 2 + 3;\"); disp(k)"},
};

}  // namespace llmlab::builtins
