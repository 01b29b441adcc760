// Operators with an N-D operand (issue #27): element-wise arithmetic, comparisons and logic
// with MATLAB's implicit expansion across any dims. The broadcast extents are num's
// (num::broadcast_dims); each operand is expanded to them and the 2-D element-wise operator
// runs once over the storage, which two arrays of the same extents lay out alike.
#pragma once

#include "lang/ast.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// left op right where either is an NdArray. A scalar operand of *, /, \ or ^ acts element-wise;
// those operators between two arrays are an error (they are 2-D products and solves).
Value nd_binary_operation(lang::BinaryOp op, const Value& left, const Value& right);

// -A, +A, ~A of an NdArray; a transpose is an error (MATLAB: use permute).
Value nd_unary_operation(lang::UnaryOp op, const Value& operand);

}  // namespace llmlab::runtime
