// builtins.md §9 Strings, output and formatting: numbers to text, sprintf, num2str, int2str,
// mat2str and commas. The formatting itself lives in num/format and runtime/printf.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/text_and_regex.hpp"
#include "base/utf8.hpp"
#include "builtins/registry.hpp"
#include "builtins/text_map.hpp"
#include "lang/dialect.hpp"
#include "num/format.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/display.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/printf.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The format string of sprintf/fprintf/error: a String, else rustlab's type error.
const std::string& format_argument(const Call& call, int index) {
  const Value& format = call.value(index);
  if (!format.is(Kind::String))
    call.fail(fmt::format(messages::expected_string_got, format.kind_name()));
  return format.string_value();
}

// sprintf(fmt, a1, ...) → String (language.md §8.8).
Value sprintf_builtin(Call& call) {
  const std::string& format = format_argument(call, 0);
  return Value::string(runtime::format_printf(format, call.arguments().subspan(1),
                                              runtime::printf_rules(call.session().dialect())));
}

// The largest finite magnitude among the values (0 when there is none): num2str picks its
// digits once from it.
double largest_of(const num::Matrix& values) {
  double largest = 0.0;
  for (num::Index i = 0; i < values.size(); ++i) {
    const double magnitude = std::fabs(values[i]);
    if (std::isfinite(magnitude)) largest = std::max(largest, magnitude);
  }
  return largest;
}

// The elements of a numeric value in num2str's layout: columns joined by two spaces, rows by
// newlines, N picked once from the largest magnitude.
std::string num2str_array(const num::Matrix& values, bool vector_layout) {
  const double largest = largest_of(values);
  std::string out;
  const num::Index columns = vector_layout ? values.size() : values.columns();
  for (num::Index i = 0; i < values.size(); ++i) {
    if (i > 0) out += i % columns == 0 ? "\n" : "  ";
    out += num::format_num2str(values[i], largest);
  }
  return out;
}

// num2str's field for each element of a matrix: a width, and the significant digits of a
// number that is not an integer (0: an integer field).
struct Num2strField {
  int width = 0;
  int digits = 0;
};

// One element in its field, right-aligned (Inf and NaN as MATLAB spells them).
std::string field_text(double value, Num2strField field) {
  std::string text;
  if (!std::isfinite(value)) {
    text = std::isnan(value) ? "NaN" : (value > 0.0 ? "Inf" : "-Inf");
  } else if (field.digits == 0) {
    text = fmt::format("{}", static_cast<long long>(value));
  } else {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", field.digits, value == 0.0 ? 0.0 : value);
    text = buffer;
  }
  const auto width = static_cast<std::size_t>(field.width);
  return text.size() < width ? std::string(width - text.size(), ' ') + text : text;
}

// The rows of a matrix as a char matrix in MATLAB's num2str layout: every element in its field,
// the fields side by side, then the blank columns all rows share at either end removed ([1; 22]
// gives [' 1'; '22']).
Value aligned_rows(const num::Matrix& values, Num2strField field) {
  std::vector<std::string> rows(static_cast<std::size_t>(values.rows()));
  for (num::Index k = 0; k < values.size(); ++k) {
    rows[static_cast<std::size_t>(k / values.columns())] += field_text(values[k], field);
  }
  return runtime::trimmed_char_columns(runtime::char_rows(rows, runtime::RowWidths::Padded), true);
}

// num2str's field for the elements of a matrix: integers get the digits of the largest (three
// at least when Inf or NaN is among them) and two spaces (a field of 5 for 200); other numbers
// as many significant digits as the largest has before the point plus four (five at least),
// in a field seven wider. With `precision`, that many significant digits.
Num2strField num2str_field(const num::Matrix& values, std::optional<int> precision) {
  const double largest = largest_of(values);
  bool integers = true;
  bool non_finite = false;
  for (num::Index k = 0; k < values.size(); ++k) {
    non_finite = non_finite || !std::isfinite(values[k]);
    integers = integers && (!std::isfinite(values[k]) || values[k] == std::trunc(values[k]));
  }
  const int before_point = largest >= 1.0 ? static_cast<int>(std::floor(std::log10(largest))) : 0;
  if (precision) return {*precision + 7, std::max(*precision, 1)};
  if (integers) return {std::max(before_point + 1, non_finite ? 3 : 1) + 2, 0};
  const int digits = std::min(before_point + 5, 16);
  return {digits + 7, digits};
}

// Whether num2str or int2str's argument is a real array laid out in MATLAB's aligned fields:
// a char matrix of its rows, one row the text ([1.5 -2.25] is '1.5       -2.25'); matlab code
// only (rlab's text has lines, its elements two spaces apart).
bool text_of_rows(const Call& call) {
  const Value& x = call.value(0);
  return call.session().dialect() == lang::Dialect::Matlab && x.is_array() &&
         x.matrix_value().is_real();
}

// num2str(x, format) of a matrix in matlab code: each row formatted (the format cycles over its
// elements), the rows a char matrix without the blank columns all of them share.
Value formatted_rows(Call& call) {
  const num::Matrix values = call.value(0).matrix_value();
  std::vector<std::string> rows;
  for (num::Index r = 0; r < values.rows(); ++r) {
    num::Matrix row(1, values.columns());
    for (num::Index c = 0; c < values.columns(); ++c) row.set(c, values(r, c));
    const Value argument = Value::vector(std::move(row));
    rows.push_back(runtime::format_printf(call.value(1).string_value(), {&argument, 1},
                                          runtime::printf_rules(call.session().dialect())));
  }
  return runtime::trimmed_char_columns(runtime::char_rows(rows, runtime::RowWidths::Padded), true);
}

std::string num2str_complex(num::Complex c) {
  std::string out = num::format_num2str(c.real());
  if (!(c.imag() < 0.0)) out.push_back('+');
  out += num::format_num2str(c.imag());
  out.push_back('i');
  return out;
}

// num2str(x), num2str(x, precision), num2str(x, format) (builtins.md §9).
Value num2str(Call& call) {
  const Value& x = call.value(0);
  if (runtime::is_char(x) || x.is(Kind::String)) return x;
  const bool rows = text_of_rows(call);
  if (rows && !call.has(1))
    return aligned_rows(x.matrix_value(), num2str_field(x.matrix_value(), {}));
  if (call.has(1)) {
    if (rows && call.value(1).is(Kind::String)) return formatted_rows(call);
    if (call.value(1).is(Kind::String)) {
      std::string text =
          runtime::format_printf(call.value(1).string_value(), call.arguments().first(1),
                                 runtime::printf_rules(call.session().dialect()));
      // MATLAB's num2str trims the spaces a field width leaves (num2str(pi, '%8.3f') is
      // '3.142', as Octave gives it); rlab keeps the text as formatted.
      if (call.session().dialect() == lang::Dialect::Matlab) {
        text.erase(0, std::min(text.size(), text.find_first_not_of(' ')));
        text.erase(text.find_last_not_of(' ') + 1);
      }
      return Value::string(std::move(text));
    }
    const int precision = static_cast<int>(std::min<std::int64_t>(call.count_argument(1), 100));
    if (rows) return aligned_rows(x.matrix_value(), num2str_field(x.matrix_value(), precision));
    if (x.is(Kind::Scalar) || x.is(Kind::Bool)) {
      return Value::string(num::format_c_general(x.scalar_value(), precision));
    }
    const num::Matrix values = call.matrix(0);
    std::string out;
    for (num::Index i = 0; i < values.size(); ++i) {
      if (i > 0) out += "  ";
      out += num::format_c_general(values[i], precision);
    }
    return Value::string(out);
  }
  switch (x.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
      return Value::string(num::format_num2str(x.scalar_value()));
    case Kind::Complex:
      return Value::string(num2str_complex(x.complex_value()));
    case Kind::Vector:
      return Value::string(num2str_array(x.matrix_value(), true));
    case Kind::Matrix:
      return Value::string(num2str_array(x.matrix_value(), false));
    default:
      call.fail(fmt::format(messages::not_numeric_or_string, x.kind_name()));
  }
}

// int2str(x): x rounded half away from zero, then num2str.
Value int2str(Call& call) {
  const num::Matrix values = call.matrix(0);
  if (text_of_rows(call)) {
    num::Matrix rounded = values;
    for (double& v : rounded.mutable_real_values()) v = std::round(v);
    return aligned_rows(rounded, num2str_field(rounded, {}));
  }
  std::string out;
  const num::Index columns = call.value(0).is(Kind::Matrix) ? values.columns() : values.size();
  for (num::Index i = 0; i < values.size(); ++i) {
    if (i > 0) out += i % columns == 0 ? "\n" : "  ";
    out += num::format_num2str(std::round(values[i]));
  }
  return Value::string(out);
}

Value mat2str_text(Call& call, int precision);

// mat2str(x[, precision][, "class"]): text that rebuilds x, `[1 2;3 4]`, with %.15g numbers;
// "class" wraps it in the class's conversion, `int16([1 -1])` (MATLAB's and Octave's option).
Value mat2str(Call& call) {
  int precision = 15;
  bool with_class = false;
  for (int k = 1; k < call.count(); ++k) {
    if (runtime::is_word(call.value(k), "class")) {
      with_class = true;
    } else {
      precision = static_cast<int>(std::min<std::int64_t>(call.count_argument(k), 100));
    }
  }
  Value text = mat2str_text(call, precision);
  const Value& x = call.value(0);
  if (!with_class || !runtime::is_numeric_or_nd(x)) return text;
  const std::string_view name =
      x.is_logical() ? std::string_view("logical") : runtime::class_name(x.num_class());
  return Value::string(fmt::format("{}({})", name, text.string_value()));
}

Value mat2str_text(Call& call, int precision) {
  const Value& x = call.value(0);
  if (x.is(Kind::String)) return Value::string("\"" + x.string_value() + "\"");
  if (runtime::is_char_matrix(x)) {
    // Octave's form of a char matrix: its rows quoted, `["ab";"cd"]`.
    return Value::string(fmt::format("[\"{}\"]", fmt::join(runtime::text_rows(x), "\";\"")));
  }
  if (x.is_nd_array()) call.fail(messages::x_not_two_dimensional);  // Octave's and MATLAB's rule
  const num::Matrix values = call.matrix(0);
  const bool logical = x.is_logical();
  auto element = [&](num::Index i) {
    if (logical) return std::string(values[i] != 0.0 ? "true" : "false");
    const num::Complex c = values.complex_at(i);
    std::string text = num::format_c_general(c.real(), precision);
    if (c.imag() != 0.0) {
      if (!(c.imag() < 0.0)) text.push_back('+');
      text += num::format_c_general(c.imag(), precision) + "i";
    }
    return text;
  };
  if (x.is(Kind::Scalar) || x.is(Kind::Bool) || x.is(Kind::Complex))
    return Value::string(element(0));
  const num::Index columns = x.is(Kind::Vector) ? values.size() : values.columns();
  std::string out = "[";
  for (num::Index i = 0; i < values.size(); ++i) {
    if (i > 0) out += i % columns == 0 ? ";" : " ";
    out += element(i);
  }
  out += "]";
  return Value::string(out);
}

// commas(x) / commas(x, p) (language.md §8.9).
Value commas(Call& call) {
  const double x = call.scalar(0);
  if (call.has(1)) {
    const int decimals = static_cast<int>(std::min<std::int64_t>(call.count_argument(1), 100));
    return Value::string(num::insert_commas(num::format_fixed(x, decimals)));
  }
  if (std::isfinite(x) && x == std::trunc(x) && std::fabs(x) < 9223372036854775808.0) {
    return Value::string(num::insert_commas(fmt::format("{}", static_cast<std::int64_t>(x))));
  }
  return Value::string(num::insert_commas(num::format_shortest(x)));
}

}  // namespace

extern const BuiltinTable kTextFormatBuiltins = {
    // name       function         arity   help
    {"sprintf", string_in_string_out<sprintf_builtin>, 1, -1,
     "sprintf(fmt, a, ...): the formatted text as a string. Example: sprintf(\"%5.2f\", pi)"},
    {"num2str", num2str, 1, 2,
     "num2str(x), num2str(x, precision), num2str(x, fmt): number as text. Example: num2str(pi, 8)"},
    {"int2str", int2str, 1, 1, "int2str(x): x rounded to integers, as text. Example: int2str(2.7)"},
    {"mat2str", mat2str, 1, 3,
     "mat2str(x), mat2str(x, precision): text that rebuilds x. Example: mat2str([1, 2; 3, 4])"},
    {"commas", commas, 1, 2,
     "commas(x), commas(x, p): number with thousands separators. Example: commas(1234567)"},
};

}  // namespace llmlab::builtins
