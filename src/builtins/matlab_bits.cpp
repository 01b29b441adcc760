// MATLAB's integer bit and base helpers rlab lacks, for byte-level tokenisation studies: bitand,
// bitor, bitxor, bitshift on non-negative integers below 2^53 (element-wise, a scalar paired
// with every element), dec2bin/dec2hex and their inverses, and nextpow2.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "builtins/matlab_slices.hpp"
#include "num/format.hpp"

namespace llmlab::builtins {
namespace {

using matlab::real_matrix;
using matlab::same_shape;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

constexpr double kLargestFlint = 9007199254740992.0;  // 2^53

std::uint64_t flint(Call& call, double x) {
  if (!(x >= 0.0 && x < kLargestFlint) || std::floor(x) != x) {
    call.fail("arguments must be non-negative integers below 2^53, got " + num::format_shortest(x));
  }
  return static_cast<std::uint64_t>(x);
}

// f(a, b) element-wise over two numeric arguments of one shape, or a scalar and an array.
template <class F>
Value integer_pairs(Call& call, F f) {
  const num::Matrix a = real_matrix(call, 0);
  const num::Matrix b = real_matrix(call, 1);
  if (a.size() != 1 && b.size() != 1 && (a.rows() != b.rows() || a.columns() != b.columns())) {
    call.fail("arguments must have the same size, or one must be a scalar");
  }
  const bool shape_of_a = b.size() == 1;
  num::Matrix result = shape_of_a ? a : b;
  for (num::Index k = 0; k < result.size(); ++k) {
    result.set(k, f(call, a[a.size() == 1 ? 0 : k], b[b.size() == 1 ? 0 : k]));
  }
  return same_shape(call.value(shape_of_a ? 0 : 1), std::move(result));
}

template <class Op>
Value bitwise(Call& call) {
  return integer_pairs(call, [](Call& c, double x, double y) {
    return static_cast<double>(Op{}(flint(c, x), flint(c, y)));
  });
}

struct BitAnd {
  std::uint64_t operator()(std::uint64_t x, std::uint64_t y) const { return x & y; }
};
struct BitOr {
  std::uint64_t operator()(std::uint64_t x, std::uint64_t y) const { return x | y; }
};
struct BitXor {
  std::uint64_t operator()(std::uint64_t x, std::uint64_t y) const { return x ^ y; }
};

// bitshift(a, k): a·2^k for k > 0 (bits above 2^53 are dropped), a shifted right for k < 0.
Value bitshift(Call& call) {
  return integer_pairs(call, [](Call& c, double x, double k) {
    const std::uint64_t value = flint(c, x);
    if (std::floor(k) != k) c.fail("shift must be an integer, got " + num::format_shortest(k));
    if (k >= 53.0 || k <= -53.0) return 0.0;
    const std::uint64_t shifted = k >= 0 ? (value << static_cast<int>(k)) & ((1ULL << 53) - 1)
                                         : value >> static_cast<int>(-k);
    return static_cast<double>(shifted);
  });
}

// The digits of `value` in base 2 or 16 (upper case), at least `width` of them.
std::string in_base(std::uint64_t value, unsigned base, std::size_t width) {
  std::string digits;
  do {
    digits.insert(digits.begin(), "0123456789ABCDEF"[value % base]);
    value /= base;
  } while (value != 0);
  if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
  return digits;
}

// dec2bin(d[, n]) and dec2hex(d[, n]): a String for a scalar; for an array, a StringArray of
// equally wide strings (MATLAB's rows of a char matrix).
template <unsigned kBase>
Value to_base(Call& call) {
  const num::Matrix d = real_matrix(call, 0);
  std::size_t width = call.has(1) ? static_cast<std::size_t>(call.count_argument(1)) : 0;
  std::vector<std::string> texts;
  for (num::Index k = 0; k < d.size(); ++k) {
    texts.push_back(in_base(flint(call, d[k]), kBase, width));
  }
  for (const std::string& text : texts) width = std::max(width, text.size());
  for (std::string& text : texts) {
    if (text.size() < width) text.insert(0, width - text.size(), '0');
  }
  if (call.value(0).is_array()) return Value::string_array(std::move(texts));
  return Value::string(texts.empty() ? "" : texts.front());
}

double from_base(Call& call, const std::string& text, unsigned base) {
  double value = 0.0;
  bool any_digit = false;
  for (const char c : text) {
    if (c == ' ') continue;
    unsigned digit = base;
    if (c >= '0' && c <= '9') digit = static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f') digit = static_cast<unsigned>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') digit = static_cast<unsigned>(c - 'A' + 10);
    if (digit >= base) call.fail(fmt::format("\"{}\" is not a base-{} number", text, base));
    value = value * base + digit;
    any_digit = true;
  }
  if (!any_digit) call.fail(fmt::format("\"{}\" is not a base-{} number", text, base));
  return value;
}

// bin2dec(s) and hex2dec(s): the number a String spells; a StringArray gives a Vector.
template <unsigned kBase>
Value from_base_builtin(Call& call) {
  const Value& x = call.value(0);
  if (x.is(Kind::StringArray)) {
    const std::vector<std::string>& items = x.string_array_value();
    num::Matrix values(1, static_cast<num::Index>(items.size()));
    for (std::size_t k = 0; k < items.size(); ++k) {
      values.set(static_cast<num::Index>(k), from_base(call, items[k], kBase));
    }
    return Value::vector(std::move(values));
  }
  return Value::scalar(from_base(call, call.string(0), kBase));
}

// nextpow2(x): the smallest integer p with 2^p >= |x| (0 for 0), element-wise.
Value nextpow2(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) {
    const double magnitude = std::abs(value);
    if (magnitude == 0.0) {
      value = 0.0;
    } else if (std::isfinite(magnitude)) {
      int exponent = 0;
      const double mantissa = std::frexp(magnitude, &exponent);  // magnitude = mantissa·2^exponent
      value = mantissa == 0.5 ? exponent - 1 : exponent;
    } else {
      value = magnitude;
    }
  }
  return same_shape(call.value(0), std::move(m));
}

}  // namespace

extern const BuiltinTable kMatlabBitBuiltins = {
    {"bitand", bitwise<BitAnd>, 2, 2, "Bitwise and of non-negative integers, element-wise."},
    {"bitor", bitwise<BitOr>, 2, 2, "Bitwise or of non-negative integers, element-wise."},
    {"bitxor", bitwise<BitXor>, 2, 2, "Bitwise exclusive or of non-negative integers."},
    {"bitshift", bitshift, 2, 2, "a shifted left by k bits (right for k < 0): bitshift(a, k)."},
    {"dec2bin", to_base<2>, 1, 2, "Binary digits of a non-negative integer: dec2bin(d[, n])."},
    {"dec2hex", to_base<16>, 1, 2,
     "Hexadecimal digits of a non-negative integer: dec2hex(d[, n])."},
    {"bin2dec", from_base_builtin<2>, 1, 1, "The number a string of binary digits spells."},
    {"hex2dec", from_base_builtin<16>, 1, 1, "The number a string of hexadecimal digits spells."},
    {"nextpow2", nextpow2, 1, 1, "Smallest p with 2^p >= |x|, element-wise."},
};

}  // namespace llmlab::builtins
