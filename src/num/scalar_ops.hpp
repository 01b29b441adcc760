// The arithmetic and comparison operators on two numbers, written once (language.md §5.1,
// §13.6): real operands use IEEE double arithmetic and C pow, complex operands complex
// arithmetic with the principal value of a power. Every scalar path calls these (the
// evaluator's fast paths, compound assignment, ScalarCode's loop, the runtime's scalar∘scalar
// operators) and so do the element-wise kernels of num/ops.cpp, so they cannot disagree. The
// real forms are inline, so the hot scalar loops keep their operands in registers: each is one
// rounding, the same whatever the caller's -ffp-contract. The complex form a caller outside num
// uses is out of line, compiled with the kernels.
#pragma once

#include <cmath>
#include <complex>
#include <type_traits>

namespace llmlab::num {

// Element-wise arithmetic operators: `+ - .* ./ .^` (array `^` and `*`, `/` with a scalar
// operand are the same operations on arrays, §5.2). The order is ScalarCode's op-code order.
enum class Arithmetic { Add, Subtract, Multiply, Divide, Power };

// Principal value of a^b: exp(b·log a), with 0^0 = 1, 0^b = 0 for re(b) > 0 and exact real
// results when both parts allow them (num/ops.cpp).
std::complex<double> complex_power(std::complex<double> a, std::complex<double> b);

// a ∘ b for an operator known when compiling; T is double or std::complex<double> (complex only
// inside num: other layers call the out-of-line arithmetic(op, Complex, Complex) below).
template <Arithmetic op, typename T>
inline T arithmetic(T a, T b) {
  if constexpr (op == Arithmetic::Add) {
    return a + b;
  } else if constexpr (op == Arithmetic::Subtract) {
    return a - b;
  } else if constexpr (op == Arithmetic::Multiply) {
    return a * b;
  } else if constexpr (op == Arithmetic::Divide) {
    return a / b;
  } else if constexpr (std::is_same_v<T, double>) {
    return std::pow(a, b);
  } else {
    return complex_power(a, b);
  }
}

namespace detail {
template <typename T>
inline T arithmetic_switch(Arithmetic op, T a, T b) {
  switch (op) {
    case Arithmetic::Add:
      return arithmetic<Arithmetic::Add>(a, b);
    case Arithmetic::Subtract:
      return arithmetic<Arithmetic::Subtract>(a, b);
    case Arithmetic::Multiply:
      return arithmetic<Arithmetic::Multiply>(a, b);
    case Arithmetic::Divide:
      return arithmetic<Arithmetic::Divide>(a, b);
    case Arithmetic::Power:
      return arithmetic<Arithmetic::Power>(a, b);
  }
  return T{};
}
}  // namespace detail

// a ∘ b for an operator known when running.
inline double arithmetic(Arithmetic op, double a, double b) {
  return detail::arithmetic_switch(op, a, b);
}
// Out of line (num/ops.cpp): a complex product or quotient is several roundings, which num
// compiles with its own contraction of multiply-adds; the runtime, compiled with
// -ffp-contract=off, calls this so that a complex scalar rounds as the array kernels round it.
std::complex<double> arithmetic(Arithmetic op, std::complex<double> a, std::complex<double> b);

// `== != < <= > >=`. Array comparisons compare real parts (§13.6).
enum class Comparison { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };

// a ∘ b for two reals.
inline bool compare(Comparison op, double a, double b) {
  switch (op) {
    case Comparison::Equal:
      return a == b;
    case Comparison::NotEqual:
      return a != b;
    case Comparison::Less:
      return a < b;
    case Comparison::LessEqual:
      return a <= b;
    case Comparison::Greater:
      return a > b;
    case Comparison::GreaterEqual:
      return a >= b;
  }
  return false;
}

}  // namespace llmlab::num
