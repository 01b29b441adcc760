// A small scanner, separate from the real lexer on purpose: it must never fail, and it only
// colours (an unterminated string is still shown).
#include "notebook/highlight.hpp"

#include <algorithm>
#include <cctype>

#include "base/text_escape.hpp"
#include "lang/lexer.hpp"
#include "notebook/markdown_html.hpp"

namespace llmlab::notebook {

namespace {

bool is_keyword(std::string_view word) {
  static const std::vector<std::string_view> keywords = lang::keyword_names();
  return std::find(keywords.begin(), keywords.end(), word) != keywords.end();
}

bool is_identifier_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}
bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

std::string span(std::string_view css_class, std::string_view text) {
  return "<span class=\"" + std::string(css_class) + "\">" + xml_escape(text) + "</span>";
}

// Just past the string literal that opens at i (its closing quote, else the line's end); only
// a double-quoted string has backslash escapes.
std::size_t string_end(std::string_view source, std::size_t i) {
  const char quote = source[i];
  std::size_t end = i + 1;
  while (end < source.size() && source[end] != quote && source[end] != '\n') {
    if (source[end] == '\\' && quote == '"') ++end;
    ++end;
  }
  if (end < source.size() && source[end] == quote) ++end;
  return end;
}

// Just past the number that starts at i: digits, letters (exponents, suffixes), dots and an
// exponent's sign.
std::size_t number_end(std::string_view source, std::size_t i) {
  std::size_t end = i;
  while (end < source.size() &&
         (std::isalnum(static_cast<unsigned char>(source[end])) || source[end] == '.' ||
          ((source[end] == '-' || source[end] == '+') &&
           (source[end - 1] == 'e' || source[end - 1] == 'E')))) {
    ++end;
  }
  return end;
}

}  // namespace

std::string highlight_rlab(std::string_view source) {
  std::string out;
  std::size_t i = 0;
  // An apostrophe right after a value (identifier, number, closing bracket) is a transpose.
  bool after_value = false;
  while (i < source.size()) {
    const char c = source[i];
    if (c == '%' || c == '#') {
      std::size_t end = source.find('\n', i);
      if (end == std::string_view::npos) end = source.size();
      out += span("syn-com", source.substr(i, end - i));
      i = end;
      after_value = false;
    } else if (c == '"' || (c == '\'' && !after_value)) {
      const std::size_t end = string_end(source, i);
      out += span("syn-str", source.substr(i, end - i));
      i = end;
      after_value = true;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < source.size() &&
                std::isdigit(static_cast<unsigned char>(source[i + 1])))) {
      const std::size_t end = number_end(source, i);
      out += span("syn-num", source.substr(i, end - i));
      i = end;
      after_value = true;
    } else if (is_identifier_start(c)) {
      std::size_t end = i;
      while (end < source.size() && is_identifier_char(source[end])) ++end;
      const std::string_view word = source.substr(i, end - i);
      const bool keyword = is_keyword(word);
      if (keyword) {
        out += span("syn-kw", word);
      } else if (end < source.size() && source[end] == '(') {
        out += span("syn-fn", word);
      } else {
        out += xml_escape(word);
      }
      i = end;
      after_value = !keyword || word == "end";
    } else if (std::string_view("+-*/\\^=<>~!&|:.'").find(c) != std::string_view::npos) {
      out += span("syn-op", source.substr(i, 1));
      after_value = c == '\'';
      ++i;
    } else {
      out += xml_escape(source.substr(i, 1));
      after_value = c == ')' || c == ']' || c == '}';
      ++i;
    }
  }
  return out;
}

}  // namespace llmlab::notebook
