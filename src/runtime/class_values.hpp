// Numeric values and their class tag (numeric_class.hpp): converting a value to a class and
// running an operator on values of single or an integer class. The operators compute in double
// and convert the result once here, so each operator is still written once (operators.cpp).
#pragma once

#include "lang/ast.hpp"
#include "runtime/numeric_class.hpp"
#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// A number, bool or numeric array converted to `cls` (integers rounded and saturated, single
// rounded to float32) and tagged with it; a Bool becomes a number first. Logical and double
// give the plain double value. Other kinds are returned as they are.
Value converted_to_class(Value value, NumClass cls);

// The same value tagged double (its elements unchanged): what the double operators take.
Value without_class(Value value);

// A number or numeric array (not a Bool) tagged `cls`, its elements unchanged: for results
// whose elements are already values of the class (an element read, a reshape). Tagged char,
// one row of chars is the String (runtime/char_matrix.hpp).
Value tagged(Value value, NumClass cls);

// `left op right` where an operand is single or of an integer class (MATLAB's rules): the
// result's class from arithmetic_class, computed in double by `operate` on the untagged
// operands and converted once; comparisons and & | give logical. Throws MATLAB's error for two
// different integer classes.
template <class Operate>
Value classed_binary(lang::BinaryOp op, const Value& left, const Value& right, Operate operate);

// -x, x', !x of a value of single or an integer class: `operate` on the untagged value, the
// class put back (saturating: -int8(-128) is 127); ! gives logical.
template <class Operate>
Value classed_unary(lang::UnaryOp op, const Value& operand, Operate operate) {
  Value result = operate(without_class(operand));
  if (op == lang::UnaryOp::Not) return result;
  return converted_to_class(std::move(result), operand.num_class());
}

// Whether the operator's result is logical whatever its operands' classes.
bool gives_logical(lang::BinaryOp op);

// An operand of a comparison or & |, untagged: single beside double compares in single (Octave's
// single(0.1) == 0.1 is true), integers compare exactly as doubles.
Value compared_operand(const Value& operand, const Value& other);

template <class Operate>
Value classed_binary(lang::BinaryOp op, const Value& left, const Value& right, Operate operate) {
  if (gives_logical(op)) {
    return operate(compared_operand(left, right), compared_operand(right, left));
  }
  const NumClass cls = arithmetic_class(left.num_class(), right.num_class());
  return converted_to_class(operate(without_class(left), without_class(right)), cls);
}

}  // namespace llmlab::runtime
