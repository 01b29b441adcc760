#include "base/json.hpp"

#include <fmt/format.h>

#include "base/error.hpp"

namespace llmlab::json {

Value parse(std::string_view text, std::string_view what) {
  try {
    return Value::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.what() starts with "[json.exception.parse_error.101] "; the reader wants the rest.
    std::string_view message = e.what();
    if (const auto close = message.find("] "); close != std::string_view::npos) {
      message.remove_prefix(close + 2);
    }
    throw Error(fmt::format("{}: {}", what, message));
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

std::string string_or_empty(const Value* v) {
  return v != nullptr && v->is_string() ? v->get<std::string>() : std::string();
}

}  // namespace llmlab::json
