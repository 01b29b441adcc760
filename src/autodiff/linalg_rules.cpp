// Gradient rules of the linear-algebra builtins: trace, det, inv, linsolve/solve and the
// singular values of svd. The adjoints are the textbook ones (Giles 2008, "Collected matrix
// derivative results"), each a few BLAS products or one more solve.
#include <fmt/format.h>

#include <algorithm>

#include "autodiff/array_math.hpp"
#include "autodiff/rules.hpp"
#include "base/error.hpp"
#include "num/linalg.hpp"
#include "num/ops.hpp"

namespace llmlab::autodiff {

namespace {

using runtime::Kind;
using runtime::primal_of;

void require_square(const RuleCall& call, const Matrix& a) {
  if (a.rows() != a.columns()) call.fail("matrix must be square");
}

Value trace_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix a = call.matrix(0);
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands, [a](const Matrix& g, GradientSink& sink) {
    Matrix d(a.rows(), a.columns());
    for (Index i = 0; i < std::min(a.rows(), a.columns()); ++i) d.set(i, i, g[0]);
    sink.add(0, std::move(d));
  });
}

// d det(A) = det(A) · tr(A⁻¹ dA), so the gradient is det(A) · A⁻ᵀ.
Value det_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix a = call.matrix(0);
  require_square(call, a);
  const double value = primal_of(result).as_scalar();
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands,
                          [a, value](const Matrix& g, GradientSink& sink) {
                            sink.add(0, scaled(transposed(num::inv(a)), g[0] * value));
                          });
}

// Y = A⁻¹: dA = -Yᵀ dY Yᵀ.
Value inv_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix y = primal_of(result).as_matrix();
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands, [y](const Matrix& g, GradientSink& sink) {
    const Matrix yt = transposed(y);
    sink.add(0, scaled(product(product(yt, g), yt), -1.0));
  });
}

// x = A \ b: db = A⁻ᵀ dx (one more solve), dA = -db xᵀ. A vector b or x is taken as a column.
Value linsolve_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix x = primal_of(result).as_matrix();
  const Value operands[] = {call.arguments[0], call.arguments[1]};
  return call.tape.record(std::move(result), operands,
                          solve_backward(call.matrix(0), call.matrix(1), x));
}

// s = svd(A) (one output): ds_i = u_iᵀ dA v_i, so dA = U diag(ds) Vᵀ over the k = min(m, n)
// singular vectors. Defined where the singular values are distinct and non-zero.
Value svd_rule(RuleCall& call) {
  if (call.nargout > 1) call.fail("gradient rule only for the singular values, s = svd(A)");
  Value result = call.plain();
  const Matrix a = call.matrix(0);
  const num::Svd parts = num::svd(a, num::SvdSize::Economy);
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands,
                          [parts](const Matrix& g, GradientSink& sink) {
                            const Index k = parts.s.rows();
                            Matrix u_scaled = parts.u;
                            for (Index i = 0; i < u_scaled.rows(); ++i) {
                              for (Index j = 0; j < k; ++j)
                                u_scaled.set(i, j, u_scaled(i, j) * g[j]);
                            }
                            sink.add(0, product(u_scaled, transposed(parts.v)));
                          });
}

}  // namespace

// With P = A⁺, G the output gradient and X = P B (Golub & Pereyra 1973, the derivative of the
// pseudo-inverse of constant rank):
//   ∂B = Pᵀ G,   ∂A = -∂B Xᵀ + R Zᵀ + (Pᵀ X) Qᵀ,
// where R = B - A X (the residual, zero unless A has more rows than rank), Z = P ∂B and
// Q = G - P A G (zero unless A has more columns than rank). For a square A this is the familiar
// ∂B = A⁻ᵀ G, ∂A = -∂B Xᵀ, and one solve replaces the pseudo-inverse.
Backward solve_backward(const Matrix& a, const Matrix& b, const Matrix& x) {
  if (a.is_complex() || b.is_complex()) {
    throw Error("autodiff: gradients of complex linear solves are not supported");
  }
  const Index m = a.rows();
  const Index n = a.columns();
  const Index k = x.size() / std::max<Index>(n, 1);
  const Matrix x_columns = reshaped(x, n, k);
  return [a, b, x_columns, m, n, k](const Matrix& g, GradientSink& sink) {
    const Matrix gx = reshaped(g, n, k);
    if (m == n) {
      const Matrix db = num::linsolve(transposed(a), gx, "autodiff: A \\ B");
      if (sink.wants(1)) sink.add(1, reshaped(db, b.rows(), b.columns()));
      if (sink.wants(0)) sink.add(0, scaled(product(db, transposed(x_columns)), -1.0));
      return;
    }
    const Matrix p = num::pinv(a);                 // n×m
    const Matrix db = product(transposed(p), gx);  // m×k
    if (sink.wants(1)) sink.add(1, reshaped(db, b.rows(), b.columns()));
    if (!sink.wants(0)) return;
    const Matrix residual =
        num::elementwise(num::Arithmetic::Subtract, reshaped(b, m, k), product(a, x_columns));
    const Matrix z = product(p, db);  // n×k
    const Matrix q = num::elementwise(num::Arithmetic::Subtract, gx, product(p, product(a, gx)));
    Matrix da = scaled(product(db, transposed(x_columns)), -1.0);
    da = num::elementwise(num::Arithmetic::Add, da, product(residual, transposed(z)));
    da = num::elementwise(num::Arithmetic::Add, da,
                          product(product(transposed(p), x_columns), transposed(q)));
    sink.add(0, std::move(da));
  };
}

namespace {

// P = A⁺ (A m×n, full rank): with Ḡ the gradient of P (n×m), Golub and Pereyra's derivative
// gives Ā = -Pᵀ Ḡ Pᵀ + (I - A P) Ḡᵀ P Pᵀ + Pᵀ P Ḡᵀ (I - P A).
Value pinv_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix a = call.matrix(0);
  const Matrix pinv = primal_of(result).as_matrix();
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(
      std::move(result), operands, [a, pinv](const Matrix& g, GradientSink& sink) {
        const auto identity_minus = [](Matrix m) {
          for (Index i = 0; i < m.rows(); ++i) {
            for (Index j = 0; j < m.columns(); ++j) m.set(i, j, (i == j ? 1.0 : 0.0) - m(i, j));
          }
          return m;
        };
        const Matrix gp = g.with_shape(pinv.rows(), pinv.columns());
        const Matrix p_t = transposed(pinv);
        const Matrix g_t = transposed(gp);
        Matrix d = scaled(product(product(p_t, gp), p_t), -1.0);
        const Matrix left =
            product(product(identity_minus(product(a, pinv)), g_t), product(pinv, p_t));
        const Matrix right =
            product(product(product(p_t, pinv), g_t), identity_minus(product(pinv, a)));
        d = num::elementwise(num::Arithmetic::Add, d, left);
        d = num::elementwise(num::Arithmetic::Add, d, right);
        sink.add(0, std::move(d));
      });
}

// Y = expm(A): the adjoint of the Fréchet derivative, Ā = L(Aᵀ, Ḡ), read off one exponential of
// a block matrix: expm([Aᵀ Ḡ; 0 Aᵀ]) holds L(Aᵀ, Ḡ) in its top-right block (Higham 2008, §10.6).
Value expm_rule(RuleCall& call) {
  Value result = call.plain();
  const Matrix a = call.matrix(0);
  require_square(call, a);
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands, [a](const Matrix& g, GradientSink& sink) {
    const Index n = a.rows();
    const Matrix gn = g.with_shape(n, n);
    Matrix block(2 * n, 2 * n);
    for (Index i = 0; i < n; ++i) {
      for (Index j = 0; j < n; ++j) {
        block.set(i, j, a(j, i));
        block.set(n + i, n + j, a(j, i));
        block.set(i, n + j, gn(i, j));
      }
    }
    const Matrix exponential = num::expm(block);
    Matrix d(n, n);
    for (Index i = 0; i < n; ++i) {
      for (Index j = 0; j < n; ++j) d.set(i, j, exponential(i, n + j));
    }
    sink.add(0, std::move(d));
  });
}

// λ = eig(A) for a real symmetric A: ∂λ_k = v_kᵀ dA v_k (simple eigenvalues), so
// Ā = V diag(λ̄) Vᵀ. Eigenvectors and other matrices have no rule (a clear error).
Value eig_rule(RuleCall& call) {
  const Matrix a = call.matrix(0);
  require_square(call, a);
  if (call.arguments.size() != 1 || call.nargout > 1) {
    call.fail("gradients are defined for the eigenvalues of one symmetric matrix, eig(A)");
  }
  for (Index i = 0; i < a.rows(); ++i) {
    for (Index j = 0; j < i; ++j) {
      if (a(i, j) != a(j, i)) call.fail("gradients are defined for symmetric matrices only");
    }
  }
  Value result = call.plain();
  const num::Eig parts = num::eig(a);
  const Matrix v = parts.vectors;
  const Value operands[] = {call.arguments[0]};
  return call.tape.record(std::move(result), operands, [v](const Matrix& g, GradientSink& sink) {
    Matrix scaled_v = v;  // V diag(λ̄)
    for (Index i = 0; i < v.rows(); ++i) {
      for (Index k = 0; k < v.columns(); ++k) scaled_v.set(i, k, v(i, k) * g[k]);
    }
    sink.add(0, product(scaled_v, transposed(v)));
  });
}

}  // namespace

extern const std::vector<NamedRule> kLinalgRules = {
    {"trace", trace_rule},       {"det", det_rule},        {"inv", inv_rule},
    {"linsolve", linsolve_rule}, {"solve", linsolve_rule}, {"svd", svd_rule},
    {"pinv", pinv_rule},         {"expm", expm_rule},      {"eig", eig_rule},
};

}  // namespace llmlab::autodiff
