// Renders the seed lesson's four figures to PNG and SVG and checks what a reader would check:
// canvas sizes, log decades, legends present, nothing blank. Set LLMLAB_PLOT_OUTPUT_DIR to keep
// the files for viewing.
#include "seed_figures.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "plot/export.hpp"
#include "plot/layout.hpp"

namespace llmlab::plot {
namespace {

void keep(const Figure& figure, const std::string& stem) {
  const char* dir = std::getenv("LLMLAB_PLOT_OUTPUT_DIR");
  if (dir == nullptr) return;
  std::filesystem::create_directories(dir);
  save(figure, std::string(dir) + "/" + stem + ".png");
  save(figure, std::string(dir) + "/" + stem + ".svg");
}

std::vector<std::string> labelled_exponents(const AxisLayout& axis) {
  std::vector<std::string> result;
  for (const Tick& t : axis.ticks) {
    if (!t.label.empty()) result.push_back(t.superscript);
  }
  return result;
}

TEST(seed_figures, histograms_stack_two_panels) {
  const Figure f = testing::histogram_figure();
  keep(f, "seed-1-histograms");
  const TextMetrics metrics;
  const FigureLayout l = layout(f, metrics);
  EXPECT_EQ(l.width, 900);
  EXPECT_EQ(l.height, 1000);
  ASSERT_EQ(l.panels.size(), 2u);
  EXPECT_TRUE(l.panels[0].legend_entries.empty());
  EXPECT_EQ(l.panels[0].y.low, 0.0);
  EXPECT_LT(l.panels[0].data.bottom(), l.panels[1].cell.y);
}

TEST(seed_figures, magnitude_log_axis_has_even_decades) {
  const Figure f = testing::magnitude_figure();
  keep(f, "seed-2-magnitude");
  const TextMetrics metrics;
  const FigureLayout l = layout(f, metrics);
  const PanelLayout& p = l.panels[0];
  EXPECT_DOUBLE_EQ(p.y.low, 1e-7);
  EXPECT_DOUBLE_EQ(p.y.high, 1e5);
  EXPECT_EQ(labelled_exponents(p.y), (std::vector<std::string>{"-6", "-4", "-2", "0", "2", "4"}));
  EXPECT_EQ(p.legend_entries.size(), 3u);
}

TEST(seed_figures, pre_post_is_two_wide_panels_with_legends) {
  const Figure f = testing::pre_post_figure();
  keep(f, "seed-3-pre-post");
  const TextMetrics metrics;
  const FigureLayout l = layout(f, metrics);
  EXPECT_EQ(l.width, 1800);
  EXPECT_EQ(l.panels[0].legend_entries.size(), 3u);
  EXPECT_EQ(l.panels[1].legend_entries.size(), 4u);
}

TEST(seed_figures, jacobian_reference_line_sits_on_the_zero_decade) {
  const Figure f = testing::jacobian_figure();
  keep(f, "seed-4-jacobian");
  const TextMetrics metrics;
  const FigureLayout l = layout(f, metrics);
  const PanelLayout& p = l.panels[0];
  EXPECT_LE(p.y.low, 1e-7);
  EXPECT_GE(p.y.high, 10.0);
  EXPECT_EQ(p.legend_entries.size(), 4u);
  const std::string svg = render_svg(f);
  EXPECT_NE(svg.find("<tspan baseline-shift=\"super\" font-size=\"75%\">0</tspan>"),
            std::string::npos);
}

TEST(seed_figures, png_is_not_blank) {
  const Raster r = render_raster(testing::magnitude_figure());
  ASSERT_EQ(r.width, 900);
  ASSERT_EQ(r.height, 500);
  std::size_t differing = 0;
  for (std::size_t i = 0; i < r.rgba.size(); i += 4) {
    if (r.rgba[i] != r.rgba[0] || r.rgba[i + 1] != r.rgba[1]) ++differing;
  }
  EXPECT_GT(differing, 5000u);
}

}  // namespace
}  // namespace llmlab::plot
