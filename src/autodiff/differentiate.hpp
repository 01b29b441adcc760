// What grad, value_and_grad, jacobian and gradcheck share: x's numeric leaves made tracked,
// the gradient assembled back into x's kind, shape and struct tree, and tracked values
// stripped from what leaves the differentiation (aux outputs).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "autodiff/tape.hpp"

namespace llmlab::autodiff {

// x with every numeric leaf a leaf node of `tape`. x is a real Scalar, Vector or Matrix, or a
// struct (nested allowed) whose leaves are; anything else throws "<who>: ..." naming the kind
// and, inside a struct, the field.
Value lift(ValueTape& tape, const Value& x, std::string_view who);

// The gradient of every leaf of x, assembled with x's structure; leaves the output does not
// reach get zeros.
Value gradient_like(const Value& x, const Value& tracked_x, const ValueTape::Gradients& gradients);

// The same from a recorded pass (a grad inside a differentiated f): a leaf's gradient is the
// tracked value the pass computed, or plain zeros when the output does not reach it.
Value recorded_gradient_like(const Value& x, const Value& tracked_x,
                             const ValueTape::RecordedGradients& gradients);
// The nodes of tracked_x's leaves, in collect_leaves' order.
void leaf_nodes(const Value& tracked_x, std::vector<std::int64_t>& nodes);

// Zeros with x's structure (the gradient of a function that does not depend on x).
Value zeros_like_tree(const Value& x);

// The value with every tracked value inside (struct fields, tuple items) replaced by its
// primal, so nothing that leaves f keeps the tape alive.
Value strip(const Value& value);

// One numeric leaf of a struct tree: its path ("W", "blocks.ln1") and value.
struct Leaf {
  std::string path;
  Value value;
};
void collect_leaves(const Value& x, const std::string& path, std::vector<Leaf>& leaves);
// x with its leaves replaced in collect_leaves' order.
Value replace_leaves(const Value& x, const std::vector<Value>& leaves, std::size_t& next);

// The seed that picks output element k, taken in column-major order, of a rows × columns output.
Matrix unit_seed(Index rows, Index columns, Index k);
// Flat (row-major storage) position of column-major element k.
Index storage_position(Index rows, Index columns, Index k);

}  // namespace llmlab::autodiff
