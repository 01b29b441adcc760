// The one slice dispatch (builtins/slices.hpp): which Along each value kind and dim select, and
// the kinds per-slice results come back as.
#include "builtins/slices.hpp"

#include <gtest/gtest.h>

namespace llmlab::builtins {
namespace {

using num::Along;
using num::Matrix;
using runtime::Kind;
using runtime::Value;

TEST(slices, plan_slices_follows_the_min_max_table) {
  const Value vector = Value::vector(Matrix::from_rows({{1, 2, 3}}));
  const Value row = Value::matrix(Matrix::from_rows({{1, 2, 3}}));
  const Value square = Value::matrix(Matrix::from_rows({{1, 2}, {3, 4}}));
  EXPECT_EQ(plan_slices(Value::scalar(4), std::nullopt).action, Action::Unchanged);
  EXPECT_EQ(plan_slices(vector, std::nullopt).along, Along::All);
  EXPECT_EQ(plan_slices(vector, 1).action, Action::Unchanged);
  EXPECT_EQ(along_of(vector, plan_slices(vector, 1)), Along::Columns);
  EXPECT_EQ(plan_slices(row, std::nullopt).along, Along::All);
  EXPECT_EQ(plan_slices(row, 1).along, Along::Columns);
  EXPECT_EQ(plan_slices(square, std::nullopt).along, Along::Columns);
  EXPECT_EQ(plan_slices(square, 2).along, Along::Rows);
}

TEST(slices, plan_reduction_reduces_a_one_dimensional_matrix_whole_along_its_length) {
  const Value row = Value::matrix(Matrix::from_rows({{1, 2, 3}}));
  EXPECT_EQ(plan_reduction(row, std::nullopt).along, Along::All);
  EXPECT_EQ(plan_reduction(row, 2).along, Along::All);
  // Across its one dimension each element is a slice: sum(M, 1) of a 1×N M is M.
  EXPECT_EQ(plan_reduction(row, 1).along, Along::Columns);
  const Value column = Value::matrix(Matrix::from_rows({{1}, {2}}));
  EXPECT_EQ(plan_reduction(column, 1).along, Along::All);
  EXPECT_EQ(plan_reduction(column, 2).along, Along::Rows);
  const Value square = Value::matrix(Matrix::from_rows({{1, 2}, {3, 4}}));
  EXPECT_EQ(plan_reduction(square, 2).along, Along::Rows);
}

TEST(slices, results_come_back_in_the_arguments_kind) {
  const Value vector = Value::vector(Matrix::from_rows({{1, 2, 3}}));
  EXPECT_TRUE(per_slice_value(vector, plan_slices(vector, std::nullopt), Matrix(1, 1, 7.0))
                  .is(Kind::Scalar));
  EXPECT_TRUE(per_slice_value(vector, plan_slices(vector, 1), Matrix(1, 3, 7.0)).is(Kind::Vector));
  const Value square = Value::matrix(Matrix::from_rows({{1, 2}, {3, 4}}));
  EXPECT_TRUE(
      per_slice_value(square, plan_slices(square, std::nullopt), Matrix(1, 2)).is(Kind::Matrix));
  EXPECT_TRUE(transformed_value(Value::scalar(2), Matrix(1, 1, 2.0)).is(Kind::Scalar));
  EXPECT_TRUE(transformed_value(Value::scalar(2), Matrix(1, 0)).is(Kind::Vector));
  EXPECT_TRUE(transformed_value(vector, Matrix(1, 2)).is(Kind::Vector));
  EXPECT_TRUE(transformed_value(vector, Matrix(2, 3)).is(Kind::Matrix));
}

}  // namespace
}  // namespace llmlab::builtins
