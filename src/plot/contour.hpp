// Marching squares: the iso-lines of a gridded field as line segments (plotting.md §3.19).
#pragma once

#include <span>
#include <vector>

namespace llmlab::plot {

struct Segment {
  double x0, y0, x1, y1;  // data coordinates
};

// z is row-major R×C over x (length C) and y (length R). Cells touching non-finite values are
// skipped.
std::vector<Segment> contour_segments(std::span<const double> x, std::span<const double> y,
                                      std::span<const double> z, double level);

// n levels evenly spaced strictly inside [min, max] of the finite values of z.
std::vector<double> contour_levels(std::span<const double> z, int n);

}  // namespace llmlab::plot
