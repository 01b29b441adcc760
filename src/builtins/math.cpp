// builtins.md §4 Element-wise math: thin adapters from script values to num/elementwise.hpp,
// and the special functions MATLAB adds (erf, erfc, gamma, lgamma, factorial, nchoosek, log1p,
// expm1, nthroot, deg2rad, rad2deg). Scalars stay scalars, vectors vectors, matrices matrices.
#include <fmt/format.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <utility>

#include "base/messages/arguments.hpp"
#include "base/messages/mathematics.hpp"
#include "base/messages/numeric.hpp"
#include "base/messages/statistics.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "num/elementwise.hpp"
#include "num/ops.hpp"
#include "num/rng.hpp"
#include "runtime/call.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {
namespace {

using num::BinaryFunction;
using num::UnaryFunction;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

// abs, angle, real and imag give real results for complex input.
constexpr bool returns_real(UnaryFunction function) {
  return function == UnaryFunction::Abs || function == UnaryFunction::Angle ||
         function == UnaryFunction::Real || function == UnaryFunction::Imag;
}

[[noreturn]] void unsupported(const Call& call, const Value& value) {
  call.fail(fmt::format(messages::unsupported_type, value.kind_name()));
}

// MATLAB's rule in matlab code (language.md §14): real input outside the function's real
// domain gives the complex result (sqrt(-1) is 1i), narrowed where no imaginary part is left;
// nullopt when the real function applies. rlab keeps IEEE real results (sqrt(-1) is NaN).
std::optional<Value> complex_beyond_real_domain(const Call& call, UnaryFunction function,
                                                const Value& x) {
  if (call.session().dialect() != lang::Dialect::Matlab) return std::nullopt;
  if (!x.is(Kind::Scalar) && !x.is(Kind::Vector) && !x.is(Kind::Matrix)) return std::nullopt;
  const num::Matrix values = x.as_matrix();
  if (!num::leaves_real_domain(function, values)) return std::nullopt;
  num::Matrix result = num::apply_in_complex(function, values);
  if (x.is(Kind::Scalar)) return runtime::narrow_complex(Value::complex(result.complex_at(0)));
  return runtime::narrow_complex(x.is(Kind::Vector) ? Value::vector(std::move(result))
                                                    : Value::matrix(std::move(result)));
}

// The common rule of §4: real storage takes the real C function, complex storage the complex
// formula; the result keeps the argument's kind.
template <UnaryFunction function>
Value unary(Call& call) {
  const Value& x = call.value(0);
  if (auto complex = complex_beyond_real_domain(call, function, x)) return std::move(*complex);
  switch (x.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
      return Value::scalar(num::apply(function, x.scalar_value()));
    case Kind::Complex: {
      const num::Complex z = num::apply(function, x.complex_value());
      return returns_real(function) ? Value::scalar(z.real()) : Value::complex(z);
    }
    case Kind::Vector:
      return Value::vector(num::apply(function, x.matrix_value()));
    case Kind::Matrix: {
      num::Matrix result = num::apply(function, x.matrix_value());
      // real(M) and imag(M) of a 1×1 matrix give a scalar (builtins.md §4).
      if (returns_real(function) && result.size() == 1 && result.rows() == 1) {
        return Value::scalar(result[0]);
      }
      return Value::matrix(std::move(result));
    }
    default:
      unsupported(call, x);
  }
}

// "r×c", as the atan2 shape error prints it.
std::string dimensions(const num::Matrix& m) {
  return std::to_string(m.rows()) + "\u00d7" + std::to_string(m.columns());
}

// Shape of a two-operand result: two scalars give a scalar, a matrix operand a matrix,
// otherwise a vector (§5.2 with broadcasting).
Value binary_result(const Value& a, const Value& b, num::Matrix result) {
  if (a.is(Kind::Matrix) || b.is(Kind::Matrix)) return Value::matrix(std::move(result));
  if (a.is(Kind::Vector) || b.is(Kind::Vector)) return Value::vector(std::move(result));
  if (result.is_complex()) return Value::complex(result.complex_at(0));
  return Value::scalar(result[0]);
}

// hypot and atan2: operands broadcast as the arithmetic operators; vectors need equal lengths.
template <BinaryFunction function>
Value broadcast_binary(Call& call) {
  const Value& a = call.value(0);
  const Value& b = call.value(1);
  if (!a.is_numeric()) unsupported(call, a);
  if (!b.is_numeric()) unsupported(call, b);
  const num::Matrix x = a.as_matrix();
  const num::Matrix y = b.as_matrix();
  if (function == BinaryFunction::Atan2 && a.is_array() && b.is_array()) {
    if (a.is(Kind::Vector) && b.is(Kind::Vector) && x.size() != y.size()) {
      call.fail(fmt::format(messages::must_match_vs, "vector lengths", x.size(), y.size()));
    }
    if (a.is(Kind::Matrix) && b.is(Kind::Matrix) &&
        (x.rows() != y.rows() || x.columns() != y.columns())) {
      call.fail(
          fmt::format(messages::must_match_vs, "matrix shapes", dimensions(x), dimensions(y)));
    }
  } else if (a.is(Kind::Vector) && b.is(Kind::Vector) && x.size() != y.size()) {
    call.fail(fmt::format(messages::vector_length_mismatch, x.size(), y.size()));
  }
  return binary_result(a, b, num::apply(function, x, y));
}

// mod and rem: x any numeric value, m a real scalar or an array of x's shape; other real arrays
// broadcast with x as the arithmetic operators do (mod(-3, [2 3 4])).
// MATLAB's (and Octave's) round-off compensation for mod and rem: where m is not an integer
// and x/m lies within a relative eps of a non-zero integer, the result is exactly 0 (with the
// sign of x for rem, of m for mod), so mod(2.1, 0.1) is 0, not 0.1.
void snap_exact_multiples(num::Matrix& result, const num::Matrix& x, const num::Matrix& m,
                          bool sign_of_m) {
  if (result.is_complex() || x.is_complex()) return;
  for (num::Index k = 0; k < result.size(); ++k) {
    const double y = m.size() == 1 ? m[0] : m[k];
    if (y == 0.0 || y == std::nearbyint(y) || !std::isfinite(y)) continue;
    const double q = x[k] / y;
    const double nearest = std::nearbyint(q);
    if (nearest != 0.0 && std::abs((q - nearest) / nearest) < DBL_EPSILON) {
      result.set(k, std::copysign(0.0, sign_of_m ? y : x[k]));
    }
  }
}

template <BinaryFunction function>
Value divisor_binary(Call& call) {
  const Value& x = call.value(0);
  const Value& m = call.value(1);
  if (!x.is_numeric()) unsupported(call, x);
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  if (matlab && (x.is(Kind::Complex) || x.as_matrix().is_complex())) {
    call.fail(fmt::format(messages::must_be_real, "x"));
  }
  const num::Matrix values = x.as_matrix();
  num::Matrix divisor;
  if (m.is_array() && m.matrix_value().is_real() && m.matrix_value().rows() == values.rows() &&
      m.matrix_value().columns() == values.columns()) {
    divisor = m.matrix_value();
  } else if (m.is(Kind::Scalar) || m.is(Kind::Bool)) {
    divisor = num::Matrix(1, 1, m.scalar_value());
  } else if (m.is_array() && m.matrix_value().is_real() &&
             !(x.is(Kind::Vector) && m.is(Kind::Vector))) {
    return binary_result(x, m, num::apply(function, values, m.matrix_value()));
  } else {
    // Vectors of two lengths have no element-wise pairing (rlab's error).
    call.fail(fmt::format(messages::second_argument_not_real_scalar, m.kind_name()));
  }
  num::Matrix result = num::apply(function, values, divisor);
  if (matlab) snap_exact_multiples(result, values, divisor, function == BinaryFunction::Mod);
  if (x.is(Kind::Complex)) return Value::complex(result.complex_at(0));
  return Value::like(x, std::move(result));
}

// log2(x), and [f, e] = log2(x): the mantissa and exponent of each element, x = f·2^e with
// 0.5 <= |f| < 1 (C's frexp; 0 gives 0 and 0, Inf and NaN themselves and 0).
Value log2_builtin(Call& call) {
  if (call.nargout() < 2) return element_wise<unary<UnaryFunction::Log2>>(call);
  const Value& x = call.value(0);
  if (!x.is_numeric()) unsupported(call, x);
  num::Matrix mantissas = x.as_matrix();
  if (mantissas.is_complex()) call.fail(messages::log2_needs_real);
  num::Matrix exponents(mantissas.rows(), mantissas.columns());
  for (num::Index k = 0; k < mantissas.size(); ++k) {
    int exponent = 0;
    const double mantissa = std::frexp(mantissas[k], &exponent);
    mantissas.set(k, mantissa);
    exponents.set(k, std::isfinite(mantissas[k]) ? static_cast<double>(exponent) : 0.0);
  }
  return Value::tuple({Value::like(x, std::move(mantissas)), Value::like(x, std::move(exponents))});
}

// round(x, n): MATLAB's rounding to n decimal digits (n < 0 rounds to tens, hundreds, ...):
// the scaled value x·10^n rounded half away from zero, then scaled back; real and imaginary
// parts separately.
Value round_builtin(Call& call) {
  if (!call.has(1)) return unary<UnaryFunction::Round>(call);
  const Value& x = call.value(0);
  if (!x.is_numeric()) unsupported(call, x);
  const std::int64_t digits = call.integer(1);
  if (digits < -308 || digits > 308) call.fail(messages::digits_out_of_range);
  const double scale = std::pow(10.0, static_cast<double>(digits < 0 ? -digits : digits));
  auto rounded = [&](double value) {
    return digits >= 0 ? std::round(value * scale) / scale : std::round(value / scale) * scale;
  };
  num::Matrix values = x.as_matrix();
  for (num::Index k = 0; k < values.size(); ++k) {
    if (values.is_real()) {
      values.set(k, rounded(values[k]));
    } else {
      const num::Complex z = values.complex_at(k);
      values.set(k, num::Complex(rounded(z.real()), rounded(z.imag())));
    }
  }
  if (x.is(Kind::Complex)) return Value::complex(values.complex_at(0));
  return Value::like(x, std::move(values));
}

// isnan, isinf, isfinite: a Bool for scalars, a logical array otherwise.
template <num::ElementTest which>
Value element_test(Call& call) {
  const Value& x = call.value(0);
  if (x.is_array()) {
    num::Matrix result = num::test(which, x.matrix_value());
    return x.is(Kind::Vector) ? Value::vector(std::move(result), true)
                              : Value::matrix(std::move(result), true);
  }
  if (!x.is_numeric()) unsupported(call, x);
  return Value::boolean(num::test(which, x.complex_value()));
}

// A real function applied to every element; complex input is refused.
template <double (*function)(double)>
Value real_elementwise(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) value = function(value);
  return same_shape(call.value(0), std::move(m));
}

double erf_of(double x) { return std::erf(x); }

double erfc_of(double x) { return std::erfc(x); }

// The inverse error function: Winitzki's closed-form start, then Newton steps on erf (its
// derivative 2/√π·e^(−x²)) to full double precision; ±1 give ±Inf, outside [−1, 1] NaN.
double erfinv_of(double y) {
  if (std::isnan(y) || y < -1.0 || y > 1.0) return std::numeric_limits<double>::quiet_NaN();
  if (y == -1.0 || y == 1.0) return std::copysign(std::numeric_limits<double>::infinity(), y);
  if (y == 0.0) return y;
  constexpr double a = 0.147;
  const double ln = std::log1p(-y * y);
  const double t = 2.0 / (std::numbers::pi * a) + ln / 2.0;
  double x = std::copysign(std::sqrt(std::sqrt(t * t - ln / a) - t), y);
  for (int step = 0; step < 4; ++step) {
    const double slope = 2.0 / std::sqrt(std::numbers::pi) * std::exp(-x * x);
    if (slope == 0.0) break;
    x -= (std::erf(x) - y) / slope;
  }
  return x;
}

// The inverse complementary error function, by Newton steps on erfc itself (so a y near 0,
// erfc's far tail, keeps its digits); 0 gives Inf, 2 −Inf, outside [0, 2] NaN.
double erfcinv_of(double y) {
  if (std::isnan(y) || y < 0.0 || y > 2.0) return std::numeric_limits<double>::quiet_NaN();
  if (y == 0.0) return std::numeric_limits<double>::infinity();
  if (y == 2.0) return -std::numeric_limits<double>::infinity();
  // Start from erfinv(1 − y), or for a y whose 1 − y rounds to 1 from the tail's asymptote.
  double x = 1.0 - y < 1.0 && 1.0 - y > -1.0 ? erfinv_of(1.0 - y) : std::sqrt(-std::log(y));
  for (int step = 0; step < 6; ++step) {
    const double slope = -2.0 / std::sqrt(std::numbers::pi) * std::exp(-x * x);
    if (slope == 0.0 || !std::isfinite(x)) break;
    x -= (std::erfc(x) - y) / slope;
  }
  return x;
}

double asinh_of(double x) { return std::asinh(x); }

double acosh_of(double x) { return std::acosh(x); }

double atanh_of(double x) { return std::atanh(x); }

double gamma_of(double x) { return std::tgamma(x); }

double log_gamma_of(double x) { return std::lgamma(x); }

double log1p_of(double x) { return std::log1p(x); }

double expm1_of(double x) { return std::expm1(x); }

double degrees_to_radians(double x) { return x * (std::numbers::pi / 180.0); }

double radians_to_degrees(double x) { return x * (180.0 / std::numbers::pi); }

// factorial(n) = Γ(n + 1), rounded because tgamma is not exact at integers; above 170 it is Inf.
Value factorial(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) {
    if (!std::isnan(value) && (value < 0.0 || std::floor(value) != value)) {
      call.fail(fmt::format(messages::must_be_non_negative_integers, "n"));
    }
    value = std::round(std::tgamma(value + 1.0));
  }
  return same_shape(call.value(0), std::move(m));
}

// nchoosek(n, k) for scalars: the product Π (n - k + i) / i over i = 1..k, which stays an
// integer at every step; it is exact while the result is below 2^53.
// nchoosek(v, k) of a vector v (of two or more numbers, or a cell): every choice of k of its
// elements, one per row, in the order of their positions (MATLAB's); k = 0 gives one empty
// row, k > numel(v) no rows.
Value combinations(Call& call) {
  const Value& set = call.value(0);
  const std::int64_t k = call.count_argument(1);
  std::vector<Value> items;
  if (set.is(Kind::Cell)) {
    items = set.cell_value().items;
  } else {
    const num::Matrix m = call.matrix(0);
    if (m.rows() > 1 && m.columns() > 1) call.fail(messages::v_not_scalar_or_vector);
    for (num::Index i = 0; i < m.size(); ++i) {
      const num::Complex z = m.complex_at(i);
      items.push_back(z.imag() == 0.0 ? Value::scalar(z.real()) : Value::complex(z));
    }
  }
  const auto n = static_cast<std::int64_t>(items.size());
  std::vector<std::vector<std::size_t>> rows;
  if (k == 0) rows.emplace_back();
  if (k > 0 && k <= n) {
    std::vector<std::size_t> pick(static_cast<std::size_t>(k));
    for (std::size_t i = 0; i < pick.size(); ++i) pick[i] = i;
    while (true) {
      rows.push_back(pick);
      if (rows.size() > 10'000'000) call.fail(messages::too_many_combinations);
      // The rightmost position that can still move right, then the ones after it follow.
      auto i = static_cast<std::int64_t>(k) - 1;
      while (i >= 0 && pick[static_cast<std::size_t>(i)] == static_cast<std::size_t>(n - k + i)) {
        --i;
      }
      if (i < 0) break;
      ++pick[static_cast<std::size_t>(i)];
      for (auto j = static_cast<std::size_t>(i) + 1; j < pick.size(); ++j)
        pick[j] = pick[j - 1] + 1;
    }
  }
  const auto count = static_cast<num::Index>(rows.size());
  if (set.is(Kind::Cell)) {
    runtime::CellArray cells;
    cells.rows = count;
    cells.columns = k;
    for (std::int64_t c = 0; c < k; ++c) {
      for (const std::vector<std::size_t>& row : rows) {
        cells.items.push_back(items[row[static_cast<std::size_t>(c)]]);
      }
    }
    if (cells.items.empty()) cells.rows = count;
    return Value::cell(std::move(cells));
  }
  num::Matrix result(count, k);
  for (num::Index r = 0; r < count; ++r) {
    for (std::int64_t c = 0; c < k; ++c) {
      result.set(
          r, c,
          items[rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]].complex_value());
    }
  }
  return Value::matrix(std::move(result));
}

Value nchoosek(Call& call) {
  const Value& set = call.value(0);
  if (call.session().dialect() == lang::Dialect::Matlab &&
      (set.is(Kind::Cell) || (set.is_array() && set.matrix_value().size() != 1))) {
    return combinations(call);
  }
  const std::int64_t n = call.count_argument(0);
  std::int64_t k = call.count_argument(1);
  if (k > n) {
    call.fail(fmt::format(messages::k_exceeds_n, n, k));
  }
  k = std::min(k, n - k);
  double result = 1.0;
  for (std::int64_t i = 1; i <= k; ++i) {
    result = std::round(result * static_cast<double>(n - k + i) / static_cast<double>(i));
    if (std::isinf(result)) break;  // past 1.8e308 the answer is Inf; stop a huge loop early
  }
  return Value::scalar(result);
}

// nthroot(x, n): the real n-th root; negative x needs an odd integer n. One Newton step,
// y − (y^n − x) / (n·y^(n−1)), repairs pow's rounding so that perfect powers come out exact.
double real_root(double x, double n) {
  double y = std::copysign(std::pow(std::abs(x), 1.0 / n), x);
  if (std::isfinite(y) && y != 0.0 && std::isfinite(n)) {
    const double power = std::pow(y, n - 1.0);
    y -= (power * y - x) / (n * power);
  }
  return y;
}

Value nthroot(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  const double n = call.scalar(1);
  if (n == 0.0 || std::isnan(n)) call.fail(messages::nthroot_bad_n);
  const bool odd_integer = std::floor(n) == n && std::fmod(std::abs(n), 2.0) == 1.0;
  for (double& value : m.mutable_real_values()) {
    if (value < 0.0 && !odd_integer) call.fail(messages::nthroot_even_of_negative);
    value = real_root(value, n);
  }
  return same_shape(call.value(0), std::move(m));
}

}  // namespace

extern const BuiltinTable kMathBuiltins = {
    // name     function                            min max help
    {"abs", keeps_class<element_wise<unary<UnaryFunction::Abs>>>, 1, 1,
     "Absolute value (magnitude of complex elements). Example: abs(3 + 4*i)"},
    {"angle", keeps_single<element_wise<unary<UnaryFunction::Angle>>>, 1, 1,
     "Phase angle atan2(im, re), element-wise. Example: angle(i)"},
    {"real", keeps_class<element_wise<unary<UnaryFunction::Real>>>, 1, 1,
     "Real part, element-wise. Example: real(3 + 4*i)"},
    {"imag", keeps_single<element_wise<unary<UnaryFunction::Imag>>>, 1, 1,
     "Imaginary part, element-wise. Example: imag(3 + 4*i)"},
    {"conj", keeps_class<element_wise<unary<UnaryFunction::Conj>>>, 1, 1,
     "Complex conjugate, element-wise. Example: conj(3 + 4*i)"},
    {"sqrt", keeps_single<element_wise<unary<UnaryFunction::Sqrt>>>, 1, 1,
     "Square root (NaN for negative reals; complex in MATLAB code). Example: sqrt([4, 9, 2])"},
    {"exp", keeps_single<element_wise<unary<UnaryFunction::Exp>>>, 1, 1,
     "Exponential, element-wise. Example: exp(1)"},
    {"log", keeps_single<element_wise<unary<UnaryFunction::Log>>>, 1, 1,
     "Natural logarithm (NaN for negative reals). Example: log([1, e])"},
    {"log2", keeps_single<log2_builtin>, 1, 1,
     "Base-2 logarithm, element-wise; [f, e] = log2(x) splits x = f * 2^e. Example: log2(1024)"},
    {"log10", keeps_single<element_wise<unary<UnaryFunction::Log10>>>, 1, 1,
     "Base-10 logarithm, element-wise. Example: log10(1000)"},
    {"sin", keeps_single<element_wise<unary<UnaryFunction::Sin>>>, 1, 1,
     "Sine, element-wise. Example: sin(pi / 6)"},
    {"cos", keeps_single<element_wise<unary<UnaryFunction::Cos>>>, 1, 1,
     "Cosine, element-wise. Example: cos(0)"},
    {"tan", keeps_single<element_wise<unary<UnaryFunction::Tan>>>, 1, 1,
     "Tangent, element-wise. Example: tan(pi / 4)"},
    {"asin", keeps_single<element_wise<unary<UnaryFunction::Asin>>>, 1, 1,
     "Inverse sine, element-wise. Example: asin(1)"},
    {"acos", keeps_single<element_wise<unary<UnaryFunction::Acos>>>, 1, 1,
     "Inverse cosine, element-wise. Example: acos(0)"},
    {"atan", keeps_single<element_wise<unary<UnaryFunction::Atan>>>, 1, 1,
     "Inverse tangent, element-wise. Example: atan(1)"},
    {"sinh", keeps_single<element_wise<unary<UnaryFunction::Sinh>>>, 1, 1,
     "Hyperbolic sine, element-wise. Example: sinh(1)"},
    {"cosh", keeps_single<element_wise<unary<UnaryFunction::Cosh>>>, 1, 1,
     "Hyperbolic cosine, element-wise. Example: cosh(1)"},
    {"tanh", keeps_single<element_wise<unary<UnaryFunction::Tanh>>>, 1, 1,
     "Hyperbolic tangent, element-wise. Example: tanh([-1, 0, 1])"},
    {"floor", keeps_class<element_wise<unary<UnaryFunction::Floor>>>, 1, 1,
     "Round toward -Inf, element-wise. Example: floor([-1.5, 1.5])"},
    {"ceil", keeps_class<element_wise<unary<UnaryFunction::Ceil>>>, 1, 1,
     "Round toward +Inf, element-wise. Example: ceil([-1.5, 1.5])"},
    {"round", keeps_class<element_wise<round_builtin>>, 1, 2,
     "Round half away from zero, element-wise; round(x, n) to n decimal digits. Example: round(pi, "
     "2)"},
    {"fix", keeps_class<element_wise<unary<UnaryFunction::Fix>>>, 1, 1,
     "Round toward zero, element-wise. Example: fix([-1.5, 1.5])"},
    {"sign", keeps_class<element_wise<unary<UnaryFunction::Sign>>>, 1, 1,
     "Signum: -1, 0 or +1 (z/|z| for complex). Example: sign([-3, 0, 2])"},
    {"mod", keeps_class<element_wise<divisor_binary<BinaryFunction::Mod>, 2>, 2>, 2, 2,
     "Modulus x - m*floor(x/m); sign of m. Example: mod(-7, 3)"},
    {"rem", keeps_class<element_wise<divisor_binary<BinaryFunction::Rem>, 2>, 2>, 2, 2,
     "Remainder x - m*fix(x/m); sign of x. Example: rem(-7, 3)"},
    {"hypot", keeps_single<element_wise<broadcast_binary<BinaryFunction::Hypot>, 2>, 2>, 2, 2,
     "sqrt(a^2 + b^2) without overflow. Example: hypot(3, 4)"},
    {"atan2", keeps_single<element_wise<broadcast_binary<BinaryFunction::Atan2>, 2>, 2>, 2, 2,
     "Four-quadrant arctangent of y/x. Example: atan2(1, -1)"},
    {"isnan", element_wise<element_test<num::ElementTest::IsNan>>, 1, 1,
     "True where an element is NaN. Example: isnan([1, NaN])"},
    {"isinf", element_wise<element_test<num::ElementTest::IsInf>>, 1, 1,
     "True where an element is infinite. Example: isinf([1, Inf])"},
    {"isfinite", element_wise<element_test<num::ElementTest::IsFinite>>, 1, 1,
     "True where an element is finite. Example: isfinite([1, Inf, NaN])"},
    {"erf", keeps_single<element_wise<real_elementwise<erf_of>>>, 1, 1,
     "Error function, element-wise. Example: erf(0.5)"},
    {"erfinv", keeps_single<element_wise<real_elementwise<erfinv_of>>>, 1, 1,
     "Inverse error function: erf(erfinv(y)) = y for y in [-1, 1]. Example: erfinv(0.5)"},
    {"erfcinv", keeps_single<element_wise<real_elementwise<erfcinv_of>>>, 1, 1,
     "Inverse complementary error function, for y in [0, 2]. Example: erfcinv(0.001)"},
    {"asinh", keeps_single<element_wise<real_elementwise<asinh_of>>>, 1, 1,
     "Inverse hyperbolic sine of real x, element-wise. Example: asinh(1)"},
    {"acosh", keeps_single<element_wise<real_elementwise<acosh_of>>>, 1, 1,
     "Inverse hyperbolic cosine of real x >= 1 (NaN below), element-wise. Example: acosh(2)"},
    {"atanh", keeps_single<element_wise<real_elementwise<atanh_of>>>, 1, 1,
     "Inverse hyperbolic tangent of real x in [-1, 1] (NaN outside), element-wise. Example: "
     "atanh(0.5)"},
    {"erfc", keeps_single<element_wise<real_elementwise<erfc_of>>>, 1, 1,
     "Complementary error function 1 - erf(x). Example: erfc(0.5)"},
    {"gamma", keeps_single<element_wise<real_elementwise<gamma_of>>>, 1, 1,
     "Gamma function, element-wise. Example: gamma(5)"},
    {"lgamma", keeps_single<element_wise<real_elementwise<log_gamma_of>>>, 1, 1,
     "Logarithm of |gamma(x)|, element-wise. Example: lgamma(100)"},
    {"gammaln", keeps_single<element_wise<real_elementwise<log_gamma_of>>>, 1, 1,
     "Logarithm of |gamma(x)| (lgamma alias). Example: gammaln(100)"},
    {"factorial", element_wise<factorial>, 1, 1,
     "n! for non-negative integers, element-wise. Example: factorial(5)"},
    {"nchoosek", keeps_char<keeps_class<nchoosek, 2>>, 2, 2,
     "Binomial coefficient n! / (k! (n - k)!) for scalars. Example: nchoosek(5, 2)"},
    {"log1p", keeps_single<element_wise<real_elementwise<log1p_of>>>, 1, 1,
     "log(1 + x), accurate for small x. Example: log1p(1e-10)"},
    {"expm1", keeps_single<element_wise<real_elementwise<expm1_of>>>, 1, 1,
     "exp(x) - 1, accurate for small x. Example: expm1(1e-10)"},
    {"nthroot", keeps_single<element_wise<nthroot>, 2>, 2, 2,
     "Real n-th root: nthroot(-27, 3) is -3. Example: nthroot(-27, 3)"},
    {"deg2rad", floats_only<keeps_single<element_wise<real_elementwise<degrees_to_radians>>>>, 1, 1,
     "Degrees to radians. Example: deg2rad(180)"},
    {"rad2deg", floats_only<keeps_single<element_wise<real_elementwise<radians_to_degrees>>>>, 1, 1,
     "Radians to degrees. Example: rad2deg(pi)"},
};

}  // namespace llmlab::builtins
