// The tape of reverse-mode automatic differentiation (issue #13): one node per operation on a
// tracked value, in the order the script ran them, each with the rule that sends the gradient
// of its output back to its operands. The nodes hold whole arrays (num::Matrix, shared
// copy-on-write), never elements, so a matrix product is one node whose backward is two
// BLAS products, and a layernorm one node whose backward is the nn kernel.
//
// How a value gets here: grad/value_and_grad/jacobian make x's numeric leaves tracked values
// (runtime/tracked.hpp) on a fresh tape and call f. Every operator, index, concatenation or
// builtin that meets a tracked operand asks this tape to compute the primal with the ordinary
// plain code and record a node. Values that do not depend on x never reach the tape.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string_view>
#include <tuple>
#include <vector>

#include "num/matrix.hpp"
#include "runtime/tracked.hpp"
#include "runtime/value.hpp"

namespace llmlab::autodiff {

using num::Index;
using num::Matrix;
using runtime::Value;

// Where a node's backward rule puts the gradients of its operands. Operand k is the k-th
// value given to ValueTape::record; untracked operands take no gradient (wants(k) is false).
class GradientSink {
 public:
  GradientSink(std::span<const std::int64_t> inputs, std::vector<Matrix>& gradients,
               std::vector<char>& present)
      : inputs_(inputs), gradients_(gradients), present_(present) {}
  bool wants(std::size_t operand) const {
    return operand < inputs_.size() && inputs_[operand] >= 0;
  }
  // Adds `contribution` (the operand's primal shape, as as_matrix() gives it) to the operand's
  // gradient; the first contribution is moved in without a copy.
  void add(std::size_t operand, Matrix contribution);
  // The operand's gradient buffer to add into in place (zeros when it had none yet), for rules
  // that touch a few elements of a large operand (an index read of some rows).
  std::span<double> accumulator(std::size_t operand, Index rows, Index columns);

 private:
  std::span<const std::int64_t> inputs_;
  std::vector<Matrix>& gradients_;
  std::vector<char>& present_;
};

// A node's backward rule: the gradient of its output (the primal's as_matrix() shape) in, the
// operands' gradients out through the sink.
using Backward = std::function<void(const Matrix& output_gradient, GradientSink& sink)>;

class ValueTape : public runtime::Tape, public std::enable_shared_from_this<ValueTape> {
 public:
  // A leaf node for a real Scalar, Vector or Matrix (x, or one leaf of x's struct tree).
  Value leaf(const Value& primal);
  // Records an operation whose result is `primal`, computed from `operands` (tracked or plain).
  // A result that is not a real Scalar/Vector/Matrix (a bool, a string) is returned plain: it
  // carries no gradient. A complex result is an error.
  Value record(Value primal, std::span<const Value> operands, Backward backward);

  // The gradients of every node after seeding `output` with `seed`; nodes the seed does not
  // reach have an empty entry with present[node] == 0.
  struct Gradients {
    std::vector<Matrix> values;
    std::vector<char> present;
  };
  Gradients backward(std::int64_t output, Matrix seed) const;

  std::size_t node_count() const { return nodes_.size(); }
  // Bytes held by the arrays the nodes saved for their backward rules (not counting arrays
  // the script's variables still share), for the benchmark's memory figure.
  std::size_t saved_bytes() const { return saved_bytes_; }
  void add_saved_bytes(std::size_t bytes) { saved_bytes_ += bytes; }

  // Called when the grad that made this tape returns (or fails): from then on its values that
  // escaped f compute as plain values (record returns the primal).
  void finish() { finished_ = true; }

  // runtime::Tape
  bool finished() const override { return finished_; }
  Value binary(lang::BinaryOp op, const Value& left, const Value& right) override;
  Value unary(lang::UnaryOp op, const Value& operand) override;
  Value rearrange(std::span<const Value> operands,
                  const runtime::Rearrangement& operation) override;
  Value index_read(const Value& container, std::span<const Value> subscripts) override;
  Value concatenate(const std::vector<std::vector<Value>>& rows) override;
  Value builtin(std::string_view name, std::span<const Value> arguments, int nargout,
                const runtime::BuiltinInvoke& invoke) override;

 private:
  struct Node {
    std::vector<std::int64_t> inputs;  // node per operand, -1 for an untracked one
    Backward backward;                 // empty for a leaf
  };
  // Position tags 1..n of one shape, shared by the rearrangements of a single tracked operand
  // (an index read of a few rows of a large matrix then costs the rows, not the matrix).
  const Value& tags_of_shape(const Value& primal);

  std::vector<Node> nodes_;
  std::size_t saved_bytes_ = 0;
  bool finished_ = false;
  std::map<std::tuple<int, Index, Index>, Value> tag_cache_;
};

// The tracked node of a value, or -1 when it is plain.
std::int64_t node_of(const Value& value);

// Finishes the tape when the differentiation that made it leaves, normally or by an error.
class FinishOnExit {
 public:
  explicit FinishOnExit(ValueTape& tape) : tape_(tape) {}
  FinishOnExit(const FinishOnExit&) = delete;
  FinishOnExit& operator=(const FinishOnExit&) = delete;
  ~FinishOnExit() { tape_.finish(); }

 private:
  ValueTape& tape_;
};

}  // namespace llmlab::autodiff
