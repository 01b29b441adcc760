// Value: kinds, factories, copies (cheap, value semantics), conversions and their errors.
#include "runtime/value.hpp"

#include <gtest/gtest.h>

#include "base/error.hpp"

namespace llmlab::runtime {
namespace {

TEST(value, scalars_are_unboxed_and_copy_cheaply) {
  const Value x = Value::scalar(2.5);
  const Value y = x;
  EXPECT_EQ(y.kind(), Kind::Scalar);
  EXPECT_EQ(y.scalar_value(), 2.5);
  EXPECT_EQ(Value::boolean(true).scalar_value(), 1.0);
  EXPECT_LE(sizeof(Value), 48u);
}

TEST(value, kind_names_follow_the_spec) {
  EXPECT_EQ(Value::none().kind_name(), "none");
  EXPECT_EQ(Value::scalar(1).kind_name(), "scalar");
  EXPECT_EQ(Value::complex({1, 2}).kind_name(), "complex");
  EXPECT_EQ(Value::boolean(false).kind_name(), "bool");
  EXPECT_EQ(Value::string("a").kind_name(), "string");
  EXPECT_EQ(Value::string_array({"a"}).kind_name(), "string_array");
  EXPECT_EQ(Value::vector(num::Matrix(1, 3)).kind_name(), "vector");
  EXPECT_EQ(Value::matrix(num::Matrix(2, 3)).kind_name(), "matrix");
  EXPECT_EQ(Value::structure().kind_name(), "struct");
  EXPECT_EQ(Value::tuple({}).kind_name(), "tuple");
  EXPECT_EQ(Value::function_handle("f").kind_name(), "function_handle");
  EXPECT_EQ(Value::all_index().kind_name(), "all-index");
}

TEST(value, matrix_copies_share_storage_until_written) {
  Value a = Value::matrix(num::Matrix(2, 2, 1.0));
  Value b = a;
  EXPECT_TRUE(a.matrix_value().shares_storage_with(b.matrix_value()));
  b.mutable_matrix().set(0, 5.0);
  EXPECT_EQ(a.matrix_value()[0], 1.0);
  EXPECT_EQ(b.matrix_value()[0], 5.0);
}

TEST(value, vector_factory_reshapes_to_one_row) {
  const Value v = Value::vector(num::Matrix(3, 1, 2.0));
  EXPECT_EQ(v.matrix_value().rows(), 1);
  EXPECT_EQ(v.matrix_value().columns(), 3);
}

TEST(value, like_keeps_the_input_kind) {
  EXPECT_EQ(Value::like(Value::vector(num::Matrix(1, 2)), num::Matrix(1, 2)).kind(), Kind::Vector);
  EXPECT_EQ(Value::like(Value::matrix(num::Matrix(1, 2)), num::Matrix(1, 2)).kind(), Kind::Matrix);
  EXPECT_EQ(Value::like(Value::scalar(1), num::Matrix(1, 1, 4.0)).scalar_value(), 4.0);
}

TEST(value, conversions_report_the_kind) {
  EXPECT_EQ(Value::boolean(true).as_scalar(), 1.0);
  EXPECT_EQ(Value::complex({3, 1e-12}).as_scalar(), 3.0);
  try {
    (void)Value::string("x").as_scalar();
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "expected scalar, got string");
  }
  EXPECT_THROW((void)Value::scalar(1).as_string(), Error);
  EXPECT_EQ(Value::scalar(3).as_matrix().size(), 1);
}

TEST(value, structs_have_value_semantics) {
  Value s = Value::structure();
  s.set_field("a", Value::scalar(1));
  Value t = s;
  t.set_field("a", Value::scalar(2));
  EXPECT_EQ(s.field("a")->scalar_value(), 1.0);
  EXPECT_EQ(t.field("a")->scalar_value(), 2.0);
  EXPECT_EQ(s.field("missing"), nullptr);
}

TEST(value, moves_leave_none_behind) {
  Value a = Value::string("hello");
  Value b = std::move(a);
  EXPECT_EQ(b.string_value(), "hello");
  EXPECT_TRUE(a.is_none());  // NOLINT(bugprone-use-after-move): documented state
}

}  // namespace
}  // namespace llmlab::runtime
