// builtins.md §5 Reductions and statistics, the MATLAB additions that describe a sample:
// mode, range, bounds, cov, corrcoef, prctile/quantile, zscore, rescale, normpdf/normcdf, nnz,
// histcounts and accumarray. Real data only; per-slice results follow the reduction dispatch
// (one number for a vector, one per column of a matrix unless dim says 2).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <string>
#include <vector>

#include "builtins/kinds.hpp"
#include "builtins/matlab_slices.hpp"
#include "num/format.hpp"
#include "num/ops.hpp"
#include "num/rng.hpp"

namespace llmlab::builtins {
namespace {

using matlab::real_matrix;
using matlab::Slices;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

std::vector<double> without_nan(std::span<const double> values) {
  std::vector<double> kept;
  for (const double value : values) {
    if (!std::isnan(value)) kept.push_back(value);
  }
  return kept;
}

// The most frequent value, the smallest among equally frequent ones; NaN is ignored and an
// empty (or all-NaN) slice gives NaN, as MATLAB's mode does.
double most_frequent(std::span<const double> values) {
  std::vector<double> sorted = without_nan(values);
  std::sort(sorted.begin(), sorted.end());
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

// max − min over the numbers of a slice (NaN ignored, as max and min ignore it in MATLAB).
double value_range(std::span<const double> values) {
  const std::vector<double> kept = without_nan(values);
  if (kept.empty()) return kNaN;
  const auto [low, high] = std::minmax_element(kept.begin(), kept.end());
  return *high - *low;
}

template <double (*statistic)(std::span<const double>)>
Value slice_statistic(Call& call) {
  const Value& x = call.value(0);
  const num::Matrix m = real_matrix(call, 0);
  const Slices slices = matlab::plan_slices(x, call.dim_argument(1));
  return matlab::reduce_slices(m, slices, statistic);
}

// The observations × variables matrix of cov and corrcoef: cov(x, y) is cov([x(:), y(:)]); a
// single vector-like argument is one variable; a matrix has one variable per column.
num::Matrix variables(Call& call) {
  const num::Matrix x = real_matrix(call, 0);
  if (call.has(1)) {
    const num::Matrix y = real_matrix(call, 1);
    if (x.size() != y.size()) {
      call.fail("x and y must have the same number of elements (" + std::to_string(x.size()) +
                " vs " + std::to_string(y.size()) + ")");
    }
    num::Matrix pair(x.size(), 2);
    for (num::Index k = 0; k < x.size(); ++k) {
      pair.set(k, 0, x[k]);
      pair.set(k, 1, y[k]);
    }
    return pair;
  }
  if (x.rows() == 1) return x.transposed();
  return x;
}

// Sample covariance, divided by N − 1 (by N when N = 1, so one observation gives 0).
num::Matrix covariance(const num::Matrix& data) {
  const num::Index n = data.rows();
  const num::Index p = data.columns();
  std::vector<double> means(static_cast<std::size_t>(p), 0.0);
  for (num::Index j = 0; j < p; ++j) {
    for (num::Index i = 0; i < n; ++i) means[static_cast<std::size_t>(j)] += data(i, j);
    means[static_cast<std::size_t>(j)] /= static_cast<double>(n);
  }
  const double divisor = n == 1 ? 1.0 : static_cast<double>(n - 1);
  num::Matrix result(p, p);
  for (num::Index a = 0; a < p; ++a) {
    for (num::Index b = a; b < p; ++b) {
      double total = 0.0;
      for (num::Index i = 0; i < n; ++i) {
        total += (data(i, a) - means[static_cast<std::size_t>(a)]) *
                 (data(i, b) - means[static_cast<std::size_t>(b)]);
      }
      result.set(a, b, n == 0 ? kNaN : total / divisor);
      result.set(b, a, result(a, b));
    }
  }
  return result;
}

// A 1×1 result is a Scalar (the variance of one variable), larger ones a Matrix.
Value square_result(num::Matrix m) {
  if (m.size() == 1) return Value::scalar(m[0]);
  return Value::matrix(std::move(m));
}

Value cov(Call& call) { return square_result(covariance(variables(call))); }

// corrcoef: C(a, b) / sqrt(C(a, a)·C(b, b)), clamped to [−1, 1] against rounding, with an
// exact 1 on the diagonal (NaN there when a variable is constant).
Value corrcoef(Call& call) {
  num::Matrix c = covariance(variables(call));
  const num::Index p = c.rows();
  num::Matrix r(p, p);
  for (num::Index a = 0; a < p; ++a) {
    for (num::Index b = 0; b < p; ++b) {
      const double scale = std::sqrt(c(a, a) * c(b, b));
      double value = c(a, b) / scale;
      if (a == b && !std::isnan(value)) value = 1.0;
      r.set(a, b, std::isnan(value) ? value : std::clamp(value, -1.0, 1.0));
    }
  }
  return square_result(std::move(r));
}

// MATLAB's percentile rule: the sorted numbers x(1..n) sit at quantiles (i − 0.5)/n; between
// two of them interpolate linearly, outside the first and last clamp. NaN is ignored; no
// numbers give NaN.
// `level` is on a scale of `scale` (100 for percentiles): dividing last keeps p·n/100 exact
// where p·n is, so prctile(x, 90) of 7 numbers interpolates at exactly 6.8.
double quantile_of(std::span<const double> values, double level, double scale) {
  std::vector<double> sorted = without_nan(values);
  if (sorted.empty()) return kNaN;
  std::sort(sorted.begin(), sorted.end());
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

// prctile(x, p) with p in [0, 100] (scale 100), quantile(x, q) with q in [0, 1] (scale 1).
// For vector-like x a scalar p gives a Scalar and several a Vector; for an R×C matrix, one
// row per p and one column per column of x.
template <int scale>
Value quantiles(Call& call) {
  const Value& x = call.value(0);
  const num::Matrix m = real_matrix(call, 0);
  const num::Matrix levels = real_matrix(call, 1);
  std::vector<double> levels_given;
  for (num::Index k = 0; k < levels.size(); ++k) {
    if (!(levels[k] >= 0.0 && levels[k] <= static_cast<double>(scale))) {
      call.fail("levels must lie in [0, " + std::to_string(scale) + "], got " +
                num::format_shortest(levels[k]));
    }
    levels_given.push_back(levels[k]);
  }
  const Slices slices = matlab::plan_slices(x, call.dim_argument(2));
  const auto per_slice = [&levels_given](std::span<const double> values) {
    std::vector<double> result;
    for (const double level : levels_given) {
      result.push_back(quantile_of(values, level, static_cast<double>(scale)));
    }
    return result;
  };
  const auto count = static_cast<num::Index>(levels_given.size());
  if (slices != Slices::Whole) return matlab::transform_slices(x, m, slices, count, per_slice);
  const std::vector<double> result = per_slice(matlab::slice_values(m, Slices::Whole, 0));
  if (!call.value(1).is_array()) return Value::scalar(result[0]);
  return Value::vector(num::Matrix::row(result));
}

// zscore(x), zscore(x, w), zscore(x, w, dim): (x − mean)/std per slice, std normalised by
// N − 1 (w = 0) or N (w = 1); a constant slice divides by 1, giving zeros.
Value zscore(Call& call) {
  const Value& x = call.value(0);
  const num::Matrix m = real_matrix(call, 0);
  const double w = call.scalar_or(1, 0.0);
  if (w != 0.0 && w != 1.0) call.fail("w must be 0 or 1, got " + num::format_shortest(w));
  const Slices slices = matlab::plan_slices(x, call.dim_argument(2));
  return matlab::transform_slices(
      x, m, slices, matlab::slice_length(m, slices), [w](std::span<const double> values) {
        const double n = static_cast<double>(values.size());
        double mean = 0.0;
        for (const double value : values) mean += value;
        mean /= n;
        double squares = 0.0;
        for (const double value : values) squares += (value - mean) * (value - mean);
        const double divisor = w == 1.0 || values.size() == 1 ? n : n - 1.0;
        double sigma = std::sqrt(squares / divisor);
        if (sigma == 0.0) sigma = 1.0;
        std::vector<double> result;
        for (const double value : values) result.push_back((value - mean) / sigma);
        return result;
      });
}

// rescale(x) and rescale(x, lo, hi): x mapped linearly onto [lo, hi] (default [0, 1]) over all
// its elements; constant data maps to lo.
Value rescale(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  const double lo = call.scalar_or(1, 0.0);
  const double hi = call.scalar_or(2, 1.0);
  double smallest = std::numeric_limits<double>::infinity();
  double largest = -std::numeric_limits<double>::infinity();
  for (const double value : m.real_values()) {
    if (std::isnan(value)) continue;
    smallest = std::min(smallest, value);
    largest = std::max(largest, value);
  }
  for (double& value : m.mutable_real_values()) {
    value = largest > smallest ? lo + (value - smallest) / (largest - smallest) * (hi - lo) : lo;
  }
  return matlab::same_shape(call.value(0), std::move(m));
}

// normpdf(x[, mu, sigma]) and normcdf(x[, mu, sigma]): the normal density and distribution
// function, element-wise (the exact GELU is x .* normcdf(x)).
template <bool kCumulative>
Value normal(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  const double mu = call.scalar_or(1, 0.0);
  const double sigma = call.scalar_or(2, 1.0);
  if (!(sigma > 0.0)) call.fail("sigma must be positive, got " + num::format_shortest(sigma));
  for (double& value : m.mutable_real_values()) {
    const double z = (value - mu) / sigma;
    value = kCumulative ? 0.5 * std::erfc(-z / std::numbers::sqrt2)
                        : std::exp(-0.5 * z * z) / (sigma * std::sqrt(2.0 * std::numbers::pi));
  }
  return matlab::same_shape(call.value(0), std::move(m));
}

// [lo, hi] = bounds(x): the smallest and largest element (NaN ignored), one call.
Value bounds(Call& call) {
  const num::Matrix m = real_matrix(call, 0);
  double lo = std::numeric_limits<double>::quiet_NaN();
  double hi = lo;
  for (const double value : m.real_values()) {
    if (std::isnan(value)) continue;
    lo = std::isnan(lo) ? value : std::min(lo, value);
    hi = std::isnan(hi) ? value : std::max(hi, value);
  }
  if (call.nargout() < 2) return Value::scalar(lo);
  return Value::tuple({Value::scalar(lo), Value::scalar(hi)});
}

Value nnz(Call& call) {
  const num::Matrix m = call.matrix(0);
  double count = 0.0;
  for (num::Index k = 0; k < m.size(); ++k) count += num::is_nonzero(m.complex_at(k)) ? 1.0 : 0.0;
  return Value::scalar(count);
}

struct Histogram {
  num::Matrix counts;  // 1×nbins
  num::Matrix edges;   // 1×(nbins + 1)
};

// nbins equal bins from min to max of the data, as histogram bins (builtins.md §5): width 1
// for constant data, each value in bin floor((x − lo)/w), the last bin closed on the right.
Histogram equal_bins(const std::vector<double>& data, num::Index nbins) {
  const double lo = data.empty() ? 0.0 : *std::min_element(data.begin(), data.end());
  const double hi = data.empty() ? 0.0 : *std::max_element(data.begin(), data.end());
  const double width = hi - lo < 1e-300 ? 1.0 : (hi - lo) / static_cast<double>(nbins);
  Histogram histogram{num::Matrix(1, nbins), num::Matrix(1, nbins + 1)};
  for (const double value : data) {
    const double bin = std::min(std::floor((value - lo) / width), static_cast<double>(nbins - 1));
    const auto k = static_cast<num::Index>(bin);
    histogram.counts.set(k, histogram.counts[k] + 1.0);
  }
  for (num::Index k = 0; k <= nbins; ++k) {
    histogram.edges.set(k, lo + static_cast<double>(k) * width);
  }
  return histogram;
}

// Bin k counts edges(k) <= x < edges(k + 1); the last bin also takes x = edges(end).
Histogram given_edges(const std::vector<double>& data, const num::Matrix& edges) {
  const std::span<const double> e = edges.real_values();
  Histogram histogram{num::Matrix(1, edges.size() - 1), edges.with_shape(1, edges.size())};
  for (const double value : data) {
    if (value < e.front() || value > e.back()) continue;
    const auto above = std::upper_bound(e.begin(), e.end(), value);
    const num::Index k = std::min<num::Index>(above - e.begin() - 1, edges.size() - 2);
    histogram.counts.set(k, histogram.counts[k] + 1.0);
  }
  return histogram;
}

// histcounts(x, nbins), histcounts(x, edges); [counts, edges] = histcounts(...). NaN is never
// counted; with nbins neither is ±Inf (the bins span the finite data), with edges a value is
// counted when it lies within them, so an infinite edge catches an infinite value.
Value histcounts(Call& call) {
  const num::Matrix x = real_matrix(call, 0);
  const bool edges_given = call.value(1).is_array() && call.value(1).matrix_value().size() != 1;
  std::vector<double> data;
  for (num::Index k = 0; k < x.size(); ++k) {
    if (edges_given ? !std::isnan(x[k]) : std::isfinite(x[k])) data.push_back(x[k]);
  }
  Histogram histogram;
  if (edges_given) {
    const num::Matrix edges = real_matrix(call, 1);
    if (edges.size() < 2) call.fail("edges must have at least 2 elements");
    const std::span<const double> e = edges.real_values();
    if (!std::is_sorted(e.begin(), e.end()) ||
        std::any_of(e.begin(), e.end(), [](double edge) { return std::isnan(edge); })) {
      call.fail("edges must be non-decreasing");
    }
    histogram = given_edges(data, edges);
  } else {
    const num::Index nbins = call.count_argument(1);
    if (nbins == 0) call.fail("nbins must be at least 1");
    histogram = equal_bins(data, nbins);
  }
  Value counts = Value::vector(std::move(histogram.counts));
  if (call.nargout() < 2) return counts;
  return Value::tuple({std::move(counts), Value::vector(std::move(histogram.edges))});
}

// One accumarray subscript: a positive integer, as a 0-based position.
num::Index accumarray_position(Call& call, double subscript) {
  if (!(subscript >= 1.0 && subscript <= kLargestSize) || std::floor(subscript) != subscript) {
    call.fail("subs must be positive integers, got " + num::format_shortest(subscript));
  }
  return static_cast<num::Index>(subscript) - 1;
}

// accumarray(subs, vals) and accumarray(subs, vals, sz): result(s) = sum of vals(k) over the k
// with subs(k) = s. subs is a vector of positive integer subscripts (result: a vector), or an
// N×2 matrix whose rows are (row, column) pairs (result: a matrix, as a confusion matrix is
// counted); vals is a scalar or one value per subscript; sz, when given, is the result's size.
Value accumarray(Call& call) {
  const Value& subscripts = call.value(0);
  const num::Matrix subs = real_matrix(call, 0);
  const bool pairs = subscripts.is(Kind::Matrix) && subs.rows() > 1 && subs.columns() == 2;
  if (subscripts.is(Kind::Matrix) && subs.rows() != 1 && subs.columns() != 1 && !subs.empty() &&
      !pairs) {
    call.fail(
        "subs must be a vector of subscripts or an N×2 matrix of (row, column) pairs, got a " +
        std::to_string(subs.rows()) + "x" + std::to_string(subs.columns()) + " matrix");
  }
  const num::Index count = pairs ? subs.rows() : subs.size();
  const num::Matrix values = real_matrix(call, 1);
  if (values.size() != 1 && values.size() != count) {
    call.fail("vals must be a scalar or have one element per subscript (" + std::to_string(count) +
              "), got " + std::to_string(values.size()));
  }
  std::vector<num::Index> rows(static_cast<std::size_t>(count), 0);
  std::vector<num::Index> columns(static_cast<std::size_t>(count), 0);
  num::Index height = pairs ? 0 : 1;
  num::Index width = 0;
  for (num::Index k = 0; k < count; ++k) {
    const auto at = static_cast<std::size_t>(k);
    if (pairs) {
      rows[at] = accumarray_position(call, subs(k, 0));
      columns[at] = accumarray_position(call, subs(k, 1));
      height = std::max(height, rows[at] + 1);
    } else {
      columns[at] = accumarray_position(call, subs[k]);
    }
    width = std::max(width, columns[at] + 1);
  }
  if (call.has(2)) {
    const num::Matrix size = real_matrix(call, 2);
    const auto fits = [](double extent, num::Index needed) {
      return extent >= static_cast<double>(needed) && extent <= kLargestSize &&
             std::floor(extent) == extent;
    };
    if (size.size() != 2 || !fits(size[0], height) ||
        !(pairs ? fits(size[1], width) : fits(size[0] * size[1], width))) {
      call.fail("sz must be a 2-element size that holds every subscript");
    }
    if (pairs) {
      height = static_cast<num::Index>(size[0]);
      width = static_cast<num::Index>(size[1]);
    } else {
      width = static_cast<num::Index>(size[0] * size[1]);
    }
  }
  num::Matrix result(height, width);
  for (num::Index k = 0; k < count; ++k) {
    const auto at = static_cast<std::size_t>(k);
    const double value = values[values.size() == 1 ? 0 : k];
    result.set(rows[at], columns[at], result(rows[at], columns[at]) + value);
  }
  return pairs ? Value::matrix(std::move(result)) : Value::vector(std::move(result));
}

}  // namespace

extern const BuiltinTable kDistributionBuiltins = {
    {"bounds", bounds, 1, 1, "Smallest and largest element: [lo, hi] = bounds(x)."},
    {"rescale", rescale, 1, 3, "x mapped linearly onto [0, 1], or [lo, hi]: rescale(x, lo, hi)."},
    {"normpdf", normal<false>, 1, 3, "Normal density: normpdf(x), normpdf(x, mu, sigma)."},
    {"normcdf", normal<true>, 1, 3, "Normal distribution function: normcdf(x, mu, sigma)."},
    {"mode", slice_statistic<most_frequent>, 1, 2,
     "Most frequent value (smallest on ties, NaN ignored): mode(x), mode(M, dim)."},
    {"range", slice_statistic<value_range>, 1, 2,
     "max - min ignoring NaN: range(x), range(M, dim)."},
    {"cov", cov, 1, 2, "Sample covariance: cov(x) variance, cov(x, y) 2×2, cov(M) per column."},
    {"corrcoef", corrcoef, 1, 2, "Correlation coefficients: corrcoef(x, y) 2×2, corrcoef(M)."},
    {"prctile", quantiles<100>, 2, 3,
     "Percentiles (MATLAB's (i - 0.5)/n rule): prctile(x, p), prctile(M, p, dim)."},
    {"quantile", quantiles<1>, 2, 3,
     "Quantiles (MATLAB's (i - 0.5)/n rule): quantile(x, q), quantile(M, q, dim)."},
    {"zscore", zscore, 1, 3, "Standardise to mean 0, std 1: zscore(x), zscore(x, w, dim)."},
    {"nnz", nnz, 1, 1, "Number of non-zero elements (NaN counts)."},
    {"histcounts", histcounts, 2, 2,
     "Bin counts: histcounts(x, nbins), histcounts(x, edges); [n, edges] = histcounts(...)."},
    {"accumarray", accumarray, 2, 3,
     "Sums of vals grouped by subscript: accumarray(subs, vals), (pairs, vals, [R, C])."},
};

}  // namespace llmlab::builtins
