// builtins.md §9 Strings, output and formatting: the output half, print, disp, fprintf,
// printf, fdisp and the stdout/stderr file ids (language.md §8.8), and MATLAB's `input`, which
// reads through the session's input source (the app decides where lines come from).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/environment.hpp"
#include "base/messages/plot.hpp"
#include "builtins/io/file_streams.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "num/format.hpp"
#include "runtime/display.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/literals.hpp"
#include "runtime/operators.hpp"
#include "runtime/printf.hpp"
#include "runtime/session.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// print in matlab code is MATLAB's figure export: print(file), print(file, "-dpng"),
// print(h, "-dsvg", file); the -d option names the format of a file name without an extension,
// -f<h> or a number the figure (the current one by default). Options of the printed rendering
// (-r300, -painters) have nothing to change in llmlab's and are passed over.
Value print_figure(Call& call) {
  std::optional<Value> handle;
  std::optional<std::string> file;
  std::optional<std::string> format;
  for (const Value& argument : call.arguments()) {
    if (!argument.is(Kind::String)) {
      handle = argument;
      continue;
    }
    const std::string& word = argument.string_value();
    if (word.starts_with("-d")) {
      format = word.substr(2);
    } else if (word.starts_with("-f")) {
      const std::string digits = word.substr(2);
      if (digits.empty() || digits.size() > 9 ||
          !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        call.fail(fmt::format(messages::figure_handle_not_positive_integer, word));
      }
      handle = Value::scalar(static_cast<double>(std::stoi(digits)));
    } else if (!word.starts_with("-")) {
      file = word;
    }
  }
  if (!file) call.fail(messages::print_needs_file);
  // The current figure only when none is named: asking for it makes one where there is none.
  std::vector<Value> arguments{handle ? *handle : call.interpreter().call("gcf", {}),
                               Value::string(*file)};
  if (format) arguments.push_back(Value::string(*format));
  return call.interpreter().call("saveas", arguments);
}

Value print(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) return print_figure(call);
  call.session().write(runtime::display_joined(call.arguments()) + "\n");
  return Value();
}

// fprintf(fmt, a, ...) or MATLAB's fprintf(fid, fmt, a, ...): 1 stdout, 2 stderr, or a file
// fopen opened (io/file_streams.hpp).
Value fprintf_builtin(Call& call) {
  const bool to_file =
      call.count() >= 2 && call.value(0).is(Kind::Scalar) && call.value(1).is(Kind::String);
  const int format_index = to_file ? 1 : 0;
  const Value& format = call.value(format_index);
  if (!format.is(Kind::String))
    call.fail(fmt::format(messages::expected_string_got, format.kind_name()));
  const std::string text = runtime::format_printf(
      format.string_value(), call.arguments().subspan(static_cast<std::size_t>(format_index) + 1),
      runtime::printf_rules(call.session().dialect()));
  if (to_file) {
    write_to_file_id(call, 0, text);
  } else {
    call.session().write(text);
  }
  return Value::none();
}

// Octave's fdisp(fid, x): disp(x) to the file id.
Value fdisp_builtin(Call& call) {
  write_to_file_id(call, 0, runtime::display(call.value(1)) + "\n");
  return Value::none();
}

// The file ids of fprintf(fid, ...): stdout is 1, stderr is 2.
Value stdout_id(Call&) { return Value::scalar(1.0); }

Value stderr_id(Call&) { return Value::scalar(2.0); }

// Octave's printf(fmt, ...): fprintf to standard output, with no file id.
Value printf_builtin(Call& call) {
  const Value& format = call.value(0);
  if (!format.is(Kind::String))
    call.fail(fmt::format(messages::expected_string_got, format.kind_name()));
  call.session().write(runtime::format_printf(format.string_value(), call.arguments().subspan(1),
                                              runtime::printf_rules(call.session().dialect())));
  return Value::none();
}

// One line from the session's input source, or the error that says why none can come.
std::string read_input_line(Call& call, std::string_view prompt) {
  const runtime::Session::InputSource& source = call.session().input();
  if (!source) call.fail(messages::no_input_available);
  std::optional<std::string> line = source(prompt);
  if (!line) call.fail(messages::standard_input_closed);
  return std::move(*line);
}

// MATLAB's input(prompt): the typed text is an expression, evaluated where `input` was called,
// and its value returned (an empty line gives []). A line that fails to parse or evaluate is
// reported and the prompt shown again, as MATLAB does. input(prompt, "s") returns the text as
// typed, a string.
Value input_builtin(Call& call) {
  const std::string prompt = call.has(0) ? call.string(0) : std::string();
  if (call.has(1)) {
    call.choice(1, {"s"}, "option");
    return Value::string(read_input_line(call, prompt));
  }
  while (true) {
    const std::string line = read_input_line(call, prompt);
    if (line.find_first_not_of(" \t\r") == std::string::npos) return Value::matrix(num::Matrix());
    try {
      Value value = call.interpreter().evaluate_in_current_scope(line, "input");
      if (value.is(Kind::None)) call.fail(messages::typed_expression_no_value);
      return value;
    } catch (const Error& error) {
      call.session().write_error(format_error_report(error));
    }
  }
}

}  // namespace

extern const BuiltinTable kOutputBuiltins = {
    {"print", print, 0, 16,
     "Writes the displays of its arguments joined by spaces; in matlab code MATLAB's figure "
     "export, print(file[, \"-dpng\"]). Example: print(\"loss\", 0.25)"},
    // name      function         arity   help
    {"fprintf", fprintf_builtin, 1, -1,
     "fprintf(fmt, a, ...): write formatted text (no newline added). Example: fprintf(\"%d "
     "apples\\n\", 3)"},
    {"printf", printf_builtin, 1, -1,
     "printf(fmt, a, ...): Octave's fprintf to standard output. Example: printf(\"%.2f\\n\", pi)"},
    {"fdisp", fdisp_builtin, 2, 2,
     "fdisp(fid, x): disp(x) to a file id (Octave). Example: fdisp(stdout, [1, 2])"},
    {"stdout", stdout_id, 0, 0,
     "The file id of standard output, 1. Example: fprintf(stdout, \"hello\\n\")"},
    {"stderr", stderr_id, 0, 0,
     "The file id of standard error, 2. Example: fprintf(stderr, \"a diagnostic\\n\")"},
    {"input", input_builtin, 0, 2,
     "input(prompt): show prompt, read a line and return the value of the expression typed "
     "(evaluated where input was called; an empty line gives []; a bad line is reported and "
     "asked again). input(prompt, \"s\"): return the line as a string. Lines come from standard "
     "input in llmlab run and the REPL, from the front end in Jupyter. Example: layers = "
     "input(\"How many layers? \")"},
};

}  // namespace llmlab::builtins
