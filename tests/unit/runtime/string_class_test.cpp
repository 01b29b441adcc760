// MATLAB's string class (runtime/string_class.hpp): conversion to strings and the operators.
#include "runtime/string_class.hpp"

#include <gtest/gtest.h>

#include "base/error.hpp"

namespace llmlab::runtime {
namespace {

using lang::BinaryOp;

TEST(string_class, number_text_follows_num2str) {
  EXPECT_EQ(number_as_text(42), "42");
  EXPECT_EQ(number_as_text(-3), "-3");
  EXPECT_EQ(number_as_text(3.14159265), "3.1416");
  EXPECT_EQ(number_as_text(21.666666), "21.6667");
  EXPECT_EQ(number_as_text(0.1), "0.1");
  EXPECT_EQ(number_as_text(1.0 / 0.0), "Inf");
  EXPECT_EQ(number_as_text(-1.0 / 0.0), "-Inf");
}

TEST(string_class, tag_tells_string_from_char) {
  const Value s = Value::string_scalar("abc");
  const Value c = Value::string("abc");
  EXPECT_TRUE(s.is_string_class());
  EXPECT_FALSE(c.is_string_class());
  EXPECT_EQ(s.element_count(), 1);
  EXPECT_EQ(c.element_count(), 3);
  const Value copy = s;
  EXPECT_TRUE(copy.is_string_class());
}

TEST(string_class, matrix_of_one_is_a_scalar) {
  const Value one = Value::string_matrix({"x"}, 1);
  EXPECT_TRUE(one.is(Kind::String));
  EXPECT_TRUE(one.is_string_class());
  const Value column = Value::string_matrix({"a", "b", "c"}, 3);
  EXPECT_TRUE(column.is(Kind::StringArray));
  EXPECT_EQ(column.string_array_rows(), 3);
  EXPECT_EQ(Value::string_matrix({}, 5).string_array_rows(), 0);
}

TEST(string_class, grid_of_a_matrix_is_column_major) {
  num::Matrix m(2, 2);
  m.set(0, 0, 1.0);
  m.set(0, 1, 2.0);
  m.set(1, 0, 3.0);
  m.set(1, 1, 4.5);
  const StringGrid grid = string_grid(Value::matrix(m));
  EXPECT_EQ(grid.rows, 2);
  EXPECT_EQ(grid.columns, 2);
  EXPECT_EQ(grid.items, (std::vector<std::string>{"1", "3", "2", "4.5"}));
}

TEST(string_class, plus_joins_and_pairs_a_scalar_with_each) {
  const Value joined =
      string_binary_operation(BinaryOp::Add, Value::string_scalar("x"), Value::scalar(1));
  EXPECT_TRUE(joined.is_string_class());
  EXPECT_EQ(joined.string_value(), "x1");
  const Value array = string_binary_operation(BinaryOp::Add, Value::string_matrix({"a", "b"}, 1),
                                              Value::string_scalar("!"));
  EXPECT_EQ(array.string_array_value(), (std::vector<std::string>{"a!", "b!"}));
}

TEST(string_class, comparisons_take_whole_texts) {
  EXPECT_TRUE(
      string_binary_operation(BinaryOp::Equal, Value::string_scalar("ab"), Value::string("ab"))
          .bool_value());
  EXPECT_FALSE(
      string_binary_operation(BinaryOp::Less, Value::string_scalar("b"), Value::string_scalar("a"))
          .bool_value());
  const Value truth = string_binary_operation(
      BinaryOp::NotEqual, Value::string_matrix({"a", "b"}, 1), Value::string_scalar("a"));
  EXPECT_TRUE(truth.is_logical());
  EXPECT_EQ(truth.matrix_value()(0, 1), 1.0);
}

TEST(string_class, mismatched_sizes_and_other_operators_fail) {
  EXPECT_THROW(string_binary_operation(BinaryOp::Add, Value::string_matrix({"a", "b"}, 1),
                                       Value::string_matrix({"a", "b", "c"}, 1)),
               Error);
  EXPECT_THROW(
      string_binary_operation(BinaryOp::Multiply, Value::string_scalar("a"), Value::scalar(2)),
      Error);
}

}  // namespace
}  // namespace llmlab::runtime
