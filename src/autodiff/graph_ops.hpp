// Differentiable operations for the backward rules that can be differentiated again (tape.hpp's
// GraphBackward): each computes plainly on plain values and, given a value tracked by a running
// tape, records a node whose own backward rule is written in these same operations. So every
// rule built from them is written once and serves a first-order grad, a grad of a grad, and any
// higher order: the backward of sum_to is expand and the backward of expand is sum_to, gather
// and scatter likewise, sin's derivative is cos, and so on.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "num/matrix.hpp"
#include "num/nd_array.hpp"
#include "runtime/value.hpp"

namespace llmlab::autodiff {

using num::Index;
using num::Matrix;
using runtime::Value;

// `plain` as the result of an operation on `operand`: recorded with `backward` when the operand
// is tracked by a running tape (the one step every differentiable operation ends with).
class ValueSink;
Value with_backward(Value plain, const Value& operand,
                    std::function<void(const Value&, ValueSink&)> backward);

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

// --- N-D arrays (issue #27; nd_graph_ops.cpp) ----------------------------------------------
// The tape keeps the gradient of an N-D array as its storage (num/nd_array.hpp: page after page,
// each page a row-major matrix), so an element-wise rule sees the same element order in an
// operand, its gradient and its result, and a view between extents moves no element.

// The storage of a numeric value or N-D array: the pages of an NdArray, else as_matrix().
Matrix storage_of(const Value& value);
// The plain value of extents `dims` whose storage holds `storage`'s elements in order (an
// NdArray for 3 or more dims, else a Matrix, a Scalar for 1×1).
Value from_storage(const Matrix& storage, const num::Dims& dims);
// v's elements, in storage order, seen with extents `dims` (the same element count): no element
// moves, and the gradient goes back the same way.
Value view_as(const Value& v, const num::Dims& dims);
// The gradient of an operand of extents `dims` that was broadcast to g's extents (g summed
// over the dims where `dims` has 1), and its transpose, g broadcast to `dims`. Either dims.
Value sum_to(const Value& g, const num::Dims& dims);
Value expand(const Value& g, const num::Dims& dims);
// x as a matrix whose rows are its slices along 0-based `dim` (num::rows_along), and back to
// extents `dims` (whose extent at `dim` is the rows' length): the slices a row kernel or a
// 2-D rule with dim 2 takes.
Value rows_along(const Value& x, int dim);
// v's elements in MATLAB's linear order with extents `dims` (a reshape), and v with its dims
// reordered (result dim k is v's dim order[k], 0-based): each other's transposes.
Value reshaped_to(const Value& v, const num::Dims& dims);
Value permuted_by(const Value& v, const std::vector<int>& order);
Value from_rows_along(const Value& rows, const num::Dims& dims, int dim);

}  // namespace llmlab::autodiff
