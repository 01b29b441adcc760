// Element-wise builtins over N-D arrays (issue #27): the one lifting every element-wise builtin
// goes through (abs, sqrt, isnan, mod, atan2, max(A, B), gelu, ...), so that none of them has
// N-D code of its own. The array operands are expanded to their broadcast extents (MATLAB's
// implicit expansion, num::broadcast_dims) and handed to the builtin's 2-D definition as their
// storage matrices, which arrays of the same extents lay out alike; its result takes the
// broadcast extents back. Numbers (Scalar, Bool, Complex) stay numbers.
#pragma once

#include <span>

#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

using BuiltinBody = Value (*)(Call&);

// True when one of the first `operands` arguments is an NdArray.
bool has_nd_operand(std::span<const Value> arguments, int operands);

// call's builtin `body` over N-D operands: arguments 0..operands-1 are element-wise operands,
// the rest pass unchanged (round's digits). Operands whose extents do not expand to one another
// are the error "<name>: nonconformant arguments (op1 is 2x3x2, op2 is 3x2)", Octave's wording.
Value lift_element_wise(Call& call, int operands, BuiltinBody body);

}  // namespace llmlab::runtime
