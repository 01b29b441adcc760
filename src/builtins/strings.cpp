// builtins.md §9 Strings, output and formatting: the string helpers (strcat, strcmp,
// strcmpi, strncmp, char, upper, lower, strtrim, strtok, strrep, strsplit, strjoin, str2double,
// contains, startsWith, endsWith, ...).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/language.hpp"
#include "base/messages/text_and_regex.hpp"
#include "base/text_case.hpp"
#include "base/utf8.hpp"
#include "builtins/escapes.hpp"
#include "builtins/registry.hpp"
#include "builtins/text_map.hpp"
#include "num/format.hpp"
#include "num/nd_shape.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/display.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/printf.hpp"
#include "runtime/string_class.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The rows of strcat's argument i: a text's (a number's char in matlab code, strcat(1) is
// char(1)), each without its trailing whitespace in matlab code, as MATLAB's strcat takes them.
std::vector<std::string> strcat_rows(Call& call, int i, bool matlab) {
  const Value& x = call.value(i);
  if (!matlab) return {call.string(i)};
  std::vector<std::string> rows = runtime::text_rows(
      runtime::is_char(x) ? x : call.invoke(Value::function_handle("char"), {x}));
  for (std::string& row : rows) row.erase(row.find_last_not_of(" \t\v\n\r\f") + 1);
  return rows;
}

// strcat of texts only: their rows joined row by row (a text of one row joins every row), the
// result padded to one width: MATLAB's strcat(['a'; 'b'], 'c') is ['ac'; 'bc'].
Value strcat_texts(Call& call, bool matlab) {
  std::vector<std::string> joined(1);
  for (int i = 0; i < call.count(); ++i) {
    const std::vector<std::string> rows = strcat_rows(call, i, matlab);
    if (rows.empty()) continue;  // an empty char (0 rows) adds nothing
    if (joined.size() == 1 && rows.size() > 1) joined.resize(rows.size(), joined.front());
    if (rows.size() != 1 && rows.size() != joined.size()) {
      call.fail(fmt::format(messages::text_rows_differ, i + 1, rows.size(), joined.size()));
    }
    for (std::size_t r = 0; r < joined.size(); ++r) joined[r] += rows[rows.size() == 1 ? 0 : r];
  }
  return runtime::char_rows(joined, runtime::RowWidths::Padded);
}

// strcat(s1, s2, ...): one String (a char matrix of texts of several rows, row by row); with a
// StringArray among the arguments (MATLAB's cell form), a StringArray of element-wise joins,
// each String argument repeated for every element. MATLAB drops the trailing whitespace of each
// char argument (not of a cell's texts).
Value strcat(Call& call) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  if (call.count() == 0) {
    if (!matlab)
      throw Error(fmt::format(messages::wrong_argument_count, "strcat", "at least 1", 0));
    return Value::string("");
  }
  // With a string among the parts, MATLAB's string rule: + joins them, whitespace kept.
  if (std::any_of(call.arguments().begin(), call.arguments().end(),
                  [](const Value& v) { return v.is_string_class(); })) {
    Value joined = Value::string_scalar("");
    for (const Value& part : call.arguments()) {
      joined = runtime::string_binary_operation(lang::BinaryOp::Add, joined, part);
    }
    return joined;
  }
  // With string arrays or cells of texts among the parts, the texts join element by element
  // and the result has the first such part's shape.
  const auto is_texts = [](const Value& v) {
    return v.is(Kind::StringArray) || runtime::is_text_cell(v);
  };
  std::optional<std::size_t> length;
  const Value* shape = nullptr;
  for (int i = 0; i < call.count(); ++i) {
    if (!is_texts(call.value(i))) continue;
    const std::size_t n = call.texts(i).size();
    if (length && *length != n) {
      call.fail(fmt::format(messages::must_have_same_length_vs, "string arrays", *length, n));
    }
    length = n;
    if (shape == nullptr) shape = &call.value(i);
  }
  if (!length) return strcat_texts(call, matlab);
  std::vector<std::string> joined(*length);
  for (int i = 0; i < call.count(); ++i) {
    const Value& part = call.value(i);
    if (runtime::is_char_matrix(part)) call.fail(messages::char_rows_join_no_cell);
    const std::vector<std::string> texts =
        is_texts(part) ? call.texts(i)
                       : std::vector<std::string>{strcat_rows(call, i, matlab).front()};
    for (std::size_t k = 0; k < *length; ++k) joined[k] += texts[is_texts(part) ? k : 0];
  }
  return runtime::texts_shaped_like(*shape, std::move(joined));
}

// The first `count` characters of `text` (whole UTF-8 sequences), or nullopt when it is shorter:
// strncmp is false for a text shorter than n.
std::optional<std::string_view> prefix(std::string_view text, std::int64_t count) {
  const std::vector<std::string_view> characters = characters_of(text);
  if (static_cast<std::int64_t>(characters.size()) < count) return std::nullopt;
  if (count == 0) return text.substr(0, 0);
  const std::string_view last = characters[static_cast<std::size_t>(count - 1)];
  return text.substr(0, static_cast<std::size_t>(last.data() + last.size() - text.data()));
}

// The comparisons of strcmp and its MATLAB relatives: exact, ignoring ASCII case, and on the
// first n characters.
struct TextComparison {
  bool ignore_case = false;
  std::int64_t count = -1;  // compare the first `count` characters; -1: the whole text
  // MATLAB's strncmp: a text shorter than n takes part whole (strncmp('abc', 'abc', 100) is
  // true); rlab's is false for a text shorter than n.
  bool short_texts_whole = false;
  bool operator()(const std::string& a, const std::string& b) const {
    std::string_view x = a, y = b;
    if (count >= 0) {
      auto p = prefix(a, count), q = prefix(b, count);
      if (short_texts_whole) {
        if (!p) p = std::string_view(a);
        if (!q) q = std::string_view(b);
      }
      if (!p || !q) return false;
      x = *p;
      y = *q;
    }
    return ignore_case ? lowercase(x) == lowercase(y) : x == y;
  }
};

// The text at each position of a cell, a string array or (repeated `count` times) a string;
// nullopt where an element is no text.
std::vector<std::optional<std::string>> texts_at(const Value& value, std::size_t count) {
  std::vector<std::optional<std::string>> out;
  if (value.is(Kind::String))
    return std::vector<std::optional<std::string>>(count, value.string_value());
  if (value.is(Kind::StringArray)) {
    for (const std::string& text : value.string_array_value()) out.emplace_back(text);
  } else if (value.is(Kind::Cell)) {
    for (const Value& item : value.cell_value().items) {
      out.push_back(item.is(Kind::String) ? std::optional(item.string_value()) : std::nullopt);
    }
  }
  return out;
}

// strcmp with a cell (MATLAB's cellstr): a logical array of the cell's shape, each element
// compared with the other's text at its position (or with the one text); false for an element
// that is no text, and false overall when the two lists differ in length.
Value compare_cell_texts(const Value& a, const Value& b, const TextComparison& equal) {
  const Value& cell = a.is(Kind::Cell) ? a : b;
  const Value& other = a.is(Kind::Cell) ? b : a;
  const runtime::CellArray& cells = cell.cell_value();
  const auto mine = texts_at(cell, cells.items.size());
  const auto theirs = texts_at(other, cells.items.size());
  if (theirs.size() != mine.size()) return Value::boolean(false);
  num::Matrix result(static_cast<num::Index>(mine.size()), 1, 0.0);  // in linear order
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (mine[i] && theirs[i] && equal(*mine[i], *theirs[i])) {
      result.set(static_cast<num::Index>(i), 1.0);
    }
  }
  return runtime::nd_result(
      num::reshaped(num::NdArray::from_matrix(std::move(result)), cells.dims()), true);
}

// strcmp(a, b): Bool for two values; a logical array of the string array's shape when either is a
// StringArray, of the cell's shape when either is a cell.
Value compare_strings(const Value& a, const Value& b, const TextComparison& equal) {
  if (a.is(Kind::Cell) || b.is(Kind::Cell)) return compare_cell_texts(a, b, equal);
  if (runtime::is_char_matrix(a) || runtime::is_char_matrix(b)) {
    // Two chars of several rows compare row by row, and are equal when every row is.
    const std::vector<std::string> mine = runtime::text_rows(a);
    const std::vector<std::string> theirs = runtime::text_rows(b);
    return Value::boolean(runtime::is_char(a) && runtime::is_char(b) &&
                          mine.size() == theirs.size() &&
                          std::equal(mine.begin(), mine.end(), theirs.begin(), equal));
  }
  if (!a.is(Kind::StringArray) && !b.is(Kind::StringArray)) {
    return Value::boolean(a.is(Kind::String) && b.is(Kind::String) &&
                          equal(a.string_value(), b.string_value()));
  }
  const Value& array = a.is(Kind::StringArray) ? a : b;
  const Value& other = a.is(Kind::StringArray) ? b : a;
  const std::vector<std::string>& items = array.string_array_value();
  num::Matrix result(static_cast<num::Index>(items.size()), 1, 0.0);  // in linear order
  if (other.is(Kind::StringArray)) {
    const std::vector<std::string>& others = other.string_array_value();
    if (others.size() == items.size()) {
      for (std::size_t i = 0; i < items.size(); ++i) {
        result.set(static_cast<num::Index>(i), equal(items[i], others[i]) ? 1.0 : 0.0);
      }
    } else {
      return Value::boolean(false);
    }
  } else if (other.is(Kind::String)) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      result.set(static_cast<num::Index>(i), equal(items[i], other.string_value()) ? 1.0 : 0.0);
    }
  }
  // The string array's shape (MATLAB's 2×1 for strcmp(["a"; "b"], "a")); a row stays a vector.
  const runtime::StringGrid shape = runtime::string_grid(array);
  if (shape.rows == 1) return Value::vector(result.transposed(), true);
  return runtime::nd_result(
      num::reshaped(num::NdArray::from_matrix(std::move(result)), {shape.rows, shape.columns}),
      true);
}

Value strcmp(Call& call) { return compare_strings(call.value(0), call.value(1), {}); }

Value strcmpi(Call& call) { return compare_strings(call.value(0), call.value(1), {true}); }

Value strncmp(Call& call) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  return compare_strings(call.value(0), call.value(1), {false, call.count_argument(2), matlab});
}

Value strncmpi(Call& call) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  return compare_strings(call.value(0), call.value(1), {true, call.count_argument(2), matlab});
}

// The char of numbers: their codes, each a whole number 0..0x10FFFF, in the numbers' shape.
Value char_of_codes(Call& call, const num::Matrix& codes) {
  for (num::Index k = 0; k < codes.size(); ++k) {
    const double code = codes.is_real() ? codes[k] : codes.complex_at(k).real();
    if (!(code >= 0.0 && code <= 0x10FFFF) || std::floor(code) != code) {
      call.fail(fmt::format(messages::bad_character_code, runtime::display(Value::scalar(code))));
    }
  }
  return runtime::char_array(codes, call.name());
}

// The rows a cell in argument `index` of char or strvcat gives: each element's in order, a
// text's rows, a number's (its character, [] an empty row) and a nested cell's, MATLAB's
// char({'a', 100, {'b'}}).
void append_cell_rows(Call& call, const Value& cell, int index, std::vector<std::string>& rows) {
  for (const Value& item : cell.cell_value().items) {
    if (item.is(Kind::Cell)) {
      append_cell_rows(call, item, index, rows);
      continue;
    }
    if (item.is(Kind::StringArray)) {
      const std::vector<std::string>& texts = item.string_array_value();
      rows.insert(rows.end(), texts.begin(), texts.end());
      continue;
    }
    const bool text = runtime::is_char(item) || item.is(Kind::String);
    if (!text && !item.is_numeric()) {
      call.fail(fmt::format(messages::cell_not_texts_and_numbers, index + 1, item.kind_name()));
    }
    const std::vector<std::string> more =
        runtime::text_rows(text ? item : char_of_codes(call, item.as_matrix()));
    rows.insert(rows.end(), more.begin(), more.end());
  }
}

// The rows argument `index` gives char and strvcat: a text's rows, those of a cell's elements,
// the rows of the char of numbers.
std::vector<std::string> char_argument_rows(Call& call, int index) {
  const Value& x = call.value(index);
  if (runtime::is_char(x) || x.is(Kind::String)) return runtime::text_rows(x);
  if (x.is(Kind::StringArray)) return x.string_array_value();
  std::vector<std::string> rows;
  if (x.is(Kind::Cell)) {
    append_cell_rows(call, x, index, rows);
    return rows;
  }
  return runtime::text_rows(char_of_codes(call, call.matrix(index)));
}

// char(codes): the char of those Unicode code points, in their shape; char(a, b, ...) and
// char(cell): the texts as the rows of one char matrix, padded with spaces to the longest (an
// empty text an empty row); a text is returned unchanged; char() is the empty text.
Value char_builtin(Call& call) {
  if (call.count() == 0) return Value::string("");
  const Value& x = call.value(0);
  if (call.count() == 1 && runtime::is_char(x)) return x;
  if (call.count() == 1 && x.is_numeric()) return char_of_codes(call, call.matrix(0));
  std::vector<std::string> rows;
  for (int k = 0; k < call.count(); ++k) {
    const std::vector<std::string> more = char_argument_rows(call, k);
    rows.insert(rows.end(), more.begin(), more.end());
  }
  return runtime::char_rows(rows, runtime::RowWidths::Padded);
}

// strvcat(a, b, ...): char's rows without the empty ones (MATLAB's vertical concatenation of
// texts); strvcat() is the empty text.
Value strvcat(Call& call) {
  std::vector<std::string> rows;
  for (int k = 0; k < call.count(); ++k) {
    for (std::string& row : char_argument_rows(call, k)) {
      if (!row.empty()) rows.push_back(std::move(row));
    }
  }
  return runtime::char_rows(rows, runtime::RowWidths::Padded);
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// The text of a cellstr row: its trailing whitespace (and NUL padding) removed, as MATLAB's
// deblank and cellstr take it.
std::string without_trailing_blanks(std::string text) {
  std::size_t end = text.size();
  while (end > 0 && (is_space(text[end - 1]) || text[end - 1] == '\0')) --end;
  text.erase(end);
  return text;
}

// cellstr(A): the rows of a char as a column cell of texts, trailing whitespace removed; a
// cell of texts is returned as it is.
Value cellstr(Call& call) {
  const Value& x = call.value(0);
  if (x.is_string_class()) {  // MATLAB's strings: a cell of their char rows, in their shape
    runtime::CellArray cells;
    cells.rows = x.is(Kind::StringArray) ? x.string_array_rows() : 1;
    for (const std::string& text : call.texts(0)) cells.items.push_back(Value::string(text));
    cells.columns =
        cells.rows == 0 ? 0 : static_cast<std::int64_t>(cells.items.size()) / cells.rows;
    return Value::cell(std::move(cells));
  }
  if (x.is(Kind::Cell) || x.is(Kind::StringArray)) {
    call.texts(0);  // checks that every element is a text
    return x;
  }
  if (!runtime::is_char(x)) {
    call.fail(fmt::format(messages::not_char_or_cell_of_texts, x.kind_name()));
  }
  std::vector<std::string> rows = runtime::text_rows(x);
  if (rows.size() == 1) return Value::string_array({without_trailing_blanks(rows.front())});
  runtime::CellArray cells;
  cells.rows = static_cast<std::int64_t>(rows.size());
  cells.columns = 1;
  for (std::string& row : rows) cells.items.push_back(Value::string(without_trailing_blanks(row)));
  return Value::cell(std::move(cells));
}

// MATLAB's strrep rule, overlapping matches included: every position where pattern starts
// gives one copy of the replacement, and the characters a match covers are dropped, so
// strrep("abc 22 222", "22", "*") is "abc * **" (MATLAB's documented example).
std::string replaced_overlapping(const std::string& text, const std::string& pattern,
                                 const std::string& replacement) {
  if (pattern.empty()) return text;
  std::string out;
  std::size_t covered_until = 0;  // the end of the last match: text before it is replaced
  for (std::size_t position = 0; position < text.size(); ++position) {
    if (text.compare(position, pattern.size(), pattern) == 0) {
      out += replacement;
      covered_until = position + pattern.size();
    } else if (position >= covered_until) {
      out += text[position];
    }
  }
  return out;
}

// strrep(s, pattern, replacement); of each text of a string array or cell of texts, in its
// shape.
Value strrep(Call& call) {
  const std::string& pattern = call.string(1);
  const std::string& replacement = call.string(2);
  return map_texts(call, [&](const std::string& text) {
    return replaced_overlapping(text, pattern, replacement);
  });
}

Value upper(Call& call) {
  return map_texts(call, [](std::string text) {
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
  });
}

Value lower(Call& call) {
  return map_texts(call, [](const std::string& text) { return lowercase(text); });
}

Value strtrim(Call& call) {
  if (runtime::is_char_matrix(call.value(0)))
    return runtime::trimmed_char_columns(call.value(0), true);
  return map_texts(call, [](std::string text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && is_space(text[begin])) ++begin;
    while (end > begin && is_space(text[end - 1])) --end;
    return text.substr(begin, end - begin);
  });
}

// deblank(s): trailing whitespace and NULs removed; of a char matrix, the trailing columns
// blank in every row; of a cell, from each text.
Value deblank(Call& call) {
  const Value& x = call.value(0);
  if (runtime::is_char_matrix(x)) return runtime::trimmed_char_columns(x, false);
  if (x.is(Kind::Cell)) {
    runtime::CellArray cells = x.cell_value();
    for (Value& item : cells.items) {
      if (!item.is(Kind::String))
        call.fail(fmt::format(messages::must_hold_texts_only, "a cell argument"));
      item = Value::string(without_trailing_blanks(item.string_value()));
    }
    return Value::cell(std::move(cells));
  }
  return map_texts(call, [](std::string text) { return without_trailing_blanks(std::move(text)); });
}

// strjust(s, position): each row's blanks (spaces and NULs at its ends) moved: "right" (the
// default) puts them all in front of the text, "left" behind it, "center" the smaller half in
// front. The rows keep their width.
Value strjust(Call& call) {
  const Value& x = call.value(0);
  if (!runtime::is_char(x)) {
    call.fail(fmt::format(messages::argument_not_char, x.kind_name()));
  }
  const std::string position = call.has(1) ? lowercase(call.string(1)) : std::string("right");
  if (position != "right" && position != "left" && position != "center") {
    call.fail(fmt::format(messages::bad_justify_position, position));
  }
  std::vector<std::string> rows = runtime::text_rows(x);
  const auto blank = [](char c) { return c == ' ' || c == '\0'; };
  for (std::string& row : rows) {
    std::size_t begin = 0;
    std::size_t end = row.size();
    while (begin < end && blank(row[begin])) ++begin;
    while (end > begin && blank(row[end - 1])) --end;
    const std::size_t blanks = row.size() - (end - begin);
    const std::size_t front = position == "right" ? blanks : position == "left" ? 0 : blanks / 2;
    row =
        std::string(front, ' ') + row.substr(begin, end - begin) + std::string(blanks - front, ' ');
  }
  return runtime::char_rows(rows, runtime::RowWidths::MustAgree);
}

// Where validatestring's message says the text came from: "FUNC: " and " (variable V,
// argument #N)" from its optional arguments (function name, variable name, position).
struct ValidationContext {
  std::string prefix;
  std::string origin;
};

ValidationContext validation_context(Call& call) {
  std::vector<std::string> names;
  std::optional<std::int64_t> position;
  for (int k = 2; k < call.count(); ++k) {
    const Value& x = call.value(k);
    if (k == call.count() - 1 && k > 2 && x.is_numeric()) {
      position = call.count_argument(k);
      if (*position < 1) call.fail(messages::position_below_1);
    } else if (!x.is(Kind::String)) {
      call.fail(fmt::format(messages::name_not_one_row, k + 1));
    } else {
      names.push_back(x.string_value());
    }
  }
  if (names.size() > 2) call.fail(messages::too_many_names);
  ValidationContext context;
  if (!names.empty() && !names[0].empty()) context.prefix = names[0] + ": ";
  std::vector<std::string> origin;
  if (names.size() > 1 && !names[1].empty()) origin.push_back("variable " + names[1]);
  if (position) origin.push_back(fmt::format("argument #{}", *position));
  if (!origin.empty()) context.origin = fmt::format(" ({})", fmt::join(origin, ", "));
  return context;
}

// validatestring(text, options[, funcname[, varname]][, position]): the option that `text`
// begins (ignoring letter case). An option equal to the text wins; several that each begin
// the shortest of them give the shortest; otherwise more than one, or none, is an error.
Value validatestring(Call& call) {
  if (!call.value(0).is(Kind::String)) call.fail(messages::argument_1_not_one_row);
  const std::string text = call.value(0).string_value();
  if (!call.value(1).is(Kind::Cell) && !call.value(1).is(Kind::StringArray)) {
    call.fail(messages::valid_options_not_cell);
  }
  const std::vector<std::string> options = call.texts(1);
  const ValidationContext context = validation_context(call);
  const std::string wanted = lowercase(text);
  std::vector<std::string> matches;
  for (const std::string& option : options) {
    const std::string folded = lowercase(option);
    if (folded == wanted) return Value::string(option);
    if (folded.starts_with(wanted)) matches.push_back(option);
  }
  if (matches.empty()) {
    call.fail(fmt::format(messages::option_not_valid, context.prefix, text, context.origin,
                          fmt::join(options, ", ")));
  }
  const auto shortest = std::min_element(
      matches.begin(), matches.end(),
      [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  const std::string start = lowercase(*shortest);
  for (const std::string& match : matches) {
    if (!lowercase(match).starts_with(start)) {
      call.fail(fmt::format(messages::option_ambiguous, context.prefix, text, context.origin,
                            fmt::join(matches, ", ")));
    }
  }
  return Value::string(*shortest);
}

// [token, rest] = strtok(s, delimiters): leading delimiter characters skipped, the token runs
// to the next delimiter, and the rest starts at that delimiter (MATLAB). The default delimiters
// are the whitespace characters.
Value strtok(Call& call) {
  const std::string& text = call.string(0);
  const std::vector<std::string_view> delimiters =
      call.has(1) ? characters_of(call.string(1)) : std::vector<std::string_view>{};
  auto is_delimiter = [&](std::string_view c) {
    if (!call.has(1)) return c.size() == 1 && (is_space(c[0]) || c[0] == '\0');
    return std::find(delimiters.begin(), delimiters.end(), c) != delimiters.end();
  };
  const std::vector<std::string_view> characters = characters_of(text);
  std::size_t first = 0;
  while (first < characters.size() && is_delimiter(characters[first])) ++first;
  std::size_t last = first;
  while (last < characters.size() && !is_delimiter(characters[last])) ++last;
  auto offset = [&](std::size_t k) {
    return k < characters.size() ? static_cast<std::size_t>(characters[k].data() - text.data())
                                 : text.size();
  };
  Value token = Value::string(text.substr(offset(first), offset(last) - offset(first)));
  if (call.nargout() < 2) return token;
  return Value::tuple({std::move(token), Value::string(text.substr(offset(last)))});
}

// isspace(s): a logical vector, 1 at each whitespace character; of a char matrix, a logical
// matrix of its shape.
Value isspace(Call& call) {
  if (runtime::is_char_matrix(call.value(0))) {
    num::Matrix codes = call.value(0).matrix_value();
    for (double& code : codes.mutable_real_values()) {
      code = code == 32.0 || (code >= 9.0 && code <= 13.0) ? 1.0 : 0.0;
    }
    return Value::matrix(std::move(codes), true);
  }
  const std::vector<std::string_view> characters = characters_of(call.string(0));
  num::Matrix result(1, static_cast<num::Index>(characters.size()), 0.0);
  for (std::size_t k = 0; k < characters.size(); ++k) {
    const bool space = characters[k].size() == 1 && is_space(characters[k][0]);
    result.set(static_cast<num::Index>(k), space ? 1.0 : 0.0);
  }
  return Value::vector(std::move(result), true);
}

// blanks(n): a string of n spaces.
Value blanks(Call& call) {
  return Value::string(std::string(static_cast<std::size_t>(call.count_argument(0)), ' '));
}

// strjoin(sa) / strjoin(sa, delimiter); in matlab code the delimiter's escape sequences count
// and a cell of delimiters gives one per gap (numel(sa) - 1 of them, taken as written).
Value strjoin(Call& call) {
  if (call.value(0).is(Kind::String)) {
    call.fail(messages::argument_1_is_string);
  }
  const std::vector<std::string> items = call.texts(0);
  if (call.session().dialect() == lang::Dialect::Matlab && call.has(1)) {
    const std::vector<std::string>& texts = items;
    std::vector<std::string> delimiters;
    if (call.value(1).is(Kind::StringArray)) {
      delimiters = call.value(1).string_array_value();
      if (delimiters.size() + 1 != texts.size() && !texts.empty()) {
        call.fail(
            fmt::format(messages::delimiter_count_mismatch, texts.size() - 1, delimiters.size()));
      }
    } else {
      delimiters.assign(texts.empty() ? 0 : texts.size() - 1, with_matlab_escapes(call.string(1)));
    }
    std::string joined;
    for (std::size_t k = 0; k < texts.size(); ++k) {
      if (k > 0) joined += delimiters[k - 1];
      joined += texts[k];
    }
    return Value::string(std::move(joined));
  }
  const std::string delimiter = call.has(1) ? call.string(1) : std::string(" ");
  return Value::string(fmt::format("{}", fmt::join(items, delimiter)));
}

// The number a text spells, NaN when it is not one (MATLAB's str2double rules).
double number_spelled(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ','), text.end());
  std::size_t begin = 0;
  std::size_t end = text.size();
  while (begin < end && is_space(text[begin])) ++begin;
  while (end > begin && is_space(text[end - 1])) --end;
  text = text.substr(begin, end - begin);
  if (text.empty()) return std::nan("");
  const char* start = text.c_str();
  char* stop = nullptr;
  const double number = std::strtod(start, &stop);
  // strtod also reads hex floats and "infinity"; only plain decimals, Inf and NaN count.
  const bool hex = text.find_first_of("xX") != std::string::npos;
  if (stop != start + text.size() || hex) return std::nan("");
  return number;
}

// The text with its spaces dropped where a complex number may have them: around the operators
// + - * and at the ends. A space between two other characters stays, so "1 2" is no number.
std::string without_operator_spaces(const std::string& text) {
  std::string packed;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (!is_space(text[k])) {
      packed += text[k];
      continue;
    }
    std::size_t next = k;
    while (next < text.size() && is_space(text[next])) ++next;
    const bool operator_before =
        !packed.empty() && std::string("+-*").find(packed.back()) != std::string::npos;
    const bool operator_after =
        next < text.size() && std::string("+-*").find(text[next]) != std::string::npos;
    if (!packed.empty() && next < text.size() && !operator_before && !operator_after) packed += ' ';
    k = next - 1;
  }
  return packed;
}

// The signed terms of a complex number's text, read one at a time from `at`.
struct ComplexTerms {
  const std::string& text;
  std::size_t at = 0;

  // The imaginary unit at k: i or j in either letter case.
  bool unit(std::size_t k) const {
    return k < text.size() &&
           (text[k] == 'i' || text[k] == 'j' || text[k] == 'I' || text[k] == 'J');
  }

  std::optional<double> number() {
    const char* start = text.c_str() + at;
    char* stop = nullptr;
    const double value = std::strtod(start, &stop);
    if (stop == start) return std::nullopt;
    at += static_cast<std::size_t>(stop - start);
    return value;
  }

  // One signed term: its value and whether it is imaginary; nullopt when malformed.
  std::optional<std::pair<double, bool>> term() {
    double sign = 1.0;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
      sign = text[at] == '-' ? -1.0 : 1.0;
      ++at;
    }
    // i*2 or a lone i, unless the letters spell Inf.
    if (unit(at) && lowercase(text.substr(at, 3)) != "inf") {
      ++at;
      if (at >= text.size() || text[at] != '*') return std::pair{sign, true};
      ++at;
      const std::optional<double> value = number();
      if (!value) return std::nullopt;
      return std::pair{sign * *value, true};
    }
    const std::optional<double> value = number();
    if (!value) return std::nullopt;
    if (at + 1 < text.size() && text[at] == '*' && unit(at + 1)) {
      at += 2;
      return std::pair{sign * *value, true};
    }
    if (unit(at)) {
      ++at;
      return std::pair{sign * *value, true};
    }
    return std::pair{sign * *value, false};
  }
};

// The complex number a text spells in MATLAB's str2double grammar: a real and an imaginary
// term in either order, joined by + or - (spaces allowed), an imaginary term written
// 2i, 2*i, i*2 or i (j as well), numbers including Inf and NaN in any letter case; NaN when
// the text is no such number.
num::Complex complex_spelled(std::string text) {
  const num::Complex none(std::nan(""), 0.0);
  text.erase(std::remove(text.begin(), text.end(), ','), text.end());
  text = without_operator_spaces(text);
  if (text.empty() || text.find_first_of("xX") != std::string::npos) return none;
  ComplexTerms terms{text};
  const auto first = terms.term();
  if (!first) return none;
  num::Complex result =
      first->second ? num::Complex(0.0, first->first) : num::Complex(first->first, 0.0);
  if (terms.at == text.size()) return result;
  if (text[terms.at] != '+' && text[terms.at] != '-') return none;
  const auto second = terms.term();
  if (!second || terms.at != text.size() || second->second == first->second) return none;
  return second->second ? num::Complex(result.real(), second->first)
                        : num::Complex(second->first, result.imag());
}

// A truth or number per string of a StringArray, as a Vector (logical for truths).
template <class PerString>
Value per_string(const Value& strings, bool logical, PerString per_string_value) {
  const std::vector<std::string>& items = strings.string_array_value();
  num::Matrix result(1, static_cast<num::Index>(items.size()));
  for (std::size_t k = 0; k < items.size(); ++k) {
    result.set(static_cast<num::Index>(k), per_string_value(items[k]));
  }
  return Value::vector(std::move(result), logical);
}

// str2double(s): the number s spells, NaN when it is not one; a StringArray gives a Vector of
// them (MATLAB).
Value str2double(Call& call) {
  const Value& x = call.value(0);
  // matlab code reads complex numbers too (str2double("2 + 3i")).
  if (call.session().dialect() == lang::Dialect::Matlab && x.is_text()) {
    const std::vector<std::string> texts =
        x.is(Kind::String) ? std::vector<std::string>{x.string_value()} : x.string_array_value();
    // The numbers in the strings' shape (MATLAB's string arrays may have several rows), the
    // texts in column-major order.
    const num::Index rows =
        x.is(Kind::StringArray) ? std::max<num::Index>(x.string_array_rows(), 1) : 1;
    num::Matrix values(rows, static_cast<num::Index>(texts.size()) / rows,
                       num::Matrix::Element::ComplexValued);
    for (std::size_t k = 0; k < texts.size(); ++k) {
      const auto at = static_cast<num::Index>(k);
      values.set(at % rows, at / rows, complex_spelled(texts[k]));
    }
    values.demote_if_real();
    if (x.is(Kind::String)) {
      const num::Complex z = values.complex_at(0);
      return z.imag() == 0.0 ? Value::scalar(z.real()) : Value::complex(z);
    }
    return Value::matrix(std::move(values));
  }
  if (x.is(Kind::StringArray)) return per_string(x, false, number_spelled);
  if (!x.is(Kind::String)) return Value::scalar(std::nan(""));
  return Value::scalar(number_spelled(x.string_value()));
}

// contains, startsWith, endsWith: a Bool for a String, a logical Vector for a StringArray.
// In matlab code (MATLAB's forms) the pattern may be a cell of patterns (true where any
// matches) and "IgnoreCase", tf compares without letter case.
template <class Test>
Value text_test(Call& call, Test test) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  if (call.has(2) && !matlab) {
    throw Error(fmt::format(messages::wrong_argument_count, call.name(), 2, call.count()));
  }
  bool ignore_case = false;
  if (call.has(2)) {
    call.name_value_options(2, {{"IgnoreCase", [&](int k) { ignore_case = call.boolean(k); }}});
  }
  std::vector<std::string> patterns;
  if (matlab && call.value(1).is(Kind::StringArray)) {
    patterns = call.value(1).string_array_value();
  } else {
    patterns.push_back(call.string(1));
  }
  const auto folded = [&](const std::string& text) { return ignore_case ? lowercase(text) : text; };
  const auto one = [&](const std::string& text) {
    for (const std::string& pattern : patterns) {
      if (test(folded(text), folded(pattern))) return 1.0;
    }
    return 0.0;
  };
  if (call.value(0).is(Kind::StringArray)) return per_string(call.value(0), true, one);
  return Value::boolean(one(call.string(0)) != 0.0);
}

Value contains(Call& call) {
  return text_test(call, [](const std::string& text, const std::string& pattern) {
    return text.find(pattern) != std::string::npos;
  });
}

Value starts_with(Call& call) {
  return text_test(call, [](const std::string& text, const std::string& pattern) {
    return text.starts_with(pattern);
  });
}

Value ends_with(Call& call) {
  return text_test(call, [](const std::string& text, const std::string& pattern) {
    return text.ends_with(pattern);
  });
}

}  // namespace

extern const BuiltinTable kStringBuiltins = {
    {"strcat", strcat, 0, -1,
     "strcat(s1, s2, ...): concatenated strings. Example: strcat(\"ab\", \"cd\", \"ef\")"},
    {"strcmp", strcmp, 2, 2,
     "strcmp(a, b): true when a and b are identical strings. Example: strcmp(\"abc\", \"abc\")"},
    {"strcmpi", strcmpi, 2, 2,
     "strcmpi(a, b): strcmp ignoring ASCII letter case. Example: strcmpi(\"ABC\", \"abc\")"},
    {"strncmp", strncmp, 3, 3,
     "strncmp(a, b, n): true when the first n characters agree. Example: strncmp(\"abcdef\", "
     "\"abcxyz\", 3)"},
    {"strncmpi", strncmpi, 3, 3,
     "strncmpi(a, b, n): strncmp ignoring ASCII letter case. Example: strncmpi(\"ABCdef\", "
     "\"abcxyz\", 3)"},
    {"char", char_builtin, 0, -1,
     "char(codes): the text of those character codes; char(a, b, ...) or char(cell): the texts "
     "as the rows of a char matrix, padded with spaces. Example: char([72, 105])"},
    {"strvcat", strvcat, 0, -1,
     "strvcat(a, b, ...): the texts as the rows of a char matrix, padded with spaces, empty ones "
     "left out. Example: size(strvcat(\"a\", \"\", \"bcd\"))"},
    {"cellstr", cellstr, 1, 1,
     "cellstr(A): the rows of a char as a column cell of texts, trailing whitespace removed. "
     "Example: cellstr(char(\"a\", \"bcd\"))"},
    {"validatestring", validatestring, 2, 5,
     "validatestring(text, options): the option that text begins, ignoring case (an error when "
     "none or several do); a function name, variable name and argument position may follow for "
     "the message. Example: validatestring(\"app\", {\"apple\", \"pear\"})"},
    {"strjust", strjust, 1, 2,
     "strjust(s, position): each row's surrounding blanks moved to the front (\"right\", the "
     "default), the end (\"left\") or both (\"center\"). Example: strjust(\"a  \")"},
    {"deblank", deblank, 1, 1,
     "deblank(s): trailing whitespace and NULs removed. Example: [\"[\", deblank(\"ab  \"), "
     "\"]\"]"},
    {"upper", upper, 1, 1, "upper(s): ASCII letters in upper case. Example: upper(\"hello\")"},
    {"lower", lower, 1, 1, "lower(s): ASCII letters in lower case. Example: lower(\"HELLO\")"},
    {"isspace", isspace, 1, 1,
     "isspace(s): 1 at each whitespace character of s. Example: isspace(\"a b\")"},
    {"blanks", blanks, 1, 1, "blanks(n): a string of n spaces. Example: [\"[\", blanks(3), \"]\"]"},
    {"strtok", strtok, 1, 2,
     "[token, rest] = strtok(s, delimiters): the first token and what follows it. Example: [token, "
     "rest] = strtok(\"hello world\")"},
    {"strtrim", strtrim, 1, 1,
     "strtrim(s): leading and trailing whitespace removed. Example: strtrim(\"  padded  \")"},
    {"strrep", strrep, 3, 3,
     "strrep(s, old, new): every occurrence of old replaced, overlapping ones too. Example: "
     "strrep(\"a-b-c\", \"-\", "
     "\"+\")"},
    {"strjoin", string_in_string_out<strjoin>, 1, 2,
     "strjoin(sa, delimiter): the strings joined (default: space). Example: strjoin({\"a\", \"b\", "
     "\"c\"}, \"-\")"},
    {"str2double", str2double, 1, 1,
     "str2double(s): the number s spells, NaN if none. Example: str2double(\"3.25\")"},
    {"contains", contains, 2, 4,
     "contains(s, pattern): true when s contains pattern. Example: contains(\"transformer\", "
     "\"form\")"},
    {"startsWith", starts_with, 2, 4,
     "startsWith(s, prefix): true when s begins with prefix. Example: startsWith(\"transformer\", "
     "\"trans\")"},
    {"endsWith", ends_with, 2, 4,
     "endsWith(s, suffix): true when s ends with suffix. Example: endsWith(\"transformer\", "
     "\"er\")"},
};

}  // namespace llmlab::builtins
