// append_utf8: every encoded length, and the replacement of values that are no scalar; cutting
// text into characters (rlab strings count by character, language.md §1, §6.2).
#include "base/utf8.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

TEST(utf8, counts_characters_not_bytes) {
  EXPECT_EQ(character_count(""), 0u);
  EXPECT_EQ(character_count("abc"), 3u);
  EXPECT_EQ(character_count("h\u00e9llo\u00d7"), 6u);  // é and × take two bytes each
  EXPECT_EQ(character_count("\u20ac\U0001F600"), 2u);  // three and four bytes
}

TEST(utf8, cuts_whole_sequences) {
  const std::vector<std::string_view> parts = characters_of("a\u00d7\u20acb");
  ASSERT_EQ(parts.size(), 4u);
  EXPECT_EQ(parts[0], "a");
  EXPECT_EQ(parts[1], "\u00d7");
  EXPECT_EQ(parts[2], "\u20ac");
  EXPECT_EQ(parts[3], "b");
  EXPECT_TRUE(characters_of("").empty());
}

TEST(utf8, invalid_text_counts_as_it_is_cut) {
  // Stray continuation bytes join the character before them (at the start they form one), and
  // the count agrees with the cut, so indexing and length stay consistent on any bytes.
  for (const std::string text : {"\x80\x80z", "a\x80", "\xe9ll", "\xff"}) {
    EXPECT_EQ(character_count(text), characters_of(text).size()) << text;
  }
  EXPECT_EQ(characters_of("\x80\x80z").size(), 2u);
}

TEST(utf8, decodes_code_points) {
  EXPECT_EQ(code_point_of("A"), U'A');
  EXPECT_EQ(code_point_of("\u00e9"), U'\u00e9');
  EXPECT_EQ(code_point_of("\u20ac"), U'\u20ac');
  EXPECT_EQ(code_point_of("\U0001F600"), U'\U0001F600');
  EXPECT_EQ(code_point_of(""), U'\0');
}

}  // namespace
}  // namespace llmlab
