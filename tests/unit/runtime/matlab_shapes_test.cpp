// The matlab dialect's array shapes (runtime/matlab_shapes.hpp, language.md §14): no Vector
// reaches matlab code, and index reads take MATLAB's shapes. Expected shapes are Octave 7.3's.
#include "runtime/matlab_shapes.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "base/error.hpp"
#include "num/matrix.hpp"

namespace llmlab::runtime {
namespace {

// 1..n laid out rows×columns in MATLAB's (column-major) order.
Value counting(num::Index rows, num::Index columns) {
  num::Matrix m(rows, columns);
  for (num::Index c = 0; c < columns; ++c) {
    for (num::Index r = 0; r < rows; ++r) m.set(r, c, static_cast<double>(c * rows + r + 1));
  }
  return Value::matrix(std::move(m));
}

num::Matrix row_matrix(const std::vector<double>& values) { return num::Matrix::row(values); }

Value row_of(const std::vector<double>& values) { return Value::vector(row_matrix(values)); }

Value column_of(const std::vector<double>& values) {
  const num::Index n = static_cast<num::Index>(values.size());
  return Value::matrix(row_matrix(values).with_shape(n, 1));
}

std::pair<num::Index, num::Index> shape(const Value& value) {
  EXPECT_EQ(value.kind(), Kind::Matrix);
  return {value.matrix_value().rows(), value.matrix_value().columns()};
}

using Shape = std::pair<num::Index, num::Index>;

TEST(matlab_shapes, a_vector_is_a_row_matrix_and_keeps_its_logical_mark) {
  const Value mask = Value::vector(row_matrix({1.0, 0.0}), true);
  const Value seen = as_matlab_value(mask);
  EXPECT_EQ(shape(seen), Shape(1, 2));
  EXPECT_TRUE(seen.is_logical());
  const Value outputs = as_matlab_value(Value::tuple({row_of({1, 2, 3}), Value::scalar(4)}));
  EXPECT_EQ(shape(outputs.tuple_items()[0]), Shape(1, 3));
  EXPECT_TRUE(outputs.tuple_items()[1].is(Kind::Scalar));
  EXPECT_TRUE(as_matlab_value(Value::scalar(2)).is(Kind::Scalar));
  // A 1×1 array is its number; a logical one a Bool.
  const Value one = as_matlab_value(Value::matrix(num::Matrix(1, 1, 32.0)));
  ASSERT_TRUE(one.is(Kind::Scalar));
  EXPECT_EQ(one.scalar_value(), 32.0);
  EXPECT_TRUE(as_matlab_value(Value::vector(row_matrix({1.0}), true)).is(Kind::Bool));
}

TEST(matlab_shapes, an_empty_answer_to_an_empty_question_is_square) {
  const Value nothing = Value::vector(num::Matrix(1, 0));
  const Value empty_square = Value::matrix(num::Matrix(0, 0));
  const Value three = Value::scalar(3);
  EXPECT_EQ(shape(as_matlab_output(nothing, {&empty_square, 1})), Shape(0, 0));
  EXPECT_EQ(shape(as_matlab_output(nothing, {&three, 1})), Shape(1, 0));
  const Value outputs = as_matlab_output(Value::tuple({nothing, row_of({1})}), {&empty_square, 1});
  EXPECT_EQ(shape(outputs.tuple_items()[0]), Shape(0, 0));
  EXPECT_TRUE(outputs.tuple_items()[1].is(Kind::Scalar));  // a 1×1 answer is its number
}

TEST(matlab_shapes, colon_reads_a_column) {
  const Value all = Value::all_index();
  EXPECT_EQ(shape(matlab_index_read(counting(3, 4), {&all, 1})), Shape(12, 1));
  EXPECT_EQ(shape(matlab_index_read(row_of({1, 2, 3}), {&all, 1})), Shape(3, 1));
}

TEST(matlab_shapes, two_subscripts_read_rows_by_columns) {
  const Value M = counting(4, 4);
  const std::vector<Value> column = {Value::all_index(), Value::scalar(3)};
  const Value read = matlab_index_read(M, column);
  EXPECT_EQ(shape(read), Shape(4, 1));
  EXPECT_EQ(read.matrix_value()[1], 10.0);  // M(2, 3)
  const std::vector<Value> row = {Value::scalar(2), Value::all_index()};
  EXPECT_EQ(shape(matlab_index_read(M, row)), Shape(1, 4));
}

TEST(matlab_shapes, one_subscript_follows_a_vector_or_the_index) {
  const Value index_column = column_of({1, 2});
  const Value index_row = row_of({1, 2});
  EXPECT_EQ(shape(matlab_index_read(row_of({5, 6, 7}), {&index_column, 1})), Shape(1, 2));
  EXPECT_EQ(shape(matlab_index_read(column_of({5, 6, 7}), {&index_row, 1})), Shape(2, 1));
  EXPECT_EQ(shape(matlab_index_read(counting(3, 3), {&index_column, 1})), Shape(2, 1));
  const Value ones_column = column_of({1, 1});
  EXPECT_EQ(shape(matlab_index_read(Value::scalar(5), {&ones_column, 1})), Shape(2, 1));
  // A matrix-shaped index takes its elements column by column: M([1 2; 3 4]) of magic-like 1..9.
  num::Matrix square(2, 2);
  square.set(0, 0, 1.0);
  square.set(0, 1, 2.0);
  square.set(1, 0, 3.0);
  square.set(1, 1, 4.0);
  const Value index_square = Value::matrix(square);
  const Value read = matlab_index_read(counting(3, 3), {&index_square, 1});
  EXPECT_EQ(shape(read), Shape(2, 2));
  EXPECT_EQ(read.matrix_value()(0, 1), 2.0);
  EXPECT_EQ(read.matrix_value()(1, 0), 3.0);
}

TEST(matlab_shapes, a_mask_reads_as_find_of_it) {
  const Value row_mask = Value::matrix(row_matrix({1.0, 0.0, 1.0}), true);
  EXPECT_EQ(shape(matlab_index_read(counting(3, 3), {&row_mask, 1})), Shape(1, 2));
  const Value column_mask = Value::matrix(row_matrix({1.0, 0.0, 1.0}).with_shape(3, 1), true);
  EXPECT_EQ(shape(matlab_index_read(counting(3, 3), {&column_mask, 1})), Shape(2, 1));
  EXPECT_EQ(shape(matlab_index_read(row_of({4, 5, 6}), {&column_mask, 1})), Shape(1, 2));
}

TEST(matlab_shapes, a_row_has_one_row) {
  const std::vector<Value> past = {Value::scalar(2), Value::scalar(1)};
  EXPECT_THROW(matlab_index_read(row_of({1, 2, 3}), past), Error);
}

}  // namespace
}  // namespace llmlab::runtime
