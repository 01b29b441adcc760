// Line simplification (plot/simplify.hpp): far fewer vertices for noisy and dense lines, and
// the same picture: the simplified stroke is painted by the real backend next to the raw one
// and the pixels compared.
#include "plot/simplify.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "plot/backend.hpp"
#include "plot/checked_renderer.hpp"
#include "plot/export.hpp"

namespace llmlab::plot {
namespace {

constexpr Rect kVisible{60, 40, 780, 420};

Path raw_path(const std::vector<Point>& points) {
  Path path;
  path.move_to(points.front());
  for (std::size_t i = 1; i < points.size(); ++i) path.line_to(points[i]);
  return path;
}

Path simplified(const std::vector<Point>& points, double width = 1.5) {
  Path path;
  append_simplified_polyline(path, points, kVisible, width);
  return path;
}

// A reproducible noisy line: `n` points across the visible width, y uniform over `spread` px
// around the middle (beyond the visible area when the spread is larger than its height).
std::vector<Point> noisy(std::size_t n, double spread) {
  std::vector<Point> points;
  unsigned state = 12345;
  for (std::size_t i = 0; i < n; ++i) {
    state = state * 1103515245u + 12345u;
    const double unit = static_cast<double>((state >> 8) & 0xFFFF) / 65535.0;
    points.push_back({kVisible.x + kVisible.width * static_cast<double>(i) / static_cast<double>(n),
                      kVisible.y + kVisible.height / 2 + spread * (unit - 0.5)});
  }
  return points;
}

std::vector<Point> smooth(std::size_t n) {
  std::vector<Point> points;
  for (std::size_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / static_cast<double>(n - 1);
    points.push_back({kVisible.x + kVisible.width * t,
                      kVisible.y + kVisible.height * (0.5 - 0.45 * std::sin(12.0 * t) * (1 - t))});
  }
  return points;
}

Raster paint(const Path& path, double width);

Raster paint(const std::vector<Path>& strokes, double width) {
  std::unique_ptr<ImageCanvas> canvas = backend().image_canvas(900, 500);
  Renderer& renderer = canvas->renderer();
  renderer.begin(900, 500, Color{1, 1, 1, 1});
  renderer.push_clip(kVisible);
  for (const Path& path : strokes)
    renderer.path(path, Stroke{Color{0.1, 0.3, 0.8, 1}, width, {}, true}, std::nullopt);
  renderer.pop_clip();
  renderer.end();
  return canvas->pixels();
}

Raster paint(const Path& path, double width) { return paint(std::vector<Path>{path}, width); }

// Pixels whose colour differs by more than `levels` (of 255) in some channel.
int differing_pixels(const Raster& a, const Raster& b, int levels) {
  int count = 0;
  for (std::size_t i = 0; i < a.rgba.size(); i += 4) {
    for (std::size_t c = 0; c < 3; ++c) {
      if (std::abs(int{a.rgba[i + c]} - int{b.rgba[i + c]}) > levels) {
        ++count;
        break;
      }
    }
  }
  return count;
}

TEST(simplify, collinear_points_become_one_segment) {
  std::vector<Point> points;
  for (int i = 0; i <= 1000; ++i) points.push_back({100.0 + 0.5 * i, 100.0 + 0.25 * i});
  const Path path = simplified(points);
  ASSERT_EQ(path.points.size(), 2u);
  EXPECT_EQ(path.points.back().x, 600.0);
  EXPECT_EQ(path.points.back().y, 350.0);
}

TEST(simplify, short_lines_are_drawn_as_given) {
  const std::vector<Point> points{{100, 100}, {200, 100}, {300, 100}};
  EXPECT_EQ(simplified(points).points.size(), 3u);
}

// Straight pieces of `steps` points each from one y to the next along x = 400 (+ a little).
std::vector<Point> vertical_walk(std::initializer_list<double> ys, int steps) {
  std::vector<Point> points{{400, *ys.begin()}};
  for (auto y = ys.begin() + 1; y != ys.end(); ++y) {
    const double from = points.back().y;
    for (int k = 1; k <= steps; ++k) {
      const double wobble = (k % 2 == 0) * 0.05;  // the first step sets the direction exactly
      points.push_back({400 + wobble, from + (*y - from) * k / steps});
    }
  }
  return points;
}

TEST(simplify, a_line_folding_back_keeps_its_extremes_in_order) {
  // Up to 150, down to 350, up to 50, down to 200: one vertical run; 150 lies inside [50, 350].
  const Path path = simplified(vertical_walk({250, 150, 350, 50, 200}, 200));
  ASSERT_EQ(path.points.size(), 4u);
  EXPECT_EQ(path.points[0].y, 250.0);
  EXPECT_EQ(path.points[1].y, 350.0);
  EXPECT_EQ(path.points[2].y, 50.0);
  EXPECT_EQ(path.points[3].y, 200.0);
}

TEST(simplify, segments_beyond_one_edge_become_a_move) {
  // Zigzags far above the visible area between two visible points.
  std::vector<Point> points{{100, 200}, {200, -500}};
  for (int i = 0; i < 600; ++i) points.push_back({200.0 + i * 0.3, i % 2 ? -600.0 : -500.0});
  points.push_back({500, 200});
  const Path path = simplified(points);
  // 100,200 → 200,-500 (visible), then a move to the last hidden point and a line back in.
  ASSERT_EQ(path.verbs.size(), 4u);
  EXPECT_EQ(path.verbs[2], Path::Verb::Move);
  EXPECT_EQ(path.points[2].x, points[points.size() - 2].x);
}

TEST(simplify, split_path_continues_each_piece_where_the_last_ended) {
  Path path;
  path.move_to({0, 0});
  for (int i = 1; i <= 10; ++i) path.line_to({double(i), 0});
  const std::vector<Path> pieces = split_path(path, 4);
  // A move and three lines per piece: 3 + 3 + 3 + 1 lines.
  ASSERT_EQ(pieces.size(), 4u);
  EXPECT_EQ(pieces[0].verbs.size(), 4u);
  EXPECT_EQ(pieces[1].verbs.front(), Path::Verb::Move);
  EXPECT_EQ(pieces[1].points.front().x, pieces[0].points.back().x);
  EXPECT_EQ(pieces[3].points.back().x, 10.0);
}

TEST(simplify, noisy_lines_shrink_to_a_bound_set_by_the_width_not_the_point_count) {
  const Path small = simplified(noisy(60'000, 300));
  const Path large = simplified(noisy(1'000'000, 300));
  EXPECT_LT(small.points.size(), 30'000u);
  // Runs end when x has moved a tenth of a pixel: about 10 runs per pixel column, each at most
  // four vertices, whatever the number of points.
  EXPECT_LT(large.points.size(), 40u * static_cast<std::size_t>(kVisible.width));
}

// The picture is the same at the output resolution: of the 450,000 pixels only antialiased
// edge pixels change, a hundred or fewer by more than 24 levels of 255 and none by more than
// 64 (the tolerance is a tenth of a pixel). Measured: noisy 59, smooth 18 over 24 levels.
// Stroked in pieces, the edges where two pieces cross blend twice: on the noisy line, where
// pieces cross everywhere, about 2,000 pixels (0.5 %) move by more than 24 levels, none by
// more than 64.
void expect_same_picture(const Raster& a, const Raster& b, int over_24_levels = 100) {
  EXPECT_LE(differing_pixels(a, b, 24), over_24_levels);
  EXPECT_EQ(differing_pixels(a, b, 64), 0);
}

TEST(simplify, noisy_line_paints_the_same_pixels) {
  const std::vector<Point> points = noisy(3'000, 600);  // beyond the top and bottom too
  const Path fewer = simplified(points);
  EXPECT_LT(fewer.points.size(), points.size());
  const Raster raw = paint(raw_path(points), 1.5);
  expect_same_picture(raw, paint(fewer, 1.5));
  // Stroked in pieces, as draw() does for long opaque lines.
  expect_same_picture(raw, paint(split_path(fewer, kStrokeChunk), 1.5), 3'000);
}

TEST(simplify, smooth_line_paints_the_same_pixels) {
  const std::vector<Point> points = smooth(50'000);
  const Path fewer = simplified(points);
  EXPECT_LT(fewer.points.size(), 5'000u);
  const Raster raw = paint(raw_path(points), 1.5);
  expect_same_picture(raw, paint(fewer, 1.5));
  expect_same_picture(raw, paint(split_path(fewer, kStrokeChunk), 1.5));
}

// A whole figure with a million noisy points renders to PNG in about a second, not minutes.
TEST(simplify, million_point_figure_renders_quickly) {
  Figure figure;
  Series series;
  series.kind = SeriesKind::Line;
  unsigned state = 7;
  for (int i = 0; i < 1'000'000; ++i) {
    state = state * 1103515245u + 12345u;
    series.x.push_back(i);
    series.y.push_back(static_cast<double>((state >> 8) & 0xFFFF) / 65535.0);
  }
  figure.current_axes().series.push_back(series);
  const auto start = std::chrono::steady_clock::now();
  const std::string png = render_png(figure);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GT(png.size(), 1000u);
  EXPECT_LT(seconds, 10.0);
}

// The check runs between primitives: a throwing check ends the render.
TEST(checked_renderer, a_throwing_check_stops_the_render) {
  Figure figure;
  Series series;
  series.kind = SeriesKind::Line;
  series.x = {1, 2, 3};
  series.y = {1, 4, 9};
  figure.current_axes().series.push_back(series);
  int calls = 0;
  const InterruptCheck stop_at_third = [&calls] {
    if (++calls == 3) throw std::runtime_error("stop");
  };
  EXPECT_THROW(render_png(figure, stop_at_third), std::runtime_error);
  EXPECT_EQ(calls, 3);
  int counted = 0;
  render_svg(figure, [&counted] { ++counted; });
  EXPECT_GT(counted, 3);
}

}  // namespace
}  // namespace llmlab::plot
