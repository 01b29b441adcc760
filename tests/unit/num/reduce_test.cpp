// num/reduce: sums, means, medians, variances, extrema, any/all and trapz over real and complex
// matrices, along all elements, columns (dim 1) and rows (dim 2).
#include "num/reduce.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "base/error.hpp"
#include "num/rng.hpp"

namespace llmlab::num {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

Matrix grid() { return Matrix::from_rows({{1, 2, 3}, {4, 5, 6}}); }

TEST(reduce_test, sum_all_columns_rows) {
  EXPECT_EQ(sum(grid(), Along::All), Matrix::from_rows({{21}}));
  EXPECT_EQ(sum(grid(), Along::Columns), Matrix::from_rows({{5, 7, 9}}));
  EXPECT_EQ(sum(grid(), Along::Rows), Matrix::from_rows({{6}, {15}}));
}

TEST(reduce_test, sum_of_empty_is_zero_and_prod_one) {
  EXPECT_EQ(sum(Matrix(0, 0), Along::All), Matrix::from_rows({{0}}));
  EXPECT_EQ(prod(Matrix(1, 0), Along::All), Matrix::from_rows({{1}}));
}

TEST(reduce_test, sum_is_accurate_on_long_inputs) {
  // 0.1 summed a million times: pairwise summation stays within a few ulp of the exact value.
  const Matrix x(1, 1000000, 0.1);
  EXPECT_NEAR(sum(x, Along::All)[0], 100000.0, 1e-9);
}

TEST(reduce_test, complex_sum_keeps_both_parts) {
  Matrix x(1, 2, Matrix::Element::ComplexValued);
  x.set(0, Complex(1, 2));
  x.set(1, Complex(3, -5));
  const Matrix s = sum(x, Along::All);
  ASSERT_TRUE(s.is_complex());
  EXPECT_EQ(s.complex_at(0), Complex(4, -3));
}

TEST(reduce_test, prod_and_mean) {
  EXPECT_EQ(prod(grid(), Along::Columns), Matrix::from_rows({{4, 10, 18}}));
  EXPECT_EQ(mean(Matrix::from_rows({{1, 2, 3, 4, 5}}), Along::All)[0], 3.0);
  EXPECT_EQ(mean(grid(), Along::Rows), Matrix::from_rows({{2}, {5}}));
}

// The lesson's H_pre = randn(4, 6) * 3.0 + 1.5 after seed(12): its row means as printed.
TEST(reduce_test, lesson_row_means) {
  Rng rng(12);
  const Matrix h = randn_matrix(rng, 4, 6);
  Matrix scaled(4, 6);
  for (Index k = 0; k < 24; ++k) scaled.set(k, h[k] * 3.0 + 1.5);
  const Matrix means = mean(scaled, Along::Rows);
  const double expected[] = {3.094142, 1.693534, 0.838429, 0.358285};
  for (Index r = 0; r < 4; ++r) EXPECT_NEAR(means[r], expected[r], 5e-7);
  const Matrix deviations = standard_deviation(scaled, Along::Rows, Normalization::Population);
  const double expected_std[] = {4.138909, 2.198121, 3.128124, 2.108934};
  for (Index r = 0; r < 4; ++r) EXPECT_NEAR(deviations[r], expected_std[r], 5e-7);
}

TEST(reduce_test, median_odd_even_and_nan) {
  EXPECT_EQ(median(Matrix::from_rows({{3, 1, 2}}), Along::All)[0], 2.0);
  EXPECT_EQ(median(Matrix::from_rows({{4, 1, 3, 2}}), Along::All)[0], 2.5);
  EXPECT_TRUE(std::isnan(median(Matrix::from_rows({{1, kNaN, 3}}), Along::All)[0]));
  EXPECT_EQ(median(grid(), Along::Columns), Matrix::from_rows({{2.5, 3.5, 4.5}}));
}

TEST(reduce_test, variance_and_standard_deviation) {
  const Matrix x = Matrix::from_rows({{2, 4, 4, 4, 5, 5, 7, 9}});
  EXPECT_DOUBLE_EQ(variance(x, Along::All, Normalization::Population)[0], 4.0);
  EXPECT_DOUBLE_EQ(standard_deviation(x, Along::All, Normalization::Population)[0], 2.0);
  EXPECT_DOUBLE_EQ(variance(x, Along::All, Normalization::Sample)[0], 32.0 / 7.0);
  EXPECT_EQ(variance(Matrix::from_rows({{5}}), Along::All, Normalization::Sample)[0], 0.0);
}

TEST(reduce_test, complex_variance_uses_magnitudes) {
  Matrix x(1, 2, Matrix::Element::ComplexValued);
  x.set(0, Complex(0, 1));
  x.set(1, Complex(0, -1));
  EXPECT_DOUBLE_EQ(variance(x, Along::All, Normalization::Sample)[0], 2.0);
}

TEST(reduce_test, max_and_min_with_indices) {
  const Matrix x = Matrix::from_rows({{3, 7, 7, -1}});
  const ExtremumResult top = extremum(x, Along::All, Extremum::Max);
  EXPECT_EQ(top.values[0], 7.0);
  EXPECT_EQ(top.indices[0], 2.0);  // first occurrence
  const ExtremumResult bottom = extremum(x, Along::All, Extremum::Min);
  EXPECT_EQ(bottom.values[0], -1.0);
  EXPECT_EQ(bottom.indices[0], 4.0);
  const ExtremumResult columns = extremum(grid(), Along::Columns, Extremum::Max);
  EXPECT_EQ(columns.values, Matrix::from_rows({{4, 5, 6}}));
  EXPECT_EQ(columns.indices, Matrix::from_rows({{2, 2, 2}}));
  EXPECT_EQ(extremum(grid(), Along::Rows, Extremum::Min).indices, Matrix::from_rows({{1}, {1}}));
}

TEST(reduce_test, max_skips_nan_and_fails_on_all_nan) {
  const ExtremumResult top = extremum(Matrix::from_rows({{kNaN, 2, 1}}), Along::All, Extremum::Max);
  EXPECT_EQ(top.values[0], 2.0);
  EXPECT_EQ(top.indices[0], 2.0);
  try {
    extremum(Matrix::from_rows({{kNaN, kNaN}}), Along::All, Extremum::Max);
    FAIL() << "expected an error";
  } catch (const Error& error) {
    EXPECT_STREQ(error.what(), "max: input is all NaN");
  }
  try {
    extremum(Matrix::from_rows({{kNaN, 1}, {kNaN, 2}}), Along::Columns, Extremum::Min);
    FAIL() << "expected an error";
  } catch (const Error& error) {
    EXPECT_STREQ(error.what(), "min: a column contains only NaN values");
  }
}

TEST(reduce_test, complex_max_compares_magnitudes) {
  Matrix x(1, 3, Matrix::Element::ComplexValued);
  x.set(0, Complex(3, 0));
  x.set(1, Complex(0, -4));
  x.set(2, Complex(-2, 0));
  const ExtremumResult top = extremum(x, Along::All, Extremum::Max);
  EXPECT_EQ(top.values.complex_at(0), Complex(0, -4));
  EXPECT_EQ(top.indices[0], 2.0);
}

TEST(reduce_test, elementwise_extremum_broadcasts_and_skips_nan) {
  const Matrix a = Matrix::from_rows({{1, 5, kNaN}});
  EXPECT_EQ(extremum_elementwise(a, Matrix::from_rows({{3}}), Extremum::Max),
            Matrix::from_rows({{3, 5, 3}}));
  EXPECT_EQ(
      extremum_elementwise(Matrix::from_rows({{0}}), Matrix::from_rows({{-5}}), Extremum::Min),
      Matrix::from_rows({{-5}}));
  EXPECT_EQ(extremum_elementwise(Matrix::from_rows({{1}, {4}}), Matrix::from_rows({{2, 3}}),
                                 Extremum::Max),
            Matrix::from_rows({{2, 3}, {4, 4}}));
  EXPECT_THROW(extremum_elementwise(Matrix(1, 3), Matrix(1, 2), Extremum::Max), Error);
}

TEST(reduce_test, any_and_all) {
  const Matrix x = Matrix::from_rows({{0, 1, 0}, {0, 1, kNaN}});
  EXPECT_EQ(any(x, Along::Columns), Matrix::from_rows({{0, 1, 1}}));
  EXPECT_EQ(all(x, Along::Columns), Matrix::from_rows({{0, 1, 0}}));
  EXPECT_EQ(any(x, Along::All)[0], 1.0);
  EXPECT_EQ(all(x, Along::All)[0], 0.0);
  EXPECT_EQ(all(Matrix(0, 0), Along::All)[0], 1.0);
  EXPECT_EQ(any(Matrix(0, 0), Along::All)[0], 0.0);
}

TEST(reduce_test, trapz_unit_and_given_spacing) {
  EXPECT_EQ(trapz(Matrix(), Matrix::from_rows({{1, 2, 3}})), Complex(4.0));
  EXPECT_EQ(trapz(Matrix::from_rows({{0, 1, 3}}), Matrix::from_rows({{1, 1, 1}})), Complex(3.0));
  EXPECT_EQ(trapz(Matrix(), Matrix::from_rows({{5}})), Complex(0.0));
}

// The row-by-row column paths (and the row slices) must give, bit for bit, what reducing
// each column or row alone gives (Along::All on a copy goes through the plain slice code).
Matrix column_of(const Matrix& x, Index column) {
  Matrix result(x.rows(), 1);
  for (Index r = 0; r < x.rows(); ++r) result.set(r, x.complex_at(r, column).real());
  return result;
}

Matrix row_of(const Matrix& x, Index row) {
  Matrix result(1, x.columns());
  for (Index c = 0; c < x.columns(); ++c) result.set(c, x.complex_at(row, c).real());
  return result;
}

void expect_same_bits(double got, double want, const std::string& what) {
  EXPECT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(want))
      << what << ": " << got << " vs " << want;
}

void expect_slices_match(const Matrix& x, Along along) {
  const bool by_columns = along == Along::Columns;
  const Index slices = by_columns ? x.columns() : x.rows();
  const Matrix sums = sum(x, along);
  const Matrix means = mean(x, along);
  const Matrix variances = variance(x, along, Normalization::Sample);
  const Matrix deviations = standard_deviation(x, along, Normalization::Population);
  for (Index s = 0; s < slices; ++s) {
    const Matrix slice = by_columns ? column_of(x, s) : row_of(x, s);
    const std::string what = (by_columns ? "column " : "row ") + std::to_string(s);
    expect_same_bits(sums[s], sum(slice, Along::All)[0], "sum " + what);
    expect_same_bits(means[s], mean(slice, Along::All)[0], "mean " + what);
    expect_same_bits(variances[s], variance(slice, Along::All, Normalization::Sample)[0],
                     "variance " + what);
    expect_same_bits(deviations[s],
                     standard_deviation(slice, Along::All, Normalization::Population)[0],
                     "std " + what);
  }
}

TEST(reduce_test, fast_column_and_row_paths_match_slices_bit_for_bit) {
  Rng rng(5);
  // More than 128 rows (or columns) so the pairwise split happens, and counts that are not a
  // multiple of the row group.
  const Matrix tall = randn_matrix(rng, 1001, 7);
  const Matrix wide = randn_matrix(rng, 7, 1001);
  expect_slices_match(tall, Along::Columns);
  expect_slices_match(tall, Along::Rows);
  expect_slices_match(wide, Along::Columns);
  expect_slices_match(wide, Along::Rows);
}

TEST(reduce_test, fast_column_extremum_skips_nan_and_keeps_first_tie) {
  Rng rng(6);
  Matrix x = randn_matrix(rng, 300, 5);
  x.set(0, 0, kNaN);  // a leading NaN is skipped
  x.set(10, 1, 9.0);  // a tie: the first occurrence wins
  x.set(20, 1, 9.0);
  for (const Extremum which : {Extremum::Max, Extremum::Min}) {
    const ExtremumResult result = extremum(x, Along::Columns, which);
    for (Index c = 0; c < x.columns(); ++c) {
      const ExtremumResult alone = extremum(column_of(x, c), Along::All, which);
      expect_same_bits(result.values[c], alone.values[0], "value of column " + std::to_string(c));
      EXPECT_EQ(result.indices[c], alone.indices[0]) << "column " << c;
    }
  }
  EXPECT_EQ(extremum(x, Along::Columns, Extremum::Max).indices[1], 11.0);
  Matrix all_nan = Matrix::from_rows({{1, kNaN}, {2, kNaN}});
  EXPECT_THROW(extremum(all_nan, Along::Columns, Extremum::Max), Error);
}

}  // namespace
}  // namespace llmlab::num
