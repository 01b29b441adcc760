// Number and array text forms (language.md §8.2–§8.5, §8.8). Fixed and exponential forms round
// the exact binary value with ties to even (glibc printf, the spec's reference; fmt agrees);
// the shortest digits come from {fmt}'s Dragonbox with rustlab's tie rule applied on top.
#include "num/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace llmlab::num {

namespace {

// printf into a std::string; `format` is one conversion of one double.
std::string printf_double(const char* format, int precision, double x) {
  char small[128];
  int length = std::snprintf(small, sizeof small, format, precision, x);
  if (length < static_cast<int>(sizeof small))
    return std::string(small, static_cast<size_t>(length));
  std::string text(static_cast<size_t>(length) + 1, '\0');
  std::snprintf(text.data(), text.size(), format, precision, x);
  text.resize(static_cast<size_t>(length));
  return text;
}

// Non-finite values print the same in every form but num2str's.
bool non_finite_text(double x, std::string& out) {
  if (std::isnan(x)) {
    out = "NaN";
    return true;
  }
  if (std::isinf(x)) {
    out = x > 0 ? "inf" : "-inf";
    return true;
  }
  return false;
}

// Significant digits d1..dn (d1 != 0) and k with |x| ≈ 0.d1...dn × 10^k.
struct Digits {
  char digits[32];
  int count = 0;
  int k = 0;
};

// True when |x| lies exactly halfway between two n-digit decimals, i.e. x·10^p = j + 1/2 for an
// integer j, with p = n − k. Writing |x| = m'·2^s with m' odd, 2·x·10^p = m'·5^p·2^(s+1+p) is an
// odd integer exactly when s + 1 + p = 0 and, for p < 0, 5^−p divides m'. Then 2j + 1 ≡ m'
// (mod 4), because 5 ≡ 1 (mod 4); `lower_is_even` reports the parity of j.
bool exact_tie(double magnitude, int p, bool& lower_is_even) {
  const auto bits = std::bit_cast<std::uint64_t>(magnitude);
  const auto biased_exponent = static_cast<int>(bits >> 52);
  std::uint64_t mantissa = bits & ((std::uint64_t{1} << 52) - 1);
  int exponent = -1074;
  if (biased_exponent != 0) {
    mantissa |= std::uint64_t{1} << 52;
    exponent = biased_exponent - 1075;
  }
  const int trailing = std::countr_zero(mantissa);
  mantissa >>= trailing;
  if (exponent + trailing + 1 + p != 0) return false;
  if (p < 0) {
    // 5^23 > 2^53 > m', so only small powers can divide it.
    if (-p > 22) return false;
    std::uint64_t power = 1;
    for (int i = 0; i < -p; ++i) power *= 5;
    if (mantissa % power != 0) return false;
  }
  lower_is_even = mantissa % 4 == 1;
  return true;
}

// Shortest digits per §8.3 step 2, of a finite magnitude > 0. {fmt}'s Dragonbox already picks
// the nearest shortest candidate, the digits std::to_chars gives (equal on 3·10⁶ random doubles;
// the WebAssembly build's libc++ 13 has no floating-point to_chars); only an exact tie needs
// care: there rustlab takes the larger magnitude (Dragonbox the even one).
Digits shortest_digits(double magnitude) {
  Digits result;
  const auto decimal = fmt::detail::dragonbox::to_decimal(magnitude);
  // significand · 10^exponent, the significand without trailing zeros.
  char buffer[32];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, decimal.significand);
  (void)error;
  int count = static_cast<int>(end - buffer);
  result.k = decimal.exponent + count;
  while (count > 1 && buffer[count - 1] == '0') --count;
  std::copy(buffer, buffer + count, result.digits);
  result.count = count;

  const int n = result.count;
  bool lower_is_even = false;
  if (!exact_tie(magnitude, n - result.k, lower_is_even)) return result;
  // The candidates are j and j + 1; Dragonbox returned one of them. Keep it if it is j + 1.
  const bool digits_even = (result.digits[n - 1] - '0') % 2 == 0;
  if (digits_even != lower_is_even) return result;
  int i = n - 1;
  while (i >= 0 && result.digits[i] == '9') result.digits[i--] = '0';
  if (i >= 0) {
    ++result.digits[i];
  } else {
    // Carry out of the first digit: 99..9 + 1 = 100..0, one more power of ten.
    result.digits[0] = '1';
    ++result.k;
  }
  // Trailing zeros created by the carry are not significant.
  while (result.count > 1 && result.digits[result.count - 1] == '0') --result.count;
  return result;
}

std::string element_part(double x, NumberStyle style) {
  switch (style) {
    case NumberStyle::Short:
      return format_fixed(x, 6);
    case NumberStyle::Long:
      return format_fixed(x, 15);
    case NumberStyle::Hex:
      return format_hex(x);
    case NumberStyle::Commas:
      return insert_commas(format_fixed(x, 6));
  }
  return format_fixed(x, 6);
}

}  // namespace

std::string format_shortest(double x) {
  std::string out;
  if (non_finite_text(x, out)) return out;
  if (x == 0.0) return std::signbit(x) ? "-0" : "0";
  const Digits d = shortest_digits(std::fabs(x));
  const std::string_view digits(d.digits, static_cast<size_t>(d.count));
  out.reserve(static_cast<size_t>(d.count + std::abs(d.k) + 3));
  if (x < 0) out.push_back('-');
  if (d.k <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-d.k), '0');
    out += digits;
  } else if (d.k < d.count) {
    out += digits.substr(0, static_cast<size_t>(d.k));
    out.push_back('.');
    out += digits.substr(static_cast<size_t>(d.k));
  } else {
    out += digits;
    out.append(static_cast<size_t>(d.k - d.count), '0');
  }
  return out;
}

std::string format_fixed(double x, int decimals) {
  std::string out;
  if (non_finite_text(x, out)) return out;
  // fmt rounds the exact binary value with ties to even, as glibc's printf does (checked on
  // 4 million values, dyadic ties included), and is about twice as fast.
  return fmt::format("{:.{}f}", x, decimals);
}

std::string format_hex(double x) { return fmt::format("{:016x}", std::bit_cast<std::uint64_t>(x)); }

std::string insert_commas(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  if (!text.empty() && text[0] == '-') {
    out.push_back('-');
    start = 1;
  }
  std::size_t integer_end = text.find('.', start);
  if (integer_end == std::string_view::npos) integer_end = text.find_first_of("eE", start);
  if (integer_end == std::string_view::npos) integer_end = text.size();
  const std::string_view integer = text.substr(start, integer_end - start);
  const bool all_digits =
      std::all_of(integer.begin(), integer.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!all_digits) return std::string(text);  // NaN, inf
  for (std::size_t i = 0; i < integer.size(); ++i) {
    if (i > 0 && (integer.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(integer[i]);
  }
  out += text.substr(integer_end);
  return out;
}

std::string format_scalar(double x, NumberStyle style) {
  switch (style) {
    case NumberStyle::Short:
      return format_shortest(x);
    case NumberStyle::Long:
      return format_fixed(x, 15);
    case NumberStyle::Hex:
      return format_hex(x);
    case NumberStyle::Commas:
      return insert_commas(format_shortest(x));
  }
  return format_shortest(x);
}

std::string format_complex(Complex c, NumberStyle style) {
  if (style == NumberStyle::Hex) {
    if (c.imag() == 0.0) return format_hex(c.real());
    return format_hex(c.real()) + "+" + format_hex(c.imag()) + "j";
  }
  std::string out = format_scalar(c.real(), style);
  if (c.imag() >= 0.0) out.push_back('+');
  out += format_scalar(c.imag(), style);
  out.push_back('j');
  return out;
}

std::string format_element(double x, NumberStyle style) { return element_part(x, style); }

std::string format_element(Complex c, NumberStyle style) {
  if (style == NumberStyle::Hex) {
    if (c.imag() == 0.0) return format_hex(c.real());
    return format_hex(c.real()) + "+" + format_hex(c.imag()) + "j";
  }
  if (std::fabs(c.imag()) < 1e-12) return element_part(c.real(), style);
  std::string out = element_part(c.real(), style);
  if (c.imag() >= 0.0) out.push_back('+');
  out += element_part(c.imag(), style);
  out.push_back('j');
  return out;
}

std::string format_vector(const Matrix& values, NumberStyle style, ShownLimits limits) {
  const Index n = values.size();
  std::string out = fmt::format("[1\u00d7{}]", n);
  const Index shown = std::min(n, limits.columns);
  for (Index i = 0; i < shown; ++i) {
    out += "  ";
    out += values.is_complex() ? format_element(values.complex_at(i), style)
                               : format_element(values[i], style);
  }
  if (n > shown) out += fmt::format("  ... ({} total)", n);
  return out;
}

std::string format_matrix(const Matrix& values, NumberStyle style, ShownLimits limits) {
  const Index rows = values.rows();
  const Index columns = values.columns();
  std::string out = fmt::format("Matrix({}x{})", rows, columns);
  const Index shown_rows = std::min(rows, limits.rows);
  const Index shown_columns = std::min(columns, limits.columns);
  for (Index r = 0; r < shown_rows; ++r) {
    out += "\n  [";
    for (Index c = 0; c < shown_columns; ++c) {
      if (c > 0) out += ", ";
      out += values.is_complex() ? format_element(values.complex_at(r, c), style)
                                 : format_element(values(r, c), style);
    }
    if (columns > shown_columns) out += ", ...";
    out.push_back(']');
  }
  if (rows > shown_rows) out += fmt::format("\n  ... ({} rows total)", rows);
  return out;
}

std::string format_exponential(double x, int precision) {
  std::string out;
  if (non_finite_text(x, out)) return out;
  return printf_double("%.*e", precision, x);
}

std::string format_general(double x, int precision) {
  std::string out;
  if (non_finite_text(x, out)) return out;
  const double magnitude = std::fabs(x);
  if (x == 0.0 || (magnitude >= 1e-4 && magnitude < 1e6)) {
    out = printf_double("%.*f", precision, x);
    if (out.find('.') != std::string::npos) {
      while (out.back() == '0') out.pop_back();
      if (out.back() == '.') out.pop_back();
    }
    return out;
  }
  // "1.234567e+06" → "1.234567e6", "1.0e-05" → "1.0e-5".
  out = printf_double("%.*e", precision, x);
  const std::size_t e = out.find('e');
  std::string exponent;
  std::size_t i = e + 1;
  if (out[i] == '-') exponent.push_back('-');
  if (out[i] == '+' || out[i] == '-') ++i;
  while (i + 1 < out.size() && out[i] == '0') ++i;
  exponent.append(out, i, std::string::npos);
  out.resize(e + 1);
  out += exponent;
  return out;
}

std::int64_t truncate_to_int64(double x) {
  if (std::isnan(x)) return 0;
  // 2^63 is exactly representable; anything at or past it saturates.
  constexpr double kLimit = 9223372036854775808.0;
  if (x >= kLimit) return std::numeric_limits<std::int64_t>::max();
  if (x < -kLimit) return std::numeric_limits<std::int64_t>::min();
  return static_cast<std::int64_t>(x);
}

std::string format_integer(double x) { return fmt::format("{}", truncate_to_int64(x)); }

std::string format_c_general(double x, int significant_digits) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Inf" : "-Inf";
  return printf_double("%.*g", significant_digits, x);
}

std::string format_num2str(double x, double magnitude) {
  if (std::isfinite(x) && x == std::trunc(x)) {
    // Integer digits; "%.0f" prints every digit of large integral doubles exactly.
    if (x == 0.0) return "0";
    return printf_double("%.*f", 0, x);
  }
  int digits = 5;
  if (std::isfinite(magnitude) && magnitude > 0.0) {
    digits = std::max(static_cast<int>(std::floor(std::log10(magnitude))) + 5, 5);
  }
  return format_c_general(x, std::min(digits, 16));
}

std::string format_num2str(double x) { return format_num2str(x, std::fabs(x)); }

}  // namespace llmlab::num
