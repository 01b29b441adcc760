#include "base/error.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace llmlab {
namespace {

std::shared_ptr<const SourceFile> file() {
  return std::make_shared<const SourceFile>("demo.rlab", "x = 1;\n\ty = σ + bad(2);\r\nz = 3");
}

TEST(source_file, lines) {
  const auto source = file();
  EXPECT_EQ(source->line(1), "x = 1;");
  EXPECT_EQ(source->line(2), "\ty = σ + bad(2);");  // the \r of a CRLF line is dropped
  EXPECT_EQ(source->line(3), "z = 3");
  EXPECT_EQ(source->line(4), "");
  EXPECT_EQ(source->line(0), "");
}

TEST(error_report, location_line_and_caret) {
  // Column 10 counts code points: the tab, "y = ", "σ", " + " come before "bad".
  const Error error("undefined function 'bad'", SourceLoc{file(), 2, 10});
  EXPECT_EQ(format_error_report(error),
            "demo.rlab:2:10: error: undefined function 'bad'\n"
            "    \ty = σ + bad(2);\n"
            "    \t        ^\n");
}

TEST(error_report, without_location_and_with_trace) {
  Error error("boom");
  EXPECT_EQ(format_error_report(error), "error: boom\n");
  error.set_where_if_missing(SourceLoc{file(), 1, 5});
  error.add_trace("in f at demo.rlab:3:1");
  EXPECT_EQ(format_error_report(error),
            "demo.rlab:1:5: error: boom\n    x = 1;\n        ^\n  in f at demo.rlab:3:1\n");
  // A location already set is kept.
  error.set_where_if_missing(SourceLoc{file(), 3, 1});
  EXPECT_EQ(error.where()->line, 1);
}

}  // namespace
}  // namespace llmlab
