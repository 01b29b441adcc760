// Path construction helpers and the default marker loop of the Renderer interface.
#include "plot/renderer.hpp"

namespace llmlab::plot {

void Path::move_to(Point p) {
  verbs.push_back(Verb::Move);
  points.push_back(p);
}

void Path::line_to(Point p) {
  verbs.push_back(Verb::Line);
  points.push_back(p);
}

void Path::cubic_to(Point c1, Point c2, Point end) {
  verbs.push_back(Verb::Cubic);
  points.push_back(c1);
  points.push_back(c2);
  points.push_back(end);
}

void Path::close() { verbs.push_back(Verb::Close); }

Path Path::rectangle(const Rect& rect) {
  Path path;
  path.move_to({rect.x, rect.y});
  path.line_to({rect.right(), rect.y});
  path.line_to({rect.right(), rect.bottom()});
  path.line_to({rect.x, rect.bottom()});
  path.close();
  return path;
}

Path Path::circle(Point centre, double radius) {
  // Four cubic arcs; kappa = 4/3·(√2 − 1) makes each the closest cubic to a quarter circle.
  constexpr double kKappa = 0.5522847498307936;
  const double k = kKappa * radius;
  const double x = centre.x;
  const double y = centre.y;
  const double r = radius;
  Path path;
  path.move_to({x + r, y});
  path.cubic_to({x + r, y + k}, {x + k, y + r}, {x, y + r});
  path.cubic_to({x - k, y + r}, {x - r, y + k}, {x - r, y});
  path.cubic_to({x - r, y - k}, {x - k, y - r}, {x, y - r});
  path.cubic_to({x + k, y - r}, {x + r, y - k}, {x + r, y});
  path.close();
  return path;
}

Path Path::segment(Point from, Point to) {
  Path path;
  path.move_to(from);
  path.line_to(to);
  return path;
}

void Renderer::markers(const Path& marker, std::span<const Point> at, const Stroke& stroke,
                       std::optional<Color> fill) {
  for (Point p : at) {
    Path moved = marker;
    for (Point& q : moved.points) {
      q.x += p.x;
      q.y += p.y;
    }
    path(moved, stroke, fill);
  }
}

}  // namespace llmlab::plot
