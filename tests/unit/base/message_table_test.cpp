// The message table's rules, over every row of every chapter: each text is written once, is a
// well-formed fmt format string (a literal brace doubled), and reads as the rest of llmlab's
// messages do: no "error:" prefix (the report adds it), no full stop or space at either end.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "base/messages/all.hpp"

namespace llmlab {
namespace {

// The number of `{}` or `{:spec}` fields in `text`, or -1 when a brace is unpaired.
int format_fields(std::string_view text) {
  int fields = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '}') {
      if (i + 1 < text.size() && text[i + 1] == '}') {
        ++i;
        continue;
      }
      return -1;
    }
    if (text[i] != '{') continue;
    if (i + 1 < text.size() && text[i + 1] == '{') {
      ++i;
      continue;
    }
    const auto close = text.find('}', i);
    if (close == std::string_view::npos ||
        text.substr(i + 1, close - i - 1).find('{') != std::string_view::npos)
      return -1;
    ++fields;
    i = close;
  }
  return fields;
}

TEST(message_table, format_fields_counts_and_rejects) {
  EXPECT_EQ(format_fields("plain"), 0);
  EXPECT_EQ(format_fields("{} and {:.3g}"), 2);
  EXPECT_EQ(format_fields("cells use {{}} braces: {}"), 1);
  EXPECT_EQ(format_fields("an open { brace"), -1);
  EXPECT_EQ(format_fields("a close } brace"), -1);
}

TEST(message_table, is_not_empty) { EXPECT_GT(std::size(messages::all_rows), 0u); }

TEST(message_table, every_text_is_written_once) {
  std::set<std::string_view> seen;
  for (const auto& row : messages::all_rows) {
    EXPECT_TRUE(seen.insert(row.text).second) << row.name << ": \"" << row.text << "\" twice";
  }
}

TEST(message_table, every_text_is_a_format_string) {
  for (const auto& row : messages::all_rows) {
    const int fields = format_fields(row.text);
    EXPECT_GE(fields, 0) << row.name << ": an unpaired brace in \"" << row.text << '"';
    // A text used without formatting must read as written: a doubled brace would show twice.
    if (fields == 0) {
      EXPECT_EQ(row.text.find_first_of("{}"), std::string_view::npos) << row.name;
    }
  }
}

TEST(message_table, every_text_reads_as_a_message) {
  for (const auto& row : messages::all_rows) {
    ASSERT_FALSE(row.text.empty()) << row.name;
    EXPECT_NE(row.text.front(), ' ') << row.name;
    EXPECT_NE(row.text.back(), ' ') << row.name;
    EXPECT_NE(row.text.back(), '.') << row.name << ": \"" << row.text << '"';
    EXPECT_NE(row.text.substr(0, 6), "error:") << row.name;
  }
}

}  // namespace
}  // namespace llmlab
