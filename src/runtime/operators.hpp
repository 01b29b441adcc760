// Operators on script values (language.md §5, §13.5–§13.8): dispatch on the operand kinds,
// the array arithmetic itself is num/ops. The evaluator inlines the scalar∘scalar fast path and
// calls these for everything else.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "lang/ast.hpp"
#include "num/scalar_ops.hpp"
#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// What a binary operator computes on two scalars, in one switch (a jump table, so the scalar
// fast paths pay one dispatch): an arithmetic operator calls `arithmetic.template
// operator()<A>()` with its num::Arithmetic A (`.*`, `./`, `.^` are `*`, `/`, `^` on scalars),
// a comparison `comparison.template operator()<C>()` with its num::Comparison C, any other
// (`\\`, logic) `otherwise()`. The callers compute with num::arithmetic and num::compare, so
// each operator's scalar rule is written once.
template <typename OnArithmetic, typename OnComparison, typename Otherwise>
constexpr auto dispatch_scalar_operator(lang::BinaryOp op, OnArithmetic&& arithmetic,
                                        OnComparison&& comparison, Otherwise&& otherwise) {
  using lang::BinaryOp;
  using num::Arithmetic;
  using num::Comparison;
  switch (op) {
    case BinaryOp::Add:
      return arithmetic.template operator()<Arithmetic::Add>();
    case BinaryOp::Subtract:
      return arithmetic.template operator()<Arithmetic::Subtract>();
    case BinaryOp::Multiply:
    case BinaryOp::ElementMultiply:
      return arithmetic.template operator()<Arithmetic::Multiply>();
    case BinaryOp::Divide:
    case BinaryOp::ElementDivide:
      return arithmetic.template operator()<Arithmetic::Divide>();
    case BinaryOp::Power:
    case BinaryOp::ElementPower:
      return arithmetic.template operator()<Arithmetic::Power>();
    case BinaryOp::Equal:
      return comparison.template operator()<Comparison::Equal>();
    case BinaryOp::NotEqual:
      return comparison.template operator()<Comparison::NotEqual>();
    case BinaryOp::Less:
      return comparison.template operator()<Comparison::Less>();
    case BinaryOp::LessEqual:
      return comparison.template operator()<Comparison::LessEqual>();
    case BinaryOp::Greater:
      return comparison.template operator()<Comparison::Greater>();
    case BinaryOp::GreaterEqual:
      return comparison.template operator()<Comparison::GreaterEqual>();
    default:
      return otherwise();
  }
}

// The arithmetic a binary operator does, or nothing.
constexpr std::optional<num::Arithmetic> arithmetic_operator(lang::BinaryOp op) {
  using Result = std::optional<num::Arithmetic>;
  return dispatch_scalar_operator(
      op, []<num::Arithmetic A>() { return Result(A); }, []<num::Comparison>() { return Result(); },
      [] { return Result(); });
}

// The comparison a binary operator makes, or nothing.
constexpr std::optional<num::Comparison> comparison_operator(lang::BinaryOp op) {
  using Result = std::optional<num::Comparison>;
  return dispatch_scalar_operator(
      op, []<num::Arithmetic>() { return Result(); }, []<num::Comparison C>() { return Result(C); },
      [] { return Result(); });
}

// Every binary operator but the short-circuit && and || (the evaluator owns those). Matrix
// division (A \ B, A / B of two arrays, §13.12) may leave MATLAB's singular / badly
// conditioned note in `warning` (dropped when it is null).
Value binary_operation(lang::BinaryOp op, const Value& left, const Value& right,
                       Warning* warning = nullptr);
// binary_operation in matlab code (language.md §14): a power of a negative real scalar with a
// non-integral exponent is MATLAB's complex value ((-8)^(1/3) is 1 + 1.7321i) where rlab's
// real scalar arithmetic gives NaN; a char operand beside a number or another char is its
// character codes ('a' + 1 is 98, 'abc' == 'abd' is [1 1 0]); `^` with an array operand is the
// matrix power (matrix_power.hpp); every other operation as in rlab.
Value matlab_binary_operation(lang::BinaryOp op, const Value& left, const Value& right,
                              Warning* warning = nullptr);
// A unary operator in matlab code: a char's transpose is char ('abc'' is a 3×1 char), and a
// char beside - or ~ is its character codes (-'a' is -97); every other operation as in rlab.
Value matlab_unary_operation(lang::UnaryOp op, const Value& operand);
// -x, +x, !x / ~x, x', x.'.
Value unary_operation(lang::UnaryOp op, const Value& operand);

// A cell's transpose: element (r, c) moves to (c, r).
CellArray transposed_cell(const CellArray& cells);

// Truthiness of an `if`/`elseif`/`while` condition (§5.5, §13.10); `statement` ("if",
// "elseif", "while") names the statement in the error for kinds that have no truth value.
bool condition_truth(const Value& value, std::string_view statement);
// Truthiness of an operand of && or || (§5.5): scalars, bools and one-element arrays.
bool short_circuit_truth(const Value& value);

// Switch-case equality (§2.11): only scalar/bool/complex pairs and string pairs can match.
bool case_matches(const Value& subject, const Value& candidate);

// A 1×1 complex result read out of an array (§4.2): real scalar when |im| < 1e-12.
Value demote_element(num::Complex value);

// The matlab dialect's narrowing (language.md §14, as MATLAB and Octave do it): a complex
// result whose imaginary parts are all exactly 0 is real (`1i * 1i` is -1). In rlab it stays
// complex (§4.2: `j*j` prints -1+0j), so only matlab code calls this.
Value narrow_complex(Value value);

}  // namespace llmlab::runtime
