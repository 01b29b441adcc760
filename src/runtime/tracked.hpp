// Values that depend on the input of grad/value_and_grad/jacobian (issue #13). A tracked value
// is a plain numeric value (its primal: a Scalar, Vector or Matrix) plus the node that computed
// it on a tape. The runtime knows only this interface: operators, indexing, concatenation and
// builtin calls hand an operation on a tracked operand to the operand's tape, which computes the
// primal with the ordinary plain code and records how to send gradients back. The tape and the
// gradient rules live above the runtime in src/autodiff (they need the nn kernels, which the
// runtime may not see), so the dependency points down through this abstract class.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "lang/ast.hpp"
#include "runtime/indexing.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

class Tape;

struct Tracked {
  Value primal;                // Scalar, Vector or Matrix, real
  std::shared_ptr<Tape> tape;  // the tape holding `node`
  std::int64_t node = 0;
};

// An operation that only moves, copies, repeats or zeroes the elements of its operands (index
// reads and writes, concatenation, reshape, transposes): the tape learns its gradient by running
// it a second time on operands whose elements are replaced by their positions.
using Rearrangement = std::function<Value(std::span<const Value> operands)>;
// Calls a builtin on the given arguments with the caller's nargout.
using BuiltinInvoke = std::function<Value(std::span<const Value> arguments, int nargout)>;

class Tape {
 public:
  virtual ~Tape() = default;
  // Every operator but && and ||; comparisons and logic give plain values.
  virtual Value binary(lang::BinaryOp op, const Value& left, const Value& right) = 0;
  virtual Value unary(lang::UnaryOp op, const Value& operand) = 0;
  // `operands` are the numeric values whose elements the operation moves (tracked or plain).
  // The operation runs on the primals first, then on the position-tagged copies.
  virtual Value rearrange(std::span<const Value> operands, const Rearrangement& operation) = 0;
  // container(subscripts) with a tracked container; the subscripts are plain.
  virtual Value index_read(const Value& container, std::span<const Value> subscripts) = 0;
  // [a, b; c, d] with a tracked operand (`rows` as the literal gives them).
  virtual Value concatenate(const std::vector<std::vector<Value>>& rows) = 0;
  // A builtin called with at least one tracked argument: its gradient rule, or a clear error
  // naming it when it has none. `dialect` is the calling code's: a few builtins read their
  // arguments by it (std(x, 1) weighs by N in matlab code and runs along dim 1 in rlab).
  virtual Value builtin(std::string_view name, std::span<const Value> arguments, int nargout,
                        const BuiltinInvoke& invoke, lang::Dialect dialect) = 0;
  // True once its grad has returned: a value of this tape that escaped f (into a
  // containers.Map, a handle, a global) then computes as the plain value it holds.
  virtual bool finished() const = 0;
};

// The tape of the first tracked value among `values` whose grad is still running, else of the
// first tracked value (a finished tape, which gives plain results), or null when none is
// tracked.
Tape* tape_of(std::span<const Value> values);
// The primal of a tracked value; any other value is returned as it is.
const Value& primal_of(const Value& value);

// The tracked forms of indexing and concatenation (runtime/tracked_dispatch.cpp): the plain
// functions call these when an operand is tracked. Subscripts are never differentiated: a
// tracked subscript is read as its primal.
bool any_tracked(std::span<const Value> values);
Value tracked_index_read(const Value& container, std::span<const Value> subscripts);
AssignEcho tracked_index_assign(Value& target, bool defined, std::string_view name,
                                std::span<const Value> subscripts, const Value& rhs);
void tracked_index_delete(Value& target, std::string_view name, std::span<const Value> subscripts);
Value tracked_concatenate(const std::vector<std::vector<Value>>& rows);
// start:step:stop when the start or the step is tracked: `plain`, the range of their primals,
// with start's and step's gradients (element k moves by d start + k d step; the stop only
// decides the count).
Value tracked_range(const Value& start, const Value& step, Value plain);

}  // namespace llmlab::runtime
