// Painting a FigureLayout: data in the order of plotting.md §4.6, then labels (§4.2, §4.7).
#include "plot/draw.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "plot/contour.hpp"
#include "plot/simplify.hpp"

namespace llmlab::plot {
namespace {

constexpr double kTickLength = 5;
constexpr double kTickGap = 4;

bool usable(const PanelLayout& panel, double x, double y) {
  return std::isfinite(x) && std::isfinite(y) && (panel.x.scale == Scale::Linear || x > 0) &&
         (panel.y.scale == Scale::Linear || y > 0);
}

Stroke line_stroke(const Color& color, double width, LineStyle style) {
  Stroke stroke{color, width, dash_pattern(style), style == LineStyle::Solid};
  return stroke;
}

// The y value bars rise from: 0, or the bottom of a log axis.
double bar_base(const PanelLayout& panel) {
  return panel.y.scale == Scale::Log ? panel.y.low : 0.0;
}

void draw_grid(const PanelLayout& panel, const Theme& theme, Renderer& renderer) {
  if (!panel.axes->grid || panel.axes->image || panel.axes->surface) return;
  const Rect& d = panel.data;
  auto grid_lines = [&](const AxisLayout& axis, bool vertical) {
    for (const Tick& tick : axis.ticks) {
      const bool minor = tick.minor || (axis.scale == Scale::Log && tick.label.empty());
      const Color color = minor ? theme.grid.with_alpha(theme.grid.alpha / 2) : theme.grid;
      const double at = vertical ? panel.map_x(tick.value) : panel.map_y(tick.value);
      const Path line = vertical ? Path::segment({at, d.y}, {at, d.bottom()})
                                 : Path::segment({d.x, at}, {d.right(), at});
      renderer.path(line, Stroke{color, 1.0, {}, false}, std::nullopt);
    }
  };
  grid_lines(panel.x, true);
  grid_lines(panel.y, false);
}

void draw_image(const PanelLayout& panel, const Image& image, const Theme& theme,
                Renderer& renderer) {
  Raster raster;
  raster.width = static_cast<int>(image.columns);
  raster.height = static_cast<int>(image.rows);
  raster.rgba.resize(image.rows * image.columns * 4);
  const double low = panel.color_low;
  const double high = panel.color_high;
  for (std::size_t i = 0; i < image.rows; ++i) {
    // Raster rows run top to bottom; with axis("xy") data row 1 is at the bottom.
    const std::size_t target = panel.y.reversed ? i : image.rows - 1 - i;
    for (std::size_t j = 0; j < image.columns; ++j) {
      const double v = image.values[i * image.columns + j];
      Color color = theme.background;
      if (std::isfinite(v))
        color = colormap_color(image.colormap, high > low ? (v - low) / (high - low) : 0.5);
      std::uint8_t* pixel = &raster.rgba[(target * image.columns + j) * 4];
      pixel[0] = static_cast<std::uint8_t>(std::lround(color.red * 255));
      pixel[1] = static_cast<std::uint8_t>(std::lround(color.green * 255));
      pixel[2] = static_cast<std::uint8_t>(std::lround(color.blue * 255));
      pixel[3] = 255;
    }
  }
  const Point a = panel.map(0.5, 0.5);
  const Point b =
      panel.map(static_cast<double>(image.columns) + 0.5, static_cast<double>(image.rows) + 0.5);
  renderer.image({std::min(a.x, b.x), std::min(a.y, b.y), std::abs(b.x - a.x), std::abs(b.y - a.y)},
                 raster);
}

void draw_contours(const PanelLayout& panel, const ContourSet& set, const Theme& theme,
                   Renderer& renderer) {
  Path path;
  for (double level : set.levels) {
    for (const Segment& s : contour_segments(set.x, set.y, set.z, level)) {
      if (!usable(panel, s.x0, s.y0) || !usable(panel, s.x1, s.y1)) continue;
      path.move_to(panel.map(s.x0, s.y0));
      path.line_to(panel.map(s.x1, s.y1));
    }
  }
  if (!path.empty())
    renderer.path(path, Stroke{set.color.value_or(theme.foreground), 1.2, {}, true}, std::nullopt);
}

void draw_bars(const PanelLayout& panel, const Series& s, const Theme& theme, Renderer& renderer) {
  const bool histogram = s.kind == SeriesKind::Histogram;
  const double base = bar_base(panel);
  for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
    if (!usable(panel, s.x[i], s.y[i])) continue;
    const Point a = panel.map(s.x[i] - s.bar_width / 2, s.y[i]);
    const Point b = panel.map(s.x[i] + s.bar_width / 2, base);
    const Rect rect{std::min(a.x, b.x), std::min(a.y, b.y), std::abs(b.x - a.x),
                    std::abs(b.y - a.y)};
    if (histogram) {
      renderer.path(Path::rectangle(rect), Stroke{s.color, 1.0, {}, false},
                    s.color.with_alpha(0.6));
    } else {
      renderer.path(Path::rectangle(rect), Stroke{theme.background, 1.0, {}, false}, s.color);
    }
  }
  if (!histogram && panel.y.scale == Scale::Linear && !s.x.empty()) {
    const double y0 = panel.map_y(0.0);
    renderer.path(Path::segment({panel.data.x, y0}, {panel.data.right(), y0}),
                  Stroke{theme.foreground, 1.0, {}, false}, std::nullopt);
  }
}

void draw_markers(const PanelLayout& panel, const Series& s, Marker marker, double size,
                  Renderer& renderer) {
  std::vector<Point> at;
  for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
    if (usable(panel, s.x[i], s.y[i])) at.push_back(panel.map(s.x[i], s.y[i]));
  }
  const bool filled = marker_filled(marker);
  renderer.markers(marker_path(marker, size), at, Stroke{s.color, filled ? 0.0 : 1.5, {}, false},
                   filled ? std::optional<Color>(s.color) : std::nullopt);
}

// fill / area: the polygon through the points, closed; its face at the series' opacity.
void draw_fill(const PanelLayout& panel, const Series& s, Renderer& renderer) {
  Path polygon;
  for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
    if (!usable(panel, s.x[i], s.y[i])) continue;
    const Point p = panel.map(s.x[i], s.y[i]);
    if (polygon.empty()) {
      polygon.move_to(p);
    } else {
      polygon.line_to(p);
    }
  }
  if (polygon.empty()) return;
  polygon.close();
  renderer.path(polygon, Stroke{s.color, 1.0, {}, false}, s.color.with_alpha(s.face_alpha));
}

// errorbar: a vertical bar from y - below to y + above at every point, with caps.
void draw_error_bars(const PanelLayout& panel, const Series& s, Renderer& renderer) {
  constexpr double kCap = 4.0;  // half-width of a cap, px
  Path bars;
  for (std::size_t i = 0; i < s.x.size() && i < s.y.size() && i < s.error_below.size(); ++i) {
    const double low = s.y[i] - s.error_below[i];
    const double high = s.y[i] + s.error_above[i];
    if (!usable(panel, s.x[i], low) || !usable(panel, s.x[i], high)) continue;
    const Point a = panel.map(s.x[i], low);
    const Point b = panel.map(s.x[i], high);
    bars.move_to(a);
    bars.line_to(b);
    for (const Point& end : {a, b}) {
      bars.move_to({end.x - kCap, end.y});
      bars.line_to({end.x + kCap, end.y});
    }
  }
  if (!bars.empty()) renderer.path(bars, Stroke{s.color, 1.2, {}, false}, std::nullopt);
}

// The line is simplified for the stroke (simplify.hpp): a noisy million points draw in well
// under a second, with the same pixels.
void draw_line(const PanelLayout& panel, const Series& s, Renderer& renderer) {
  if (s.style != LineStyle::None) {
    Path path;
    std::vector<Point> pen_down;  // the current unbroken piece, in canvas pixels
    auto finish_piece = [&] {
      append_simplified_polyline(path, pen_down, panel.data, s.line_width);
      pen_down.clear();
    };
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (usable(panel, s.x[i], s.y[i])) {
        pen_down.push_back(panel.map(s.x[i], s.y[i]));
      } else {
        finish_piece();  // non-finite (or non-positive on a log axis) breaks the line
      }
    }
    finish_piece();
    const Stroke stroke = line_stroke(s.color, s.line_width, s.style);
    if (stroke.round && s.color.alpha >= 1.0 && path.verbs.size() >= kSimplifyFrom) {
      for (const Path& piece : split_path(path, kStrokeChunk))
        renderer.path(piece, stroke, std::nullopt);
    } else if (!path.empty()) {
      renderer.path(path, stroke, std::nullopt);
    }
  }
  if (s.marker != Marker::None) draw_markers(panel, s, s.marker, s.marker_size, renderer);
}

void draw_stem(const PanelLayout& panel, const Series& s, const Theme& theme, Renderer& renderer) {
  const double base = bar_base(panel);
  Path stems;
  double low = std::numeric_limits<double>::infinity();
  double high = -low;
  for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
    if (!usable(panel, s.x[i], s.y[i])) continue;
    stems.move_to(panel.map(s.x[i], base));
    stems.line_to(panel.map(s.x[i], s.y[i]));
    low = std::min(low, s.x[i]);
    high = std::max(high, s.x[i]);
  }
  if (stems.empty()) return;
  renderer.path(Path::segment(panel.map(low, base), panel.map(high, base)),
                Stroke{theme.foreground, 1.0, {}, false}, std::nullopt);
  renderer.path(stems, line_stroke(s.color, std::min(s.line_width, 1.5), s.style), std::nullopt);
  draw_markers(panel, s, s.marker == Marker::None ? Marker::Circle : s.marker, s.marker_size,
               renderer);
}

void draw_reference_line(const PanelLayout& panel, const ReferenceLine& line, Renderer& renderer) {
  const bool horizontal = line.orientation == Orientation::Horizontal;
  const Scale scale = horizontal ? panel.y.scale : panel.x.scale;
  if (!std::isfinite(line.value) || (scale == Scale::Log && line.value <= 0)) return;
  const Rect& d = panel.data;
  const Path path =
      horizontal
          ? Path::segment({d.x, panel.map_y(line.value)}, {d.right(), panel.map_y(line.value)})
          : Path::segment({panel.map_x(line.value), d.y}, {panel.map_x(line.value), d.bottom()});
  renderer.path(path, line_stroke(line.color, line.line_width, line.style), std::nullopt);
}

void draw_panel_data(const PanelLayout& panel, const Theme& theme, Renderer& renderer) {
  const Axes& axes = *panel.axes;
  if (axes.surface) {
    draw_surface(panel, *axes.surface, theme, renderer);
    return;
  }
  draw_grid(panel, theme, renderer);
  renderer.push_clip(panel.data);
  if (axes.image) draw_image(panel, *axes.image, theme, renderer);
  for (const ContourSet& set : axes.contours) draw_contours(panel, set, theme, renderer);
  auto each = [&](SeriesKind kind, auto&& paint) {
    for (const Series& s : axes.series) {
      if (s.kind == kind) paint(s);
    }
  };
  each(SeriesKind::Fill, [&](const Series& s) { draw_fill(panel, s, renderer); });
  each(SeriesKind::Histogram, [&](const Series& s) { draw_bars(panel, s, theme, renderer); });
  each(SeriesKind::Bar, [&](const Series& s) { draw_bars(panel, s, theme, renderer); });
  each(SeriesKind::Line, [&](const Series& s) { draw_line(panel, s, renderer); });
  each(SeriesKind::ErrorBar, [&](const Series& s) {
    draw_error_bars(panel, s, renderer);
    draw_line(panel, s, renderer);
  });
  each(SeriesKind::Stem, [&](const Series& s) { draw_stem(panel, s, theme, renderer); });
  each(SeriesKind::Scatter, [&](const Series& s) {
    draw_markers(panel, s, s.marker == Marker::None ? Marker::Circle : s.marker, s.marker_size,
                 renderer);
  });
  for (const ReferenceLine& line : axes.reference_lines) draw_reference_line(panel, line, renderer);
  renderer.pop_clip();
}

void draw_ticks(const PanelLayout& panel, const Theme& theme, Renderer& renderer) {
  const Rect& d = panel.data;
  const Stroke stroke{theme.foreground, 1.0, {}, false};
  Path marks;
  TextStyle style{FontSizes::kTick, theme.foreground, Anchor::Middle, false, false};
  for (const Tick& tick : panel.x.ticks) {
    const double x = panel.map_x(tick.value);
    if (x < d.x - 0.5 || x > d.right() + 0.5) continue;
    const double length = tick.minor ? kTickLength / 2 : kTickLength;
    marks.move_to({x, d.bottom()});
    marks.line_to({x, d.bottom() + length});
    if (!tick.label.empty()) {
      renderer.text({x, d.bottom() + kTickLength + kTickGap +
                            0.76 * FontSizes::kTick * (tick.superscript.empty() ? 1.0 : 1.3)},
                    {tick.label, tick.superscript}, style);
    }
  }
  style.anchor = Anchor::End;
  for (const Tick& tick : panel.y.ticks) {
    const double y = panel.map_y(tick.value);
    if (y < d.y - 0.5 || y > d.bottom() + 0.5) continue;
    const double length = tick.minor ? kTickLength / 2 : kTickLength;
    marks.move_to({d.x, y});
    marks.line_to({d.x - length, y});
    if (!tick.label.empty()) {
      renderer.text({d.x - kTickLength - kTickGap, y + 0.36 * FontSizes::kTick},
                    {tick.label, tick.superscript}, style);
    }
  }
  renderer.path(marks, stroke, std::nullopt);
}

void draw_legend(const PanelLayout& panel, const Theme& theme, Renderer& renderer) {
  if (!panel.legend || panel.legend_entries.empty()) return;
  const Rect& box = *panel.legend;
  renderer.path(Path::rectangle(box), Stroke{theme.foreground.with_alpha(0.3), 1.0, {}, false},
                theme.background.with_alpha(0.85));
  double row_top = box.y + kLegendPadding;
  for (const LegendEntry& entry : panel.legend_entries) {
    const double middle = row_top + kLegendRow / 2;
    const double left = box.x + kLegendPadding;
    switch (entry.sample) {
      case LegendEntry::Sample::Line:
        renderer.path(Path::segment({left, middle}, {left + kLegendSample, middle}),
                      line_stroke(entry.color, entry.line_width, entry.style), std::nullopt);
        if (entry.marker != Marker::None) {
          const Point centre{left + kLegendSample / 2, middle};
          renderer.markers(marker_path(entry.marker, 6), std::span(&centre, 1),
                           Stroke{entry.color, marker_filled(entry.marker) ? 0.0 : 1.5, {}, false},
                           marker_filled(entry.marker) ? std::optional(entry.color) : std::nullopt);
        }
        break;
      case LegendEntry::Sample::Patch:
        renderer.path(Path::rectangle({left + 4, middle - 6, kLegendSample - 8, 12}),
                      Stroke{entry.color, 1.0, {}, false}, entry.color.with_alpha(0.6));
        break;
      case LegendEntry::Sample::Marker: {
        const Point centre{left + kLegendSample / 2, middle};
        renderer.markers(marker_path(entry.marker, 8), std::span(&centre, 1),
                         Stroke{entry.color, marker_filled(entry.marker) ? 0.0 : 1.5, {}, false},
                         marker_filled(entry.marker) ? std::optional(entry.color) : std::nullopt);
        break;
      }
    }
    renderer.text({left + kLegendSample + kLegendGap, middle + 0.36 * FontSizes::kLegend},
                  {entry.label, ""},
                  {FontSizes::kLegend, theme.foreground, Anchor::Start, false, false});
    row_top += kLegendRow;
  }
}

void draw_colorbar(const PanelLayout& panel, const Theme& theme, Renderer& renderer) {
  if (!panel.colorbar) return;
  const Rect& bar = *panel.colorbar;
  constexpr int kSteps = 64;
  Raster raster{1, kSteps, std::vector<std::uint8_t>(kSteps * 4)};
  for (int k = 0; k < kSteps; ++k) {
    // Top row is the upper colour limit.
    const Color c = colormap_color(panel.axes->image->colormap, (kSteps - 1 - k + 0.5) / kSteps);
    std::uint8_t* pixel = &raster.rgba[static_cast<std::size_t>(k) * 4];
    pixel[0] = static_cast<std::uint8_t>(std::lround(c.red * 255));
    pixel[1] = static_cast<std::uint8_t>(std::lround(c.green * 255));
    pixel[2] = static_cast<std::uint8_t>(std::lround(c.blue * 255));
    pixel[3] = 255;
  }
  renderer.image(bar, raster);
  renderer.path(Path::rectangle(bar), Stroke{theme.foreground, 1.0, {}, false}, std::nullopt);
  Path marks;
  for (std::size_t k = 0; k < panel.colorbar_ticks.size(); ++k) {
    const double y = bar.bottom() - bar.height * static_cast<double>(k) / 4.0;
    marks.move_to({bar.right(), y});
    marks.line_to({bar.right() + 4, y});
    renderer.text({bar.right() + 7, y + 0.36 * FontSizes::kColorbar},
                  {panel.colorbar_ticks[k].label, ""},
                  {FontSizes::kColorbar, theme.foreground, Anchor::Start, false, false});
  }
  renderer.path(marks, Stroke{theme.foreground, 1.0, {}, false}, std::nullopt);
}

void draw_panel_labels(const PanelLayout& panel, const Theme& theme, Renderer& renderer) {
  const Axes& axes = *panel.axes;
  if (!axes.surface) {
    renderer.path(Path::rectangle(panel.data), Stroke{theme.foreground, 1.0, {}, false},
                  std::nullopt);
    draw_ticks(panel, theme, renderer);
  }
  if (panel.title_at) {
    renderer.text(*panel.title_at, {axes.title, ""},
                  {panel.title_size, theme.foreground, Anchor::Middle, false, false});
  }
  if (panel.xlabel_at) {
    renderer.text(*panel.xlabel_at, {axes.x.label, ""},
                  {FontSizes::kAxisLabel, theme.foreground, Anchor::Middle, false, false});
  }
  if (panel.ylabel_at) {
    renderer.text(*panel.ylabel_at, {axes.y.label, ""},
                  {FontSizes::kAxisLabel, theme.foreground, Anchor::Middle, true, false});
  }
  draw_legend(panel, theme, renderer);
  draw_colorbar(panel, theme, renderer);
}

}  // namespace

std::vector<double> dash_pattern(LineStyle style) {
  switch (style) {
    case LineStyle::Dashed:
      return {8, 5};
    case LineStyle::Dotted:
      return {2, 4};
    case LineStyle::DashDot:
      return {8, 4, 2, 4};
    case LineStyle::Solid:
    case LineStyle::None:
      break;
  }
  return {};
}

bool marker_filled(Marker marker) {
  return marker != Marker::Cross && marker != Marker::Plus && marker != Marker::Star;
}

namespace {

// The two diagonals of the square of half-side `half` around the origin (an x).
void add_diagonals(Path& path, double half) {
  path.move_to({-half, -half});
  path.line_to({half, half});
  path.move_to({-half, half});
  path.line_to({half, -half});
}

}  // namespace

Path marker_path(Marker marker, double size) {
  const double r = size / 2;
  Path path;
  switch (marker) {
    case Marker::None:
    case Marker::Circle:
      return Path::circle({0, 0}, r);
    case Marker::Point:
      return Path::circle({0, 0}, std::max(1.0, r / 2));
    case Marker::Square:
      return Path::rectangle({-r * 0.9, -r * 0.9, 1.8 * r, 1.8 * r});
    case Marker::Diamond:
      path.move_to({0, -r * 1.2});
      path.line_to({r, 0});
      path.line_to({0, r * 1.2});
      path.line_to({-r, 0});
      path.close();
      return path;
    case Marker::TriangleUp:
    case Marker::TriangleDown: {
      const double s = marker == Marker::TriangleUp ? 1.0 : -1.0;
      path.move_to({0, -s * r * 1.15});
      path.line_to({r, s * r * 0.85});
      path.line_to({-r, s * r * 0.85});
      path.close();
      return path;
    }
    case Marker::Star:
      add_diagonals(path, r * 0.7);
      [[fallthrough]];
    case Marker::Plus:
      path.move_to({-r, 0});
      path.line_to({r, 0});
      path.move_to({0, -r});
      path.line_to({0, r});
      return path;
    case Marker::Cross:
      add_diagonals(path, r * 0.8);
      return path;
  }
  return path;
}

void draw(const FigureLayout& layout, Renderer& renderer) {
  renderer.begin(layout.width, layout.height, layout.theme.background);
  // An axes with neither data nor text stays blank (an unused subplot cell, a new figure).
  auto shown = [](const Axes& a) {
    return a.has_content() || !a.title.empty() || !a.x.label.empty() || !a.y.label.empty();
  };
  for (const PanelLayout& panel : layout.panels) {
    if (shown(*panel.axes)) draw_panel_data(panel, layout.theme, renderer);
  }
  for (const PanelLayout& panel : layout.panels) {
    if (shown(*panel.axes)) draw_panel_labels(panel, layout.theme, renderer);
  }
  renderer.end();
}

void draw(const Figure& figure, Renderer& renderer) {
  const TextMetrics metrics;
  draw(layout(figure, metrics), renderer);
}

}  // namespace llmlab::plot
