// append_utf8: every encoded length, and the replacement of values that are no scalar.
#include "base/utf8.hpp"

#include <gtest/gtest.h>

namespace llmlab {
namespace {

std::string encoded(char32_t code) {
  std::string out;
  append_utf8(out, code);
  return out;
}

TEST(utf8, encodes_one_to_four_bytes) {
  EXPECT_EQ(encoded(U'A'), "A");
  EXPECT_EQ(encoded(U'é'), "\xC3\xA9");
  EXPECT_EQ(encoded(U'×'), "\xC3\x97");
  EXPECT_EQ(encoded(U'€'), "\xE2\x82\xAC");
  EXPECT_EQ(encoded(U'\U0001F600'), "\xF0\x9F\x98\x80");
  EXPECT_EQ(encoded(0x10FFFF), "\xF4\x8F\xBF\xBF");
}

TEST(utf8, replaces_surrogates_and_values_past_the_last_code_point) {
  const std::string replacement = "\xEF\xBF\xBD";
  EXPECT_EQ(encoded(0xD800), replacement);
  EXPECT_EQ(encoded(0xDFFF), replacement);
  EXPECT_EQ(encoded(0x110000), replacement);
}

}  // namespace
}  // namespace llmlab
