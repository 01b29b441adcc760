// Figure handles, subplot selection, hold-off clearing and colours (plotting.md §2, §3.3).
#include "plot/figure.hpp"

#include <gtest/gtest.h>

#include "plot/color.hpp"

namespace llmlab::plot {
namespace {

TEST(figure_set, first_figure_call_gets_handle_two) {
  FigureSet set;
  EXPECT_EQ(set.current_handle(), 0);
  EXPECT_EQ(set.new_figure(), 2);
  EXPECT_EQ(set.new_figure(), 3);
  EXPECT_EQ(set.handles(), (std::vector<int>{1, 2, 3}));
}

TEST(figure_set, select_raises_next_id_and_close_picks_highest) {
  FigureSet set;
  EXPECT_EQ(set.select_figure(7), 7);
  EXPECT_EQ(set.new_figure(), 8);
  set.close(8);
  EXPECT_EQ(set.current_handle(), 7);
  set.close_all();
  EXPECT_EQ(set.current_handle(), 0);
  set.close(42);  // unknown: nothing happens
  EXPECT_EQ(set.handles(), (std::vector<int>{0}));
}

TEST(figure_set, drawn_since_lists_figures_in_first_drawn_order) {
  FigureSet set;
  set.new_figure();  // 2
  const auto mark = set.mark();
  set.current().current_axes().series.push_back(Series{});
  set.touch();
  set.new_figure();  // 3, empty: not listed
  set.touch();
  set.select_figure(2);
  set.touch();
  EXPECT_EQ(set.drawn_since(mark), (std::vector<int>{2}));
  EXPECT_TRUE(set.drawn_since(set.mark()).empty());
}

TEST(figure, subplot_keeps_axes_of_same_grid_and_turns_hold_off) {
  Figure f;
  ASSERT_TRUE(f.select_subplot(2, 1, 1));
  f.current_axes().title = "top";
  f.hold = true;
  ASSERT_TRUE(f.select_subplot(2, 1, 2));
  EXPECT_FALSE(f.hold);
  EXPECT_EQ(f.axes[0].title, "top");
  ASSERT_TRUE(f.select_subplot(1, 2, 1));
  EXPECT_TRUE(f.axes[0].title.empty());
  EXPECT_FALSE(f.select_subplot(1, 2, 3));
}

TEST(figure_set, default_image_orientation_applies_to_current_and_later_axes) {
  FigureSet set;
  set.new_figure();  // 2
  ASSERT_TRUE(set.current().select_subplot(1, 2, 1));
  set.set_default_image_rows_down(false);  // set_default_axis("xy")
  EXPECT_FALSE(set.current().axes[0].image_rows_down);
  EXPECT_FALSE(set.current().axes[1].image_rows_down);
  ASSERT_TRUE(set.current().select_subplot(2, 1, 1));  // a new grid: new axes
  EXPECT_FALSE(set.current().axes[1].image_rows_down);
  set.current().clear();
  EXPECT_FALSE(set.current().current_axes().image_rows_down);
  set.new_figure();
  EXPECT_FALSE(set.current().current_axes().image_rows_down);
  set.current().current_axes().image_rows_down = true;  // axis("ij") still overrides per axes
  set.select_figure(9);
  EXPECT_FALSE(set.current().current_axes().image_rows_down);
  set.close_all();
  EXPECT_FALSE(set.current().current_axes().image_rows_down);
  EXPECT_TRUE(FigureSet().current().current_axes().image_rows_down);  // the default is "ij"
}

TEST(axes, clear_data_keeps_labels_and_limits) {
  Axes a;
  a.x.label = "x";
  a.y.limits = std::pair{0.0, 1.0};
  a.title = "t";
  a.series.push_back(Series{});
  a.clear_data();
  EXPECT_TRUE(a.series.empty());
  EXPECT_TRUE(a.title.empty());
  EXPECT_EQ(a.x.label, "x");
  EXPECT_TRUE(a.y.limits.has_value());
}

TEST(color, names_cycle_and_hex) {
  EXPECT_EQ(parse_color("Orange")->hex(), "#ff7f0e");
  EXPECT_EQ(parse_color("k")->hex(), "#000000");
  EXPECT_EQ(parse_color("#1F77B4")->hex(), "#1f77b4");
  EXPECT_FALSE(parse_color("chartreuse").has_value());
  EXPECT_FALSE(parse_color("#12345g").has_value());
  EXPECT_EQ(cycle_color(0).hex(), "#17becf");
  EXPECT_EQ(cycle_color(6).hex(), "#17becf");
  EXPECT_EQ(cycle_color(5).hex(), "#1f77b4");
}

TEST(color, colormaps_interpolate_between_stops) {
  EXPECT_EQ(colormap_color(Colormap::Viridis, 0).hex(), "#440154");
  EXPECT_EQ(colormap_color(Colormap::Viridis, 1).hex(), "#fde725");
  EXPECT_EQ(colormap_color(Colormap::Gray, 0.5).hex(), "#808080");
  EXPECT_EQ(parse_colormap("PARULA"), Colormap::Viridis);
  EXPECT_EQ(parse_colormap("unknown"), Colormap::Viridis);
  EXPECT_EQ(parse_colormap("hot"), Colormap::Hot);
}

}  // namespace
}  // namespace llmlab::plot
