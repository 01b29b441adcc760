// Element-wise math functions (builtins.md §4): one-argument functions applied to every element,
// and the two-argument ones (mod, rem, hypot, atan2, two-argument max/min) with broadcasting.
// Real storage uses the real C library function (sqrt(-1) is NaN); complex storage the complex
// formula. abs, angle, real and imag of complex input are real.
#pragma once

#include "num/matrix.hpp"

namespace llmlab::num {

enum class UnaryFunction {
  Abs,
  Angle,
  Real,
  Imag,
  Conj,
  Sqrt,
  Exp,
  Log,
  Log2,
  Log10,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  Floor,
  Ceil,
  Round,  // half away from zero
  Fix,    // toward zero
  Sign,   // -1, 0, +1 (NaN stays NaN); z/|z| for complex, 0 for 0
};

Matrix apply(UnaryFunction function, const Matrix& x);
double apply(UnaryFunction function, double x);

// MATLAB's rule for real input outside a function's real domain (the square root and the
// logarithms of a negative number, asin and acos beyond ±1): whether some element of the real
// matrix x lies there, and the function over x in complex, each such element on MATLAB's
// branch (asin(2) is π/2 - 1.317i, asin(-2) = -asin(2)). rlab keeps the real functions.
bool leaves_real_domain(UnaryFunction function, const Matrix& x);
Matrix apply_in_complex(UnaryFunction function, const Matrix& x);
// The complex formula; abs, angle, real and imag return a complex number with im = 0.
Complex apply(UnaryFunction function, Complex z);

// Binary element-wise functions; operands broadcast as the arithmetic operators (§5.3).
enum class BinaryFunction {
  Mod,    // x - m*floor(x/m), mod(x, 0) = x; real and imaginary parts separately
  Rem,    // x - m*fix(x/m), rem(x, 0) = NaN
  Hypot,  // C hypot on real parts
  Atan2,  // atan2(y, x) on real parts
  Max,    // larger element; NaN yields the other operand's element
  Min,
};

Matrix apply(BinaryFunction function, const Matrix& a, const Matrix& b);
double apply(BinaryFunction function, double a, double b);

// Element tests (a complex element is NaN if either part is; Inf if either part is infinite and
// neither is NaN; finite if both are). Return 0/1 real matrices.
enum class ElementTest { IsNan, IsInf, IsFinite };
Matrix test(ElementTest which, const Matrix& x);
bool test(ElementTest which, Complex z);

}  // namespace llmlab::num
