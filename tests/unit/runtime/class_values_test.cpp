// Values of a numeric class under the operators (runtime/class_values.hpp, operators.hpp).
#include "runtime/class_values.hpp"

#include <gtest/gtest.h>

#include "base/error.hpp"
#include "runtime/operators.hpp"

namespace llmlab::runtime {
namespace {

using lang::BinaryOp;

Value int32_scalar(double x) { return Value::classed_scalar(x, NumClass::Int32); }

TEST(class_values, conversion_tags_and_rounds) {
  const Value x = converted_to_class(Value::scalar(2.5), NumClass::Int8);
  EXPECT_EQ(x.num_class(), NumClass::Int8);
  EXPECT_EQ(x.scalar_value(), 3.0);
  EXPECT_FALSE(x.is_double_scalar());
  const Value b = converted_to_class(Value::boolean(true), NumClass::UInt8);
  EXPECT_EQ(b.kind(), Kind::Scalar);
  EXPECT_EQ(b.num_class(), NumClass::UInt8);
  EXPECT_EQ(without_class(x).num_class(), NumClass::Double);
  EXPECT_TRUE(without_class(x).is_double_scalar());
}

TEST(class_values, integer_division_rounds) {
  const Value q = binary_operation(BinaryOp::Divide, int32_scalar(7), int32_scalar(2));
  EXPECT_EQ(q.num_class(), NumClass::Int32);
  EXPECT_EQ(q.scalar_value(), 4.0);
}

TEST(class_values, integer_with_double_saturates) {
  const Value s = binary_operation(BinaryOp::Multiply, int32_scalar(2e9), Value::scalar(2.0));
  EXPECT_EQ(s.num_class(), NumClass::Int32);
  EXPECT_EQ(s.scalar_value(), 2147483647.0);
}

TEST(class_values, comparisons_give_logical) {
  const Value c = binary_operation(BinaryOp::Less, int32_scalar(1), Value::scalar(2.0));
  EXPECT_TRUE(c.is(Kind::Bool));
  EXPECT_TRUE(c.bool_value());
}

TEST(class_values, two_integer_classes_do_not_mix) {
  EXPECT_THROW(
      binary_operation(BinaryOp::Add, int32_scalar(1), Value::classed_scalar(1.0, NumClass::Int8)),
      Error);
}

TEST(class_values, negation_saturates) {
  const Value n =
      unary_operation(lang::UnaryOp::Negate, Value::classed_scalar(-128, NumClass::Int8));
  EXPECT_EQ(n.scalar_value(), 127.0);
  EXPECT_EQ(n.num_class(), NumClass::Int8);
}

TEST(class_values, single_with_double_is_single) {
  const Value s = binary_operation(BinaryOp::Add, Value::classed_scalar(1.0, NumClass::Single),
                                   Value::scalar(0.1));
  EXPECT_EQ(s.num_class(), NumClass::Single);
  EXPECT_EQ(s.scalar_value(), static_cast<double>(1.1f));
}

TEST(class_values, arrays_keep_the_class) {
  num::Matrix m(1, 2);
  m.set(0, 100.0);
  m.set(1, 120.0);
  const Value a = Value::matrix(m, NumClass::Int8);
  const Value sum = binary_operation(BinaryOp::Add, a, Value::scalar(10.0));
  EXPECT_EQ(sum.num_class(), NumClass::Int8);
  EXPECT_EQ(sum.matrix_value()[1], 127.0);
}

}  // namespace
}  // namespace llmlab::runtime
