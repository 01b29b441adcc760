// num/sort: cumulative sums and products, stable sorting with NaN placement, find and unique.
#include "num/sort.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace llmlab::num {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(sort_test, cumulative_sum_along_each_axis) {
  const Matrix x = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}});
  EXPECT_EQ(cumulative_sum(x, Along::Columns), Matrix::from_rows({{1, 2, 3}, {5, 7, 9}}));
  EXPECT_EQ(cumulative_sum(x, Along::Rows), Matrix::from_rows({{1, 3, 6}, {4, 9, 15}}));
  EXPECT_EQ(cumulative_sum(Matrix::from_rows({{0.5, 0.25, 0.25}}), Along::All),
            Matrix::from_rows({{0.5, 0.75, 1.0}}));
  EXPECT_TRUE(cumulative_sum(Matrix(0, 3), Along::Columns).empty());
}

TEST(sort_test, cumulative_product) {
  EXPECT_EQ(cumulative_product(Matrix::from_rows({{1, 2, 3, 4}}), Along::All),
            Matrix::from_rows({{1, 2, 6, 24}}));
  EXPECT_EQ(cumulative_product(Matrix::from_rows({{2}, {3}}), Along::All),
            Matrix::from_rows({{2}, {6}}));
}

TEST(sort_test, ascending_and_descending_are_stable) {
  const Matrix x = Matrix::from_rows({{3, 1, 2, 1}});
  const SortResult up = sort(x, Along::All, Direction::Ascend);
  EXPECT_EQ(up.values, Matrix::from_rows({{1, 1, 2, 3}}));
  EXPECT_EQ(up.indices, Matrix::from_rows({{2, 4, 3, 1}}));
  const SortResult down = sort(x, Along::All, Direction::Descend);
  EXPECT_EQ(down.values, Matrix::from_rows({{3, 2, 1, 1}}));
  EXPECT_EQ(down.indices, Matrix::from_rows({{1, 3, 2, 4}}));
}

TEST(sort_test, nan_last_ascending_first_descending) {
  const Matrix x = Matrix::from_rows({{2, kNaN, 1}});
  const SortResult up = sort(x, Along::All, Direction::Ascend);
  EXPECT_EQ(up.indices, Matrix::from_rows({{3, 1, 2}}));
  EXPECT_TRUE(std::isnan(up.values[2]));
  const SortResult down = sort(x, Along::All, Direction::Descend);
  EXPECT_EQ(down.indices, Matrix::from_rows({{2, 1, 3}}));
}

TEST(sort_test, matrix_sorts_each_column_or_row) {
  const Matrix x = Matrix::from_rows({{3, 1}, {1, 2}, {2, 0}});
  EXPECT_EQ(sort(x, Along::Columns, Direction::Ascend).values,
            Matrix::from_rows({{1, 0}, {2, 1}, {3, 2}}));
  EXPECT_EQ(sort(x, Along::Columns, Direction::Ascend).indices,
            Matrix::from_rows({{2, 3}, {3, 1}, {1, 2}}));
  EXPECT_EQ(sort(x, Along::Rows, Direction::Descend).values,
            Matrix::from_rows({{3, 1}, {2, 1}, {2, 0}}));
}

TEST(sort_test, complex_elements_travel_with_their_real_key) {
  Matrix x(1, 2, Matrix::Element::ComplexValued);
  x.set(0, Complex(2, 5));
  x.set(1, Complex(1, -1));
  const SortResult up = sort(x, Along::All, Direction::Ascend);
  EXPECT_EQ(up.values.complex_at(0), Complex(1, -1));
  EXPECT_EQ(up.values.complex_at(1), Complex(2, 5));
}

TEST(sort_test, find_uses_column_major_order) {
  const Matrix x = Matrix::from_rows({{0, 2}, {3, 0}});
  const FindResult found = find(x);
  EXPECT_EQ(found.linear_indices, Matrix::from_rows({{2, 3}}));
  EXPECT_EQ(found.rows, Matrix::from_rows({{2, 1}}));
  EXPECT_EQ(found.columns, Matrix::from_rows({{1, 2}}));
  EXPECT_EQ(found.values, Matrix::from_rows({{3, 2}}));
  EXPECT_EQ(find(Matrix::from_rows({{1, 0, kNaN, 4}}), 2).linear_indices,
            Matrix::from_rows({{1, 3}}));
  EXPECT_EQ(find(Matrix::from_rows({{0, 0}})).linear_indices.size(), 0);
}

TEST(sort_test, unique_with_first_and_inverse) {
  const UniqueResult u = unique(Matrix::from_rows({{3, 1, 3, 2, 1}}));
  EXPECT_EQ(u.values, Matrix::from_rows({{1, 2, 3}}));
  EXPECT_EQ(u.first, Matrix::from_rows({{2, 4, 1}}));
  EXPECT_EQ(u.inverse, Matrix::from_rows({{3, 1, 3, 2, 1}}));
  // A matrix is read column-major: [5 4; 4 5] is 5, 4, 4, 5.
  const UniqueResult m = unique(Matrix::from_rows({{5, 4}, {4, 5}}));
  EXPECT_EQ(m.values, Matrix::from_rows({{4, 5}}));
  EXPECT_EQ(m.first, Matrix::from_rows({{2, 1}}));
  EXPECT_EQ(m.inverse, Matrix::from_rows({{2, 1, 1, 2}}));
}

TEST(sort_test, cumulative_extremum_skips_nan_until_the_first_number) {
  const Matrix x = Matrix::from_rows({{kNaN, 3, 1, 5, kNaN}});
  const Matrix high = cumulative_extremum(x, Along::All, Extremum::Max).values;
  EXPECT_TRUE(std::isnan(high[0]));
  EXPECT_EQ(high[1], 3.0);
  EXPECT_EQ(high[2], 3.0);
  EXPECT_EQ(high[3], 5.0);
  EXPECT_EQ(high[4], 5.0);
  EXPECT_EQ(cumulative_extremum(x, Along::All, Extremum::Max).indices,
            Matrix::from_rows({{1, 2, 2, 4, 4}}));
  const Matrix m = Matrix::from_rows({{4, 1}, {2, 3}});
  EXPECT_EQ(cumulative_extremum(m, Along::Columns, Extremum::Min).values,
            Matrix::from_rows({{4, 1}, {2, 1}}));
  EXPECT_EQ(cumulative_extremum(m, Along::Rows, Extremum::Max).values,
            Matrix::from_rows({{4, 4}, {2, 3}}));
}

TEST(sort_test, difference_of_each_slice_and_of_higher_order) {
  const Matrix x = Matrix::from_rows({{1, 4, 9, 16}});
  EXPECT_EQ(difference(x, Along::All, 1), Matrix::from_rows({{3, 5, 7}}));
  EXPECT_EQ(difference(x, Along::All, 2), Matrix::from_rows({{2, 2}}));
  EXPECT_EQ(difference(x, Along::All, 5), Matrix(1, 0));
  // A column keeps its orientation; columns and rows difference one slice at a time.
  EXPECT_EQ(difference(x.transposed(), Along::All, 1), Matrix::from_rows({{3}, {5}, {7}}));
  const Matrix m = Matrix::from_rows({{1, 2, 4}, {7, 9, 12}});
  EXPECT_EQ(difference(m, Along::Columns, 1), Matrix::from_rows({{6, 7, 8}}));
  EXPECT_EQ(difference(m, Along::Rows, 1), Matrix::from_rows({{1, 2}, {2, 3}}));
}

TEST(sort_test, extreme_k_keeps_order_positions_and_puts_nan_last) {
  const Matrix x = Matrix::from_rows({{3, kNaN, 7, 3, 1}});
  const ExtremumResult largest = extreme_k(x, Along::All, 3, Extremum::Max);
  EXPECT_EQ(largest.values, Matrix::from_rows({{7, 3, 3}}));
  EXPECT_EQ(largest.indices, Matrix::from_rows({{3, 1, 4}}));
  const ExtremumResult smallest = extreme_k(x, Along::All, 9, Extremum::Min);
  EXPECT_EQ(smallest.values.columns(), 5);
  EXPECT_EQ(smallest.values[0], 1.0);
  EXPECT_TRUE(std::isnan(smallest.values[4]));
  EXPECT_EQ(smallest.indices[4], 2.0);
  const Matrix m = Matrix::from_rows({{1, 8}, {5, 2}, {3, 9}});
  EXPECT_EQ(extreme_k(m, Along::Columns, 2, Extremum::Max).values,
            Matrix::from_rows({{5, 9}, {3, 8}}));
  EXPECT_EQ(extreme_k(m, Along::Rows, 1, Extremum::Min).indices,
            Matrix::from_rows({{1}, {2}, {1}}));
}

}  // namespace
}  // namespace llmlab::num
