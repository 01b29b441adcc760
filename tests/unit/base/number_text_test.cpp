#include "base/number_text.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace llmlab {
namespace {

TEST(parse_double, whole_text_is_one_correctly_rounded_number) {
  EXPECT_EQ(parse_double("0.1"), 0.1);
  EXPECT_EQ(parse_double("1e3"), 1000.0);
  EXPECT_EQ(parse_double(".5"), 0.5);
  EXPECT_EQ(parse_double("2.2250738585072014e-308"), std::numeric_limits<double>::min());
  // Halfway between 1 and the next double: rounds to even, i.e. 1.
  EXPECT_EQ(parse_double("1.00000000000000011102230246251565404236316680908203125"), 1.0);
  EXPECT_EQ(parse_double("9007199254740993"), 9007199254740992.0);
}

TEST(parse_double, beyond_the_range_saturates) {
  EXPECT_EQ(parse_double("1e400"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(parse_double("1e-400"), 0.0);
}

TEST(parse_double, anything_but_one_number_is_refused) {
  EXPECT_FALSE(parse_double(""));
  EXPECT_FALSE(parse_double("1.5x"));
  EXPECT_FALSE(parse_double("1,5"));
  EXPECT_FALSE(parse_double("e5"));
  EXPECT_FALSE(
      parse_double(std::string("1\0"
                               "2",
                               3)));
}

}  // namespace
}  // namespace llmlab
