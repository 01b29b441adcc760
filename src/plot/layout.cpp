// Panel geometry, autoscaling, tick selection and legend placement (plotting.md §4.2–§4.7, §5).
#include "plot/layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

#include "base/error.hpp"
#include "base/messages/figure_export.hpp"

namespace llmlab::plot {
namespace {

constexpr double kMargin = 20;
constexpr double kTitleBand = 30;
constexpr double kLeftBand = 70;
constexpr double kBottomBand = 50;
constexpr double kTickLength = 5;
constexpr double kTickGap = 4;       // between a tick mark and its label
constexpr double kLabelGap = 8;      // between the tick labels and an axis label
constexpr double kXLabelGap = 6;     // between the x tick labels and the x label's top
constexpr double kCellSlack = 4;     // how close the last x tick label may come to the cell edge
constexpr double kTitleInset = 8;    // a title keeps this far from the cell's sides
constexpr double kMinTitleSize = 8;  // a title too wide for its cell shrinks down to this
constexpr double kColorbarStrip = 96;
constexpr double kColorbarGap = 12;
constexpr double kColorbarWidth = 28;

struct Range {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  void add(double v, Scale scale) {
    if (!std::isfinite(v) || (scale == Scale::Log && v <= 0)) return;
    low = std::min(low, v);
    high = std::max(high, v);
  }
  bool empty() const { return low > high; }
};

double axis_position(double value, Scale scale) {
  return scale == Scale::Log ? std::log10(value) : value;
}

bool is_bar_like(SeriesKind kind) {
  return kind == SeriesKind::Bar || kind == SeriesKind::Histogram;
}

void add_grid_extent(Range& x, Range& y, const std::vector<double>& xs,
                     const std::vector<double>& ys, Scale x_scale, Scale y_scale) {
  for (double v : xs) x.add(v, x_scale);
  for (double v : ys) y.add(v, y_scale);
}

// Data ranges of everything but images, before padding (plotting.md §4.3).
void data_ranges(const Axes& axes, Range& x, Range& y, bool& has_bars) {
  const Scale xs = axes.x.scale;
  const Scale ys = axes.y.scale;
  has_bars = false;
  for (const Series& s : axes.series) {
    const bool bars = is_bar_like(s.kind);
    has_bars = has_bars || bars;
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (!std::isfinite(s.y[i]) || (ys == Scale::Log && s.y[i] <= 0)) continue;
      if (bars) {
        x.add(s.x[i] - s.bar_width / 2, xs);
        x.add(s.x[i] + s.bar_width / 2, xs);
      } else {
        x.add(s.x[i], xs);
      }
      y.add(s.y[i], ys);
    }
    if (bars || s.kind == SeriesKind::Stem) y.add(0.0, ys);
    if (s.kind == SeriesKind::ErrorBar) {
      for (std::size_t i = 0; i < s.y.size() && i < s.error_below.size(); ++i) {
        if (!std::isfinite(s.y[i])) continue;
        const double low = s.y[i] - s.error_below[i], high = s.y[i] + s.error_above[i];
        if (std::isfinite(low) && (ys == Scale::Linear || low > 0)) y.add(low, ys);
        if (std::isfinite(high) && (ys == Scale::Linear || high > 0)) y.add(high, ys);
      }
    }
  }
  for (const ContourSet& c : axes.contours) add_grid_extent(x, y, c.x, c.y, xs, ys);
  // Reference lines widen the range across them, never along them (§3.13).
  for (const ReferenceLine& line : axes.reference_lines) {
    (line.orientation == Orientation::Horizontal ? y : x)
        .add(line.value, line.orientation == Orientation::Horizontal ? ys : xs);
  }
}

std::pair<double, double> finish_range(Range range, Scale scale, bool pad, bool zero_floor) {
  if (range.empty()) return scale == Scale::Log ? std::pair{1.0, 10.0} : std::pair{0.0, 1.0};
  if (scale == Scale::Log) return log_limits(range.low, range.high);
  if (range.high - range.low < 1e-12) return {range.low - 1, range.high + 1};
  if (!pad) return {range.low, range.high};
  const double m = std::max(0.1 * (range.high - range.low), 1e-6);
  const double low = zero_floor && range.low == 0.0 ? 0.0 : range.low - m;
  const double high = zero_floor && range.high == 0.0 ? 0.0 : range.high + m;
  return {low, high};
}

// Ticks and the data-to-pixel mapping divide by high - low: past about 1.8e308 that span is
// infinite and every coordinate NaN (`plot([1e308 -1e308])` wrote "M90,-nan"). Such data cannot
// be drawn to scale, so it is an error, not a broken picture.
void require_drawable_span(double low, double high, std::string_view axis) {
  if (!std::isfinite(low) || !std::isfinite(high) || !std::isfinite(high - low)) {
    throw Error(fmt::format(messages::plot_axis_span_too_wide, axis, low, high));
  }
}

double text_height(double size) { return 1.17 * size; }

// Linear ticks whose labels do not collide at `pixels` of axis length.
std::vector<Tick> fitted_linear_ticks(double low, double high, double pixels, bool horizontal,
                                      double size, const TextMetrics& metrics) {
  double step = nice_step(high - low, 6);
  // The §4.4 rule can leave only two or three ticks (a span of 12.5 gets step 5); a reader
  // wants at least four, so start one nice step finer then and coarsen only if labels collide.
  if (linear_ticks(low, high, step).size() < 4) {
    const double power = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double m = step / power;
    step = m > 3.5 ? 2 * power : m > 1.5 ? power : 0.5 * power;
  }
  std::vector<Tick> ticks;
  for (int attempt = 0; attempt < 30; ++attempt) {
    ticks = linear_ticks(low, high, step);
    const double spacing = pixels * step / (high - low);
    bool fits = true;
    for (std::size_t i = 0; i + 1 < ticks.size() && fits; ++i) {
      const double needed =
          horizontal
              ? (metrics.width(ticks[i].label, size) + metrics.width(ticks[i + 1].label, size)) /
                        2 +
                    10
              : text_height(size) + 4;
      fits = spacing >= needed;
    }
    if (fits) break;
    step = next_nice_step(step);
  }
  return ticks;
}

std::vector<Tick> fitted_log_ticks(double low, double high, double pixels, bool horizontal,
                                   double size, const TextMetrics& metrics) {
  std::vector<Tick> ticks;
  for (int every = 1; every <= 64; every *= 2) {
    ticks = log_ticks(low, high, every);
    double previous = -std::numeric_limits<double>::infinity();
    double previous_width = 0;
    bool fits = true;
    const double span = std::log10(high) - std::log10(low);
    for (const Tick& t : ticks) {
      if (t.label.empty()) continue;
      const double at = pixels * (std::log10(t.value) - std::log10(low)) / span;
      const double width = metrics.measure({t.label, t.superscript}, size).width;
      const double needed = horizontal ? (width + previous_width) / 2 + 8 : text_height(size) + 2;
      if (at - previous < needed) fits = false;
      previous = at;
      previous_width = width;
    }
    if (fits) break;
  }
  return ticks;
}

// Integer ticks (image rows/columns, categories) at 1 … n, thinned by a nice step.
std::vector<Tick> index_ticks(std::size_t n, const std::vector<std::string>& labels, double pixels,
                              bool horizontal, double size, const TextMetrics& metrics) {
  double step = n > 10 && labels.empty() ? std::max(1.0, nice_step(static_cast<double>(n), 6)) : 1;
  std::vector<Tick> ticks;
  for (int attempt = 0; attempt < 30; ++attempt) {
    ticks.clear();
    const auto stride = static_cast<std::size_t>(step);
    for (std::size_t i = labels.empty() && stride > 1 ? stride : 1; i <= n; i += stride) {
      ticks.push_back(
          {static_cast<double>(i), labels.empty() ? std::to_string(i) : labels[i - 1], "", false});
    }
    const double spacing = pixels * step / static_cast<double>(n);
    double widest = 0;
    for (const Tick& t : ticks) widest = std::max(widest, metrics.width(t.label, size));
    const double needed = horizontal ? widest + 8 : text_height(size) + 2;
    if (spacing >= needed || ticks.size() <= 1) break;
    step = labels.empty() ? next_nice_step(step) : step + 1;
  }
  return ticks;
}

double widest_label(const std::vector<Tick>& ticks, double size, const TextMetrics& metrics) {
  double widest = 0;
  for (const Tick& t : ticks) {
    if (!t.label.empty())
      widest = std::max(widest, metrics.measure({t.label, t.superscript}, size).width);
  }
  return widest;
}

std::vector<LegendEntry> legend_entries(const Axes& axes) {
  std::vector<LegendEntry> entries;
  if (axes.legend == LegendVisibility::Hidden) return entries;
  auto entry_for = [](const Series& s, std::string label) {
    LegendEntry entry{std::move(label), LegendEntry::Sample::Line, s.color, s.style, s.line_width,
                      s.marker};
    if (is_bar_like(s.kind) || s.kind == SeriesKind::Fill) {
      entry.sample = LegendEntry::Sample::Patch;
    }
    if (s.kind == SeriesKind::Scatter || s.kind == SeriesKind::Stem ||
        (s.style == LineStyle::None && s.marker != Marker::None)) {
      entry.sample = LegendEntry::Sample::Marker;
      if (entry.marker == Marker::None) entry.marker = Marker::Circle;
    }
    return entry;
  };
  for (const Series& s : axes.series) {
    if (s.explicit_label) entries.push_back(entry_for(s, s.label));
  }
  for (const ReferenceLine& line : axes.reference_lines) {
    if (!line.label.empty()) {
      entries.push_back({line.label, LegendEntry::Sample::Line, line.color, line.style,
                         line.line_width, Marker::None});
    }
  }
  if (entries.empty() && axes.legend == LegendVisibility::Shown) {
    for (std::size_t i = 0; i < axes.series.size(); ++i) {
      entries.push_back(entry_for(axes.series[i], fmt::format("data{}", i + 1)));
    }
  }
  return entries;
}

// Canvas points along every drawn series, to score how much of the data a legend would hide.
std::vector<Point> sample_data(const PanelLayout& panel) {
  std::vector<Point> points;
  auto usable = [&](double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && (panel.x.scale == Scale::Linear || x > 0) &&
           (panel.y.scale == Scale::Linear || y > 0);
  };
  for (const Series& s : panel.axes->series) {
    const std::size_t n = std::min(s.x.size(), s.y.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (!usable(s.x[i], s.y[i])) continue;
      const Point p = panel.map(s.x[i], s.y[i]);
      points.push_back(p);
      if (is_bar_like(s.kind)) {
        // A bar covers the area down to its base: sample its column.
        const double base = panel.y.scale == Scale::Log ? panel.y.low : 0.0;
        const Point b = panel.map(s.x[i], std::max(base, panel.y.low));
        for (int k = 1; k <= 8; ++k) points.push_back({p.x, p.y + (b.y - p.y) * k / 8.0});
      } else if (i + 1 < n && usable(s.x[i + 1], s.y[i + 1]) && s.style != LineStyle::None) {
        // One sample every 4 px along the segment, so long straight segments count too.
        const Point q = panel.map(s.x[i + 1], s.y[i + 1]);
        const double length = std::hypot(q.x - p.x, q.y - p.y);
        const int steps = static_cast<int>(std::clamp(std::ceil(length / 4), 1.0, 500.0));
        for (int k = 1; k < steps; ++k) {
          const double t = static_cast<double>(k) / steps;
          points.push_back({p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t});
        }
      }
    }
  }
  return points;
}

Rect legend_rect(const Rect& data, LegendLocation location, double width, double height) {
  const double left = data.x + 10;
  const double right = data.right() - 10 - width;
  const double top = data.y + 10;
  const double bottom = data.bottom() - 10 - height;
  switch (location) {
    case LegendLocation::NorthWest:
      return {left, top, width, height};
    case LegendLocation::SouthEast:
      return {right, bottom, width, height};
    case LegendLocation::SouthWest:
      return {left, bottom, width, height};
    case LegendLocation::Best:
    case LegendLocation::NorthEast:
      break;
  }
  return {right, top, width, height};
}

void place_legend(PanelLayout& panel, const TextMetrics& metrics) {
  panel.legend_entries = legend_entries(*panel.axes);
  if (panel.legend_entries.empty() || panel.axes->series.empty()) {
    panel.legend_entries.clear();
    return;
  }
  double widest = 0;
  for (const LegendEntry& e : panel.legend_entries) {
    widest = std::max(widest, metrics.width(e.label, FontSizes::kLegend));
  }
  const double width = 2 * kLegendPadding + kLegendSample + kLegendGap + widest;
  const double height =
      2 * kLegendPadding + kLegendRow * static_cast<double>(panel.legend_entries.size());
  if (panel.axes->legend_location != LegendLocation::Best) {
    panel.legend = legend_rect(panel.data, panel.axes->legend_location, width, height);
    return;
  }
  // "best": the first corner (NE, NW, SE, SW) covering the fewest data samples.
  const std::vector<Point> samples = sample_data(panel);
  std::size_t best_count = std::numeric_limits<std::size_t>::max();
  for (LegendLocation location : {LegendLocation::NorthEast, LegendLocation::NorthWest,
                                  LegendLocation::SouthEast, LegendLocation::SouthWest}) {
    const Rect box = legend_rect(panel.data, location, width, height);
    const Rect guard{box.x - 4, box.y - 4, box.width + 8, box.height + 8};
    const auto count = static_cast<std::size_t>(
        std::count_if(samples.begin(), samples.end(), [&](Point p) { return guard.contains(p); }));
    if (count < best_count) {
      best_count = count;
      panel.legend = box;
    }
    if (count == 0) break;
  }
}

void colorbar_ticks(PanelLayout& panel) {
  const double low = panel.color_low;
  const double high = panel.color_high;
  const bool exponent = std::max(std::max(std::abs(low), std::abs(high)), high - low) >= 1e4 ||
                        std::max(std::max(std::abs(low), std::abs(high)), high - low) < 1e-3;
  for (int k = 0; k <= 4; ++k) {
    const double v = low + (high - low) * k / 4.0;
    panel.colorbar_ticks.push_back(
        {v, exponent ? fmt::format("{:.2e}", v) : fmt::format("{:.3f}", v), "", false});
  }
}

void layout_image_panel(PanelLayout& panel, const Rect& available, const TextMetrics& metrics) {
  const Axes& axes = *panel.axes;
  const Image& image = *axes.image;
  const bool show_colorbar = axes.colorbar.value_or(true);
  const double strip = show_colorbar ? kColorbarStrip : 0;
  const double side = std::max(10.0, std::min(available.width - strip, available.height));
  panel.data = {available.x, available.y, side, side};
  const auto columns = static_cast<double>(image.columns);
  const auto rows = static_cast<double>(image.rows);
  panel.x = {Scale::Linear, 0.5, columns + 0.5, false, {}};
  panel.y = {Scale::Linear, 0.5, rows + 0.5, axes.image_rows_down, {}};
  if (axes.x.limits) std::tie(panel.x.low, panel.x.high) = *axes.x.limits;
  if (axes.y.limits) std::tie(panel.y.low, panel.y.high) = *axes.y.limits;
  panel.x.ticks =
      index_ticks(image.columns, image.column_labels, side, true, FontSizes::kTick, metrics);
  panel.y.ticks = index_ticks(image.rows, image.row_labels, side, false, FontSizes::kTick, metrics);
  std::tie(panel.color_low, panel.color_high) = image_color_limits(image);
  if (show_colorbar) {
    panel.colorbar = Rect{panel.data.right() + kColorbarGap, panel.data.y, kColorbarWidth, side};
    colorbar_ticks(panel);
  }
}

void layout_axis_ticks(PanelLayout& panel, const TextMetrics& metrics) {
  const Axes& axes = *panel.axes;
  auto ticks_for = [&](const AxisLayout& axis, const AxisState& state, double pixels,
                       bool horizontal) {
    if (!state.categories.empty()) {
      return index_ticks(state.categories.size(), state.categories, pixels, horizontal,
                         FontSizes::kTick, metrics);
    }
    if (axis.scale == Scale::Log) {
      return fitted_log_ticks(axis.low, axis.high, pixels, horizontal, FontSizes::kTick, metrics);
    }
    return fitted_linear_ticks(axis.low, axis.high, pixels, horizontal, FontSizes::kTick, metrics);
  };
  panel.y.ticks = ticks_for(panel.y, axes.y, panel.data.height, false);
  panel.x.ticks = ticks_for(panel.x, axes.x, panel.data.width, true);
}

// The axis limits of a line-like panel: autoscaled from the data (categories fill 0.5 … n + 0.5),
// unless limits were set (and are usable: positive on a log axis).
void set_limits(PanelLayout& panel, const Axes& axes) {
  Range xr, yr;
  bool has_bars = false;
  data_ranges(axes, xr, yr, has_bars);
  panel.x.scale = axes.x.scale;
  panel.y.scale = axes.y.scale;
  if (!axes.x.categories.empty()) {
    panel.x.low = 0.5;
    panel.x.high = static_cast<double>(axes.x.categories.size()) + 0.5;
  } else {
    std::tie(panel.x.low, panel.x.high) = finish_range(xr, axes.x.scale, false, false);
  }
  std::tie(panel.y.low, panel.y.high) = finish_range(yr, axes.y.scale, !axes.tight, has_bars);
  // Explicit limits set on a linear axis that later turned logarithmic may not be positive;
  // such limits are ignored rather than mapped through log10.
  auto usable_limits = [](const AxisState& axis) {
    return axis.limits && (axis.scale == Scale::Linear || axis.limits->first > 0);
  };
  if (usable_limits(axes.x)) std::tie(panel.x.low, panel.x.high) = *axes.x.limits;
  if (usable_limits(axes.y)) std::tie(panel.y.low, panel.y.high) = *axes.y.limits;
  require_drawable_span(panel.x.low, panel.x.high, "x");
  require_drawable_span(panel.y.low, panel.y.high, "y");
}

// The data area between the bands for ticks and labels: first a guess of the data height picks
// the y ticks, whose widths size the left band; then the ticks are chosen for the real area.
void place_data_area(PanelLayout& panel, double top, const TextMetrics& metrics) {
  const Axes& axes = *panel.axes;
  const Rect& cell = panel.cell;
  const double tick_height = text_height(FontSizes::kTick);
  const double label_height = text_height(FontSizes::kAxisLabel);
  const double bottom_band =
      std::max(kBottomBand, kTickLength + kTickGap + tick_height +
                                (axes.x.label.empty() ? 0 : kLabelGap + label_height));
  const double data_bottom = cell.bottom() - kMargin - bottom_band;
  panel.data = {0, top, 0, data_bottom - top};
  panel.y.ticks = {};
  layout_axis_ticks(panel, metrics);  // x ticks refined below once the width is known
  const double tick_width = widest_label(panel.y.ticks, FontSizes::kTick, metrics);
  const double left_band = std::max(kLeftBand, kTickLength + kTickGap + tick_width + kLabelGap +
                                                   (axes.y.label.empty() ? 0 : label_height));
  const double data_left = cell.x + kMargin + left_band;
  const double data_right = cell.right() - kMargin;
  panel.data = {data_left, top, data_right - data_left, data_bottom - top};
  layout_axis_ticks(panel, metrics);
}

// Narrows the data area until the last x tick label ends inside the cell.
void keep_last_tick_inside(PanelLayout& panel, const TextMetrics& metrics) {
  if (panel.x.ticks.empty()) return;
  const Tick& last = panel.x.ticks.back();
  const double overhang =
      panel.map_x(last.value) +
      metrics.measure({last.label, last.superscript}, FontSizes::kTick).width / 2 -
      (panel.cell.right() - kCellSlack);
  if (overhang > 0) {
    panel.data.width -= overhang;
    layout_axis_ticks(panel, metrics);
  }
}

// axis("equal"): one data unit as long on both axes, the data area shrunk and centred.
void equalise_aspect(PanelLayout& panel, const TextMetrics& metrics) {
  const double ux =
      (axis_position(panel.x.high, panel.x.scale) - axis_position(panel.x.low, panel.x.scale)) /
      panel.data.width;
  const double uy =
      (axis_position(panel.y.high, panel.y.scale) - axis_position(panel.y.low, panel.y.scale)) /
      panel.data.height;
  if (ux > uy) {
    const double height = panel.data.height * uy / ux;
    panel.data.y += (panel.data.height - height) / 2;
    panel.data.height = height;
  } else if (uy > ux) {
    const double width = panel.data.width * ux / uy;
    panel.data.x += (panel.data.width - width) / 2;
    panel.data.width = width;
  }
  layout_axis_ticks(panel, metrics);
}

// Line, scatter, bar and the other x–y panels: limits, then the data area, then the ticks.
void layout_line_panel(PanelLayout& panel, double top, const TextMetrics& metrics) {
  set_limits(panel, *panel.axes);
  place_data_area(panel, top, metrics);
  keep_last_tick_inside(panel, metrics);
  if (panel.axes->equal_aspect) equalise_aspect(panel, metrics);
}

void layout_panel(PanelLayout& panel, const TextMetrics& metrics) {
  const Axes& axes = *panel.axes;
  const Rect& cell = panel.cell;
  double top = cell.y + kMargin;
  if (!axes.title.empty()) {
    top += kTitleBand;
    panel.title_at = Point{0, cell.y + kMargin + FontSizes::kTitle};
  }
  const double tick_height = text_height(FontSizes::kTick);
  const double label_height = text_height(FontSizes::kAxisLabel);

  if (axes.surface) {
    panel.data = {cell.x + kMargin, top, cell.width - 2 * kMargin, cell.bottom() - kMargin - top};
  } else if (axes.image) {
    const double left = cell.x + kMargin + kLeftBand;
    const Rect available{left, top, cell.right() - kMargin - left,
                         cell.bottom() - kMargin - kBottomBand - top};
    layout_image_panel(panel, available, metrics);
  } else {
    layout_line_panel(panel, top, metrics);
  }
  if (panel.title_at) {
    // Centred over the data, but kept inside the cell; a title wider than the cell shrinks.
    const double room = cell.width - 2 * kTitleInset;
    double width = metrics.width(axes.title, FontSizes::kTitle);
    if (width > room) {
      panel.title_size = std::max(kMinTitleSize, FontSizes::kTitle * room / width);
      width = metrics.width(axes.title, panel.title_size);
    }
    const double centre = panel.data.x + panel.data.width / 2;
    const double lowest = cell.x + kTitleInset + width / 2;
    panel.title_at->x =
        std::clamp(centre, lowest, std::max(lowest, cell.right() - kTitleInset - width / 2));
  }
  if (!axes.surface) {
    if (!axes.x.label.empty()) {
      panel.xlabel_at = Point{panel.data.x + panel.data.width / 2,
                              panel.data.bottom() + kTickLength + kTickGap + tick_height +
                                  kXLabelGap + FontSizes::kAxisLabel};
    }
    if (!axes.y.label.empty()) {
      panel.ylabel_at =
          Point{cell.x + kMargin + label_height / 2, panel.data.y + panel.data.height / 2};
    }
    place_legend(panel, metrics);
  }
}

}  // namespace

double PanelLayout::map_x(double value) const {
  const double a = axis_position(x.low, x.scale);
  const double b = axis_position(x.high, x.scale);
  const double t = (axis_position(value, x.scale) - a) / (b - a);
  return data.x + t * data.width;
}

double PanelLayout::map_y(double value) const {
  const double a = axis_position(y.low, y.scale);
  const double b = axis_position(y.high, y.scale);
  const double t = (axis_position(value, y.scale) - a) / (b - a);
  return y.reversed ? data.y + t * data.height : data.bottom() - t * data.height;
}

std::pair<double, double> image_color_limits(const Image& image) {
  if (image.color_limits) return *image.color_limits;
  Range range;
  for (double v : image.values) range.add(v, Scale::Linear);
  if (range.empty()) return {0.0, 1.0};
  return {range.low, range.high};
}

FigureLayout layout(const Figure& figure, const TextMetrics& metrics, CellSize cell) {
  FigureLayout result;
  result.theme = figure.light_theme ? Theme::light() : Theme::dark();
  result.width = std::min(static_cast<double>(figure.columns) * cell.width, 3600.0);
  result.height = std::min(static_cast<double>(figure.rows) * cell.height, 3000.0);
  const double cell_width = result.width / static_cast<double>(figure.columns);
  const double cell_height = result.height / static_cast<double>(figure.rows);
  for (std::size_t i = 0; i < figure.axes.size(); ++i) {
    PanelLayout panel;
    panel.axes = &figure.axes[i];
    const auto row = static_cast<double>(i / figure.columns);
    const auto column = static_cast<double>(i % figure.columns);
    panel.cell = {column * cell_width, row * cell_height, cell_width, cell_height};
    layout_panel(panel, metrics);
    result.panels.push_back(std::move(panel));
  }
  return result;
}

}  // namespace llmlab::plot
