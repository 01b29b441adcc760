// Differentiable operations for the backward rules that can be differentiated again (tape.hpp's
// GraphBackward): each computes plainly on plain values and, given a value tracked by a running
// tape, records a node whose own backward rule is written in these same operations. So every
// rule built from them is written once and serves a first-order grad, a grad of a grad, and any
// higher order: the backward of sum_to is expand and the backward of expand is sum_to, gather
// and scatter likewise, sin's derivative is cos, and so on.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "num/matrix.hpp"
#include "runtime/value.hpp"

namespace llmlab::autodiff {

using num::Index;
using num::Matrix;
using runtime::Value;

// A plain result in the kind a rule's operand had: a Scalar for 1×1, else a Matrix.
Value plain_value(Matrix m);

// The operators on values, element-wise with broadcasting (runtime::binary_operation).
Value plus(const Value& a, const Value& b);
Value minus(const Value& a, const Value& b);
Value times(const Value& a, const Value& b);
Value divide(const Value& a, const Value& b);
Value negate(const Value& a);
// a * bᵀ and aᵀ * b: one BLAS call with its transpose flags when both are plain.
Value product_transposed_right(const Value& a, const Value& b);
Value product_transposed_left(const Value& a, const Value& b);

// The gradient of an operand broadcast to g's shape (g summed over its size-1 dimensions), and
// its transpose, g broadcast to rows × columns.
Value sum_to(const Value& g, Index rows, Index columns);
Value expand(const Value& g, Index rows, Index columns);

// An operation that moves elements, as a map: output element i (storage order) is element
// `element` of operand `operand`, or no element (operand -1: a constant or a fill).
struct Source {
  std::int32_t operand;
  Index element;
};
using Sources = std::shared_ptr<const std::vector<Source>>;
// The gradient of operand `operand` (rows × columns) from the output's gradient g, and its
// transpose: the operand's elements moved to an output of rows × columns.
Value scatter(const Value& g, const Sources& sources, std::int32_t operand, Index rows,
              Index columns);
Value gather(const Value& x, const Sources& sources, std::int32_t operand, Index rows,
             Index columns);
// g (its elements in storage order) as rows × columns.
Value reshape_to(const Value& g, Index rows, Index columns);

// The smooth element-wise functions whose derivatives are themselves in this list (or
// arithmetic), so they differentiate to any order.
enum class Smooth { Sin, Cos, Exp, Log, Sqrt, Tanh };
Value apply(Smooth f, const Value& x);
// g .* f'(x), the backward rule of f.
Value times_derivative(Smooth f, const Value& g, const Value& x);

}  // namespace llmlab::autodiff
