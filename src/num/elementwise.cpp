// Element-wise math (builtins.md §4) over real or complex storage.
#include "num/elementwise.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <vector>

#include "base/error.hpp"
#include "num/ops_detail.hpp"

namespace llmlab::num {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Functions whose result is real even for complex input.
bool returns_real(UnaryFunction function) {
  return function == UnaryFunction::Abs || function == UnaryFunction::Angle ||
         function == UnaryFunction::Real || function == UnaryFunction::Imag;
}

Complex by_parts(double (*f)(double), Complex z) { return {f(z.real()), f(z.imag())}; }

double real_sign(double x) {
  if (std::isnan(x)) return x;
  return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0);
}

// mod and rem of real numbers; the divisor 0 follows MATLAB (mod(x, 0) = x, rem(x, 0) = NaN).
// fmod is exact (the remainder of two doubles is a double), where x - m*floor(x/m) loses every
// digit once x/m passes 2^53: mod(1e17, 3) is 1, not 4, and mod(1e300, 7) stays below 7.
// An infinite divisor gives NaN, as the formulas x - m*floor(x/m) and x - m*fix(x/m) do (m
// times a zero quotient) and Octave does. mod(x, x) and rem(x, x) are +0 (MATLAB); any other
// zero takes the sign the result always has (mod: m's, rem: x's), so mod(3, -3) is -0 as in
// Octave.
double real_mod(double x, double m) {
  if (m == 0.0) return x;
  if (std::isinf(m)) return kNaN;
  if (x == m) return 0.0;
  double r = std::fmod(x, m);
  if (r != 0.0 && (r < 0.0) != (m < 0.0)) r += m;
  // Adding m to a tiny remainder of the other sign can round to m; the result is then 0.
  if (r == m) r = 0.0;
  return r == 0.0 ? std::copysign(0.0, m) : r;
}
double real_rem(double x, double m) {
  if (m == 0.0 || std::isinf(m)) return kNaN;
  if (x == m) return 0.0;
  return std::fmod(x, m);  // a zero keeps x's sign
}

double real_max(double a, double b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  return b > a ? b : a;
}
double real_min(double a, double b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  return b < a ? b : a;
}

bool is_nan(Complex z) { return std::isnan(z.real()) || std::isnan(z.imag()); }

// The principal square root, correctly signed on the branch cut (C99 Annex G's special cases).
// Written here because libc++'s std::sqrt goes through polar form, so the WebAssembly build gave
// sqrt(-4) as 1.2e-16+2j where glibc gives 0+2j; this is exact wherever the answer is
// representable, and the same in every build. Powers of two rescale the extreme magnitudes so
// |re| + |z| can neither overflow nor lose bits to underflow.
Complex principal_sqrt(Complex z) {
  const double re = z.real();
  const double im = z.imag();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (std::isinf(im)) return {kInf, im};
  if (std::isnan(re) || std::isnan(im)) return {kNaN, kNaN};
  if (std::isinf(re))
    return re > 0.0 ? Complex{re, std::copysign(0.0, im)} : Complex{0.0, std::copysign(kInf, im)};
  if (re == 0.0 && im == 0.0) return {0.0, im};
  const double size = std::max(std::fabs(re), std::fabs(im));
  if (size > 0x1p1000) return principal_sqrt(z * 0x1p-2) * 2.0;
  if (size < 0x1p-1000) return principal_sqrt(z * 0x1p200) * 0x1p-100;
  const double t = std::sqrt((std::fabs(re) + std::hypot(re, im)) / 2.0);
  if (re >= 0.0) return {t, im / (2.0 * t)};
  return {std::fabs(im) / (2.0 * t), std::copysign(t, im)};
}

// Two-argument max/min of complex elements compare magnitudes (builtins.md §5); ties keep a.
Complex complex_extreme(BinaryFunction function, Complex a, Complex b) {
  if (is_nan(a)) return b;
  if (is_nan(b)) return a;
  const double size_a = std::abs(a);
  const double size_b = std::abs(b);
  if (function == BinaryFunction::Max) return size_b > size_a ? b : a;
  return size_b < size_a ? b : a;
}

Complex complex_binary(BinaryFunction function, Complex a, Complex b) {
  switch (function) {
    case BinaryFunction::Mod:
      return {real_mod(a.real(), b.real()), real_mod(a.imag(), b.real())};
    case BinaryFunction::Rem:
      return {real_rem(a.real(), b.real()), real_rem(a.imag(), b.real())};
    case BinaryFunction::Max:
    case BinaryFunction::Min:
      return complex_extreme(function, a, b);
    case BinaryFunction::Hypot:
    case BinaryFunction::Atan2:
      return {apply(function, a.real(), b.real()), 0.0};
  }
  return {};
}

}  // namespace

double apply(UnaryFunction function, double x) {
  switch (function) {
    case UnaryFunction::Abs:
      return std::fabs(x);
    case UnaryFunction::Angle:
      return x < 0.0 ? std::numbers::pi : (std::isnan(x) ? x : 0.0);
    case UnaryFunction::Real:
    case UnaryFunction::Conj:
      return x;
    case UnaryFunction::Imag:
      return 0.0;
    case UnaryFunction::Sqrt:
      return std::sqrt(x);
    case UnaryFunction::Exp:
      return std::exp(x);
    case UnaryFunction::Log:
      return std::log(x);
    case UnaryFunction::Log2:
      return std::log2(x);
    case UnaryFunction::Log10:
      return std::log10(x);
    case UnaryFunction::Sin:
      return std::sin(x);
    case UnaryFunction::Cos:
      return std::cos(x);
    case UnaryFunction::Tan:
      return std::tan(x);
    case UnaryFunction::Asin:
      return std::asin(x);
    case UnaryFunction::Acos:
      return std::acos(x);
    case UnaryFunction::Atan:
      return std::atan(x);
    case UnaryFunction::Sinh:
      return std::sinh(x);
    case UnaryFunction::Cosh:
      return std::cosh(x);
    case UnaryFunction::Tanh:
      return std::tanh(x);
    case UnaryFunction::Floor:
      return std::floor(x);
    case UnaryFunction::Ceil:
      return std::ceil(x);
    case UnaryFunction::Round:
      return std::round(x);
    case UnaryFunction::Fix:
      return std::trunc(x);
    case UnaryFunction::Sign:
      return real_sign(x);
  }
  return kNaN;
}

Complex apply(UnaryFunction function, Complex z) {
  switch (function) {
    case UnaryFunction::Abs:
      return std::abs(z);
    case UnaryFunction::Angle:
      return std::arg(z);
    case UnaryFunction::Real:
      return z.real();
    case UnaryFunction::Imag:
      return z.imag();
    case UnaryFunction::Conj:
      return std::conj(z);
    case UnaryFunction::Sqrt:
      return principal_sqrt(z);
    case UnaryFunction::Exp:
      return std::exp(z);
    case UnaryFunction::Log:
      return std::log(z);
    case UnaryFunction::Log2:
      return std::log(z) / std::numbers::ln2;
    case UnaryFunction::Log10:
      return std::log(z) / std::numbers::ln10;
    case UnaryFunction::Sin:
      return std::sin(z);
    case UnaryFunction::Cos:
      return std::cos(z);
    case UnaryFunction::Tan:
      return std::tan(z);
    case UnaryFunction::Asin:
      return std::asin(z);
    case UnaryFunction::Acos:
      return std::acos(z);
    case UnaryFunction::Atan:
      return std::atan(z);
    case UnaryFunction::Sinh:
      return std::sinh(z);
    case UnaryFunction::Cosh:
      return std::cosh(z);
    case UnaryFunction::Tanh:
      return std::tanh(z);
    case UnaryFunction::Floor:
      return by_parts(std::floor, z);
    case UnaryFunction::Ceil:
      return by_parts(std::ceil, z);
    case UnaryFunction::Round:
      return by_parts(std::round, z);
    case UnaryFunction::Fix:
      return by_parts(std::trunc, z);
    case UnaryFunction::Sign:
      return z == Complex(0.0, 0.0) ? z : z / std::abs(z);
  }
  return {kNaN, 0.0};
}

Matrix apply(UnaryFunction function, const Matrix& x) {
  if (x.is_real()) {
    Matrix result = Matrix::uninitialized(x.rows(), x.columns());
    std::span<const double> in = x.real_values();
    std::span<double> out = result.mutable_real_values();
    for (std::size_t k = 0; k < in.size(); ++k) out[k] = apply(function, in[k]);
    return result;
  }
  std::span<const Complex> in = x.complex_values();
  if (returns_real(function)) {
    Matrix result(x.rows(), x.columns());
    std::span<double> out = result.mutable_real_values();
    for (std::size_t k = 0; k < in.size(); ++k) out[k] = apply(function, in[k]).real();
    return result;
  }
  Matrix result(x.rows(), x.columns(), Matrix::Element::ComplexValued);
  std::span<Complex> out = result.mutable_complex_values();
  for (std::size_t k = 0; k < in.size(); ++k) out[k] = apply(function, in[k]);
  return result;
}

namespace {

bool outside_real_domain(UnaryFunction function, double x) {
  switch (function) {
    case UnaryFunction::Sqrt:
    case UnaryFunction::Log:
    case UnaryFunction::Log2:
    case UnaryFunction::Log10:
      return x < 0.0;
    case UnaryFunction::Asin:
    case UnaryFunction::Acos:
      return std::abs(x) > 1.0;
    default:
      return false;
  }
}

}  // namespace

bool leaves_real_domain(UnaryFunction function, const Matrix& x) {
  if (x.is_complex()) return false;
  return std::ranges::any_of(
      x.real_values(), [&](double element) { return outside_real_domain(function, element); });
}

Matrix apply_in_complex(UnaryFunction function, const Matrix& x) {
  LLMLAB_ASSERT(x.is_real());
  Matrix result(x.rows(), x.columns(), Matrix::Element::ComplexValued);
  std::span<const double> in = x.real_values();
  std::span<Complex> out = result.mutable_complex_values();
  // The imaginary zero's sign picks the side of the branch cut: MATLAB's asin and acos of
  // x > 1 lie below it, of x < -1 above (so asin stays odd).
  const bool below_above_one = function == UnaryFunction::Asin || function == UnaryFunction::Acos;
  for (std::size_t k = 0; k < in.size(); ++k) {
    out[k] = apply(function, Complex(in[k], below_above_one && in[k] > 1.0 ? -0.0 : 0.0));
  }
  return result;
}

double apply(BinaryFunction function, double a, double b) {
  switch (function) {
    case BinaryFunction::Mod:
      return real_mod(a, b);
    case BinaryFunction::Rem:
      return real_rem(a, b);
    case BinaryFunction::Hypot:
      return std::hypot(a, b);
    case BinaryFunction::Atan2:
      return std::atan2(a, b);
    case BinaryFunction::Max:
      return real_max(a, b);
    case BinaryFunction::Min:
      return real_min(a, b);
  }
  return kNaN;
}

Matrix apply(BinaryFunction function, const Matrix& a, const Matrix& b) {
  const detail::Broadcast shape = detail::broadcast_shape(a, b);
  // hypot and atan2 work on real parts; the others keep complex elements.
  const bool real_parts = function == BinaryFunction::Hypot || function == BinaryFunction::Atan2;
  if ((a.is_real() && b.is_real()) || real_parts) {
    const Matrix a_real = a.real_part();
    const Matrix b_real = b.real_part();
    Matrix result = Matrix::uninitialized(shape.rows, shape.columns);  // the loop writes all
    detail::broadcast_loop(shape, a_real.real_values().data(), b_real.real_values().data(),
                           result.mutable_real_values().data(),
                           [function](double x, double y) { return apply(function, x, y); });
    return result;
  }
  const std::vector<Complex> a_values = detail::complex_copy(a);
  const std::vector<Complex> b_values = detail::complex_copy(b);
  Matrix result(shape.rows, shape.columns, Matrix::Element::ComplexValued);
  detail::broadcast_loop(
      shape, a_values.data(), b_values.data(), result.mutable_complex_values().data(),
      [function](Complex x, Complex y) { return complex_binary(function, x, y); });
  return result;
}

bool test(ElementTest which, Complex z) {
  const bool nan = is_nan(z);
  switch (which) {
    case ElementTest::IsNan:
      return nan;
    case ElementTest::IsInf:
      return !nan && (std::isinf(z.real()) || std::isinf(z.imag()));
    case ElementTest::IsFinite:
      return std::isfinite(z.real()) && std::isfinite(z.imag());
  }
  return false;
}

Matrix test(ElementTest which, const Matrix& x) {
  Matrix result(x.rows(), x.columns());
  std::span<double> out = result.mutable_real_values();
  for (Index k = 0; k < x.size(); ++k) {
    out[static_cast<std::size_t>(k)] = test(which, x.complex_at(k)) ? 1.0 : 0.0;
  }
  return result;
}

}  // namespace llmlab::num
