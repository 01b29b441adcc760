#include "base/text_escape.hpp"

#include <gtest/gtest.h>

namespace llmlab {
namespace {

TEST(xml_escape, entities_and_utf8) {
  EXPECT_EQ(xml_escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  EXPECT_EQ(xml_escape("σ ≈ |x_l|"), "σ ≈ |x_l|");
  EXPECT_EQ(xml_escape(""), "");
}

TEST(quoted_string, json_and_toml_escapes) {
  EXPECT_EQ(quoted_string("plain"), "\"plain\"");
  EXPECT_EQ(quoted_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(quoted_string("x\ny\tz\r"), "\"x\\ny\\tz\\r\"");
  EXPECT_EQ(quoted_string(std::string("\x01\x7f", 2)), "\"\\u0001\\u007F\"");
  EXPECT_EQ(quoted_string("×"), "\"×\"");
}

TEST(xml_escape, each_place_escapes_its_own_set) {
  const std::string text = R"(a&b<c>"d'[e])";
  EXPECT_EQ(xml_escape(text), "a&amp;b&lt;c&gt;&quot;d&apos;[e]");
  EXPECT_EQ(xml_escape(text, EscapeFor::Text), R"(a&amp;b&lt;c&gt;"d'[e])");
  EXPECT_EQ(xml_escape(text, EscapeFor::MarkdownProse), R"(a&amp;b&lt;c&gt;"d'&#91;e&#93;)");
  EXPECT_EQ(xml_escape("π ≤ 1", EscapeFor::Text), "π ≤ 1");
}

}  // namespace
}  // namespace llmlab

namespace llmlab {
namespace {

TEST(percent_encode_path, file_names_stay_literal_paths) {
  EXPECT_EQ(percent_encode_path("plots/a-b_c.svg"), "plots/a-b_c.svg");
  EXPECT_EQ(percent_encode_path("c d%%20#?.html"), "c%20d%25%2520%23%3F.html");
  EXPECT_EQ(percent_encode_path("a\"><script>.html"), "a%22%3E%3Cscript%3E.html");
  EXPECT_EQ(percent_decode("c%20d%25%2520%23%3F.html"), "c d%%20#?.html");
  EXPECT_EQ(percent_decode("100%"), "100%");
}

// RFC 4648's test vectors, each padding case included.
TEST(base64, rfc_4648_vectors) {
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64(std::string("\x89PNG\xff\0", 6)), "iVBOR/8A");
}

}  // namespace
}  // namespace llmlab
