// builtins.md §9 Strings, output and formatting: errors and warnings, error, warning, assert
// (MATLAB's condition check and Octave's observed/expected comparison) and narginchk.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/messages/environment.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "runtime/cell_array.hpp"
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
              runtime::format_printf(call.value(1).string_value(), call.arguments().subspan(2),
                                     runtime::printf_rules(call.session().dialect()))};
    }
    return {"", runtime::format_printf(first.string_value(), call.arguments().subspan(1),
                                       runtime::printf_rules(call.session().dialect()))};
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

// Octave's assert(observed, expected, tol): why two values differ, or nullopt when they agree.
// `where` names the place inside nested cells and structs ("{2}.name"). Numbers agree element
// by element within tol (0: exactly; > 0: |observed - expected| <= tol; < 0: relative to
// |expected|, absolute where expected is 0); NaN agrees with NaN and Inf with the same Inf.
std::optional<std::string> mismatch(const Value& observed, const Value& expected, double tol,
                                    const std::string& where);

std::string location(const std::string& where, std::string_view step) {
  return where + std::string(step);
}

// `tolerances`, when given, holds one tolerance per element of expected (Octave's array tol).
std::optional<std::string> number_mismatch(const Value& observed, const Value& expected, double tol,
                                           const std::string& where,
                                           const num::Matrix* tolerances = nullptr) {
  if (size_of(observed) != size_of(expected))
    return fmt::format(messages::assert_dimensions_differ, where);
  if (tol == 0 && observed.is_logical() != expected.is_logical()) {
    return fmt::format(messages::assert_class_differs, where,
                       observed.is_logical() ? "logical" : "double",
                       expected.is_logical() ? "logical" : "double");
  }
  const num::Matrix a = observed.as_matrix();
  const num::Matrix b = expected.as_matrix();
  for (num::Index k = 0; k < a.size(); ++k) {
    const num::Complex x = a.complex_at(k);
    const num::Complex y = b.complex_at(k);
    const bool x_nan = std::isnan(x.real()) || std::isnan(x.imag());
    const bool y_nan = std::isnan(y.real()) || std::isnan(y.imag());
    const std::string at =
        fmt::format("{}({},{})", where, k / a.columns() + 1, k % a.columns() + 1);
    if (x_nan || y_nan) {
      if (x_nan != y_nan) return fmt::format(messages::assert_nan_mismatch, at);
      continue;
    }
    if (x == y) continue;  // equal numbers, equal infinities included
    if (std::isinf(std::abs(x)) || std::isinf(std::abs(y)))
      return fmt::format(messages::assert_inf_mismatch, at);
    if (tolerances) tol = (*tolerances)[k];
    const double error = std::abs(x - y);
    if (tol >= 0 || y == num::Complex(0)) {
      if (error > std::abs(tol)) {
        return fmt::format(messages::assert_absolute_error, at, error, std::abs(tol));
      }
    } else if (error / std::abs(y) > -tol) {
      return fmt::format(messages::assert_relative_error, at, error / std::abs(y), -tol);
    }
  }
  return std::nullopt;
}

std::optional<std::string> sequence_mismatch(const std::vector<Value>& observed,
                                             const std::vector<Value>& expected, double tol,
                                             const std::string& where) {
  if (observed.size() != expected.size())
    return fmt::format(messages::assert_dimensions_differ, where);
  for (std::size_t k = 0; k < observed.size(); ++k) {
    if (auto reason = mismatch(observed[k], expected[k], tol,
                               location(where, fmt::format("{{{}}}", k + 1)))) {
      return reason;
    }
  }
  return std::nullopt;
}

std::optional<std::string> mismatch(const Value& observed, const Value& expected, double tol,
                                    const std::string& where) {
  if (observed.is_numeric() && expected.is_numeric()) {
    return number_mismatch(observed, expected, tol, where);
  }
  // A cell of texts may be held as a string array: compare it as the cell it stands for.
  if (observed.is(Kind::StringArray) != expected.is(Kind::StringArray) &&
      (observed.is(Kind::Cell) || expected.is(Kind::Cell))) {
    const auto as_cell = [](const Value& v) {
      return v.is(Kind::StringArray) ? Value::cell(runtime::cell_of_texts(v.string_array_value()))
                                     : v;
    };
    return mismatch(as_cell(observed), as_cell(expected), tol, where);
  }
  if (observed.kind() != expected.kind()) {
    return fmt::format(messages::assert_kind_differs, where, expected.kind_name(),
                       observed.kind_name());
  }
  switch (expected.kind()) {
    case Kind::String:
      if (observed.string_value() == expected.string_value()) return std::nullopt;
      return fmt::format(messages::assert_strings_differ, where, observed.string_value(),
                         expected.string_value());
    case Kind::Cell: {
      const runtime::CellArray& a = observed.cell_value();
      const runtime::CellArray& b = expected.cell_value();
      if (a.rows != b.rows || a.columns != b.columns)
        return fmt::format(messages::assert_dimensions_differ, where);
      return sequence_mismatch(a.items, b.items, tol, where);
    }
    case Kind::StructArray:
      return sequence_mismatch(observed.struct_array_items(), expected.struct_array_items(), tol,
                               where);
    case Kind::Struct: {
      const runtime::StructFields& a = observed.struct_fields();
      const runtime::StructFields& b = expected.struct_fields();
      if (a.size() != b.size()) return fmt::format(messages::assert_fieldnames_differ, where);
      for (auto p = a.begin(), q = b.begin(); p != a.end(); ++p, ++q) {
        if (p->first != q->first) return fmt::format(messages::assert_fieldnames_differ, where);
        if (auto reason = mismatch(p->second, q->second, tol, location(where, "." + p->first))) {
          return reason;
        }
      }
      return std::nullopt;
    }
    default:
      // String arrays, handles, lambdas and objects: equal when they display the same.
      if (runtime::display(observed) == runtime::display(expected)) return std::nullopt;
      return fmt::format(messages::assert_values_differ, where);
  }
}

// assert(cond), assert(cond, msg), assert(cond, fmt, ...): MATLAB's check. The condition is
// judged as `if` judges it; a false one raises "Assertion failed" or the message (formatted,
// as error() formats, when arguments follow it). A second argument that is no string, or a
// string observed value, makes it Octave's assert(observed, expected[, tol]): an error naming
// the first difference (never a pass with a wrong value).
Value assert_builtin(Call& call) {
  const bool compares =
      call.has(1) && (!call.value(1).is(Kind::String) || call.value(0).is(Kind::String));
  if (compares) {
    if (call.count() > 3) call.fail(messages::assert_call_form);
    // A tolerance per element (an array of expected's size), as Octave's assert takes it.
    if (call.has(2) && call.value(2).is_array() && call.value(2).matrix_value().size() != 1 &&
        call.value(0).is_numeric() && call.value(1).is_numeric()) {
      const num::Matrix tolerances = call.matrix(2);
      if (size_of(call.value(2)) != size_of(call.value(1))) {
        call.fail(messages::bad_assert_tolerance);
      }
      if (auto reason = number_mismatch(call.value(0), call.value(1), 1.0, "", &tolerances)) {
        throw Error(fmt::format(messages::assert_errors_for,
                                reason->front() == ':' ? "()" + *reason : *reason));
      }
      return Value();
    }
    const double tol = call.has(2) ? call.scalar(2) : 0.0;
    if (auto reason = mismatch(call.value(0), call.value(1), tol, "")) {
      throw Error(fmt::format(messages::assert_errors_for,
                              reason->front() == ':' ? "()" + *reason : *reason));
    }
    return Value();
  }
  if (runtime::condition_truth(call.value(0), "assert")) return Value();
  if (!call.has(1)) throw Error(std::string(messages::assertion_failed));
  const std::string& message = call.value(1).string_value();
  if (call.count() == 2) throw Error(message);
  throw Error(runtime::format_printf(message, call.arguments().subspan(2),
                                     runtime::printf_rules(call.session().dialect())));
}

// warning(msg), warning(fmt, args...), warning(id, fmt, args...) write `warning: msg` to
// standard error unless turned off; warning("off" | "on"[, "all" | id]) turns them off or on,
// the interpreter's own (a singular matrix in A \ b, ...) included: the session keeps the state.
Value warning(Call& call) {
  const Value& first = call.value(0);
  if ((runtime::is_word(first, "off") || runtime::is_word(first, "on")) && call.count() <= 2) {
    // "all" is an option word, in any case; an identifier keeps its case.
    const bool all = !call.has(1) || runtime::is_word(call.value(1), "all");
    call.session().set_warning_enabled(all ? "all" : call.string(1), runtime::is_word(first, "on"));
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
  if (!count || !count->is(Kind::Scalar)) call.fail(messages::only_inside_function);
  const double given = count->scalar_value();
  if (given < call.scalar(0)) throw Error(std::string(messages::not_enough_input_arguments));
  if (given > call.scalar(1)) throw Error(std::string(messages::too_many_input_arguments));
  return Value();
}

// MException(identifier, fmt, args...): the error as a value, the struct a `catch err` gives
// (identifier, message, and an empty stack), for throw(ME) and rethrow(ME).
Value mexception(Call& call) {
  const std::string& identifier = call.string(0);
  if (!call.has(1)) call.fail(messages::mexception_call_form);
  const std::string message = runtime::format_printf(
      call.string(1), call.arguments().subspan(2), runtime::printf_rules(call.session().dialect()));
  runtime::StructFields fields;
  fields.emplace("identifier", Value::string(identifier));
  fields.emplace("message", Value::string(message));
  fields.emplace("stack", Value::matrix(num::Matrix(0, 1)));
  return Value::structure(std::move(fields));
}

// throw(ME), rethrow(err): raises the error a struct with `message` (and `identifier`) holds.
Value throw_error(Call& call) {
  const Value& err = call.value(0);
  const Value* message = err.is(Kind::Struct) ? err.field("message") : nullptr;
  if (message == nullptr || !message->is(Kind::String)) {
    call.fail(messages::not_an_error);
  }
  return error(call);
}

// lastwarn() and lasterr(): the text of the last warning shown and of the last error a try
// statement caught (MATLAB's); lastwarn(msg) and lasterr(msg) set it, giving the one before.
Value lastwarn(Call& call) {
  const std::string before = call.session().last_warning();
  if (call.has(0)) call.session().set_last_warning(call.string(0));
  return Value::string(before);
}

Value lasterr(Call& call) {
  const std::string before = call.session().last_error();
  if (call.has(0)) call.session().set_last_error(call.string(0));
  return Value::string(before);
}

}  // namespace

extern const BuiltinTable kErrorBuiltins = {
    {"MException", mexception, 2, -1,
     "MException(id, fmt, ...): an error as a value, to raise with throw. Example: ME = "
     "MException(\"my:id\", \"bad %d\", 3); try; throw(ME); catch err; disp(err.identifier); end"},
    {"throw", throw_error, 1, 1,
     "throw(ME) raises the error an MException holds. Example: try; throw(MException(\"a:b\", "
     "\"stop\")); catch err; disp(err.message); end"},
    {"rethrow", throw_error, 1, 1,
     "rethrow(err) raises a caught error again. Example: try; try; error(\"x:y\", \"inner\"); "
     "catch e; rethrow(e); end; catch outer; disp(outer.identifier); end"},
    {"lastwarn", lastwarn, 0, 2,
     "The last warning's text; lastwarn(msg) sets it. Example: lastwarn()"},
    {"lasterr", lasterr, 0, 1,
     "The text of the last error a try statement caught; lasterr(msg) sets it. Example: "
     "lasterr()"},
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
