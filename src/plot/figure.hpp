// The figure model: Figure → Axes grid → Series, reference lines, images, surfaces, contours.
// Plain data with no I/O and no interpreter types; layout.hpp turns it into positions and
// draw.hpp paints it. FigureSet is the per-session "current figure / hold" state (plotting.md
// §2), kept by the builtins in the Session's extension store, never in a global.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "plot/color.hpp"

namespace llmlab::plot {

enum class LineStyle { Solid, Dashed, Dotted, DashDot, None };
enum class Marker {
  None,
  Circle,
  Cross,
  Plus,
  Star,
  Point,
  Square,
  Diamond,
  TriangleUp,
  TriangleDown
};
// ErrorBar: a line with vertical error bars (errorbar); Fill: a filled polygon (fill, area).
enum class SeriesKind { Line, Histogram, Bar, Scatter, Stem, ErrorBar, Fill };
enum class Scale { Linear, Log };
enum class LegendVisibility { Automatic, Shown, Hidden };
enum class LegendLocation { Best, NorthEast, NorthWest, SouthEast, SouthWest };
enum class Orientation { Horizontal, Vertical };

struct Series {
  SeriesKind kind = SeriesKind::Line;
  std::vector<double> x;
  std::vector<double> y;
  // Bars and histogram bins: the width of each bar, centred on x (histograms: the bin width).
  double bar_width = 0.8;
  Color color;
  LineStyle style = LineStyle::Solid;
  double line_width = 2.0;
  Marker marker = Marker::None;
  double marker_size = 6.0;
  // Legend text; only explicit labels ("label" option, legend("a", ...)) are ever shown.
  std::string label;
  bool explicit_label = false;
  // Error bars: how far each bar reaches below and above its y (the same for a symmetric one).
  std::vector<double> error_below;
  std::vector<double> error_above;
  // Filled polygons: the opacity of the face, 0 (clear) to 1 (opaque); the edge stays opaque.
  double face_alpha = 1.0;
};

// yline / xline: a full-width (full-height) line at one value (plotting.md §3.13).
struct ReferenceLine {
  Orientation orientation = Orientation::Horizontal;
  double value = 0.0;
  Color color;
  LineStyle style = LineStyle::Dashed;
  double line_width = 1.5;
  std::string label;
};

// imagesc / heatmap: R×C values, cell (i, j) centred at (x = j + 1, y = i + 1).
struct Image {
  std::size_t rows = 0;
  std::size_t columns = 0;
  std::vector<double> values;  // row-major, R×C
  Colormap colormap = Colormap::Viridis;
  std::optional<std::pair<double, double>> color_limits;
  std::vector<std::string> column_labels;  // heatmap categories (one per column), else empty
  std::vector<std::string> row_labels;
};

// surf: Z over the grid x (length C) × y (length R).
struct Surface {
  std::vector<double> x;
  std::vector<double> y;
  std::vector<double> z;  // row-major, R×C
  Colormap colormap = Colormap::Viridis;
};

// contour: the iso-lines of Z at the given levels.
struct ContourSet {
  std::vector<double> x;  // length C
  std::vector<double> y;  // length R
  std::vector<double> z;  // row-major, R×C
  std::vector<double> levels;
  std::optional<Color> color;
};

struct AxisState {
  Scale scale = Scale::Linear;
  std::optional<std::pair<double, double>> limits;  // explicit xlim/ylim/axis
  std::string label;
  std::vector<std::string> categories;  // categorical ticks at 1 … n
};

struct Axes {
  std::string title;
  AxisState x;
  AxisState y;
  bool grid = true;
  bool equal_aspect = false;
  bool tight = false;
  bool image_rows_down = true;   // axis("ij"): row 1 at the top
  std::optional<bool> colorbar;  // unset: shown for image panels
  LegendVisibility legend = LegendVisibility::Automatic;
  LegendLocation legend_location = LegendLocation::Best;
  std::vector<Series> series;
  std::vector<ReferenceLine> reference_lines;
  std::optional<Image> image;
  std::optional<Surface> surface;
  std::vector<ContourSet> contours;

  bool has_content() const;
  // What a data-adding call with hold off removes (plotting.md §2.4): data, reference lines,
  // the title and categorical ticks.
  void clear_data();
};

struct Figure {
  std::size_t rows = 1;
  std::size_t columns = 1;
  std::vector<Axes> axes = std::vector<Axes>(1);
  std::size_t current = 0;  // index into axes, row-major
  bool hold = false;
  std::string html_path;  // figure("x.html"): rewritten after every change
  bool light_theme = false;
  bool default_image_rows_down = true;  // image orientation of axes created from now on

  Axes& current_axes() { return axes[current]; }
  bool has_content() const;
  // subplot(r, c, k) with k 1-based; a new grid shape discards the old axes. Returns false when
  // k is out of range (the caller words the error).
  bool select_subplot(std::size_t grid_rows, std::size_t grid_columns, std::size_t k);
  void clear();             // clf: 1×1 grid, hold off
  Axes fresh_axes() const;  // empty axes with this figure's default image orientation
};

// The figures of one session (plotting.md §2.1): handle 0 is the anonymous figure used before
// any figure() call. `change` counts modifications so callers can list what was drawn since a
// mark (notebook snapshots, `llmlab run --figures`).
class FigureSet {
 public:
  FigureSet();

  int current_handle() const { return current_; }
  Figure& current();
  const Figure* find(int handle) const;
  std::vector<int> handles() const;

  int new_figure();               // figure()
  int select_figure(int handle);  // figure(N)
  void close(int handle);         // close(N); unknown handles are ignored
  void close_current();
  void close_all();
  // set_default_axis("ij" | "xy"): the image orientation of every axes created afterwards, in
  // any figure, and of the current figure's axes.
  void set_default_image_rows_down(bool rows_down);

  // Records that the current figure changed (call after every drawing call).
  void touch();
  std::uint64_t mark() const { return generation_; }
  // Handles of figures with content changed after `since`, in the order they were first drawn.
  std::vector<int> drawn_since(std::uint64_t since) const;

 private:
  void name_anonymous();
  struct Entry {
    Figure figure;
    std::uint64_t changed = 0;
    std::uint64_t first_drawn = 0;
  };
  Entry fresh_entry() const;  // an empty figure with the session's default image orientation
  std::map<int, Entry> figures_;
  int current_ = 0;
  int next_id_ = 1;
  std::uint64_t generation_ = 0;
  bool default_image_rows_down_ = true;
};

}  // namespace llmlab::plot
