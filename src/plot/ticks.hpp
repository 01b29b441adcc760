// Axis ticks and their labels: the linear "nice step" rule of plotting.md §4.4 and the
// decade/minor ticks of logarithmic axes (§5). Positions are in data units.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace llmlab::plot {

struct Tick {
  double value = 0.0;
  std::string label;        // empty for unlabelled ticks
  std::string superscript;  // log axes: label "10" with this exponent as a superscript
  bool minor = false;
};

// The smallest of 1, 2, 5, 10 times a power of ten that is at least span/target.
double nice_step(double span, double target_count);
// The next coarser nice step after `step` (1 → 2 → 5 → 10 …), used when labels overlap.
double next_nice_step(double step);

// Ticks at every multiple of step inside [low, high] with labels per §4.4.
std::vector<Tick> linear_ticks(double low, double high, double step);
std::vector<Tick> linear_ticks(double low, double high);  // step from nice_step(span, 6)

// Labels for tick values with the §4.4 rule (%.{d}f, or %e with the fewest distinct decimals).
std::vector<std::string> linear_labels(const std::vector<double>& values, double step);

// Limits snapped outward to whole decades (§5); min⁺ = max⁺ gives the decade containing it.
std::pair<double, double> log_limits(double min_positive, double max_positive);
// Major ticks at powers of ten (labelled every s-th decade past 10 decades), minor ticks at
// m·10^k for m = 2 … 9 when the range spans at most 6 decades. `label_every` > 1 thins the labels
// further (used when they would overlap).
std::vector<Tick> log_ticks(double low, double high, int label_every = 1);

}  // namespace llmlab::plot
