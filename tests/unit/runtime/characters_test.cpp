// Counting and cutting UTF-8 string values into characters (language.md §1, §6.2).
#include "runtime/characters.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace llmlab::runtime {
namespace {

TEST(Characters, CountsCharactersNotBytes) {
  EXPECT_EQ(character_count(""), 0u);
  EXPECT_EQ(character_count("abc"), 3u);
  EXPECT_EQ(character_count("h\u00e9llo\u00d7"), 6u);  // é and × take two bytes each
  EXPECT_EQ(character_count("\u20ac\U0001F600"), 2u);  // three and four bytes
}

TEST(Characters, CutsWholeSequences) {
  const std::vector<std::string_view> parts = characters_of("a\u00d7\u20acb");
  ASSERT_EQ(parts.size(), 4u);
  EXPECT_EQ(parts[0], "a");
  EXPECT_EQ(parts[1], "\u00d7");
  EXPECT_EQ(parts[2], "\u20ac");
  EXPECT_EQ(parts[3], "b");
  EXPECT_TRUE(characters_of("").empty());
}

TEST(Characters, InvalidTextCountsAsItIsCut) {
  // Stray continuation bytes join the character before them (at the start they form one), and
  // the count agrees with the cut, so indexing and length stay consistent on any bytes.
  for (const std::string text : {"\x80\x80z", "a\x80", "\xe9ll", "\xff"}) {
    EXPECT_EQ(character_count(text), characters_of(text).size()) << text;
  }
  EXPECT_EQ(characters_of("\x80\x80z").size(), 2u);
}

TEST(Characters, DecodesCodePoints) {
  EXPECT_EQ(code_point_of("A"), U'A');
  EXPECT_EQ(code_point_of("\u00e9"), U'\u00e9');
  EXPECT_EQ(code_point_of("\u20ac"), U'\u20ac');
  EXPECT_EQ(code_point_of("\U0001F600"), U'\U0001F600');
  EXPECT_EQ(code_point_of(""), U'\0');
}

}  // namespace
}  // namespace llmlab::runtime
