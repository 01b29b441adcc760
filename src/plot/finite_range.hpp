// The extent of the finite values among some data: NaN and ±Inf are skipped, as every plot
// scale that reads its data's range skips them (contour levels, histogram bins, surf's cube).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

namespace llmlab::plot {

// Empty (low = +inf, high = -inf) until a finite value is added.
struct FiniteRange {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();

  void add(double value) {
    if (!std::isfinite(value)) return;
    low = std::min(low, value);
    high = std::max(high, value);
  }
  void add(std::span<const double> values) {
    for (const double value : values) add(value);
  }
};

}  // namespace llmlab::plot
