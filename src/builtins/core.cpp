// The core builtins (builtins.md §3 shapes, §9 output and errors, §10 types and structs, §11
// control): what every script needs whatever its domain. Each builtin is a small adapter; the
// language rules they share (concatenation, transposes, display) live in src/runtime.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <optional>
#include <set>
#include <string_view>
#include <thread>

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

// --- Shapes and constructors (builtins.md §3) ------------------------------------------------

// A size-vector element: rounded to the nearest integer, halves away from zero; negative or
// NaN → 0 (rng.md §6.3).
num::Index rounded_size(double value) {
  if (!(value > 0)) return 0;
  return static_cast<num::Index>(std::round(value));
}

// zeros/ones: (n) → vector, (m, n) → matrix, ([m, n]) → matrix.
Value filled(Call& call, double fill) {
  if (call.count() == 2) {
    return Value::matrix(num::Matrix(call.count_argument(0), call.count_argument(1), fill));
  }
  const Value& argument = call.value(0);
  if (argument.is(Kind::Vector) || argument.is(Kind::Matrix)) {
    const num::Matrix& dims = argument.matrix_value();
    if (dims.size() != 2) {
      call.fail(
          fmt::format("expected scalar or 2-element vector, got {}-element vector", dims.size()));
    }
    return Value::matrix(num::Matrix(rounded_size(dims[0]), rounded_size(dims[1]), fill));
  }
  return Value::vector(num::Matrix(1, call.count_argument(0), fill));
}

Value zeros(Call& call) { return filled(call, 0.0); }
Value ones(Call& call) { return filled(call, 1.0); }

Value eye(Call& call) {
  const num::Index rows = call.count_argument(0);
  const num::Index columns = call.has(1) ? call.count_argument(1) : rows;
  num::Matrix result(rows, columns);
  for (num::Index k = 0; k < std::min(rows, columns); ++k) result.set(k, k, 1.0);
  return Value::matrix(std::move(result));
}

Value size(Call& call) {
  const auto [rows, columns] = size_of(call.value(0));
  if (const std::optional<int> dim = call.dim_argument(1)) {
    return Value::scalar(static_cast<double>(*dim == 1 ? rows : columns));
  }
  if (call.nargout() >= 2) {
    std::vector<Value> items = {Value::scalar(static_cast<double>(rows)),
                                Value::scalar(static_cast<double>(columns))};
    while (static_cast<int>(items.size()) < call.nargout()) items.push_back(Value::scalar(1));
    return Value::tuple(std::move(items));
  }
  return Value::vector(
      num::Matrix::from_rows({{static_cast<double>(rows), static_cast<double>(columns)}}));
}

// Octave's rows(x) and columns(x): size(x, 1) and size(x, 2).
Value rows(Call& call) { return Value::scalar(static_cast<double>(size_of(call.value(0)).first)); }
Value columns(Call& call) {
  return Value::scalar(static_cast<double>(size_of(call.value(0)).second));
}

Value length(Call& call) {
  const Value& value = call.value(0);
  switch (value.kind()) {
    case Kind::Vector:
    case Kind::String:
    case Kind::StringArray:
    case Kind::StructArray:
      return Value::scalar(static_cast<double>(value.element_count()));
    case Kind::Struct:
      return Value::scalar(1);
    case Kind::Matrix: {
      const num::Matrix& m = value.matrix_value();
      return Value::scalar(m.empty() ? 0.0 : static_cast<double>(std::max(m.rows(), m.columns())));
    }
    case Kind::Scalar:
    case Kind::Complex:
    case Kind::Bool:
      return Value::scalar(1);
    case Kind::Object:
      // A keyed object's length is its entry count (MATLAB's length(containers.Map)).
      if (std::optional<Value> count = value.object_value()->property("Count")) return *count;
      call.fail(fmt::format("unsupported type {}", value.object_value()->kind_name()));
    default:
      call.fail(fmt::format("unsupported type {}", value.kind_name()));
  }
}

Value numel(Call& call) {
  const Value& value = call.value(0);
  if (!value.is_numeric() && !value.is(Kind::String) && !value.is(Kind::StringArray) &&
      !runtime::is_struct_like(value)) {
    call.fail(fmt::format("unsupported type {}", value.kind_name()));
  }
  return Value::scalar(static_cast<double>(value.element_count()));
}

Value ndims(Call&) { return Value::scalar(2); }

bool is_empty_value(const Value& value) {
  switch (value.kind()) {
    case Kind::Vector:
    case Kind::Matrix:
      return value.matrix_value().empty();
    case Kind::String:
    case Kind::StringArray:
    case Kind::StructArray:
    case Kind::None:
      return value.element_count() == 0;
    default:
      return false;
  }
}

Value isempty(Call& call) { return Value::boolean(is_empty_value(call.value(0))); }

Value horzcat(Call& call) {
  std::vector<std::vector<Value>> rows(1);
  for (const Value& argument : call.arguments()) rows[0].push_back(argument);
  return runtime::concatenate(rows);
}

Value vertcat(Call& call) {
  std::vector<std::vector<Value>> rows;
  for (const Value& argument : call.arguments()) rows.push_back({argument});
  return runtime::concatenate(rows);
}

Value cat(Call& call) {
  const double dim = call.scalar(0);
  std::vector<std::vector<Value>> rows;
  if (dim == 1) {
    for (int k = 1; k < call.count(); ++k) rows.push_back({call.value(k)});
  } else if (dim == 2) {
    rows.emplace_back(call.arguments().begin() + 1, call.arguments().end());
  } else {
    call.fail(fmt::format("dim must be 1, 2, or 3, got {}", num::format_shortest(dim)));
  }
  return runtime::concatenate(rows);
}

Value transpose(Call& call) {
  return runtime::unary_operation(lang::UnaryOp::NonConjugateTranspose, call.value(0));
}

// --- Output and errors (language.md §8.7, §8.9; builtins.md §9) -------------------------------

Value print(Call& call) {
  call.session().write(runtime::display_joined(call.arguments()) + "\n");
  return Value();
}

Value disp(Call& call) {
  call.session().write(runtime::display(call.value(0)) + "\n");
  return Value();
}

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

// Which warnings are off: MATLAB's warning("off", "all") and warning("off", id).
struct WarningState {
  bool all_off = false;
  std::set<std::string, std::less<>> off;
};

// warning(msg), warning(fmt, args...), warning(id, fmt, args...) write `warning: msg` to
// standard error unless turned off; warning("off" | "on"[, "all" | id]) turns them off or on.
Value warning(Call& call) {
  WarningState& state = call.session().extension<WarningState>();
  const Value& first = call.value(0);
  if (first.is(Kind::String) && (first.string_value() == "off" || first.string_value() == "on") &&
      call.count() <= 2) {
    const bool off = first.string_value() == "off";
    const std::string which = call.has(1) ? call.string(1) : "all";
    if (which == "all") {
      state.all_off = off;
      state.off.clear();
    } else if (off) {
      state.off.insert(which);
    } else {
      state.off.erase(which);
    }
    return Value();
  }
  const Message message = message_of(call);
  if (state.all_off || state.off.contains(message.identifier)) return Value();
  call.session().write_error("warning: " + message.text + "\n");
  return Value();
}

// MATLAB's `format long g`, `format shortG`, `format short e`, ...: the nearest rlab mode (long
// or short); nullopt for any other word.
std::optional<runtime::FormatMode> matlab_format_mode(Call& call) {
  std::string mode = call.string(0);
  if (call.has(1)) mode += call.string(1);
  for (char& c : mode) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* suffix : {"g", "e", "eng"}) {
    if (mode == std::string("short") + suffix) return runtime::FormatMode::Short;
    if (mode == std::string("long") + suffix) return runtime::FormatMode::Long;
  }
  return std::nullopt;
}

// `format MODE` (language.md §2.14): sets the echo mode and prints it.
Value format(Call& call) {
  runtime::Session& session = call.session();
  if (call.has(1)) {
    const std::optional<runtime::FormatMode> matlab = matlab_format_mode(call);
    if (!matlab) {
      call.fail(fmt::format("unknown mode '{} {}' (try short, long, hex, commas)", call.string(0),
                            call.string(1)));
    }
    session.set_format_mode(*matlab);
  } else if (call.has(0)) {
    const std::string& mode = call.string(0);
    if (mode == "short" || mode == "default") {
      session.set_format_mode(runtime::FormatMode::Short);
    } else if (mode == "long") {
      session.set_format_mode(runtime::FormatMode::Long);
    } else if (mode == "hex") {
      session.set_format_mode(runtime::FormatMode::Hex);
    } else if (mode == "commas") {
      session.set_format_mode(runtime::FormatMode::Commas);
    } else if (mode == "compact" || mode == "loose") {
      return Value();  // MATLAB's blank-line spacing: rlab's display has no blank lines
    } else if (const std::optional<runtime::FormatMode> matlab = matlab_format_mode(call)) {
      session.set_format_mode(*matlab);
    } else {
      call.fail(fmt::format("unknown mode '{}' (try short, long, hex, commas)", mode));
    }
  }
  session.write(fmt::format("format: {}\n", runtime::format_mode_name(session.format_mode())));
  return Value();
}

// Octave's `more off` / `more on`: the pager; llmlab never pages its output.
Value more(Call& call) {
  if (call.has(0) && call.string(0) != "on" && call.string(0) != "off") {
    call.fail("expected \"on\" or \"off\", got \"" + call.string(0) + "\"");
  }
  return Value();
}

// Bare `clear` (language.md §2.14) removes every variable but the predefined ones and every
// user function; `clear("x", ...)` removes the named variables only.
Value clear(Call& call) {
  runtime::Interpreter& interpreter = call.interpreter();
  if (call.count() == 0) {
    interpreter.clear();
    return Value();
  }
  for (int k = 0; k < call.count(); ++k) {
    if (interpreter.has_variable(call.string(k))) interpreter.unset_variable(call.string(k));
  }
  return Value();
}

// help: the builtin names, or one builtin's help line and arity; `help name` in command form.
Value help(Call& call) {
  runtime::Interpreter& interpreter = call.interpreter();
  if (call.count() == 0) {
    std::string text = "builtins (help NAME for one):\n";
    std::string line;
    std::vector<std::string> names = interpreter.builtin_names();
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
      if (!line.empty() && line.size() + 1 + name.size() > 78) {
        text += " " + line + "\n";
        line.clear();
      }
      line += " " + name;
    }
    if (!line.empty()) text += " " + line + "\n";
    call.session().write(text);
    return Value();
  }
  const std::string& name = call.string(0);
  if (const runtime::NativeFunction* function = interpreter.find_builtin(name)) {
    std::string text(function->help);
    if (!text.starts_with(name + "(")) text = name + ": " + text;
    const std::string arity = function->max_args < 0 ? fmt::format("{} or more", function->min_args)
                              : function->min_args == function->max_args
                                  ? std::to_string(function->min_args)
                                  : fmt::format("{} to {}", function->min_args, function->max_args);
    call.session().write(fmt::format("{}\n  arguments: {}\n", text, arity));
    return Value();
  }
  if (interpreter.has_user_function(name)) {
    call.session().write(fmt::format("{} is a user function\n", name));
    return Value();
  }
  call.fail(fmt::format("no builtin or function named '{}'", name));
}

// MATLAB's clc clears the command window. A script's output is its record (and the REPL's
// scrollback the user's), so llmlab accepts the call and clears nothing.
Value clc(Call&) { return Value(); }

// `cache ...` and `viewer ...` directives: accepted and ignored (language.md §2.14).
Value ignored_directive(Call&) { return Value(); }

// --- Structs and types (builtins.md §10) ------------------------------------------------------

Value make_struct(Call& call) {
  if (call.count() % 2 != 0) {
    throw Error("struct() requires an even number of arguments: (field, value, ...)");
  }
  Value result = Value::structure();
  for (int k = 0; k < call.count(); k += 2) {
    const Value& name = call.value(k);
    if (!name.is(Kind::String))
      throw Error(fmt::format("expected string, got {}", name.kind_name()));
    result.set_field(name.string_value(), call.value(k + 1));
  }
  return result;
}

const Value& struct_argument(Call& call, std::string_view function) {
  const Value& value = call.value(0);
  // The elements of a struct array share their field names, so its first element answers
  // isfield and fieldnames for all of them.
  if ((function == "isfield" || function == "fieldnames") && value.is(Kind::StructArray) &&
      !value.struct_array_items().empty()) {
    return value.struct_array_items().front();
  }
  if (!value.is(Kind::Struct)) {
    throw Error(fmt::format("{}() requires a struct, got {}", function, value.kind_name()));
  }
  return value;
}

Value isstruct(Call& call) { return Value::boolean(runtime::is_struct_like(call.value(0))); }
Value iscell(Call& call) { return Value::boolean(call.value(0).is(Kind::StringArray)); }

// isfield(s, name) → Bool; isfield(s, {names}) → a logical Vector, one truth per name (MATLAB).
Value isfield(Call& call) {
  const Value& s = struct_argument(call, "isfield");
  if (call.value(1).is(Kind::StringArray)) {
    const std::vector<std::string>& names = call.value(1).string_array_value();
    num::Matrix found(1, static_cast<num::Index>(names.size()));
    for (std::size_t k = 0; k < names.size(); ++k) {
      found.set(static_cast<num::Index>(k), s.field(names[k]) != nullptr ? 1.0 : 0.0);
    }
    return Value::vector(std::move(found), /*logical=*/true);
  }
  return Value::boolean(s.field(call.string(1)) != nullptr);
}

// orderfields(s): s itself, since rlab's fields are always kept in ascending name order;
// numfields(s): how many fields s has.
Value orderfields(Call& call) { return struct_argument(call, "orderfields"); }
Value numfields(Call& call) {
  const Value& x = call.value(0);
  if (!runtime::is_struct_like(x)) return Value::scalar(0.0);
  const std::vector<Value> items = runtime::struct_elements(x);
  return Value::scalar(items.empty() ? 0.0
                                     : static_cast<double>(items.front().struct_fields().size()));
}

// getfield(s, name) is s.(name); setfield(s, name, v) a copy of s with that field set.
Value getfield(Call& call) {
  const Value& s = struct_argument(call, "getfield");
  const std::string& name = call.string(1);
  const Value* field = s.field(name);
  if (!field) throw Error(fmt::format("struct has no field '{}'", name));
  return *field;
}

Value setfield(Call& call) {
  Value s = struct_argument(call, "setfield");
  s.set_field(call.string(1), call.value(2));
  return s;
}

Value rmfield(Call& call) {
  Value s = struct_argument(call, "rmfield");
  const std::string& name = call.string(1);
  runtime::StructFields& fields = s.mutable_struct_fields();
  auto it = fields.find(name);
  if (it == fields.end()) throw Error(fmt::format("struct has no field '{}'", name));
  fields.erase(it);
  return s;
}

Value fieldnames(Call& call) {
  const Value& s = struct_argument(call, "fieldnames");
  std::vector<std::string> names;
  for (const auto& [name, value] : s.struct_fields()) names.push_back(name);
  return Value::string_array(std::move(names));
}

bool all_real(const Value& value) {
  switch (value.kind()) {
    case Kind::Complex:
      return value.complex_value().imag() == 0.0;
    case Kind::Vector:
    case Kind::Matrix: {
      const num::Matrix& m = value.matrix_value();
      if (m.is_real()) return true;
      for (const num::Complex& z : m.complex_values()) {
        if (z.imag() != 0.0) return false;
      }
      return true;
    }
    default:
      return true;
  }
}

Value isnumeric(Call& call) {
  const Value& v = call.value(0);
  return Value::boolean((v.is(Kind::Scalar) || v.is(Kind::Complex) || v.is_array()) &&
                        !v.is_logical());
}
Value ischar(Call& call) { return Value::boolean(call.value(0).is(Kind::String)); }
Value islogical(Call& call) { return Value::boolean(call.value(0).is_logical()); }

Value isscalar(Call& call) {
  const Value& v = call.value(0);
  return Value::boolean(v.is(Kind::Scalar) || v.is(Kind::Complex) || v.is(Kind::Bool) ||
                        (v.is_array() && v.matrix_value().size() == 1));
}

Value isvector(Call& call) {
  const Value& v = call.value(0);
  if (v.is(Kind::Vector) || v.is(Kind::Scalar)) return Value::boolean(true);
  if (v.is(Kind::Matrix)) {
    const num::Matrix& m = v.matrix_value();
    return Value::boolean(m.rows() == 1 || m.columns() == 1);
  }
  return Value::boolean(false);
}

Value isreal(Call& call) {
  const Value& v = call.value(0);
  if (v.is(Kind::Bool) || v.is(Kind::String)) return Value::boolean(true);
  return Value::boolean(v.is_numeric() && all_real(v));
}

Value class_of(Call& call) {
  const Value& v = call.value(0);
  if (v.is_logical()) return Value::string("logical");
  switch (v.kind()) {
    case Kind::Scalar:
    case Kind::Complex:
    case Kind::Vector:
    case Kind::Matrix:
      return Value::string("double");
    case Kind::String:
      return Value::string("char");
    case Kind::StringArray:
      return Value::string("cell");
    case Kind::Struct:
    case Kind::StructArray:
      return Value::string("struct");
    case Kind::Lambda:
    case Kind::FunctionHandle:
      return Value::string("function_handle");
    case Kind::Object:
      return Value::string(v.object_value()->kind_name());
    default:
      return Value::string(std::string(v.kind_name()));
  }
}

// isa(x, name): class(x) is name, or name is one of MATLAB's class groups: "numeric" and
// "float" (the double values), "integer" (none: rlab has no integer classes).
Value isa(Call& call) {
  const std::string actual = class_of(call).string_value();
  const std::string& name = call.string(1);
  if (name == "numeric" || name == "float") return Value::boolean(actual == "double");
  return Value::boolean(actual == name);
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

// func2str(f): a lambda's text (`@(x) x + 1`) or a handle's function name (`sin`, as MATLAB
// gives it); str2func(name) the handle @name.
Value func2str(Call& call) {
  const Value& f = call.value(0);
  if (f.is(Kind::FunctionHandle)) return Value::string(f.handle_name());
  if (f.is(Kind::Lambda)) return Value::string(runtime::display(f));
  call.fail(fmt::format("argument 1 must be a function handle, got {}", f.kind_name()));
}

Value str2func(Call& call) {
  const std::string& name = call.string(0);
  if (!name.empty() && name.front() == '@') {
    call.fail("only function names are supported (write the lambda itself: @(x) ...)");
  }
  return Value::function_handle(name);
}

// isvarname(s): s is a valid variable name (a letter, then letters, digits or `_`), not a
// reserved word.
Value isvarname(Call& call) {
  const Value& x = call.value(0);
  if (!x.is(Kind::String)) return Value::boolean(false);
  const std::string& name = x.string_value();
  static const std::set<std::string, std::less<>> reserved = {
      "function", "end",       "return", "if",     "elseif", "else", "for",    "while", "switch",
      "case",     "otherwise", "run",    "format", "hold",   "grid", "viewer", "close"};
  bool valid = !name.empty() && std::isalpha(static_cast<unsigned char>(name.front())) &&
               !reserved.contains(name);
  for (const char c : name) {
    valid = valid && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  }
  return Value::boolean(valid);
}

Value exist(Call& call) {
  const std::string& name = call.string(0);
  runtime::Interpreter& interpreter = call.interpreter();
  if (call.has(1)) {
    const std::string& type = call.string(1);
    if (type == "var") return Value::scalar(interpreter.has_variable(name) ? 1 : 0);
    if (type == "builtin") return Value::scalar(interpreter.find_builtin(name) ? 5 : 0);
    if (type == "file") {
      std::error_code ignored;
      return Value::scalar(std::filesystem::exists(name, ignored) ? 2 : 0);
    }
    call.fail(fmt::format("argument 2 must be \"var\", \"builtin\" or \"file\", got \"{}\"", type));
  }
  if (interpreter.has_variable(name)) return Value::scalar(1);
  if (interpreter.has_user_function(name)) return Value::scalar(2);
  if (interpreter.find_builtin(name)) return Value::scalar(5);
  std::error_code ignored;
  if (std::filesystem::exists(name, ignored)) return Value::scalar(2);
  return Value::scalar(0);
}

// --- Control and utility (builtins.md §11) ----------------------------------------------------

struct Stopwatch {
  std::optional<std::chrono::steady_clock::time_point> start;
};

Value tic(Call& call) {
  call.session().extension<Stopwatch>().start = std::chrono::steady_clock::now();
  return Value();
}

Value toc(Call& call) {
  const Stopwatch& watch = call.session().extension<Stopwatch>();
  if (!watch.start) call.fail("call tic() first");
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - *watch.start;
  return Value::scalar(elapsed.count());
}

// Takes any arguments so that passing one gets rlab's own message rather than the count error.
Value nproc(Call& call) {
  if (call.count() > 0) call.fail("takes no arguments");
  return Value::scalar(static_cast<double>(std::max(1u, std::thread::hardware_concurrency())));
}

Value sleep(Call& call) {
  const double seconds = call.scalar(0);
  if (!(seconds >= 0)) call.fail("duration must be non-negative");
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  return Value::scalar(0);
}

Value feval(Call& call) {
  const Value& function = call.value(0);
  if (!function.is(Kind::String) && !function.is_callable()) {
    throw Error("feval: first argument must be a string function name");
  }
  std::vector<Value> arguments(call.arguments().begin() + 1, call.arguments().end());
  return call.invoke(function, std::move(arguments), std::max(call.nargout(), 1));
}

// The elements arrayfun/parmap pass: a vector's elements (real when im is exactly 0) or the
// one scalar.
std::vector<Value> mapped_elements(Call& call, int index = 1) {
  const Value& x = call.value(index);
  std::vector<Value> elements;
  if (x.is(Kind::Vector)) {
    const num::Matrix& values = x.matrix_value();
    for (num::Index k = 0; k < values.size(); ++k) {
      const num::Complex z = values.complex_at(k);
      elements.push_back(z.imag() == 0.0 ? Value::scalar(z.real()) : Value::complex(z));
    }
  } else if (x.is(Kind::Scalar) || x.is(Kind::Complex) || x.is(Kind::Bool)) {
    elements.push_back(x);
  } else if (runtime::is_struct_like(x)) {
    elements = runtime::struct_elements(x);  // arrayfun(@(p) p.age, people)
  } else {
    throw Error(fmt::format("{}: second argument must be a vector or scalar, got {}", call.name(),
                            x.kind_name()));
  }
  return elements;
}

// Packs per-element results: all scalars → vector (logical when all are Bools); all vectors of
// one length → one row each.
Value pack_results(Call& call, const std::vector<Value>& results) {
  if (results.empty()) return Value::vector(num::Matrix(1, 0));
  const Value& first = results[0];
  const bool scalar_results =
      first.is(Kind::Scalar) || first.is(Kind::Complex) || first.is(Kind::Bool);
  if (!scalar_results && !first.is(Kind::Vector)) {
    throw Error(
        fmt::format("{}: function returned unsupported type {}", call.name(), first.kind_name()));
  }
  const num::Index width = scalar_results ? 1 : first.matrix_value().size();
  const num::Index count = static_cast<num::Index>(results.size());
  num::Matrix packed(scalar_results ? 1 : count, scalar_results ? count : width);
  for (num::Index k = 0; k < count; ++k) {
    const Value& result = results[static_cast<std::size_t>(k)];
    if (scalar_results) {
      if (!(result.is(Kind::Scalar) || result.is(Kind::Complex) || result.is(Kind::Bool))) {
        throw Error(fmt::format("{}: element {} returned {}, expected scalar", call.name(), k + 1,
                                result.kind_name()));
      }
      packed.set(k, result.complex_value());
      continue;
    }
    if (!result.is(Kind::Vector) || result.matrix_value().size() != width) {
      throw Error(fmt::format("{}: element {} returned {} of length {}, expected {}", call.name(),
                              k + 1, result.kind_name(), result.element_count(), width));
    }
    for (num::Index c = 0; c < width; ++c) {
      packed.set(k * width + c, result.matrix_value().complex_at(c));
    }
  }
  // Bool results make a logical vector, so arrayfun(@(x) isprime(x), v) can be a mask.
  const bool all_bools =
      std::ranges::all_of(results, [](const Value& r) { return r.is(Kind::Bool); });
  if (scalar_results) return Value::vector(std::move(packed), all_bools);
  return Value::matrix(std::move(packed));
}

Value map_function(Call& call) {
  const Value& function = call.value(0);
  if (!function.is_callable()) {
    throw Error(fmt::format("{}: first argument must be a lambda or function handle, got {}",
                            call.name(), function.kind_name()));
  }
  std::vector<Value> results;
  for (Value& element : mapped_elements(call)) {
    results.push_back(call.invoke(function, {std::move(element)}, 1));
  }
  return pack_results(call, results);
}

// The elements of one arrayfun input in column-major order (a matrix as x(:) reads it).
std::vector<Value> elements_of(Call& call, int index) {
  const Value& x = call.value(index);
  if (!x.is(Kind::Matrix)) return mapped_elements(call, index);
  const num::Matrix& m = x.matrix_value();
  std::vector<Value> elements;
  for (num::Index c = 0; c < m.columns(); ++c) {
    for (num::Index r = 0; r < m.rows(); ++r) {
      const num::Complex z = m.complex_at(r, c);
      elements.push_back(z.imag() == 0.0 ? Value::scalar(z.real()) : Value::complex(z));
    }
  }
  return elements;
}

// arrayfun beyond rlab's two-argument form (MATLAB's meaning, which rustlab rejects): several
// inputs of one size called element by element, a matrix input giving a matrix of its shape,
// and "UniformOutput", false for string results, which form a string array.
Value arrayfun(Call& call) {
  int inputs = call.count() - 1;
  bool uniform = true;
  if (call.count() >= 4 && call.value(call.count() - 2).is(Kind::String)) {
    if (call.string(call.count() - 2) != "UniformOutput") {
      call.fail("the only option is \"UniformOutput\", true or false");
    }
    uniform = call.value(call.count() - 1).as_scalar() != 0.0;
    inputs -= 2;
  }
  if (inputs == 1 && uniform && !call.value(1).is(Kind::Matrix)) return map_function(call);
  const Value& function = call.value(0);
  if (!function.is_callable()) {
    throw Error(fmt::format("arrayfun: first argument must be a lambda or function handle, got {}",
                            function.kind_name()));
  }
  std::vector<std::vector<Value>> columns;
  for (int k = 1; k <= inputs; ++k) {
    columns.push_back(elements_of(call, k));
    if (size_of(call.value(k)) != size_of(call.value(1))) {
      call.fail(fmt::format("argument {} has a different size from argument 2", k + 1));
    }
  }
  const std::size_t count = columns.front().size();
  std::vector<Value> results;
  for (std::size_t e = 0; e < count; ++e) {
    std::vector<Value> arguments;
    for (const std::vector<Value>& column : columns) arguments.push_back(column[e]);
    results.push_back(call.invoke(function, std::move(arguments), 1));
  }
  if (!uniform) {
    std::vector<std::string> texts;
    for (std::size_t e = 0; e < results.size(); ++e) {
      if (!results[e].is(Kind::String)) {
        call.fail(fmt::format(
            "with \"UniformOutput\", false the function must return strings, element {} gave {}",
            e + 1, results[e].kind_name()));
      }
      texts.push_back(results[e].string_value());
    }
    return Value::string_array(std::move(texts));
  }
  Value packed = pack_results(call, results);
  if (!call.value(1).is(Kind::Matrix)) return packed;
  if (!packed.is(Kind::Vector)) {
    call.fail("a matrix input needs one number from each call");
  }
  const num::Matrix& shape = call.value(1).matrix_value();
  const num::Matrix& flat = packed.matrix_value();
  num::Matrix result(
      shape.rows(), shape.columns(),
      flat.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  for (num::Index k = 0; k < flat.size(); ++k) {
    result.set(k % shape.rows(), k / shape.rows(), flat.complex_at(k));
  }
  result.demote_if_real();
  return Value::matrix(std::move(result));
}

}  // namespace

std::pair<num::Index, num::Index> size_of(const Value& value) {
  switch (value.kind()) {
    case Kind::Vector:
      return {1, value.matrix_value().size()};
    case Kind::Matrix:
      return {value.matrix_value().rows(), value.matrix_value().columns()};
    case Kind::String:
    case Kind::StringArray:
    case Kind::Tuple:
    case Kind::StructArray:
      return {1, value.element_count()};
    case Kind::None:
      return {0, 0};
    default:
      return {1, 1};
  }
}

extern const BuiltinTable kCoreBuiltins = {
    // name          function        arity   help
    {"zeros", zeros, 1, 2, "zeros(n): vector of n zeros; zeros(m, n): m×n matrix."},
    {"ones", ones, 1, 2, "ones(n): vector of n ones; ones(m, n): m×n matrix."},
    {"eye", eye, 1, 2, "eye(n) or eye(m, n): identity matrix."},
    {"size", size, 1, 2, "size(x): [rows, columns]; size(x, d): one dimension."},
    {"length", length, 1, 1, "Number of elements along the longest dimension."},
    {"len", length, 1, 1, "Alias of length."},
    {"numel", numel, 1, 1, "Number of elements."},
    {"rows", rows, 1, 1, "Number of rows, size(x, 1) (Octave)."},
    {"columns", columns, 1, 1, "Number of columns, size(x, 2) (Octave)."},
    {"ndims", ndims, 1, 1, "Number of dimensions (2)."},
    {"isempty", isempty, 1, 1, "True for an empty array, string or string array."},
    {"horzcat", horzcat, 0, -1, "horzcat(A, B, ...) is [A, B, ...]."},
    {"vertcat", vertcat, 0, -1, "vertcat(A, B, ...) is [A; B; ...]."},
    {"cat", cat, 1, -1, "cat(1, ...) stacks vertically, cat(2, ...) horizontally."},
    {"transpose", transpose, 1, 1, "Non-conjugating transpose (the .' operator)."},
    {"print", print, 0, 16, "Writes the displays of its arguments joined by spaces."},
    {"disp", disp, 1, 1, "Writes the display of its argument."},
    {"assert", assert_builtin, 1, -1,
     "Raises an error when the condition is false: assert(cond, fmt, ...)."},
    {"error", error, 1, -1, "Raises an error: error(msg), error(fmt, ...), error(err)."},
    {"warning", warning, 1, -1, "Writes `warning: msg` to standard error."},
    {"format", format, 0, 2,
     "Sets the echo display mode: short, long, hex, commas (MATLAB's long g etc. map to them)."},
    {"more", more, 0, 1, "Octave's pager switch (more off): output is never paged, so a no-op."},
    {"clear", clear, 0, -1,
     "clear x y or clear(\"x\"): remove variables; bare clear also every user function."},
    {"help", help, 0, 1, "help: list the builtins; help NAME or help(\"NAME\"): describe one."},
    {"clc", clc, 0, 0, "Accepted for MATLAB scripts; clears nothing (output is kept)."},
    {"cache", ignored_directive, 0, -1, "Result-cache directives (accepted, no effect)."},
    {"viewer", ignored_directive, 0, -1, "External viewer control (accepted, no effect)."},
    {"struct", make_struct, 0, -1, "struct(\"f1\", v1, ...): a struct with those fields."},
    {"isstruct", isstruct, 1, 1, "True for a struct."},
    {"iscell", iscell, 1, 1, "True for a string array."},
    {"iscellstr", iscell, 1, 1,
     "iscellstr(x): true for a string array (every rlab cell holds text)."},
    {"isfield", isfield, 2, 2,
     "isfield(s, name): true when s has that field; a string array of names gives one each."},
    {"rmfield", rmfield, 2, 2, "rmfield(s, name): s without that field."},
    {"orderfields", orderfields, 1, 1, "The struct with its fields in ascending order (as kept)."},
    {"numfields", numfields, 1, 1, "Number of fields of a struct (0 for other values)."},
    {"getfield", getfield, 2, 2, "getfield(s, name): the field's value, as s.(name)."},
    {"setfield", setfield, 3, 3, "setfield(s, name, v): a copy of s with the field set to v."},
    {"fieldnames", fieldnames, 1, 1, "Field names in ascending order, as a string array."},
    {"isnumeric", isnumeric, 1, 1, "True for numbers and numeric arrays (not bools)."},
    {"ischar", ischar, 1, 1, "True for a string."},
    {"isstring", ischar, 1, 1, "True for a string."},
    {"islogical", islogical, 1, 1, "True for a bool or a logical array."},
    {"isscalar", isscalar, 1, 1, "True for a one-element value."},
    {"isvector", isvector, 1, 1, "True for a vector, a 1×N or N×1 matrix, or a scalar."},
    {"isreal", isreal, 1, 1, "True when every imaginary part is exactly 0."},
    {"class", class_of, 1, 1, "The MATLAB class name: double, logical, char, cell, struct, ..."},
    {"isa", isa, 2, 2, "True when class(x) is the name, or the group \"numeric\" / \"float\"."},
    {"narginchk", narginchk, 2, 2, "Raises MATLAB's error when nargin is outside [lo, hi]."},
    {"func2str", func2str, 1, 1, "The text of a lambda, or a handle's function name."},
    {"str2func", str2func, 1, 1, "The handle @name of a function named by a string."},
    {"isvarname", isvarname, 1, 1, "True for a valid variable name."},
    {"exist", exist, 1, 2, "1 variable, 5 builtin, 2 user function or file, 0 otherwise."},
    {"tic", tic, 0, 0, "Starts the session stopwatch."},
    {"toc", toc, 0, 0, "Seconds since the last tic()."},
    {"nproc", nproc, 0, -1, "Number of hardware threads."},
    {"sleep", sleep, 1, 1, "Pauses for the given seconds; returns 0."},
    {"feval", feval, 1, -1, "feval(name, args...): calls a function by name."},
    {"arrayfun", arrayfun, 2, -1,
     "arrayfun(f, x, ...): f applied to each element of x (and of further inputs of its size)."},
    {"parmap", map_function, 2, 2, "parmap(f, x): arrayfun whose calls may run in parallel."},
};

}  // namespace llmlab::builtins
