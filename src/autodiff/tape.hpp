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
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "num/matrix.hpp"
#include "num/nd_array.hpp"
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

// The differentiable form of a backward rule (gradients of gradients): written once with the
// operations of graph_ops.hpp and the operators on Values, it computes plainly in a first-order
// pass and is itself recorded on the tape when a grad inside f differentiates (the pass of an
// inner grad then depends on x like any other operation of f). operand(k) is the operand's
// primal in a first-order pass and the tracked operand in a recorded one.
class ValueSink {
 public:
  ValueSink(std::span<const std::int64_t> inputs, std::vector<Value> operands,
            GradientSink* matrices, std::vector<Value>* values, std::vector<char>* present)
      : inputs_(inputs),
        operands_(std::move(operands)),
        matrices_(matrices),
        values_(values),
        present_(present) {}
  bool wants(std::size_t operand) const {
    return operand < inputs_.size() && inputs_[operand] >= 0;
  }
  const Value& operand(std::size_t k) const { return operands_[k]; }
  // The matrix sink of a first-order pass (null in a recorded one), for rules whose plain form
  // has a faster loop than their differentiable form.
  GradientSink* first_order() const { return matrices_; }
  // Adds `contribution` (the operand's shape) to the operand's gradient.
  void add(std::size_t operand, const Value& contribution);

 private:
  std::span<const std::int64_t> inputs_;
  std::vector<Value> operands_;
  GradientSink* matrices_;      // a first-order pass
  std::vector<Value>* values_;  // a recorded pass
  std::vector<char>* present_;
};
using GraphBackward = std::function<void(const Value& output_gradient, ValueSink& sink)>;

struct Tagging;

class ValueTape : public runtime::Tape, public std::enable_shared_from_this<ValueTape> {
 public:
  // A leaf node for a real Scalar, Vector or Matrix (x, or one leaf of x's struct tree).
  Value leaf(const Value& primal);
  // Records an operation whose result is `primal`, computed from `operands` (tracked or plain).
  // A result that is not a real Scalar/Vector/Matrix (a bool, a string) is returned plain: it
  // carries no gradient. A complex result is an error.
  Value record(Value primal, std::span<const Value> operands, Backward backward);
  // The same with a differentiable backward rule: the node can take part in a grad of a
  // gradient. The operands' primals are kept for the rule.
  Value record_graph(Value primal, std::span<const Value> operands, GraphBackward backward);

  // The gradients of every node after seeding `output` with `seed`; nodes the seed does not
  // reach have an empty entry with present[node] == 0.
  struct Gradients {
    std::vector<Matrix> values;
    std::vector<char> present;
  };
  Gradients backward(std::int64_t output, Matrix seed) const;

  // The backward pass of a grad inside f (a gradient of a gradient): from `output`, seeded with
  // `seed` (plain or tracked), over the nodes from `first` on that depend on `sources` (the
  // leaves that grad lifted), every rule run in its differentiable form, so the gradients it
  // returns are tracked values of this tape. A node without that form is an error naming it.
  struct RecordedGradients {
    std::vector<Value> values;
    std::vector<char> present;
  };
  RecordedGradients backward_recorded(std::int64_t output, const Value& seed, std::int64_t first,
                                      std::span<const std::int64_t> sources);

  // While a grad inside f runs on this tape (nesting() > 0), index reads and concatenations
  // record their general, differentiable form instead of their fast first-order one.
  int nesting() const { return nesting_; }
  void enter_nested() { ++nesting_; }
  void leave_nested() { --nesting_; }

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
                const runtime::BuiltinInvoke& invoke, lang::Dialect dialect) override;

 private:
  struct Node {
    std::vector<std::int64_t> inputs;  // node per operand, -1 for an untracked one
    Backward backward;                 // empty for a leaf and for a differentiable rule
    GraphBackward graph;               // the differentiable rule, if it has one
    std::vector<Value> primals;        // the operands' primals, for `graph`
    std::string name;                  // the builtin or operator, for messages
    num::Dims output_dims;             // an N-D output's extents (its gradient is its storage)
  };
  Tagging tag_operands(std::span<const Value> operands);
  Value nd_region_read(const Value& container, std::span<const Value> subscripts, Value result,
                       const std::function<Value()>& general);
  // The node's inputs, or nothing when it depends on no tracked operand.
  std::optional<Node> node_for(std::span<const Value> operands);
  Value push(Node node, Value primal);
  // Position tags 1..n of one shape, shared by the rearrangements of a single tracked operand
  // (an index read of a few rows of a large matrix then costs the rows, not the matrix).
  const Value& tags_of_shape(const Value& primal);

  std::vector<Node> nodes_;
  std::size_t saved_bytes_ = 0;
  bool finished_ = false;
  int nesting_ = 0;
  std::string_view operation_ = "an operator";  // what record() is recording, for messages
  std::map<std::pair<int, num::Dims>, Value> tag_cache_;
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

// The tape of the innermost grad running now, or null: a grad called inside f differentiates
// on it (one tape for every order, as the backward pass of the inner grad must be recorded
// where the outer grad can see it).
ValueTape* running_tape();
// Makes `tape` the running one for its lifetime.
class RunningTape {
 public:
  explicit RunningTape(ValueTape& tape);
  RunningTape(const RunningTape&) = delete;
  RunningTape& operator=(const RunningTape&) = delete;
  ~RunningTape();

 private:
  ValueTape* previous_;
};

}  // namespace llmlab::autodiff
