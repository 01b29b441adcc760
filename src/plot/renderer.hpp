// The one drawing interface every output format implements (matplotlib's RendererBase):
// paths, text, raster images and markers, plus a clip stack. draw.cpp paints figures through
// it and never knows the file format.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plot/color.hpp"

namespace llmlab::plot {

struct Point {
  double x = 0.0;
  double y = 0.0;
};

struct Rect {
  double x = 0.0;
  double y = 0.0;
  double width = 0.0;
  double height = 0.0;
  double right() const { return x + width; }
  double bottom() const { return y + height; }
  bool contains(Point p) const { return p.x >= x && p.x <= right() && p.y >= y && p.y <= bottom(); }
};

// Canvas pixel coordinates, y down. Curves are cubic Béziers (circles are four of them).
struct Path {
  enum class Verb { Move, Line, Cubic, Close };
  std::vector<Verb> verbs;
  std::vector<Point> points;  // Move/Line: 1 point, Cubic: 3 points, Close: none

  void move_to(Point p);
  void line_to(Point p);
  void cubic_to(Point c1, Point c2, Point end);
  void close();
  bool empty() const { return verbs.empty(); }

  static Path rectangle(const Rect& rect);
  static Path circle(Point centre, double radius);
  static Path segment(Point from, Point to);
};

struct Stroke {
  Color color;
  double width = 1.0;
  std::vector<double> dashes;  // on/off lengths in px; empty = solid
  bool round = false;          // round joins and caps (data lines)
};

enum class Anchor { Start, Middle, End };

struct TextStyle {
  double size = 10.0;  // px
  Color color;
  Anchor anchor = Anchor::Start;  // horizontal placement of `at`; `at.y` is the baseline
  bool rotated = false;           // 90° counter-clockwise (y-axis labels)
  bool bold = false;
};

// A label; `superscript` is appended raised and smaller (log-axis "10^k").
struct Text {
  std::string body;
  std::string superscript;
};

// 8-bit RGBA pixels, row-major, top row first.
struct Raster {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;
};

class Renderer {
 public:
  virtual ~Renderer() = default;
  virtual void begin(double width, double height, Color background) = 0;
  virtual void end() = 0;
  // A stroke of width 0 means "no outline".
  virtual void path(const Path& path, const Stroke& stroke, std::optional<Color> fill) = 0;
  virtual void text(Point at, const Text& text, const TextStyle& style) = 0;
  // Pixels scaled to `where` without smoothing (each data cell stays a sharp rectangle).
  virtual void image(const Rect& where, const Raster& pixels) = 0;
  virtual void push_clip(const Rect& rect) = 0;
  virtual void pop_clip() = 0;
  // `marker` is centred on the origin; the default draws one path per point.
  virtual void markers(const Path& marker, std::span<const Point> at, const Stroke& stroke,
                       std::optional<Color> fill);
};

}  // namespace llmlab::plot
