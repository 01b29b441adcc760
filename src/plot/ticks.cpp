// Tick placement and labelling for linear (plotting.md §4.4) and logarithmic (§5) axes.
#include "plot/ticks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace llmlab::plot {

double nice_step(double span, double target_count) {
  const double raw = span / target_count;
  if (!(raw > 0) || !std::isfinite(raw)) return 1.0;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    // A relative tolerance so that e.g. raw = 0.2 picks 2·0.1 despite rounding in the division.
    if (m * power >= raw * (1 - 1e-12)) return m * power;
  }
  return 10 * power;
}

double next_nice_step(double step) {
  const double power = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
  const double m = step / power;
  if (m < 1.5) return 2 * power;
  if (m < 3.5) return 5 * power;
  return 10 * power;
}

std::vector<std::string> linear_labels(const std::vector<double>& values, double step) {
  double largest = 0.0;
  for (double v : values) largest = std::max(largest, std::abs(v));
  std::vector<std::string> labels;
  if (largest >= 1e5 || (largest < 1e-3 && largest != 0.0)) {
    for (int k = 0; k <= 3; ++k) {
      labels.clear();
      for (double v : values) labels.push_back(v == 0.0 ? "0" : fmt::format("{:.{}e}", v, k));
      std::set<std::string> distinct(labels.begin(), labels.end());
      if (distinct.size() == labels.size()) break;
    }
    return labels;
  }
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  for (double v : values) {
    std::string text = fmt::format("{:.{}f}", v, decimals);
    if (text.find_first_not_of("-0.") == std::string::npos) text = "0";  // no "-0"
    labels.push_back(std::move(text));
  }
  return labels;
}

std::vector<Tick> linear_ticks(double low, double high, double step) {
  std::vector<double> values;
  const double tolerance = 1e-9 * step;
  const double first = std::ceil((low - tolerance) / step);
  for (double k = first;; k += 1) {
    double v = k * step;
    if (v > high + tolerance) break;
    if (std::abs(v) < tolerance) v = 0.0;
    values.push_back(v);
    if (values.size() > 1000) break;  // defensive: a step far too small for the range
  }
  std::vector<std::string> labels = linear_labels(values, step);
  std::vector<Tick> ticks;
  for (std::size_t i = 0; i < values.size(); ++i)
    ticks.push_back({values[i], labels[i], "", false});
  return ticks;
}

std::vector<Tick> linear_ticks(double low, double high) {
  return linear_ticks(low, high, nice_step(high - low, 6));
}

std::pair<double, double> log_limits(double min_positive, double max_positive) {
  double low = std::floor(std::log10(min_positive) + 1e-12);
  double high = std::ceil(std::log10(max_positive) - 1e-12);
  if (high <= low) high = low + 1;
  return {std::pow(10.0, low), std::pow(10.0, high)};
}

std::vector<Tick> log_ticks(double low, double high, int label_every) {
  std::vector<Tick> ticks;
  const double first = std::floor(std::log10(low) + 1e-9);
  const double last = std::ceil(std::log10(high) - 1e-9);
  const double decades = std::log10(high) - std::log10(low);
  int stride = std::max(1, static_cast<int>(std::ceil(decades / 10 - 1e-9)));
  stride = std::max(stride, label_every);
  const bool minors = decades <= 6 + 1e-9;
  for (double k = first; k <= last; k += 1) {
    const double value = std::pow(10.0, k);
    const int exponent = static_cast<int>(k);
    if (value >= low * (1 - 1e-9) && value <= high * (1 + 1e-9)) {
      Tick tick{value, "", "", false};
      if (exponent % stride == 0) {
        tick.label = "10";
        tick.superscript = std::to_string(exponent);
      }
      ticks.push_back(std::move(tick));
    }
    if (!minors) continue;
    for (int m = 2; m <= 9; ++m) {
      const double minor = m * value;
      if (minor >= low * (1 - 1e-9) && minor <= high * (1 + 1e-9)) {
        ticks.push_back({minor, "", "", true});
      }
    }
  }
  // Very narrow ranges (inside one decade) would have no labelled tick; label the minors.
  const bool any_label =
      std::any_of(ticks.begin(), ticks.end(), [](const Tick& t) { return !t.label.empty(); });
  if (!any_label) {
    for (Tick& tick : ticks) {
      tick.label = fmt::format("{:g}", tick.value);
      tick.minor = false;
    }
  }
  std::sort(ticks.begin(), ticks.end(),
            [](const Tick& a, const Tick& b) { return a.value < b.value; });
  return ticks;
}

}  // namespace llmlab::plot
