// PageSession runs a page's blocks one at a time, as a reader of a runnable page asks for
// them: the blocks share one session, each block's output, error and figures are its own, and
// a failing block leaves the session usable.
#include "notebook/page_session.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "base/error.hpp"

namespace llmlab::notebook {
namespace {

Block code_block(std::string text, int line = 1) {
  Block block;
  block.kind = BlockKind::Code;
  block.text = std::move(text);
  block.line = line;
  return block;
}

TEST(page_session, blocks_share_one_session_and_capture_their_own_output) {
  PageSession page(ExecuteOptions{});
  const ExecutedBlock first = page.run_code(code_block("x = 3;\ndisp(x * 2)"));
  EXPECT_EQ(first.output, "6");
  EXPECT_FALSE(first.error.has_value());
  // The next block sees x, and its output holds only what it printed.
  const ExecutedBlock second = page.run_code(code_block("disp(x + 1)"));
  EXPECT_EQ(second.output, "4");
}

TEST(page_session, a_failing_block_reports_its_line_and_the_session_goes_on) {
  PageSession page(ExecuteOptions{});
  const ExecutedBlock failed = page.run_code(code_block("a = 1;\nb = undefined_name + 1;"));
  ASSERT_TRUE(failed.error.has_value());
  EXPECT_NE(failed.error->find("line 2:"), std::string::npos) << *failed.error;
  EXPECT_NE(failed.error->find("undefined_name"), std::string::npos) << *failed.error;
  // What ran before the error stays in the session.
  EXPECT_EQ(page.run_code(code_block("disp(a)")).output, "1");
}

TEST(page_session, a_syntax_error_shows_its_source_line_and_a_caret) {
  PageSession page(ExecuteOptions{});
  const ExecutedBlock failed = page.run_code(code_block("y = (1 + ;"));
  ASSERT_TRUE(failed.error.has_value());
  EXPECT_EQ(failed.error->rfind("parse error at line 1: ", 0), 0u) << *failed.error;
  EXPECT_NE(failed.error->find("\n    y = (1 + ;\n"), std::string::npos) << *failed.error;
  EXPECT_EQ(failed.error->back(), '^');
}

TEST(page_session, values_for_the_prose_come_from_the_same_session) {
  PageSession page(ExecuteOptions{});
  page.run_code(code_block("loss = 2.5;\nname = \"<b>\";"));
  EXPECT_EQ(page.value_text("loss * 2", std::nullopt), "5");
  EXPECT_EQ(page.value_text("loss", "%.3f"), "2.500");
  // A value may hold markup: it arrives escaped.
  EXPECT_EQ(page.value_text("name", std::nullopt), "&lt;b&gt;");
  EXPECT_EQ(page.interpolate_text("loss is ${loss:%.1f}."), "loss is 2.5.");
  EXPECT_THROW(page.value_text("missing_name", std::nullopt), Error);
}

TEST(page_session, each_block_returns_the_figures_it_drew) {
  PageSession page(ExecuteOptions{});
  const ExecutedBlock drawn = page.run_code(code_block("plot([1 2 3], [3 1 2]);"));
  ASSERT_EQ(drawn.figures.size(), 1u);
  EXPECT_EQ(drawn.figures[0].svg.rfind("<svg", 0), 0u);
  EXPECT_TRUE(drawn.figures[0].png.empty());  // PNG only when the options ask for it
  EXPECT_TRUE(page.run_code(code_block("z = 1;")).figures.empty());
}

}  // namespace
}  // namespace llmlab::notebook
