// layout(): from a Figure to canvas geometry — panel boxes, axis limits and scales, ticks that
// do not overlap, legend boxes placed off the data where possible, colorbars (plotting.md §4,
// §5). draw() consumes the result; nothing here paints.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "plot/figure.hpp"
#include "plot/renderer.hpp"
#include "plot/text_metrics.hpp"
#include "plot/ticks.hpp"

namespace llmlab::plot {

// Font sizes in px (plotting.md §4.1).
struct FontSizes {
  static constexpr double kTitle = 18;
  static constexpr double kAxisLabel = 13;
  static constexpr double kTick = 11;
  static constexpr double kLegend = 11;
  static constexpr double kColorbar = 10;
};

struct AxisLayout {
  Scale scale = Scale::Linear;
  double low = 0.0;  // data limits, original units
  double high = 1.0;
  bool reversed = false;  // image rows down: low at the top
  std::vector<Tick> ticks;
};

struct LegendEntry {
  enum class Sample { Line, Patch, Marker };
  std::string label;
  Sample sample = Sample::Line;
  Color color;
  LineStyle style = LineStyle::Solid;
  double line_width = 2.0;
  Marker marker = Marker::None;
};

struct PanelLayout {
  const Axes* axes = nullptr;  // into the laid-out Figure, which must outlive the layout
  Rect cell;
  Rect data;  // the data area; everything of the data is clipped to it
  AxisLayout x;
  AxisLayout y;
  std::optional<Point> title_at;          // centre of the baseline
  double title_size = FontSizes::kTitle;  // smaller when a long title would leave its cell
  std::optional<Point> xlabel_at;
  std::optional<Point> ylabel_at;  // centre, text rotated
  // Image panels.
  std::optional<Rect> colorbar;
  double color_low = 0.0;
  double color_high = 1.0;
  std::vector<Tick> colorbar_ticks;
  // Legend.
  std::optional<Rect> legend;
  std::vector<LegendEntry> legend_entries;

  // Data coordinates to canvas pixels (log axes map log10 of the value).
  double map_x(double value) const;
  double map_y(double value) const;
  Point map(double x_value, double y_value) const { return {map_x(x_value), map_y(y_value)}; }
};

struct FigureLayout {
  double width = 900;
  double height = 500;
  Theme theme = Theme::dark();
  std::vector<PanelLayout> panels;
};

inline constexpr double kCellWidth = 900;
inline constexpr double kCellHeight = 500;

// The canvas size of one subplot cell. Font sizes stay in pixels, so a figure laid out in
// smaller cells and shown at its own size has text as large as the default one's: pages lay
// figures out for the width they are shown at (notebook/render_html.cpp).
struct CellSize {
  double width = kCellWidth;
  double height = kCellHeight;
};
inline constexpr double kLegendRow = 18;
inline constexpr double kLegendPadding = 6;
inline constexpr double kLegendSample = 20;
inline constexpr double kLegendGap = 6;

// Colour limits of an image: fixed limits or [min, max] over finite values.
std::pair<double, double> image_color_limits(const Image& image);

FigureLayout layout(const Figure& figure, const TextMetrics& metrics, CellSize cell = {});

}  // namespace llmlab::plot
