// Gradient rules of builtins that are affine in some of their arguments with the others held
// (differences, integrals, convolutions, filters, moving sums, products like kron and cross,
// linspace, interpolation in its values): the Jacobian of each such argument is read off the
// builtin itself, one call per element of the argument, J e_i = f(.., e_i, ..) - f(.., 0, ..),
// when the call is recorded. Exact (no step size), since f is affine in that argument; the
// cost is one call and one column of J per element, which suits the signal-sized arrays these
// builtins see inside a differentiated function.
#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "autodiff/array_math.hpp"
#include "autodiff/rules.hpp"
#include "base/messages/autodiff.hpp"

namespace llmlab::autodiff {

namespace {

using runtime::Kind;
using runtime::primal_of;

// `values` laid out as `like` is: a Scalar, a Vector or a Matrix of its shape.
Value shaped_like(const Value& like, Matrix values) {
  if (like.is(Kind::Scalar)) return Value::scalar(values[0]);
  if (like.is(Kind::Vector)) return Value::vector(std::move(values));
  return Value::matrix(std::move(values));
}

// 128 MiB of doubles: well past any signal a script differentiates through these builtins.
constexpr double kMaxJacobianEntries = 16.0 * 1024 * 1024;

// The Jacobian of the builtin's output (flat, storage order) in argument k (flat): column i is
// f with argument k set to e_i, minus f with it set to zeros.
Matrix jacobian_in(const RuleCall& call, std::size_t k, const std::vector<Value>& primals) {
  const Value& argument = primals[k];
  const Matrix x = argument.as_matrix();
  std::vector<Value> probe = primals;
  const auto output_at = [&](Matrix values) {
    probe[k] = shaped_like(argument, std::move(values));
    const Value result = call.invoke(probe, 1);
    const Value& first = result.is(Kind::Tuple) ? result.tuple_items()[0] : result;
    return first.as_matrix();
  };
  const Matrix base = output_at(Matrix(x.rows(), x.columns()));
  if (static_cast<double>(base.size()) * static_cast<double>(x.size()) > kMaxJacobianEntries) {
    call.fail(fmt::format(messages::jacobian_too_large, k + 1, x.size(), base.size(),
                          base.size() * x.size(), kMaxJacobianEntries));
  }
  Matrix jacobian(base.size(), x.size());
  for (Index i = 0; i < x.size(); ++i) {
    Matrix unit(x.rows(), x.columns());
    unit.set(i, 1.0);
    const Matrix column = output_at(std::move(unit));
    if (column.size() != base.size()) call.fail(messages::output_size_depends_on_input);
    for (Index j = 0; j < base.size(); ++j) jacobian.set(j, i, column[j] - base[j]);
  }
  return jacobian;
}

// The rule of a builtin affine in the arguments at `positions` (each with the others held);
// an argument elsewhere that depends on the input of grad is an error naming it.
Value affine_in(RuleCall& call, std::initializer_list<std::size_t> positions,
                std::initializer_list<std::size_t> differentiated_elsewhere = {}) {
  if (call.nargout > 1) call.fail(messages::rule_takes_one_output);
  const std::vector<Value> primals = call.primals();
  for (std::size_t k = 0; k < call.arguments.size(); ++k) {
    const auto listed = [k](std::initializer_list<std::size_t> list) {
      return std::find(list.begin(), list.end(), k) != list.end();
    };
    const bool affine = listed(positions) || listed(differentiated_elsewhere);
    if (!affine && call.arguments[k].is(Kind::Tracked)) {
      call.fail(fmt::format(messages::argument_depends_on_input, k + 1));
    }
  }
  Value result = call.invoke(primals, call.nargout);
  std::vector<Matrix> jacobians(call.arguments.size());
  std::size_t saved = 0;
  for (const std::size_t k : positions) {
    if (k >= call.arguments.size() || !call.arguments[k].is(Kind::Tracked)) continue;
    jacobians[k] = jacobian_in(call, k, primals);
    saved += static_cast<std::size_t>(jacobians[k].size()) * sizeof(double);
  }
  call.tape.add_saved_bytes(saved);
  std::vector<std::pair<Index, Index>> shapes;
  for (const Value& primal : primals) {
    const Matrix m = primal.is_numeric() ? primal.as_matrix() : Matrix();
    shapes.emplace_back(m.rows(), m.columns());
  }
  return call.tape.record(std::move(result), call.arguments,
                          [jacobians, shapes](const Matrix& g, GradientSink& sink) {
                            for (std::size_t k = 0; k < jacobians.size(); ++k) {
                              if (!sink.wants(k) || jacobians[k].empty()) continue;
                              // Jᵀ g, one entry per element of the argument (storage order).
                              const Matrix row = product(g.with_shape(1, g.size()), jacobians[k]);
                              sink.add(k, reshaped(row, shapes[k].first, shapes[k].second));
                            }
                          });
}

template <std::size_t... kPositions>
Value affine(RuleCall& call) {
  return affine_in(call, {kPositions...});
}

// polyval(p, x): affine in p; in x its derivative is the derivative polynomial, by Horner's
// rule at each element.
Value polyval_rule(RuleCall& call) {
  if (!call.arguments[1].is(Kind::Tracked)) return affine_in(call, {0});
  const Matrix p = call.matrix(0);
  const Matrix x = call.matrix(1);
  // The value through p (tracked when p is), then a node adding x's part: its gradient passes
  // g to the p node unchanged and the slope times g to x.
  const Value through_p =
      call.arguments[0].is(Kind::Tracked) ? affine_in(call, {0}, {1}) : call.plain();
  const Value both[] = {through_p, call.arguments[1]};
  return call.tape.record(primal_of(through_p), both, [p, x](const Matrix& g, GradientSink& sink) {
    if (sink.wants(0)) sink.add(0, g);
    Matrix d(x.rows(), x.columns());
    const Index n = p.size();
    for (Index i = 0; i < x.size(); ++i) {
      double slope = 0.0;
      for (Index k = 0; k + 1 < n; ++k) {
        slope = slope * x[i] + p[k] * static_cast<double>(n - 1 - k);
      }
      d.set(i, g[i] * slope);
    }
    sink.add(1, std::move(d));
  });
}

}  // namespace

extern const std::vector<NamedRule> kAffineRules = {
    {"diff", affine<0>},     {"trapz", affine<0, 1>},     {"cumtrapz", affine<0, 1>},
    {"conv", affine<0, 1>},  {"filter", affine<0, 2, 3>}, {"movsum", affine<0>},
    {"movmean", affine<0>},  {"kron", affine<0, 1>},      {"cross", affine<0, 1>},
    {"outer", affine<0, 1>}, {"linspace", affine<0, 1>},  {"gradient", affine<0>},
    {"interp1", affine<1>},  {"polyfit", affine<1>},      {"polyval", polyval_rule},
};

}  // namespace llmlab::autodiff
