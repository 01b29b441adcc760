// Tests for num/shape.hpp: column-major reshape semantics on row-major storage, tiling,
// diagonals, flips, shifts, triangles and the matrix-literal concatenation rules.
#include "num/shape.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "expect_error.hpp"

namespace llmlab::num {
namespace {

TEST(shape_test, linspace_and_logspace) {
  const Matrix x = linspace(0.0, 1.0, 5);
  EXPECT_EQ(x, Matrix::from_rows({{0, 0.25, 0.5, 0.75, 1}}));
  EXPECT_EQ(linspace(2.0, 7.0, 1), Matrix::from_rows({{7}}));
  EXPECT_EQ(linspace(2.0, 7.0, 0).size(), 0);
  // Element k is exactly a + step·k, with no end-point fix-up.
  const Matrix y = linspace(-5.0, 5.0, 2001);
  EXPECT_EQ(y[2000], -5.0 + (10.0 / 2000.0) * 2000.0);
  EXPECT_EQ(logspace(0.0, 2.0, 3), Matrix::from_rows({{1, 10, 100}}));
  EXPECT_EQ(logspace(1.0, 2.0, 0), Matrix::from_rows({{10}}));
}

TEST(shape_test, reshape_is_column_major) {
  const Matrix m = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(reshape(m, 3, 2), Matrix::from_rows({{1, 5}, {4, 3}, {2, 6}}));
  EXPECT_EQ(reshape(m, 1, 6), Matrix::from_rows({{1, 4, 2, 5, 3, 6}}));
  EXPECT_EQ(column_major_elements(m), Matrix::from_rows({{1, 4, 2, 5, 3, 6}}));
  EXPECT_THROW_MSG(reshape(m, 4, 2),
                   "reshape: cannot reshape 6 elements into 4\u00d72 (= 8 elements)");
}

TEST(shape_test, repmat_tiles) {
  EXPECT_EQ(repmat(Matrix::from_rows({{1, 2}}), 2, 2),
            Matrix::from_rows({{1, 2, 1, 2}, {1, 2, 1, 2}}));
  EXPECT_EQ(repmat(Matrix::from_rows({{1}, {2}}), 1, 3), Matrix::from_rows({{1, 1, 1}, {2, 2, 2}}));
  EXPECT_EQ(repmat(Matrix(1, 1, 7.0), 0, 3).size(), 0);
}

TEST(shape_test, huge_sizes_are_errors_not_overflows) {
  const Index huge = Index{1} << 40;
  EXPECT_THROW_MSG(repmat(Matrix(2, 2), huge, huge),
                   "repmat: result too large (2 times 1099511627776 elements)");
  EXPECT_THROW(reshape(Matrix(2, 2), huge, huge), Error);
  EXPECT_THROW_MSG(diagonal_of(Matrix(2, 2), std::numeric_limits<Index>::min()),
                   "diag: offset too large");
  EXPECT_EQ(circular_shift(Matrix::from_rows({{1, 2, 3}}), std::numeric_limits<Index>::max(),
                           Dimension::Columns),
            circular_shift(Matrix::from_rows({{1, 2, 3}}), std::numeric_limits<Index>::max() % 3,
                           Dimension::Columns));
}

TEST(shape_test, diagonals) {
  EXPECT_EQ(diagonal_matrix(Matrix::from_rows({{1, 2}})), Matrix::from_rows({{1, 0}, {0, 2}}));
  EXPECT_EQ(diagonal_matrix(Matrix::from_rows({{1, 2}}), 1),
            Matrix::from_rows({{0, 1, 0}, {0, 0, 2}, {0, 0, 0}}));
  EXPECT_EQ(diagonal_matrix(Matrix::from_rows({{5}}), -1), Matrix::from_rows({{0, 0}, {5, 0}}));
  const Matrix m = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(diagonal_of(m), Matrix::from_rows({{1, 5}}));
  EXPECT_EQ(diagonal_of(m, 1), Matrix::from_rows({{2, 6}}));
  EXPECT_EQ(diagonal_of(m, -1), Matrix::from_rows({{4}}));
  EXPECT_EQ(diagonal_of(m, 5).size(), 0);
}

TEST(shape_test, meshgrid) {
  const auto [x, y] = meshgrid(Matrix::from_rows({{1, 2, 3}}), Matrix::from_rows({{10, 20}}));
  EXPECT_EQ(x, Matrix::from_rows({{1, 2, 3}, {1, 2, 3}}));
  EXPECT_EQ(y, Matrix::from_rows({{10, 10, 10}, {20, 20, 20}}));
}

TEST(shape_test, flips_shifts_triangles) {
  const Matrix m = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
  EXPECT_EQ(flip_columns(m), Matrix::from_rows({{3, 2, 1}, {6, 5, 4}, {9, 8, 7}}));
  EXPECT_EQ(flip_rows(m), Matrix::from_rows({{7, 8, 9}, {4, 5, 6}, {1, 2, 3}}));
  EXPECT_EQ(circular_shift(m, 1, Dimension::Rows),
            Matrix::from_rows({{7, 8, 9}, {1, 2, 3}, {4, 5, 6}}));
  EXPECT_EQ(circular_shift(Matrix::from_rows({{1, 2, 3, 4}}), -1, Dimension::Columns),
            Matrix::from_rows({{2, 3, 4, 1}}));
  EXPECT_EQ(circular_shift(Matrix::from_rows({{1, 2, 3, 4}}), 6, Dimension::Columns),
            Matrix::from_rows({{3, 4, 1, 2}}));
  EXPECT_EQ(lower_triangle(m), Matrix::from_rows({{1, 0, 0}, {4, 5, 0}, {7, 8, 9}}));
  EXPECT_EQ(upper_triangle(m, 1), Matrix::from_rows({{0, 2, 3}, {0, 0, 6}, {0, 0, 0}}));
  EXPECT_EQ(lower_triangle(m, -1), Matrix::from_rows({{0, 0, 0}, {4, 0, 0}, {7, 8, 0}}));
}

TEST(shape_test, concatenation) {
  const std::vector<Matrix> side = {Matrix::from_rows({{1}, {2}}),
                                    Matrix::from_rows({{3, 4}, {5, 6}}), Matrix(0, 0)};
  EXPECT_EQ(hconcat(side), Matrix::from_rows({{1, 3, 4}, {2, 5, 6}}));
  const std::vector<Matrix> stack = {Matrix::from_rows({{1, 2}}),
                                     Matrix::from_rows({{3, 4}, {5, 6}})};
  EXPECT_EQ(vconcat(stack), Matrix::from_rows({{1, 2}, {3, 4}, {5, 6}}));
  const std::vector<Matrix> bad_height = {Matrix(3, 1), Matrix(2, 1)};
  EXPECT_THROW_MSG(hconcat(bad_height), "matrix concat: vertical dimension mismatch (3 vs 2 rows)");
  const std::vector<Matrix> bad_width = {Matrix(2, 2), Matrix(1, 4)};
  EXPECT_THROW_MSG(vconcat(bad_width), "matrix concat: row 3 has 4 columns, expected 2");
}

TEST(shape_test, literal_rows_follow_rlab) {
  const Matrix m = Matrix::from_rows({{1, 2}, {3, 4}, {5, 6}});
  const Matrix five(1, 1, 5.0);
  const Matrix v = Matrix::from_rows({{7, 8}});
  // [M, 5] appends the scalar to every physical row.
  const std::vector<LiteralItem> with_scalar = {{&m, LiteralKind::Matrix},
                                                {&five, LiteralKind::Scalar}};
  EXPECT_EQ(literal_row(with_scalar), Matrix::from_rows({{1, 2, 5}, {3, 4, 5}, {5, 6, 5}}));
  const std::vector<LiteralItem> flat = {{&five, LiteralKind::Scalar}, {&v, LiteralKind::Vector}};
  EXPECT_EQ(literal_row(flat), Matrix::from_rows({{5, 7, 8}}));
  const std::vector<LiteralItem> mixed = {{&m, LiteralKind::Matrix}, {&v, LiteralKind::Vector}};
  EXPECT_THROW_MSG(literal_row(mixed),
                   "matrix concat: cannot mix a vector with matrix blocks of height 3");
  const Matrix one_row = Matrix::from_rows({{1, 2}});
  const std::vector<LiteralItem> short_first = {{&one_row, LiteralKind::Matrix},
                                                {&m, LiteralKind::Matrix}};
  EXPECT_THROW_MSG(literal_row(short_first),
                   "matrix concat: vertical dimension mismatch (1 vs 3 rows)");
}

}  // namespace
}  // namespace llmlab::num
