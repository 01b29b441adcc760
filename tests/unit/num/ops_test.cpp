// Tests for num/ops.hpp: broadcasting, real IEEE arithmetic, powers, comparisons, logic,
// products and the spec's error texts.
#include "num/ops.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "expect_error.hpp"

namespace llmlab::num {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Matrix complex_row(std::initializer_list<Complex> values) {
  Matrix m(1, static_cast<Index>(values.size()), Matrix::Element::ComplexValued);
  Index k = 0;
  for (Complex z : values) m.set(k++, z);
  return m;
}

TEST(ops_test, same_shape_arithmetic) {
  const Matrix a = Matrix::from_rows({{1, 2}, {3, 4}});
  const Matrix b = Matrix::from_rows({{10, 20}, {30, 40}});
  EXPECT_EQ(elementwise(Arithmetic::Add, a, b), Matrix::from_rows({{11, 22}, {33, 44}}));
  EXPECT_EQ(elementwise(Arithmetic::Subtract, b, a), Matrix::from_rows({{9, 18}, {27, 36}}));
  EXPECT_EQ(elementwise(Arithmetic::Multiply, a, b), Matrix::from_rows({{10, 40}, {90, 160}}));
  EXPECT_EQ(elementwise(Arithmetic::Divide, b, a), Matrix::from_rows({{10, 10}, {10, 10}}));
}

TEST(ops_test, broadcasting_row_and_column) {
  const Matrix column = Matrix::from_rows({{1}, {2}, {3}});
  const Matrix row = Matrix::from_rows({{10, 20}});
  EXPECT_EQ(elementwise(Arithmetic::Add, column, row),
            Matrix::from_rows({{11, 21}, {12, 22}, {13, 23}}));
  const Matrix m = Matrix::from_rows({{1, 2}, {3, 4}, {5, 6}});
  EXPECT_EQ(elementwise(Arithmetic::Multiply, m, row),
            Matrix::from_rows({{10, 40}, {30, 80}, {50, 120}}));
  EXPECT_EQ(elementwise(Arithmetic::Subtract, m, column),
            Matrix::from_rows({{0, 1}, {1, 2}, {2, 3}}));
}

TEST(ops_test, broadcast_errors) {
  const Matrix a(3, 2);
  const Matrix b(2, 2);
  EXPECT_THROW_MSG(elementwise(Arithmetic::Add, a, b),
                   "implicit expansion: row dimensions [3] and [2] are incompatible (must "
                   "match, or one must be 1)");
  EXPECT_THROW_MSG(elementwise(Arithmetic::Add, Matrix(2, 3), Matrix(2, 2)),
                   "implicit expansion: column dimensions [3] and [2] are incompatible (must "
                   "match, or one must be 1)");
}

TEST(ops_test, real_division_by_zero_is_ieee) {
  const Matrix v = Matrix::from_rows({{1, 2, 0, -1}});
  const Matrix q = elementwise(Arithmetic::Divide, v, 0.0);
  EXPECT_EQ(q[0], kInf);
  EXPECT_EQ(q[1], kInf);
  EXPECT_TRUE(std::isnan(q[2]));
  EXPECT_EQ(q[3], -kInf);
  EXPECT_TRUE(q.is_real());
}

TEST(ops_test, scalar_left_operand) {
  EXPECT_EQ(elementwise(Arithmetic::Divide, 1.0, Matrix::from_rows({{2, 4}})),
            Matrix::from_rows({{0.5, 0.25}}));
  EXPECT_EQ(elementwise(Arithmetic::Power, 2.0, Matrix::from_rows({{3, -1}})),
            Matrix::from_rows({{8, 0.5}}));
}

TEST(ops_test, real_power_uses_pow) {
  const Matrix v = Matrix::from_rows({{3, 0, -2}});
  const Matrix squares = elementwise(Arithmetic::Power, v, 2.0);
  EXPECT_EQ(squares, Matrix::from_rows({{9, 0, 4}}));
  EXPECT_TRUE(squares.is_real());
  EXPECT_EQ(elementwise(Arithmetic::Power, Matrix(1, 1, 0.0), 0.0)[0], 1.0);
}

TEST(ops_test, negative_base_fractional_power_is_complex) {
  const Matrix r = elementwise(Arithmetic::Power, Matrix::from_rows({{-8, 8}}), 1.0 / 3.0);
  ASSERT_TRUE(r.is_complex());
  EXPECT_NEAR(r.complex_at(0).real(), 1.0, 1e-15);
  EXPECT_NEAR(r.complex_at(0).imag(), std::sqrt(3.0), 1e-15);
  EXPECT_NEAR(r.complex_at(1).real(), 2.0, 1e-15);
  EXPECT_EQ(r.complex_at(1).imag(), 0.0);
}

TEST(ops_test, complex_arithmetic) {
  const Matrix z = complex_row({{1, 2}, {0, 1}});
  const Matrix product = elementwise(Arithmetic::Multiply, z, Complex(0, 1));
  EXPECT_EQ(product.complex_at(0), Complex(-2, 1));
  EXPECT_EQ(product.complex_at(1), Complex(-1, 0));
  const Matrix squared = elementwise(Arithmetic::Power, z, 2.0);
  EXPECT_EQ(squared.complex_at(0), Complex(-3, 4));
  EXPECT_EQ(squared.complex_at(1), Complex(-1, 0));
  EXPECT_EQ(arithmetic(Arithmetic::Power, Complex(0, 0), Complex(0, 0)), Complex(1, 0));
  EXPECT_EQ(arithmetic(Arithmetic::Divide, Complex(1, 0), Complex(0, 1)), Complex(0, -1));
}

TEST(ops_test, vector_rules) {
  const Matrix u = Matrix::from_rows({{1, 2, 3}});
  const Matrix v = Matrix::from_rows({{1, 2, 3, 4}});
  EXPECT_THROW_MSG(elementwise(Arithmetic::Add, u, ArrayKind::Vector, v, ArrayKind::Vector),
                   "vector length mismatch: 3 vs 4");
  // A vector with an n×1 matrix broadcasts to n×n.
  const Matrix column = Matrix::from_rows({{10}, {20}, {30}});
  EXPECT_EQ(elementwise(Arithmetic::Add, u, ArrayKind::Vector, column, ArrayKind::Matrix).rows(),
            3);
  EXPECT_THROW_MSG(array_power(u, ArrayKind::Vector, u, ArrayKind::Vector),
                   "cannot raise two vectors with ^; use .^ for element-wise power");
  EXPECT_EQ(array_division_error(ArrayKind::Matrix, ArrayKind::Matrix),
            "use ./ for element-wise matrix division; or inv(A)*B for left-divide");
}

TEST(ops_test, matmul) {
  const Matrix a = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}});
  const Matrix b = Matrix::from_rows({{1, 0}, {0, 1}, {1, 1}});
  EXPECT_EQ(matmul(a, b), Matrix::from_rows({{4, 5}, {10, 11}}));
  EXPECT_THROW_MSG(matmul(a, a),
                   "matrix multiply: inner dimensions must match\n  left:  [2\u00d73]\n  right: "
                   "[2\u00d73]\n  hint:  use .* for element-wise multiply");
  const Matrix empty = matmul(Matrix(2, 0), Matrix(0, 3));
  EXPECT_EQ(empty, Matrix(2, 3));
  const Matrix z = matmul(complex_row({{0, 1}}), Matrix::from_rows({{2}}));
  EXPECT_EQ(z.complex_at(0), Complex(0, 2));
}

TEST(ops_test, matmul_with_diagonal_operand_matches_general_product) {
  const Matrix a = Matrix::from_rows({{1, -2, 3}, {-4, 5, -6}});
  const Matrix d = Matrix::from_rows({{2, 0, 0}, {0, 0, 0}, {0, 0, -1}});
  const Matrix expected = Matrix::from_rows({{2, 0, -3}, {-8, 0, 6}});
  const Matrix right = matmul(a, d);
  EXPECT_EQ(right, expected);
  // Zeros come out as +0, as from a sum that starts at zero.
  EXPECT_FALSE(std::signbit(right(0, 1)));
  EXPECT_FALSE(std::signbit(right(1, 1)));
  EXPECT_EQ(matmul(transpose(d), transpose(a)), transpose(expected));
  // A non-finite element makes 0·inf = NaN appear in the general product; keep it.
  const Matrix with_inf = Matrix::from_rows({{kInf, 1, 1}});
  const Matrix product = matmul(with_inf, d);
  EXPECT_EQ(product[0], kInf);
  EXPECT_TRUE(std::isnan(product[1]));
  // A single row uses the matrix-vector kernel.
  EXPECT_EQ(matmul(Matrix::from_rows({{1, 2}}), Matrix::from_rows({{3, 4, 5}, {6, 7, 8}})),
            Matrix::from_rows({{15, 18, 21}}));
}

TEST(ops_test, multiply_shape_table) {
  const Matrix v = Matrix::from_rows({{1, 2, 3}});
  const Matrix m = Matrix::from_rows({{1, 0}, {0, 1}, {1, 1}});
  EXPECT_EQ(multiply(v, ArrayKind::Vector, m, ArrayKind::Matrix), Matrix::from_rows({{4, 5}}));
  EXPECT_THROW_MSG(multiply(v, ArrayKind::Vector, v, ArrayKind::Vector),
                   "cannot multiply two row vectors [1\u00d73] * [1\u00d73]\n  hint: use `u * "
                   "v'` for dot product (v' is a [3\u00d71] column)\n  hint: use `dot(u,v)` for "
                   "the dot product directly\n  hint: use `.*` for element-wise multiply");
  EXPECT_THROW_MSG(multiply(v, ArrayKind::Vector, Matrix(4, 2), ArrayKind::Matrix),
                   "vector-matrix multiply: row vector [1\u00d73] * matrix [4\u00d72]: inner "
                   "dimension mismatch\n  hint: use .* for element-wise multiply");
  EXPECT_THROW_MSG(multiply(Matrix(2, 3), ArrayKind::Matrix, v, ArrayKind::Vector),
                   "cannot multiply matrix [2\u00d73] by row vector [1\u00d73]\n  hint: "
                   "transpose v with v' to make a column vector [3\u00d71], then use M * v'");
  const Matrix outer =
      multiply(Matrix::from_rows({{1}, {2}}), ArrayKind::Matrix, v, ArrayKind::Vector);
  EXPECT_EQ(outer, Matrix::from_rows({{1, 2, 3}, {2, 4, 6}}));
}

TEST(ops_test, comparisons) {
  const Matrix v = Matrix::from_rows({{1, 2, std::nan("")}});
  EXPECT_EQ(compare(Comparison::Greater, v, 1.5), Matrix::from_rows({{0, 1, 0}}));
  EXPECT_EQ(compare(Comparison::NotEqual, v, 2.0), Matrix::from_rows({{1, 0, 1}}));
  EXPECT_EQ(compare(Comparison::LessEqual, 2.0, v), Matrix::from_rows({{0, 1, 0}}));
  EXPECT_EQ(compare(Comparison::Equal, Matrix::from_rows({{1}, {2}}), Matrix::from_rows({{1, 2}})),
            Matrix::from_rows({{1, 0}, {0, 1}}));
  EXPECT_TRUE(compare(Comparison::Equal, Complex(1, 2), Complex(1, 2)));
  EXPECT_FALSE(compare(Comparison::Equal, Complex(1, 2), Complex(1, 0)));
  EXPECT_FALSE(compare(Comparison::Less, Complex(1, 2), Complex(1, 0)));
}

TEST(ops_test, logic) {
  const Matrix a = Matrix::from_rows({{0, 1, std::nan(""), 2}});
  const Matrix b = Matrix::from_rows({{0, 0, 1, 3}});
  EXPECT_EQ(logic(Logic::And, a, b), Matrix::from_rows({{0, 0, 1, 1}}));
  EXPECT_EQ(logic(Logic::Or, a, b), Matrix::from_rows({{0, 1, 1, 1}}));
  EXPECT_EQ(logical_not(a), Matrix::from_rows({{1, 0, 0, 0}}));
  EXPECT_EQ(logical_not(complex_row({{0, 1}, {0, 0}})), Matrix::from_rows({{0, 1}}));
}

TEST(ops_test, unary_and_transposes) {
  const Matrix a = Matrix::from_rows({{1, -2}, {0, 4}});
  const Matrix n = negate(a);
  EXPECT_EQ(n, Matrix::from_rows({{-1, 2}, {-0.0, -4}}));
  EXPECT_TRUE(std::signbit(n[2]));
  EXPECT_EQ(transpose(a), Matrix::from_rows({{1, 0}, {-2, 4}}));
  const Matrix z = complex_row({{1, 2}, {3, -4}});
  const Matrix h = conjugate_transpose(z);
  EXPECT_EQ(h.rows(), 2);
  EXPECT_EQ(h.complex_at(0), Complex(1, -2));
  EXPECT_EQ(h.complex_at(1), Complex(3, 4));
  EXPECT_EQ(transpose(z).complex_at(1), Complex(3, -4));
}

}  // namespace
}  // namespace llmlab::num
