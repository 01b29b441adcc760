// builtins.md §9 Strings, output and formatting: MATLAB's string-class text functions
// (R2016b onward): split, join, strlength, newline, string, replace, erase, count, reverse,
// strip, pad, extractBefore and extractAfter, and str2num. rlab has one text kind, so they work
// on Strings, and element-wise on a StringArray where MATLAB works on a string array; positions
// count characters, as string indexing does.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "base/messages/text_and_regex.hpp"
#include "base/utf8.hpp"
#include "builtins/registry.hpp"
#include "builtins/text_map.hpp"
#include "num/nd_shape.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/string_class.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The number f gives for a String, or for every text of a StringArray (a Vector) or a cell of
// texts (an array of its shape).
template <class F>
Value per_text_number(Call& call, F f) {
  const Value& x = call.value(0);
  if (!x.is(Kind::StringArray) && !runtime::is_text_cell(x)) {
    return Value::scalar(f(call.string(0)));
  }
  const std::vector<std::string> texts = call.texts(0);
  const bool cell = x.is(Kind::Cell);
  if (cell) {  // numbers in the cell's shape, in MATLAB's column-major order
    num::Matrix numbers(static_cast<num::Index>(texts.size()), 1);
    for (std::size_t k = 0; k < texts.size(); ++k)
      numbers.set(static_cast<num::Index>(k), f(texts[k]));
    return runtime::nd_result(
        num::reshaped(num::NdArray::from_matrix(std::move(numbers)), x.cell_value().dims()));
  }
  // A string array's rows (MATLAB's may have several).
  const num::Index rows = std::max<num::Index>(x.string_array_rows(), 1);
  num::Matrix numbers(rows, static_cast<num::Index>(texts.size()) / rows);
  for (std::size_t k = 0; k < texts.size(); ++k) {
    // The texts are in MATLAB's column-major order.
    const auto at = static_cast<num::Index>(k);
    numbers.set(at % rows, at / rows, f(texts[k]));
  }
  return rows > 1 ? Value::matrix(std::move(numbers)) : Value::vector(std::move(numbers));
}

// Every non-overlapping occurrence of `pattern` in `text`, left to right, as byte offsets.
std::vector<std::size_t> occurrences(const std::string& text, const std::string& pattern) {
  std::vector<std::size_t> found;
  if (pattern.empty()) return found;
  for (std::size_t at = text.find(pattern); at != std::string::npos;
       at = text.find(pattern, at + pattern.size())) {
    found.push_back(at);
  }
  return found;
}

std::string replaced(const std::string& text, const std::string& pattern,
                     const std::string& replacement) {
  std::string out;
  std::size_t from = 0;
  for (const std::size_t at : occurrences(text, pattern)) {
    out += text.substr(from, at - from) + replacement;
    from = at + pattern.size();
  }
  return out + text.substr(from);
}

// split of MATLAB's string: the pieces as a column of strings.
Value as_string_column(Value pieces) {
  std::vector<std::string> texts = pieces.is(Kind::StringArray)
                                       ? pieces.string_array_value()
                                       : std::vector<std::string>{pieces.string_value()};
  const auto rows = static_cast<std::int64_t>(texts.size());
  return Value::string_matrix(std::move(texts), rows);
}

Value split_pieces(Call& call);

Value split(Call& call) {
  Value pieces = split_pieces(call);
  return call.value(0).is_string_class() ? as_string_column(std::move(pieces)) : pieces;
}

Value split_pieces(Call& call) {
  // split(s) splits at whitespace, split(s, d) at d; runs of delimiters count as one, as strsplit.
  if (call.has(1)) {
    Value pieces = call.interpreter().call("strsplit", {call.value(0), call.value(1)});
    if (!runtime::is_text_cell(pieces)) return pieces;
    std::vector<std::string> texts;
    for (const Value& item : pieces.cell_value().items) texts.push_back(item.string_value());
    return Value::string_array(std::move(texts));
  }
  const std::string& text = call.string(0);
  std::vector<std::string> pieces;
  std::string piece;
  bool in_piece = false;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (in_piece) pieces.push_back(piece);
      piece.clear();
      in_piece = false;
    } else {
      piece.push_back(c);
      in_piece = true;
    }
  }
  if (in_piece || pieces.empty()) pieces.push_back(piece);
  return Value::string_array(std::move(pieces));
}

Value join(Call& call) {
  if (call.has(1)) return call.interpreter().call("strjoin", {call.value(0), call.value(1)});
  return call.interpreter().call("strjoin", {call.value(0)});
}

// strlength(s): characters of a String; of each text of a StringArray or cell of texts.
Value strlength(Call& call) {
  return per_text_number(
      call, [](const std::string& text) { return static_cast<double>(character_count(text)); });
}

Value newline(Call&) { return Value::string("\n"); }

// string(x) in matlab code: MATLAB's string array of x's shape (runtime::string_grid: a char
// row is one string, a char matrix one per row, a number as num2str writes it); a cell gives
// one string per element, each element a text or a number.
Value matlab_string(Call& call) {
  const Value& x = call.value(0);
  if (!x.is(Kind::Cell)) return runtime::string_value_of(runtime::string_grid(x));
  const runtime::CellArray& cells = x.cell_value();
  runtime::StringGrid grid;
  grid.rows = cells.rows;
  grid.columns = cells.columns;
  for (const Value& item : cells.items) {
    const runtime::StringGrid one = runtime::string_grid(item);
    if (one.items.size() != 1) {
      call.fail(fmt::format(messages::cell_element_not_one_string, item.kind_name()));
    }
    grid.items.push_back(one.items.front());
  }
  return runtime::string_value_of(std::move(grid));
}

// strings(n), strings(m, n): an m × n string array of "" (n × n for one argument).
Value strings(Call& call) {
  const auto rows = static_cast<std::int64_t>(call.count_argument(0));
  const auto columns = call.has(1) ? static_cast<std::int64_t>(call.count_argument(1)) : rows;
  return Value::string_matrix(std::vector<std::string>(static_cast<std::size_t>(rows * columns)),
                              rows);
}

// compose(format, A, ...): one string per element of the data (MATLAB's compose), each the
// format applied to the k-th element of every data argument, in the shape of the first; with no
// data, the format with its escapes applied.
Value compose(Call& call) {
  std::vector<Value> data(call.arguments().begin() + 1, call.arguments().end());
  runtime::StringGrid grid;  // 1×1 unless numeric data gives its shape
  grid.columns = 1;
  std::int64_t count = 1;
  if (!data.empty() && data.front().is_numeric()) {
    const num::Matrix first = data.front().as_matrix();
    count = first.size();
    grid.rows = first.rows();
    grid.columns = first.columns();
  }
  for (std::int64_t k = 0; k < count; ++k) {
    std::vector<Value> arguments{Value::string(call.string(0))};
    for (const Value& argument : data) {
      if (!argument.is_numeric()) {
        arguments.push_back(argument);
        continue;
      }
      const num::Matrix values = argument.as_matrix();
      const auto at = static_cast<num::Index>(k);
      arguments.push_back(Value::scalar(values(at % values.rows(), at / values.rows())));
    }
    grid.items.push_back(call.interpreter().call("sprintf", arguments).string_value());
  }
  return runtime::string_value_of(std::move(grid));
}

// string(x): text as it is; a number as num2str writes it (each element of an array, giving a
// StringArray); a Bool as "true"/"false".
Value string_builtin(Call& call) {
  const Value& x = call.value(0);
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_string(call);
  if (x.is_text()) return x;
  if (x.is(Kind::Bool)) return Value::string(x.bool_value() ? "true" : "false");
  if (x.is_array()) {
    const num::Matrix& m = x.matrix_value();
    std::vector<std::string> texts;
    for (num::Index c = 0; c < m.columns(); ++c) {
      for (num::Index r = 0; r < m.rows(); ++r) {
        texts.push_back(
            call.interpreter().call("num2str", {Value::scalar(m(r, c))}).string_value());
      }
    }
    return Value::string_array(std::move(texts));
  }
  if (x.is_numeric()) return call.interpreter().call("num2str", {x});
  call.fail(fmt::format(messages::cannot_convert_to_text, x.kind_name()));
}

Value replace(Call& call) {
  const std::string pattern = call.string(1);
  const std::string replacement = call.string(2);
  return map_texts(call,
                   [&](const std::string& text) { return replaced(text, pattern, replacement); });
}

// `text` without the occurrences of any of `patterns`, found left to right in one pass: at each
// position the longest pattern that starts there is removed, and the scan goes on after it
// (MATLAB's erase(str, {"aba", "bba"}) of "ababababa" is "bba").
std::string erased(const std::string& text, std::vector<std::string> patterns) {
  std::stable_sort(patterns.begin(), patterns.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto starts_here = [&](const std::string& pattern) {
      return !pattern.empty() && text.compare(at, pattern.size(), pattern) == 0;
    };
    const auto match = std::find_if(patterns.begin(), patterns.end(), starts_here);
    if (match != patterns.end()) {
      at += match->size();
    } else {
      out += text[at++];
    }
  }
  return out;
}

// erase(str, pattern) or erase(str, {p1, p2, ...}): every occurrence removed.
Value erase(Call& call) {
  const Value& patterns = call.value(1);
  if (patterns.is(Kind::StringArray) || patterns.is(Kind::Cell)) {
    const std::vector<std::string> items = call.texts(1);
    return map_texts(call, [&](const std::string& text) { return erased(text, items); });
  }
  const std::string pattern = call.string(1);
  return map_texts(call, [&](const std::string& text) { return replaced(text, pattern, ""); });
}

// count(s, pattern): non-overlapping occurrences, in each text of a StringArray or cell.
Value count(Call& call) {
  const std::string pattern = call.string(1);
  return per_text_number(call, [&](const std::string& text) {
    return static_cast<double>(occurrences(text, pattern).size());
  });
}

Value reverse(Call& call) {
  return map_texts(call, [](const std::string& text) {
    const std::vector<std::string_view> characters = characters_of(text);
    std::string out;
    for (auto it = characters.rbegin(); it != characters.rend(); ++it) out += *it;
    return out;
  });
}

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// strip(s[, side]): whitespace removed from both ends, or "left" / "right" only.
Value strip(Call& call) {
  static constexpr std::string_view kSides[] = {"both", "left", "right"};
  const std::string_view side =
      call.has(1) ? kSides[call.choice(1, {"both", "left", "right"}, "side")] : "both";
  return map_texts(call, [&](const std::string& text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    if (side != "right") {
      while (begin < end && is_blank(text[begin])) ++begin;
    }
    if (side != "left") {
      while (end > begin && is_blank(text[end - 1])) --end;
    }
    return text.substr(begin, end - begin);
  });
}

// pad(s, n[, side]): spaces added on the right (or "left") up to n characters.
Value pad(Call& call) {
  const auto width = static_cast<std::size_t>(call.count_argument(1));
  const bool left = call.has(2) && call.choice(2, {"left", "right"}, "side") == 0;
  return map_texts(call, [&](const std::string& text) {
    const std::size_t characters = character_count(text);
    if (characters >= width) return text;
    const std::string fill(width - characters, ' ');
    return left ? fill + text : text + fill;
  });
}

// extractBefore(s, pattern) / extractAfter(s, pattern): the text before (after) the first
// occurrence of pattern, "" when it does not occur; a number is a character position instead.
template <bool kAfter>
Value extract(Call& call) {
  const Value& where = call.value(1);
  return map_texts(call, [&](const std::string& text) -> std::string {
    if (where.is(Kind::String)) {
      const std::size_t at = text.find(where.string_value());
      if (at == std::string::npos) return "";
      return kAfter ? text.substr(at + where.string_value().size()) : text.substr(0, at);
    }
    const std::vector<std::string_view> characters = characters_of(text);
    const double position = call.scalar(1);
    if (!(position >= 1.0 && position <= static_cast<double>(characters.size()) + 1.0)) {
      call.fail(fmt::format(messages::position_outside_text, std::to_string(position)));
    }
    const auto p = static_cast<std::size_t>(position);  // 1-based
    std::string out;
    for (std::size_t k = 0; k < characters.size(); ++k) {
      if (kAfter ? k + 1 > p : k + 1 < p) out += characters[k];
    }
    return out;
  });
}

// One number token of str2num: a decimal (strtod, hexadecimal excluded), or Inf, NaN, pi, with
// an optional sign; nullopt otherwise.
std::optional<double> number_token(std::string token) {
  double sign = 1.0;
  if (!token.empty() && (token.front() == '-' || token.front() == '+')) {
    if (token.front() == '-') sign = -1.0;
    token.erase(0, 1);
  }
  if (token == "Inf" || token == "inf") return sign * std::numeric_limits<double>::infinity();
  if (token == "NaN" || token == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (token == "pi") return sign * std::numbers::pi;
  if (token.empty() || token.find_first_of("xXpP") != std::string::npos) return std::nullopt;
  char* stop = nullptr;
  const double value = std::strtod(token.c_str(), &stop);
  if (stop != token.c_str() + token.size()) return std::nullopt;
  return sign * value;
}

// str2num(s): the numbers a string writes as a matrix literal would — separated by spaces or
// commas, rows by ';' or newlines, optionally inside [ ] — as a scalar, vector or matrix; [] when
// s is not such text ([x, ok] = str2num(s) says which). Unlike MATLAB's it evaluates no
// expressions ("pi/2" is not numbers).
Value str2num(Call& call) {
  std::string text = call.string(0);
  for (char& c : text) {
    if (c == '[' || c == ']') c = ' ';
  }
  std::vector<std::vector<double>> rows(1);
  bool ok = true;
  std::string token;
  const auto flush = [&] {
    if (token.empty()) return;
    const std::optional<double> value = number_token(token);
    if (value) {
      rows.back().push_back(*value);
    } else {
      ok = false;
    }
    token.clear();
  };
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == ',') {
      flush();
    } else if (c == ';' || c == '\n') {
      flush();
      if (!rows.back().empty()) rows.emplace_back();
    } else {
      token.push_back(c);
    }
  }
  flush();
  if (rows.back().empty()) rows.pop_back();
  for (const std::vector<double>& row : rows) ok = ok && row.size() == rows.front().size();
  Value result = Value::vector(num::Matrix(1, 0));
  if (ok && !rows.empty()) {
    if (rows.size() == 1 && rows.front().size() == 1) {
      result = Value::scalar(rows.front().front());
    } else if (rows.size() == 1) {
      result = Value::vector(num::Matrix::row(rows.front()));
    } else {
      num::Matrix m(static_cast<num::Index>(rows.size()),
                    static_cast<num::Index>(rows.front().size()));
      for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t c = 0; c < rows[r].size(); ++c) {
          m.set(static_cast<num::Index>(r), static_cast<num::Index>(c), rows[r][c]);
        }
      }
      result = Value::matrix(std::move(m));
    }
  }
  ok = ok && !rows.empty();
  if (call.nargout() < 2) return result;
  return Value::tuple({std::move(result), Value::boolean(ok)});
}

}  // namespace

extern const BuiltinTable kTextBuiltins = {
    {"str2num", str2num, 1, 1,
     "The numbers a string writes, as the literal [s]; [] if none. Example: str2num(\"[1 2 3]\")"},
    {"split", split, 1, 2,
     "Pieces of a string: at whitespace, or at a delimiter (as strsplit). Example: split(\"a b "
     "c\")"},
    {"join", string_in_string_out<join>, 1, 2,
     "A string array joined with spaces, or a delimiter (as strjoin). Example: join({\"a\", "
     "\"b\"}, \"+\")"},
    {"strlength", strlength, 1, 1,
     "Number of characters (one per string of a string array). Example: strlength(\"hello\")"},
    {"newline", newline, 0, 0,
     "The newline character, as a one-character string. Example: [\"a\", newline, \"b\"]"},
    {"strings", strings, 1, 2,
     "An m-by-n string array of empty strings (MATLAB code). Example: strings(2, 3)"},
    {"compose", compose, 1, -1,
     "One string per data element, formatted as sprintf does. Example: compose(\"%d%%\", [10 "
     "20])"},
    {"string", string_builtin, 1, 1,
     "Text of a value: a number as num2str writes it. Example: string(42)"},
    {"replace", replace, 3, 3,
     "Every occurrence of old replaced: replace(s, old, new). Example: replace(\"a-b\", \"-\", "
     "\"+\")"},
    {"erase", erase, 2, 2,
     "Every occurrence of a pattern removed: erase(s, pattern). Example: erase(\"a-b-c\", \"-\")"},
    {"count", count, 2, 2,
     "Non-overlapping occurrences of a pattern: count(s, pattern). Example: count(\"banana\", "
     "\"a\")"},
    {"reverse", reverse, 1, 1, "The characters in reverse order. Example: reverse(\"abc\")"},
    {"strip", strip, 1, 2,
     "Whitespace removed from both ends, or \"left\"/\"right\". Example: strip(\"  x  \")"},
    {"pad", pad, 2, 3,
     "Spaces added up to n characters: pad(s, n), pad(s, n, \"left\"). Example: pad(\"ab\", 5)"},
    {"extractBefore", extract<false>, 2, 2,
     "Text before the first occurrence of a pattern. Example: extractBefore(\"key=value\", \"=\")"},
    {"extractAfter", extract<true>, 2, 2,
     "Text after the first occurrence of a pattern. Example: extractAfter(\"key=value\", \"=\")"},
};

}  // namespace llmlab::builtins
