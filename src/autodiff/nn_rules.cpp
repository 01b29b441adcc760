// Gradient rules of the transformer builtins (builtins.md §8). The forward value is the builtin
// itself. Each backward rule has two forms: in a first-order pass, the nn/ kernel the native
// trainer uses (softmax_backward, layernorm_backward, gelu_backward, ...) over the same row
// slices the builtin used; in a recorded pass (a grad of a gradient, hvp, hessian), the same
// formula written once in the differentiable operations of graph_ops.hpp, so it is itself
// differentiated to any order. The differentiable forms recompute what they need (softmax,
// the normalised rows) from the operand instead of reading the forward's saved output, which
// is a plain value the outer grad could not differentiate through.
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "autodiff/array_math.hpp"
#include "autodiff/graph_ops.hpp"
#include "autodiff/rules.hpp"
#include "base/error.hpp"
#include "base/text_case.hpp"
#include "nn/gelu.hpp"
#include "nn/layernorm.hpp"
#include "nn/rmsnorm.hpp"
#include "nn/softmax.hpp"
#include "runtime/call.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::autodiff {

namespace {

using runtime::Kind;
using runtime::primal_of;

// How the builtin sliced its argument: one slice, each row, or each column.
enum class Slices { Whole, Rows, Columns };

// The slices of argument 0 for a builtin taking `dim` in argument `dim_position` (or none).
Slices slices_of(const RuleCall& call, std::optional<double> dim) {
  const Value& x = primal_of(call.arguments[0]);
  if (!x.is(Kind::Matrix)) return Slices::Whole;
  const Matrix& m = x.matrix_value();
  if (m.rows() == 1 || m.columns() == 1) return Slices::Whole;
  return dim && *dim == 1.0 ? Slices::Columns : Slices::Rows;
}

// A matrix laid out as contiguous slices (columns become rows), with N slices of C entries.
struct RowView {
  Matrix rows;
  int N;
  int C;
};

RowView as_rows(const Matrix& m, Slices slices) {
  if (slices == Slices::Columns) {
    Matrix t = m.transposed();
    const int n = static_cast<int>(t.rows());
    const int c = static_cast<int>(t.columns());
    return {std::move(t), n, c};
  }
  if (slices == Slices::Whole) return {m, 1, static_cast<int>(m.size())};
  return {m, static_cast<int>(m.rows()), static_cast<int>(m.columns())};
}

Matrix from_rows(Matrix rows, Slices slices, Index out_rows, Index out_columns) {
  if (slices == Slices::Columns) return rows.transposed();
  return reshaped(rows, out_rows, out_columns);
}

// --- The differentiable forms' slice arithmetic ------------------------------------------------
// An operand of rows × columns split into slices: a per-slice value is a column (one per row),
// a row (one per column) or a 1×1, which the operators broadcast back over its slice; a
// per-position parameter (gamma, beta) is a row, a column or the operand's own shape.
struct SliceLayout {
  Slices slices;
  Index rows;
  Index columns;

  SliceLayout(Slices s, const Matrix& x) : slices(s), rows(x.rows()), columns(x.columns()) {}
  Index per_slice_rows() const { return slices == Slices::Rows ? rows : 1; }
  Index per_slice_columns() const { return slices == Slices::Columns ? columns : 1; }
  Index position_rows() const { return slices == Slices::Rows ? 1 : rows; }
  Index position_columns() const { return slices == Slices::Columns ? 1 : columns; }
  double length() const {
    return static_cast<double>(rows * columns / (per_slice_rows() * per_slice_columns()));
  }
  Along along() const {
    switch (slices) {
      case Slices::Rows:
        return Along::RowSlices;
      case Slices::Columns:
        return Along::ColumnSlices;
      case Slices::Whole:
        break;
    }
    return Along::Whole;
  }
};

Value slice_sum(const Value& v, const SliceLayout& layout) {
  return sum_to(v, layout.per_slice_rows(), layout.per_slice_columns());
}

Value slice_mean(const Value& v, const SliceLayout& layout) {
  return divide(slice_sum(v, layout), Value::scalar(layout.length()));
}

// Each slice's largest element, a plain constant: softmax does not change when a slice is
// shifted, so the shift that keeps exp in range carries no gradient.
Value slice_maximum(const Value& x, const SliceLayout& layout) {
  const Matrix m = primal_of(x).as_matrix();
  Matrix maximum(layout.per_slice_rows(), layout.per_slice_columns());
  std::span<const double> in = m.real_values();
  for_each_slice(m, layout.along(), [&](Index start, Index stride, Index count, Index slice) {
    double best = -std::numeric_limits<double>::infinity();
    for (Index i = 0; i < count; ++i) {
      best = std::fmax(best, in[static_cast<std::size_t>(start + i * stride)]);
    }
    maximum.set(slice, std::isfinite(best) ? best : 0.0);
  });
  return plain_value(std::move(maximum));
}

// softmax over the slices, in differentiable operations: exp(x - m) / Σ exp(x - m).
Value softmax_of(const Value& x, const SliceLayout& layout) {
  const Value e = apply(Smooth::Exp, minus(x, slice_maximum(x, layout)));
  return divide(e, slice_sum(e, layout));
}

// A parameter given per position of a slice (gamma, beta), shaped to broadcast over the slices.
Value per_position(const Value& parameter, const SliceLayout& layout) {
  return reshape_to(parameter, layout.position_rows(), layout.position_columns());
}

// The gradient of such a parameter (rows × columns, as given) from its broadcast product.
Value per_position_gradient(const Value& product, const SliceLayout& layout, Index rows,
                            Index columns) {
  return reshape_to(sum_to(product, layout.position_rows(), layout.position_columns()), rows,
                    columns);
}

// The operand's gradient g (any kind the pass gives) as the operand's rows × columns.
Value shaped_like(const Value& g, const SliceLayout& layout) {
  return reshape_to(g, layout.rows, layout.columns);
}

std::optional<double> dim_from(const RuleCall& call, std::size_t position) {
  if (call.arguments.size() <= position) return std::nullopt;
  const Value& value = primal_of(call.arguments[position]);
  if (!value.is_numeric()) return std::nullopt;
  return value.as_scalar();
}

template <bool kLog>
Value softmax_rule(RuleCall& call) {
  Value result = call.plain();
  const Slices slices = slices_of(call, dim_from(call, 1));
  const Matrix y = primal_of(result).as_matrix();
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(
      std::move(result), operands, [y, slices](const Value& g, ValueSink& sink) {
        if (GradientSink* first_order = sink.first_order()) {
          const RowView out = as_rows(y, slices);
          const RowView dy =
              as_rows(reshaped(primal_of(g).as_matrix(), y.rows(), y.columns()), slices);
          Matrix d(out.rows.rows(), out.rows.columns());
          if (kLog) {
            nn::log_softmax_backward<double>(d.mutable_real_values(), out.rows.real_values(),
                                             dy.rows.real_values(), out.N, out.C);
          } else {
            nn::softmax_backward<double>(d.mutable_real_values(), out.rows.real_values(),
                                         dy.rows.real_values(), out.N, out.C);
          }
          first_order->add(0, from_rows(std::move(d), slices, y.rows(), y.columns()));
          return;
        }
        // softmax: dx = y (dy - Σ dy y); log_softmax: dx = dy - softmax(x) Σ dy.
        const SliceLayout layout(slices, y);
        const Value dy = shaped_like(g, layout);
        const Value p = softmax_of(sink.operand(0), layout);
        sink.add(0, kLog ? minus(dy, times(p, slice_sum(dy, layout)))
                         : times(p, minus(dy, slice_sum(times(dy, p), layout))));
      });
}

Value cross_entropy_rule(RuleCall& call) {
  Value result = call.plain();  // validates targets and the reduction
  const Matrix logits = call.matrix(0);
  const bool one_row = !primal_of(call.arguments[0]).is(Kind::Matrix);
  const int N = one_row ? 1 : static_cast<int>(logits.rows());
  const int V = static_cast<int>(one_row ? logits.size() : logits.columns());
  const std::vector<double> target_values = runtime::linear_elements(primal_of(call.arguments[1]));
  std::vector<int> targets(static_cast<std::size_t>(N));
  for (int n = 0; n < N; ++n) {
    targets[static_cast<std::size_t>(n)] =
        static_cast<int>(target_values[static_cast<std::size_t>(n)]) - 1;
  }
  // As the builtin reads its reduction (Call::choice): in any letter case.
  const bool per_row = call.arguments.size() >= 3 &&
                       primal_of(call.arguments[2]).is(Kind::String) &&
                       lowercase(primal_of(call.arguments[2]).string_value()) == "none";
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(
      std::move(result), operands,
      [logits, targets, N, V, per_row, one_row](const Value& g, ValueSink& sink) {
        const Matrix dy = primal_of(g).as_matrix();
        if (GradientSink* first_order = sink.first_order()) {
          Matrix probs(logits.rows(), logits.columns());
          nn::softmax_forward<double>(probs.mutable_real_values(), logits.real_values(), N, V);
          Matrix dlosses(1, N);
          std::span<double> dl = dlosses.mutable_real_values();
          for (int n = 0; n < N; ++n) {
            dl[static_cast<std::size_t>(n)] = per_row ? dy[n] : dy[0] / N;
          }
          Matrix d(logits.rows(), logits.columns());
          nn::crossentropy_softmax_backward<double>(d.mutable_real_values(), probs.real_values(),
                                                    targets, dlosses.real_values(), N, V);
          first_order->add(0, std::move(d));
          return;
        }
        // dx = (softmax(x) - onehot(targets)) dloss, row by row.
        const SliceLayout layout(one_row ? Slices::Whole : Slices::Rows, logits);
        Matrix onehot(logits.rows(), logits.columns());
        for (int n = 0; n < N; ++n) {
          onehot.set(static_cast<Index>(n) * V + targets[static_cast<std::size_t>(n)], 1.0);
        }
        const Value dloss = per_row ? reshape_to(g, N, 1) : divide(g, Value::scalar(N));
        const Value p = softmax_of(sink.operand(0), layout);
        sink.add(0, times(minus(p, Value::matrix(std::move(onehot))), dloss));
      });
}

// The options of layernorm / rmsnorm as the builtin reads them: positional (dim,) eps, then
// "gamma", "beta", "eps", "dim" pairs. Returns the argument positions of gamma and beta.
struct NormArguments {
  Slices slices = Slices::Whole;
  double eps = 1e-5;
  int gamma = -1;
  int beta = -1;
};

NormArguments norm_arguments(const RuleCall& call) {
  NormArguments options;
  const Value& x = primal_of(call.arguments[0]);
  const bool matrix_form =
      x.is(Kind::Matrix) && x.matrix_value().rows() > 1 && x.matrix_value().columns() > 1;
  std::optional<double> dim;
  std::size_t index = 1;
  for (int position = 0;
       index < call.arguments.size() && !primal_of(call.arguments[index]).is(Kind::String);
       ++position, ++index) {
    const double value = primal_of(call.arguments[index]).as_scalar();
    if (matrix_form && position == 0) {
      dim = value;
    } else {
      options.eps = value;
    }
  }
  // The builtin's own name/value parser, so the rule reads every spelling the builtin accepts
  // ("Gamma", "gam"): a name read by hand here once missed them and left gamma without gradient.
  const auto scalar_at = [&call](int position) {
    return primal_of(call.arguments[static_cast<std::size_t>(position)]).as_scalar();
  };
  const runtime::NameValueOption gamma{"gamma", [&](int position) { options.gamma = position; }};
  const runtime::NameValueOption beta{"beta", [&](int position) { options.beta = position; }};
  const runtime::NameValueOption eps{"eps",
                                     [&](int position) { options.eps = scalar_at(position); }};
  const runtime::NameValueOption dim_option{"dim",
                                            [&](int position) { dim = scalar_at(position); }};
  const int first = static_cast<int>(index);
  if (call.name == "layernorm") {
    runtime::read_name_value_options(call.name, call.arguments, first,
                                     {gamma, beta, eps, dim_option});
  } else {
    runtime::read_name_value_options(call.name, call.arguments, first, {gamma, eps, dim_option});
  }
  options.slices = slices_of(call, dim);
  return options;
}

// The differentiable form of the normalisation: x̂ = (x - mean) · r for layernorm, x · r for
// rmsnorm, with r = 1 / sqrt(mean of the (centred) squares + eps) per slice.
struct Normalised {
  Value xhat;
  Value r;
};

template <bool kRms>
Normalised normalise(const Value& x, const SliceLayout& layout, double eps) {
  const Value centred = kRms ? x : minus(x, slice_mean(x, layout));
  const Value variance = slice_mean(times(centred, centred), layout);
  const Value r =
      divide(Value::scalar(1.0), apply(Smooth::Sqrt, plus(variance, Value::scalar(eps))));
  return {times(centred, r), r};
}

// The first-order pass of a normalisation through the nn kernels: dx, dgamma and dbeta of the
// slices of x, from the output gradient g.
template <bool kRms>
void norm_backward_kernel(const Matrix& x, const Matrix& gamma, const NormArguments& options,
                          Index beta_rows, Index beta_columns, const Matrix& g,
                          GradientSink& sink) {
  const RowView in = as_rows(x, options.slices);
  const RowView dy = as_rows(reshaped(g, x.rows(), x.columns()), options.slices);
  const auto n = static_cast<std::size_t>(in.N);
  Matrix scratch(in.rows.rows(), in.rows.columns());
  std::vector<double> mean(n), rstd(n);
  Matrix dx(in.rows.rows(), in.rows.columns());
  Matrix dgamma = sink.wants(1) ? Matrix(gamma.rows(), gamma.columns()) : Matrix();
  Matrix dbeta = sink.wants(2) ? Matrix(beta_rows, beta_columns) : Matrix();
  std::span<double> dgamma_span =
      sink.wants(1) ? dgamma.mutable_real_values() : std::span<double>();
  std::span<double> dbeta_span = sink.wants(2) ? dbeta.mutable_real_values() : std::span<double>();
  std::span<const double> gamma_span =
      gamma.empty() ? std::span<const double>() : gamma.real_values();
  if (kRms) {
    nn::rmsnorm_forward<double>(scratch.mutable_real_values(), rstd, in.rows.real_values(),
                                gamma_span, in.N, in.C, options.eps);
    nn::rmsnorm_backward<double>(dx.mutable_real_values(), dgamma_span, dy.rows.real_values(),
                                 in.rows.real_values(), gamma_span, rstd, in.N, in.C, {});
  } else {
    nn::layernorm_forward<double>(scratch.mutable_real_values(), mean, rstd, in.rows.real_values(),
                                  gamma_span, {}, in.N, in.C, options.eps);
    nn::layernorm_backward<double>(dx.mutable_real_values(), dgamma_span, dbeta_span,
                                   dy.rows.real_values(), in.rows.real_values(), gamma_span, mean,
                                   rstd, in.N, in.C, {});
  }
  if (sink.wants(0)) sink.add(0, from_rows(std::move(dx), options.slices, x.rows(), x.columns()));
  if (sink.wants(1)) sink.add(1, std::move(dgamma));
  if (sink.wants(2)) sink.add(2, std::move(dbeta));
}

template <bool kRms>
Value norm_rule(RuleCall& call) {
  Value result = call.plain();  // validates every option
  const NormArguments options = norm_arguments(call);
  const Matrix x = call.matrix(0);
  const Matrix gamma =
      options.gamma >= 0 ? call.matrix(static_cast<std::size_t>(options.gamma)) : Matrix();
  std::vector<Value> operands = {call.arguments[0]};
  operands.push_back(options.gamma >= 0 ? call.arguments[static_cast<std::size_t>(options.gamma)]
                                        : Value());
  operands.push_back(options.beta >= 0 ? call.arguments[static_cast<std::size_t>(options.beta)]
                                       : Value());
  const Index beta_rows =
      options.beta >= 0 ? call.matrix(static_cast<std::size_t>(options.beta)).rows() : 0;
  const Index beta_columns =
      options.beta >= 0 ? call.matrix(static_cast<std::size_t>(options.beta)).columns() : 0;
  return call.tape.record_graph(
      std::move(result), operands,
      [x, gamma, options, beta_rows, beta_columns](const Value& g, ValueSink& sink) {
        if (GradientSink* first_order = sink.first_order()) {
          norm_backward_kernel<kRms>(x, gamma, options, beta_rows, beta_columns,
                                     primal_of(g).as_matrix(), *first_order);
          return;
        }
        // y = x̂ γ + β: dβ = Σ dy, dγ = Σ dy x̂ over the slices, and with dx̂ = dy γ,
        // dx = r (dx̂ - mean(dx̂) - x̂ mean(dx̂ x̂)), rmsnorm without the mean(dx̂) term.
        const SliceLayout layout(options.slices, x);
        const Value dy = shaped_like(g, layout);
        const Normalised n = normalise<kRms>(sink.operand(0), layout, options.eps);
        if (sink.wants(2)) {
          sink.add(2, per_position_gradient(dy, layout, beta_rows, beta_columns));
        }
        if (sink.wants(1)) {
          sink.add(1,
                   per_position_gradient(times(dy, n.xhat), layout, gamma.rows(), gamma.columns()));
        }
        if (!sink.wants(0)) return;
        const Value dxhat = gamma.empty() ? dy : times(dy, per_position(sink.operand(1), layout));
        Value projected = minus(dxhat, times(n.xhat, slice_mean(times(dxhat, n.xhat), layout)));
        if (!kRms) projected = minus(projected, slice_mean(dxhat, layout));
        sink.add(0, times(n.r, projected));
      });
}

// gelu'(x) = ½ (1 + t) + ½ x (1 - t²) c (1 + 3 k x²), t = tanh(c (x + k x³)), in differentiable
// operations, with the constants of nn/gelu.hpp.
Value gelu_slope(const Value& x) {
  const double c = nn::gelu_scale<double>();
  const double k = nn::kGeluCubic<double>;
  const auto constant = [](double v) { return Value::scalar(v); };
  const Value squares = times(x, x);
  const Value t =
      apply(Smooth::Tanh, times(constant(c), plus(x, times(constant(k), times(squares, x)))));
  const Value one = constant(1.0);
  const Value near = times(constant(0.5), plus(one, t));
  const Value far =
      times(times(constant(0.5 * c), x),
            times(minus(one, times(t, t)), plus(one, times(constant(3.0 * k), squares))));
  return plus(near, far);
}

Value gelu_rule(RuleCall& call) {
  Value result = call.plain();
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(std::move(result), operands, [](const Value& g, ValueSink& sink) {
    if (GradientSink* first_order = sink.first_order()) {
      const Matrix x = primal_of(sink.operand(0)).as_matrix();
      // gelu_backward writes (not accumulates) every element, so no zero-fill first.
      Matrix d = Matrix::uninitialized(x.rows(), x.columns());
      const Matrix dy = primal_of(g).as_matrix();
      nn::gelu_backward<double>(d.mutable_real_values(), x.real_values(), dy.real_values());
      first_order->add(0, std::move(d));
      return;
    }
    const Matrix shape = primal_of(sink.operand(0)).as_matrix();
    sink.add(0, times(reshape_to(g, shape.rows(), shape.columns()), gelu_slope(sink.operand(0))));
  });
}

Value relu_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  // PyTorch's choice at the kink: relu'(0) = 0. The slope is a constant mask, so every higher
  // derivative is 0 (away from the kink).
  const Value slope =
      plain_value(zip(x, x, [](double value, double) { return value > 0.0 ? 1.0 : 0.0; }));
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(
      std::move(result), operands,
      [slope, rows = x.rows(), columns = x.columns()](const Value& g, ValueSink& sink) {
        sink.add(0, times(reshape_to(g, rows, columns), slope));
      });
}

// row_entropies_bits(P): H_r = -Σ_j p_rj log2 p_rj per row (a Vector or Scalar is one row), so
// ∂H_r/∂p_rj = -(ln p_rj + 1) / ln 2, infinite at p = 0 as the entropy's slope is.
Value row_entropies_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix p = call.matrix(0);
  const bool one_row = !primal_of(call.arguments[0]).is(Kind::Matrix);
  const Value operands[] = {call.arguments[0]};
  return call.tape.record_graph(
      std::move(result), operands, [p, one_row](const Value& g, ValueSink& sink) {
        // One entropy per row: g as a column broadcasts over each row's probabilities.
        const Value per_row = one_row ? reshape_to(g, 1, 1) : reshape_to(g, p.rows(), 1);
        const Value log_p = apply(Smooth::Log, sink.operand(0));
        const Value slope =
            divide(plus(log_p, Value::scalar(1.0)), Value::scalar(-std::numbers::ln2));
        sink.add(0, times(per_row, slope));
      });
}

}  // namespace

extern const std::vector<NamedRule> kNnRules = {
    {"softmax", softmax_rule<false>},
    {"log_softmax", softmax_rule<true>},
    {"cross_entropy", cross_entropy_rule},
    {"layernorm", norm_rule<false>},
    {"rmsnorm", norm_rule<true>},
    {"gelu", gelu_rule},
    {"relu", relu_rule},
    {"row_entropies_bits", row_entropies_rule},
};

}  // namespace llmlab::autodiff
