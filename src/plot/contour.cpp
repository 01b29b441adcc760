// Marching squares over each grid cell, with the saddle case resolved by the cell mean.
#include "plot/contour.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "plot/finite_range.hpp"

namespace llmlab::plot {

std::vector<double> contour_levels(std::span<const double> z, int n) {
  FiniteRange range;
  range.add(z);
  const double low = range.low;
  const double high = range.high;
  std::vector<double> levels;
  if (!(low < high) || n < 1) return levels;
  for (int k = 1; k <= n; ++k) levels.push_back(low + (high - low) * k / (n + 1.0));
  return levels;
}

std::vector<Segment> contour_segments(std::span<const double> x, std::span<const double> y,
                                      std::span<const double> z, double level) {
  std::vector<Segment> segments;
  const std::size_t columns = x.size();
  const std::size_t rows = y.size();
  if (rows < 2 || columns < 2 || z.size() != rows * columns) return segments;
  for (std::size_t i = 0; i + 1 < rows; ++i) {
    for (std::size_t j = 0; j + 1 < columns; ++j) {
      // Corners counter-clockwise from (i, j): 0 = (i, j), 1 = (i, j+1), 2 = (i+1, j+1), 3 = (i+1,
      // j).
      const double v[4] = {z[i * columns + j], z[i * columns + j + 1], z[(i + 1) * columns + j + 1],
                           z[(i + 1) * columns + j]};
      if (!std::all_of(v, v + 4, [](double a) { return std::isfinite(a); })) continue;
      const double px[4] = {x[j], x[j + 1], x[j + 1], x[j]};
      const double py[4] = {y[i], y[i], y[i + 1], y[i + 1]};
      int mask = 0;
      for (int k = 0; k < 4; ++k) mask |= (v[k] >= level ? 1 : 0) << k;
      if (mask == 0 || mask == 15) continue;
      // Crossing point on edge k (corner k to corner k+1).
      auto cross = [&](int k, double& cx, double& cy) {
        const int a = k;
        const int b = (k + 1) % 4;
        const double t = (level - v[a]) / (v[b] - v[a]);
        cx = px[a] + t * (px[b] - px[a]);
        cy = py[a] + t * (py[b] - py[a]);
      };
      std::vector<int> edges;
      for (int k = 0; k < 4; ++k) {
        const bool a = (mask >> k) & 1;
        const bool b = (mask >> ((k + 1) % 4)) & 1;
        if (a != b) edges.push_back(k);
      }
      if (edges.size() == 4) {
        // Saddle: connect so that the cell centre's side stays joined.
        const double centre = (v[0] + v[1] + v[2] + v[3]) / 4;
        const bool centre_high = centre >= level;
        const bool corner0_high = mask & 1;
        edges = centre_high == corner0_high ? std::vector<int>{0, 1, 2, 3}
                                            : std::vector<int>{3, 0, 1, 2};
      }
      for (std::size_t e = 0; e + 1 < edges.size(); e += 2) {
        Segment s{};
        cross(edges[e], s.x0, s.y0);
        cross(edges[e + 1], s.x1, s.y1);
        segments.push_back(s);
      }
    }
  }
  return segments;
}

}  // namespace llmlab::plot
