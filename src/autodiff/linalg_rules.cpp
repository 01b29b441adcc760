// Gradient rules of the linear-algebra builtins: trace, det, inv, linsolve/solve and the
// singular values of svd. The adjoints are the textbook ones (Giles 2008, "Collected matrix
// derivative results"), each a few BLAS products or one more solve.
#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "autodiff/array_math.hpp"
#include "autodiff/rules.hpp"
#include "base/error.hpp"
#include "base/messages/autodiff.hpp"
#include "num/linalg.hpp"
#include "num/ops.hpp"

namespace llmlab::autodiff {

namespace {

using runtime::Kind;
using runtime::primal_of;

void require_square(const RuleCall& call, const Matrix& a) {
  if (a.rows() != a.columns()) call.fail(messages::rule_matrix_not_square);
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

}  // namespace

// With P = A⁺, G the output gradient and X = P B (Golub & Pereyra 1973, the derivative of the
// pseudo-inverse of constant rank):
//   ∂B = Pᵀ G,   ∂A = -∂B Xᵀ + R Zᵀ + (Pᵀ X) Qᵀ,
// where R = B - A X (the residual, zero unless A has more rows than rank), Z = P ∂B and
// Q = G - P A G (zero unless A has more columns than rank). For a square A this is the familiar
// ∂B = A⁻ᵀ G, ∂A = -∂B Xᵀ, and one solve replaces the pseudo-inverse.
Backward solve_backward(const Matrix& a, const Matrix& b, const Matrix& x) {
  if (a.is_complex() || b.is_complex()) {
    throw Error(std::string(messages::complex_solve_no_gradient));
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

// --- Factorisations with several outputs -------------------------------------------------

// The gradient of a factorisation's input from the gradients of all its outputs (zeros for
// the outputs the script did not use).
using Adjoint = std::function<Matrix(const std::vector<Matrix>& output_gradients)>;

// Records the first `differentiable` outputs of a factorisation of argument 0, each as a node
// whose backward runs `adjoint` with that output's gradient and zeros for the others: the
// adjoint is linear in them, so the input's gradient sums right over the outputs used.
Value record_outputs(RuleCall& call, Value result, std::size_t differentiable, Adjoint adjoint) {
  const bool tuple = result.is(Kind::Tuple);
  std::vector<Value> items = tuple ? result.tuple_items() : std::vector<Value>{result};
  std::vector<std::pair<Index, Index>> shapes;
  for (const Value& item : items) {
    const Matrix m = item.as_matrix();
    shapes.emplace_back(m.rows(), m.columns());
  }
  const Value operands[] = {call.arguments[0]};
  for (std::size_t k = 0; k < std::min(items.size(), differentiable); ++k) {
    items[k] = call.tape.record(std::move(items[k]), operands,
                                [adjoint, shapes, k](const Matrix& g, GradientSink& sink) {
                                  std::vector<Matrix> gradients;
                                  for (const auto& [rows, columns] : shapes) {
                                    gradients.emplace_back(rows, columns);
                                  }
                                  gradients[k] = g.with_shape(shapes[k].first, shapes[k].second);
                                  sink.add(0, adjoint(gradients));
                                });
  }
  return tuple ? Value::tuple(std::move(items)) : items.front();
}

Matrix subtract(const Matrix& a, const Matrix& b) {
  return num::elementwise(num::Arithmetic::Subtract, a, b);
}
Matrix add(const Matrix& a, const Matrix& b) {
  return num::elementwise(num::Arithmetic::Add, a, b);
}
// B R⁻ᵀ, as the solve R Xᵀ = Bᵀ.
Matrix times_inverse_transpose(const Matrix& b, const Matrix& r, const char* who) {
  return transposed(num::linsolve(r, transposed(b), who));
}
// R⁻ᵀ B, as the solve Rᵀ X = B.
Matrix inverse_transpose_times(const Matrix& r, const Matrix& b, const char* who) {
  return num::linsolve(transposed(r), b, who);
}
// The diagonal of a square or a vector-shaped matrix (a Vector of values, or diag(values)).
std::vector<double> diagonal_or_values(const Matrix& m) {
  std::vector<double> d;
  if (m.rows() == 1 || m.columns() == 1) {
    for (const double v : m.real_values()) d.push_back(v);
    return d;
  }
  for (Index i = 0; i < std::min(m.rows(), m.columns()); ++i) d.push_back(m(i, i));
  return d;
}
// (M + Mᵀ) / 2.
Matrix symmetric_part(const Matrix& m) { return scaled(add(m, transposed(m)), 0.5); }

// F(i, j) = 1 / (d_j - d_i) off the diagonal, 0 on it and where d_i = d_j (the degenerate case:
// the factors are not unique there, and the rule takes the gradient of a loss that does not
// depend on the choice of basis within the repeated value's space).
Matrix reciprocal_gaps(const std::vector<double>& d) {
  const auto n = static_cast<Index>(d.size());
  Matrix f(n, n);
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < n; ++j) {
      const double gap = d[static_cast<std::size_t>(j)] - d[static_cast<std::size_t>(i)];
      if (i != j && gap != 0.0) f.set(i, j, 1.0 / gap);
    }
  }
  return f;
}

Matrix hadamard(const Matrix& a, const Matrix& b) {
  return num::elementwise(num::Arithmetic::Multiply, a, b);
}

// [V, D] = eig(A) and λ = eig(A) for a real symmetric A: with Λ̄ the gradient of the values and
// V̄ of the vectors, Ā = V (diag(Λ̄) + F ∘ (Vᵀ V̄)) Vᵀ, F(i, j) = 1 / (λ_j - λ_i), taken
// symmetric (the gradient for symmetric changes of A). The vectors' signs are the builtin's.
Value eig_rule(RuleCall& call) {
  const Matrix a = call.matrix(0);
  require_square(call, a);
  const bool flag = call.arguments.size() == 2 && primal_of(call.arguments[1]).is(Kind::String);
  if (call.arguments.size() != 1 && !flag) {
    call.fail(messages::eig_gradient_one_symmetric);
  }
  for (Index i = 0; i < a.rows(); ++i) {
    for (Index j = 0; j < i; ++j) {
      if (a(i, j) != a(j, i)) call.fail(messages::eig_gradient_symmetric_only);
    }
  }
  const num::Eig parts = num::eig(a);
  const bool with_vectors = call.nargout > 1;
  std::vector<double> lambda;
  for (const double v : parts.values.real_values()) lambda.push_back(v);
  const Matrix v = parts.vectors;
  const Matrix f = reciprocal_gaps(lambda);
  return record_outputs(
      call, call.plain(), with_vectors ? 2 : 1, [v, f, with_vectors](const std::vector<Matrix>& g) {
        const std::vector<double> values_bar = diagonal_or_values(g[with_vectors ? 1 : 0]);
        Matrix middle = with_vectors ? hadamard(f, product(transposed(v), g[0]))
                                     : Matrix(v.columns(), v.columns());
        for (Index k = 0; k < middle.rows(); ++k) {
          middle.set(k, k, middle(k, k) + values_bar[static_cast<std::size_t>(k)]);
        }
        return symmetric_part(product(product(v, middle), transposed(v)));
      });
}

// svd_rule's backward pass: Ā from g, the gradients of s (with_vectors false) or of U, S, V,
// for the economy factors `parts` of an m×n A, its singular values s and F (svd_rule's letters).
Matrix svd_backward(const num::Svd& parts, const std::vector<double>& s, const Matrix& f,
                    bool with_vectors, Index m, Index n, const std::vector<Matrix>& g) {
  const Matrix& u = parts.u;
  const Matrix& v = parts.v;
  const auto k = static_cast<Index>(s.size());
  const std::vector<double> s_bar = diagonal_or_values(g[with_vectors ? 1 : 0]);
  Matrix middle(k, k);
  for (Index i = 0; i < k; ++i) middle.set(i, i, s_bar[static_cast<std::size_t>(i)]);
  if (!with_vectors) return product(product(u, middle), transposed(v));
  // The gradients of U and V, cut to the k columns the economy factors have.
  Matrix u_bar(m, k), v_bar(n, k);
  for (Index i = 0; i < m; ++i) {
    for (Index j = 0; j < k; ++j) u_bar.set(i, j, g[0](i, j));
  }
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < k; ++j) v_bar.set(i, j, g[2](i, j));
  }
  const Matrix ut_ubar = product(transposed(u), u_bar);
  const Matrix vt_vbar = product(transposed(v), v_bar);
  const Matrix j_term = hadamard(f, subtract(ut_ubar, transposed(ut_ubar)));
  const Matrix k_term = hadamard(f, subtract(vt_vbar, transposed(vt_vbar)));
  for (Index i = 0; i < k; ++i) {
    for (Index c = 0; c < k; ++c) {
      const double value = j_term(i, c) * s[static_cast<std::size_t>(c)] +
                           s[static_cast<std::size_t>(i)] * k_term(i, c);
      middle.set(i, c, middle(i, c) + value);
    }
  }
  Matrix result = product(product(u, middle), transposed(v));
  Matrix u_bar_scaled = subtract(u_bar, product(u, ut_ubar));  // (I - U Uᵀ) Ū
  Matrix v_bar_scaled = subtract(v_bar, product(v, vt_vbar));  // (I - V Vᵀ) V̄
  for (Index j = 0; j < k; ++j) {
    const double inverse = 1.0 / s[static_cast<std::size_t>(j)];
    for (Index i = 0; i < m; ++i) u_bar_scaled.set(i, j, u_bar_scaled(i, j) * inverse);
    for (Index i = 0; i < n; ++i) v_bar_scaled.set(i, j, v_bar_scaled(i, j) * inverse);
  }
  result = add(result, product_transposed_right(u_bar_scaled, v));
  return add(result, product_transposed_right(u, v_bar_scaled));
}

// s = svd(A) and [U, S, V] = svd(A) (square A, or "econ"), A = U S Vᵀ with k = min(m, n)
// singular values. With J = F ∘ (Uᵀ Ū - Ūᵀ U), K = F ∘ (Vᵀ V̄ - V̄ᵀ V), F(i, j) = 1 / (s_j² - s_i²):
//   Ā = U (J S + diag(s̄) + S K) Vᵀ + (I - U Uᵀ) Ū S⁻¹ Vᵀ + U S⁻¹ V̄ᵀ (I - V Vᵀ).
// Defined for distinct, non-zero singular values (repeated ones: see reciprocal_gaps; a zero
// one with U or V used is an error). The vectors' signs are the builtin's.
Value svd_rule(RuleCall& call) {
  const Matrix a = call.matrix(0);
  const bool economy = call.arguments.size() > 1;
  const bool with_vectors = call.nargout > 1;
  if (with_vectors && !economy && a.rows() != a.columns()) {
    call.fail(messages::full_svd_not_unique);
  }
  const num::Svd parts = num::svd(a, num::SvdSize::Economy);
  std::vector<double> s, squares;
  for (Index i = 0; i < std::min(parts.s.rows(), parts.s.columns()); ++i) {
    s.push_back(parts.s(i, i));
    squares.push_back(parts.s(i, i) * parts.s(i, i));
  }
  if (with_vectors) {
    for (const double value : s) {
      if (value == 0.0) call.fail(messages::svd_gradient_zero_singular_value);
    }
  }
  const Matrix f = reciprocal_gaps(squares);
  const Index m = a.rows(), n = a.columns();
  return record_outputs(call, call.plain(), with_vectors ? 3 : 1,
                        [parts, s, f, with_vectors, m, n](const std::vector<Matrix>& g) {
                          return svd_backward(parts, s, f, with_vectors, m, n, g);
                        });
}

// R = chol(A), RᵀR = A read from A's upper triangle. With L = Rᵀ and Φ the lower triangle with
// its diagonal halved, the gradient for a symmetric change is G = sym(L⁻ᵀ Φ(Lᵀ L̄) L⁻¹); A's
// upper triangle takes it twice off the diagonal (each entry stands for two), the lower none.
Value chol_rule(RuleCall& call) {
  if (call.nargout > 1) call.fail(messages::chol_gradient_one_output);
  Value result = call.plain();
  const Matrix l = transposed(primal_of(result).as_matrix());
  return record_outputs(call, std::move(result), 1, [l](const std::vector<Matrix>& g) {
    Matrix phi = product_transposed_right(transposed(l), g[0]);  // Lᵀ L̄, L̄ = R̄ᵀ
    for (Index i = 0; i < phi.rows(); ++i) {
      for (Index j = 0; j < phi.columns(); ++j) {
        if (j > i) phi.set(i, j, 0.0);
        if (j == i) phi.set(i, j, 0.5 * phi(i, j));
      }
    }
    const Matrix left = inverse_transpose_times(l, phi, "chol");  // L⁻ᵀ Φ
    const Matrix g_sym = symmetric_part(transposed(
        inverse_transpose_times(l, transposed(left), "chol")));  // (L⁻ᵀ (L⁻ᵀ Φ)ᵀ)ᵀ = L⁻ᵀ Φ L⁻¹
    Matrix upper(g_sym.rows(), g_sym.columns());
    for (Index i = 0; i < upper.rows(); ++i) {
      for (Index j = i; j < upper.columns(); ++j) {
        upper.set(i, j, (i == j ? 1.0 : 2.0) * g_sym(i, j));
      }
    }
    return upper;
  });
}

// The adjoint of A = Q R with R square (k×k) and Q m×k, m ≥ k: with M = R R̄ᵀ - Q̄ᵀ Q and
// copyltu(M) its lower triangle mirrored, Ā = (Q̄ + Q copyltu(M)) R⁻ᵀ.
Matrix qr_adjoint(const Matrix& q, const Matrix& r, const Matrix& q_bar, const Matrix& r_bar) {
  const Matrix m = subtract(product_transposed_right(r, r_bar), product_transposed_left(q_bar, q));
  Matrix mirrored = m;
  for (Index i = 0; i < m.rows(); ++i) {
    for (Index j = i + 1; j < m.columns(); ++j) mirrored.set(i, j, m(j, i));
  }
  return times_inverse_transpose(add(q_bar, product(q, mirrored)), r, "qr");
}

// [Q, R] = qr(A) and R = qr(A), full or economy. A tall A differentiates through its economy
// factors (a full Q's extra columns are not unique: its gradient must come from R alone); a
// wide A = [X Y] splits R = [U V]: X takes the square adjoint with Q̄ + Y V̄ᵀ, Y takes Q V̄.
Value qr_rule(RuleCall& call) {
  const Matrix a = call.matrix(0);
  const bool economy = call.arguments.size() > 1;
  const Index m = a.rows(), n = a.columns(), k = std::min(m, n);
  if (call.nargout > 1 && !economy && m > n) {
    call.fail(messages::full_qr_not_unique);
  }
  const num::Qr parts = num::qr(a, num::SvdSize::Economy);
  const bool with_q = call.nargout > 1;
  return record_outputs(call, call.plain(), with_q ? 2 : 1,
                        [parts, a, with_q, m, n, k](const std::vector<Matrix>& g) {
                          const Matrix& r_out = g[with_q ? 1 : 0];
                          Matrix r_bar(k, n), q_bar(m, k);
                          for (Index i = 0; i < k; ++i) {
                            for (Index j = 0; j < n; ++j) r_bar.set(i, j, r_out(i, j));
                          }
                          if (with_q) {
                            for (Index i = 0; i < m; ++i) {
                              for (Index j = 0; j < k; ++j) q_bar.set(i, j, g[0](i, j));
                            }
                          }
                          if (m >= n) return qr_adjoint(parts.q, parts.r, q_bar, r_bar);
                          Matrix r_square(k, k), r_bar_square(k, k), y(m, n - k), v_bar(k, n - k);
                          for (Index i = 0; i < k; ++i) {
                            for (Index j = 0; j < k; ++j) {
                              r_square.set(i, j, parts.r(i, j));
                              r_bar_square.set(i, j, r_bar(i, j));
                            }
                            for (Index j = k; j < n; ++j) v_bar.set(i, j - k, r_bar(i, j));
                          }
                          for (Index i = 0; i < m; ++i) {
                            for (Index j = k; j < n; ++j) y.set(i, j - k, a(i, j));
                          }
                          const Matrix x_bar = qr_adjoint(
                              parts.q, r_square, add(q_bar, product_transposed_right(y, v_bar)),
                              r_bar_square);
                          const Matrix y_bar = product(parts.q, v_bar);
                          Matrix result(m, n);
                          for (Index i = 0; i < m; ++i) {
                            for (Index j = 0; j < n; ++j)
                              result.set(i, j, j < k ? x_bar(i, j) : y_bar(i, j - k));
                          }
                          return result;
                        });
}

// [L, U, P] = lu(A), [L, U] = lu(A) (L = Pᵀ L₀) and Y = lu(A) (L - I + U), square A, P A = L U:
// with C = strictly-lower(Lᵀ L̄) + upper(Ū Uᵀ), Ā = Pᵀ L⁻ᵀ C U⁻ᵀ.
Value lu_rule(RuleCall& call) {
  const Matrix a = call.matrix(0);
  require_square(call, a);
  const num::Lu parts = num::lu(a);
  const int outputs = std::max(call.nargout, 1);
  return record_outputs(
      call, call.plain(), outputs >= 2 ? 2 : 1, [parts, outputs](const std::vector<Matrix>& g) {
        const Index n = parts.l.rows();
        Matrix l_bar(n, n), u_bar(n, n);
        if (outputs == 1) {  // Y = L - I + U: below the diagonal is L's, the rest U's
          for (Index i = 0; i < n; ++i) {
            for (Index j = 0; j < n; ++j) (j < i ? l_bar : u_bar).set(i, j, g[0](i, j));
          }
        } else {
          l_bar = outputs == 2 ? product(parts.p, g[0]) : g[0];  // L = Pᵀ L₀: L̄₀ = P L̄
          u_bar = g[1];
        }
        const Matrix lower = product_transposed_left(parts.l, l_bar);
        const Matrix upper = product_transposed_right(u_bar, parts.u);
        Matrix c(n, n);
        for (Index i = 0; i < n; ++i) {
          for (Index j = 0; j < n; ++j) c.set(i, j, j < i ? lower(i, j) : upper(i, j));
        }
        const Matrix w = inverse_transpose_times(parts.l, c, "lu");
        return product_transposed_left(parts.p, times_inverse_transpose(w, parts.u, "lu"));
      });
}

}  // namespace

extern const std::vector<NamedRule> kLinalgRules = {
    {"trace", trace_rule},    {"det", det_rule},   {"inv", inv_rule},   {"linsolve", linsolve_rule},
    {"solve", linsolve_rule}, {"svd", svd_rule},   {"pinv", pinv_rule}, {"expm", expm_rule},
    {"eig", eig_rule},        {"chol", chol_rule}, {"qr", qr_rule},     {"lu", lu_rule},
};

}  // namespace llmlab::autodiff
