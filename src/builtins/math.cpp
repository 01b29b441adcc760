// The element-wise math builtins (builtins.md §4): thin adapters from script values to
// num/elementwise.hpp. Scalars stay scalars, vectors vectors, matrices matrices.
#include <cmath>
#include <cstdint>
#include <string>

#include "builtins/registry.hpp"
#include "num/elementwise.hpp"
#include "num/ops.hpp"

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
  call.fail("unsupported type " + std::string(value.kind_name()));
}

// The common rule of §4: real storage takes the real C function, complex storage the complex
// formula; the result keeps the argument's kind.
template <UnaryFunction function>
Value unary(Call& call) {
  const Value& x = call.value(0);
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
      call.fail("vector lengths must match (" + std::to_string(x.size()) + " vs " +
                std::to_string(y.size()) + ")");
    }
    if (a.is(Kind::Matrix) && b.is(Kind::Matrix) &&
        (x.rows() != y.rows() || x.columns() != y.columns())) {
      call.fail("matrix shapes must match (" + dimensions(x) + " vs " + dimensions(y) + ")");
    }
  } else if (a.is(Kind::Vector) && b.is(Kind::Vector) && x.size() != y.size()) {
    call.fail("vector length mismatch: " + std::to_string(x.size()) + " vs " +
              std::to_string(y.size()));
  }
  return binary_result(a, b, num::apply(function, x, y));
}

// mod and rem: x any numeric value, m a real scalar or an array of x's shape.
template <BinaryFunction function>
Value divisor_binary(Call& call) {
  const Value& x = call.value(0);
  const Value& m = call.value(1);
  if (!x.is_numeric()) unsupported(call, x);
  const num::Matrix values = x.as_matrix();
  num::Matrix divisor;
  if (m.is_array() && m.matrix_value().is_real() && m.matrix_value().rows() == values.rows() &&
      m.matrix_value().columns() == values.columns()) {
    divisor = m.matrix_value();
  } else if (m.is(Kind::Scalar) || m.is(Kind::Bool)) {
    divisor = num::Matrix(1, 1, m.scalar_value());
  } else {
    call.fail("second argument must be a real scalar, got " + std::string(m.kind_name()));
  }
  num::Matrix result = num::apply(function, values, divisor);
  if (x.is(Kind::Complex)) return Value::complex(result.complex_at(0));
  return Value::like(x, std::move(result));
}

// round(x, n): MATLAB's rounding to n decimal digits (n < 0 rounds to tens, hundreds, ...):
// the scaled value x·10^n rounded half away from zero, then scaled back; real and imaginary
// parts separately.
Value round_builtin(Call& call) {
  if (!call.has(1)) return unary<UnaryFunction::Round>(call);
  const Value& x = call.value(0);
  if (!x.is_numeric()) unsupported(call, x);
  const std::int64_t digits = call.integer(1);
  if (digits < -308 || digits > 308) call.fail("digits must be between -308 and 308");
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

}  // namespace

extern const BuiltinTable kMathBuiltins = {
    // name     function                            min max help
    {"abs", unary<UnaryFunction::Abs>, 1, 1, "Absolute value (magnitude of complex elements)."},
    {"angle", unary<UnaryFunction::Angle>, 1, 1, "Phase angle atan2(im, re), element-wise."},
    {"real", unary<UnaryFunction::Real>, 1, 1, "Real part, element-wise."},
    {"imag", unary<UnaryFunction::Imag>, 1, 1, "Imaginary part, element-wise."},
    {"conj", unary<UnaryFunction::Conj>, 1, 1, "Complex conjugate, element-wise."},
    {"sqrt", unary<UnaryFunction::Sqrt>, 1, 1, "Square root (NaN for negative reals)."},
    {"exp", unary<UnaryFunction::Exp>, 1, 1, "Exponential, element-wise."},
    {"log", unary<UnaryFunction::Log>, 1, 1, "Natural logarithm (NaN for negative reals)."},
    {"log2", unary<UnaryFunction::Log2>, 1, 1, "Base-2 logarithm, element-wise."},
    {"log10", unary<UnaryFunction::Log10>, 1, 1, "Base-10 logarithm, element-wise."},
    {"sin", unary<UnaryFunction::Sin>, 1, 1, "Sine, element-wise."},
    {"cos", unary<UnaryFunction::Cos>, 1, 1, "Cosine, element-wise."},
    {"tan", unary<UnaryFunction::Tan>, 1, 1, "Tangent, element-wise."},
    {"asin", unary<UnaryFunction::Asin>, 1, 1, "Inverse sine, element-wise."},
    {"acos", unary<UnaryFunction::Acos>, 1, 1, "Inverse cosine, element-wise."},
    {"atan", unary<UnaryFunction::Atan>, 1, 1, "Inverse tangent, element-wise."},
    {"sinh", unary<UnaryFunction::Sinh>, 1, 1, "Hyperbolic sine, element-wise."},
    {"cosh", unary<UnaryFunction::Cosh>, 1, 1, "Hyperbolic cosine, element-wise."},
    {"tanh", unary<UnaryFunction::Tanh>, 1, 1, "Hyperbolic tangent, element-wise."},
    {"floor", unary<UnaryFunction::Floor>, 1, 1, "Round toward -Inf, element-wise."},
    {"ceil", unary<UnaryFunction::Ceil>, 1, 1, "Round toward +Inf, element-wise."},
    {"round", round_builtin, 1, 2,
     "Round half away from zero, element-wise; round(x, n) to n decimal digits."},
    {"fix", unary<UnaryFunction::Fix>, 1, 1, "Round toward zero, element-wise."},
    {"sign", unary<UnaryFunction::Sign>, 1, 1, "Signum: -1, 0 or +1 (z/|z| for complex)."},
    {"mod", divisor_binary<BinaryFunction::Mod>, 2, 2, "Modulus x - m*floor(x/m); sign of m."},
    {"rem", divisor_binary<BinaryFunction::Rem>, 2, 2, "Remainder x - m*fix(x/m); sign of x."},
    {"hypot", broadcast_binary<BinaryFunction::Hypot>, 2, 2, "sqrt(a^2 + b^2) without overflow."},
    {"atan2", broadcast_binary<BinaryFunction::Atan2>, 2, 2, "Four-quadrant arctangent of y/x."},
    {"isnan", element_test<num::ElementTest::IsNan>, 1, 1, "True where an element is NaN."},
    {"isinf", element_test<num::ElementTest::IsInf>, 1, 1, "True where an element is infinite."},
    {"isfinite", element_test<num::ElementTest::IsFinite>, 1, 1,
     "True where an element is finite."},
};

}  // namespace llmlab::builtins
