// builtins.md §12 File input / output: TOML encoding and a small recursive-descent TOML reader
// (toml.io v1.0.0, minus dates and arrays of tables, which no script value maps to).
#include "runtime/toml.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/io.hpp"
#include "base/text_escape.hpp"
#include "base/utf8.hpp"
#include "num/format.hpp"

namespace llmlab::runtime::toml {

namespace {

using runtime::Kind;
using runtime::StructFields;
using runtime::Value;

constexpr double kInt64Limit = 9223372036854775808.0;  // 2^63

bool is_bare_key(std::string_view key) {
  if (key.empty()) return false;
  for (const char c : key) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

std::string key_text(std::string_view key) {
  return is_bare_key(key) ? std::string(key) : quoted_string(key);
}

}  // namespace

std::string number_text(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (x == std::trunc(x) && std::fabs(x) < kInt64Limit) {
    return fmt::format("{}", static_cast<std::int64_t>(x));
  }
  std::string text = num::format_shortest(x);
  if (text.find('.') == std::string::npos) text += ".0";
  return text;
}

namespace {

std::string row_text(const num::Matrix& values, num::Index begin, num::Index count) {
  std::string out = "[";
  for (num::Index i = 0; i < count; ++i) {
    if (i > 0) out += ", ";
    out += number_text(values[begin + i]);
  }
  out.push_back(']');
  return out;
}

std::string value_text(const Value& value, std::string_view name) {
  switch (value.kind()) {
    case Kind::Scalar:
      return number_text(value.scalar_value());
    case Kind::Bool:
      return value.bool_value() ? "true" : "false";
    case Kind::String:
      return quoted_string(value.string_value());
    case Kind::StringArray: {
      std::string out = "[";
      for (const std::string& item : value.string_array_value()) {
        if (out.size() > 1) out += ", ";
        out += quoted_string(item);
      }
      return out + "]";
    }
    case Kind::Vector:
    case Kind::Matrix: {
      const num::Matrix& m = value.matrix_value();
      if (m.is_complex()) break;
      if (value.is(Kind::Vector)) return row_text(m, 0, m.size());
      std::string out = "[";
      for (num::Index r = 0; r < m.rows(); ++r) {
        if (r > 0) out += ", ";
        out += row_text(m, r * m.columns(), m.columns());
      }
      return out + "]";
    }
    case Kind::Complex:
      break;
    default:
      throw Error(fmt::format(messages::toml_cannot_store_kind, value.kind_name(), name));
  }
  throw Error(fmt::format(messages::toml_cannot_store_complex, name));
}

void encode_table(std::string& out, const StructFields& fields, const std::string& prefix) {
  for (const auto& [name, value] : fields) {
    if (value.is(Kind::Struct)) continue;
    out += key_text(name) + " = " + value_text(value, name) + "\n";
  }
  for (const auto& [name, value] : fields) {
    if (!value.is(Kind::Struct)) continue;
    const std::string header = prefix.empty() ? key_text(name) : prefix + "." + key_text(name);
    if (!out.empty()) out.push_back('\n');
    out += "[" + header + "]\n";
    encode_table(out, value.struct_fields(), header);
  }
}

class Parser {
 public:
  Parser(std::string_view text, std::string_view what) : text_(text), what_(what) {}

  Value document() {
    Value root = Value::structure();
    std::vector<std::string> table;  // the current [table] path
    while (true) {
      skip_blank_lines();
      if (at_end()) break;
      if (peek() == '[') {
        ++position_;
        if (peek() == '[') fail(messages::toml_table_arrays_unsupported);
        table = key_path();
        skip_spaces();
        expect(']');
        // TOML forbids a second [table] of the same name; merging the two would be silent.
        if (!headers_.insert(table).second) {
          fail(fmt::format(messages::toml_table_defined_twice, dotted(table)));
        }
        table_at(root, table);
      } else {
        std::vector<std::string> path = key_path();
        skip_spaces();
        expect('=');
        skip_spaces();
        Value value = parse_value();
        StructFields& fields = table_at(root, table);
        assign(fields, path, std::move(value));
      }
      end_of_line();
    }
    return root;
  }

 private:
  bool at_end() const { return position_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[position_]; }

  [[noreturn]] void fail(std::string_view message) const {
    int line = 1;
    for (std::size_t i = 0; i < position_ && i < text_.size(); ++i) line += text_[i] == '\n';
    throw Error(fmt::format(messages::load_line_error, what_, line, message));
  }

  void expect(char c) {
    if (peek() != c) fail(fmt::format(messages::expected_character, c));
    ++position_;
  }

  void skip_spaces() {
    while (peek() == ' ' || peek() == '\t') ++position_;
  }
  void skip_comment() {
    if (peek() == '#') {
      while (!at_end() && peek() != '\n') ++position_;
    }
  }
  void skip_blank_lines() {
    while (true) {
      skip_spaces();
      skip_comment();
      if (peek() == '\n' || peek() == '\r') {
        ++position_;
      } else {
        return;
      }
    }
  }
  // Inside arrays newlines and comments may appear anywhere.
  void skip_space_in_array() { skip_blank_lines(); }
  void end_of_line() {
    skip_spaces();
    skip_comment();
    if (peek() == '\r') ++position_;
    if (!at_end() && peek() != '\n') fail(messages::expected_end_of_line);
  }

  std::string key() {
    skip_spaces();
    if (peek() == '"') return basic_string();
    if (peek() == '\'') return literal_string();
    const std::size_t start = position_;
    while (!at_end() && is_bare_key(text_.substr(position_, 1))) ++position_;
    if (position_ == start) fail(messages::toml_expected_key);
    return std::string(text_.substr(start, position_ - start));
  }

  static std::string dotted(const std::vector<std::string>& path) {
    std::string text;
    for (const std::string& name : path) text += (text.empty() ? "" : ".") + key_text(name);
    return text;
  }

  std::vector<std::string> key_path() {
    std::vector<std::string> path = {key()};
    skip_spaces();
    while (peek() == '.') {
      ++position_;
      if (path.size() >= kMaxDepth) fail(fmt::format(messages::toml_keys_too_deep, kMaxDepth));
      path.push_back(key());
      skip_spaces();
    }
    return path;
  }

  StructFields& table_at(Value& root, const std::vector<std::string>& path) {
    StructFields* fields = &root.mutable_struct_fields();
    for (const std::string& name : path) {
      Value& slot = (*fields)[name];
      if (slot.is_none()) slot = Value::structure();
      if (!slot.is(Kind::Struct)) fail(fmt::format(messages::toml_value_not_table, name));
      fields = &slot.mutable_struct_fields();
    }
    return *fields;
  }

  void assign(StructFields& fields, const std::vector<std::string>& path, Value value) {
    StructFields* target = &fields;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
      Value& slot = (*target)[path[i]];
      if (slot.is_none()) slot = Value::structure();
      if (!slot.is(Kind::Struct)) fail(fmt::format(messages::toml_value_not_table, path[i]));
      target = &slot.mutable_struct_fields();
    }
    if (target->contains(path.back()))
      fail(fmt::format(messages::toml_key_defined_twice, path.back()));
    (*target)[path.back()] = std::move(value);
  }

  // Arrays and inline tables nest by recursion, and so do the values they build and destroy: a
  // bound keeps `a = [[[[…` of 100,000 levels a clear error, not a stack overflow.
  static constexpr std::size_t kMaxDepth = 100;

  Value parse_value() {
    if (++depth_ > kMaxDepth) fail(fmt::format(messages::toml_values_too_deep, kMaxDepth));
    Value value = parse_unnested_value();
    --depth_;
    return value;
  }

  Value parse_unnested_value() {
    const char c = peek();
    if (c == '"') return Value::string(basic_string());
    if (c == '\'') return Value::string(literal_string());
    if (c == '[') return array();
    if (c == '{') return inline_table();
    if (text_.substr(position_, 4) == "true") {
      position_ += 4;
      return Value::boolean(true);
    }
    if (text_.substr(position_, 5) == "false") {
      position_ += 5;
      return Value::boolean(false);
    }
    return Value::scalar(number());
  }

  double number() {
    const std::size_t start = position_;
    while (!at_end()) {
      const char c = peek();
      const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      c == '_' || c == '+' || c == '-' || c == '.' || c == ':';
      if (!ok) break;
      ++position_;
    }
    std::string token;
    for (const char c : text_.substr(start, position_ - start)) {
      if (c != '_') token.push_back(c);
    }
    if (token.empty()) fail(messages::toml_expected_value);
    const auto digit = [&](std::size_t i) { return token[i] >= '0' && token[i] <= '9'; };
    const bool date = token.size() >= 7 && digit(0) && digit(1) && digit(2) && digit(3) &&
                      token[4] == '-' && digit(5) && digit(6);
    if (date || token.find(':') != std::string::npos) {
      fail(messages::toml_dates_unsupported);
    }
    std::string_view body = token;
    bool negative = false;
    if (body.front() == '+' || body.front() == '-') {
      negative = body.front() == '-';
      body.remove_prefix(1);
    }
    if (body == "inf") return negative ? -HUGE_VAL : HUGE_VAL;
    if (body == "nan") return std::nan("");
    int base = 10;
    if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'o' || body[1] == 'b')) {
      base = body[1] == 'x' ? 16 : body[1] == 'o' ? 8 : 2;
      body.remove_prefix(2);
    }
    const std::string digits(body);
    char* end = nullptr;
    double value = 0.0;
    if (base == 10) {
      value = std::strtod(digits.c_str(), &end);
    } else {
      value = static_cast<double>(std::strtoull(digits.c_str(), &end, base));
    }
    if (digits.empty() || end != digits.c_str() + digits.size()) {
      fail(fmt::format(messages::toml_bad_value, token));
    }
    return negative ? -value : value;
  }

  // Reads a string's opening quote (or three, returned as true: a multi-line string, whose
  // first newline is skipped).
  bool open_string(char quote) {
    expect(quote);
    const bool multiline = text_.substr(position_, 2) == std::string(2, quote);
    if (multiline) {
      position_ += 2;
      if (peek() == '\n') ++position_;
    }
    return multiline;
  }

  std::string basic_string() {
    const bool multiline = open_string('"');
    std::string out;
    while (true) {
      if (at_end()) fail(messages::unterminated_toml_string);
      const char c = text_[position_++];
      if (c == '"') {
        if (!multiline) return out;
        if (text_.substr(position_, 2) == "\"\"") {
          position_ += 2;
          return out;
        }
        out.push_back(c);
      } else if (c == '\\') {
        escape(out);
      } else if (c == '\n' && !multiline) {
        --position_;  // report the line the string opened on
        fail(messages::unterminated_toml_string);
      } else {
        out.push_back(c);
      }
    }
  }

  void escape(std::string& out) {
    if (at_end()) fail(messages::unterminated_toml_string);
    const char c = text_[position_++];
    switch (c) {
      case 'n':
        out.push_back('\n');
        return;
      case 't':
        out.push_back('\t');
        return;
      case 'r':
        out.push_back('\r');
        return;
      case 'b':
        out.push_back('\b');
        return;
      case 'f':
        out.push_back('\f');
        return;
      case '"':
        out.push_back('"');
        return;
      case '\\':
        out.push_back('\\');
        return;
      case 'u':
      case 'U': {
        const std::size_t length = c == 'u' ? 4 : 8;
        const std::string hex(text_.substr(position_, length));
        char* end = nullptr;
        const unsigned long code = std::strtoul(hex.c_str(), &end, 16);
        if (hex.size() != length || end != hex.c_str() + hex.size())
          fail(messages::bad_unicode_escape);
        position_ += length;
        append_utf8(out, static_cast<char32_t>(code));
        return;
      }
      default:
        fail(fmt::format(messages::unknown_escape, c));
    }
  }

  std::string literal_string() {
    const bool multiline = open_string('\'');
    const std::string_view terminator = multiline ? "'''" : "'";
    const std::size_t end = text_.find(terminator, position_);
    if (end == std::string_view::npos) fail(messages::unterminated_toml_string);
    std::string out(text_.substr(position_, end - position_));
    if (!multiline && out.find('\n') != std::string::npos) fail(messages::unterminated_toml_string);
    position_ = end + terminator.size();
    return out;
  }

  Value array() {
    expect('[');
    std::vector<Value> items;
    while (true) {
      skip_space_in_array();
      if (peek() == ']') break;
      items.push_back(parse_value());
      skip_space_in_array();
      if (peek() == ',') {
        ++position_;
      } else if (peek() != ']') {
        fail(messages::toml_expected_array_separator);
      }
    }
    ++position_;
    return array_value(items);
  }

  // Numbers → Vector, strings → StringArray, equal-length number arrays → Matrix.
  Value array_value(const std::vector<Value>& items) {
    if (items.empty()) return Value::vector(num::Matrix(1, 0));
    const auto all = [&](auto predicate) {
      for (const Value& item : items) {
        if (!predicate(item)) return false;
      }
      return true;
    };
    if (all([](const Value& v) { return v.is(Kind::Scalar) || v.is(Kind::Bool); })) {
      num::Matrix row(1, static_cast<num::Index>(items.size()));
      for (std::size_t i = 0; i < items.size(); ++i) {
        row.set(static_cast<num::Index>(i), items[i].scalar_value());
      }
      return Value::vector(std::move(row));
    }
    if (all([](const Value& v) { return v.is(Kind::String); })) {
      std::vector<std::string> strings;
      for (const Value& item : items) strings.push_back(item.string_value());
      return Value::string_array(std::move(strings));
    }
    const num::Index columns =
        items[0].is(Kind::Vector) ? items[0].matrix_value().size() : num::Index{-1};
    if (columns >= 0 && all([&](const Value& v) {
          return v.is(Kind::Vector) && v.matrix_value().size() == columns;
        })) {
      num::Matrix matrix(static_cast<num::Index>(items.size()), columns);
      for (std::size_t r = 0; r < items.size(); ++r) {
        const num::Matrix& row = items[r].matrix_value();
        for (num::Index c = 0; c < columns; ++c) matrix.set(static_cast<num::Index>(r), c, row[c]);
      }
      return Value::matrix(std::move(matrix));
    }
    fail(messages::toml_array_mixed);
  }

  Value inline_table() {
    expect('{');
    Value table = Value::structure();
    skip_spaces();
    if (peek() == '}') {
      ++position_;
      return table;
    }
    while (true) {
      std::vector<std::string> path = key_path();
      skip_spaces();
      expect('=');
      skip_spaces();
      Value value = parse_value();
      assign(table.mutable_struct_fields(), path, std::move(value));
      skip_spaces();
      if (peek() == '}') {
        ++position_;
        return table;
      }
      expect(',');
    }
  }

  std::string_view text_;
  std::string_view what_;
  std::size_t position_ = 0;
  std::size_t depth_ = 0;  // arrays and inline tables open around the value being parsed
  std::set<std::vector<std::string>> headers_;  // the [table] headers read so far
};

}  // namespace

std::string encode(const Value& structure) {
  std::string out;
  encode_table(out, structure.struct_fields(), "");
  return out;
}

Value decode(std::string_view text, std::string_view what) { return Parser(text, what).document(); }

}  // namespace llmlab::runtime::toml
