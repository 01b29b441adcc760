// The rule table and the rules of the core builtins: functions with no gradient (sizes,
// predicates, rounding, printing), builtins that only move elements, element-wise math,
// the operator functions (plus, times, ...) and the reductions.
#include "autodiff/rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>

#include "autodiff/array_math.hpp"
#include "base/error.hpp"
#include "num/linalg.hpp"
#include "num/ops.hpp"
#include "runtime/operators.hpp"

namespace llmlab::autodiff {

using runtime::Kind;
using runtime::primal_of;

Value RuleCall::plain() const {
  std::vector<Value> primals;
  primals.reserve(arguments.size());
  for (const Value& argument : arguments) primals.push_back(primal_of(argument));
  return invoke(primals, nargout);
}

Matrix RuleCall::matrix(std::size_t k) const {
  const Value& value = primal_of(arguments[k]);
  if (!value.is_numeric())
    fail(fmt::format("argument {}: expected numeric, got {}", k + 1, value.kind_name()));
  return value.as_matrix();
}

void RuleCall::fail(std::string_view message) const {
  throw Error(fmt::format("{}: {}", name, message));
}

Value record_first(RuleCall& call, Value result, std::span<const Value> operands,
                   Backward backward) {
  if (!result.is(Kind::Tuple))
    return call.tape.record(std::move(result), operands, std::move(backward));
  std::vector<Value> items = result.tuple_items();
  items[0] = call.tape.record(std::move(items[0]), operands, std::move(backward));
  return Value::tuple(std::move(items));
}

namespace {

// --- No gradient: the result does not depend continuously on the values -----------------

Value constant(RuleCall& call) { return call.plain(); }

// --- Element moves -------------------------------------------------------------------------

// Arguments whose elements the builtin moves: the first only (reshape(x, m, n)), all
// (horzcat), or all but the first (cat(dim, ...)).
template <int kFirstData, bool kAllData>
Value moves(RuleCall& call) {
  std::vector<Value> operands;
  std::vector<std::size_t> positions;
  std::vector<Value> fixed;
  for (std::size_t k = 0; k < call.arguments.size(); ++k) {
    const bool data =
        static_cast<int>(k) >= kFirstData && (kAllData || static_cast<int>(k) == kFirstData);
    fixed.push_back(primal_of(call.arguments[k]));
    if (data) {
      operands.push_back(call.arguments[k]);
      positions.push_back(k);
    }
  }
  return call.tape.rearrange(operands, [&](std::span<const Value> values) {
    std::vector<Value> arguments = fixed;
    for (std::size_t k = 0; k < positions.size(); ++k) arguments[positions[k]] = values[k];
    return call.invoke(arguments, 1);
  });
}

// --- Element-wise functions ----------------------------------------------------------------

// Records y = f(x) for a one-argument element-wise builtin whose derivative `df(x, y)` is known.
template <class Derivative>
Value elementwise(RuleCall& call, Derivative df) {
  if (call.arguments.size() != 1) call.fail("the gradient rule takes the one-argument form");
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).is_numeric() ? primal_of(result).as_matrix() : Matrix();
  if (y.is_complex()) call.fail("complex result: gradients are defined for real values only");
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands, [x, y, df](const Matrix& g, GradientSink& sink) {
        sink.add(0, zip3(g, x, y, [&](double dy, double a, double b) { return dy * df(a, b); }));
      });
}

Value abs_rule(RuleCall& call) {
  // PyTorch's subgradient: sign(x), so 0 at x = 0.
  return elementwise(call, [](double x, double) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); });
}
Value sqrt_rule(RuleCall& call) {
  return elementwise(call, [](double, double y) { return 0.5 / y; });
}
Value exp_rule(RuleCall& call) {
  return elementwise(call, [](double, double y) { return y; });
}
Value expm1_rule(RuleCall& call) {
  return elementwise(call, [](double, double y) { return y + 1.0; });
}
Value log_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / x; });
}
Value log1p_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / (1.0 + x); });
}
Value log2_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / (x * std::numbers::ln2); });
}
Value log10_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / (x * std::numbers::ln10); });
}
Value sin_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return std::cos(x); });
}
Value cos_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return -std::sin(x); });
}
Value tan_rule(RuleCall& call) {
  return elementwise(call, [](double, double y) { return 1.0 + y * y; });
}
Value asin_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / std::sqrt(1.0 - x * x); });
}
Value acos_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return -1.0 / std::sqrt(1.0 - x * x); });
}
Value atan_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / (1.0 + x * x); });
}
Value sinh_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return std::cosh(x); });
}
Value cosh_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return std::sinh(x); });
}
Value tanh_rule(RuleCall& call) {
  return elementwise(call, [](double, double y) { return 1.0 - y * y; });
}
Value erf_rule(RuleCall& call) {
  return elementwise(
      call, [](double x, double) { return 2.0 / std::sqrt(std::numbers::pi) * std::exp(-x * x); });
}
Value erfc_rule(RuleCall& call) {
  return elementwise(
      call, [](double x, double) { return -2.0 / std::sqrt(std::numbers::pi) * std::exp(-x * x); });
}
Value identity_rule(RuleCall& call) {
  return elementwise(call, [](double, double) { return 1.0; });
}

// --- Operator functions: plus(a, b) is a + b -------------------------------------------------

template <lang::BinaryOp kOp>
Value binary_function(RuleCall& call) {
  if (call.arguments.size() != 2) return call.plain();
  return call.tape.binary(kOp, call.arguments[0], call.arguments[1]);
}

Value uminus_rule(RuleCall& call) {
  return call.tape.unary(lang::UnaryOp::Negate, call.arguments[0]);
}

Value transpose_rule(RuleCall& call) {
  return call.tape.unary(lang::UnaryOp::NonConjugateTranspose, call.arguments[0]);
}

// --- Reductions ------------------------------------------------------------------------------
// The reduced dimension is read off the shapes (an output dimension of 1 where the input's was
// larger), which covers every form: sum(v), sum(M), sum(M, dim), sum(M, "all").

Value sum_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands, [x](const Matrix& g, GradientSink& sink) {
    sink.add(0, expand(g, x.rows(), x.columns()));
  });
}

Value mean_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Value& y = primal_of(result);
  if (!y.is_numeric()) return result;
  const double count = static_cast<double>(x.size()) / static_cast<double>(y.element_count());
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands,
                          [x, count](const Matrix& g, GradientSink& sink) {
                            sink.add(0, scaled(expand(g, x.rows(), x.columns()), 1.0 / count));
                          });
}

// The slices a reduction ran over: along columns of each row, down rows of each column, or
// everything as one slice.
enum class Along { RowSlices, ColumnSlices, Whole };

Along reduced_along(const Matrix& x, Index output_rows, Index output_columns) {
  if (output_rows == 1 && output_columns == 1) {
    if (x.rows() == 1) return Along::RowSlices;
    if (x.columns() == 1) return Along::ColumnSlices;
    return Along::Whole;
  }
  if (output_rows == 1 && x.rows() > 1) return Along::ColumnSlices;
  return Along::RowSlices;
}

// Visits every slice as (start, stride, count) flat positions of x.
template <class F>
void for_each_slice(const Matrix& x, Along along, F&& visit) {
  switch (along) {
    case Along::Whole:
      visit(Index{0}, Index{1}, x.size(), Index{0});
      return;
    case Along::RowSlices:
      for (Index r = 0; r < x.rows(); ++r) visit(r * x.columns(), Index{1}, x.columns(), r);
      return;
    case Along::ColumnSlices:
      for (Index c = 0; c < x.columns(); ++c) visit(c, x.columns(), x.rows(), c);
      return;
  }
}

Value prod_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).as_matrix();
  const Along along = reduced_along(x, y.rows(), y.columns());
  const Value operands[] = {call.arguments[0]};
  // d prod / d x_i = the product of the others: prefix times suffix products (exact at zeros).
  return call.tape.record(
      std::move(result), operands, [x, along](const Matrix& g, GradientSink& sink) {
        Matrix d(x.rows(), x.columns());
        std::span<double> out = d.mutable_real_values();
        std::span<const double> in = x.real_values();
        std::span<const double> dy = g.real_values();
        for_each_slice(x, along, [&](Index start, Index stride, Index count, Index slice) {
          double prefix = 1.0;
          for (Index i = 0; i < count; ++i) {
            out[static_cast<std::size_t>(start + i * stride)] = prefix;
            prefix *= in[static_cast<std::size_t>(start + i * stride)];
          }
          double suffix = 1.0;
          for (Index i = count - 1; i >= 0; --i) {
            const auto p = static_cast<std::size_t>(start + i * stride);
            out[p] *= suffix * dy[static_cast<std::size_t>(along == Along::Whole ? 0 : slice)];
            suffix *= in[p];
          }
        });
        sink.add(0, std::move(d));
      });
}

Value cumsum_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Value& xv = primal_of(call.arguments[0]);
  Along along = (xv.is(Kind::Vector) || x.rows() == 1) ? Along::RowSlices : Along::ColumnSlices;
  if (call.arguments.size() >= 2) {
    const double dim = primal_of(call.arguments[1]).as_scalar();
    along = dim == 2.0 ? Along::RowSlices : Along::ColumnSlices;
    if (dim == 1.0 && xv.is(Kind::Vector)) along = Along::ColumnSlices;
  }
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands, [x, along](const Matrix& g, GradientSink& sink) {
        // The gradient of a running sum is the running sum from the end.
        Matrix d(x.rows(), x.columns());
        std::span<double> out = d.mutable_real_values();
        std::span<const double> dy = g.real_values();
        for_each_slice(x, along, [&](Index start, Index stride, Index count, Index) {
          double total = 0.0;
          for (Index i = count - 1; i >= 0; --i) {
            const auto p = static_cast<std::size_t>(start + i * stride);
            total += dy[p];
            out[p] = total;
          }
        });
        sink.add(0, std::move(d));
      });
}

// max/min: a reduction sends the gradient to the element its index output names (the first
// extremum, as MATLAB's index and PyTorch's max along a dimension choose); the two-operand form
// sends it to the larger (smaller) operand, half to each on a tie, as torch.maximum does.
Value extremum_rule(RuleCall& call) {
  // max(a, b) compares two operands; max(x), max(x, [], dim) and max(x, [], "all") reduce.
  const bool two_operands =
      call.arguments.size() == 2 && !(primal_of(call.arguments[1]).is_array() &&
                                      primal_of(call.arguments[1]).matrix_value().empty());
  if (two_operands) {
    Value result = call.plain();
    const Matrix a = call.matrix(0);
    const Matrix b = call.matrix(1);
    const Matrix y = primal_of(result).as_matrix();
    const Value operands[] = {call.arguments[0], call.arguments[1]};
    return call.tape.record(
        std::move(result), operands, [a, b, y](const Matrix& g, GradientSink& sink) {
          const Matrix aa = expand(a, y.rows(), y.columns());
          const Matrix bb = expand(b, y.rows(), y.columns());
          const auto share = [](double value, double mine, double other) {
            if (value == mine && value == other) return 0.5;
            return value == mine || std::isnan(other) ? 1.0 : 0.0;
          };
          if (sink.wants(0)) {
            Matrix d = zip3(y, aa, bb, share);
            sink.add(0, sum_to(num::elementwise(num::Arithmetic::Multiply, d, g), a.rows(),
                               a.columns()));
          }
          if (sink.wants(1)) {
            Matrix d = zip3(y, bb, aa, share);
            sink.add(1, sum_to(num::elementwise(num::Arithmetic::Multiply, d, g), b.rows(),
                               b.columns()));
          }
        });
  }
  std::vector<Value> primals;
  for (const Value& argument : call.arguments) primals.push_back(primal_of(argument));
  if (primals.size() == 2) primals.pop_back();  // max(x, []) is max(x), which has an index
  Value both = call.invoke(primals, 2);
  const Matrix x = call.matrix(0);
  const Matrix y = both.tuple_items()[0].as_matrix();
  const Matrix where = both.tuple_items()[1].as_matrix();
  const Along along = reduced_along(x, y.rows(), y.columns());
  Value result = call.nargout >= 2 ? both : both.tuple_items()[0];
  const Value operands[] = {call.arguments[0]};
  return record_first(
      call, std::move(result), operands, [x, where, along](const Matrix& g, GradientSink& sink) {
        Matrix d(x.rows(), x.columns());
        std::span<double> out = d.mutable_real_values();
        std::span<const double> dy = g.real_values();
        std::span<const double> index = where.real_values();
        for_each_slice(x, along, [&](Index start, Index stride, Index count, Index slice) {
          const auto s = static_cast<std::size_t>(along == Along::Whole ? 0 : slice);
          const auto k = static_cast<Index>(index[s]) - 1;
          if (k < 0 || k >= count) return;
          if (along == Along::Whole) {
            // A linear, column-major index into the whole matrix.
            const Index r = k % x.rows();
            const Index c = k / x.rows();
            out[static_cast<std::size_t>(r * x.columns() + c)] += dy[s];
          } else {
            out[static_cast<std::size_t>(start + k * stride)] += dy[s];
          }
        });
        sink.add(0, std::move(d));
      });
}

// norm(x), norm(x, p) for vectors, norm(M) / norm(M, "fro") for matrices (Frobenius).
double sign_of(double v) { return v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0); }

// The induced matrix norms: ‖M‖₂ = σ₁ has gradient u₁v₁ᵀ (where σ₁ is simple); ‖M‖₁, the
// largest column sum of |m_ij|, and ‖M‖∞, the largest row sum, have the signs of the first
// largest column or row.
Value matrix_norm_rule(RuleCall& call, Value result, double p) {
  const Matrix x = call.matrix(0);
  const Value operands[] = {call.arguments[0]};
  if (p == 2.0) {
    const num::Svd parts = num::svd(x, num::SvdSize::Economy);
    return call.tape.record(std::move(result), operands,
                            [parts](const Matrix& g, GradientSink& sink) {
                              Matrix d(parts.u.rows(), parts.v.rows());
                              for (Index i = 0; i < d.rows(); ++i) {
                                for (Index j = 0; j < d.columns(); ++j) {
                                  d.set(i, j, g[0] * parts.u(i, 0) * parts.v(j, 0));
                                }
                              }
                              sink.add(0, std::move(d));
                            });
  }
  if (p != 1.0 && !std::isinf(p))
    call.fail("matrix norms have gradients for p = 1, 2, Inf, \"fro\"");
  const bool columns = p == 1.0;
  const Index lines = columns ? x.columns() : x.rows();
  const Index along = columns ? x.rows() : x.columns();
  const auto at = [&x, columns](Index line, Index k) { return columns ? x(k, line) : x(line, k); };
  Index best = 0;
  double best_sum = -1.0;
  for (Index line = 0; line < lines; ++line) {
    double sum = 0.0;
    for (Index k = 0; k < along; ++k) sum += std::abs(at(line, k));
    if (sum > best_sum) best = line, best_sum = sum;
  }
  return call.tape.record(std::move(result), operands,
                          [x, columns, best, along](const Matrix& g, GradientSink& sink) {
                            Matrix d(x.rows(), x.columns());
                            for (Index k = 0; k < along; ++k) {
                              const Index i = columns ? k : best;
                              const Index j = columns ? best : k;
                              d.set(i, j, g[0] * sign_of(x(i, j)));
                            }
                            sink.add(0, std::move(d));
                          });
}

Value norm_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const bool vector = x.rows() == 1 || x.columns() == 1;
  double p = 2.0;
  if (call.arguments.size() >= 2) {
    const Value& option = primal_of(call.arguments[1]);
    if (option.is(Kind::String)) {
      if (option.string_value() != "fro")
        call.fail("gradient defined for p-norms, matrix norms 1, 2, Inf and \"fro\"");
    } else {
      p = option.as_scalar();
      // norm(M) alone is the Frobenius norm (builtins.md §7); norm(M, p) the induced norm.
      if (!vector) return matrix_norm_rule(call, std::move(result), p);
    }
  }
  if (x.is_complex()) call.fail("gradient of the norm of a complex array has no rule");
  const double n = primal_of(result).as_scalar();
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands,
                          [x, p, n](const Matrix& g, GradientSink& sink) {
                            const double dy = g[0];
                            Matrix d(x.rows(), x.columns());
                            std::span<double> out = d.mutable_real_values();
                            std::span<const double> in = x.real_values();
                            if (std::isinf(p)) {
                              // The first element of largest magnitude takes it all.
                              std::size_t best = 0;
                              for (std::size_t i = 0; i < in.size(); ++i) {
                                if (std::abs(in[i]) > std::abs(in[best])) best = i;
                              }
                              if (!in.empty())
                                out[best] = dy * (in[best] > 0 ? 1.0 : (in[best] < 0 ? -1.0 : 0.0));
                            } else if (n != 0.0) {
                              for (std::size_t i = 0; i < in.size(); ++i) {
                                const double sign = in[i] > 0 ? 1.0 : (in[i] < 0 ? -1.0 : 0.0);
                                out[i] = dy * sign * std::pow(std::abs(in[i]) / n, p - 1.0);
                              }
                            }
                            sink.add(0, std::move(d));
                          });
}

Value dot_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix u = call.matrix(0);
  const Matrix v = call.matrix(1);
  const Value operands[] = {call.arguments[0], call.arguments[1]};
  return call.tape.record(std::move(result), operands, [u, v](const Matrix& g, GradientSink& sink) {
    if (sink.wants(0)) sink.add(0, scaled(reshaped(v, u.rows(), u.columns()), g[0]));
    if (sink.wants(1)) sink.add(1, scaled(reshaped(u, v.rows(), v.columns()), g[0]));
  });
}

}  // namespace

extern const std::vector<NamedRule> kCoreRules = {
    // No gradient (sizes, predicates, text, piecewise-constant functions).
    {"size", constant},
    {"length", constant},
    {"len", constant},
    {"numel", constant},
    {"rows", constant},
    {"columns", constant},
    {"ndims", constant},
    {"isempty", constant},
    {"isnumeric", constant},
    {"isreal", constant},
    {"isscalar", constant},
    {"isvector", constant},
    {"ismatrix", constant},
    {"isrow", constant},
    {"iscolumn", constant},
    {"isstruct", constant},
    {"ischar", constant},
    {"isstring", constant},
    {"islogical", constant},
    {"class", constant},
    {"isa", constant},
    {"isnan", constant},
    {"isinf", constant},
    {"isfinite", constant},
    {"isequal", constant},
    {"disp", constant},
    {"print", constant},
    {"fprintf", constant},
    {"printf", constant},
    {"sprintf", constant},
    {"num2str", constant},
    {"mat2str", constant},
    {"assert", constant},
    {"error", constant},
    {"warning", constant},
    {"floor", constant},
    {"ceil", constant},
    {"round", constant},
    {"fix", constant},
    {"sign", constant},
    {"find", constant},
    {"any", constant},
    {"all", constant},
    {"nnz", constant},
    {"argmax", constant},
    {"argmin", constant},
    {"logical", constant},
    {"eq", constant},
    {"ne", constant},
    {"lt", constant},
    {"le", constant},
    {"gt", constant},
    {"ge", constant},
    {"and", constant},
    {"or", constant},
    {"not", constant},
    {"xor", constant},
    {"zeros", constant},
    {"ones", constant},
    {"causal_mask", constant},
    // Element moves.
    {"reshape", moves<0, false>},
    {"repmat", moves<0, false>},
    {"fliplr", moves<0, false>},
    {"flipud", moves<0, false>},
    {"flip", moves<0, false>},
    {"circshift", moves<0, false>},
    {"diag", moves<0, false>},
    {"tril", moves<0, false>},
    {"triu", moves<0, false>},
    {"rot90", moves<0, false>},
    {"horzcat", moves<0, true>},
    {"vertcat", moves<0, true>},
    {"cat", moves<1, true>},
    {"transpose", transpose_rule},
    // Element-wise math.
    {"abs", abs_rule},
    {"sqrt", sqrt_rule},
    {"exp", exp_rule},
    {"expm1", expm1_rule},
    {"log", log_rule},
    {"log1p", log1p_rule},
    {"log2", log2_rule},
    {"log10", log10_rule},
    {"sin", sin_rule},
    {"cos", cos_rule},
    {"tan", tan_rule},
    {"asin", asin_rule},
    {"acos", acos_rule},
    {"atan", atan_rule},
    {"sinh", sinh_rule},
    {"cosh", cosh_rule},
    {"tanh", tanh_rule},
    {"erf", erf_rule},
    {"erfc", erfc_rule},
    {"real", identity_rule},
    {"conj", identity_rule},
    {"double", identity_rule},
    // Operator functions.
    {"plus", binary_function<lang::BinaryOp::Add>},
    {"minus", binary_function<lang::BinaryOp::Subtract>},
    {"times", binary_function<lang::BinaryOp::ElementMultiply>},
    {"mtimes", binary_function<lang::BinaryOp::Multiply>},
    {"rdivide", binary_function<lang::BinaryOp::ElementDivide>},
    {"power", binary_function<lang::BinaryOp::ElementPower>},
    {"uminus", uminus_rule},
    // Reductions.
    {"sum", sum_rule},
    {"mean", mean_rule},
    {"prod", prod_rule},
    {"cumsum", cumsum_rule},
    {"max", extremum_rule},
    {"min", extremum_rule},
    {"norm", norm_rule},
    {"dot", dot_rule},
};

const Rule* find_rule(std::string_view name) {
  static const std::unordered_map<std::string_view, Rule> table = [] {
    std::unordered_map<std::string_view, Rule> rules;
    for (const auto* list : {&kCoreRules, &kNnRules, &kLinalgRules}) {
      for (const NamedRule& entry : *list) rules.emplace(entry.name, entry.rule);
    }
    return rules;
  }();
  const auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}

}  // namespace llmlab::autodiff
