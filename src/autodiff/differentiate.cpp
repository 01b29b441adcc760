// Lifting x onto a tape and assembling gradients in x's shape.
#include "autodiff/differentiate.hpp"

#include <fmt/format.h>

#include "autodiff/graph_ops.hpp"
#include "base/error.hpp"
#include "base/messages/autodiff.hpp"

namespace llmlab::autodiff {

using runtime::Kind;
using runtime::primal_of;

namespace {

std::string where(std::string_view path) {
  return path.empty() ? std::string() : fmt::format(" (field {})", path);
}

Value lift_at(ValueTape& tape, const Value& x, std::string_view who, const std::string& path) {
  switch (x.kind()) {
    case Kind::Scalar:
      return tape.leaf(x);
    case Kind::Vector:
    case Kind::Matrix:
      if (x.matrix_value().is_complex()) {
        throw Error(fmt::format(messages::differentiated_complex, who, x.kind_name(), where(path)));
      }
      if (x.is_logical()) {
        throw Error(fmt::format(messages::differentiated_logical, who, x.kind_name(), where(path)));
      }
      return tape.leaf(x);
    case Kind::NdArray:
      if (x.nd_value().is_complex()) {
        throw Error(fmt::format(messages::differentiated_complex, who, "N-D array", where(path)));
      }
      if (x.is_logical()) {
        throw Error(fmt::format(messages::differentiated_logical, who, "N-D array", where(path)));
      }
      return tape.leaf(x);
    case Kind::Complex:
      throw Error(fmt::format(messages::differentiated_complex_number, who, where(path)));
    case Kind::Tracked: {
      // x depends on the input of an outer grad (a grad of a grad): a node that passes the
      // gradient through, so this grad stops at x and the outer one goes on past it.
      const runtime::Tracked& tracked = x.tracked_value();
      if (tracked.tape->finished()) return lift_at(tape, tracked.primal, who, path);
      const Value operands[] = {x};
      return tape.record_graph(tracked.primal, operands,
                               [](const Value& g, ValueSink& sink) { sink.add(0, g); });
    }
    case Kind::Struct: {
      runtime::StructFields fields;
      for (const auto& [name, value] : x.struct_fields()) {
        fields.emplace(name, lift_at(tape, value, who, path.empty() ? name : path + "." + name));
      }
      return Value::structure(std::move(fields));
    }
    default:
      throw Error(fmt::format(messages::differentiated_kind, who, x.kind_name(), where(path)));
  }
}

Matrix zeros_of(const Value& leaf) {
  const Matrix m = storage_of(leaf);
  return Matrix(m.rows(), m.columns());
}

// The gradient of leaf x (the tape keeps it in x's storage layout) as a value of x's shape.
Value leaf_value(const Value& x, Matrix gradient) {
  switch (x.kind()) {
    case Kind::Scalar:
      return Value::scalar(gradient[0]);
    case Kind::Vector:
      return Value::vector(std::move(gradient));
    case Kind::NdArray:
      return from_storage(gradient, x.nd_value().dims());
    default:
      return Value::matrix(std::move(gradient));
  }
}

// x's struct tree rebuilt with each leaf (a field that is no struct) replaced by
// leaf_result(x's leaf, tracked_x's leaf at the same path): the one walk every gradient builder
// shares, so the tree's shape is the input's by construction.
template <class LeafResult>
Value map_leaves(const Value& x, const Value& tracked_x, const LeafResult& leaf_result) {
  if (x.is(Kind::Struct)) {
    runtime::StructFields fields;
    for (const auto& [name, value] : x.struct_fields()) {
      fields.emplace(name, map_leaves(value, *tracked_x.field(name), leaf_result));
    }
    return Value::structure(std::move(fields));
  }
  return leaf_result(x, tracked_x);
}

}  // namespace

Value lift(ValueTape& tape, const Value& x, std::string_view who) {
  return lift_at(tape, x, who, std::string());
}

Value gradient_like(const Value& x, const Value& tracked_x, const ValueTape::Gradients& gradients) {
  return map_leaves(x, tracked_x, [&](const Value& leaf, const Value& tracked_leaf) {
    const auto node = static_cast<std::size_t>(node_of(tracked_leaf));
    if (node < gradients.present.size() && gradients.present[node]) {
      return leaf_value(leaf, gradients.values[node]);
    }
    return leaf_value(leaf, zeros_of(leaf));
  });
}

Value recorded_gradient_like(const Value& x, const Value& tracked_x,
                             const ValueTape::RecordedGradients& gradients) {
  return map_leaves(x, tracked_x, [&](const Value& leaf, const Value& tracked_leaf) {
    const Value plain = strip(leaf);
    const auto node = static_cast<std::size_t>(node_of(tracked_leaf));
    if (node >= gradients.present.size() || !gradients.present[node]) {
      return leaf_value(plain, zeros_of(plain));
    }
    const Value& gradient = gradients.values[node];
    if (gradient.is(Kind::Tracked)) return gradient;
    return leaf_value(plain, storage_of(gradient));
  });
}

void leaf_nodes(const Value& tracked_x, std::vector<std::int64_t>& nodes) {
  std::vector<Leaf> leaves;
  collect_leaves(tracked_x, "", leaves);
  for (const Leaf& leaf : leaves) nodes.push_back(node_of(leaf.value));
}

Value zeros_like_tree(const Value& x) {
  return map_leaves(x, x, [](const Value& leaf, const Value&) {
    const Value plain = strip(leaf);
    return leaf_value(plain, zeros_of(plain));
  });
}

Value strip(const Value& value) {
  switch (value.kind()) {
    case Kind::Tracked:
      return primal_of(value);
    case Kind::Struct: {
      runtime::StructFields fields;
      for (const auto& [name, field] : value.struct_fields()) fields.emplace(name, strip(field));
      return Value::structure(std::move(fields));
    }
    case Kind::Tuple: {
      std::vector<Value> items;
      for (const Value& item : value.tuple_items()) items.push_back(strip(item));
      return Value::tuple(std::move(items));
    }
    case Kind::StructArray: {
      std::vector<Value> items;
      for (const Value& item : value.struct_array_items()) items.push_back(strip(item));
      return Value::struct_array(std::move(items));
    }
    default:
      return value;
  }
}

void collect_leaves(const Value& x, const std::string& path, std::vector<Leaf>& leaves) {
  if (x.is(Kind::Struct)) {
    for (const auto& [name, value] : x.struct_fields()) {
      collect_leaves(value, path.empty() ? name : path + "." + name, leaves);
    }
    return;
  }
  leaves.push_back(Leaf{path, x});
}

Value replace_leaves(const Value& x, const std::vector<Value>& leaves, std::size_t& next) {
  if (x.is(Kind::Struct)) {
    runtime::StructFields fields;
    for (const auto& [name, value] : x.struct_fields()) {
      fields.emplace(name, replace_leaves(value, leaves, next));
    }
    return Value::structure(std::move(fields));
  }
  return leaves[next++];
}

Index storage_position(Index rows, Index columns, Index k) {
  const Index r = k % rows;
  const Index c = k / rows;
  return r * columns + c;
}

Matrix unit_seed(Index rows, Index columns, Index k) {
  Matrix seed(rows, columns);
  seed.set(storage_position(rows, columns, k), 1.0);
  return seed;
}

}  // namespace llmlab::autodiff
