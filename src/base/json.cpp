#include "base/json.hpp"

#include <fmt/format.h>

#include <cmath>

#include "base/error.hpp"
#include "base/messages/system.hpp"

namespace llmlab::json {

Value parse(std::string_view text, std::string_view what) {
  // The last member name the parser passed, so that a value it cannot hold (1e999 overflows a
  // double: nlohmann's out_of_range, not a parse_error) is reported with its field.
  std::string last_key;
  const auto note_keys = [&](int /*depth*/, nlohmann::json::parse_event_t event, Value& parsed) {
    if (event == nlohmann::json::parse_event_t::key && parsed.is_string()) {
      last_key = parsed.get<std::string>();
    }
    return true;
  };
  try {
    return Value::parse(text, note_keys);
  } catch (const nlohmann::json::exception& e) {
    // e.what() starts with "[json.exception.parse_error.101] "; the reader wants the rest.
    std::string_view message = e.what();
    if (const auto close = message.find("] "); close != std::string_view::npos) {
      message.remove_prefix(close + 2);
    }
    if (e.id == 406 && !last_key.empty()) {  // out_of_range.406: a number overflow
      throw Error(fmt::format(messages::json_field_error, what, last_key, message));
    }
    throw Error(fmt::format(messages::spoken_by, what, message));
  }
}

const Value* find(const Value& v, std::string_view key) {
  if (!v.is_object()) return nullptr;
  const auto it = v.find(key);
  return it == v.end() ? nullptr : &*it;
}

double number_or(const Value* v, double fallback) {
  return v != nullptr && v->is_number() ? v->get<double>() : fallback;
}

long long integer_or(const Value& object, std::string_view key, long long fallback, long long low,
                     long long high, std::string_view what) {
  const Value* v = find(object, key);
  if (v == nullptr || v->is_null()) return fallback;
  const double x = v->is_number() ? v->get<double>() : std::nan("");
  // The comparisons are false for NaN, so a non-number fails them too.
  if (!(x == std::floor(x) && x >= static_cast<double>(low) && x <= static_cast<double>(high))) {
    throw Error(fmt::format(messages::json_field_not_integer_in, what, key, low, high, v->dump()));
  }
  return static_cast<long long>(x);
}

std::string string_or_empty(const Value* v) {
  return v != nullptr && v->is_string() ? v->get<std::string>() : std::string();
}

}  // namespace llmlab::json
