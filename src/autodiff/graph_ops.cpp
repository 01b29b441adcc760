// The differentiable operations of backward rules: plain kernels, plus a node with a backward
// rule in the same operations when an operand is tracked.
#include "autodiff/graph_ops.hpp"

#include <cmath>

#include "autodiff/array_math.hpp"
#include "autodiff/tape.hpp"
#include "num/elementwise.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::autodiff {

using lang::BinaryOp;
using runtime::Kind;
using runtime::primal_of;

namespace {

Matrix matrix_of(const Value& value) { return storage_of(value); }

// The running tape of a tracked value among `values`, or null when all are plain (or escaped a
// finished grad, whose tape records nothing).
ValueTape* recording_tape(std::span<const Value> values) {
  runtime::Tape* tape = runtime::tape_of(values);
  if (tape == nullptr || tape->finished()) return nullptr;
  return static_cast<ValueTape*>(tape);
}

// The numeric function of each smooth operation: its values are num's, written once there.
num::UnaryFunction numeric_function(Smooth f) {
  switch (f) {
    case Smooth::Sin:
      return num::UnaryFunction::Sin;
    case Smooth::Cos:
      return num::UnaryFunction::Cos;
    case Smooth::Exp:
      return num::UnaryFunction::Exp;
    case Smooth::Log:
      return num::UnaryFunction::Log;
    case Smooth::Sqrt:
      return num::UnaryFunction::Sqrt;
    case Smooth::Tanh:
      return num::UnaryFunction::Tanh;
  }
  return num::UnaryFunction::Sin;  // unreachable: every Smooth is listed above
}

}  // namespace

Value with_backward(Value plain, const Value& operand, GraphBackward backward) {
  const Value operands[] = {operand};
  ValueTape* tape = recording_tape(operands);
  if (tape == nullptr) return plain;
  return tape->record_graph(std::move(plain), operands, std::move(backward));
}

Value plain_value(Matrix m) {
  if (m.rows() == 1 && m.columns() == 1) return Value::scalar(m[0]);
  return Value::matrix(std::move(m));
}

Value plus(const Value& a, const Value& b) {
  return runtime::binary_operation(BinaryOp::Add, a, b);
}
Value minus(const Value& a, const Value& b) {
  return runtime::binary_operation(BinaryOp::Subtract, a, b);
}
Value times(const Value& a, const Value& b) {
  return runtime::binary_operation(BinaryOp::ElementMultiply, a, b);
}
Value divide(const Value& a, const Value& b) {
  return runtime::binary_operation(BinaryOp::ElementDivide, a, b);
}
Value negate(const Value& a) { return runtime::unary_operation(lang::UnaryOp::Negate, a); }

Value product_transposed_right(const Value& a, const Value& b) {
  if (!a.is(Kind::Tracked) && !b.is(Kind::Tracked)) {
    return plain_value(product_transposed_right(a.as_matrix(), b.as_matrix()));
  }
  const Value bt = runtime::unary_operation(lang::UnaryOp::NonConjugateTranspose, b);
  return runtime::binary_operation(BinaryOp::Multiply, a, bt);
}

Value product_transposed_left(const Value& a, const Value& b) {
  if (!a.is(Kind::Tracked) && !b.is(Kind::Tracked)) {
    return plain_value(product_transposed_left(a.as_matrix(), b.as_matrix()));
  }
  const Value at = runtime::unary_operation(lang::UnaryOp::NonConjugateTranspose, a);
  return runtime::binary_operation(BinaryOp::Multiply, at, b);
}

namespace {

// sum_to folds g down to rows × columns by summing the broadcast copies; expand broadcasts it
// back up: each is the other's transpose, so each records the other as its backward.
enum class Fit { SumTo, Expand };

Value fitted(Fit fit, const Value& g, Index rows, Index columns) {
  const Matrix m = matrix_of(g);
  if (m.rows() == rows && m.columns() == columns) return g;
  Matrix result = fit == Fit::SumTo ? sum_to(m, rows, columns) : expand(m, rows, columns);
  const Fit back = fit == Fit::SumTo ? Fit::Expand : Fit::SumTo;
  return with_backward(
      plain_value(std::move(result)), g,
      [back, from_rows = m.rows(), from_columns = m.columns()](const Value& w, ValueSink& sink) {
        sink.add(0, fitted(back, w, from_rows, from_columns));
      });
}

}  // namespace

Value sum_to(const Value& g, Index rows, Index columns) {
  return fitted(Fit::SumTo, g, rows, columns);
}

Value expand(const Value& g, Index rows, Index columns) {
  return fitted(Fit::Expand, g, rows, columns);
}

namespace {

// Scatter adds each source's element of the input into the output element it names; gather
// reads it back out: each is the other's transpose, so each records the other as its backward.
enum class Move { Scatter, Gather };

Value moved(Move move, const Value& v, const Sources& sources, std::int32_t operand, Index rows,
            Index columns) {
  const Matrix m = matrix_of(v);
  Matrix out(rows, columns);
  std::span<double> to = out.mutable_real_values();
  std::span<const double> from = m.real_values();
  for (std::size_t i = 0; i < sources->size(); ++i) {
    const Source& s = (*sources)[i];
    if (s.operand != operand) continue;
    const auto element = static_cast<std::size_t>(s.element);
    if (move == Move::Scatter) {
      to[element] += from[i];
    } else {
      to[i] = from[element];
    }
  }
  const Move back = move == Move::Scatter ? Move::Gather : Move::Scatter;
  return with_backward(
      plain_value(std::move(out)), v,
      [back, sources, operand, from_rows = m.rows(), from_columns = m.columns(),
       dims = runtime::dims_of(primal_of(v))](const Value& w, ValueSink& sink) {
        sink.add(0, view_as(moved(back, w, sources, operand, from_rows, from_columns), dims));
      });
}

}  // namespace

Value scatter(const Value& g, const Sources& sources, std::int32_t operand, Index rows,
              Index columns) {
  return moved(Move::Scatter, g, sources, operand, rows, columns);
}

Value gather(const Value& x, const Sources& sources, std::int32_t operand, Index rows,
             Index columns) {
  return moved(Move::Gather, x, sources, operand, rows, columns);
}

Value reshape_to(const Value& g, Index rows, Index columns) {
  const Matrix m = matrix_of(g);
  if (m.rows() == rows && m.columns() == columns) return g;
  auto identity = std::make_shared<std::vector<Source>>(static_cast<std::size_t>(m.size()));
  for (Index i = 0; i < m.size(); ++i) (*identity)[static_cast<std::size_t>(i)] = Source{0, i};
  return gather(g, identity, 0, rows, columns);
}

Value apply(Smooth f, const Value& x) {
  const Value& primal = primal_of(x);
  Value plain;
  if (primal.is_array()) {
    plain = Value::like(primal, num::apply(numeric_function(f), primal.as_matrix()));
  } else if (primal.is_nd_array()) {
    plain =
        from_storage(num::apply(numeric_function(f), storage_of(primal)), primal.nd_value().dims());
  } else {
    plain = Value::scalar(num::apply(numeric_function(f), primal.as_scalar()));
  }
  return with_backward(std::move(plain), x, [f](const Value& w, ValueSink& sink) {
    sink.add(0, times_derivative(f, w, sink.operand(0)));
  });
}

Value times_derivative(Smooth f, const Value& g, const Value& x) {
  switch (f) {
    case Smooth::Sin:
      return times(g, apply(Smooth::Cos, x));
    case Smooth::Cos:
      return negate(times(g, apply(Smooth::Sin, x)));
    case Smooth::Exp:
      return times(g, apply(Smooth::Exp, x));
    case Smooth::Log:
      return divide(g, x);
    case Smooth::Sqrt:
      return divide(g, times(Value::scalar(2.0), apply(Smooth::Sqrt, x)));
    case Smooth::Tanh: {
      const Value t = apply(Smooth::Tanh, x);
      return times(g, minus(Value::scalar(1.0), times(t, t)));
    }
  }
  return g;
}

}  // namespace llmlab::autodiff
