// MATLAB constants, special functions and predicates that rlab lacks (eps, realmax, inf, erf,
// gamma, nchoosek, nthroot, logical, isrow, isequal, ...): pure additions under the superset
// policy of builtins.md §0.4. Element-wise functions keep the argument's kind and shape.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <string>
#include <utility>

#include "base/utf8.hpp"
#include "builtins/matlab_slices.hpp"
#include "num/rng.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {
namespace {

using matlab::real_matrix;
using matlab::same_shape;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

// --- Constants ------------------------------------------------------------------------------

// eps(x): the distance from |x| to the next larger double (2^-1074 at 0, NaN for NaN and Inf).
double spacing(double x) {
  if (!std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
  const double magnitude = std::abs(x);
  return std::nextafter(magnitude, std::numeric_limits<double>::infinity()) - magnitude;
}

// A precision class name, as eps("single") and realmax("double") take it.
enum class Precision { Double, Single };

Precision precision_argument(Call& call, int index) {
  const std::string& name = call.string(index);
  if (name == "double") return Precision::Double;
  if (name == "single") return Precision::Single;
  call.fail("unsupported class \"" + name + "\" (\"double\" or \"single\")");
}

bool names_precision(const Call& call, int index) {
  return call.has(index) && call.value(index).is(Kind::String);
}

bool single_requested(Call& call) {
  return call.has(0) && precision_argument(call, 0) == Precision::Single;
}

Value eps(Call& call) {
  if (names_precision(call, 0)) {
    return Value::scalar(precision_argument(call, 0) == Precision::Single
                             ? static_cast<double>(FLT_EPSILON)
                             : DBL_EPSILON);
  }
  if (!call.has(0)) return Value::scalar(DBL_EPSILON);
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) value = spacing(value);
  return same_shape(call.value(0), std::move(m));
}

// realmax, realmin and flintmax of double (the default) or of single, named as MATLAB names it.
// realmax, realmin and flintmax of double or, with "single", of float32. (Floating-point
// template parameters would say it in one line, but Clang 14, the fuzz build's, lacks them.)
template <class Float>
struct Largest {
  static constexpr double value = static_cast<double>(std::numeric_limits<Float>::max());
};
template <class Float>
struct SmallestNormal {
  static constexpr double value = static_cast<double>(std::numeric_limits<Float>::min());
};
// 2^digits: above it, not every integer is representable.
template <class Float>
struct LargestFlint {
  static constexpr double value = static_cast<double>(1ULL << std::numeric_limits<Float>::digits);
};

template <template <class> class Limit>
Value precision_limit(Call& call) {
  return Value::scalar(single_requested(call) ? Limit<float>::value : Limit<double>::value);
}

// single(x): every element rounded to the nearest float32 (ties to even), for studying
// mixed-precision rounding. The values stay doubles (rlab has one number type), so arithmetic
// on them is double arithmetic and class() says "double".
double round_to_single(double x) {
  // Beyond FLT_MAX the conversion is undefined in C++, so IEEE's rounding is spelled out: up to
  // half an ulp (2^103) above FLT_MAX rounds down to it, from there on (ties go to the even
  // neighbour, infinity) overflows.
  const double largest = static_cast<double>(FLT_MAX);
  if (std::isfinite(x) && std::abs(x) > largest) {
    const double magnitude = std::abs(x) < largest + std::ldexp(1.0, 103)
                                 ? largest
                                 : std::numeric_limits<double>::infinity();
    return std::copysign(magnitude, x);
  }
  return static_cast<double>(static_cast<float>(x));
}

Value single(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) value = round_to_single(value);
  return same_shape(call.value(0), std::move(m));
}

// intmax/intmin: MATLAB's default class is int32; the other classes whose limits a double holds
// exactly may be named. int64 and uint64 limits are not representable, so they are refused.
std::pair<double, double> integer_limits(Call& call) {
  const std::string type = call.has(0) ? call.string(0) : "int32";
  if (type == "int8") return {-128.0, 127.0};
  if (type == "uint8") return {0.0, 255.0};
  if (type == "int16") return {-32768.0, 32767.0};
  if (type == "uint16") return {0.0, 65535.0};
  if (type == "int32") return {-2147483648.0, 2147483647.0};
  if (type == "uint32") return {0.0, 4294967295.0};
  call.fail("unsupported integer class \"" + type +
            "\" (int8, uint8, int16, uint16, int32 or uint32)");
}

Value intmax(Call& call) { return Value::scalar(integer_limits(call).second); }
Value intmin(Call& call) { return Value::scalar(integer_limits(call).first); }

// inf/nan: () a scalar, (n) a Vector, (m, n) and ([m, n]) an m×n Matrix, as zeros shapes them.
Value filled(Call& call, double fill) {
  if (call.count() == 0) return Value::scalar(fill);
  if (call.count() == 2) {
    return Value::matrix(num::Matrix(call.count_argument(0), call.count_argument(1), fill));
  }
  const Value& size = call.value(0);
  if (size.is_array()) {
    const num::Matrix& dims = size.matrix_value();
    if (dims.size() != 2) {
      call.fail("expected scalar or 2-element vector, got " + std::to_string(dims.size()) +
                "-element " + std::string(size.kind_name()));
    }
    return Value::matrix(num::Matrix(num::size_from_vector_element(dims[0]),
                                     num::size_from_vector_element(dims[1]), fill));
  }
  return Value::vector(num::Matrix(1, call.count_argument(0), fill));
}

Value inf(Call& call) { return filled(call, std::numeric_limits<double>::infinity()); }
Value nan(Call& call) { return filled(call, std::numeric_limits<double>::quiet_NaN()); }

// true(m, n) / false(n): logical arrays shaped as inf and nan shape them (a lone count is a
// Vector, as zeros(n) is); with no sizes the Bool itself.
Value truth_filled(Call& call, bool fill) {
  if (call.count() == 0) return Value::boolean(fill);
  Value result = filled(call, fill ? 1.0 : 0.0);
  result.set_logical(true);
  return result;
}

Value true_builtin(Call& call) { return truth_filled(call, true); }
Value false_builtin(Call& call) { return truth_filled(call, false); }

// int8(x) … uint64(x): MATLAB's integer conversion, element-wise — rounded to the nearest
// integer (halves away from zero), saturated at the class limits, NaN to 0; a string gives its
// character codes. The values stay doubles (rlab has one number type), so later arithmetic is
// double arithmetic and class() says "double".
Value double_builtin(Call& call);  // a string's character codes, below

// int8(x) … uint64(x): rounded, saturated at Int's limits (as the nearest doubles).
template <class Int>
Value integer_class(Call& call) {
  constexpr double kLowest = static_cast<double>(std::numeric_limits<Int>::min());
  constexpr double kHighest = static_cast<double>(std::numeric_limits<Int>::max());
  const Value& x = call.value(0);
  num::Matrix m = x.is(Kind::String) ? double_builtin(call).matrix_value() : real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) {
    value = std::isnan(value) ? 0.0 : std::clamp(std::round(value), kLowest, kHighest);
  }
  if (x.is(Kind::String)) return Value::vector(std::move(m));
  return same_shape(x, std::move(m));
}

// complex(a) and complex(a, b): a + b·j from real parts, element-wise, a scalar operand paired
// with every element of the other. A scalar result is a complex scalar even when b is 0, as
// MATLAB's complex(1, 0) is (it displays as 1+0j and stays complex through arithmetic).
Value complex_builtin(Call& call) {
  const num::Matrix re = real_matrix(call, 0);
  const num::Matrix im = call.has(1) ? real_matrix(call, 1) : num::Matrix(1, 1, 0.0);
  const bool re_scalar = re.size() == 1;
  const bool im_scalar = im.size() == 1;
  if (!re_scalar && !im_scalar && (re.rows() != im.rows() || re.columns() != im.columns())) {
    call.fail("real and imaginary parts must have the same size, or one must be a scalar");
  }
  const num::Matrix& shape = re_scalar && call.has(1) ? im : re;
  const Value& model = re_scalar && call.has(1) ? call.value(1) : call.value(0);
  if (shape.size() == 1 && !model.is_array()) {
    return Value::complex(num::Complex(re[0], im[0]));
  }
  num::Matrix result(shape.rows(), shape.columns(), num::Matrix::Element::ComplexValued);
  for (num::Index k = 0; k < shape.size(); ++k) {
    result.set(k, num::Complex(re[re_scalar ? 0 : k], im[im_scalar ? 0 : k]));
  }
  return same_shape(model, std::move(result));
}

// --- Element-wise special functions ---------------------------------------------------------

// A real function applied to every element; complex input is refused.
template <double (*function)(double)>
Value real_elementwise(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) value = function(value);
  return same_shape(call.value(0), std::move(m));
}

double erf_of(double x) { return std::erf(x); }
double erfc_of(double x) { return std::erfc(x); }
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
      call.fail("n must be non-negative integers");
    }
    value = std::round(std::tgamma(value + 1.0));
  }
  return same_shape(call.value(0), std::move(m));
}

// nchoosek(n, k) for scalars: the product Π (n - k + i) / i over i = 1..k, which stays an
// integer at every step; it is exact while the result is below 2^53.
Value nchoosek(Call& call) {
  const std::int64_t n = call.count_argument(0);
  std::int64_t k = call.count_argument(1);
  if (k > n) {
    call.fail("k must be <= n, got n = " + std::to_string(n) + ", k = " + std::to_string(k));
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
  if (n == 0.0 || std::isnan(n)) call.fail("n must be a non-zero real scalar");
  const bool odd_integer = std::floor(n) == n && std::fmod(std::abs(n), 2.0) == 1.0;
  for (double& value : m.mutable_real_values()) {
    if (value < 0.0 && !odd_integer) call.fail("n must be an odd integer when x has negatives");
    value = real_root(value, n);
  }
  return same_shape(call.value(0), std::move(m));
}

// --- Integer arithmetic ---------------------------------------------------------------------

// Whole numbers below 2^53 (every integer a double holds exactly), or a failure naming `what`.
double whole(Call& call, double x, const char* what) {
  if (!(std::abs(x) < 0x1p53) || std::floor(x) != x) {
    call.fail(std::string(what) + " must be integers");
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
    call.fail("arguments must have the same size, or one must be a scalar");
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
    if (!(value >= 0.0)) call.fail("x must be non-negative integers");
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
  if (limit > 1e8) call.fail("n must be at most 1e8");
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

// logical(x): 1 where x is non-zero, as a Bool or a logical array; NaN has no truth value.
Value logical(Call& call) {
  const Value& x = call.value(0);
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) {
    if (std::isnan(value)) call.fail("NaN cannot be converted to logical");
    value = value != 0.0 ? 1.0 : 0.0;
  }
  if (x.is(Kind::Vector)) return Value::vector(std::move(m), /*logical=*/true);
  if (x.is(Kind::Matrix)) return Value::matrix(std::move(m), /*logical=*/true);
  return Value::boolean(m[0] != 0.0);
}

// double(x): numbers without the logical mark; a string gives its character codes.
Value double_builtin(Call& call) {
  const Value& x = call.value(0);
  if (x.is(Kind::String)) {
    const std::vector<std::string_view> characters = characters_of(x.string_value());
    num::Matrix codes(1, static_cast<num::Index>(characters.size()));
    for (std::size_t k = 0; k < characters.size(); ++k) {
      codes.set(static_cast<num::Index>(k), static_cast<double>(code_point_of(characters[k])));
    }
    return Value::vector(std::move(codes));
  }
  if (!x.is_numeric()) call.matrix(0);  // throws the uniform "expected numeric" error
  if (x.is(Kind::Bool)) return Value::scalar(x.scalar_value());
  if (x.is(Kind::Vector)) return Value::vector(x.matrix_value());
  if (x.is(Kind::Matrix)) return Value::matrix(x.matrix_value());
  return x;
}

// xor(a, b): element-wise exclusive or, with the shapes and truth rules of `&` and `|`
// (language.md §13.5): the negations of both operands differ exactly where one is true.
Value xor_builtin(Call& call) {
  const Value a = runtime::unary_operation(lang::UnaryOp::Not, call.value(0));
  const Value b = runtime::unary_operation(lang::UnaryOp::Not, call.value(1));
  return runtime::binary_operation(lang::BinaryOp::NotEqual, a, b);
}

// --- Predicates -----------------------------------------------------------------------------

Value isrow(Call& call) { return Value::boolean(size_of(call.value(0)).first == 1); }
Value iscolumn(Call& call) { return Value::boolean(size_of(call.value(0)).second == 1); }
// Every rlab value with a size is two-dimensional, which is all MATLAB's ismatrix asks.
Value ismatrix(Call& call) { return Value::boolean(!call.value(0).is_none()); }

bool equal_values(const Value& a, const Value& b);

bool equal_numbers(const Value& a, const Value& b) {
  if (size_of(a) != size_of(b)) return false;
  const num::Matrix x = a.as_matrix();
  const num::Matrix y = b.as_matrix();
  for (num::Index k = 0; k < x.size(); ++k) {
    if (x.complex_at(k) != y.complex_at(k)) return false;
  }
  return true;
}

bool equal_structs(const runtime::StructFields& a, const runtime::StructFields& b) {
  if (a.size() != b.size()) return false;
  for (auto p = a.begin(), q = b.begin(); p != a.end(); ++p, ++q) {
    if (p->first != q->first || !equal_values(p->second, q->second)) return false;
  }
  return true;
}

bool equal_tuples(const std::vector<Value>& a, const std::vector<Value>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (!equal_values(a[k], b[k])) return false;
  }
  return true;
}

// MATLAB's isequal: numbers compare by size and value whatever their kind (a Vector equals the
// 1×N Matrix, true equals 1, NaN equals nothing); strings by text; structs field by field.
bool equal_values(const Value& a, const Value& b) {
  if (a.is_numeric() && b.is_numeric()) return equal_numbers(a, b);
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Kind::String:
      return a.string_value() == b.string_value();
    case Kind::StringArray:
      return a.string_array_value() == b.string_array_value();
    case Kind::Struct:
      return equal_structs(a.struct_fields(), b.struct_fields());
    case Kind::Tuple:
      return equal_tuples(a.tuple_items(), b.tuple_items());
    case Kind::StructArray:
      return equal_tuples(a.struct_array_items(), b.struct_array_items());
    case Kind::Lambda:
      return a.lambda_value().parameters == b.lambda_value().parameters &&
             a.lambda_value().text == b.lambda_value().text;
    case Kind::FunctionHandle:
      return a.handle_name() == b.handle_name();
    case Kind::Object:
      return a.object_value() == b.object_value();
    default:
      return true;
  }
}

Value isequal(Call& call) {
  for (int k = 1; k < call.count(); ++k) {
    if (!equal_values(call.value(0), call.value(k))) return Value::boolean(false);
  }
  return Value::boolean(true);
}

}  // namespace

extern const BuiltinTable kMatlabMathBuiltins = {
    {"eps", eps, 0, 1,
     "Machine epsilon 2^-52 (eps(\"single\") 2^-23); eps(x) is the spacing of doubles at x."},
    {"realmax", precision_limit<Largest>, 0, 1,
     "Largest finite double; realmax(\"single\") the largest float32."},
    {"realmin", precision_limit<SmallestNormal>, 0, 1,
     "Smallest normalised positive double; realmin(\"single\") that of float32."},
    {"flintmax", precision_limit<LargestFlint>, 0, 1,
     "Largest consecutive integer in double, 2^53 (2^24 for \"single\")."},
    {"complex", complex_builtin, 1, 2, "a + b*j from real parts, element-wise: complex(a, b)."},
    {"int8", integer_class<std::int8_t>, 1, 1, "Round and saturate to int8 (values stay doubles)."},
    {"uint8", integer_class<std::uint8_t>, 1, 1, "Round and saturate to uint8; a string's codes."},
    {"int16", integer_class<std::int16_t>, 1, 1, "Round and saturate to int16."},
    {"uint16", integer_class<std::uint16_t>, 1, 1, "Round and saturate to uint16."},
    {"int32", integer_class<std::int32_t>, 1, 1, "Round and saturate to int32."},
    {"uint32", integer_class<std::uint32_t>, 1, 1, "Round and saturate to uint32."},
    {"int64", integer_class<std::int64_t>, 1, 1,
     "Round and saturate to int64 (limits as the nearest doubles)."},
    {"uint64", integer_class<std::uint64_t>, 1, 1,
     "Round and saturate to uint64 (limits as the nearest doubles)."},
    {"single", single, 1, 1, "Rounds to the nearest float32; the values stay doubles."},
    {"intmax", intmax, 0, 1, "Largest int32 value as a double; intmax(\"int8\") etc."},
    {"intmin", intmin, 0, 1, "Smallest int32 value as a double; intmin(\"int8\") etc."},
    {"inf", inf, 0, 2, "Infinity: inf, inf(n) vector, inf(m, n) matrix."},
    {"nan", nan, 0, 2, "Not-a-number: nan, nan(n) vector, nan(m, n) matrix."},
    {"Inf", inf, 0, 2, "Infinity arrays: Inf(n) vector, Inf(m, n) matrix (as inf)."},
    {"NaN", nan, 0, 2, "Not-a-number arrays: NaN(n) vector, NaN(m, n) matrix (as nan)."},
    {"true", true_builtin, 0, 2, "Logical ones: true(n) vector, true(m, n) matrix."},
    {"false", false_builtin, 0, 2, "Logical zeros: false(n) vector, false(m, n) matrix."},
    {"gcd", divisors<false>, 2, 2, "Greatest common divisor of integers, element-wise."},
    {"lcm", divisors<true>, 2, 2, "Least common multiple of integers, element-wise."},
    {"isprime", isprime, 1, 1, "True for prime integers, element-wise."},
    {"primes", primes, 1, 1, "The primes up to n, as a vector."},
    {"erf", real_elementwise<erf_of>, 1, 1, "Error function, element-wise."},
    {"erfc", real_elementwise<erfc_of>, 1, 1, "Complementary error function 1 - erf(x)."},
    {"gamma", real_elementwise<gamma_of>, 1, 1, "Gamma function, element-wise."},
    {"lgamma", real_elementwise<log_gamma_of>, 1, 1, "Logarithm of |gamma(x)|, element-wise."},
    {"gammaln", real_elementwise<log_gamma_of>, 1, 1, "Logarithm of |gamma(x)| (lgamma alias)."},
    {"factorial", factorial, 1, 1, "n! for non-negative integers, element-wise."},
    {"nchoosek", nchoosek, 2, 2, "Binomial coefficient n! / (k! (n - k)!) for scalars."},
    {"log1p", real_elementwise<log1p_of>, 1, 1, "log(1 + x), accurate for small x."},
    {"expm1", real_elementwise<expm1_of>, 1, 1, "exp(x) - 1, accurate for small x."},
    {"nthroot", nthroot, 2, 2, "Real n-th root: nthroot(-27, 3) is -3."},
    {"deg2rad", real_elementwise<degrees_to_radians>, 1, 1, "Degrees to radians."},
    {"rad2deg", real_elementwise<radians_to_degrees>, 1, 1, "Radians to degrees."},
    {"logical", logical, 1, 1, "Truth values: a bool or a logical array (x != 0)."},
    {"double", double_builtin, 1, 1, "Plain numbers: drops the logical mark; string to codes."},
    {"xor", xor_builtin, 2, 2, "Element-wise exclusive or, shaped as & and | shape."},
    {"isrow", isrow, 1, 1, "True when size(x, 1) is 1."},
    {"iscolumn", iscolumn, 1, 1, "True when size(x, 2) is 1."},
    {"ismatrix", ismatrix, 1, 1, "True for any two-dimensional value (every value with a size)."},
    {"isequal", isequal, 2, -1, "True when all arguments have equal sizes and values."},
};

}  // namespace llmlab::builtins
