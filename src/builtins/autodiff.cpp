// Automatic differentiation builtins (issue #13): grad, value_and_grad, jacobian, gradcheck and
// the adamw optimiser over struct trees. The tape and the gradient rules are src/autodiff;
// these adapters lift x onto a tape, call f through the interpreter (so errors, the step
// budget, Ctrl-C and the recursion limit behave inside f as anywhere else) and assemble the
// results in x's shape.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "autodiff/differentiate.hpp"
#include "autodiff/graph_ops.hpp"
#include "autodiff/tape.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/gradients.hpp"
#include "builtins/registry.hpp"
#include "nn/adamw.hpp"
#include "num/ops.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::builtins {
namespace {

using autodiff::Leaf;
using autodiff::ValueTape;
using num::Index;
using num::Matrix;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

void require_function(const Call& call) { call.function(0, true); }

// f's scalar output: its primal must be one real number.
void require_scalar_output(const Call& call, const Value& output) {
  const Value& value = runtime::primal_of(output);
  if (value.is(Kind::Scalar) || value.is(Kind::Bool)) return;
  if (value.is_array() && value.matrix_value().size() == 1 && value.matrix_value().is_real())
    return;
  std::string shape;
  if (value.is_array()) shape = " " + num::shape_text(value.matrix_value());
  call.fail(fmt::format(messages::objective_not_real_scalar, value.kind_name(), shape));
}

// One level of differentiation: x lifted onto a tape, and gradients of f's output taken back
// to it. The outermost grad makes a fresh tape and runs a plain backward pass. A grad called
// while another one's f runs (a grad of a grad, hvp, hessian, jvp) works on that running tape:
// it lifts its x there (a pass-through node when x is already tracked) and records its own
// backward pass there, so the outer level differentiates through it to any order.
class Level {
 public:
  Level(const Call& call, const Value& x) : x_(autodiff::strip(x)) {
    ValueTape* running = autodiff::running_tape();
    if (running != nullptr && !running->finished()) {
      tape_ = running->shared_from_this();
      tape_->enter_nested();
      nested_ = true;
    } else {
      tape_ = std::make_shared<ValueTape>();
      running_.emplace(*tape_);
    }
    first_ = static_cast<std::int64_t>(tape_->node_count());
    tracked_x_ = autodiff::lift(*tape_, x, call.name());
  }
  Level(const Level&) = delete;
  Level& operator=(const Level&) = delete;
  ~Level() {
    if (nested_) {
      tape_->leave_nested();
    } else {
      tape_->finish();
    }
  }
  bool nested() const { return nested_; }
  const Value& tracked_x() const { return tracked_x_; }
  const ValueTape& tape() const { return *tape_; }

  // A further input of this level (jvp's output cotangent): `value` as a leaf of the tape.
  Value lift(const Call& call, const Value& value) const {
    return autodiff::lift(*tape_, value, call.name());
  }

  // The gradient of `output` seeded with `seed` (output's shape) with respect to x.
  Value gradient(const Value& output, const Value& seed) const {
    return gradient_with_respect_to(output, seed, x_, tracked_x_);
  }
  // The same with respect to `tracked` (made by lift), whose plain form is `model`.
  Value gradient_with_respect_to(const Value& output, const Value& seed, const Value& model,
                                 const Value& tracked) const {
    if (!output.is(Kind::Tracked) || output.tracked_value().tape.get() != tape_.get()) {
      return autodiff::zeros_like_tree(model);  // f does not depend on x
    }
    const std::int64_t node = output.tracked_value().node;
    if (!nested_) {
      const Matrix seed_matrix = runtime::primal_of(seed).as_matrix();
      return autodiff::gradient_like(model, tracked, tape_->backward(node, seed_matrix));
    }
    std::vector<std::int64_t> sources;
    autodiff::leaf_nodes(tracked, sources);
    return autodiff::recorded_gradient_like(model, tracked,
                                            tape_->backward_recorded(node, seed, first_, sources));
  }

 private:
  Value x_;
  std::shared_ptr<ValueTape> tape_;
  std::optional<autodiff::RunningTape> running_;
  bool nested_ = false;
  std::int64_t first_ = 0;
  Value tracked_x_;
};

struct Differentiated {
  Value value;     // f(x): plain, or tracked inside a differentiated f
  Value gradient;  // with x's structure
  Value aux;       // f's second output when asked for
};

// f's scalar output at the level's x (and its aux output when asked for).
Value scalar_output(const Call& call, const Level& level, Value* aux) {
  Value output = call.invoke(call.value(0), {level.tracked_x()}, aux != nullptr ? 2 : 1);
  if (aux != nullptr) {
    if (!output.is(Kind::Tuple) || output.tuple_items().size() < 2) {
      call.fail(messages::three_outputs_need_aux);
    }
    *aux = output.tuple_items()[1];
    output = output.tuple_items()[0];
  }
  require_scalar_output(call, output);
  return output;
}

Differentiated differentiate(const Call& call, bool with_aux) {
  require_function(call);
  const Level level(call, call.value(1));
  Differentiated result;
  const Value loss = scalar_output(call, level, with_aux ? &result.aux : nullptr);
  result.gradient = level.gradient(loss, Value::scalar(1.0));
  if (level.nested()) {
    result.value = loss;  // still differentiable by the outer level
    return result;
  }
  result.aux = autodiff::strip(result.aux);
  result.value = autodiff::strip(loss);
  if (result.value.is_array()) result.value = Value::scalar(result.value.matrix_value()[0]);
  return result;
}

Value grad(Call& call) { return differentiate(call, false).gradient; }

Value value_and_grad(Call& call) {
  Differentiated result = differentiate(call, call.nargout() >= 3);
  if (call.nargout() >= 3) {
    return Value::tuple(
        {std::move(result.value), std::move(result.gradient), std::move(result.aux)});
  }
  return Value::tuple({std::move(result.value), std::move(result.gradient)});
}

// s = tape_size(f, x): what differentiating f at x records, without the backward pass: s.nodes
// (operations on the tape, x's leaves included) and s.saved_bytes (arrays the nodes keep for
// their backward rules), for benchmarks and for seeing what a model costs to differentiate.
Value tape_size(Call& call) {
  require_function(call);
  const Level level(call, call.value(1));
  if (level.nested()) call.fail(messages::cannot_run_while_differentiating);
  call.invoke(call.value(0), {level.tracked_x()}, 1);
  runtime::StructFields fields;
  fields.emplace("nodes", Value::scalar(static_cast<double>(level.tape().node_count())));
  fields.emplace("saved_bytes", Value::scalar(static_cast<double>(level.tape().saved_bytes())));
  return Value::structure(std::move(fields));
}

// <a, b> summed over the leaves of two trees of x's structure; b is plain and each of its
// leaves has the size of a's (a vector may be a row or a column).
Value tree_dot(const Call& call, const Value& a, const Value& b, std::string_view b_name) {
  std::vector<Leaf> a_leaves, b_leaves;
  autodiff::collect_leaves(a, "", a_leaves);
  autodiff::collect_leaves(b, "", b_leaves);
  if (a_leaves.size() != b_leaves.size()) {
    call.fail(fmt::format(messages::not_structure_of_x, b_name));
  }
  Value total = Value::scalar(0.0);
  for (std::size_t k = 0; k < a_leaves.size(); ++k) {
    const Value& leaf = b_leaves[k].value;
    if (runtime::primal_of(a_leaves[k].value).is_nd_array()) {
      const num::Dims& dims = runtime::primal_of(a_leaves[k].value).nd_value().dims();
      if (!leaf.is_nd_array() || leaf.nd_value().dims() != dims || leaf.nd_value().is_complex()) {
        call.fail(fmt::format(messages::not_real_of_size_of_x, b_name,
                              b_leaves[k].path.empty() ? "" : "." + b_leaves[k].path));
      }
      total = autodiff::plus(
          total, autodiff::sum_to(autodiff::times(a_leaves[k].value, leaf), num::Dims{1, 1}));
      continue;
    }
    const Matrix shape = runtime::primal_of(a_leaves[k].value).as_matrix();
    const bool vectors = (shape.rows() == 1 || shape.columns() == 1) && leaf.is_numeric() &&
                         leaf.element_count() == shape.size();
    if (!leaf.is_numeric() || leaf.is(Kind::Tracked) ||
        (!vectors && (leaf.as_matrix().rows() != shape.rows() ||
                      leaf.as_matrix().columns() != shape.columns()))) {
      call.fail(fmt::format(messages::not_real_of_size, b_name,
                            b_leaves[k].path.empty() ? "" : "." + b_leaves[k].path, shape.rows(),
                            shape.columns()));
    }
    const Value reshaped =
        Value::matrix(leaf.as_matrix().with_shape(shape.rows(), shape.columns()));
    total =
        autodiff::plus(total, autodiff::sum_to(autodiff::times(a_leaves[k].value, reshaped), 1, 1));
  }
  return total;
}

// f's gradient at the inner level of a second-order builtin (hvp, hessian), recorded so that
// `outer` can differentiate it.
Value inner_gradient(const Call& call, const Level& outer) {
  const Level inner(call, outer.tracked_x());
  return inner.gradient(scalar_output(call, inner, nullptr), Value::scalar(1.0));
}

// hvp(f, x, v) = H v, H the Hessian of f at x: the gradient of <grad f(x), v>.
Value hvp(Call& call) {
  require_function(call);
  const Level outer(call, call.value(1));
  const Value g = inner_gradient(call, outer);
  return outer.gradient(tree_dot(call, g, call.value(2), "v"), Value::scalar(1.0));
}

constexpr Index kHessianLimit = 1000;

// H(i, j) = d² f / dx_i dx_j, x's elements in column-major order: f and its recorded gradient
// once, then one backward pass per element of x.
Value hessian(Call& call) {
  require_function(call);
  const Value& x = call.value(1);
  if (!x.is(Kind::Scalar) && !x.is_array()) {
    call.fail(fmt::format(messages::x_not_real_array, x.kind_name()));
  }
  const Index n = x.element_count();
  if (n > kHessianLimit) {
    call.fail(fmt::format(messages::hessian_too_large, n, kHessianLimit));
  }
  const Level outer(call, x);
  if (outer.nested()) call.fail(messages::hessian_while_differentiating);
  const Value g = inner_gradient(call, outer);
  Matrix h(n, n);
  const Matrix shape = x.as_matrix();
  for (Index k = 0; k < n && g.is(Kind::Tracked); ++k) {
    const Value seed = Value::matrix(autodiff::unit_seed(shape.rows(), shape.columns(), k));
    const Matrix column = runtime::primal_of(outer.gradient(g, seed)).as_matrix();
    for (Index j = 0; j < n; ++j) {
      const Index flat =
          x.is(Kind::Vector) ? j : autodiff::storage_position(shape.rows(), shape.columns(), j);
      h.set(j, k, column[flat]);
    }
  }
  return Value::matrix(std::move(h));
}

// jvp(f, x, v) = J v, J the Jacobian of f at x, by two reverse passes: w(u) = Jᵀ u is linear in
// the cotangent u, so the gradient of <w(u), v> with respect to u is J v.
Value jvp(Call& call) {
  require_function(call);
  const Level outer(call, call.value(1));
  Value y;
  Value w;
  Value u;
  Value zeros;
  {
    const Level inner(call, outer.tracked_x());
    y = call.invoke(call.value(0), {inner.tracked_x()}, 1);
    const Value& plain_y = runtime::primal_of(y);
    if (!plain_y.is(Kind::Scalar) && !(plain_y.is_array() && plain_y.matrix_value().is_real())) {
      call.fail(fmt::format(messages::objective_not_real, plain_y.kind_name()));
    }
    zeros = autodiff::zeros_like_tree(plain_y.is_logical() ? Value::scalar(0.0) : plain_y);
    if (!y.is(Kind::Tracked)) return zeros;  // f does not depend on x
    u = outer.lift(call, zeros);
    w = inner.gradient(y, u);
  }
  return outer.gradient_with_respect_to(tree_dot(call, w, call.value(2), "v"), Value::scalar(1.0),
                                        zeros, u);
}

// x must be numeric for jacobian and gradcheck's element walk (gradcheck's also takes N-D
// arrays); structs go leaf by leaf.
std::vector<Leaf> leaves_of(const Call& call, const Value& x, bool takes_nd = false) {
  std::vector<Leaf> leaves;
  autodiff::collect_leaves(x, "", leaves);
  for (const Leaf& leaf : leaves) {
    if (!leaf.value.is(Kind::Scalar) && !leaf.value.is_array() &&
        !(takes_nd && leaf.value.is_nd_array())) {
      call.fail(fmt::format(messages::x_not_differentiable, takes_nd ? ", N-D array" : "",
                            leaf.value.kind_name()));
    }
  }
  return leaves;
}

// J(k, :) = the gradient of output element k (column-major) with respect to x (column-major):
// one reverse pass per output element. For a struct x, J is a struct of the same fields, each
// the Jacobian with respect to that leaf (JAX's jacobian of a tree does the same).
Value jacobian(Call& call) {
  require_function(call);
  const Value& x = call.value(1);
  const std::vector<Leaf> leaves = leaves_of(call, x);
  auto tape = std::make_shared<ValueTape>();
  const autodiff::FinishOnExit finish_on_exit(*tape);
  const autodiff::RunningTape running(*tape);
  const Value tracked_x = autodiff::lift(*tape, x, call.name());
  std::vector<Leaf> tracked_leaves;
  autodiff::collect_leaves(tracked_x, "", tracked_leaves);
  const Value output = call.invoke(call.value(0), {tracked_x}, 1);
  const Value& y = runtime::primal_of(output);
  if (!y.is(Kind::Scalar) && !y.is_array()) {
    call.fail(fmt::format(messages::objective_not_numeric, y.kind_name()));
  }
  const Matrix ym = y.as_matrix();
  std::vector<Matrix> inputs;
  std::vector<Matrix> blocks;
  for (const Leaf& leaf : leaves) {
    inputs.push_back(leaf.value.as_matrix());
    blocks.emplace_back(ym.size(), inputs.back().size());
  }
  if (output.is(Kind::Tracked)) {
    for (Index k = 0; k < ym.size(); ++k) {
      const ValueTape::Gradients gradients = tape->backward(
          output.tracked_value().node, autodiff::unit_seed(ym.rows(), ym.columns(), k));
      for (std::size_t i = 0; i < leaves.size(); ++i) {
        const auto node = static_cast<std::size_t>(tracked_leaves[i].value.tracked_value().node);
        if (!gradients.present[node]) continue;
        const Matrix& g = gradients.values[node];
        const Matrix& xm = inputs[i];
        for (Index j = 0; j < xm.size(); ++j) {
          blocks[i].set(k, j, g[autodiff::storage_position(xm.rows(), xm.columns(), j)]);
        }
      }
    }
  }
  if (!x.is(Kind::Struct)) return Value::matrix(std::move(blocks.front()));
  std::vector<Value> values;
  for (Matrix& block : blocks) values.push_back(Value::matrix(std::move(block)));
  std::size_t next = 0;
  return autodiff::replace_leaves(x, values, next);
}

// A fixed-seed shuffle (splitmix64) so that a sampled gradcheck reports the same entries on
// every run.
std::vector<Index> sample_positions(Index total, Index count) {
  std::vector<Index> all(static_cast<std::size_t>(total));
  for (Index i = 0; i < total; ++i) all[static_cast<std::size_t>(i)] = i;
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  for (Index i = total - 1; i > 0; --i) {
    state += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    const auto j = static_cast<Index>(z % static_cast<std::uint64_t>(i + 1));
    std::swap(all[static_cast<std::size_t>(i)], all[static_cast<std::size_t>(j)]);
  }
  all.resize(static_cast<std::size_t>(std::min(count, total)));
  std::sort(all.begin(), all.end());
  return all;
}

// Where element k (MATLAB's column-major order) of a leaf lies in its storage.
Index storage_offset(const Value& leaf, Index k) {
  if (leaf.is_nd_array()) return num::offset_of(leaf.nd_value().dims(), k);
  if (!leaf.is(Kind::Matrix)) return k;
  const Matrix& m = leaf.matrix_value();
  return autodiff::storage_position(m.rows(), m.columns(), k);
}

double plain_scalar(const Call& call, const Value& output) {
  require_scalar_output(call, output);
  const Value& value = runtime::primal_of(output);
  return value.is_array() ? value.matrix_value()[0] : value.scalar_value();
}

// How far grad is from the central differences: per entry, |a - n| over the larger of |a|,
// |n| and a floor of 1e-3 of the largest entry checked, so an entry near zero, where the
// differences' rounding noise is all there is, raises no false alarm (an error of 1e-6 of the
// largest entry still shows); an absolute error when every entry is below 1e-8. maxnorm is
// max |a - n| over the largest entry (the max-norm relative error).
struct CheckErrors {
  std::vector<double> relative;
  double maxrel = 0.0;
  double maxnorm = 0.0;
};

CheckErrors check_errors(const std::vector<double>& analytic, const std::vector<double>& numeric) {
  constexpr double kNearZero = 1e-3, kTiny = 1e-8;
  double largest = 0.0, worst_absolute = 0.0;
  for (std::size_t i = 0; i < analytic.size(); ++i) {
    largest = std::max({largest, std::abs(analytic[i]), std::abs(numeric[i])});
    worst_absolute = std::max(worst_absolute, std::abs(analytic[i] - numeric[i]));
  }
  CheckErrors errors;
  for (std::size_t i = 0; i < analytic.size(); ++i) {
    const double scale =
        std::max({std::abs(analytic[i]), std::abs(numeric[i]), kNearZero * largest});
    const double error = std::abs(analytic[i] - numeric[i]);
    errors.relative.push_back(scale < kTiny ? error : error / scale);
    errors.maxrel = std::max(errors.maxrel, errors.relative.back());
  }
  errors.maxnorm = largest < kTiny ? worst_absolute : worst_absolute / largest;
  return errors;
}

// [maxrel, report] = gradcheck(f, x[, "samples", k]): central differences
// (f(x + h e_i) - f(x - h e_i)) / 2h, h = eps^(1/3)·max(1, |x_i|), against grad on every entry
// (or k entries). The relative error of an entry is |a - n| / max(|a|, |n|), or |a - n| when
// both are below 1e-8 (a zero gradient checked absolutely).
// gradcheck's "samples", k option: how many entries to check (-1: every one).
Index sample_count(const Call& call) {
  Index samples = -1;
  call.name_value_options(
      2, {{"samples", [&](int k) { samples = static_cast<Index>(call.count_argument(k)); }}});
  return samples;
}

// The central difference of f at x along element `k` (MATLAB order) of leaf `leaf_index`.
double central_difference(const Call& call, const Value& x, const std::vector<Value>& leaves,
                          std::size_t leaf_index, Index k) {
  static const double cbrt_eps = std::cbrt(std::numeric_limits<double>::epsilon());
  const Value& leaf = leaves[leaf_index];
  const Matrix m = autodiff::storage_of(leaf);
  const Index flat = storage_offset(leaf, k);
  const double x0 = m[flat];
  const double h = cbrt_eps * std::max(1.0, std::abs(x0));
  auto evaluate = [&](double shifted) {
    Matrix changed = m;
    changed.set(flat, shifted);
    std::vector<Value> replaced = leaves;
    replaced[leaf_index] =
        leaf.is(Kind::Scalar) ? Value::scalar(shifted) : Value::like(leaf, changed);
    if (leaf.is(Kind::Matrix)) replaced[leaf_index] = Value::matrix(changed);
    if (leaf.is_nd_array()) {
      replaced[leaf_index] = autodiff::from_storage(changed, leaf.nd_value().dims());
    }
    std::size_t next = 0;
    const Value point = autodiff::replace_leaves(x, replaced, next);
    return plain_scalar(call, call.invoke(call.value(0), {point}, 1));
  };
  return (evaluate(x0 + h) - evaluate(x0 - h)) / (2.0 * h);
}

// gradcheck's second output: every checked entry with its leaf, index and errors.
Value gradcheck_report(const CheckErrors& errors, const std::vector<std::string>& paths,
                       const std::vector<double>& indices, const std::vector<double>& analytic,
                       const std::vector<double>& numeric) {
  runtime::StructFields report;
  report.emplace("maxnorm", Value::scalar(errors.maxnorm));
  report.emplace("leaf", Value::string_array(paths));
  report.emplace("index", Value::vector(Matrix::row(indices)));
  report.emplace("analytic", Value::vector(Matrix::row(analytic)));
  report.emplace("numeric", Value::vector(Matrix::row(numeric)));
  report.emplace("relative", Value::vector(Matrix::row(errors.relative)));
  return Value::structure(std::move(report));
}

Value gradcheck(Call& call) {
  const Value& x = call.value(1);
  const Index samples = sample_count(call);
  Differentiated analytic = differentiate(call, false);
  analytic.gradient = autodiff::strip(analytic.gradient);
  std::vector<Leaf> leaves = leaves_of(call, x, true);
  std::vector<Leaf> gradient_leaves;
  autodiff::collect_leaves(analytic.gradient, "", gradient_leaves);
  Index total = 0;
  for (const Leaf& leaf : leaves) total += leaf.value.element_count();
  std::vector<Index> chosen;
  if (samples < 0 || samples >= total) {
    for (Index i = 0; i < total; ++i) chosen.push_back(i);
  } else {
    chosen = sample_positions(total, samples);
  }
  std::vector<Value> current;
  for (const Leaf& leaf : leaves) current.push_back(leaf.value);
  std::vector<std::string> paths;
  std::vector<double> indices, analytic_values, numeric_values;
  std::size_t leaf_index = 0;
  Index leaf_start = 0;
  for (const Index position : chosen) {
    while (position >= leaf_start + leaves[leaf_index].value.element_count()) {
      leaf_start += leaves[leaf_index].value.element_count();
      ++leaf_index;
    }
    const Index k = position - leaf_start;  // column-major within the leaf
    const Value& g = gradient_leaves[leaf_index].value;
    const Index flat = storage_offset(leaves[leaf_index].value, k);
    paths.push_back(leaves[leaf_index].path.empty() ? "x" : leaves[leaf_index].path);
    indices.push_back(static_cast<double>(k + 1));
    analytic_values.push_back(g.is(Kind::Scalar) ? g.scalar_value()
                                                 : autodiff::storage_of(g)[flat]);
    numeric_values.push_back(central_difference(call, x, current, leaf_index, k));
  }
  const CheckErrors errors = check_errors(analytic_values, numeric_values);
  if (call.nargout() < 2) return Value::scalar(errors.maxrel);
  return Value::tuple({Value::scalar(errors.maxrel),
                       gradcheck_report(errors, paths, indices, analytic_values, numeric_values)});
}

// --- adamw -------------------------------------------------------------------------------------

// The optimiser's moments, one pair of buffers per parameter leaf, shared by reference (a
// handle, as MATLAB's handle objects): a step updates them in place, never copying them.
class AdamWState : public runtime::Object {
 public:
  std::string kind_name() const override { return "adamw_state"; }
  std::string display() const override {
    return fmt::format("<adamw_state: step {}, {} tensors>", step, first.size());
  }
  std::optional<Value> property(std::string_view name) const override {
    if (name == "step") return Value::scalar(static_cast<double>(step));
    return std::nullopt;
  }
  long step = 0;
  std::vector<std::string> paths;
  std::vector<std::vector<double>> first, second;
};

bool is_real(const Value& value) {
  return value.is(Kind::Scalar) || value.is(Kind::Bool) ||
         (value.is_array() && value.matrix_value().is_real()) ||
         (value.is_nd_array() && !value.nd_value().is_complex());
}

// A gradient leaf fits its parameter leaf: as many numbers, and an N-D parameter's gradient has
// its extents (the update walks both storages in step).
bool fits(const Value& parameter, const Value& gradient) {
  if (!runtime::is_numeric_or_nd(gradient) ||
      gradient.element_count() != parameter.element_count()) {
    return false;
  }
  if (!parameter.is_nd_array() && !gradient.is_nd_array()) return true;
  return parameter.is_nd_array() && gradient.is_nd_array() &&
         parameter.nd_value().dims() == gradient.nd_value().dims();
}

// Calls `update` on every leaf of a struct tree, in collect_leaves' order, through mutable
// references (a struct another value shares is cloned first: its fields, not their arrays).
template <typename Update>
void for_each_leaf(Value& x, Update&& update) {
  if (!x.is(Kind::Struct)) {
    update(x);
    return;
  }
  for (auto& [name, value] : x.mutable_struct_fields()) for_each_leaf(value, update);
}

// adamw's cfg fields: the one table option() takes its defaults from and the help lists, so a
// field read is a field documented (option() refuses a name the table lacks).
struct AdamwField {
  std::string_view name;
  double fallback;
  std::string_view meaning;
};
constexpr AdamwField kAdamwFields[] = {
    {"lr", 1e-3, "learning rate"},
    {"beta1", 0.9, "first-moment decay"},
    {"beta2", 0.999, "second-moment decay"},
    {"eps", 1e-8, "added to the root of the second moment"},
    {"weight_decay", 0.01, "decoupled weight decay"},
    {"clip", 0.0,
     "maximum global gradient norm, scaled as torch.nn.utils.clip_grad_norm_ (0: no clipping)"},
};

double option(const Call& call, const Value& cfg, std::string_view name) {
  const auto* field = std::find_if(std::begin(kAdamwFields), std::end(kAdamwFields),
                                   [name](const AdamwField& f) { return f.name == name; });
  if (field == std::end(kAdamwFields)) {
    throw std::logic_error("adamw reads cfg." + std::string(name) + ", which its table lacks");
  }
  const Value* value = cfg.field(name);
  if (value == nullptr) return field->fallback;
  if (!value->is(Kind::Scalar)) call.fail(fmt::format(messages::cfg_field_not_scalar, name));
  return value->scalar_value();
}

const std::string& adamw_help() {
  static const std::string text = [] {
    std::string out =
        "[params, state] = adamw(params, grads, state, cfg): one AdamW step over a struct tree "
        "(state is [] on the first step).\n  cfg fields:";
    for (const AdamwField& field : kAdamwFields) {
      out +=
          fmt::format("\n    {:<12}  {} (default {:g})", field.name, field.meaning, field.fallback);
    }
    out += fmt::format("\n    {:<12}  [beta1, beta2] in one field (overrides both)", "betas");
    out +=
        "\n  Example: p = struct(\"w\", [1, 2]); [p, s] = adamw(p, struct(\"w\", [0.1, -0.1]), "
        "[], struct(\"lr\", 0.01))";
    return out;
  }();
  return text;
}

nn::AdamWSettings adamw_settings(const Call& call, const Value& cfg) {
  nn::AdamWSettings settings;
  settings.learning_rate = option(call, cfg, "lr");
  settings.beta1 = option(call, cfg, "beta1");
  settings.beta2 = option(call, cfg, "beta2");
  if (const Value* betas = cfg.field("betas")) {
    const Matrix b = betas->as_matrix();
    if (b.size() != 2) call.fail(messages::betas_not_two_elements);
    settings.beta1 = b[0];
    settings.beta2 = b[1];
  }
  settings.epsilon = option(call, cfg, "eps");
  settings.weight_decay = option(call, cfg, "weight_decay");
  return settings;
}

// grads' leaves, each checked against the parameter leaf at its place.
std::vector<Leaf> matching_gradients(const Call& call, const std::vector<Leaf>& parameters,
                                     const Value& grads) {
  std::vector<Leaf> gradients;
  autodiff::collect_leaves(grads, "", gradients);
  if (gradients.size() != parameters.size()) call.fail(messages::grads_not_params_structure);
  for (std::size_t k = 0; k < parameters.size(); ++k) {
    const Leaf& p = parameters[k];
    const Leaf& g = gradients[k];
    if (p.path != g.path || !fits(p.value, g.value)) {
      call.fail(fmt::format(messages::grads_field_mismatch, g.path, p.path));
    }
    if (!is_real(p.value) || !is_real(g.value))
      call.fail(fmt::format(messages::must_be_real, "params and grads"));
  }
  return gradients;
}

// The state adamw returned last time, or a fresh one (zero moments) when given [].
std::shared_ptr<AdamWState> adamw_state(const Call& call, const Value& state_value,
                                        const std::vector<Leaf>& parameters) {
  std::shared_ptr<AdamWState> state;
  if (state_value.is(Kind::Object)) {
    state = std::dynamic_pointer_cast<AdamWState>(state_value.object_value());
  } else if (!(state_value.is_array() && state_value.matrix_value().empty()) &&
             !(state_value.is(Kind::Struct) && state_value.struct_fields().empty())) {
    call.fail(messages::bad_adamw_state);
  }
  if (!state) {
    state = std::make_shared<AdamWState>();
    for (const Leaf& p : parameters) {
      state->paths.push_back(p.path);
      state->first.emplace_back(static_cast<std::size_t>(p.value.element_count()), 0.0);
      state->second.emplace_back(static_cast<std::size_t>(p.value.element_count()), 0.0);
    }
  }
  if (state->paths.size() != parameters.size()) call.fail(messages::state_of_other_params);
  return state;
}

// The factor that brings the gradients' global norm down to `clip` (1 when it is below, or
// clip is 0), as torch.nn.utils.clip_grad_norm_ scales.
double clip_scale(const std::vector<Leaf>& gradients, double clip) {
  if (clip <= 0.0) return 1.0;
  double total = 0.0;
  for (const Leaf& g : gradients) {
    for (const double v : autodiff::storage_of(g.value).real_values()) total += v * v;
  }
  const double norm = std::sqrt(total);
  return norm > clip ? clip / (norm + 1e-6) : 1.0;
}

// One AdamW step on a parameter leaf, in place, from its gradient leaf scaled by `scale`.
void step_leaf(Value& leaf, const Value& gradient_leaf, double scale, AdamWState& state,
               std::size_t k, const nn::AdamWSettings& settings) {
  std::vector<double> scaled;
  const Matrix g = autodiff::storage_of(gradient_leaf);
  std::span<const double> gradient = g.real_values();
  if (scale != 1.0) {
    scaled.assign(gradient.begin(), gradient.end());
    for (double& v : scaled) v *= scale;
    gradient = scaled;
  }
  if (leaf.is(Kind::Scalar)) {
    double value = leaf.scalar_value();
    nn::adamw_step<double>(std::span<double>(&value, 1), gradient, state.first[k], state.second[k],
                           state.step, settings);
    leaf = Value::scalar(value);
    return;
  }
  std::span<double> values = leaf.is_nd_array()
                                 ? leaf.mutable_nd().mutable_pages().mutable_real_values()
                                 : leaf.mutable_matrix().mutable_real_values();
  nn::adamw_step<double>(values, gradient, state.first[k], state.second[k], state.step, settings);
}

Value adamw(Call& call) {
  const Value cfg = call.has(3) ? call.value(3) : Value::structure();
  if (!cfg.is(Kind::Struct))
    call.fail(fmt::format(messages::adamw_cfg_not_struct, cfg.kind_name()));
  const nn::AdamWSettings settings = adamw_settings(call, cfg);
  std::vector<Leaf> parameter_leaves = leaves_of(call, call.value(0), true);
  const std::vector<Leaf> gradient_leaves =
      matching_gradients(call, parameter_leaves, call.value(1));
  const std::shared_ptr<AdamWState> state = adamw_state(call, call.value(2), parameter_leaves);
  const double scale = clip_scale(gradient_leaves, option(call, cfg, "clip"));
  // Every check is done. The leaf copies go first (each held a reference to a parameter's
  // buffer); then params is taken from the call: after `[p, s] = adamw(p, ...)` it is the one
  // reference, and each buffer is updated where it lies (no copy-on-write clone per step).
  parameter_leaves.clear();
  Value updated = call.take(0);
  ++state->step;
  std::size_t next = 0;
  for_each_leaf(updated, [&](Value& leaf) {
    const std::size_t k = next++;
    step_leaf(leaf, gradient_leaves[k].value, scale, *state, k, settings);
  });
  return Value::tuple({std::move(updated), Value::object(state)});
}

}  // namespace

extern const BuiltinTable kAutodiffBuiltins = {
    {"grad", grad, 2, 2,
     "Gradient of a real-scalar function at x (scalar, vector, matrix, N-D array or struct "
     "tree): g = grad(f, x). Reverse mode: about 2-3 times the cost of f. Gradients of "
     "gradients to any order: a grad inside f records its backward pass on the outer grad's "
     "tape, each rule written once in differentiable operations. Operations with a rule of "
     "every order: + - .* ./ .^ * (matrix product), unary -, transposes, indexing, "
     "concatenation, reshapes and other element moves, sum, mean, sin, cos, exp, log, sqrt, "
     "tanh, plus/minus/times/rdivide/power/mtimes/uminus, softmax, log_softmax, "
     "cross_entropy, layernorm, rmsnorm, gelu, relu, row_entropies_bits; others give an "
     "error naming them. Example: g = grad(@(x) sum(x .^ 2), [1, 2, 3]); d2 = grad(@(x) "
     "grad(@sin, x), 0.5)"},
    {"hvp", hvp, 3, 3,
     "Hessian-vector product H*v of a real-scalar f at x, without forming H: hv = hvp(f, x, v) "
     "(v has x's size or struct tree). The gradient of <grad f(x), v>: one evaluation of f, its "
     "recorded backward pass and one backward pass through both, about 2-4 times the cost of a "
     "grad; through a transformer's loss too (layernorm, softmax, gelu, cross_entropy have "
     "second-order rules), so power iteration on hvp gives the top Hessian eigenvalue. Example: "
     "hv = hvp(@(x) sum(x .^ 3), [1, 2], [1, 0])"},
    {"hessian", hessian, 2, 2,
     "Hessian of a real-scalar f at x (scalar, vector or matrix of at most 1000 elements, in "
     "column-major order): H = hessian(f, x). One recorded gradient, then one backward pass per "
     "element of x: about n times the cost of a grad; use hvp for large x. Example: H = "
     "hessian(@(x) x(1)^2 * x(2), [1, 2])"},
    {"jvp", jvp, 3, 3,
     "Jacobian-vector product J*v of f at x (f may return an array): jv = jvp(f, x, v), in the "
     "shape of f(x). By two reverse passes (J'u is linear in u, so the gradient of <J'u, v> with "
     "respect to u is J*v): one evaluation of f and about three backward passes, 2-4 times a "
     "grad, for any output size; true forward mode would cost about one evaluation but needs a "
     "second rule for every operation. Example: jv = jvp(@(x) [x(1) * x(2), sin(x(2))], [1, 2], "
     "[1, 0])"},
    {"value_and_grad", value_and_grad, 2, 2,
     "[v, g] = value_and_grad(f, x); [v, g, aux] when f returns [loss, aux]. Example: [v, g] = "
     "value_and_grad(@(x) sum(x .^ 2), [1, 2])"},
    {"tape_size", tape_size, 2, 2,
     "s = tape_size(f, x): the operations differentiating f at x records (s.nodes) and the bytes "
     "its nodes keep for the backward pass (s.saved_bytes). Example: tape_size(@(x) sum(x .^ 2), "
     "[1, 2])"},
    {"jacobian", jacobian, 2, 2,
     "Jacobian of f at x: rows are outputs, columns inputs, both in column-major order; for a "
     "struct x, a struct of the Jacobians with respect to each field. Example: J = "
     "jacobian(@(x) [x(1) * x(2), x(1) + x(2)], [2, 3])"},
    {"gradcheck", gradcheck, 2, 4,
     "[maxrel, report] = gradcheck(f, x[, \"samples\", k]): grad against central differences. "
     "maxrel is the largest |analytic - numeric| over max(|analytic|, |numeric|, 1e-3 of the "
     "largest entry), so entries near zero raise no false alarm; report.maxnorm is the "
     "max-norm relative error. Example: maxrel = gradcheck(@(x) sum(sin(x)), [0.1, 0.2, 0.3])"},
    {"adamw", adamw, 3, 4, adamw_help()},
};

}  // namespace llmlab::builtins
