// Descriptive statistics (see statistics.hpp): each written once over a slice's numbers, laid
// out by the slice layout the reductions share (reduce_slices.hpp).
#include "num/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "base/error.hpp"
#include "num/reduce_slices.hpp"

namespace llmlab::num {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The elements of slice s, in order.
std::vector<double> slice_values(const Matrix& x, const detail::SliceLayout& layout, Index s) {
  const std::span<const double> values = x.real_values();
  std::vector<double> slice(static_cast<std::size_t>(layout.count));
  for (Index k = 0; k < layout.count; ++k) {
    slice[static_cast<std::size_t>(k)] =
        values[static_cast<std::size_t>(s * layout.slice_step + k * layout.stride)];
  }
  return slice;
}

std::vector<double> sorted_numbers(std::span<const double> values) {
  std::vector<double> kept;
  for (const double value : values) {
    if (!std::isnan(value)) kept.push_back(value);
  }
  std::sort(kept.begin(), kept.end());
  return kept;
}

template <class Statistic>
Matrix per_slice(const Matrix& x, Along along, Statistic statistic) {
  LLMLAB_ASSERT(!x.is_complex());
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  Matrix result(layout.result_rows, layout.result_columns);
  for (Index s = 0; s < layout.slices; ++s) result.set(s, statistic(slice_values(x, layout, s)));
  return result;
}

double most_frequent(std::span<const double> values) {
  const std::vector<double> sorted = sorted_numbers(values);
  double best = kNaN;
  std::size_t best_count = 0;
  for (std::size_t start = 0; start < sorted.size();) {
    std::size_t end = start;
    while (end < sorted.size() && sorted[end] == sorted[start]) ++end;
    if (end - start > best_count) {
      best = sorted[start];
      best_count = end - start;
    }
    start = end;
  }
  return best;
}

double spread(std::span<const double> values) {
  const std::vector<double> sorted = sorted_numbers(values);
  return sorted.empty() ? kNaN : sorted.back() - sorted.front();
}

double quantile_of(const std::vector<double>& sorted, double level, double scale) {
  if (sorted.empty()) return kNaN;
  const double n = static_cast<double>(sorted.size());
  // The 1-based fractional index i where (i − 0.5)/n = level/scale.
  const double position = level * n / scale + 0.5;
  if (position <= 1.0) return sorted.front();
  if (position >= n) return sorted.back();
  const double below = std::floor(position);
  const double fraction = position - below;
  const std::size_t i = static_cast<std::size_t>(below) - 1;
  return sorted[i] + fraction * (sorted[i + 1] - sorted[i]);
}

// Octave's quantile methods 1–3 (Hyndman and Fan's discontinuous estimates) at p in [0, 1].
double stepped_quantile(const std::vector<double>& x, double p, int method) {
  const double n = static_cast<double>(x.size());
  auto at = [&](double one_based) { return x[static_cast<std::size_t>(one_based) - 1]; };
  if (method == 1) return at(std::max(std::ceil(p * n), 1.0));
  if (method == 2) {
    const double q = p * n;
    return (at(std::max(std::ceil(q), 1.0)) + at(std::min(std::floor(q + 1.0), n))) / 2.0;
  }
  // Method 3: the nearest even order statistic on a tie (Octave's roundb).
  const double t = std::nearbyint(std::max(p * n, 1.0));
  return at(std::min(t, n));
}

// Methods 4–9: linear interpolation at Octave's position for each (method 5 is quantile_of).
double interpolated_quantile(const std::vector<double>& x, double p, int method) {
  const double n = static_cast<double>(x.size());
  double position = 0.0;
  switch (method) {
    case 4:
      position = p * n;
      break;
    case 6:
      position = p * (n + 1.0);
      break;
    case 7:
      position = p * (n - 1.0) + 1.0;
      break;
    case 8:
      position = p * (n + 1.0 / 3.0) + 1.0 / 3.0;
      break;
    default:
      position = p * (n + 0.25) + 0.375;
      break;
  }
  if (x.size() == 1) return x.front();
  const double low = std::max(std::min(std::floor(position), n - 1.0), 1.0);
  const double fraction = std::max(std::min(position - low, 1.0), 0.0);
  const auto i = static_cast<std::size_t>(low) - 1;
  return (1.0 - fraction) * x[i] + fraction * x[i + 1];
}

double quantile_by_method(const std::vector<double>& sorted, double level, double scale,
                          int method) {
  if (method == 5 || sorted.empty()) return quantile_of(sorted, level, scale);
  const double p = level / scale;
  return method <= 3 ? stepped_quantile(sorted, p, method)
                     : interpolated_quantile(sorted, p, method);
}

}  // namespace

Matrix mode(const Matrix& x, Along along) { return per_slice(x, along, most_frequent); }

Matrix range(const Matrix& x, Along along) { return per_slice(x, along, spread); }

Matrix quantiles(const Matrix& x, Along along, std::span<const double> levels, double scale,
                 int method) {
  LLMLAB_ASSERT(!x.is_complex());
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  const auto count = static_cast<Index>(levels.size());
  // Slice s's levels run down column s (Columns) or along row s (All, Rows).
  const bool by_columns = along == Along::Columns;
  Matrix result = by_columns ? Matrix(count, layout.slices) : Matrix(layout.slices, count);
  for (Index s = 0; s < layout.slices; ++s) {
    const std::vector<double> sorted = sorted_numbers(slice_values(x, layout, s));
    for (Index k = 0; k < count; ++k) {
      const double value =
          quantile_by_method(sorted, levels[static_cast<std::size_t>(k)], scale, method);
      if (by_columns) {
        result.set(k, s, value);
      } else {
        result.set(s, k, value);
      }
    }
  }
  return result;
}

Matrix zscore(const Matrix& x, Along along, Normalization normalization) {
  LLMLAB_ASSERT(!x.is_complex());
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  Matrix result(x.rows(), x.columns());
  for (Index s = 0; s < layout.slices; ++s) {
    const std::vector<double> values = slice_values(x, layout, s);
    const double n = static_cast<double>(values.size());
    double mean = 0.0;
    for (const double value : values) mean += value;
    mean /= n;
    double squares = 0.0;
    for (const double value : values) squares += (value - mean) * (value - mean);
    const double divisor =
        normalization == Normalization::Population || values.size() == 1 ? n : n - 1.0;
    double sigma = std::sqrt(squares / divisor);
    if (sigma == 0.0) sigma = 1.0;
    for (Index k = 0; k < layout.count; ++k) {
      result.set(s * layout.slice_step + k * layout.stride,
                 (values[static_cast<std::size_t>(k)] - mean) / sigma);
    }
  }
  return result;
}

Matrix covariance(const Matrix& observations) {
  LLMLAB_ASSERT(!observations.is_complex());
  const Index n = observations.rows();
  const Index p = observations.columns();
  std::vector<double> means(static_cast<std::size_t>(p), 0.0);
  for (Index j = 0; j < p; ++j) {
    for (Index i = 0; i < n; ++i) means[static_cast<std::size_t>(j)] += observations(i, j);
    means[static_cast<std::size_t>(j)] /= static_cast<double>(n);
  }
  const double divisor = n == 1 ? 1.0 : static_cast<double>(n - 1);
  Matrix result(p, p);
  for (Index a = 0; a < p; ++a) {
    for (Index b = a; b < p; ++b) {
      double total = 0.0;
      for (Index i = 0; i < n; ++i) {
        total += (observations(i, a) - means[static_cast<std::size_t>(a)]) *
                 (observations(i, b) - means[static_cast<std::size_t>(b)]);
      }
      result.set(a, b, n == 0 ? kNaN : total / divisor);
      result.set(b, a, result(a, b));
    }
  }
  return result;
}

Matrix correlation(const Matrix& covariance) {
  const Index p = covariance.rows();
  Matrix r(p, p);
  for (Index a = 0; a < p; ++a) {
    for (Index b = 0; b < p; ++b) {
      const double scale = std::sqrt(covariance(a, a) * covariance(b, b));
      double value = covariance(a, b) / scale;
      if (a == b && !std::isnan(value)) value = 1.0;
      r.set(a, b, std::isnan(value) ? value : std::clamp(value, -1.0, 1.0));
    }
  }
  return r;
}

}  // namespace llmlab::num
