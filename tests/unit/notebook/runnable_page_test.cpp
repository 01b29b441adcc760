// The runnable page's static part (issue #29): block elements, the manifest, prose values.
#include "notebook/runnable_page.hpp"

#include <gtest/gtest.h>

#include <string>

#include "base/json.hpp"
#include "notebook/execute.hpp"
#include "notebook/parse.hpp"
#include "notebook/render.hpp"

namespace llmlab::notebook {
namespace {

ExecutedNotebook run_page(const std::string& markdown, bool mark_values = true) {
  ExecuteOptions options;
  options.block_timeout_seconds = 0;
  options.mark_values = mark_values;
  return execute_notebook(parse_notebook(markdown), options);
}

json::Value manifest_of(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"llmlab-page\">";
  const std::size_t start = page.find(open);
  EXPECT_NE(start, std::string::npos) << page;
  if (start == std::string::npos) return {};
  const std::size_t end = page.find("</script>", start);
  return json::parse(page.substr(start + open.size(), end - start - open.size()), "manifest");
}

constexpr std::string_view kPage =
    "# Values ${1 + 1}\n\nBefore: ${x0}.\n\n```rlab\nx = 3;\n```\n\n"
    "Three is ${x}, a fraction ${x / 4:%.2f}, in math $y = ${x}$, in a [link](a${x}.html).\n\n"
    "<!-- hide -->\n```rlab\ndisp(\"</script><!--\")\n```\n";

TEST(runnable_page, blocks_values_and_manifest) {
  const ExecutedNotebook notebook = run_page(std::string(kPage));
  HtmlOptions options;
  options.page_name = "values.md";
  const std::string page = render_html(notebook, options).text;
  // Every code block, hidden ones too, is a block element in page order.
  EXPECT_NE(page.find("<div class=\"code-block\" data-llmlab-block=\"0\">"), std::string::npos);
  EXPECT_NE(page.find("<div class=\"code-block\" data-llmlab-block=\"1\">"), std::string::npos);
  EXPECT_NE(page.find("<script defer src=\"assets/llmlab/page.js\"></script>"), std::string::npos);
  // The heading's value stays text (its id as without marks); prose values become elements.
  EXPECT_NE(page.find("<h1 id=\"values-2\">Values 2</h1>"), std::string::npos) << page;
  EXPECT_NE(page.find("Three is <span data-llmlab-value=\"2\">3</span>, a fraction "
                      "<span data-llmlab-value=\"3\">0.75</span>, in math"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("href=\"a3.html\""), std::string::npos) << page;
  EXPECT_EQ(page.find('\x1e'), std::string::npos);
  EXPECT_EQ(page.find('\x1f'), std::string::npos);
  // A code block's text never ends the manifest's script element early.
  EXPECT_EQ(page.find("</script><!--"), std::string::npos);

  const json::Value manifest = manifest_of(page);
  EXPECT_EQ(manifest["page"], "values.md");
  EXPECT_EQ(manifest["light"], false);
  ASSERT_EQ(manifest["blocks"].size(), 2u);
  EXPECT_EQ(manifest["blocks"][0]["code"], "x = 3;");
  EXPECT_EQ(manifest["blocks"][1]["code"], "disp(\"</script><!--\")");
  EXPECT_EQ(manifest["blocks"][0]["line"], 6);  // its first line of code
  // Values outside math, in the order they appear: the heading's, the failing one before any
  // block, then the two after block 0 and the link's; the one in math is not updated.
  const json::Value& values = manifest["values"];
  ASSERT_EQ(values.size(), 5u) << values.dump();
  EXPECT_EQ(values[1]["expression"], "x0");
  EXPECT_EQ(values[1]["after"], -1);
  EXPECT_EQ(values[2]["expression"], "x");
  EXPECT_EQ(values[2]["after"], 0);
  EXPECT_TRUE(values[2]["format"].is_null());
  EXPECT_EQ(values[3]["expression"], "x / 4");
  EXPECT_EQ(values[3]["format"], "%.2f");
  EXPECT_EQ(values[4]["after"], 0);
}

TEST(runnable_page, markdown_pages_carry_no_marks) {
  const ExecutedNotebook notebook = run_page(std::string(kPage), false);
  EXPECT_TRUE(notebook.values.empty());
  const std::string page = render_markdown(notebook, MarkdownOptions{"values", false}).text;
  EXPECT_NE(page.find("Three is 3, a fraction 0.75, in math $y = 3$"), std::string::npos) << page;
  EXPECT_EQ(page.find('\x1e'), std::string::npos);
}

TEST(runnable_page, value_elements_skip_tags_and_headings) {
  int next = 5;
  const std::string html = value_elements(
      "<h2 id=\"a\">A \x1e"
      "1\x1f</h2><p>b \x1e"
      "2\x1f <a href=\"x%1E3%1F\">c</a> \x1e"
      "4\x1f</p>",
      next);
  EXPECT_EQ(html,
            "<h2 id=\"a\">A 1</h2><p>b <span data-llmlab-value=\"6\">2</span> "
            "<a href=\"x3\">c</a> <span data-llmlab-value=\"8\">4</span></p>");
  EXPECT_EQ(next, 9);
  EXPECT_EQ(without_value_marks("a\x1e"
                                "1\x1f"),
            "a1");
}

// The session's start comes first in the page's head (issue #29): its worker is started by an
// inline script while the page is read, and the page script runs before KaTeX's typesetting;
// mermaid's script is loaded once a diagram nears the view, never with the page.
TEST(runnable_page, the_session_starts_before_the_rest_of_the_page) {
  const ExecutedNotebook notebook =
      run_page("# Start\n\n```mermaid\nflowchart LR\n  a --> b\n```\n\n```rlab\nx = 1;\n```\n");
  const std::string page = render_html(notebook, HtmlOptions{}).text;
  const std::size_t worker = page.find("new Worker('assets/llmlab/worker.js')");
  const std::size_t script = page.find("<script defer src=\"assets/llmlab/page.js\"></script>");
  const std::size_t katex = page.find("<script defer src=\"assets/katex/katex.min.js\"></script>");
  const std::size_t body = page.find("<body");
  ASSERT_NE(worker, std::string::npos) << page;
  ASSERT_NE(script, std::string::npos);
  ASSERT_NE(katex, std::string::npos);
  EXPECT_LT(worker, script);
  EXPECT_LT(script, katex);
  EXPECT_LT(katex, body);
  // KaTeX leaves the editors page.js made alone.
  EXPECT_NE(page.find("ignoredClasses: ['source', 'output', 'error', 'llmlab-editor']"),
            std::string::npos);
  EXPECT_EQ(page.find("<script defer src=\"assets/mermaid/mermaid.min.js\""), std::string::npos);
  EXPECT_NE(page.find("llmlabMermaid.src = 'assets/mermaid/mermaid.min.js';"), std::string::npos);
  EXPECT_NE(page.find("new IntersectionObserver("), std::string::npos);
  EXPECT_NE(page.find("<pre class=\"mermaid\">flowchart LR"), std::string::npos) << page;
}

}  // namespace
}  // namespace llmlab::notebook
