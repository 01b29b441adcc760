// Tests for num/linalg.hpp: products, norms, det/inv/linsolve against known answers, SVD and
// eig against their defining identities, expm against closed forms.
#include "num/linalg.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "expect_error.hpp"
#include "num/ops.hpp"

namespace llmlab::num {
namespace {

// Largest |a - b| over all elements (shapes must agree).
double max_difference(const Matrix& a, const Matrix& b) {
  EXPECT_EQ(a.rows(), b.rows());
  EXPECT_EQ(a.columns(), b.columns());
  double worst = 0.0;
  for (Index k = 0; k < std::min(a.size(), b.size()); ++k) {
    worst = std::max(worst, std::abs(a.complex_at(k) - b.complex_at(k)));
  }
  return worst;
}

Matrix identity(Index n) {
  Matrix eye(n, n);
  for (Index i = 0; i < n; ++i) eye.set(i, i, 1.0);
  return eye;
}

const Matrix kA = Matrix::from_rows({{4, -2, 1}, {3, 6, -4}, {2, 1, 8}});

TEST(linalg_test, dot_cross_outer_kron) {
  EXPECT_EQ(dot(Matrix::from_rows({{1, 2, 3}}), Matrix::from_rows({{4, 5, 6}})), Complex(32, 0));
  EXPECT_THROW_MSG(dot(Matrix(1, 2), Matrix(1, 3)),
                   "dot: vectors must have the same length (2 vs 3)");
  EXPECT_EQ(cross(Matrix::from_rows({{1, 0, 0}}), Matrix::from_rows({{0, 1, 0}})),
            Matrix::from_rows({{0, 0, 1}}));
  EXPECT_THROW_MSG(cross(Matrix(1, 2), Matrix(1, 3)),
                   "cross: both vectors must have length 3 (got 2 and 3)");
  EXPECT_EQ(outer(Matrix::from_rows({{1, 2}}), Matrix::from_rows({{3, 4, 5}})),
            Matrix::from_rows({{3, 4, 5}, {6, 8, 10}}));
  EXPECT_EQ(kron(Matrix::from_rows({{1, 2}}), Matrix::from_rows({{1}, {10}})),
            Matrix::from_rows({{1, 2}, {10, 20}}));
}

TEST(linalg_test, norms) {
  const Matrix v = Matrix::from_rows({{3, -4}});
  EXPECT_EQ(vector_norm(v), 5.0);
  EXPECT_EQ(vector_norm(v, 1.0), 7.0);
  EXPECT_EQ(vector_norm(v, std::numeric_limits<double>::infinity()), 4.0);
  EXPECT_EQ(vector_norm(v, -std::numeric_limits<double>::infinity()), 3.0);
  EXPECT_NEAR(vector_norm(v, 3.0), std::cbrt(91.0), 1e-15);
  const Matrix m = Matrix::from_rows({{1, -2}, {3, 4}});
  EXPECT_EQ(matrix_norm(m, MatrixNorm::Frobenius), std::sqrt(30.0));
  EXPECT_EQ(matrix_norm(m, MatrixNorm::One), 6.0);
  EXPECT_EQ(matrix_norm(m, MatrixNorm::Infinity), 7.0);
  // The 2-norm of diag(3, 1) rotated is 3.
  EXPECT_NEAR(matrix_norm(Matrix::from_rows({{2, 1}, {1, 2}}), MatrixNorm::Two), 3.0, 1e-15);
}

TEST(linalg_test, det_and_trace) {
  EXPECT_NEAR(det(kA).real(), 4 * (48 + 4) + 2 * (24 + 8) + (3 - 12), 1e-12);
  EXPECT_EQ(det(Matrix(0, 0)), Complex(1, 0));
  EXPECT_EQ(det(Matrix::from_rows({{1, 2}, {2, 4}})), Complex(0, 0));
  EXPECT_THROW_MSG(det(Matrix(2, 3)), "det: matrix must be square (got 2\u00d73)");
  EXPECT_EQ(trace(kA), Complex(18, 0));
}

TEST(linalg_test, inverse) {
  const Matrix inverse = inv(kA);
  EXPECT_LT(max_difference(matmul(inverse, kA), identity(3)), 1e-15);
  EXPECT_LT(max_difference(matmul(kA, inverse), identity(3)), 1e-15);
  EXPECT_THROW_MSG(inv(Matrix::from_rows({{1, 2}, {2, 4}})),
                   "inv: matrix is singular or nearly singular");
  EXPECT_THROW_MSG(inv(Matrix(1, 2)), "inv: matrix must be square (got 1\u00d72)");
}

TEST(linalg_test, linsolve) {
  const Matrix x = Matrix::from_rows({{1}, {-2}, {3}});
  const Matrix b = matmul(kA, x);
  EXPECT_LT(max_difference(linsolve(kA, b), x), 1e-14);
  EXPECT_THROW_MSG(linsolve(kA, Matrix(2, 1)), "linsolve: A is 3\u00d73 but b has length 2");
  EXPECT_THROW_MSG(linsolve(Matrix(2, 3), Matrix(2, 1)),
                   "linsolve: A must be square (got 2\u00d73)");
}

TEST(linalg_test, singular_values_of_known_matrix) {
  // [[3, 0], [4, 5]] has singular values 3·sqrt(5) and sqrt(5).
  const Matrix s = singular_values(Matrix::from_rows({{3, 0}, {4, 5}}));
  ASSERT_EQ(s.columns(), 2);
  EXPECT_NEAR(s[0], 3 * std::sqrt(5.0), 1e-14);
  EXPECT_NEAR(s[1], std::sqrt(5.0), 1e-14);
  EXPECT_EQ(singular_values(Matrix(0, 3)).size(), 0);
}

TEST(linalg_test, singular_values_are_scale_independent) {
  // The seed's product of Jacobians has entries near 1e-7; relative accuracy must not suffer.
  const Matrix base = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}, {7, 8, 10}});
  const Matrix small = elementwise(Arithmetic::Multiply, base, 1e-9);
  const Matrix s_base = singular_values(base);
  const Matrix s_small = singular_values(small);
  for (Index k = 0; k < 3; ++k) EXPECT_NEAR(s_small[k] / 1e-9, s_base[k], 1e-14 * s_base[0]);
}

TEST(linalg_test, full_and_economy_svd_reconstruct) {
  const Matrix a = Matrix::from_rows({{1, 2}, {3, 4}, {5, 6}});
  const Svd full = svd(a);
  EXPECT_EQ(full.u.rows(), 3);
  EXPECT_EQ(full.u.columns(), 3);
  EXPECT_EQ(full.s.rows(), 3);
  EXPECT_EQ(full.s.columns(), 2);
  EXPECT_EQ(full.v.rows(), 2);
  EXPECT_LT(max_difference(matmul(matmul(full.u, full.s), transpose(full.v)), a), 1e-14);
  EXPECT_LT(max_difference(matmul(transpose(full.u), full.u), identity(3)), 1e-14);
  const Svd economy = svd(a, SvdSize::Economy);
  EXPECT_EQ(economy.u.columns(), 2);
  EXPECT_EQ(economy.s.rows(), 2);
  EXPECT_LT(max_difference(matmul(matmul(economy.u, economy.s), transpose(economy.v)), a), 1e-14);
}

TEST(linalg_test, pinv_and_rank) {
  const Matrix a = Matrix::from_rows({{1, 2}, {3, 4}, {5, 6}});
  const Matrix p = pinv(a);
  EXPECT_EQ(p.rows(), 2);
  EXPECT_LT(max_difference(matmul(p, a), identity(2)), 1e-14);
  EXPECT_EQ(rank(a), 2);
  EXPECT_EQ(rank(Matrix::from_rows({{1, 2}, {2, 4}})), 1);
  EXPECT_EQ(rank(Matrix(2, 2)), 0);
}

TEST(linalg_test, symmetric_eig_ascending_with_positive_leads) {
  const Eig e = eig(Matrix::from_rows({{2, 1}, {1, 2}}));
  ASSERT_TRUE(e.values.is_real());
  EXPECT_NEAR(e.values[0], 1.0, 1e-15);
  EXPECT_NEAR(e.values[1], 3.0, 1e-15);
  const double r = 1.0 / std::sqrt(2.0);
  // Each column's largest-|·| component is positive (first on ties).
  EXPECT_NEAR(e.vectors(0, 0), r, 1e-15);
  EXPECT_NEAR(e.vectors(1, 0), -r, 1e-15);
  EXPECT_NEAR(e.vectors(0, 1), r, 1e-15);
  EXPECT_NEAR(e.vectors(1, 1), r, 1e-15);
}

TEST(linalg_test, general_eig_sorted_by_real_then_imaginary) {
  // Rotation by 90°: eigenvalues ±i; then a triangular matrix with 3, 1, 2.
  const Eig rotation = eig(Matrix::from_rows({{0, -1}, {1, 0}}));
  ASSERT_TRUE(rotation.values.is_complex());
  EXPECT_NEAR(rotation.values.complex_at(0).imag(), -1.0, 1e-15);
  EXPECT_NEAR(rotation.values.complex_at(1).imag(), 1.0, 1e-15);
  const Matrix t = Matrix::from_rows({{3, 1, 0}, {0, 1, 1}, {0, 0, 2}});
  const Eig e = eig(t);
  EXPECT_NEAR(e.values[0], 1.0, 1e-14);
  EXPECT_NEAR(e.values[1], 2.0, 1e-14);
  EXPECT_NEAR(e.values[2], 3.0, 1e-14);
  // A·V = V·D
  const Matrix d =
      Matrix::from_rows({{e.values[0], 0, 0}, {0, e.values[1], 0}, {0, 0, e.values[2]}});
  EXPECT_LT(max_difference(matmul(t, e.vectors), matmul(e.vectors, d)), 1e-14);
  EXPECT_THROW_MSG(eig(Matrix(2, 3)), "eig: A must be square (got 2\u00d73)");
}

TEST(linalg_test, expm_closed_forms) {
  EXPECT_LT(max_difference(expm(Matrix(2, 2)), identity(2)), 1e-16);
  const Matrix diagonal = expm(Matrix::from_rows({{1, 0}, {0, -2}}));
  EXPECT_NEAR(diagonal(0, 0), std::exp(1.0), 1e-15 * std::exp(1.0));
  EXPECT_NEAR(diagonal(1, 1), std::exp(-2.0), 1e-15);
  // Nilpotent: exp([[0, 1], [0, 0]]) = [[1, 1], [0, 1]]; a rotation generator gives cos/sin.
  EXPECT_LT(max_difference(expm(Matrix::from_rows({{0, 1}, {0, 0}})),
                           Matrix::from_rows({{1, 1}, {0, 1}})),
            1e-15);
  const Matrix rotation = expm(Matrix::from_rows({{0, -3}, {3, 0}}));
  EXPECT_NEAR(rotation(0, 0), std::cos(3.0), 1e-14);
  EXPECT_NEAR(rotation(1, 0), std::sin(3.0), 1e-14);
}

}  // namespace
}  // namespace llmlab::num
