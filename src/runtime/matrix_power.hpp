// MATLAB's `^` with an array operand (mpower): a square matrix to a scalar power, or a scalar to
// a square matrix power. matlab code only (language.md §14); rlab's `^` on arrays stays
// element-wise (§5.2).
#pragma once

#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// Whether `left ^ right` is a matrix power: an operand is an array with more than one element.
bool is_matrix_power(const Value& left, const Value& right);

// A ^ p: an integer p by repeated squaring (p < 0 on the inverse, p == 0 the identity), so that
// A ^ 2 is exactly A * A and a tracked A keeps its gradient; any other p, and s ^ A, through the
// eigendecomposition A = V·D·V⁻¹ as V·f(D)/V (complex where the result is). Operands that are
// not a square matrix and a scalar are an error; `warning` receives a singular inverse's.
Value matrix_power(const Value& left, const Value& right, Warning* warning);

}  // namespace llmlab::runtime
