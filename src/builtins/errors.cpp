// builtins.md §9 Strings, output and formatting: errors and warnings, error, warning, assert
// and narginchk.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <string_view>

#include "base/error.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "runtime/display.hpp"
#include "runtime/literals.hpp"
#include "runtime/operators.hpp"
#include "runtime/printf.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// MATLAB's message identifier: two or more colon-separated words of letters, digits, `_` and
// `-`, the first starting with a letter ("MyPkg:badValue"). No whitespace, so a message such as
// "loss: NaN" is never taken for one.
bool is_message_identifier(std::string_view text) {
  if (text.empty() || !std::isalpha(static_cast<unsigned char>(text.front()))) return false;
  bool word_open = false;
  int colons = 0;
  for (const char c : text) {
    if (c == ':') {
      if (!word_open) return false;
      ++colons;
      word_open = false;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') {
      word_open = true;
    } else {
      return false;
    }
  }
  return colons > 0 && word_open;
}

struct Message {
  std::string identifier;
  std::string text;
};

// The message of error()/warning(): a string, sprintf(fmt, args...), MATLAB's
// (identifier, fmt, args...), a caught error's struct (message and identifier), or ⟨v⟩.
Message message_of(Call& call) {
  const Value& first = call.value(0);
  if (first.is(Kind::String)) {
    if (call.count() == 1) return {"", first.string_value()};
    if (call.value(1).is(Kind::String) && is_message_identifier(first.string_value())) {
      if (call.count() == 2) return {first.string_value(), call.value(1).string_value()};
      return {first.string_value(),
              runtime::format_printf(call.value(1).string_value(), call.arguments().subspan(2))};
    }
    return {"", runtime::format_printf(first.string_value(), call.arguments().subspan(1))};
  }
  if (first.is(Kind::Struct)) {
    const Value* message = first.field("message");
    if (message && message->is(Kind::String)) {
      const Value* identifier = first.field("identifier");
      return {identifier && identifier->is(Kind::String) ? identifier->string_value() : "",
              message->string_value()};
    }
  }
  return {"", runtime::display(first)};
}

Value error(Call& call) {
  Message message = message_of(call);
  Error raised(std::move(message.text));
  raised.set_identifier(std::move(message.identifier));
  throw raised;
}

// assert(cond), assert(cond, msg), assert(cond, fmt, ...): MATLAB's check. The condition is
// judged as `if` judges it; a false one raises "Assertion failed." or the message (formatted,
// as error() formats, when arguments follow it).
Value assert_builtin(Call& call) {
  if (runtime::condition_truth(call.value(0), "assert")) return Value();
  if (!call.has(1)) throw Error("Assertion failed.");
  const Value& message = call.value(1);
  if (!message.is(Kind::String)) {
    call.fail(fmt::format("message must be a string, got {}", message.kind_name()));
  }
  if (call.count() == 2) throw Error(message.string_value());
  throw Error(runtime::format_printf(message.string_value(), call.arguments().subspan(2)));
}

// warning(msg), warning(fmt, args...), warning(id, fmt, args...) write `warning: msg` to
// standard error unless turned off; warning("off" | "on"[, "all" | id]) turns them off or on,
// the interpreter's own (a singular matrix in A \ b, ...) included: the session keeps the state.
Value warning(Call& call) {
  const Value& first = call.value(0);
  if (first.is(Kind::String) && (first.string_value() == "off" || first.string_value() == "on") &&
      call.count() <= 2) {
    call.session().set_warning_enabled(call.has(1) ? call.string(1) : "all",
                                       first.string_value() == "on");
    return Value();
  }
  Message message = message_of(call);
  call.session().warn(runtime::Warning{std::move(message.identifier), std::move(message.text)});
  return Value();
}

// narginchk(lo, hi) inside a function: MATLAB's errors when the call gave fewer than lo or
// more than hi arguments (it reads the caller's nargin).
Value narginchk(Call& call) {
  const Value* count = call.interpreter().variable("nargin");
  if (!count || !count->is(Kind::Scalar)) call.fail("can only be called inside a function");
  const double given = count->scalar_value();
  if (given < call.scalar(0)) throw Error("Not enough input arguments.");
  if (given > call.scalar(1)) throw Error("Too many input arguments.");
  return Value();
}

}  // namespace

extern const BuiltinTable kErrorBuiltins = {
    {"assert", assert_builtin, 1, -1,
     "Raises an error when the condition is false: assert(cond, fmt, ...). Example: assert(1 + 1 "
     "== 2, \"arithmetic is broken\")"},
    {"error", error, 1, -1,
     "Raises an error: error(msg), error(fmt, ...), error(err). Example: try; error(\"my:id\", "
     "\"bad value %d\", 3); catch err; disp(err.message); end"},
    {"warning", warning, 1, -1,
     "Writes `warning: msg` to standard error. Example: warning(\"off\", \"my:id\"); "
     "warning(\"my:id\", \"not shown\")"},
    {"narginchk", narginchk, 2, 2,
     "Raises MATLAB's error when nargin is outside [lo, hi]. Example: function f(a, b) "
     "narginchk(1, 2); end; f(1)"},
};

}  // namespace llmlab::builtins
