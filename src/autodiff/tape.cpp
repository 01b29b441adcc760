// The tape: nodes, the backward sweep, and the rules of the operators and of rearrangements.
#include "autodiff/tape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "autodiff/array_math.hpp"
#include "autodiff/rules.hpp"
#include "base/error.hpp"
#include "num/ops.hpp"
#include "runtime/indexing.hpp"
#include "runtime/literals.hpp"
#include "runtime/operators.hpp"

namespace llmlab::autodiff {

using runtime::Kind;
using runtime::primal_of;

std::int64_t node_of(const Value& value) {
  return value.is(Kind::Tracked) ? value.tracked_value().node : -1;
}

void GradientSink::add(std::size_t operand, Matrix contribution) {
  if (!wants(operand)) return;
  const auto node = static_cast<std::size_t>(inputs_[operand]);
  if (!present_[node]) {
    gradients_[node] = std::move(contribution);
    present_[node] = 1;
    return;
  }
  Matrix& total = gradients_[node];
  if (total.size() != contribution.size()) {
    throw Error(fmt::format("autodiff: internal error: gradient {} added to {}",
                            num::shape_text(contribution), num::shape_text(total)));
  }
  std::span<double> out = total.mutable_real_values();
  std::span<const double> in = contribution.real_values();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] += in[i];
}

std::span<double> GradientSink::accumulator(std::size_t operand, Index rows, Index columns) {
  const auto node = static_cast<std::size_t>(inputs_[operand]);
  if (!present_[node]) {
    gradients_[node] = Matrix(rows, columns);
    present_[node] = 1;
  }
  return gradients_[node].mutable_real_values();
}

namespace {

bool is_real_numeric(const Value& value) {
  switch (value.kind()) {
    case Kind::Scalar:
      return true;
    case Kind::Vector:
    case Kind::Matrix:
      return value.matrix_value().is_real();
    default:
      return false;
  }
}

[[noreturn]] void complex_error() {
  throw Error(
      "autodiff: a complex value depends on the differentiated input; gradients are defined "
      "for real values only");
}

}  // namespace

Value ValueTape::leaf(const Value& primal) {
  LLMLAB_ASSERT(is_real_numeric(primal));
  nodes_.push_back(Node{});
  return Value::tracked(
      runtime::Tracked{primal, shared_from_this(), static_cast<std::int64_t>(nodes_.size() - 1)});
}

Value ValueTape::record(Value primal, std::span<const Value> operands, Backward backward) {
  if (primal.is(Kind::Complex) || (primal.is_array() && primal.matrix_value().is_complex())) {
    complex_error();
  }
  if (!is_real_numeric(primal) || primal.is_logical() || finished_) return primal;
  Node node;
  node.inputs.reserve(operands.size());
  bool any = false;
  for (const Value& operand : operands) {
    const bool foreign = operand.is(Kind::Tracked) && operand.tracked_value().tape.get() != this;
    // A value that escaped an earlier, finished grad is a plain value here.
    if (foreign && operand.tracked_value().tape->finished()) {
      node.inputs.push_back(-1);
      continue;
    }
    if (foreign) {
      throw Error("autodiff: values from two differentiations meet (nested grad is not supported)");
    }
    node.inputs.push_back(node_of(operand));
    any = any || node.inputs.back() >= 0;
  }
  if (!any) return primal;
  node.backward = std::move(backward);
  nodes_.push_back(std::move(node));
  return Value::tracked(runtime::Tracked{std::move(primal), shared_from_this(),
                                         static_cast<std::int64_t>(nodes_.size() - 1)});
}

ValueTape::Gradients ValueTape::backward(std::int64_t output, Matrix seed) const {
  Gradients result;
  result.values.resize(nodes_.size());
  result.present.assign(nodes_.size(), 0);
  result.values[static_cast<std::size_t>(output)] = std::move(seed);
  result.present[static_cast<std::size_t>(output)] = 1;
  for (std::int64_t id = output; id >= 0; --id) {
    const auto k = static_cast<std::size_t>(id);
    const Node& node = nodes_[k];
    if (!result.present[k] || !node.backward) continue;
    GradientSink sink(node.inputs, result.values, result.present);
    const Matrix gradient = std::move(result.values[k]);
    result.values[k] = Matrix();
    result.present[k] = 0;  // only leaves keep their gradients
    node.backward(gradient, sink);
  }
  return result;
}

// --- Operators -----------------------------------------------------------------------------

namespace {

using lang::BinaryOp;
using lang::UnaryOp;

bool differentiable(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Subtract:
    case BinaryOp::Multiply:
    case BinaryOp::Divide:
    case BinaryOp::Power:
    case BinaryOp::ElementMultiply:
    case BinaryOp::ElementDivide:
    case BinaryOp::ElementPower:
    case BinaryOp::LeftDivide:
      return true;
    case BinaryOp::Equal:
    case BinaryOp::NotEqual:
    case BinaryOp::Less:
    case BinaryOp::LessEqual:
    case BinaryOp::Greater:
    case BinaryOp::GreaterEqual:
    case BinaryOp::ElementAnd:
    case BinaryOp::ElementOr:
    case BinaryOp::AndAnd:
    case BinaryOp::OrOr:
      return false;  // comparisons and logic: piecewise constant, plain results
  }
  // An operator added to the language without a rule here: an error, never a zero gradient.
  throw Error("autodiff: this operator has no gradient rule");
}

}  // namespace

Value ValueTape::binary(BinaryOp op, const Value& left, const Value& right) {
  const Value& a_value = primal_of(left);
  const Value& b_value = primal_of(right);
  // s \ A is A / s, element-wise (language.md §13.12): the division rule below applies.
  if (op == BinaryOp::LeftDivide && a_value.is_numeric() && !a_value.is_array()) {
    return binary(BinaryOp::Divide, right, left);
  }
  // A \ B solves a linear system (§13.12; least squares when A is not square): the solve's
  // adjoint. A / B between arrays is (B.' \ A.').', so it goes through the same rule.
  if (op == BinaryOp::LeftDivide) {
    Value result = runtime::binary_operation(op, a_value, b_value);
    const Matrix x = primal_of(result).as_matrix();
    const Value operands[] = {left, right};
    return record(std::move(result), operands,
                  solve_backward(a_value.as_matrix(), b_value.as_matrix(), x));
  }
  if (op == BinaryOp::Divide && a_value.is_array() && b_value.is_array()) {
    const auto t = [this](const Value& v) { return unary(UnaryOp::NonConjugateTranspose, v); };
    return t(binary(BinaryOp::LeftDivide, t(right), t(left)));
  }
  Value result = runtime::binary_operation(op, a_value, b_value);
  if (!differentiable(op)) return result;
  if (!a_value.is_numeric() || !b_value.is_numeric()) return result;
  const Matrix a = a_value.as_matrix();
  const Matrix b = b_value.as_matrix();
  const Value operands[] = {left, right};
  const bool matrix_product = op == BinaryOp::Multiply && a_value.is_array() && b_value.is_array();
  if (matrix_product) {
    // Y = A B: dA = dY Bᵀ, dB = Aᵀ dY (a vector is its 1×n row, as num::multiply takes it).
    return record(std::move(result), operands, [a, b](const Matrix& g, GradientSink& sink) {
      const Matrix dy = g.rows() == a.rows() ? g : g.with_shape(a.rows(), b.columns());
      if (sink.wants(0)) sink.add(0, product_transposed_right(dy, b));
      if (sink.wants(1)) sink.add(1, product_transposed_left(a, dy));
    });
  }
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Subtract: {
      const double sign = op == BinaryOp::Add ? 1.0 : -1.0;
      return record(std::move(result), operands, [a, b, sign](const Matrix& g, GradientSink& sink) {
        if (sink.wants(0)) sink.add(0, sum_to(g, a.rows(), a.columns()));
        if (sink.wants(1)) {
          sink.add(1, sign > 0 ? sum_to(g, b.rows(), b.columns())
                               : scaled(sum_to(g, b.rows(), b.columns()), -1.0));
        }
      });
    }
    case BinaryOp::Multiply:
    case BinaryOp::ElementMultiply:
      return record(std::move(result), operands, [a, b](const Matrix& g, GradientSink& sink) {
        if (sink.wants(0)) {
          sink.add(
              0, sum_to(num::elementwise(num::Arithmetic::Multiply, g, b), a.rows(), a.columns()));
        }
        if (sink.wants(1)) {
          sink.add(
              1, sum_to(num::elementwise(num::Arithmetic::Multiply, g, a), b.rows(), b.columns()));
        }
      });
    case BinaryOp::Divide:
    case BinaryOp::ElementDivide:
      return record(std::move(result), operands, [a, b](const Matrix& g, GradientSink& sink) {
        const Matrix ga = num::elementwise(num::Arithmetic::Divide, g, b);
        if (sink.wants(1)) {
          // d(a/b)/db = -(a/b)/b = -(g/b)·a/b
          const Matrix q = num::elementwise(num::Arithmetic::Divide, a, b);
          sink.add(1, sum_to(scaled(num::elementwise(num::Arithmetic::Multiply, ga, q), -1.0),
                             b.rows(), b.columns()));
        }
        if (sink.wants(0)) sink.add(0, sum_to(ga, a.rows(), a.columns()));
      });
    case BinaryOp::Power:
    case BinaryOp::ElementPower: {
      // Power, always element-wise in rlab: d(a^b)/da = b a^(b-1), d(a^b)/db = a^b log a.
      const Matrix y = primal_of(result).as_matrix();
      if (y.is_complex()) complex_error();
      return record(std::move(result), operands, [a, b, y](const Matrix& g, GradientSink& sink) {
        if (sink.wants(0)) {
          const Matrix bb = expand(b, g.rows(), g.columns());
          const Matrix aa = expand(a, g.rows(), g.columns());
          Matrix d = zip3(g, aa, bb, [](double dy, double x, double p) {
            return p == 0.0 ? 0.0 : dy * p * std::pow(x, p - 1.0);
          });
          sink.add(0, sum_to(d, a.rows(), a.columns()));
        }
        if (sink.wants(1)) {
          const Matrix aa = expand(a, g.rows(), g.columns());
          const Matrix yy = expand(y, g.rows(), g.columns());
          Matrix d = zip3(g, aa, yy, [](double dy, double x, double value) {
            return value == 0.0 ? 0.0 : dy * value * std::log(x);
          });
          sink.add(1, sum_to(d, b.rows(), b.columns()));
        }
      });
    }
    default:
      break;
  }
  throw Error("autodiff: this operator has no gradient rule");
}

Value ValueTape::unary(UnaryOp op, const Value& operand) {
  switch (op) {
    case UnaryOp::Plus:
      return operand;
    case UnaryOp::Not:
      return runtime::unary_operation(op, primal_of(operand));
    case UnaryOp::Negate: {
      const Value operands[] = {operand};
      return record(runtime::unary_operation(op, primal_of(operand)), operands,
                    [](const Matrix& g, GradientSink& sink) { sink.add(0, scaled(g, -1.0)); });
    }
    case UnaryOp::Transpose:
    case UnaryOp::NonConjugateTranspose: {
      // Transposes move elements: a rearrangement (real values, so ' and .' agree).
      const Value operands[] = {operand};
      return rearrange(operands, [op](std::span<const Value> values) {
        return runtime::unary_operation(op, values[0]);
      });
    }
  }
  throw Error("autodiff: this operator has no gradient rule");
}

// --- Rearrangements ------------------------------------------------------------------------
// The operation runs twice: on the primals (the result), then on copies whose elements are
// replaced by tags 1, 2, ... numbering every element of every tracked operand (plain operands
// become zeros). Each element of the tagged result names the operand element it came from, or
// 0 for an element that came from a constant or a fill; the backward rule scatters the
// output gradient along that map. Exact: tags are integers far below 2^53.

namespace {

Value tagged_like(const Value& primal, double first) {
  if (primal.is(Kind::Scalar)) return Value::scalar(first);
  const Matrix& m = primal.matrix_value();
  Matrix tags(m.rows(), m.columns());
  std::span<double> out = tags.mutable_real_values();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = first + static_cast<double>(i);
  return primal.is(Kind::Vector) ? Value::vector(std::move(tags)) : Value::matrix(std::move(tags));
}

Value zeros_like(const Value& value) {
  switch (value.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
    case Kind::Complex:
      return Value::scalar(0.0);
    case Kind::Vector:
      return Value::vector(Matrix(1, value.matrix_value().size()));
    case Kind::Matrix:
      return Value::matrix(Matrix(value.matrix_value().rows(), value.matrix_value().columns()));
    default:
      return value;
  }
}

}  // namespace

const Value& ValueTape::tags_of_shape(const Value& primal) {
  const Matrix m = primal.as_matrix();
  const auto key = std::make_tuple(static_cast<int>(primal.kind()), m.rows(), m.columns());
  auto it = tag_cache_.find(key);
  if (it == tag_cache_.end()) it = tag_cache_.emplace(key, tagged_like(primal, 1.0)).first;
  return it->second;
}

Value ValueTape::rearrange(std::span<const Value> operands,
                           const runtime::Rearrangement& operation) {
  std::vector<Value> primals;
  primals.reserve(operands.size());
  for (const Value& operand : operands) primals.push_back(primal_of(operand));
  Value result = operation(primals);
  if (!is_real_numeric(primal_of(result))) {
    if (result.is(Kind::Complex) || (result.is_array() && result.matrix_value().is_complex())) {
      complex_error();
    }
    return result;
  }
  std::vector<Value> tagged;
  tagged.reserve(operands.size());
  std::vector<double> first_tag(operands.size(), 0.0);
  std::vector<Index> sizes(operands.size(), 0);
  double next = 1.0;
  std::size_t tracked_count = 0;
  for (const Value& operand : operands) tracked_count += operand.is(Kind::Tracked) ? 1 : 0;
  for (std::size_t k = 0; k < operands.size(); ++k) {
    if (operands[k].is(Kind::Tracked)) {
      const Value& primal = operands[k].tracked_value().primal;
      first_tag[k] = next;
      sizes[k] = primal.element_count();
      tagged.push_back(tracked_count == 1 ? tags_of_shape(primal) : tagged_like(primal, next));
      next += static_cast<double>(sizes[k]);
    } else {
      tagged.push_back(zeros_like(operands[k]));
    }
  }
  const Matrix tags = operation(tagged).as_matrix();
  const Matrix shape_of_result = result.as_matrix();
  LLMLAB_ASSERT(tags.size() == shape_of_result.size());
  // Per output element: the operand and its element, or -1.
  struct Source {
    std::int32_t operand;
    Index element;
  };
  std::vector<Source> sources(static_cast<std::size_t>(tags.size()), Source{-1, 0});
  std::span<const double> t = tags.real_values();
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] < 1.0) continue;
    for (std::size_t k = 0; k < operands.size(); ++k) {
      if (sizes[k] > 0 && t[i] >= first_tag[k] &&
          t[i] < first_tag[k] + static_cast<double>(sizes[k])) {
        sources[i] = Source{static_cast<std::int32_t>(k), static_cast<Index>(t[i] - first_tag[k])};
        break;
      }
    }
  }
  std::vector<std::pair<Index, Index>> shapes(operands.size(), {0, 0});
  for (std::size_t k = 0; k < operands.size(); ++k) {
    if (!operands[k].is(Kind::Tracked)) continue;
    const Matrix m = operands[k].tracked_value().primal.as_matrix();
    shapes[k] = {m.rows(), m.columns()};
  }
  add_saved_bytes(sources.size() * sizeof(Source));
  return record(std::move(result), operands,
                [sources = std::move(sources), shapes](const Matrix& g, GradientSink& sink) {
                  // Scattered straight into the operands' gradients: O(output), not O(operand).
                  std::vector<std::span<double>> views(shapes.size());
                  for (std::size_t k = 0; k < shapes.size(); ++k) {
                    if (sink.wants(k)) {
                      views[k] = sink.accumulator(k, shapes[k].first, shapes[k].second);
                    }
                  }
                  std::span<const double> in = g.real_values();
                  for (std::size_t i = 0; i < sources.size(); ++i) {
                    const Source& s = sources[i];
                    if (s.operand < 0) continue;
                    const auto k = static_cast<std::size_t>(s.operand);
                    if (!views[k].empty()) views[k][static_cast<std::size_t>(s.element)] += in[i];
                  }
                });
}

namespace {

// The 0-based positions a plain subscript selects along a dimension of `extent`, in the order
// the read takes them (column-major for a matrix-shaped subscript, as runtime::index_read
// reads it), or nullopt when one is out of range (the primal read reported that already).
std::optional<std::vector<Index>> positions(const Value& subscript, Index extent) {
  runtime::Subscript resolved = runtime::resolve_subscript(subscript);
  if (resolved.all) {
    resolved.positions.resize(static_cast<std::size_t>(extent));
    for (Index i = 0; i < extent; ++i) resolved.positions[static_cast<std::size_t>(i)] = i;
  }
  for (const Index i : resolved.positions) {
    if (i < 0 || i >= extent) return std::nullopt;
  }
  return std::move(resolved.positions);
}

}  // namespace

// A(rows, columns) on a tracked matrix: the node keeps the two position lists, not a map per
// element, and its backward adds each gradient row into the rows it was read from.
Value ValueTape::index_read(const Value& container, std::span<const Value> subscripts) {
  const Value operands[] = {container};
  const Value& primal = primal_of(container);
  Value result = runtime::index_read(primal, subscripts);
  const auto general = [&] {
    return rearrange(operands, [&](std::span<const Value> values) {
      return runtime::index_read(values[0], subscripts);
    });
  };
  if (subscripts.size() != 2 || !primal.is_array() || !is_real_numeric(primal_of(result))) {
    return general();
  }
  const Index rows = primal.matrix_value().rows(), columns = primal.matrix_value().columns();
  std::optional<std::vector<Index>> r = positions(subscripts[0], rows);
  std::optional<std::vector<Index>> c = positions(subscripts[1], columns);
  const Matrix shape = result.as_matrix();
  if (!r || !c || shape.rows() != static_cast<Index>(r->size()) ||
      shape.columns() != static_cast<Index>(c->size())) {
    return general();
  }
  add_saved_bytes((r->size() + c->size()) * sizeof(Index));
  return record(
      std::move(result), operands,
      [r = std::move(*r), c = std::move(*c), rows, columns](const Matrix& g, GradientSink& sink) {
        std::span<double> out = sink.accumulator(0, rows, columns);
        std::span<const double> in = g.real_values();
        const std::size_t n = c.size();
        for (std::size_t i = 0; i < r.size(); ++i) {
          double* row = out.data() + r[i] * columns;
          const double* from = in.data() + i * n;
          for (std::size_t j = 0; j < n; ++j) row[c[j]] += from[j];
        }
      });
}

// Concatenation of real arrays that tile the result (every operand non-empty, the operands of
// a block row equally tall, the block rows equally wide): each operand is one rectangle of the
// result, and its gradient is that rectangle of the output gradient, copied row by row. Other
// literals (empty parts, strings, logicals) go through the general rearrangement.
Value ValueTape::concatenate(const std::vector<std::vector<Value>>& rows) {
  std::vector<Value> operands;
  for (const std::vector<Value>& row : rows) {
    operands.insert(operands.end(), row.begin(), row.end());
  }
  const auto general = [&] {
    return rearrange(operands, [&](std::span<const Value> values) {
      std::vector<std::vector<Value>> rebuilt(rows.size());
      std::size_t next = 0;
      for (std::size_t r = 0; r < rows.size(); ++r) {
        for (std::size_t k = 0; k < rows[r].size(); ++k) rebuilt[r].push_back(values[next++]);
      }
      return runtime::concatenate(rebuilt);
    });
  };
  struct Block {
    Index top, left, rows, columns;
  };
  std::vector<Block> blocks;
  blocks.reserve(operands.size());
  std::vector<std::vector<Value>> primal_rows(rows.size());
  Index top = 0, width = -1;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    Index left = 0, height = -1;
    for (const Value& operand : rows[r]) {
      const Value& primal = primal_of(operand);
      if (!is_real_numeric(primal) || primal.is_logical()) return general();
      const Index h = primal.is(Kind::Scalar) ? 1 : primal.matrix_value().rows();
      const Index w = primal.is(Kind::Scalar) ? 1 : primal.matrix_value().columns();
      if (h == 0 || w == 0 || (height >= 0 && h != height)) return general();
      height = h;
      blocks.push_back(Block{top, left, h, w});
      left += w;
      primal_rows[r].push_back(primal);
    }
    if (height < 0 || (width >= 0 && left != width)) return general();
    width = left;
    top += height;
  }
  Value result = runtime::concatenate(primal_rows);
  const Matrix shape = result.as_matrix();
  if (shape.rows() != top || shape.columns() != width) return general();
  return record(std::move(result), operands,
                [blocks = std::move(blocks), width](const Matrix& g, GradientSink& sink) {
                  std::span<const double> in = g.real_values();
                  for (std::size_t k = 0; k < blocks.size(); ++k) {
                    if (!sink.wants(k)) continue;
                    const Block& b = blocks[k];
                    Matrix part = Matrix::uninitialized(b.rows, b.columns);
                    std::span<double> out = part.mutable_real_values();
                    for (Index i = 0; i < b.rows; ++i) {
                      const auto from = static_cast<std::size_t>((b.top + i) * width + b.left);
                      std::copy_n(in.begin() + static_cast<std::ptrdiff_t>(from), b.columns,
                                  out.begin() + static_cast<std::ptrdiff_t>(i * b.columns));
                    }
                    sink.add(k, std::move(part));
                  }
                });
}

Value ValueTape::builtin(std::string_view name, std::span<const Value> arguments, int nargout,
                         const runtime::BuiltinInvoke& invoke) {
  const Rule* rule = find_rule(name);
  if (rule == nullptr) {
    throw Error(fmt::format(
        "{}: no gradient rule; it was called on a value that depends on the input of grad "
        "(compute it outside the differentiated function, or use builtins that have rules)",
        name));
  }
  RuleCall call{*this, name, arguments, nargout, invoke};
  return (*rule)(call);
}

}  // namespace llmlab::autodiff
