// Reading the JSON files llmlab writes itself (the trainer's run records, sweep records), on
// nlohmann-json. ordered_json keeps members in file order; the helpers read an optional member
// of a known kind, as a reader of a record with optional fields needs.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace llmlab::json {

using Value = nlohmann::ordered_json;

// Parses a whole document; throws llmlab::Error "<what>: <nlohmann's message>" (a number too
// large for a double also names the field it was in).
Value parse(std::string_view text, std::string_view what);

// The member `key` of an object, or nullptr (also when `v` is not an object).
const Value* find(const Value& v, std::string_view key);

// A number member (or element), or `fallback` when it is missing or of another kind (JSON
// null stands for a non-finite number in our records).
double number_or(const Value* v, double fallback);
// The member `key` of `object` as an integer from `low` to `high`; `fallback` when it is
// missing or null. Anything else (a fraction, a string, a number out of range) throws
// llmlab::Error `<what>: field "<key>" must be an integer from <low> to <high>, got <value>`,
// since a cast of an out-of-range double is undefined behaviour.
long long integer_or(const Value& object, std::string_view key, long long fallback, long long low,
                     long long high, std::string_view what);
// A string member, or "" when it is missing or of another kind.
std::string string_or_empty(const Value* v);

}  // namespace llmlab::json
