// Equal-width histogram binning (builtins.md §5).
#include "plot/histogram.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "plot/finite_range.hpp"

namespace llmlab::plot {

Histogram bin_histogram(std::span<const double> samples, std::size_t nbins) {
  Histogram result;
  FiniteRange range;
  range.add(samples);
  double low = range.low;
  double high = range.high;
  if (!std::isfinite(low)) low = high = 0.0;
  const double width = high - low < 1e-300 ? 1.0 : (high - low) / static_cast<double>(nbins);
  result.low = low;
  result.width = width;
  result.centres.resize(nbins);
  result.counts.assign(nbins, 0.0);
  for (std::size_t k = 0; k < nbins; ++k) {
    result.centres[k] = low + (static_cast<double>(k) + 0.5) * width;
  }
  const double last = static_cast<double>(nbins - 1);
  for (double v : samples) {
    if (!std::isfinite(v)) continue;
    const double k = std::clamp(std::floor((v - low) / width), 0.0, last);
    result.counts[static_cast<std::size_t>(k)] += 1.0;
  }
  return result;
}

}  // namespace llmlab::plot
