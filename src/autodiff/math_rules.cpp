// Gradient rules of the element-wise math and distribution builtins with several operands
// (atan2, hypot, mod, rem, nthroot, normpdf, normcdf) and of the one-operand ones whose
// derivative needs more than the primal (gamma, gammaln, lgamma, deg2rad).
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "autodiff/array_math.hpp"
#include "autodiff/rules.hpp"
#include "num/special.hpp"

namespace llmlab::autodiff {

namespace {

using runtime::primal_of;

// The operands of one element of a broadcast builtin, and its result.
struct Point {
  double operand[3] = {0.0, 0.0, 0.0};
  double value = 0.0;
};

// Records y = f(a, b, ...) for an element-wise builtin whose operands broadcast against each
// other (scalars, rows, columns). `partial(k, point)` is ∂y/∂(operand k) at one element;
// `defaults` fill the operands a call leaves out (normpdf(x) is normpdf(x, 0, 1)).
template <std::size_t kOperands, class Partial>
Value broadcast_elementwise(RuleCall& call, Partial partial,
                            std::array<double, kOperands> defaults = {}) {
  static_assert(kOperands <= 3);
  Value result = call.plain();
  const Matrix y = primal_of(result).as_matrix();
  std::vector<Matrix> operands;
  for (std::size_t k = 0; k < kOperands; ++k) {
    operands.push_back(k < call.arguments.size() ? call.matrix(k) : Matrix(1, 1, defaults[k]));
  }
  return call.tape.record(std::move(result), call.arguments,
                          [operands, y, partial](const Matrix& g, GradientSink& sink) {
                            std::vector<Matrix> expanded;
                            for (const Matrix& m : operands)
                              expanded.push_back(expand(m, y.rows(), y.columns()));
                            for (std::size_t k = 0; k < operands.size(); ++k) {
                              if (!sink.wants(k)) continue;
                              Matrix d(y.rows(), y.columns());
                              std::span<double> out = d.mutable_real_values();
                              for (std::size_t i = 0; i < out.size(); ++i) {
                                Point point;
                                for (std::size_t j = 0; j < expanded.size(); ++j)
                                  point.operand[j] = expanded[j][static_cast<Index>(i)];
                                point.value = y[static_cast<Index>(i)];
                                out[i] = g[static_cast<Index>(i)] * partial(k, point);
                              }
                              sink.add(k, sum_to(d, operands[k].rows(), operands[k].columns()));
                            }
                          });
}

// atan2(y, x): ∂/∂y = x / (x² + y²), ∂/∂x = -y / (x² + y²).
Value atan2_rule(RuleCall& call) {
  return broadcast_elementwise<2>(call, [](std::size_t k, const Point& p) {
    const double y = p.operand[0], x = p.operand[1];
    const double r = x * x + y * y;
    if (r == 0.0) return 0.0;
    return k == 0 ? x / r : -y / r;
  });
}

// hypot(a, b) = √(a² + b²): ∂/∂a = a / h (0 at the origin, a subgradient).
Value hypot_rule(RuleCall& call) {
  return broadcast_elementwise<2>(call, [](std::size_t k, const Point& p) {
    return p.value == 0.0 ? 0.0 : p.operand[k] / p.value;
  });
}

// mod(x, y) = x - floor(x / y) y and rem(x, y) = x - fix(x / y) y: ∂/∂x = 1, ∂/∂y = -floor(x / y)
// (-fix); y = 0 returns x, so ∂/∂y = 0 there. The jumps where x / y is an integer have no
// derivative; the right-hand one is taken.
template <bool kFloor>
Value divisor_rule(RuleCall& call) {
  return broadcast_elementwise<2>(call, [](std::size_t k, const Point& p) {
    const double x = p.operand[0], y = p.operand[1];
    if (k == 0) return 1.0;
    if (y == 0.0) return 0.0;
    return -(kFloor ? std::floor(x / y) : std::trunc(x / y));
  });
}

// nthroot(x, n) = x^(1/n) (real): ∂/∂x = y / (n x), ∂/∂n = -y ln|x| / n².
Value nthroot_rule(RuleCall& call) {
  return broadcast_elementwise<2>(call, [](std::size_t k, const Point& p) {
    const double x = p.operand[0], n = p.operand[1], y = p.value;
    if (k == 0) return x == 0.0 ? std::numeric_limits<double>::infinity() : y / (n * x);
    return x == 0.0 ? 0.0 : -y * std::log(std::abs(x)) / (n * n);
  });
}

// The normal density φ(z) of z = (x - μ) / σ.
double standard_density(double z) {
  return std::exp(-0.5 * z * z) / std::sqrt(2.0 * std::numbers::pi);
}

// normpdf(x, μ, σ) = φ(z) / σ: ∂/∂x = -z y / σ, ∂/∂μ = z y / σ, ∂/∂σ = y (z² - 1) / σ.
Value normpdf_rule(RuleCall& call) {
  return broadcast_elementwise<3>(
      call,
      [](std::size_t k, const Point& p) {
        const double sigma = p.operand[2], z = (p.operand[0] - p.operand[1]) / sigma;
        const double y = p.value;
        if (k == 0) return -z * y / sigma;
        if (k == 1) return z * y / sigma;
        return y * (z * z - 1.0) / sigma;
      },
      std::array<double, 3>{0.0, 0.0, 1.0});
}

// normcdf(x, μ, σ) = Φ(z): ∂/∂x = φ(z) / σ, ∂/∂μ = -φ(z) / σ, ∂/∂σ = -z φ(z) / σ.
Value normcdf_rule(RuleCall& call) {
  return broadcast_elementwise<3>(
      call,
      [](std::size_t k, const Point& p) {
        const double sigma = p.operand[2], z = (p.operand[0] - p.operand[1]) / sigma;
        const double density = standard_density(z) / sigma;
        if (k == 0) return density;
        if (k == 1) return -density;
        return -z * density;
      },
      std::array<double, 3>{0.0, 0.0, 1.0});
}

// gamma: Γ'(x) = Γ(x) ψ(x); gammaln/lgamma (log |Γ|): ψ(x).
Value gamma_rule(RuleCall& call) {
  return broadcast_elementwise<1>(
      call, [](std::size_t, const Point& p) { return p.value * num::digamma(p.operand[0]); });
}
Value log_gamma_rule(RuleCall& call) {
  return broadcast_elementwise<1>(
      call, [](std::size_t, const Point& p) { return num::digamma(p.operand[0]); });
}

Value deg2rad_rule(RuleCall& call) {
  return broadcast_elementwise<1>(
      call, [](std::size_t, const Point&) { return std::numbers::pi / 180.0; });
}

}  // namespace

extern const std::vector<NamedRule> kMathRules = {
    {"atan2", atan2_rule},        {"hypot", hypot_rule},     {"mod", divisor_rule<true>},
    {"rem", divisor_rule<false>}, {"nthroot", nthroot_rule}, {"normpdf", normpdf_rule},
    {"normcdf", normcdf_rule},    {"gamma", gamma_rule},     {"gammaln", log_gamma_rule},
    {"lgamma", log_gamma_rule},   {"deg2rad", deg2rad_rule},
};

}  // namespace llmlab::autodiff
