// layout(): canvas and panel geometry, autoscaling, non-overlapping ticks, legend placement.
#include "plot/layout.hpp"

#include <gtest/gtest.h>

#include "seed_figures.hpp"

namespace llmlab::plot {
namespace {

Figure line_figure(std::vector<double> x, std::vector<double> y) {
  Figure f;
  Series s;
  s.x = std::move(x);
  s.y = std::move(y);
  f.axes[0].series.push_back(s);
  return f;
}

TEST(layout, canvas_is_900_by_500_per_cell_capped) {
  const TextMetrics metrics;
  Figure f;
  f.select_subplot(2, 3, 1);
  FigureLayout l = layout(f, metrics);
  EXPECT_EQ(l.width, 2700);
  EXPECT_EQ(l.height, 1000);
  f.select_subplot(1, 5, 1);
  l = layout(f, metrics);
  EXPECT_EQ(l.width, 3600);
  EXPECT_EQ(l.panels[4].cell.x, 4 * 720);
}

TEST(layout, linear_autoscale_pads_y_only) {
  const TextMetrics metrics;
  const FigureLayout l = layout(line_figure({0, 10}, {0, 5}), metrics);
  const PanelLayout& p = l.panels[0];
  EXPECT_DOUBLE_EQ(p.x.low, 0);
  EXPECT_DOUBLE_EQ(p.x.high, 10);
  EXPECT_DOUBLE_EQ(p.y.low, -0.5);
  EXPECT_DOUBLE_EQ(p.y.high, 5.5);
}

TEST(layout, degenerate_range_widens_by_one) {
  const TextMetrics metrics;
  const FigureLayout l = layout(line_figure({0, 1}, {3, 3}), metrics);
  EXPECT_DOUBLE_EQ(l.panels[0].y.low, 2);
  EXPECT_DOUBLE_EQ(l.panels[0].y.high, 4);
}

TEST(layout, explicit_limits_override) {
  const TextMetrics metrics;
  Figure f = line_figure({0, 1}, {0, 1});
  f.axes[0].y.limits = std::pair{-2.0, 2.0};
  const FigureLayout l = layout(f, metrics);
  EXPECT_DOUBLE_EQ(l.panels[0].y.low, -2);
  EXPECT_DOUBLE_EQ(l.panels[0].y.high, 2);
}

TEST(layout, reference_line_widens_y_range) {
  const TextMetrics metrics;
  Figure f = line_figure({0, 1}, {0, 1});
  f.axes[0].reference_lines.push_back(
      {Orientation::Horizontal, 10.0, Color{}, LineStyle::Dashed, 1.5, ""});
  EXPECT_GT(layout(f, metrics).panels[0].y.high, 10);
}

TEST(layout, x_tick_labels_never_overlap) {
  const TextMetrics metrics;
  // Long labels in a narrow panel force a coarser step.
  Figure f = line_figure({123456.0, 123457.5}, {0, 1});
  f.select_subplot(1, 4, 1);
  f.axes[0].series.push_back(line_figure({100000.123, 100000.987}, {0, 1}).axes[0].series[0]);
  const FigureLayout l = layout(f, metrics);
  const PanelLayout& p = l.panels[0];
  for (std::size_t i = 0; i + 1 < p.x.ticks.size(); ++i) {
    const double gap = p.map_x(p.x.ticks[i + 1].value) - p.map_x(p.x.ticks[i].value);
    const double half_widths = (metrics.width(p.x.ticks[i].label, FontSizes::kTick) +
                                metrics.width(p.x.ticks[i + 1].label, FontSizes::kTick)) /
                               2;
    EXPECT_GT(gap, half_widths);
  }
}

TEST(layout, log_axis_maps_decades_evenly) {
  const TextMetrics metrics;
  const Figure f = testing::magnitude_figure();
  const FigureLayout l = layout(f, metrics);
  const PanelLayout& p = l.panels[0];
  const double d1 = p.map_y(1e-2) - p.map_y(1e-1);
  const double d2 = p.map_y(1e3) - p.map_y(1e4);
  EXPECT_NEAR(d1, d2, 1e-9);
  EXPECT_NEAR(p.map_y(1e-7), p.data.bottom(), 1e-9);
  EXPECT_NEAR(p.map_y(1e5), p.data.y, 1e-9);
}

TEST(layout, best_legend_avoids_data) {
  const TextMetrics metrics;
  // A line through the upper right: the legend must go elsewhere.
  Figure f = line_figure({0, 10}, {0, 10});
  f.axes[0].series[0].label = "rising";
  f.axes[0].series[0].explicit_label = true;
  const FigureLayout l = layout(f, metrics);
  const PanelLayout& p = l.panels[0];
  ASSERT_TRUE(p.legend.has_value());
  EXPECT_LT(p.legend->x, p.data.x + p.data.width / 2);  // west
}

TEST(layout, legend_hidden_without_explicit_labels) {
  const TextMetrics metrics;
  const FigureLayout l = layout(line_figure({0, 1}, {0, 1}), metrics);
  EXPECT_FALSE(l.panels[0].legend.has_value());
}

TEST(layout, legend_call_without_labels_lists_data_names) {
  const TextMetrics metrics;
  Figure f = line_figure({0, 1}, {0, 1});
  f.axes[0].legend = LegendVisibility::Shown;
  const FigureLayout l = layout(f, metrics);
  ASSERT_EQ(l.panels[0].legend_entries.size(), 1u);
  EXPECT_EQ(l.panels[0].legend_entries[0].label, "data1");
}

TEST(layout, image_panels_are_square_with_colorbar) {
  const TextMetrics metrics;
  Figure f;
  Image image;
  image.rows = 3;
  image.columns = 4;
  image.values = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  f.axes[0].image = image;
  const FigureLayout l = layout(f, metrics);
  const PanelLayout& p = l.panels[0];
  EXPECT_DOUBLE_EQ(p.data.width, p.data.height);
  ASSERT_TRUE(p.colorbar.has_value());
  EXPECT_EQ(p.colorbar_ticks.size(), 5u);
  EXPECT_EQ(p.colorbar_ticks.front().label, "1.000");
  EXPECT_TRUE(p.y.reversed);
  EXPECT_LT(p.map_y(1), p.map_y(3));  // row 1 at the top
}

TEST(layout, title_and_labels_stay_inside_their_cell) {
  const TextMetrics metrics;
  const Figure f = testing::pre_post_figure();  // the layout points into the figure
  const FigureLayout l = layout(f, metrics);
  for (const PanelLayout& p : l.panels) {
    ASSERT_TRUE(p.title_at.has_value());
    const double w = metrics.width(p.axes->title, p.title_size);
    EXPECT_GE(p.title_at->x - w / 2, p.cell.x);
    EXPECT_LE(p.title_at->x + w / 2, p.cell.right());
    EXPECT_LE(p.data.right(), p.cell.right());
  }
}

TEST(layout, long_titles_shrink_to_fit_narrow_cells) {
  const TextMetrics metrics;
  Figure f;
  f.select_subplot(1, 8, 1);  // 450 px cells
  f.axes[0] = line_figure({0, 1}, {0, 1}).axes[0];
  f.axes[0].title = "A rather long title that cannot possibly fit into a quarter of the canvas";
  const FigureLayout l = layout(f, metrics);
  const PanelLayout& p = l.panels[0];
  EXPECT_LT(p.title_size, FontSizes::kTitle);
  const double w = metrics.width(p.axes->title, p.title_size);
  EXPECT_GE(p.title_at->x - w / 2, p.cell.x);
  EXPECT_LE(p.title_at->x + w / 2, p.cell.right());
}

}  // namespace
}  // namespace llmlab::plot
