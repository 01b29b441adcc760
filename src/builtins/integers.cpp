// builtins.md §4 Element-wise math, on integers: number theory (gcd, lcm, isprime, primes)
// and, for byte-level tokenisation
// studies, bitand, bitor, bitxor, bitshift on non-negative integers below 2^53 (element-wise, a
// scalar paired with every element), dec2bin/dec2hex and their inverses, and nextpow2.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/messages/arguments.hpp"
#include "base/messages/classes.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "num/format.hpp"
#include "num/rng.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// Whole numbers below 2^53 (every integer a double holds exactly), or a failure naming `what`.
double whole(Call& call, double x, const char* what) {
  if (!(std::abs(x) < 0x1p53) || std::floor(x) != x) {
    call.fail(fmt::format(messages::must_be_integers, what));
  }
  return x;
}

double greatest_common_divisor(double a, double b) {
  a = std::abs(a);
  b = std::abs(b);
  while (b != 0.0) {
    const double remainder = std::fmod(a, b);
    a = b;
    b = remainder;
  }
  return a;
}

// gcd(a, b) and lcm(a, b) element-wise with the broadcasting of the arithmetic operators
// (a scalar pairs with every element); gcd(0, 0) is 0, lcm with a 0 is 0.
template <bool least_multiple>
Value divisors(Call& call) {
  const Value& a = call.value(0);
  const Value& b = call.value(1);
  const num::Matrix x = real_matrix(call, 0);
  const num::Matrix y = real_matrix(call, 1);
  if (x.size() != 1 && y.size() != 1 && (x.rows() != y.rows() || x.columns() != y.columns())) {
    call.fail(fmt::format(messages::same_size_or_scalar, "arguments"));
  }
  num::Matrix result = x.size() == 1 && y.size() != 1 ? y : x;
  const Value& shape = x.size() == 1 && y.size() != 1 ? b : a;
  for (num::Index k = 0; k < result.size(); ++k) {
    const double p = whole(call, x.size() == 1 ? x[0] : x[k], "arguments");
    const double q = whole(call, y.size() == 1 ? y[0] : y[k], "arguments");
    const double g = greatest_common_divisor(p, q);
    result.set(k, !least_multiple ? g : (g == 0.0 ? 0.0 : std::abs(p / g * q)));
  }
  return a.is_array() || b.is_array() ? same_shape(shape, std::move(result))
                                      : Value::scalar(result[0]);
}

bool prime(double n) {
  if (n < 2.0) return false;
  for (double d = 2.0; d * d <= n; d += 1.0) {
    if (std::fmod(n, d) == 0.0) return false;
  }
  return true;
}

// isprime(x): element-wise, a Bool for a scalar and a logical array otherwise.
Value isprime(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) {
    if (!(value >= 0.0)) call.fail(fmt::format(messages::must_be_non_negative_integers, "x"));
    value = prime(whole(call, value, "x")) ? 1.0 : 0.0;
  }
  const Value& x = call.value(0);
  if (!x.is_array()) return Value::boolean(m[0] != 0.0);
  Value result = same_shape(x, std::move(m));
  result.set_logical(true);
  return result;
}

// primes(n): the primes up to n, by a sieve, as a Vector.
Value primes(Call& call) {
  const double limit = std::floor(call.scalar(0));
  if (limit > 1e8) call.fail(messages::n_above_1e8);
  if (std::isnan(limit) && call.session().dialect() == lang::Dialect::Matlab) {
    call.fail(fmt::format(messages::must_be_a_number, "n"));
  }
  std::vector<double> found;
  if (limit >= 2.0) {
    const auto n = static_cast<std::size_t>(limit);
    std::vector<bool> composite(n + 1, false);
    for (std::size_t p = 2; p <= n; ++p) {
      if (composite[p]) continue;
      found.push_back(static_cast<double>(p));
      for (std::size_t q = p * p; q <= n; q += p) composite[q] = true;
    }
  }
  return Value::vector(num::Matrix::row(found));
}

constexpr double kLargestFlint = 9007199254740992.0;  // 2^53

std::uint64_t flint(Call& call, double x) {
  if (!(x >= 0.0 && x < kLargestFlint) || std::floor(x) != x) {
    call.fail(fmt::format(messages::not_integer_below_2_53, num::format_shortest(x)));
  }
  return static_cast<std::uint64_t>(x);
}

// f(a, b) element-wise over two numeric arguments of one shape, or a scalar and an array.
template <class F>
Value integer_pairs(Call& call, F f) {
  const num::Matrix a = real_matrix(call, 0);
  const num::Matrix b = real_matrix(call, 1);
  if (a.size() != 1 && b.size() != 1 && (a.rows() != b.rows() || a.columns() != b.columns())) {
    call.fail(fmt::format(messages::same_size_or_scalar, "arguments"));
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

// bitand, bitor and bitxor of two logicals are logical (Octave's bitand(true, false) is false).
template <runtime::BuiltinBody body>
Value logical_pairs(Call& call) {
  Value result = body(call);
  if (!call.value(0).is_logical() || !call.value(1).is_logical()) return result;
  return runtime::binary_operation(lang::BinaryOp::NotEqual, result, Value::scalar(0.0));
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
    if (std::floor(k) != k)
      c.fail(fmt::format(messages::shift_not_integer, num::format_shortest(k)));
    if (k >= 53.0 || k <= -53.0) return 0.0;
    const std::uint64_t shifted = k >= 0 ? (value << static_cast<int>(k)) & ((1ULL << 53) - 1)
                                         : value >> static_cast<int>(-k);
    return static_cast<double>(shifted);
  });
}

// bitshift of an integer class: the bits shifted past the class's width are dropped, and a
// signed class reads its top bit as the sign (MATLAB's bitshift(int8(64), 1) is -128).
Value class_bitshift(Call& call) {
  const runtime::NumClass cls = kept_class(call, 1);
  if (!runtime::is_integer_class(cls)) return element_wise<bitshift, 2>(call);
  Value result = in_class(call, element_wise<bitshift, 2>, 1, runtime::NumClass::Double);
  const bool is_signed = runtime::integer_lowest(cls) < 0.0;
  const double span = (runtime::integer_highest(cls) - runtime::integer_lowest(cls)) + 1.0;
  const auto wrap = [&](double x) {
    const double bits = std::fmod(x, span);
    return is_signed && bits > runtime::integer_highest(cls) ? bits - span : bits;
  };
  if (result.is(Kind::Scalar)) return Value::classed_scalar(wrap(result.scalar_value()), cls);
  if (result.is_array()) {
    for (double& x : result.mutable_matrix().mutable_real_values()) x = wrap(x);
  }
  return runtime::tagged(std::move(result), cls);
}

enum class Rounding { Fix, Round, Floor, Ceil };

double rounded(double x, Rounding rounding) {
  switch (rounding) {
    case Rounding::Fix:
      return std::trunc(x);
    case Rounding::Round:
      return std::round(x);
    case Rounding::Floor:
      return std::floor(x);
    case Rounding::Ceil:
      return std::ceil(x);
  }
  return x;
}

// a / b rounded. Two whole numbers below 2^63 divide exactly in 64-bit integers: a double
// quotient loses the remainder of int64 values beyond 2^53 (idivide(int64(4e16), int64(-2e8 +
// 1), "floor") is -200000002, not -200000001).
double rounded_quotient(double a, double b, Rounding rounding) {
  const auto whole = [](double x) { return x == std::trunc(x) && std::abs(x) < 0x1p63; };
  if (b == 0.0 || !whole(a) || !whole(b)) return rounded(a / b, rounding);
  const auto x = static_cast<std::int64_t>(a);
  const auto y = static_cast<std::int64_t>(b);
  std::int64_t q = x / y;
  const std::int64_t r = x % y;
  if (r == 0 || rounding == Rounding::Fix) return static_cast<double>(q);
  const bool negative = (x < 0) != (y < 0);  // the true quotient's sign
  const std::uint64_t twice = 2 * static_cast<std::uint64_t>(r < 0 ? -r : r);
  const auto divisor = static_cast<std::uint64_t>(y < 0 ? -y : y);
  if (rounding == Rounding::Floor && negative) --q;
  if (rounding == Rounding::Ceil && !negative) ++q;
  if (rounding == Rounding::Round && twice >= divisor) q += negative ? -1 : 1;
  return static_cast<double>(q);
}

Rounding rounding_option(Call& call) {
  static constexpr Rounding kRoundings[] = {Rounding::Fix, Rounding::Round, Rounding::Floor,
                                            Rounding::Ceil};
  if (!call.has(2)) return Rounding::Fix;
  return kRoundings[call.choice(2, {"fix", "round", "floor", "ceil"}, "option")];
}

// idivide(a, b[, "fix" | "round" | "floor" | "ceil"]): a ./ b of integers, the quotient rounded
// as the option says (toward zero by default, MATLAB's), in the operands' integer class. The
// quotient's shape is the operator's (a scalar pairs with every element).
Value idivide(Call& call) {
  const runtime::NumClass cls = kept_class(call, 2);
  // rlab has no integer classes (its int32(7) is a double): there the quotient is a double.
  if (!runtime::is_integer_class(cls) && makes_classes(call)) {
    call.fail(messages::no_integer_class_argument);
  }
  const Rounding rounding = rounding_option(call);
  const num::Matrix a = real_matrix(call, 0);
  const num::Matrix b = real_matrix(call, 1);
  Value quotient = runtime::binary_operation(lang::BinaryOp::ElementDivide,
                                             runtime::without_class(call.value(0)),
                                             runtime::without_class(call.value(1)));
  num::Matrix q = quotient.as_matrix();
  const bool paired =
      (a.rows() == b.rows() && a.columns() == b.columns()) || a.size() == 1 || b.size() == 1;
  for (num::Index k = 0; k < q.size(); ++k) {
    q.set(k, paired ? rounded_quotient(a[a.size() == 1 ? 0 : k], b[b.size() == 1 ? 0 : k], rounding)
                    : rounded(q[k], rounding));
  }
  return runtime::converted_to_class(Value::like(quotient, std::move(q)), cls);
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

// The bits dec2bin and dec2hex write for a negative integer (MATLAB and Octave): its two's
// complement in the narrowest of 8, 16, 32 and 64 bits that holds it.
std::uint64_t twos_complement(Call& call, double x) {
  if (!(x >= -9223372036854775808.0) || std::floor(x) != x) {
    call.fail(fmt::format(messages::not_integer_in_int64_range, num::format_shortest(x)));
  }
  const auto value = static_cast<std::int64_t>(x);
  for (const int bits : {8, 16, 32}) {
    if (value >= -(std::int64_t{1} << (bits - 1))) {
      return static_cast<std::uint64_t>(value) & ((std::uint64_t{1} << bits) - 1);
    }
  }
  return static_cast<std::uint64_t>(value);
}

// dec2bin(d[, n]) and dec2hex(d[, n]): a String for a scalar; for an array, a StringArray of
// equally wide strings (MATLAB's rows of a char matrix). A negative d is written in two's
// complement.
template <unsigned kBase>
Value to_base(Call& call) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  // matlab code takes the elements in MATLAB's column order, one row of a char matrix each.
  const num::Matrix d = matlab ? real_matrix(call, 0).transposed() : real_matrix(call, 0);
  std::size_t width = call.has(1) ? static_cast<std::size_t>(call.count_argument(1)) : 0;
  std::vector<std::string> texts;
  for (num::Index k = 0; k < d.size(); ++k) {
    const std::uint64_t bits = d[k] < 0.0 ? twos_complement(call, d[k]) : flint(call, d[k]);
    texts.push_back(in_base(bits, kBase, width));
  }
  for (const std::string& text : texts) width = std::max(width, text.size());
  for (std::string& text : texts) {
    if (text.size() < width) text.insert(0, width - text.size(), '0');
  }
  if (matlab && call.value(0).is_array() && !texts.empty()) {
    return runtime::char_rows(texts, runtime::RowWidths::MustAgree);
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
    if (digit >= base) call.fail(fmt::format(messages::not_base_number, text, base));
    value = value * base + digit;
    any_digit = true;
  }
  if (!any_digit) call.fail(fmt::format(messages::not_base_number, text, base));
  return value;
}

// bin2dec(s) and hex2dec(s): the number a String spells; a StringArray gives a Vector.
template <unsigned kBase>
Value from_base_builtin(Call& call) {
  const Value& x = call.value(0);
  // In matlab code a cell of texts gives a column, one number per text (MATLAB's shape).
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  // A char matrix gives a column, one number per row.
  if (x.is(Kind::StringArray) || (matlab && x.is(Kind::Cell)) || runtime::is_char_matrix(x)) {
    const std::vector<std::string> items =
        runtime::is_char_matrix(x) ? runtime::text_rows(x) : call.texts(0);
    num::Matrix values(1, static_cast<num::Index>(items.size()));
    for (std::size_t k = 0; k < items.size(); ++k) {
      values.set(static_cast<num::Index>(k), from_base(call, items[k], kBase));
    }
    if (matlab) return Value::matrix(values.with_shape(values.size(), 1));
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

// gcd(a, b, c, ...) and lcm(a, b, c, ...): the pairwise rule folded left to right, as MATLAB
// and Octave take more than two arguments.
template <bool kMultiple>
Value fold_divisors(Call& call) {
  if (call.count() == 2) return element_wise<divisors<kMultiple>, 2>(call);
  Value result = call.value(0);
  for (int k = 1; k < call.count(); ++k) {
    const Value pair[] = {result, call.value(k)};
    runtime::Call step(call.interpreter(), call.name(), pair, 1);
    result = element_wise<divisors<kMultiple>, 2>(step);
  }
  return result;
}

}  // namespace

extern const BuiltinTable kIntegerBuiltins = {
    {"gcd", keeps_class<fold_divisors<false>, 2>, 2, -1,
     "Greatest common divisor of integers, element-wise (of every argument in turn). Example: "
     "gcd(12, 18)"},
    {"lcm", keeps_class<fold_divisors<true>, 2>, 2, -1,
     "Least common multiple of integers, element-wise (of every argument in turn). Example: "
     "lcm(4, 6)"},
    {"isprime", element_wise<isprime>, 1, 1,
     "True for prime integers, element-wise. Example: isprime(1:10)"},
    {"primes", keeps_class<primes>, 1, 1, "The primes up to n, as a vector. Example: primes(20)"},
    {"bitand", logical_pairs<keeps_class<element_wise<bitwise<BitAnd>, 2>, 2>>, 2, 2,
     "Bitwise and of non-negative integers, element-wise. Example: bitand(12, 10)"},
    {"bitor", logical_pairs<keeps_class<element_wise<bitwise<BitOr>, 2>, 2>>, 2, 2,
     "Bitwise or of non-negative integers, element-wise. Example: bitor(12, 10)"},
    {"bitxor", logical_pairs<keeps_class<element_wise<bitwise<BitXor>, 2>, 2>>, 2, 2,
     "Bitwise exclusive or of non-negative integers. Example: bitxor(12, 10)"},
    {"idivide", idivide, 2, 3,
     "Integer division rounded toward zero (or \"round\", \"floor\", \"ceil\"). Example: "
     "idivide(int32(7), int32(2))"},
    {"bitshift", class_bitshift, 2, 2,
     "a shifted left by k bits (right for k < 0): bitshift(a, k). Example: bitshift(1, 4)"},
    {"dec2bin", to_base<2>, 1, 2,
     "Binary digits of an integer (two's complement when negative): dec2bin(d[, n]). Example: "
     "dec2bin(10)"},
    {"dec2hex", to_base<16>, 1, 2,
     "Hexadecimal digits of an integer (two's complement when negative): dec2hex(d[, n]). "
     "Example: dec2hex(255)"},
    {"bin2dec", from_base_builtin<2>, 1, 1,
     "The number a string of binary digits spells. Example: bin2dec(\"1010\")"},
    {"hex2dec", from_base_builtin<16>, 1, 1,
     "The number a string of hexadecimal digits spells. Example: hex2dec(\"ff\")"},
    {"nextpow2", element_wise<nextpow2>, 1, 1,
     "Smallest p with 2^p >= |x|, element-wise. Example: nextpow2(100)"},
};

}  // namespace llmlab::builtins
