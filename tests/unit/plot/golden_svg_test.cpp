// Golden SVG files, one small figure per plotting feature, compared as text. Regenerate with
// LLMLAB_UPDATE_GOLDENS=1 after an intended rendering change, then review the diff.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <numbers>
#include <sstream>

#include "plot/export.hpp"
#include "seed_figures.hpp"

namespace llmlab::plot {
namespace {

using testing::line;
using testing::range;

Series series(SeriesKind kind, std::vector<double> x, std::vector<double> y, const char* color) {
  Series s;
  s.kind = kind;
  s.x = std::move(x);
  s.y = std::move(y);
  s.color = *parse_color(color);
  return s;
}

std::vector<double> grid_values(std::size_t rows, std::size_t columns) {
  std::vector<double> z;
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < columns; ++j) {
      const double x = (static_cast<double>(j) - 4.5) / 3, y = (static_cast<double>(i) - 3.5) / 3;
      z.push_back(std::exp(-(x * x + y * y)) + 0.1 * x);
    }
  }
  return z;
}

const std::map<std::string, std::function<Figure()>>& cases() {
  static const std::map<std::string, std::function<Figure()>> kCases = {
      {"plot",
       [] {
         Figure f;
         f.axes[0].series.push_back(series(SeriesKind::Line, {0, 1, 2, 3}, {1, 4, 2, 3}, "cyan"));
         f.axes[0].title = "plot";
         return f;
       }},
      {"plot_styles",
       [] {
         Figure f;
         Axes& a = f.axes[0];
         a.series.push_back(line({0, 1, 2, 3}, {0, 1, 0, 1}, "red", "dashed", LineStyle::Dashed));
         a.series.push_back(line({0, 1, 2, 3}, {1, 2, 1, 2}, "blue", "dotted", LineStyle::Dotted));
         a.series.push_back(
             line({0, 1, 2, 3}, {2, 3, 2, 3}, "green", "dash-dot", LineStyle::DashDot));
         Series markers = line({0, 1, 2, 3}, {3, 4, 3, 4}, "orange", "markers", LineStyle::None);
         markers.marker = Marker::Square;
         a.series.push_back(markers);
         a.legend_location = LegendLocation::SouthEast;
         return f;
       }},
      {"plot_nan_breaks",
       [] {
         Figure f;
         f.axes[0].series.push_back(
             series(SeriesKind::Line, {0, 1, 2, 3, 4}, {1, 2, NAN, 2, 1}, "blue"));
         return f;
       }},
      {"semilogy", [] { return testing::magnitude_figure(); }},
      {"loglog",
       [] {
         Figure f;
         Axes& a = f.axes[0];
         a.x.scale = a.y.scale = Scale::Log;
         std::vector<double> x, y;
         for (int k = 1; k <= 100; ++k) {
           x.push_back(k);
           y.push_back(1.0 / (k * k));
         }
         a.series.push_back(series(SeriesKind::Line, x, y, "magenta"));
         a.x.label = "n";
         a.y.label = "1/n²";
         return f;
       }},
      {"histogram", [] { return testing::histogram_figure(); }},
      {"bar_categories",
       [] {
         Figure f;
         Series s = series(SeriesKind::Bar, {1, 2, 3}, {3, -1, 2}, "cyan");
         f.axes[0].series.push_back(s);
         f.axes[0].x.categories = {"alpha", "beta", "gamma"};
         return f;
       }},
      {"scatter",
       [] {
         Figure f;
         Series s =
             series(SeriesKind::Scatter, {0.1, 0.5, 0.9, 0.3}, {0.2, 0.8, 0.4, 0.6}, "green");
         s.style = LineStyle::None;
         s.marker = Marker::Circle;
         s.marker_size = 8;
         f.axes[0].series.push_back(s);
         return f;
       }},
      {"stem",
       [] {
         Figure f;
         f.axes[0].series.push_back(
             series(SeriesKind::Stem, {0, 1, 2, 3}, {1, -0.5, 0.25, -0.125}, "red"));
         return f;
       }},
      {"yline_xline", [] { return testing::pre_post_figure(); }},
      {"jacobian", [] { return testing::jacobian_figure(); }},
      {"imagesc",
       [] {
         Figure f;
         Image image;
         image.rows = 8;
         image.columns = 10;
         image.values = grid_values(8, 10);
         image.values[5] = -INFINITY;  // masked cell: background colour
         f.axes[0].image = image;
         f.axes[0].title = "imagesc";
         return f;
       }},
      {"heatmap",
       [] {
         Figure f;
         Image image;
         image.rows = 2;
         image.columns = 3;
         image.values = {1, 2, 3, 4, 5, 6};
         image.colormap = Colormap::Hot;
         image.column_labels = {"a", "b", "c"};
         image.row_labels = {"r1", "r2"};
         f.axes[0].image = image;
         return f;
       }},
      {"surf",
       [] {
         Figure f;
         Surface s;
         s.x = range(1, 10);
         s.y = range(1, 8);
         s.z = grid_values(8, 10);
         f.axes[0].surface = s;
         f.axes[0].title = "surf";
         return f;
       }},
      {"contour",
       [] {
         Figure f;
         ContourSet c;
         c.x = range(1, 10);
         c.y = range(1, 8);
         c.z = grid_values(8, 10);
         c.levels = {0.2, 0.5, 0.8};
         f.axes[0].contours.push_back(c);
         return f;
       }},
      {"axis_equal_light",
       [] {
         Figure f;
         f.light_theme = true;
         std::vector<double> x, y;
         for (int k = 0; k <= 40; ++k) {
           x.push_back(std::cos(k * std::numbers::pi / 20));
           y.push_back(std::sin(k * std::numbers::pi / 20));
         }
         f.axes[0].series.push_back(series(SeriesKind::Line, x, y, "blue"));
         f.axes[0].equal_aspect = true;
         f.axes[0].grid = false;
         f.axes[0].title = "unit circle: x² + y² = 1 (σ ≈ 1 × 10⁰)";
         return f;
       }},
      {"empty", [] { return Figure{}; }},
  };
  return kCases;
}

std::string golden_path(const std::string& name) {
  return std::string(LLMLAB_SOURCE_DIR) + "/tests/golden/plots/" + name + ".svg";
}

TEST(golden_svg, every_case_matches_its_file) {
  const bool update = std::getenv("LLMLAB_UPDATE_GOLDENS") != nullptr;
  for (const auto& [name, make] : cases()) {
    SCOPED_TRACE(name);
    const std::string svg = render_svg(make());
    // LLMLAB_PLOT_OUTPUT_DIR keeps PNG copies to look at.
    if (const char* dir = std::getenv("LLMLAB_PLOT_OUTPUT_DIR"))
      save(make(), std::string(dir) + "/" + name + ".png");
    if (update) {
      std::ofstream(golden_path(name), std::ios::binary) << svg;
      continue;
    }
    std::ifstream file(golden_path(name), std::ios::binary);
    ASSERT_TRUE(file) << "missing golden " << golden_path(name)
                      << " (run with LLMLAB_UPDATE_GOLDENS=1)";
    std::stringstream expected;
    expected << file.rdbuf();
    EXPECT_EQ(svg, expected.str());
  }
}

TEST(golden_svg, rendering_is_deterministic) {
  for (const auto& [name, make] : cases())
    EXPECT_EQ(render_svg(make()), render_svg(make())) << name;
}

}  // namespace
}  // namespace llmlab::plot
