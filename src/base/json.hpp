// A small JSON reader for the files llmlab writes itself (the trainer's run records, sweep
// records): objects keep their key order, numbers are doubles, null stays null.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace llmlab::json {

enum class Type { Null, Bool, Number, String, Array, Object };

class Value {
 public:
  Value() = default;
  static Value boolean(bool b);
  static Value number(double x);
  static Value string(std::string s);
  static Value array(std::vector<Value> items);
  static Value object(std::vector<std::pair<std::string, Value>> members);

  Type type() const { return type_; }
  bool is(Type t) const { return type_ == t; }
  bool as_bool() const { return bool_; }
  double as_number() const { return number_; }
  const std::string& as_string() const { return string_; }
  const std::vector<Value>& items() const { return items_; }
  const std::vector<std::pair<std::string, Value>>& members() const { return members_; }
  // The member called `key`, or nullptr (also when this is not an object).
  const Value* find(std::string_view key) const;

 private:
  Type type_ = Type::Null;
  bool bool_ = false;
  double number_ = 0.0;
  std::string string_;
  std::vector<Value> items_;
  std::vector<std::pair<std::string, Value>> members_;
};

// Parses a whole document; throws llmlab::Error "<what>: line L: <problem>".
Value parse(std::string_view text, std::string_view what);

}  // namespace llmlab::json
