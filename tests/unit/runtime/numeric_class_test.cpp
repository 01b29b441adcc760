// The numeric class rules (runtime/numeric_class.hpp): names, conversion, result classes.
#include "runtime/numeric_class.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "base/error.hpp"
#include "num/matrix.hpp"

namespace llmlab::runtime {
namespace {

TEST(numeric_class, names_round_trip) {
  for (NumClass cls : {NumClass::Double, NumClass::Logical, NumClass::Single, NumClass::Int8,
                       NumClass::UInt8, NumClass::Int16, NumClass::UInt16, NumClass::Int32,
                       NumClass::UInt32, NumClass::Int64, NumClass::UInt64}) {
    EXPECT_EQ(class_from_name(class_name(cls)), cls);
  }
  EXPECT_EQ(class_name(NumClass::UInt16), "uint16");
  EXPECT_FALSE(class_from_name("char").has_value());
  EXPECT_FALSE(class_from_name("int128").has_value());
}

TEST(numeric_class, groups) {
  EXPECT_TRUE(is_integer_class(NumClass::Int8));
  EXPECT_TRUE(is_integer_class(NumClass::UInt64));
  EXPECT_FALSE(is_integer_class(NumClass::Single));
  EXPECT_TRUE(is_float_class(NumClass::Single));
  EXPECT_FALSE(is_float_class(NumClass::Logical));
  EXPECT_FALSE(is_special_class(NumClass::Double));
  EXPECT_FALSE(is_special_class(NumClass::Logical));
  EXPECT_TRUE(is_special_class(NumClass::Single));
}

TEST(numeric_class, integers_round_half_away_and_saturate) {
  EXPECT_EQ(to_class(2.5, NumClass::Int32), 3.0);
  EXPECT_EQ(to_class(-2.5, NumClass::Int32), -3.0);
  EXPECT_EQ(to_class(200.0, NumClass::Int8), 127.0);
  EXPECT_EQ(to_class(-200.0, NumClass::Int8), -128.0);
  EXPECT_EQ(to_class(-1.0, NumClass::UInt8), 0.0);
  EXPECT_EQ(to_class(std::nan(""), NumClass::Int16), 0.0);
  EXPECT_EQ(to_class(std::numeric_limits<double>::infinity(), NumClass::UInt16), 65535.0);
  EXPECT_FALSE(std::signbit(to_class(-0.4, NumClass::Int8)));
  EXPECT_EQ(integer_lowest(NumClass::Int32), -2147483648.0);
  EXPECT_EQ(integer_highest(NumClass::UInt32), 4294967295.0);
}

TEST(numeric_class, single_rounds_to_float) {
  EXPECT_EQ(to_class(0.1, NumClass::Single), static_cast<double>(0.1f));
  EXPECT_EQ(to_class(16777217.0, NumClass::Single), 16777216.0);
  EXPECT_TRUE(std::isinf(to_class(1e40, NumClass::Single)));
  EXPECT_EQ(to_class(0.1, NumClass::Double), 0.1);
}

TEST(numeric_class, converts_matrices) {
  num::Matrix m(1, 3);
  m.set(0, 1.5);
  m.set(1, 300.0);
  m.set(2, -7.2);
  convert_to_class(m, NumClass::UInt8);
  EXPECT_EQ(m[0], 2.0);
  EXPECT_EQ(m[1], 255.0);
  EXPECT_EQ(m[2], 0.0);
}

TEST(numeric_class, arithmetic_class) {
  EXPECT_EQ(arithmetic_class(NumClass::Int8, NumClass::Double), NumClass::Int8);
  EXPECT_EQ(arithmetic_class(NumClass::Double, NumClass::UInt16), NumClass::UInt16);
  EXPECT_EQ(arithmetic_class(NumClass::Int32, NumClass::Single), NumClass::Int32);
  EXPECT_EQ(arithmetic_class(NumClass::Logical, NumClass::Int8), NumClass::Int8);
  EXPECT_EQ(arithmetic_class(NumClass::Single, NumClass::Double), NumClass::Single);
  EXPECT_EQ(arithmetic_class(NumClass::Logical, NumClass::Logical), NumClass::Double);
  EXPECT_EQ(arithmetic_class(NumClass::Int16, NumClass::Int16), NumClass::Int16);
  EXPECT_THROW(arithmetic_class(NumClass::Int8, NumClass::Int16), Error);
}

TEST(numeric_class, concatenation_class) {
  EXPECT_EQ(concatenation_class(NumClass::Double, NumClass::Int8), NumClass::Int8);
  EXPECT_EQ(concatenation_class(NumClass::Int16, NumClass::Int8), NumClass::Int16);
  EXPECT_EQ(concatenation_class(NumClass::Single, NumClass::Double), NumClass::Single);
  EXPECT_EQ(concatenation_class(NumClass::Logical, NumClass::Logical), NumClass::Logical);
  EXPECT_EQ(concatenation_class(NumClass::Logical, NumClass::Double), NumClass::Double);
}

TEST(numeric_class, integer_text) {
  EXPECT_EQ(integer_text(-5.0, NumClass::Int8), "-5");
  EXPECT_EQ(integer_text(2147483647.0, NumClass::Int32), "2147483647");
  EXPECT_EQ(integer_text(0x1p63, NumClass::Int64), "9223372036854775807");
  EXPECT_EQ(integer_text(0x1p64, NumClass::UInt64), "18446744073709551615");
}

}  // namespace
}  // namespace llmlab::runtime
