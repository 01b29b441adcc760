// Tests for num/nd_array.hpp: the page layout (a 2-D array is its Matrix), MATLAB's linear
// order over it, and the region rules (read, write, growth, deletion) that N-D indexing uses.
#include "num/nd_array.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "counting_array.hpp"
#include "expect_error.hpp"

namespace llmlab::num {
namespace {

TEST(nd_array_test, extents_are_canonical) {
  EXPECT_EQ(canonical_dims({2, 3, 1, 1}), (Dims{2, 3}));
  EXPECT_EQ(canonical_dims({2, 1, 4}), (Dims{2, 1, 4}));
  EXPECT_EQ(canonical_dims({5}), (Dims{5, 1}));
  EXPECT_EQ(NdArray({2, 3, 4}).ndims(), 3);
  EXPECT_EQ(NdArray({2, 3, 4}).size(), 24);
  EXPECT_EQ(NdArray({2, 3, 4}).extent(5), 1);
  EXPECT_EQ(NdArray({2, 0, 3}).size(), 0);
  EXPECT_THROW_MSG(NdArray({2, -1, 3}), "array extents must be non-negative, got 2x-1x3");
  EXPECT_THROW_MSG(NdArray({100000, 100000, 100000}),
                   "out of memory: cannot allocate a 100000x100000x100000 array");
}

TEST(nd_array_test, a_two_dim_array_is_its_matrix) {
  const Matrix m = Matrix::from_rows({{1, 2, 3}, {4, 5, 6}});
  const NdArray array = NdArray::from_matrix(m);
  EXPECT_TRUE(array.pages().shares_storage_with(m));
  EXPECT_EQ(array.dims(), (Dims{2, 3}));
  // Linear index 1 (MATLAB's A(2)) is row 2, column 1: the row-major element 3.
  EXPECT_EQ(offset_of(array.dims(), 1), 3);
}

TEST(nd_array_test, pages_are_contiguous_row_major_matrices) {
  const NdArray array = counting({2, 3, 2});
  // reshape(1:12, 2, 3, 2)(:, :, 2) is [7 9 11; 8 10 12].
  EXPECT_EQ(array.page(1), Matrix::from_rows({{7, 9, 11}, {8, 10, 12}}));
  EXPECT_EQ(array.pages().rows(), 4);
  EXPECT_EQ(array.pages().columns(), 3);
}

TEST(nd_array_test, subscript_extents_pad_or_merge_trailing_dims) {
  EXPECT_EQ(subscript_extents({2, 3, 4}, 2), (Dims{2, 12}));
  EXPECT_EQ(subscript_extents({2, 3, 4}, 1), (Dims{24}));
  EXPECT_EQ(subscript_extents({2, 3}, 4), (Dims{2, 3, 1, 1}));
}

TEST(nd_array_test, read_region_follows_matlab_order) {
  const NdArray array = counting({2, 3, 4});
  // A(2, [1 3], [2 4]) is 1×2×2: [8 12] and [20 24] (Octave).
  const NdArray picked = read_region(array, Picks{{1}, {0, 2}, {1, 3}});
  EXPECT_EQ(picked.dims(), (Dims{1, 2, 2}));
  EXPECT_EQ(picked.page(0), Matrix::from_rows({{8, 12}}));
  EXPECT_EQ(picked.page(1), Matrix::from_rows({{20, 24}}));
  // Two subscripts on 2×3×4 see a 2×12 matrix: A(1, 8) is 15.
  EXPECT_EQ(read_region(array, Picks{{0}, {7}}).pages()[0], 15.0);
}

TEST(nd_array_test, write_region_broadcasts_or_takes_values_in_order) {
  NdArray array = counting({2, 2, 2});
  write_region(array, Picks{{0, 1}, {1}, {0, 1}}, NdArray::from_matrix(Matrix(1, 1, -1.0)));
  EXPECT_EQ(array.page(0), Matrix::from_rows({{1, -1}, {2, -1}}));
  EXPECT_EQ(array.page(1), Matrix::from_rows({{5, -1}, {6, -1}}));
  // The right side's MATLAB order fills the region's: A(1, :, :) = [10 30; 20 40] in a 1×2×2.
  write_region(array, Picks{{0}, {0, 1}, {0, 1}},
               NdArray::from_matrix(Matrix::from_rows({{10, 20, 30, 40}})));
  EXPECT_EQ(array.page(0), Matrix::from_rows({{10, 20}, {2, -1}}));
  EXPECT_EQ(array.page(1), Matrix::from_rows({{30, 40}, {6, -1}}));
}

TEST(nd_array_test, write_region_promotes_to_complex_and_back) {
  NdArray array({1, 1, 2});
  NdArray value({1, 1}, Matrix::Element::ComplexValued);
  value.mutable_pages().set(0, Complex(0.0, 2.0));
  write_region(array, Picks{{0}, {0}, {1}}, value);
  EXPECT_TRUE(array.is_complex());
  EXPECT_EQ(array.pages().complex_at(1), Complex(0.0, 2.0));
  write_region(array, Picks{{0}, {0}, {1}}, NdArray({1, 1}));
  EXPECT_FALSE(array.is_complex());
}

TEST(nd_array_test, resized_keeps_elements_at_their_subscripts) {
  const NdArray grown =
      resized(NdArray::from_matrix(Matrix::from_rows({{1, 2}, {3, 4}})), Dims{3, 2, 2});
  EXPECT_EQ(grown.page(0), Matrix::from_rows({{1, 2}, {3, 4}, {0, 0}}));
  EXPECT_EQ(grown.page(1), Matrix(3, 2));
}

TEST(nd_array_test, delete_along_removes_one_dims_positions) {
  const NdArray array = counting({2, 2, 3});
  const NdArray kept = delete_along(array, 2, {1});
  EXPECT_EQ(kept.dims(), (Dims{2, 2, 2}));
  EXPECT_EQ(kept.page(1), Matrix::from_rows({{9, 11}, {10, 12}}));
  // Down to one page it is 2-D.
  EXPECT_EQ(delete_along(array, 2, {0, 2}).dims(), (Dims{2, 2}));
}

}  // namespace
}  // namespace llmlab::num
