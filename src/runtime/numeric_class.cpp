// The numeric class rules (numeric_class.hpp): names, conversion, result classes.
#include "runtime/numeric_class.hpp"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>

#include "base/error.hpp"
#include "base/messages/values.hpp"
#include "num/matrix.hpp"

namespace llmlab::runtime {

namespace {

constexpr std::array<std::string_view, 13> kNames = {
    "double", "logical", "char",  "string", "single", "int8",   "uint8",
    "int16",  "uint16",  "int32", "uint32", "int64",  "uint64",
};

struct Range {
  double lowest;
  double highest;
};

template <class Int>
constexpr Range range_of() {
  return {static_cast<double>(std::numeric_limits<Int>::min()),
          static_cast<double>(std::numeric_limits<Int>::max())};
}

Range integer_range(NumClass cls) {
  switch (cls) {
    case NumClass::Int8:
      return range_of<std::int8_t>();
    case NumClass::UInt8:
      return range_of<std::uint8_t>();
    case NumClass::Int16:
      return range_of<std::int16_t>();
    case NumClass::UInt16:
      return range_of<std::uint16_t>();
    case NumClass::Int32:
      return range_of<std::int32_t>();
    case NumClass::UInt32:
      return range_of<std::uint32_t>();
    case NumClass::Int64:
      return range_of<std::int64_t>();
    default:
      return range_of<std::uint64_t>();
  }
}

// IEEE's rounding to float32, spelled out beyond FLT_MAX where the C++ conversion is undefined:
// up to half an ulp (2^103) above FLT_MAX rounds down to it, from there on it overflows.
double round_to_single(double x) {
  const double largest = static_cast<double>(FLT_MAX);
  if (std::isfinite(x) && std::abs(x) > largest) {
    const double magnitude = std::abs(x) < largest + std::ldexp(1.0, 103)
                                 ? largest
                                 : std::numeric_limits<double>::infinity();
    return std::copysign(magnitude, x);
  }
  return static_cast<double>(static_cast<float>(x));
}

}  // namespace

std::string_view class_name(NumClass cls) { return kNames[static_cast<std::size_t>(cls)]; }

std::optional<NumClass> class_from_name(std::string_view name) {
  for (std::size_t k = 0; k < kNames.size(); ++k) {
    const auto cls = static_cast<NumClass>(k);
    if (kNames[k] == name && cls != NumClass::Char && cls != NumClass::String) {
      return cls;
    }
  }
  return std::nullopt;
}

double integer_lowest(NumClass cls) { return integer_range(cls).lowest; }
double integer_highest(NumClass cls) { return integer_range(cls).highest; }

std::string integer_text(double x, NumClass cls) {
  if (cls == NumClass::Int64 && x >= 0x1p63) return "9223372036854775807";
  if (cls == NumClass::UInt64 && x >= 0x1p64) return "18446744073709551615";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.0f", x);
  return buffer;
}

double to_class(double x, NumClass cls) {
  if (cls == NumClass::Single) return round_to_single(x);
  if (!is_integer_class(cls)) return x;
  if (std::isnan(x)) return 0.0;
  const Range range = integer_range(cls);
  // + 0.0 turns round(-0.4)'s -0 into the 0 an integer class has.
  return std::clamp(std::round(x), range.lowest, range.highest) + 0.0;
}

void convert_to_class(num::Matrix& values, NumClass cls) {
  if (!is_special_class(cls)) return;
  if (values.is_complex()) {
    for (num::Complex& z : values.mutable_complex_values()) {
      z = {to_class(z.real(), cls), to_class(z.imag(), cls)};
    }
    return;
  }
  for (double& x : values.mutable_real_values()) x = to_class(x, cls);
}

NumClass arithmetic_class(NumClass a, NumClass b) {
  if (is_integer_class(a) && is_integer_class(b) && a != b) {
    throw Error(std::string(messages::integer_class_mix));
  }
  if (is_integer_class(a)) return a;
  if (is_integer_class(b)) return b;
  if (a == NumClass::Single || b == NumClass::Single) return NumClass::Single;
  return NumClass::Double;
}

NumClass concatenation_class(NumClass a, NumClass b) {
  if (a == NumClass::Char || b == NumClass::Char) return NumClass::Char;
  if (is_integer_class(a)) return a;
  if (is_integer_class(b)) return b;
  if (a == NumClass::Single || b == NumClass::Single) return NumClass::Single;
  if (a == NumClass::Logical && b == NumClass::Logical) return NumClass::Logical;
  return NumClass::Double;
}

}  // namespace llmlab::runtime
