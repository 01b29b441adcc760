// Polyline simplification (simplify.hpp): one pass over the points, O(n).
#include "plot/simplify.hpp"

#include <cmath>

namespace llmlab::plot {
namespace {

// Which edges of the widened visible rectangle a point lies beyond, one bit per edge.
class Outside {
 public:
  Outside(const Rect& visible, double line_width) {
    // A mitre join reaches at most miter-limit (cairo's default 10) half-widths from its vertex.
    const double margin = 10.0 * line_width + 2.0;
    low_ = {visible.x - margin, visible.y - margin};
    high_ = {visible.right() + margin, visible.bottom() + margin};
  }
  unsigned edges(Point p) const {
    return (p.x < low_.x ? 1u : 0u) | (p.x > high_.x ? 2u : 0u) | (p.y < low_.y ? 4u : 0u) |
           (p.y > high_.y ? 8u : 0u);
  }

 private:
  Point low_;
  Point high_;
};

double distance(Point a, Point b) { return std::hypot(b.x - a.x, b.y - a.y); }

// The run being built: points within the tolerance of the line from `start` along `direction`.
class Run {
 public:
  explicit Run(Path& path) : path_(path) {}

  // A new polyline (or one coming back into view) starts at `p`.
  void restart(Point p) {
    path_.move_to(p);
    begin_at(p);
  }

  void add(Point p) {
    ++count_;
    if (!has_direction_) {
      last_ = p;
      if (distance(start_, p) <= kSimplifyTolerance) return;  // sub-pixel: merged into start
      set_direction(p);
      return;
    }
    const double dx = p.x - start_.x;
    const double dy = p.y - start_.y;
    const double across = std::abs(direction_.x * dy - direction_.y * dx);
    if (across > kSimplifyTolerance) {
      flush();
      begin_at(last_);
      add(p);
      return;
    }
    const double along = direction_.x * dx + direction_.y * dy;
    if (along > forward_) {
      forward_ = along;
      forward_point_ = p;
      forward_at_ = count_;
    } else if (along < backward_) {
      backward_ = along;
      backward_point_ = p;
      backward_at_ = count_;
    }
    last_ = p;
  }

  // Emits the run's vertices: its extremes in the order the line reached them, then its end.
  void flush() {
    if (count_ == 0) return;
    if (!has_direction_) {
      path_.line_to(last_);
      count_ = 0;
      return;
    }
    const bool went_back = backward_at_ != 0;
    const bool back_first = went_back && backward_at_ < forward_at_;
    Point emitted = start_;
    auto emit = [&](Point p) {
      if (p.x == emitted.x && p.y == emitted.y) return;
      path_.line_to(p);
      emitted = p;
    };
    if (back_first) emit(backward_point_);
    emit(forward_point_);
    if (went_back && !back_first) emit(backward_point_);
    emit(last_);
    count_ = 0;
  }

  Point last() const { return last_; }

 private:
  void begin_at(Point p) {
    start_ = p;
    last_ = p;
    has_direction_ = false;
    count_ = 0;
  }

  void set_direction(Point p) {
    const double length = distance(start_, p);
    direction_ = {(p.x - start_.x) / length, (p.y - start_.y) / length};
    has_direction_ = true;
    forward_ = length;
    forward_point_ = p;
    forward_at_ = count_;
    backward_ = 0.0;
    backward_at_ = 0;
  }

  Path& path_;
  Point start_;
  Point last_;
  bool has_direction_ = false;
  Point direction_;  // unit vector
  double forward_ = 0.0;
  double backward_ = 0.0;  // <= 0: how far the run went behind its start
  Point forward_point_;
  Point backward_point_;
  std::size_t forward_at_ = 0;  // when each extreme was last reached (0: never went back)
  std::size_t backward_at_ = 0;
  std::size_t count_ = 0;  // points added since the run began
};

}  // namespace

void append_simplified_polyline(Path& path, std::span<const Point> points, const Rect& visible,
                                double line_width) {
  if (points.empty()) return;
  if (points.size() < kSimplifyFrom) {
    path.move_to(points[0]);
    for (const Point& p : points.subspan(1)) path.line_to(p);
    return;
  }
  const Outside outside(visible, line_width);
  Run run(path);
  run.restart(points[0]);
  bool pen_down = true;
  unsigned previous_edges = outside.edges(points[0]);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const unsigned edges = outside.edges(points[i]);
    const bool hidden = (edges & previous_edges) != 0;
    previous_edges = edges;
    if (hidden) {
      if (pen_down) run.flush();
      pen_down = false;
      continue;
    }
    if (!pen_down) {
      run.restart(points[i - 1]);
      pen_down = true;
    }
    run.add(points[i]);
  }
  if (pen_down) run.flush();
}

std::vector<Path> split_path(const Path& path, std::size_t vertices) {
  std::vector<Path> pieces(1);
  for (std::size_t i = 0; i < path.verbs.size(); ++i) {
    const bool line = path.verbs[i] == Path::Verb::Line;
    if (line && pieces.back().verbs.size() >= vertices) {
      pieces.emplace_back().move_to(path.points[i - 1]);
    }
    if (line) {
      pieces.back().line_to(path.points[i]);
    } else {
      pieces.back().move_to(path.points[i]);
    }
  }
  return pieces;
}

}  // namespace llmlab::plot
