// builtins.md §10 Types, structs and predicates, a MATLAB addition: containers.Map, the
// dictionary lesson code counts tokens with: keys are strings (KeyType char, the default) or
// numbers (KeyType double), values any script value. A Map is a handle: copies share it, and
// m(key) = v writes into the one map every copy sees. keys() are sorted, as MATLAB sorts them;
// values() returns a Vector of numbers or a string array of texts, as rustlab-era code expects,
// and a cell when the values are of mixed kinds.
#include <fmt/format.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/cells_structs.hpp"
#include "base/text_case.hpp"
#include "builtins/registry.hpp"
#include "num/format.hpp"
#include "runtime/display.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

class MapObject final : public runtime::Object {
 public:
  bool numeric_keys = false;
  std::string value_type = "any";
  std::map<std::string, Value> by_text;
  std::map<double, Value> by_number;

  std::string kind_name() const override { return "containers.Map"; }
  std::string display() const override {
    return fmt::format("containers.Map (Count: {}, KeyType: {}, ValueType: {})", count(),
                       key_type(), value_type);
  }
  bool indexable() const override { return true; }

  Value index(std::span<const Value> subscripts) const override {
    const Value& key = single_key(subscripts);
    if (const Value* found = find(key)) return *found;
    throw Error(fmt::format(messages::map_key_missing, key_text(key)));
  }

  void assign(std::span<const Value> subscripts, const Value& value) override {
    put(single_key(subscripts), value);
  }

  std::optional<Value> property(std::string_view name) const override {
    if (name == "Count") return Value::scalar(static_cast<double>(count()));
    if (name == "KeyType") return Value::string(key_type());
    if (name == "ValueType") return Value::string(value_type);
    return std::nullopt;
  }

  std::size_t count() const { return numeric_keys ? by_number.size() : by_text.size(); }
  std::string key_type() const { return numeric_keys ? "double" : "char"; }

  const Value* find(const Value& key) const {
    if (numeric_keys) {
      const auto it = by_number.find(number_key(key));
      return it == by_number.end() ? nullptr : &it->second;
    }
    const auto it = by_text.find(text_key(key));
    return it == by_text.end() ? nullptr : &it->second;
  }

  void put(const Value& key, const Value& value) {
    if (numeric_keys) {
      by_number[number_key(key)] = value;
    } else {
      by_text[text_key(key)] = value;
    }
  }

  bool erase(const Value& key) {
    return numeric_keys ? by_number.erase(number_key(key)) > 0 : by_text.erase(text_key(key)) > 0;
  }

  std::string key_text(const Value& key) const {
    return key.is(Kind::String) ? "'" + key.string_value() + "'" : runtime::display(key);
  }

 private:
  static const Value& single_key(std::span<const Value> subscripts) {
    if (subscripts.size() != 1) {
      throw Error(fmt::format(messages::map_index_one_key, subscripts.size()));
    }
    return subscripts[0];
  }

  std::string text_key(const Value& key) const {
    if (!key.is(Kind::String)) {
      throw Error(fmt::format(messages::map_char_key_not_string, key.kind_name()));
    }
    return key.string_value();
  }

  double number_key(const Value& key) const {
    if (!(key.is(Kind::Scalar) || key.is(Kind::Bool))) {
      throw Error(fmt::format(messages::map_double_key_not_number, key.kind_name()));
    }
    return key.scalar_value();
  }
};

MapObject& map_argument(Call& call, int index) {
  const Value& value = call.value(index);
  if (value.is(Kind::Object)) {
    if (auto* map = dynamic_cast<MapObject*>(value.object_value().get())) return *map;
  }
  call.fail(fmt::format(
      messages::not_a_map, index + 1,
      value.is(Kind::Object) ? value.object_value()->kind_name() : std::string(value.kind_name())));
}

// The keys or values a constructor argument lists: a cell's elements, a string array's strings,
// a vector's numbers, or one value.
std::vector<Value> listed(const Value& value) {
  std::vector<Value> items;
  if (value.is(Kind::Cell)) {
    items = value.cell_value().items;
  } else if (value.is(Kind::StringArray)) {
    for (const std::string& text : value.string_array_value()) items.push_back(Value::string(text));
  } else if (value.is_array()) {
    const num::Matrix& m = value.matrix_value();
    for (num::Index k = 0; k < m.size(); ++k) items.push_back(Value::scalar(m[k]));
  } else {
    items.push_back(value);
  }
  return items;
}

// An option name of the constructor, in any letter case (MATLAB's rule).
bool is_option(const Value& value) {
  if (!value.is(Kind::String)) return false;
  const std::string name = lowercase(value.string_value());
  return name == "keytype" || name == "valuetype" || name == "uniformvalues";
}

// containers.Map(), containers.Map(keys, values), and the "KeyType"/"ValueType" options.
Value make_map(Call& call) {
  auto map = std::make_shared<MapObject>();
  int options = 0;
  if (call.count() >= 2 && !is_option(call.value(0))) {
    options = 2;
    const std::vector<Value> keys = listed(call.value(0));
    // One key (a string or a number) takes the value whole: containers.Map("w", [1 2 3]).
    const bool one_key = call.value(0).is(Kind::String) || call.value(0).is(Kind::Scalar);
    const std::vector<Value> values =
        one_key ? std::vector<Value>{call.value(1)} : listed(call.value(1));
    if (keys.size() != values.size()) {
      call.fail(fmt::format(messages::map_key_value_counts, keys.size(), values.size()));
    }
    map->numeric_keys = !keys.empty() && !keys.front().is(Kind::String);
    for (std::size_t k = 0; k < keys.size(); ++k) map->put(keys[k], values[k]);
  }
  call.name_value_options(options,
                          {{"KeyType",
                            [&](int k) {
                              const std::string& type = call.string(k);
                              if (type != "char" && type != "double") {
                                call.fail(fmt::format(messages::bad_map_key_type, type));
                              }
                              if (map->count() > 0 && map->numeric_keys != (type == "double")) {
                                call.fail(fmt::format(messages::map_key_type_mismatch, type));
                              }
                              map->numeric_keys = type == "double";
                            }},
                           {"ValueType", [&](int k) { map->value_type = call.string(k); }},
                           {"UniformValues", [&](int k) { call.boolean(k); }}});
  return Value::object(std::move(map));
}

// A Vector of numbers or a string array of texts, from values all of one sort; else a 1×N cell.
// In matlab code numbers are a cell too: MATLAB's keys and values are always cells.
Value gathered(const Call& call, const std::vector<Value>& items) {
  bool numbers = call.session().dialect() != lang::Dialect::Matlab;
  bool texts = true;
  for (const Value& item : items) {
    numbers = numbers && (item.is(Kind::Scalar) || item.is(Kind::Bool));
    texts = texts && item.is(Kind::String);
  }
  if (numbers) {
    num::Matrix row(1, static_cast<num::Index>(items.size()));
    for (std::size_t k = 0; k < items.size(); ++k) {
      row.set(static_cast<num::Index>(k), items[k].scalar_value());
    }
    return Value::vector(std::move(row));
  }
  if (texts) {
    std::vector<std::string> strings;
    for (const Value& item : items) strings.push_back(item.string_value());
    return Value::string_array(std::move(strings));
  }
  return Value::cell(runtime::CellArray::row(items));
}

Value keys(Call& call) {
  const MapObject& map = map_argument(call, 0);
  std::vector<Value> items;
  if (map.numeric_keys) {
    for (const auto& entry : map.by_number) items.push_back(Value::scalar(entry.first));
    return gathered(call, items);
  }
  std::vector<std::string> texts;
  for (const auto& entry : map.by_text) texts.push_back(entry.first);
  return Value::string_array(std::move(texts));
}

// values(m) in key order; values(m, keys) for the listed keys.
Value values(Call& call) {
  const MapObject& map = map_argument(call, 0);
  std::vector<Value> items;
  if (call.has(1)) {
    for (const Value& key : listed(call.value(1))) {
      const Value* found = map.find(key);
      if (!found) call.fail(fmt::format(messages::key_not_present, map.key_text(key)));
      items.push_back(*found);
    }
  } else if (map.numeric_keys) {
    for (const auto& entry : map.by_number) items.push_back(entry.second);
  } else {
    for (const auto& entry : map.by_text) items.push_back(entry.second);
  }
  return gathered(call, items);
}

// isKey(m, key) → Bool; isKey(m, {keys}) → a logical Vector.
Value is_key(Call& call) {
  const MapObject& map = map_argument(call, 0);
  if (!call.value(1).is(Kind::StringArray) && !call.value(1).is(Kind::Cell)) {
    return Value::boolean(map.find(call.value(1)) != nullptr);
  }
  const std::vector<Value> keys_asked = listed(call.value(1));
  num::Matrix found(1, static_cast<num::Index>(keys_asked.size()));
  for (std::size_t k = 0; k < keys_asked.size(); ++k) {
    found.set(static_cast<num::Index>(k), map.find(keys_asked[k]) ? 1.0 : 0.0);
  }
  return Value::vector(std::move(found), /*logical=*/true);
}

// remove(m, key) or remove(m, {keys}): deletes the entries (a missing key is an error) and
// returns the map.
Value remove(Call& call) {
  MapObject& map = map_argument(call, 0);
  for (const Value& key : listed(call.value(1))) {
    if (!map.erase(key)) call.fail(fmt::format(messages::key_not_present, map.key_text(key)));
  }
  return call.value(0);
}

}  // namespace

extern const BuiltinTable kMapBuiltins = {
    {"containers.Map", make_map, 0, -1,
     "Key-value map (a shared handle): containers.Map(), containers.Map(keys, values). Example: m "
     "= containers.Map(); m(\"a\") = 1; m.keys()"},
    {"keys", keys, 1, 1,
     "The keys of a containers.Map, sorted. Example: m = containers.Map({\"b\", \"a\"}, [2, 1]); "
     "keys(m)"},
    {"values", values, 1, 2,
     "The values of a containers.Map in key order; values(m, keys). Example: m = "
     "containers.Map({\"b\", \"a\"}, [2, 1]); values(m)"},
    {"isKey", is_key, 2, 2,
     "True when a containers.Map has the key (one per key of a list). Example: m = "
     "containers.Map({\"a\"}, {1}); isKey(m, \"a\")"},
    {"remove", remove, 2, 2,
     "Deletes keys from a containers.Map and returns it. Example: m = containers.Map({\"a\", "
     "\"b\"}, [1, 2]); remove(m, \"a\"); keys(m)"},
};

}  // namespace llmlab::builtins
