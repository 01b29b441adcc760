// Gradient rules of builtins, keyed by the builtin's name. A builtin called with a tracked
// argument runs through its rule; one without a rule is an error naming it, so no builtin can
// silently return a value that has lost its dependence on x.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "autodiff/tape.hpp"

namespace llmlab::autodiff {

struct RuleCall {
  ValueTape& tape;
  std::string_view name;
  std::span<const Value> arguments;  // as the script passed them, tracked or plain
  int nargout;
  const runtime::BuiltinInvoke& invoke;
  lang::Dialect dialect;  // the calling code's

  // std(x, w) and var(x, w) in matlab code: the second argument is the weight, not rlab's dim.
  bool second_is_weight() const { return dialect == lang::Dialect::Matlab; }

  // The primal of every argument.
  std::vector<Value> primals() const;
  // The builtin on the primals of every argument: the plain result, for the call's own number
  // of outputs or for `outputs`.
  Value plain() const;
  Value plain(int outputs) const;
  // The primal of argument k as a matrix.
  Matrix matrix(std::size_t k) const;
  [[noreturn]] void fail(std::string_view message) const;
};

using Rule = Value (*)(RuleCall&);

// The rule of builtins whose result does not depend continuously on their arguments (sizes,
// predicates, rounding, text): the plain result, which carries no gradient.
Value no_gradient(RuleCall& call);

// The dim a builtin was given at argument `position`: a number there, or none (absent, [],
// or an option string).
std::optional<double> dim_at(const RuleCall& call, std::size_t position);

// A builtin called with an N-D array among its arguments (nd_rules.cpp): its rule where it takes
// N dims as it is (element moves, operators, pagemtimes), else the 2-D rule over the array's
// storage (element-wise builtins) or over its slices along the dim (softmax, sum, layernorm),
// else an error naming the builtin.
bool has_nd_argument(std::span<const Value> arguments);
// has_nd_argument, or a reshape or permute of a matrix into three or more dims.
bool takes_nd_form(std::string_view name, std::span<const Value> arguments);
Value nd_rule(RuleCall& call, Rule rule);

// The rule for a builtin, or null.
const Rule* find_rule(std::string_view name);

// Rule tables by domain (rules.cpp, nn_rules.cpp, linalg_rules.cpp, math_rules.cpp,
// affine_rules.cpp, selection_rules.cpp, page_rules.cpp).
struct NamedRule {
  std::string_view name;
  Rule rule;
};
extern const std::vector<NamedRule> kCoreRules, kNnRules, kLinalgRules, kMathRules, kAffineRules,
    kSelectionRules, kPageRules;
// Every table, for find_rule and for the property test's check that each rule has cases.
const std::vector<const std::vector<NamedRule>*>& rule_tables();

// Helpers the tables share.
// The first output of a builtin result (a tuple when nargout > 1) and the rest unchanged.
Value record_first(RuleCall& call, Value result, std::span<const Value> operands,
                   Backward backward);

// The rule of a running builtin (cumsum, cumprod: one output element per input element, each
// slice along dim, argument 2, or running_along's default): `slice_gradient` writes one slice's
// gradient into `out` from the input `x` and the output's gradient `g`, at the flat positions
// start + i·stride, i < count.
using SliceGradient = void (*)(const Matrix& x, const Matrix& g, std::span<double> out,
                               num::Index start, num::Index stride, num::Index count);
Value record_running(RuleCall& call, SliceGradient slice_gradient);

// The backward pass of X = A \ B (linsolve, solve and the `\` operator) for real A (m×n) and B
// (m rows): the adjoint of X = A⁺B, exact for a square invertible A and for least squares and
// minimum-norm solves of full rank (A⁺ the pseudo-inverse; the residual terms vanish when A
// is square). `x` is the primal solution.
Backward solve_backward(const Matrix& a, const Matrix& b, const Matrix& x);

}  // namespace llmlab::autodiff
