// The `${…}` scanner of notebook.md §1.7: tracks inline math so a value that closes
// right before a `$` becomes inline math only when no math span is open. A value that lands in
// math has its exponents typeset (`2.8\times10^{-17}`): TeX would read `2.8e-17` as the
// variable e minus 17.
#include "notebook/interpolate.hpp"

#include "base/error.hpp"
#include "base/text_escape.hpp"
#include "notebook/parse.hpp"

namespace llmlab::notebook {

namespace {

// Index of the `}` matching the `{` at `open`, or npos.
std::size_t matching_brace(std::string_view text, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return i;
  }
  return std::string_view::npos;
}

// Position of the first ':' outside (...) and [...], or npos.
std::size_t format_colon(std::string_view inner) {
  int parens = 0;
  int brackets = 0;
  for (std::size_t i = 0; i < inner.size(); ++i) {
    switch (inner[i]) {
      case '(':
        ++parens;
        break;
      case ')':
        --parens;
        break;
      case '[':
        ++brackets;
        break;
      case ']':
        --brackets;
        break;
      case ':':
        if (parens <= 0 && brackets <= 0) return i;
        break;
      default:
        break;
    }
  }
  return std::string_view::npos;
}

// `<ERROR: message>` as text that reads the same in a markdown viewer and in the HTML page:
// entities, so that neither takes it for a tag (a raw `<ERROR…>` vanished from both).
std::string error_marker(std::string_view message) {
  return "&lt;ERROR: " + xml_escape(message, EscapeFor::Text) + "&gt;";
}

// The expression and format of `${inner}`.
struct ValueSource {
  std::string_view expression;
  std::optional<std::string_view> fmt;
};

ValueSource value_source(std::string_view inner) {
  const std::size_t colon = format_colon(inner);
  ValueSource source{trim(inner.substr(0, colon)), std::nullopt};
  if (colon != std::string_view::npos) source.fmt = inner.substr(colon + 1);
  return source;
}

std::string evaluate_value(const ValueSource& source, const Evaluator& evaluate) {
  if (source.expression.empty()) return error_marker("empty expression");
  try {
    return evaluate(source.expression, source.fmt);
  } catch (const Error& error) {
    return error_marker(error.what());
  }
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_word_char(char c) {
  return is_digit(c) || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Length of the exponent part `e±DD` at `at` (after a number's digits), or 0 when there is none.
std::size_t exponent_length(std::string_view text, std::size_t at) {
  if (at >= text.size() || (text[at] != 'e' && text[at] != 'E')) return 0;
  std::size_t end = at + 1;
  if (end < text.size() && (text[end] == '+' || text[end] == '-')) ++end;
  const std::size_t digits = end;
  while (end < text.size() && is_digit(text[end])) ++end;
  if (end == digits || (end < text.size() && is_word_char(text[end]))) return 0;
  return end - at;
}

// `e±DD` as TeX: `\times10^{-17}` (leading zeros and a plus sign dropped); nothing for e+00.
std::string tex_power_of_ten(std::string_view exponent) {
  std::string_view digits = exponent.substr(1);
  const bool negative = digits.starts_with('-');
  if (digits.starts_with('-') || digits.starts_with('+')) digits.remove_prefix(1);
  while (digits.size() > 1 && digits.front() == '0') digits.remove_prefix(1);
  if (digits == "0") return {};
  return "\\times10^{" + std::string(negative ? "-" : "") + std::string(digits) + "}";
}

}  // namespace

std::string math_numbers(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const bool starts_number = is_digit(text[i]) && (i == 0 || !is_word_char(text[i - 1])) &&
                               (i == 0 || text[i - 1] != '.');
    if (!starts_number) {
      out += text[i++];
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && is_digit(text[end])) ++end;
    if (end < text.size() && text[end] == '.') {
      ++end;
      while (end < text.size() && is_digit(text[end])) ++end;
    }
    out += text.substr(i, end - i);
    if (const std::size_t length = exponent_length(text, end)) {
      out += tex_power_of_ten(text.substr(end, length));
      end += length;
    }
    i = end;
  }
  return out;
}

std::string interpolate(std::string_view text, const Evaluator& evaluate, const ValueMarker& mark) {
  std::string out;
  out.reserve(text.size());
  bool in_math = false;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\\' && text.substr(i).starts_with("\\${")) {
      out += "${";
      i += 3;
    } else if (c == '\\' && text.substr(i).starts_with("\\$")) {
      out += "\\$";
      i += 2;
    } else if (c == '$' && text.substr(i).starts_with("${")) {
      const std::size_t close = matching_brace(text, i + 1);
      if (close == std::string_view::npos) {
        out += text.substr(i);
        break;
      }
      const ValueSource source = value_source(text.substr(i + 2, close - i - 2));
      std::string value = evaluate_value(source, evaluate);
      i = close + 1;
      const bool dollar_follows =
          i < text.size() && text[i] == '$' &&
          (i + 1 >= text.size() || (text[i + 1] != '$' && text[i + 1] != '{'));
      if (dollar_follows && !in_math) {
        out += '$' + math_numbers(value) + '$';
        ++i;
      } else {
        if (in_math) {
          out += math_numbers(value);
        } else {
          out += mark ? mark(source.expression, source.fmt, std::move(value)) : value;
        }
      }
    } else if (c == '$' && text.substr(i).starts_with("$$")) {
      out += "$$";
      i += 2;
    } else if (c == '$') {
      in_math = !in_math;
      out += c;
      ++i;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

}  // namespace llmlab::notebook
