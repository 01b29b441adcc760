// Histogram binning of builtins.md §5: nbins equal-width bins over [min, max], the last bin
// closed on the right, no "nice" automatic binning.
#pragma once

#include <span>
#include <vector>

namespace llmlab::plot {

struct Histogram {
  double low = 0.0;    // left edge of bin 0
  double width = 1.0;  // bin width
  std::vector<double> centres;
  std::vector<double> counts;
};

// Non-finite samples are skipped; the caller rejects empty input and nbins < 1.
Histogram bin_histogram(std::span<const double> samples, std::size_t nbins);

}  // namespace llmlab::plot
