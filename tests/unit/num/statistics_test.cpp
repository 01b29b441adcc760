// num/statistics: mode, range, quantiles, zscore, covariance and correlation along all elements,
// columns (dim 1) and rows (dim 2), NaN ignored where MATLAB ignores it.
#include "num/statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace llmlab::num {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(statistics_test, mode_takes_the_smallest_of_the_most_frequent) {
  const Matrix x = Matrix::from_rows({{3, 1, 3, 1, 2}});
  EXPECT_EQ(mode(x, Along::All), Matrix::from_rows({{1}}));
  const Matrix m = Matrix::from_rows({{1, 5}, {1, 6}, {2, 6}});
  EXPECT_EQ(mode(m, Along::Columns), Matrix::from_rows({{1, 6}}));
  EXPECT_EQ(mode(m, Along::Rows), Matrix::from_rows({{1}, {1}, {2}}));
}

TEST(statistics_test, mode_and_range_ignore_nan_and_give_nan_without_numbers) {
  const Matrix x = Matrix::from_rows({{kNaN, 4, kNaN, 4, 9}});
  EXPECT_EQ(mode(x, Along::All)[0], 4.0);
  EXPECT_EQ(range(x, Along::All)[0], 5.0);
  EXPECT_TRUE(std::isnan(mode(Matrix::from_rows({{kNaN}}), Along::All)[0]));
  EXPECT_TRUE(std::isnan(range(Matrix(1, 0), Along::All)[0]));
}

TEST(statistics_test, range_per_column_and_row) {
  const Matrix m = Matrix::from_rows({{1, 10}, {4, 2}});
  EXPECT_EQ(range(m, Along::Columns), Matrix::from_rows({{3, 8}}));
  EXPECT_EQ(range(m, Along::Rows), Matrix::from_rows({{9}, {2}}));
}

TEST(statistics_test, quantiles_follow_matlabs_percentile_rule) {
  // Seven numbers sit at (i − 0.5)/7; the 90th percentile interpolates at position 6.8.
  const Matrix x = Matrix::from_rows({{7, 1, 6, 2, 5, 3, 4}});
  const std::vector<double> levels = {0, 50, 90, 100};
  const Matrix q = quantiles(x, Along::All, levels, 100.0);
  ASSERT_EQ(q.rows(), 1);
  ASSERT_EQ(q.columns(), 4);
  EXPECT_EQ(q[0], 1.0);
  EXPECT_EQ(q[1], 4.0);
  EXPECT_DOUBLE_EQ(q[2], 6.8);
  EXPECT_EQ(q[3], 7.0);
}

TEST(statistics_test, quantiles_lay_levels_down_columns_and_along_rows) {
  const Matrix m = Matrix::from_rows({{1, 10}, {3, 30}});
  const std::vector<double> levels = {0.0, 1.0};
  EXPECT_EQ(quantiles(m, Along::Columns, levels, 1.0), Matrix::from_rows({{1, 10}, {3, 30}}));
  EXPECT_EQ(quantiles(m, Along::Rows, levels, 1.0), Matrix::from_rows({{1, 10}, {3, 30}}));
  const std::vector<double> middle = {0.5};
  EXPECT_EQ(quantiles(m, Along::Columns, middle, 1.0), Matrix::from_rows({{2, 20}}));
  EXPECT_EQ(quantiles(m, Along::Rows, middle, 1.0), Matrix::from_rows({{5.5}, {16.5}}));
}

TEST(statistics_test, zscore_centres_and_scales_each_slice) {
  const Matrix x = Matrix::from_rows({{1, 2, 3}});
  EXPECT_EQ(zscore(x, Along::All, Normalization::Sample), Matrix::from_rows({{-1, 0, 1}}));
  const Matrix p = zscore(x, Along::All, Normalization::Population);
  EXPECT_DOUBLE_EQ(p[0], -1.0 / std::sqrt(2.0 / 3.0));
  // A constant slice gives zeros, and columns are scaled one by one.
  const Matrix m = Matrix::from_rows({{5, 1}, {5, 3}});
  const Matrix z = zscore(m, Along::Columns, Normalization::Sample);
  EXPECT_EQ(z(0, 0), 0.0);
  EXPECT_EQ(z(1, 0), 0.0);
  EXPECT_DOUBLE_EQ(z(0, 1), -std::sqrt(0.5));
  EXPECT_DOUBLE_EQ(z(1, 1), std::sqrt(0.5));
}

TEST(statistics_test, covariance_and_correlation_of_columns) {
  const Matrix data = Matrix::from_rows({{1, 2}, {2, 4}, {3, 6}});
  const Matrix c = covariance(data);
  EXPECT_EQ(c, Matrix::from_rows({{1, 2}, {2, 4}}));
  EXPECT_EQ(correlation(c), Matrix::from_rows({{1, 1}, {1, 1}}));
  // One observation gives 0; a constant variable correlates as NaN.
  EXPECT_EQ(covariance(Matrix::from_rows({{4, 5}})), Matrix::from_rows({{0, 0}, {0, 0}}));
  const Matrix constant = covariance(Matrix::from_rows({{1, 7}, {2, 7}}));
  EXPECT_TRUE(std::isnan(correlation(constant)(1, 1)));
  EXPECT_TRUE(std::isnan(correlation(constant)(0, 1)));
}

}  // namespace
}  // namespace llmlab::num
