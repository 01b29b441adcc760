// Tests for num/nd_shape.hpp against Octave's results for the same calls.
#include "num/nd_shape.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "counting_array.hpp"

namespace llmlab::num {
namespace {

// The elements in MATLAB's linear order, as A(:)' lists them.
std::vector<double> linear(const NdArray& array) {
  std::vector<double> values;
  for (Index k = 0; k < array.size(); ++k)
    values.push_back(array.pages()[offset_of(array.dims(), k)]);
  return values;
}

TEST(nd_shape_test, reshape_keeps_linear_order) {
  const NdArray x = counting({2, 3, 4});
  const NdArray y = reshaped(x, {4, 6});
  EXPECT_EQ(y.dims(), (Dims{4, 6}));
  EXPECT_EQ(linear(y), linear(x));
  // Regrouping pages only shares the storage.
  EXPECT_TRUE(reshaped(x, {2, 3, 2, 2}).pages().shares_storage_with(x.pages()));
  EXPECT_EQ(reshaped(x, {2, 3, 2, 2}).dims(), (Dims{2, 3, 2, 2}));
}

TEST(nd_shape_test, permute_matches_octave) {
  const NdArray p = permuted(counting({2, 3, 4}), std::vector<int>{2, 0, 1});
  EXPECT_EQ(p.dims(), (Dims{4, 2, 3}));
  // P(1:6) in Octave: 1 7 13 19 2 8.
  const std::vector<double> all = linear(p);
  const std::vector<double> first(all.begin(), all.begin() + 6);
  EXPECT_EQ(first, (std::vector<double>{1, 7, 13, 19, 2, 8}));
  EXPECT_EQ(permuted(counting({2, 3}), std::vector<int>{1, 0}).page(0),
            Matrix::from_rows({{1, 2}, {3, 4}, {5, 6}}));
}

TEST(nd_shape_test, squeeze_drops_singletons) {
  EXPECT_EQ(squeezed(NdArray({1, 3, 1, 2})).dims(), (Dims{3, 2}));
  EXPECT_EQ(squeezed(NdArray({1, 1, 4})).dims(), (Dims{4, 1}));
  EXPECT_EQ(squeezed(NdArray({1, 3})).dims(), (Dims{1, 3}));
}

TEST(nd_shape_test, cat_joins_along_any_dim_and_skips_empties) {
  const std::vector<NdArray> parts = {NdArray::from_matrix(Matrix::from_rows({{1, 2}, {3, 4}})),
                                      NdArray(),
                                      NdArray::from_matrix(Matrix::from_rows({{5, 6}, {7, 8}}))};
  const NdArray c = concatenated(2, parts);
  EXPECT_EQ(c.dims(), (Dims{2, 2, 2}));
  EXPECT_EQ(linear(c), (std::vector<double>{1, 3, 2, 4, 5, 7, 6, 8}));
  const std::vector<NdArray> mismatched = {NdArray({2, 2}), NdArray({2, 3})};
  EXPECT_EQ(concatenation_mismatch(2, mismatched), 1);
  EXPECT_EQ(concatenation_mismatch(1, mismatched), -1);
}

TEST(nd_shape_test, repmat_tiles_every_dim) {
  const NdArray r = repeated(NdArray::from_matrix(Matrix::from_rows({{1, 2}, {3, 4}})),
                             std::vector<Index>{1, 2, 2});
  EXPECT_EQ(r.dims(), (Dims{2, 4, 2}));
  EXPECT_EQ(linear(r), (std::vector<double>{1, 3, 2, 4, 1, 3, 2, 4, 1, 3, 2, 4, 1, 3, 2, 4}));
  const NdArray r2 = repeated(counting({2, 3, 4}), std::vector<Index>{2, 1});
  EXPECT_EQ(r2.dims(), (Dims{4, 3, 4}));
  // R3(3, 1, 2) in Octave is 7.
  EXPECT_EQ(r2.pages()[offset_of(r2.dims(), 2 + 4 * 0 + 12 * 1)], 7.0);
}

TEST(nd_shape_test, slices_along_a_dim_are_columns_in_result_order) {
  // Along dim 3 of reshape(1:12, 2, 3, 2): the slices (1, 7), (2, 8), ... in linear order.
  const Matrix slices = slices_along(counting({2, 3, 2}), 2);
  EXPECT_EQ(slices, Matrix::from_rows({{1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12}}));
  EXPECT_EQ(reduced_dims({2, 3, 2}, 2), (Dims{2, 3}));
  EXPECT_EQ(reduced_dims({2, 3, 2}, 1), (Dims{2, 1, 2}));
  // Along dim 2: each column is one row of one page.
  EXPECT_EQ(slices_along(counting({2, 3, 2}), 1).columns(), 4);
  EXPECT_EQ(slices_along(counting({2, 3, 2}), 1).rows(), 3);
}

TEST(nd_shape_test, slices_along_a_vecdim_span_every_dim_named) {
  // Along dims 1 and 3 of reshape(1:24, 2, 3, 4): column 1 is A(:, 1, :)(:), which Octave's
  // reshape(permute(A, [1 3 2]), 8, 3)(:, 1) lists as 1 2 7 8 13 14 19 20.
  const std::vector<int> along = {0, 2};
  const Matrix slices = slices_along(counting({2, 3, 4}), along);
  EXPECT_EQ(slices.rows(), 8);
  EXPECT_EQ(slices.columns(), 3);
  const std::vector<double> expected = {1, 2, 7, 8, 13, 14, 19, 20};
  for (Index r = 0; r < 8; ++r) EXPECT_EQ(slices(r, 0), expected[static_cast<std::size_t>(r)]);
  EXPECT_EQ(reduced_dims({2, 3, 4}, along), (Dims{1, 3}));
  // A dim past the last counts as extent 1.
  const std::vector<int> beyond = {1, 4};
  EXPECT_EQ(reduced_dims({2, 3, 4}, beyond), (Dims{2, 1, 4}));
  EXPECT_EQ(slices_along(counting({2, 3, 4}), beyond).rows(), 3);
}

TEST(nd_shape_test, c_order_is_numpy_layout) {
  // Octave: reshape(permute(A, [3 2 1]), 1, [])(1:8) of A = reshape(1:24, 2, 3, 4).
  const NdArray a = counting({2, 3, 4});
  const Matrix c = c_order_elements(a);
  EXPECT_EQ(c.rows(), 1);
  const std::vector<double> expected = {1, 7, 13, 19, 3, 9, 15, 21};
  for (Index k = 0; k < 8; ++k) EXPECT_EQ(c[k], expected[static_cast<std::size_t>(k)]);
  EXPECT_EQ(from_c_order({2, 3, 4}, c), a);
  // A matrix in C order is its row-major storage (1 3 5 2 4 6 for reshape(1:6, 2, 3)).
  EXPECT_EQ(c_order_elements(counting({2, 3})), Matrix::from_rows({{1, 3, 5, 2, 4, 6}}));
  EXPECT_EQ(from_c_order({2, 3, 1}, Matrix::from_rows({{1, 3, 5, 2, 4, 6}})).dims(), (Dims{2, 3}));
}

TEST(nd_shape_test, rows_along_dim_2_is_the_storage_and_round_trips) {
  const NdArray a = counting({2, 3, 4});
  // Along MATLAB's dim 2 the rows are the pages' rows, the storage itself.
  const Matrix rows = rows_along(a, 1);
  EXPECT_TRUE(rows.shares_storage_with(a.pages()));
  EXPECT_EQ(rows.rows(), 8);
  EXPECT_EQ(rows.columns(), 3);
  // Along dim 3 each row is one A(i, j, :): A(1, 1, :) is 1 7 13 19 in Octave.
  const Matrix deep = rows_along(a, 2);
  EXPECT_EQ(deep.columns(), 4);
  EXPECT_EQ(deep(0, 0), 1.0);
  EXPECT_EQ(deep(0, 1), 7.0);
  EXPECT_EQ(deep(0, 3), 19.0);
  for (int dim = 0; dim < 4; ++dim) {
    EXPECT_EQ(from_rows_along(rows_along(a, dim), a.dims(), dim), a) << "dim " << dim;
  }
}

}  // namespace
}  // namespace llmlab::num
