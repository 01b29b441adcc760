// Gradient rules of the transformer builtins (builtins.md §8). The forward value is the builtin
// itself; the backward pass is the nn/ kernel the native trainer uses (softmax_backward,
// layernorm_backward, gelu_backward, ...), run over the same row slices the builtin used.
#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <optional>

#include "autodiff/array_math.hpp"
#include "autodiff/rules.hpp"
#include "base/error.hpp"
#include "nn/gelu.hpp"
#include "nn/layernorm.hpp"
#include "nn/rmsnorm.hpp"
#include "nn/softmax.hpp"

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
  return call.tape.record(
      std::move(result), operands, [y, slices](const Matrix& g, GradientSink& sink) {
        const RowView out = as_rows(y, slices);
        const RowView dy = as_rows(reshaped(g, y.rows(), y.columns()), slices);
        Matrix d(out.rows.rows(), out.rows.columns());
        if (kLog) {
          nn::log_softmax_backward<double>(d.mutable_real_values(), out.rows.real_values(),
                                           dy.rows.real_values(), out.N, out.C);
        } else {
          nn::softmax_backward<double>(d.mutable_real_values(), out.rows.real_values(),
                                       dy.rows.real_values(), out.N, out.C);
        }
        sink.add(0, from_rows(std::move(d), slices, y.rows(), y.columns()));
      });
}

Value cross_entropy_rule(RuleCall& call) {
  Value result = call.plain();  // validates targets and the reduction
  const Matrix logits = call.matrix(0);
  const bool one_row = !primal_of(call.arguments[0]).is(Kind::Matrix);
  const int N = one_row ? 1 : static_cast<int>(logits.rows());
  const int V = static_cast<int>(one_row ? logits.size() : logits.columns());
  const Matrix target_values = call.matrix(1);
  std::vector<int> targets(static_cast<std::size_t>(N));
  for (int n = 0; n < N; ++n)
    targets[static_cast<std::size_t>(n)] = static_cast<int>(target_values[n]) - 1;
  const bool per_row = call.arguments.size() >= 3 &&
                       primal_of(call.arguments[2]).is(Kind::String) &&
                       primal_of(call.arguments[2]).string_value() == "none";
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands,
      [logits, targets, N, V, per_row](const Matrix& g, GradientSink& sink) {
        Matrix probs(logits.rows(), logits.columns());
        nn::softmax_forward<double>(probs.mutable_real_values(), logits.real_values(), N, V);
        Matrix dlosses(1, N);
        std::span<double> dl = dlosses.mutable_real_values();
        for (int n = 0; n < N; ++n) {
          dl[static_cast<std::size_t>(n)] = per_row ? g[n] : g[0] / N;
        }
        Matrix d(logits.rows(), logits.columns());
        nn::crossentropy_softmax_backward<double>(d.mutable_real_values(), probs.real_values(),
                                                  targets, dlosses.real_values(), N, V);
        sink.add(0, std::move(d));
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
  for (; index + 1 < call.arguments.size(); index += 2) {
    const std::string& name = primal_of(call.arguments[index]).as_string();
    const Value& value = primal_of(call.arguments[index + 1]);
    if (name == "eps") options.eps = value.as_scalar();
    if (name == "dim") dim = value.as_scalar();
    if (name == "gamma") options.gamma = static_cast<int>(index + 1);
    if (name == "beta") options.beta = static_cast<int>(index + 1);
  }
  options.slices = slices_of(call, dim);
  return options;
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
  return call.tape.record(
      std::move(result), operands,
      [x, gamma, options, beta_rows, beta_columns](const Matrix& g, GradientSink& sink) {
        const RowView in = as_rows(x, options.slices);
        const RowView dy = as_rows(reshaped(g, x.rows(), x.columns()), options.slices);
        const auto n = static_cast<std::size_t>(in.N);
        const auto c = static_cast<std::size_t>(in.C);
        Matrix scratch(in.rows.rows(), in.rows.columns());
        std::vector<double> mean(n), rstd(n);
        Matrix dx(in.rows.rows(), in.rows.columns());
        Matrix dgamma = sink.wants(1) ? Matrix(gamma.rows(), gamma.columns()) : Matrix();
        Matrix dbeta = sink.wants(2) ? Matrix(beta_rows, beta_columns) : Matrix();
        std::span<double> dgamma_span =
            sink.wants(1) ? dgamma.mutable_real_values() : std::span<double>();
        std::span<double> dbeta_span =
            sink.wants(2) ? dbeta.mutable_real_values() : std::span<double>();
        std::span<const double> gamma_span =
            gamma.empty() ? std::span<const double>() : gamma.real_values();
        if (kRms) {
          nn::rmsnorm_forward<double>(scratch.mutable_real_values(), rstd, in.rows.real_values(),
                                      gamma_span, in.N, in.C, options.eps);
          nn::rmsnorm_backward<double>(dx.mutable_real_values(), dgamma_span, dy.rows.real_values(),
                                       in.rows.real_values(), gamma_span, rstd, in.N, in.C, {});
        } else {
          nn::layernorm_forward<double>(scratch.mutable_real_values(), mean, rstd,
                                        in.rows.real_values(), gamma_span, {}, in.N, in.C,
                                        options.eps);
          nn::layernorm_backward<double>(dx.mutable_real_values(), dgamma_span, dbeta_span,
                                         dy.rows.real_values(), in.rows.real_values(), gamma_span,
                                         mean, rstd, in.N, in.C, {});
        }
        (void)c;
        if (sink.wants(0))
          sink.add(0, from_rows(std::move(dx), options.slices, x.rows(), x.columns()));
        if (sink.wants(1)) sink.add(1, std::move(dgamma));
        if (sink.wants(2)) sink.add(2, std::move(dbeta));
      });
}

Value gelu_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands, [x](const Matrix& g, GradientSink& sink) {
    Matrix d(x.rows(), x.columns());
    nn::gelu_backward<double>(d.mutable_real_values(), x.real_values(), g.real_values());
    sink.add(0, std::move(d));
  });
}

Value relu_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = call.matrix(0);
  const Value operands[] = {call.arguments[0]};
  // PyTorch's choice at the kink: relu'(0) = 0.
  return call.tape.record(std::move(result), operands, [x](const Matrix& g, GradientSink& sink) {
    sink.add(0, zip(g, x, [](double dy, double value) { return value > 0.0 ? dy : 0.0; }));
  });
}

// row_entropies_bits(P): H_r = -Σ_j p_rj log2 p_rj per row (a Vector or Scalar is one row), so
// ∂H_r/∂p_rj = -(log2 p_rj + 1/ln 2), infinite at p = 0 as the entropy's slope is.
Value row_entropies_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix p = call.matrix(0);
  const bool one_row = !primal_of(call.arguments[0]).is(Kind::Matrix);
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands,
                          [p, one_row](const Matrix& g, GradientSink& sink) {
                            Matrix d(p.rows(), p.columns());
                            const Index columns = one_row ? p.size() : p.columns();
                            for (Index i = 0; i < p.size(); ++i) {
                              const double slope = -(std::log2(p[i]) + 1.0 / std::numbers::ln2);
                              d.set(i, g[one_row ? 0 : i / columns] * slope);
                            }
                            sink.add(0, std::move(d));
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
