// Ids inside inline SVG figures are global to the page: two figures must never share one, or a
// figure's clip-path resolves to another figure's rectangle and it draws nothing (issue #16).
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>

#include "notebook/execute.hpp"
#include "notebook/parse.hpp"
#include "notebook/render.hpp"

namespace llmlab::notebook {
namespace {

std::map<std::string, int> id_counts(const std::string& page) {
  std::map<std::string, int> counts;
  const std::regex id_attribute(R"re(\sid="([^"]+)")re");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), id_attribute);
       it != std::sregex_iterator(); ++it) {
    ++counts[(*it)[1].str()];
  }
  return counts;
}

TEST(figure_ids, unique_across_a_page_of_clipped_figures) {
  // Four figures with two clipped axes each; the third repeats the first exactly.
  const std::string source =
      "# Figures\n\n"
      "```rlab\nfigure(); subplot(1, 2, 1); plot([1 2 3], [1 4 9]); subplot(1, 2, 2); "
      "plot([1 2 3], [3 2 1]);\n```\n\n"
      "```rlab\nfigure(); subplot(1, 2, 1); plot([1 2], [5 6]); subplot(1, 2, 2); "
      "plot([0 1], [1 0]);\n```\n\n"
      "```rlab\nfigure(); subplot(1, 2, 1); plot([1 2 3], [1 4 9]); subplot(1, 2, 2); "
      "plot([1 2 3], [3 2 1]);\n```\n\n"
      "```rlab\nfigure(); plot(1:10, (1:10).^2);\n```\n";
  const ExecutedNotebook executed = execute_notebook(parse_notebook(source), ExecuteOptions{});
  std::size_t figures = 0;
  for (const ExecutedBlock& block : executed.blocks) figures += block.figures.size();
  ASSERT_EQ(figures, 4u);
  const std::string page = render_html(executed, HtmlOptions{}).text;
  const std::map<std::string, int> counts = id_counts(page);
  int clip_ids = 0;
  for (const auto& [id, count] : counts) {
    EXPECT_EQ(count, 1) << "id \"" << id << "\" occurs " << count << " times";
    if (id.find("clip") != std::string::npos) ++clip_ids;
  }
  EXPECT_GE(clip_ids, 7);  // 2 + 2 + 2 + 1 axes, each clipped
  // Every reference points at an id of the page.
  const std::regex reference(R"re(url\(#([^)]+)\))re");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), reference);
       it != std::sregex_iterator(); ++it) {
    EXPECT_EQ(counts.count((*it)[1].str()), 1u) << (*it)[0].str();
  }
}

}  // namespace
}  // namespace llmlab::notebook
