// Recursive descent over RFC 8259: one function per value kind. Only what a reader of our own
// records needs; \u escapes outside the BMP pair up as UTF-16 surrogates require.
#include "base/json.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "base/error.hpp"

namespace llmlab::json {

Value Value::boolean(bool b) {
  Value v;
  v.type_ = Type::Bool;
  v.bool_ = b;
  return v;
}
Value Value::number(double x) {
  Value v;
  v.type_ = Type::Number;
  v.number_ = x;
  return v;
}
Value Value::string(std::string s) {
  Value v;
  v.type_ = Type::String;
  v.string_ = std::move(s);
  return v;
}
Value Value::array(std::vector<Value> items) {
  Value v;
  v.type_ = Type::Array;
  v.items_ = std::move(items);
  return v;
}
Value Value::object(std::vector<std::pair<std::string, Value>> members) {
  Value v;
  v.type_ = Type::Object;
  v.members_ = std::move(members);
  return v;
}

const Value* Value::find(std::string_view key) const {
  for (const auto& [name, value] : members_) {
    if (name == key) return &value;
  }
  return nullptr;
}

namespace {

class Parser {
 public:
  Parser(std::string_view text, std::string_view what) : text_(text), what_(what) {}

  Value document() {
    Value v = value();
    space();
    if (position_ < text_.size()) fail("unexpected text after the value");
    return v;
  }

 private:
  [[noreturn]] void fail(std::string_view message) const {
    int line = 1;
    for (std::size_t i = 0; i < position_ && i < text_.size(); ++i) line += text_[i] == '\n';
    throw Error(fmt::format("{}: line {}: {}", what_, line, message));
  }
  char peek() const { return position_ < text_.size() ? text_[position_] : '\0'; }
  void space() {
    while (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r') ++position_;
  }
  void expect(char c) {
    space();
    if (peek() != c) fail(fmt::format("expected '{}'", c));
    ++position_;
  }
  bool literal(std::string_view word) {
    if (text_.substr(position_, word.size()) != word) return false;
    position_ += word.size();
    return true;
  }

  Value value() {
    space();
    const char c = peek();
    if (c == '{') return object();
    if (c == '[') return array();
    if (c == '"') return Value::string(string());
    if (literal("true")) return Value::boolean(true);
    if (literal("false")) return Value::boolean(false);
    if (literal("null")) return Value();
    if (c == '-' || (c >= '0' && c <= '9')) return number();
    fail("expected a value");
  }

  Value object() {
    expect('{');
    std::vector<std::pair<std::string, Value>> members;
    space();
    if (peek() == '}') {
      ++position_;
      return Value::object(std::move(members));
    }
    while (true) {
      space();
      if (peek() != '"') fail("expected a string key");
      std::string key = string();
      expect(':');
      members.emplace_back(std::move(key), value());
      space();
      if (peek() == ',') {
        ++position_;
        continue;
      }
      expect('}');
      return Value::object(std::move(members));
    }
  }

  Value array() {
    expect('[');
    std::vector<Value> items;
    space();
    if (peek() == ']') {
      ++position_;
      return Value::array(std::move(items));
    }
    while (true) {
      items.push_back(value());
      space();
      if (peek() == ',') {
        ++position_;
        continue;
      }
      expect(']');
      return Value::array(std::move(items));
    }
  }

  Value number() {
    const std::size_t start = position_;
    if (peek() == '-') ++position_;
    const auto digits = [&] {
      while (peek() >= '0' && peek() <= '9') ++position_;
    };
    digits();
    if (peek() == '.') {
      ++position_;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      ++position_;
      if (peek() == '+' || peek() == '-') ++position_;
      digits();
    }
    const std::string token(text_.substr(start, position_ - start));
    char* end = nullptr;
    const double x = std::strtod(token.c_str(), &end);
    if (end != token.c_str() + token.size() || token == "-") fail("malformed number");
    return Value::number(x);
  }

  unsigned hex4() {
    if (position_ + 4 > text_.size()) fail("short \\u escape");
    unsigned code = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[position_++];
      code <<= 4;
      if (h >= '0' && h <= '9') {
        code |= static_cast<unsigned>(h - '0');
      } else if (h >= 'a' && h <= 'f') {
        code |= static_cast<unsigned>(h - 'a' + 10);
      } else if (h >= 'A' && h <= 'F') {
        code |= static_cast<unsigned>(h - 'A' + 10);
      } else {
        fail("bad \\u escape");
      }
    }
    return code;
  }

  static void append_utf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out.push_back(static_cast<char>(code));
    } else if (code < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (code >> 6)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (code >> 12)));
      out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (code >> 18)));
      out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
    }
  }

  std::string string() {
    ++position_;  // the opening quote
    std::string out;
    while (true) {
      if (position_ >= text_.size()) fail("unterminated string");
      const char c = text_[position_++];
      if (c == '"') return out;
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      const char e = text_[position_ < text_.size() ? position_++ : position_];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out.push_back(e);
          break;
        case 'b':
          out.push_back('\b');
          break;
        case 'f':
          out.push_back('\f');
          break;
        case 'n':
          out.push_back('\n');
          break;
        case 'r':
          out.push_back('\r');
          break;
        case 't':
          out.push_back('\t');
          break;
        case 'u': {
          unsigned code = hex4();
          if (code >= 0xD800 && code < 0xDC00 && literal("\\u")) {
            const unsigned low = hex4();
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, code);
          break;
        }
        default:
          fail("bad escape in a string");
      }
    }
  }

  std::string_view text_;
  std::string_view what_;
  std::size_t position_ = 0;
};

}  // namespace

Value parse(std::string_view text, std::string_view what) { return Parser(text, what).document(); }

}  // namespace llmlab::json
