// surf: a fixed 3-D view (azimuth −37.5°, elevation 30°, MATLAB's default) of a surface
// normalised to the unit cube, quads painted far to near (plotting.md §4.8).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "plot/draw.hpp"
#include "plot/finite_range.hpp"
#include "plot/layout.hpp"

namespace llmlab::plot {
namespace {

struct Projected {
  double u, v, depth;
};

// `value` placed in [-0.5, 0.5] across `range` (0 when the range is one point or empty).
double normalised(const FiniteRange& range, double value) {
  return range.high > range.low ? (value - range.low) / (range.high - range.low) - 0.5 : 0.0;
}

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

// Where the unit cube lands in the panel: its projected corners fix the scale, so the box
// fills 90 % of the data area, centred.
class View {
 public:
  explicit View(const Rect& data) {
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    double umin = kInfinity, umax = -kInfinity, vmin = kInfinity, vmax = -kInfinity;
    for (int corner = 0; corner < 8; ++corner) {
      const Projected p =
          project((corner & 1) - 0.5, ((corner >> 1) & 1) - 0.5, ((corner >> 2) & 1) - 0.5);
      umin = std::min(umin, p.u);
      umax = std::max(umax, p.u);
      vmin = std::min(vmin, p.v);
      vmax = std::max(vmax, p.v);
    }
    scale_ = kFill * std::min(data.width / (umax - umin), data.height / (vmax - vmin));
    centre_ = {data.x + data.width / 2, data.y + data.height / 2};
    middle_ = {(umin + umax) / 2, (vmin + vmax) / 2};
  }
  Point canvas(const Projected& p) const {
    return Point{centre_.x + scale_ * (p.u - middle_.x), centre_.y - scale_ * (p.v - middle_.y)};
  }
  Point canvas(double x, double y, double z) const { return canvas(project(x, y, z)); }

 private:
  static constexpr double kFill = 0.9;
  double scale_ = 1;
  Point centre_;
  Point middle_;  // the projected box's centre, (u, v)
};

// The surface's grid normalised to the unit cube: point (i, j) is row i, column j.
struct Grid {
  const Surface& surface;
  FiniteRange x, y, z;
  explicit Grid(const Surface& s) : surface(s) {
    x.add(s.x);
    y.add(s.y);
    z.add(s.z);
  }
  std::size_t rows() const { return surface.y.size(); }
  std::size_t columns() const { return surface.x.size(); }
  double height(std::size_t i, std::size_t j) const { return surface.z[i * columns() + j]; }
  Projected at(std::size_t i, std::size_t j) const {
    return project(normalised(x, surface.x[j]), normalised(y, surface.y[i]),
                   normalised(z, height(i, j)));
  }
};

// The box frame: the edges of the three back faces, under the surface.
void draw_frame(const View& view, const Theme& theme, Renderer& renderer) {
  const Stroke frame{theme.foreground.with_alpha(0.5), 1.0, {}, false};
  Path box;
  const double c[2] = {-0.5, 0.5};
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 2; ++b) {
      box.move_to(view.canvas(-0.5, c[a], c[b]));
      box.line_to(view.canvas(0.5, c[a], c[b]));
      box.move_to(view.canvas(c[a], -0.5, c[b]));
      box.line_to(view.canvas(c[a], 0.5, c[b]));
      box.move_to(view.canvas(c[a], c[b], -0.5));
      box.line_to(view.canvas(c[a], c[b], 0.5));
    }
  }
  renderer.path(box, frame, std::nullopt);
}

// One quadrilateral per grid cell, painted far to near (the painter's algorithm), coloured by
// the mean height of its corners.
void draw_quads(const Grid& grid, const View& view, const Theme& theme, Renderer& renderer) {
  struct Quad {
    double depth;
    std::size_t i, j;
  };
  std::vector<Quad> quads;
  for (std::size_t i = 0; i + 1 < grid.rows(); ++i) {
    for (std::size_t j = 0; j + 1 < grid.columns(); ++j) {
      const double depth = (grid.at(i, j).depth + grid.at(i + 1, j + 1).depth) / 2;
      if (std::isfinite(depth)) quads.push_back({depth, i, j});
    }
  }
  // Far (large depth) first; index order breaks ties so output is deterministic.
  std::stable_sort(quads.begin(), quads.end(),
                   [](const Quad& a, const Quad& b) { return a.depth > b.depth; });
  const Stroke outline{theme.foreground.with_alpha(0.3), 0.5, {}, false};
  for (const Quad& q : quads) {
    const double mean = (grid.height(q.i, q.j) + grid.height(q.i, q.j + 1) +
                         grid.height(q.i + 1, q.j) + grid.height(q.i + 1, q.j + 1)) /
                        4;
    if (!std::isfinite(mean)) continue;
    const double t =
        grid.z.high > grid.z.low ? (mean - grid.z.low) / (grid.z.high - grid.z.low) : 0.5;
    Path quad;
    quad.move_to(view.canvas(grid.at(q.i, q.j)));
    quad.line_to(view.canvas(grid.at(q.i, q.j + 1)));
    quad.line_to(view.canvas(grid.at(q.i + 1, q.j + 1)));
    quad.line_to(view.canvas(grid.at(q.i + 1, q.j)));
    quad.close();
    renderer.path(quad, outline, colormap_color(grid.surface.colormap, t));
  }
}

// The axis extents at the box's front-bottom edges: x along the front-right bottom edge, y
// along the front-left one (its low end shares the front corner with x), z up the left
// vertical edge.
void draw_extents(const Grid& grid, const View& view, const Theme& theme, Renderer& renderer) {
  constexpr double kBelow = 14;  // a label's baseline under the point it names
  constexpr double kBeside = 6;  // right-aligned labels end this far left of their point
  const TextStyle style{FontSizes::kTick, theme.foreground, Anchor::Middle, false, false};
  auto label = [&](double x, double y, double z, const std::string& text) {
    const Point p = view.canvas(x, y, z);
    renderer.text({p.x, p.y + kBelow}, {text, ""}, style);
  };
  label(-0.5, -0.5, -0.5, short_number(grid.x.low));
  label(0.5, -0.5, -0.5, short_number(grid.x.high));
  TextStyle end_style = style;
  end_style.anchor = Anchor::End;
  const Point left = view.canvas(-0.5, 0.5, -0.5);
  const Point top = view.canvas(-0.5, 0.5, 0.5);
  renderer.text({left.x - kBeside, left.y + kBelow}, {short_number(grid.y.high), ""}, end_style);
  renderer.text({left.x - kBeside, left.y - 4}, {short_number(grid.z.low), ""}, end_style);
  renderer.text({top.x - kBeside, top.y + 4}, {short_number(grid.z.high), ""}, end_style);
}

}  // namespace

void draw_surface(const PanelLayout& panel, const Surface& surface, const Theme& theme,
                  Renderer& renderer) {
  const std::size_t columns = surface.x.size();
  const std::size_t rows = surface.y.size();
  if (rows < 2 || columns < 2 || surface.z.size() != rows * columns) return;
  const Grid grid(surface);
  const View view(panel.data);
  draw_frame(view, theme, renderer);
  draw_quads(grid, view, theme, renderer);
  draw_extents(grid, view, theme, renderer);
}

}  // namespace llmlab::plot
