// The tape: nodes, the backward sweep, and the rules of the operators and of rearrangements.
#include "autodiff/tape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "autodiff/array_math.hpp"
#include "autodiff/graph_ops.hpp"
#include "autodiff/rules.hpp"
#include "base/error.hpp"
#include "base/messages/autodiff.hpp"
#include "num/ops.hpp"
#include "runtime/indexing.hpp"
#include "runtime/literals.hpp"
#include "runtime/nd_values.hpp"
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
    throw Error(fmt::format(messages::internal_gradient_shape_added, num::shape_text(contribution),
                            num::shape_text(total)));
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
    case Kind::NdArray:
      return !value.nd_value().is_complex();
    default:
      return false;
  }
}

bool is_complex_array(const Value& value) {
  return value.is(Kind::Complex) || (value.is_array() && value.matrix_value().is_complex()) ||
         (value.is_nd_array() && value.nd_value().is_complex());
}

[[noreturn]] void complex_error() {
  throw Error(std::string(messages::complex_value_depends_on_input));
}

// Names what record() records while it lives (a builtin, "an operator"), for the message of a
// node that has no rule for the gradient of a gradient.
class OperationName {
 public:
  OperationName(std::string_view& slot, std::string_view name) : slot_(slot), previous_(slot) {
    slot_ = name;
  }
  OperationName(const OperationName&) = delete;
  OperationName& operator=(const OperationName&) = delete;
  ~OperationName() { slot_ = previous_; }

 private:
  std::string_view& slot_;
  std::string_view previous_;
};

}  // namespace

Value ValueTape::leaf(const Value& primal) {
  LLMLAB_ASSERT(is_real_numeric(primal));
  nodes_.push_back(Node{});
  return Value::tracked(
      runtime::Tracked{primal, shared_from_this(), static_cast<std::int64_t>(nodes_.size() - 1)});
}

std::optional<ValueTape::Node> ValueTape::node_for(std::span<const Value> operands) {
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
      throw Error(std::string(messages::differentiations_meet));
    }
    node.inputs.push_back(node_of(operand));
    any = any || node.inputs.back() >= 0;
  }
  if (!any) return std::nullopt;
  node.name = operation_;
  return node;
}

Value ValueTape::push(Node node, Value primal) {
  if (primal.is_nd_array()) node.output_dims = primal.nd_value().dims();
  nodes_.push_back(std::move(node));
  return Value::tracked(runtime::Tracked{std::move(primal), shared_from_this(),
                                         static_cast<std::int64_t>(nodes_.size() - 1)});
}

namespace {

bool plain_result(const Value& primal, bool finished) {
  if (is_complex_array(primal)) complex_error();
  return !is_real_numeric(primal) || primal.is_logical() || finished;
}

}  // namespace

Value ValueTape::record(Value primal, std::span<const Value> operands, Backward backward) {
  if (plain_result(primal, finished_)) return primal;
  std::optional<Node> node = node_for(operands);
  if (!node) return primal;
  node->backward = std::move(backward);
  return push(std::move(*node), std::move(primal));
}

Value ValueTape::record_graph(Value primal, std::span<const Value> operands,
                              GraphBackward backward) {
  if (plain_result(primal, finished_)) return primal;
  std::optional<Node> node = node_for(operands);
  if (!node) return primal;
  node->graph = std::move(backward);
  node->primals.reserve(operands.size());
  for (const Value& operand : operands) node->primals.push_back(primal_of(operand));
  return push(std::move(*node), std::move(primal));
}

void ValueSink::add(std::size_t operand, const Value& contribution) {
  if (!wants(operand)) return;
  if (matrices_ != nullptr) {
    matrices_->add(operand, storage_of(contribution));
    return;
  }
  const auto node = static_cast<std::size_t>(inputs_[operand]);
  if (!(*present_)[node]) {
    (*values_)[node] = contribution;
    (*present_)[node] = 1;
    return;
  }
  (*values_)[node] = runtime::binary_operation(lang::BinaryOp::Add, (*values_)[node], contribution);
}

namespace {
thread_local ValueTape* running = nullptr;
}  // namespace

ValueTape* running_tape() { return running; }
RunningTape::RunningTape(ValueTape& tape) : previous_(running) { running = &tape; }
RunningTape::~RunningTape() { running = previous_; }

ValueTape::Gradients ValueTape::backward(std::int64_t output, Matrix seed) const {
  Gradients result;
  result.values.resize(nodes_.size());
  result.present.assign(nodes_.size(), 0);
  result.values[static_cast<std::size_t>(output)] = std::move(seed);
  result.present[static_cast<std::size_t>(output)] = 1;
  for (std::int64_t id = output; id >= 0; --id) {
    const auto k = static_cast<std::size_t>(id);
    const Node& node = nodes_[k];
    if (!result.present[k] || (!node.backward && !node.graph)) continue;
    GradientSink sink(node.inputs, result.values, result.present);
    const Matrix gradient = std::move(result.values[k]);
    result.values[k] = Matrix();
    result.present[k] = 0;  // only leaves keep their gradients
    if (node.backward) {
      node.backward(gradient, sink);
      continue;
    }
    ValueSink values(node.inputs, node.primals, &sink, nullptr, nullptr);
    node.graph(node.output_dims.empty() ? Value::matrix(gradient)
                                        : from_storage(gradient, node.output_dims),
               values);
  }
  return result;
}

ValueTape::RecordedGradients ValueTape::backward_recorded(std::int64_t output, const Value& seed,
                                                          std::int64_t first,
                                                          std::span<const std::int64_t> sources) {
  const std::size_t count = nodes_.size();  // the pass appends nodes; they are not visited
  RecordedGradients result;
  result.values.resize(count);
  result.present.assign(count, 0);
  std::vector<char> depends(count, 0), source(count, 0);
  for (const std::int64_t id : sources) {
    depends[static_cast<std::size_t>(id)] = 1;
    source[static_cast<std::size_t>(id)] = 1;
  }
  for (auto id = static_cast<std::size_t>(first); id < count; ++id) {
    for (const std::int64_t input : nodes_[id].inputs) {
      if (input >= first && depends[static_cast<std::size_t>(input)]) depends[id] = 1;
    }
  }
  const auto top = static_cast<std::size_t>(output);
  if (!depends[top]) return result;
  result.values[top] = seed;
  result.present[top] = 1;
  for (std::int64_t id = output; id >= first; --id) {
    const auto k = static_cast<std::size_t>(id);
    if (!result.present[k] || !depends[k] || source[k]) continue;
    if (!nodes_[k].graph) {
      if (!nodes_[k].backward) continue;
      throw Error(fmt::format(messages::no_second_order_rule, nodes_[k].name));
    }
    // Copies: the rule appends nodes, which may move nodes_.
    std::vector<std::int64_t> inputs = nodes_[k].inputs;
    const GraphBackward rule = nodes_[k].graph;
    std::vector<Value> operands;
    for (std::size_t j = 0; j < inputs.size(); ++j) {
      const Value& primal = nodes_[k].primals[j];
      if (inputs[j] >= 0) {
        operands.push_back(Value::tracked(runtime::Tracked{primal, shared_from_this(), inputs[j]}));
      } else {
        operands.push_back(primal);
      }
      // Operands that do not depend on this grad's x take no gradient (they keep their
      // dependence on an outer x through the tracked value).
      if (inputs[j] < first || !depends[static_cast<std::size_t>(inputs[j])]) inputs[j] = -1;
    }
    const Value gradient = std::move(result.values[k]);
    result.values[k] = Value();
    result.present[k] = 0;
    ValueSink sink(inputs, std::move(operands), nullptr, &result.values, &result.present);
    rule(gradient, sink);
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
  throw Error(std::string(messages::operator_no_gradient));
}

}  // namespace

namespace {

// The backward rule of an element-wise operator whose operands had extents `a_dims` and
// `b_dims` (each operand's gradient is the output's summed over what it was broadcast to),
// written in differentiable operations; null for an operator without one.
GraphBackward elementwise_backward(BinaryOp op, const num::Dims& a_dims, const num::Dims& b_dims) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Subtract: {
      const bool add = op == BinaryOp::Add;
      return [a_dims, b_dims, add](const Value& g, ValueSink& sink) {
        if (sink.wants(0)) sink.add(0, sum_to(g, a_dims));
        if (sink.wants(1)) {
          const Value gb = sum_to(g, b_dims);
          sink.add(1, add ? gb : negate(gb));
        }
      };
    }
    case BinaryOp::Multiply:
    case BinaryOp::ElementMultiply:
      return [a_dims, b_dims](const Value& g, ValueSink& sink) {
        if (sink.wants(0)) sink.add(0, sum_to(times(g, sink.operand(1)), a_dims));
        if (sink.wants(1)) sink.add(1, sum_to(times(g, sink.operand(0)), b_dims));
      };
    case BinaryOp::Divide:
    case BinaryOp::ElementDivide:
      return [a_dims, b_dims](const Value& g, ValueSink& sink) {
        const Value ga = divide(g, sink.operand(1));
        if (sink.wants(1)) {
          // d(a/b)/db = -(a/b)/b = -(g/b)·a/b
          const Value q = divide(sink.operand(0), sink.operand(1));
          sink.add(1, sum_to(negate(times(ga, q)), b_dims));
        }
        if (sink.wants(0)) sink.add(0, sum_to(ga, a_dims));
      };
    case BinaryOp::Power:
    case BinaryOp::ElementPower: {
      // Power, always element-wise in rlab: d(a^b)/da = b a^(b-1), d(a^b)/db = a^b log a. Where
      // b is 0 the first is 0 (a^(b-1) is computed as a^0 there, never 0 · Inf at a = 0), and
      // where a^b is 0 the second is 0 (log a is computed as log(a + 1) there).
      return [a_dims, b_dims](const Value& g, ValueSink& sink) {
        const Value& x = sink.operand(0);
        const Value& p = sink.operand(1);
        const auto power = [](const Value& base, const Value& exponent) {
          return runtime::binary_operation(BinaryOp::ElementPower, base, exponent);
        };
        const auto is_zero = [](const Value& v) {
          return runtime::binary_operation(BinaryOp::Equal, v, Value::scalar(0.0));
        };
        if (sink.wants(0)) {
          const Value lowered = minus(plus(p, is_zero(p)), Value::scalar(1.0));
          sink.add(0, sum_to(times(g, times(p, power(x, lowered))), a_dims));
        }
        if (sink.wants(1)) {
          const Value y = power(x, p);
          const Value log_x = apply(Smooth::Log, plus(x, is_zero(y)));
          sink.add(1, sum_to(times(g, times(y, log_x)), b_dims));
        }
      };
    }
    default:
      break;
  }
  return nullptr;  // an operator without a rule: the caller's error, never a zero gradient
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
  if (!runtime::is_numeric_or_nd(a_value) || !runtime::is_numeric_or_nd(b_value)) return result;
  // Each operand's extents: its gradient is the output's summed over what it was broadcast to.
  const num::Dims a_dims = runtime::dims_of(a_value);
  const num::Dims b_dims = runtime::dims_of(b_value);
  const Value operands[] = {left, right};
  const OperationName named(operation_, "an operator");
  const bool matrix_product = op == BinaryOp::Multiply && a_value.is_array() && b_value.is_array();
  if (matrix_product) {
    // Y = A B: dA = dY Bᵀ, dB = Aᵀ dY (a vector is its 1×n row, as num::multiply takes it).
    const Index ar = a_dims[0], bc = b_dims[1];
    return record_graph(std::move(result), operands, [ar, bc](const Value& g, ValueSink& sink) {
      const Value dy = reshape_to(g, ar, bc);
      if (sink.wants(0)) {
        sink.add(0, product_transposed_right(dy, sink.operand(1)));
      }
      if (sink.wants(1)) {
        sink.add(1, product_transposed_left(sink.operand(0), dy));
      }
    });
  }
  if ((op == BinaryOp::Power || op == BinaryOp::ElementPower) &&
      is_complex_array(primal_of(result))) {
    complex_error();
  }
  GraphBackward rule = elementwise_backward(op, a_dims, b_dims);
  if (!rule) throw Error(std::string(messages::operator_no_gradient));
  return record_graph(std::move(result), operands, std::move(rule));
}

Value ValueTape::unary(UnaryOp op, const Value& operand) {
  switch (op) {
    case UnaryOp::Plus:
      return operand;
    case UnaryOp::Not:
      return runtime::unary_operation(op, primal_of(operand));
    case UnaryOp::Negate: {
      const Value operands[] = {operand};
      return record_graph(runtime::unary_operation(op, primal_of(operand)), operands,
                          [](const Value& g, ValueSink& sink) { sink.add(0, negate(g)); });
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
  throw Error(std::string(messages::operator_no_gradient));
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
  const Matrix m = storage_of(primal);
  Matrix tags(m.rows(), m.columns());
  std::span<double> out = tags.mutable_real_values();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = first + static_cast<double>(i);
  if (primal.is_nd_array()) return from_storage(tags, primal.nd_value().dims());
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
    case Kind::NdArray:
      return Value::nd_array(num::NdArray(value.nd_value().dims()));
    default:
      return value;
  }
}

}  // namespace

namespace {

// The first-order backward pass of an element move: each output gradient element added where
// it came from.
void scatter_into(GradientSink& sink, const Matrix& g, const std::vector<Source>& sources,
                  const std::vector<std::pair<Index, Index>>& shapes) {
  std::vector<std::span<double>> views(shapes.size());
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    if (sink.wants(k)) views[k] = sink.accumulator(k, shapes[k].first, shapes[k].second);
  }
  std::span<const double> in = g.real_values();
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const Source& s = sources[i];
    if (s.operand < 0) continue;
    const auto k = static_cast<std::size_t>(s.operand);
    if (!views[k].empty()) views[k][static_cast<std::size_t>(s.element)] += in[i];
  }
}

}  // namespace

const Value& ValueTape::tags_of_shape(const Value& primal) {
  const auto key = std::make_pair(static_cast<int>(primal.kind()), runtime::dims_of(primal));
  auto it = tag_cache_.find(key);
  if (it == tag_cache_.end()) it = tag_cache_.emplace(key, tagged_like(primal, 1.0)).first;
  return it->second;
}

// The tags of one rearrangement: each tracked operand's elements numbered from first[k] on
// (sizes[k] of them), the plain operands zeros.
struct Tagging {
  std::vector<Value> tagged;
  std::vector<double> first;
  std::vector<Index> sizes;
};

Tagging ValueTape::tag_operands(std::span<const Value> operands) {
  Tagging tagging{
      {}, std::vector<double>(operands.size(), 0.0), std::vector<Index>(operands.size(), 0)};
  double next = 1.0;
  std::size_t tracked_count = 0;
  for (const Value& operand : operands) tracked_count += operand.is(Kind::Tracked) ? 1 : 0;
  for (std::size_t k = 0; k < operands.size(); ++k) {
    if (!operands[k].is(Kind::Tracked)) {
      tagging.tagged.push_back(zeros_like(operands[k]));
      continue;
    }
    const Value& primal = operands[k].tracked_value().primal;
    tagging.first[k] = next;
    tagging.sizes[k] = primal.element_count();
    tagging.tagged.push_back(tracked_count == 1 ? tags_of_shape(primal)
                                                : tagged_like(primal, next));
    next += static_cast<double>(tagging.sizes[k]);
  }
  return tagging;
}

namespace {

// Per output element (storage order): the operand and its element that the tag names, or -1.
std::shared_ptr<std::vector<Source>> sources_of(const Matrix& tags, const Tagging& tagging) {
  auto sources =
      std::make_shared<std::vector<Source>>(static_cast<std::size_t>(tags.size()), Source{-1, 0});
  std::span<const double> t = tags.real_values();
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] < 1.0) continue;
    for (std::size_t k = 0; k < tagging.sizes.size(); ++k) {
      const double first = tagging.first[k];
      if (tagging.sizes[k] > 0 && t[i] >= first &&
          t[i] < first + static_cast<double>(tagging.sizes[k])) {
        (*sources)[i] = Source{static_cast<std::int32_t>(k), static_cast<Index>(t[i] - first)};
        break;
      }
    }
  }
  return sources;
}

// The storage shape of each tracked operand, {0, 0} for a plain one.
std::vector<std::pair<Index, Index>> storage_shapes(std::span<const Value> operands) {
  std::vector<std::pair<Index, Index>> shapes(operands.size(), {0, 0});
  for (std::size_t k = 0; k < operands.size(); ++k) {
    if (!operands[k].is(Kind::Tracked)) continue;
    const Matrix m = storage_of(operands[k].tracked_value().primal);
    shapes[k] = {m.rows(), m.columns()};
  }
  return shapes;
}

}  // namespace

Value ValueTape::rearrange(std::span<const Value> operands,
                           const runtime::Rearrangement& operation) {
  std::vector<Value> primals;
  primals.reserve(operands.size());
  for (const Value& operand : operands) primals.push_back(primal_of(operand));
  Value result = operation(primals);
  if (!is_real_numeric(primal_of(result))) {
    if (is_complex_array(result)) complex_error();
    return result;
  }
  const Tagging tagging = tag_operands(operands);
  const Matrix tags = storage_of(operation(tagging.tagged));
  LLMLAB_ASSERT(tags.size() == storage_of(result).size());
  std::shared_ptr<std::vector<Source>> sources = sources_of(tags, tagging);
  add_saved_bytes(sources->size() * sizeof(Source));
  const OperationName named(operation_, "an element move (index, concatenation, reshape)");
  return record_graph(
      std::move(result), operands,
      [sources = Sources(std::move(sources)), shapes = storage_shapes(operands)](const Value& g,
                                                                                 ValueSink& sink) {
        if (GradientSink* matrices = sink.first_order()) {
          // Scattered straight into the operands' gradients: O(output), not O(operand).
          scatter_into(*matrices, storage_of(g), *sources, shapes);
          return;
        }
        for (std::size_t k = 0; k < shapes.size(); ++k) {
          if (!sink.wants(k)) continue;
          const Value gradient =
              scatter(g, sources, static_cast<std::int32_t>(k), shapes[k].first, shapes[k].second);
          sink.add(k, view_as(gradient, runtime::dims_of(primal_of(sink.operand(k)))));
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
  if (nesting_ > 0 || !is_real_numeric(primal_of(result))) return general();
  if (primal.is_nd_array())
    return nd_region_read(container, subscripts, std::move(result), general);
  if (subscripts.size() != 2 || !primal.is_array()) return general();
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

// A(I1, …, In) with one subscript per dim of a tracked N-D array: the node keeps the pick lists,
// and its backward adds the gradient's rows back where they were read (num::add_to_region).
Value ValueTape::nd_region_read(const Value& container, std::span<const Value> subscripts,
                                Value result, const std::function<Value()>& general) {
  const num::Dims& dims = primal_of(container).nd_value().dims();
  if (subscripts.size() != dims.size()) return general();
  num::Picks picks;
  Index count = 1;
  for (std::size_t k = 0; k < subscripts.size(); ++k) {
    std::optional<std::vector<Index>> p = positions(subscripts[k], dims[k]);
    if (!p) return general();
    count *= static_cast<Index>(p->size());
    picks.push_back(std::move(*p));
  }
  if (count != primal_of(result).element_count()) return general();
  for (const std::vector<Index>& p : picks) add_saved_bytes(p.size() * sizeof(Index));
  const Value operands[] = {container};
  // Not a structured binding: clang 14 (the wasm and fuzz builds) cannot capture one.
  const std::pair<Index, Index> shape = num::storage_shape(dims);
  const Index rows = shape.first, columns = shape.second;
  return record(
      std::move(result), operands,
      [picks = std::move(picks), dims, rows, columns](const Matrix& g, GradientSink& sink) {
        num::add_to_region(sink.accumulator(0, rows, columns), dims, picks, g.real_values());
      });
}

namespace {

// One operand's rectangle in a concatenation's result.
struct Tile {
  Index top, left, rows, columns;
};

// How a concatenation's operands tile its result: each operand's rectangle, the operands'
// primal values by block row, and the result's extents.
struct Tiling {
  std::vector<Tile> tiles;
  std::vector<std::vector<Value>> primal_rows;
  Index height = 0;
  Index width = -1;
};

// The tiling of `rows` (`count` operands in all), or nullopt when they do not tile: an empty,
// logical, N-D or non-numeric operand, a block row of unequal heights, or rows of unequal
// widths.
std::optional<Tiling> tiling_of(const std::vector<std::vector<Value>>& rows, std::size_t count) {
  Tiling tiling;
  tiling.tiles.reserve(count);
  tiling.primal_rows.resize(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    Index left = 0, height = -1;
    for (const Value& operand : rows[r]) {
      const Value& primal = primal_of(operand);
      if (!is_real_numeric(primal) || primal.is_logical() || primal.is_nd_array()) {
        return std::nullopt;
      }
      const Index h = primal.is(Kind::Scalar) ? 1 : primal.matrix_value().rows();
      const Index w = primal.is(Kind::Scalar) ? 1 : primal.matrix_value().columns();
      if (h == 0 || w == 0 || (height >= 0 && h != height)) return std::nullopt;
      height = h;
      tiling.tiles.push_back(Tile{tiling.height, left, h, w});
      left += w;
      tiling.primal_rows[r].push_back(primal);
    }
    if (height < 0 || (tiling.width >= 0 && left != tiling.width)) return std::nullopt;
    tiling.width = left;
    tiling.height += height;
  }
  return tiling;
}

// The backward pass of a tiled concatenation `width` columns wide: each operand's gradient is
// its rectangle of the output gradient g, copied row by row.
void add_tile_gradients(const std::vector<Tile>& tiles, Index width, const Matrix& g,
                        GradientSink& sink) {
  std::span<const double> in = g.real_values();
  for (std::size_t k = 0; k < tiles.size(); ++k) {
    if (!sink.wants(k)) continue;
    const Tile& b = tiles[k];
    Matrix part = Matrix::uninitialized(b.rows, b.columns);
    std::span<double> out = part.mutable_real_values();
    for (Index i = 0; i < b.rows; ++i) {
      const auto from = static_cast<std::size_t>((b.top + i) * width + b.left);
      std::copy_n(in.begin() + static_cast<std::ptrdiff_t>(from), b.columns,
                  out.begin() + static_cast<std::ptrdiff_t>(i * b.columns));
    }
    sink.add(k, std::move(part));
  }
}

}  // namespace

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
  if (nesting_ > 0) return general();
  std::optional<Tiling> tiling = tiling_of(rows, operands.size());
  if (!tiling) return general();
  Value result = runtime::concatenate(tiling->primal_rows);
  const Matrix shape = result.as_matrix();
  if (shape.rows() != tiling->height || shape.columns() != tiling->width) return general();
  return record(
      std::move(result), operands,
      [tiles = std::move(tiling->tiles), width = tiling->width](
          const Matrix& g, GradientSink& sink) { add_tile_gradients(tiles, width, g, sink); });
}

Value ValueTape::builtin(std::string_view name, std::span<const Value> arguments, int nargout,
                         const runtime::BuiltinInvoke& invoke, lang::Dialect dialect) {
  const Rule* rule = find_rule(name);
  if (rule == nullptr) {
    throw Error(fmt::format(messages::builtin_no_gradient_rule, name));
  }
  RuleCall call{*this, name, arguments, nargout, invoke, dialect};
  const OperationName named(operation_, name);
  if (!finished_ && takes_nd_form(name, arguments)) return nd_rule(call, *rule);
  return (*rule)(call);
}

}  // namespace llmlab::autodiff
