// surf: a fixed 3-D view (azimuth −37.5°, elevation 30°, MATLAB's default) of a surface
// normalised to the unit cube, quads painted far to near (plotting.md §4.8).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "plot/draw.hpp"
#include "plot/layout.hpp"

namespace llmlab::plot {
namespace {

struct Projected {
  double u, v, depth;
};

struct Range1 {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  void add(double value) {
    if (!std::isfinite(value)) return;
    low = std::min(low, value);
    high = std::max(high, value);
  }
  double normalise(double value) const {
    return high > low ? (value - low) / (high - low) - 0.5 : 0.0;
  }
};

// Rotate the unit cube about z by the azimuth, tilt by the elevation; u right, v up, depth
// away from the viewer.
Projected project(double x, double y, double z) {
  constexpr double kAzimuth = -37.5 * std::numbers::pi / 180;
  constexpr double kElevation = 30 * std::numbers::pi / 180;
  const double ca = std::cos(kAzimuth), sa = std::sin(kAzimuth);
  const double ce = std::cos(kElevation), se = std::sin(kElevation);
  const double u = ca * x + sa * y;
  const double w = -sa * x + ca * y;  // into the screen before tilting
  return {u, ce * z + se * w, ce * w - se * z};
}

std::string short_number(double v) { return fmt::format("{:.3g}", v); }

}  // namespace

void draw_surface(const PanelLayout& panel, const Surface& surface, const Theme& theme,
                  Renderer& renderer) {
  const std::size_t columns = surface.x.size();
  const std::size_t rows = surface.y.size();
  if (rows < 2 || columns < 2 || surface.z.size() != rows * columns) return;
  Range1 xr, yr, zr;
  for (double v : surface.x) xr.add(v);
  for (double v : surface.y) yr.add(v);
  for (double v : surface.z) zr.add(v);
  // The cube's corners fix the scale: the projected box fills the panel.
  double umin = INFINITY, umax = -INFINITY, vmin = INFINITY, vmax = -INFINITY;
  for (int corner = 0; corner < 8; ++corner) {
    const Projected p =
        project((corner & 1) - 0.5, ((corner >> 1) & 1) - 0.5, ((corner >> 2) & 1) - 0.5);
    umin = std::min(umin, p.u);
    umax = std::max(umax, p.u);
    vmin = std::min(vmin, p.v);
    vmax = std::max(vmax, p.v);
  }
  const Rect& d = panel.data;
  const double scale = 0.9 * std::min(d.width / (umax - umin), d.height / (vmax - vmin));
  const Point centre{d.x + d.width / 2, d.y + d.height / 2};
  auto to_canvas = [&](const Projected& p) {
    return Point{centre.x + scale * (p.u - (umin + umax) / 2),
                 centre.y - scale * (p.v - (vmin + vmax) / 2)};
  };
  auto point_at = [&](std::size_t i, std::size_t j) {
    return project(xr.normalise(surface.x[j]), yr.normalise(surface.y[i]),
                   zr.normalise(surface.z[i * columns + j]));
  };

  // Box frame: the three back faces' edges, under the surface.
  const Stroke frame{theme.foreground.with_alpha(0.5), 1.0, {}, false};
  Path box;
  const double c[2] = {-0.5, 0.5};
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 2; ++b) {
      box.move_to(to_canvas(project(-0.5, c[a], c[b])));
      box.line_to(to_canvas(project(0.5, c[a], c[b])));
      box.move_to(to_canvas(project(c[a], -0.5, c[b])));
      box.line_to(to_canvas(project(c[a], 0.5, c[b])));
      box.move_to(to_canvas(project(c[a], c[b], -0.5)));
      box.line_to(to_canvas(project(c[a], c[b], 0.5)));
    }
  }
  renderer.path(box, frame, std::nullopt);

  struct Quad {
    double depth;
    std::size_t i, j;
  };
  std::vector<Quad> quads;
  for (std::size_t i = 0; i + 1 < rows; ++i) {
    for (std::size_t j = 0; j + 1 < columns; ++j) {
      const double depth = (point_at(i, j).depth + point_at(i + 1, j + 1).depth) / 2;
      if (std::isfinite(depth)) quads.push_back({depth, i, j});
    }
  }
  // Far (large depth) first; index order breaks ties so output is deterministic.
  std::stable_sort(quads.begin(), quads.end(),
                   [](const Quad& a, const Quad& b) { return a.depth > b.depth; });
  const Stroke outline{theme.foreground.with_alpha(0.3), 0.5, {}, false};
  for (const Quad& q : quads) {
    const double mean =
        (surface.z[q.i * columns + q.j] + surface.z[q.i * columns + q.j + 1] +
         surface.z[(q.i + 1) * columns + q.j] + surface.z[(q.i + 1) * columns + q.j + 1]) /
        4;
    if (!std::isfinite(mean)) continue;
    const double t = zr.high > zr.low ? (mean - zr.low) / (zr.high - zr.low) : 0.5;
    Path quad;
    quad.move_to(to_canvas(point_at(q.i, q.j)));
    quad.line_to(to_canvas(point_at(q.i, q.j + 1)));
    quad.line_to(to_canvas(point_at(q.i + 1, q.j + 1)));
    quad.line_to(to_canvas(point_at(q.i + 1, q.j)));
    quad.close();
    renderer.path(quad, outline, colormap_color(surface.colormap, t));
  }

  // Axis extents at the front-bottom edges.
  const TextStyle style{FontSizes::kTick, theme.foreground, Anchor::Middle, false, false};
  auto label = [&](double x, double y, double z, const std::string& text) {
    const Point p = to_canvas(project(x, y, z));
    renderer.text({p.x, p.y + 14}, {text, ""}, style);
  };
  // x along the front-right bottom edge, y along the front-left one (its low end shares the
  // front corner with x), z up the left vertical edge.
  label(-0.5, -0.5, -0.5, short_number(xr.low));
  label(0.5, -0.5, -0.5, short_number(xr.high));
  TextStyle end_style = style;
  end_style.anchor = Anchor::End;
  const Point left = to_canvas(project(-0.5, 0.5, -0.5));
  const Point top = to_canvas(project(-0.5, 0.5, 0.5));
  renderer.text({left.x - 6, left.y + 14}, {short_number(yr.high), ""}, end_style);
  renderer.text({left.x - 6, left.y - 4}, {short_number(zr.low), ""}, end_style);
  renderer.text({top.x - 6, top.y + 4}, {short_number(zr.high), ""}, end_style);
}

}  // namespace llmlab::plot
