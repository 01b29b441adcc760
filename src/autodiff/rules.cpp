// The rule table and the rules of the core builtins: functions with no gradient (sizes,
// predicates, rounding, printing), builtins that only move elements, element-wise math,
// the operator functions (plus, times, ...) and the reductions.
#include "autodiff/rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <unordered_map>

#include "autodiff/array_math.hpp"
#include "autodiff/graph_ops.hpp"
#include "base/error.hpp"
#include "base/messages/autodiff.hpp"
#include "base/messages/system.hpp"
#include "num/linalg.hpp"
#include "num/ops.hpp"
#include "runtime/call.hpp"
#include "runtime/operators.hpp"

namespace llmlab::autodiff {

using runtime::Kind;
using runtime::primal_of;

std::vector<Value> RuleCall::primals() const {
  std::vector<Value> primals;
  primals.reserve(arguments.size());
  for (const Value& argument : arguments) primals.push_back(primal_of(argument));
  return primals;
}

Value RuleCall::plain() const { return plain(nargout); }
Value RuleCall::plain(int outputs) const { return invoke(primals(), outputs); }

Matrix RuleCall::matrix(std::size_t k) const {
  const Value& value = primal_of(arguments[k]);
  if (!value.is_numeric())
    fail(fmt::format(messages::rule_argument_not_numeric, k + 1, value.kind_name()));
  return value.as_matrix();
}

void RuleCall::fail(std::string_view message) const {
  throw Error(fmt::format(messages::spoken_by, name, message));
}

Value record_first(RuleCall& call, Value result, std::span<const Value> operands,
                   Backward backward) {
  if (!result.is(Kind::Tuple))
    return call.tape.record(std::move(result), operands, std::move(backward));
  std::vector<Value> items = result.tuple_items();
  items[0] = call.tape.record(std::move(items[0]), operands, std::move(backward));
  return Value::tuple(std::move(items));
}

Value no_gradient(RuleCall& call) { return call.plain(); }

Value record_running(RuleCall& call, SliceGradient slice_gradient) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Along along = running_along(primal_of(call.arguments[0]), x, dim_at(call, 1));
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands, [x, along, slice_gradient](const Matrix& g, GradientSink& sink) {
        Matrix d(x.rows(), x.columns());
        std::span<double> out = d.mutable_real_values();
        for_each_slice(x, along, [&](Index start, Index stride, Index count, Index) {
          slice_gradient(x, g, out, start, stride, count);
        });
        sink.add(0, std::move(d));
      });
}

std::optional<double> dim_at(const RuleCall& call, std::size_t position) {
  if (call.arguments.size() <= position) return std::nullopt;
  const Value& value = primal_of(call.arguments[position]);
  if (!value.is_numeric() || (value.is_array() && value.matrix_value().empty())) {
    return std::nullopt;
  }
  return value.as_scalar();
}

namespace {

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

// Every output of a builtin that only moves elements, each its own rearrangement
// ([X, Y] = meshgrid(x, y)).
Value moves_per_output(RuleCall& call) {
  if (call.nargout <= 1) return moves<0, true>(call);
  std::vector<Value> outputs;
  for (int k = 0; k < call.nargout; ++k) {
    outputs.push_back(call.tape.rearrange(call.arguments, [&](std::span<const Value> values) {
      Value all = call.invoke(values, call.nargout);
      return all.is(Kind::Tuple) ? all.tuple_items()[static_cast<std::size_t>(k)] : all;
    }));
  }
  return Value::tuple(std::move(outputs));
}

// Builtins that hold or pass values without computing on them (struct, setfield, deal, feval,
// bsxfun; arrayfun reads the elements of a value that depends on x through its tape):
// called with the values themselves, so what depends on the input of grad keeps its gradient
// inside the struct, or reaches the called function's own operations.
Value holds_values(RuleCall& call) { return call.invoke(call.arguments, call.nargout); }

// C = num2cell(x): each cell holds x(k), an index read that keeps its gradient.
Value num2cell_rule(RuleCall& call) {
  Value result = call.plain();
  runtime::CellArray& cells = result.mutable_cell();
  for (std::size_t k = 0; k < cells.items.size(); ++k) {
    const Value subscript[] = {Value::scalar(static_cast<double>(k + 1))};
    cells.items[k] = call.tape.index_read(call.arguments[0], subscript);
  }
  return result;
}

// --- Element-wise functions ----------------------------------------------------------------

// Records y = f(x) for a one-argument element-wise builtin whose derivative `df(x, y)` is known.
template <class Derivative>
Value elementwise(RuleCall& call, Derivative df) {
  if (call.arguments.size() != 1) call.fail(messages::rule_takes_one_argument);
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).is_numeric() ? primal_of(result).as_matrix() : Matrix();
  if (y.is_complex()) call.fail(messages::complex_result_no_gradient);
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands, [x, y, df](const Matrix& g, GradientSink& sink) {
        sink.add(0, zip3(g, x, y, [&](double dy, double a, double b) { return dy * df(a, b); }));
      });
}

// A smooth function whose derivatives of every order are rules (graph_ops.hpp): the result is
// the builtin's, the backward rule differentiable.
Value smooth(RuleCall& call, Smooth f) {
  if (call.arguments.size() != 1) call.fail(messages::rule_takes_one_argument);
  Value result = call.plain();
  if (primal_of(result).is_numeric() && primal_of(result).as_matrix().is_complex()) {
    call.fail(messages::complex_result_no_gradient);
  }
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(std::move(result), operands, [f](const Value& g, ValueSink& sink) {
    sink.add(0, times_derivative(f, g, sink.operand(0)));
  });
}

Value abs_rule(RuleCall& call) {
  // PyTorch's subgradient: sign(x), so 0 at x = 0.
  return elementwise(call, [](double x, double) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); });
}
Value sqrt_rule(RuleCall& call) { return smooth(call, Smooth::Sqrt); }
Value exp_rule(RuleCall& call) { return smooth(call, Smooth::Exp); }
Value expm1_rule(RuleCall& call) {
  return elementwise(call, [](double, double y) { return y + 1.0; });
}
Value log_rule(RuleCall& call) { return smooth(call, Smooth::Log); }
Value log1p_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / (1.0 + x); });
}
Value log2_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / (x * std::numbers::ln2); });
}
Value log10_rule(RuleCall& call) {
  return elementwise(call, [](double x, double) { return 1.0 / (x * std::numbers::ln10); });
}
Value sin_rule(RuleCall& call) { return smooth(call, Smooth::Sin); }
Value cos_rule(RuleCall& call) { return smooth(call, Smooth::Cos); }
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
Value tanh_rule(RuleCall& call) { return smooth(call, Smooth::Tanh); }
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

std::size_t to_size(Index i) { return static_cast<std::size_t>(i); }

// sum, prod and mean with a trailing "omitnan": the NaN elements are left out, so they take no
// gradient (and mean divides each slice by its count of numbers).
bool omits_nan(const RuleCall& call) {
  if (call.arguments.size() < 2) return false;
  return runtime::nan_flag(primal_of(call.arguments.back())) == runtime::NanFlag::Omit;
}

// 1 where x holds a number, 0 at NaN.
Matrix numbers_mask(const Matrix& x) {
  return zip(x, x, [](double v, double) { return std::isnan(v) ? 0.0 : 1.0; });
}

Value sum_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Value operands[] = {call.arguments[0]};
  // "omitnan": the NaN elements take no gradient.
  std::optional<Value> mask;
  if (omits_nan(call)) mask = Value::matrix(numbers_mask(x));
  return call.tape.record_graph(
      std::move(result), operands,
      [mask, rows = x.rows(), columns = x.columns()](const Value& g, ValueSink& sink) {
        const Value spread = expand(g, rows, columns);
        sink.add(0, mask ? times(spread, *mask) : spread);
      });
}

// mean(x, ..., "omitnan"): each number of a slice takes 1/(the slice's count of numbers).
Value mean_omitting_nan(RuleCall& call, Value result) {
  const Matrix x = call.matrix(0);
  const Matrix y = primal_of(result).as_matrix();
  Matrix weights = numbers_mask(x);
  std::span<double> w = weights.mutable_real_values();
  for_each_slice(x, reduced_along(x, y.rows(), y.columns()),
                 [&](Index start, Index stride, Index count, Index) {
                   double numbers = 0.0;
                   for (Index i = 0; i < count; ++i) numbers += w[to_size(start + i * stride)];
                   for (Index i = 0; i < count; ++i) {
                     if (numbers > 0.0) w[to_size(start + i * stride)] /= numbers;
                   }
                 });
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(std::move(result), operands,
                                [weights = Value::matrix(weights), rows = x.rows(),
                                 columns = x.columns()](const Value& g, ValueSink& sink) {
                                  sink.add(0, times(expand(g, rows, columns), weights));
                                });
}

Value mean_rule(RuleCall& call) {
  Value result = call.plain();
  const Value& y = primal_of(result);
  if (!y.is_numeric()) return result;
  if (omits_nan(call)) return mean_omitting_nan(call, std::move(result));
  const Matrix x = call.matrix(0);
  const double count = static_cast<double>(x.size()) / static_cast<double>(y.element_count());
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(std::move(result), operands,
                                [share = Value::scalar(1.0 / count), rows = x.rows(),
                                 columns = x.columns()](const Value& g, ValueSink& sink) {
                                  sink.add(0, times(expand(g, rows, columns), share));
                                });
}

Value prod_rule(RuleCall& call) {
  Value result = call.plain();
  const bool omit = omits_nan(call);
  // "omitnan" multiplies the numbers only: NaN counts as 1 and takes no gradient.
  const Matrix x = omit ? zip(call.matrix(0), call.matrix(0),
                              [](double v, double) { return std::isnan(v) ? 1.0 : v; })
                        : call.matrix(0);
  const Matrix mask = omit ? numbers_mask(call.matrix(0)) : Matrix();
  const Matrix y = primal_of(result).as_matrix();
  const Along along = reduced_along(x, y.rows(), y.columns());
  const Value operands[] = {call.arguments[0]};
  // d prod / d x_i = the product of the others: prefix times suffix products (exact at zeros).
  return call.tape.record(
      std::move(result), operands, [x, mask, along](const Matrix& g, GradientSink& sink) {
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
            out[p] *= suffix * dy[static_cast<std::size_t>(slice)];
            suffix *= in[p];
          }
        });
        if (!mask.empty())
          d = zip(d, mask, [](double v, double number) { return number != 0.0 ? v : 0.0; });
        sink.add(0, std::move(d));
      });
}

// The gradient of a running sum is the running sum from the end.
Value cumsum_rule(RuleCall& call) {
  return record_running(call, [](const Matrix&, const Matrix& g, std::span<double> out, Index start,
                                 Index stride, Index count) {
    std::span<const double> dy = g.real_values();
    double total = 0.0;
    for (Index i = count - 1; i >= 0; --i) {
      const auto p = static_cast<std::size_t>(start + i * stride);
      total += dy[p];
      out[p] = total;
    }
  });
}

// max/min: a reduction sends the gradient to the element its index output names (the first
// extremum, as MATLAB's index and PyTorch's max along a dimension choose); the two-operand form
// sends it to the larger (smaller) operand, half to each on a tie, as torch.maximum does.
// max(a, b) and min(a, b): each element's gradient goes to the operand that gave it (half to each
// on a tie, all to the number when the other is NaN).
Value extremum_of_two(RuleCall& call) {
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
          sink.add(
              0, sum_to(num::elementwise(num::Arithmetic::Multiply, d, g), a.rows(), a.columns()));
        }
        if (sink.wants(1)) {
          Matrix d = zip3(y, bb, aa, share);
          sink.add(
              1, sum_to(num::elementwise(num::Arithmetic::Multiply, d, g), b.rows(), b.columns()));
        }
      });
}

Value extremum_rule(RuleCall& call) {
  // max(a, b) compares two operands; max(x), max(x, [], dim) and max(x, [], "all") reduce.
  const bool two_operands =
      call.arguments.size() == 2 && !(primal_of(call.arguments[1]).is_array() &&
                                      primal_of(call.arguments[1]).matrix_value().empty());
  if (two_operands) return extremum_of_two(call);
  std::vector<Value> primals = call.primals();
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
          const auto s = static_cast<std::size_t>(slice);
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
  if (p != 1.0 && p != std::numeric_limits<double>::infinity())
    call.fail(messages::matrix_norm_gradient_kinds);
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
  // norm(M) alone is the Frobenius norm in rlab code (builtins.md §7), the 2-norm in matlab code.
  if (call.arguments.size() == 1 && !vector && call.dialect == lang::Dialect::Matlab) {
    return matrix_norm_rule(call, std::move(result), p);
  }
  if (call.arguments.size() >= 2) {
    const Value& option = primal_of(call.arguments[1]);
    if (option.is(Kind::String)) {
      if (!runtime::is_word(option, "fro")) call.fail(messages::norm_gradient_kinds);
    } else {
      p = option.as_scalar();
      // norm(M, p): the induced norm.
      if (!vector) return matrix_norm_rule(call, std::move(result), p);
    }
  }
  if (x.is_complex()) call.fail(messages::complex_norm_no_gradient);
  const double n = primal_of(result).as_scalar();
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands,
                          [x, p, n](const Matrix& g, GradientSink& sink) {
                            const double dy = g[0];
                            Matrix d(x.rows(), x.columns());
                            std::span<double> out = d.mutable_real_values();
                            std::span<const double> in = x.real_values();
                            if (std::isinf(p)) {
                              // The first element of largest (Inf) or smallest (-Inf)
                              // magnitude takes it all.
                              std::size_t best = 0;
                              for (std::size_t i = 0; i < in.size(); ++i) {
                                const double a = std::abs(in[i]), b = std::abs(in[best]);
                                if (p > 0 ? a > b : a < b) best = i;
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
    {"size", no_gradient},
    {"length", no_gradient},
    {"len", no_gradient},
    {"numel", no_gradient},
    {"rows", no_gradient},
    {"columns", no_gradient},
    {"ndims", no_gradient},
    {"isempty", no_gradient},
    {"isnumeric", no_gradient},
    {"isreal", no_gradient},
    {"isscalar", no_gradient},
    {"isvector", no_gradient},
    {"ismatrix", no_gradient},
    {"isrow", no_gradient},
    {"iscolumn", no_gradient},
    {"isstruct", no_gradient},
    {"ischar", no_gradient},
    {"isstring", no_gradient},
    {"islogical", no_gradient},
    {"class", no_gradient},
    {"isa", no_gradient},
    {"isnan", no_gradient},
    {"isinf", no_gradient},
    {"isfinite", no_gradient},
    {"isequal", no_gradient},
    {"disp", no_gradient},
    {"print", no_gradient},
    {"fprintf", no_gradient},
    {"printf", no_gradient},
    {"sprintf", no_gradient},
    {"num2str", no_gradient},
    {"mat2str", no_gradient},
    {"assert", no_gradient},
    {"error", no_gradient},
    {"warning", no_gradient},
    {"floor", no_gradient},
    {"ceil", no_gradient},
    {"round", no_gradient},
    {"fix", no_gradient},
    {"sign", no_gradient},
    {"find", no_gradient},
    {"any", no_gradient},
    {"all", no_gradient},
    {"nnz", no_gradient},
    {"argmax", no_gradient},
    {"argmin", no_gradient},
    {"logical", no_gradient},
    {"eq", no_gradient},
    {"ne", no_gradient},
    {"lt", no_gradient},
    {"le", no_gradient},
    {"gt", no_gradient},
    {"ge", no_gradient},
    {"and", no_gradient},
    {"or", no_gradient},
    {"not", no_gradient},
    {"xor", no_gradient},
    {"zeros", no_gradient},
    {"ones", no_gradient},
    {"causal_mask", no_gradient},
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
    {"permute", moves<0, false>},
    {"ipermute", moves<0, false>},
    {"squeeze", moves<0, false>},
    {"pagetranspose", moves<0, false>},
    {"transpose", transpose_rule},
    {"meshgrid", moves_per_output},
    // Containers and calls.
    {"struct", holds_values},
    {"setfield", holds_values},
    {"deal", holds_values},
    {"feval", holds_values},
    {"bsxfun", holds_values},
    {"arrayfun", holds_values},
    {"num2cell", num2cell_rule},
    // Differentiation inside a differentiated f: they record their own backward pass on the
    // running tape (builtins/autodiff.cpp), so the outer grad differentiates through them.
    {"grad", holds_values},
    {"value_and_grad", holds_values},
    {"hvp", holds_values},
    {"jvp", holds_values},
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

const std::vector<const std::vector<NamedRule>*>& rule_tables() {
  static const std::vector<const std::vector<NamedRule>*> tables = {
      &kCoreRules,   &kNnRules,        &kLinalgRules, &kMathRules,
      &kAffineRules, &kSelectionRules, &kPageRules};
  return tables;
}

const Rule* find_rule(std::string_view name) {
  static const std::unordered_map<std::string_view, Rule> table = [] {
    std::unordered_map<std::string_view, Rule> rules;
    for (const auto* list : rule_tables()) {
      for (const NamedRule& entry : *list) rules.emplace(entry.name, entry.rule);
    }
    return rules;
  }();
  const auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}

}  // namespace llmlab::autodiff
