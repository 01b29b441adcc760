#include "runtime/predefined.hpp"

#include <cmath>
#include <limits>

namespace llmlab::runtime {

std::optional<Value> predefined_value(std::string_view name) {
  if (name == "i" || name == "j") return Value::complex({0.0, 1.0});
  if (name == "pi") return Value::scalar(3.141592653589793);
  if (name == "e") return Value::scalar(2.718281828459045);
  if (name == "Inf") return Value::scalar(std::numeric_limits<double>::infinity());
  if (name == "NaN") return Value::scalar(std::numeric_limits<double>::quiet_NaN());
  if (name == "true" || name == "false") return Value::boolean(name == "true");
  return std::nullopt;
}

bool is_untouched_predefined(std::string_view name, const Value& value) {
  const std::optional<Value> start = predefined_value(name);
  if (!start || start->kind() != value.kind()) return false;
  switch (value.kind()) {
    case Kind::Complex:
      return value.complex_value() == start->complex_value();
    case Kind::Bool:
      return value.bool_value() == start->bool_value();
    case Kind::Scalar: {
      const double x = value.scalar_value();
      return std::isnan(x) ? std::isnan(start->scalar_value()) : x == start->scalar_value();
    }
    default:
      return false;
  }
}

}  // namespace llmlab::runtime
