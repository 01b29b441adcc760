// The cap on a block's printed output: the first bytes kept, whole characters only, the rest
// counted for the marker.
#include "base/output_cap.hpp"

#include <gtest/gtest.h>

#include <string>

namespace llmlab {
namespace {

TEST(output_cap, keeps_the_first_bytes_and_counts_the_rest) {
  OutputCap cap(10);
  EXPECT_EQ(cap.admit("hello "), "hello ");
  EXPECT_EQ(cap.admit("world!"), "worl");
  EXPECT_EQ(cap.admit("more"), "");
  EXPECT_EQ(cap.cut(), 6u);
  EXPECT_EQ(cap.marker(), "[output cut: 6 more bytes past the 10-byte limit (--max-output)]");
  cap.reset();
  EXPECT_EQ(cap.cut(), 0u);
  EXPECT_EQ(cap.marker(), "");
  EXPECT_EQ(cap.admit("0123456789"), "0123456789");  // exactly the limit: nothing cut
  EXPECT_EQ(cap.marker(), "");
  EXPECT_EQ(cap.admit("x"), "");
  EXPECT_EQ(cap.cut(), 1u);
}

TEST(output_cap, never_cuts_inside_a_character) {
  OutputCap cap(4);
  // "aé€": a (1 byte), é (2), € (3): the cut falls inside €, which goes whole.
  EXPECT_EQ(cap.admit("a\xC3\xA9\xE2\x82\xAC"), "a\xC3\xA9");
  EXPECT_EQ(cap.cut(), 3u);
}

TEST(output_cap, defaults_to_one_mebibyte) {
  OutputCap cap;
  const std::string line(1000, 'x');
  std::size_t kept = 0;
  for (int i = 0; i < 2000; ++i) kept += cap.admit(line).size();
  EXPECT_EQ(kept, kDefaultMaxOutput);
  EXPECT_EQ(cap.cut(), 2000u * 1000u - kDefaultMaxOutput);
}

}  // namespace
}  // namespace llmlab
