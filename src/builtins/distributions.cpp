// builtins.md §5 Reductions and statistics, the MATLAB additions that describe a sample:
// mode, range, bounds, cov, corrcoef, prctile/quantile, zscore, rescale, normpdf/normcdf, nnz,
// histcounts and accumarray. Real data only; per-slice results follow the reduction dispatch
// (one number for a vector, one per column of a matrix unless dim says 2).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <string>
#include <vector>

#include "base/messages/arguments.hpp"
#include "base/messages/statistics.hpp"
#include "builtins/kinds.hpp"
#include "builtins/matlab_staples.hpp"
#include "builtins/registry.hpp"
#include "builtins/slices.hpp"
#include "num/format.hpp"
#include "num/nd_shape.hpp"
#include "num/ops.hpp"
#include "num/rng.hpp"
#include "num/statistics.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// mode(x[, dim]) and range(x[, dim]): one number per slice of the stats dispatch.
template <num::Matrix (*statistic)(const num::Matrix&, num::Along)>
Value slice_statistic(Call& call) {
  const Value& x = call.value(0);
  if (x.is_nd_array() || vecdim_flag(call, 1) || matlab_trailing_dim(call, 1)) {
    return nd_reduce_call(call, 1, statistic);
  }
  const num::Matrix m = real_matrix(call, 0);
  const Plan plan = plan_slices(x, call.dim_argument(1));
  return per_slice_value(x, plan, statistic(m, along_of(x, plan)));
}

// [m, f, c] = mode(x, dim) in matlab code: the mode of each slice, how often it occurs, and a
// cell of the slice's values that occur that often (a sorted column), in the reduction's shape.
Value mode_outputs(Call& call) {
  const Value& x = call.value(0);
  require_numeric_or_nd(call, x);
  const num::NdArray array = runtime::as_nd_array(x);
  if (array.is_complex()) call.fail(messages::takes_real_data);
  const int dim =
      call.has(1) ? call.nd_dim_argument(1) : num::first_non_singleton_dim(array.dims());
  // Past the last dim every element is its own slice.
  const num::Matrix slices = dim < array.ndims()
                                 ? num::slices_along(array, dim)
                                 : num::reshaped(array, {1, array.size()}).to_matrix();
  const num::Dims dims = dim < array.ndims() ? num::reduced_dims(array.dims(), dim) : array.dims();
  const num::Index count = slices.columns();
  num::Matrix modes(1, count);
  num::Matrix frequencies(1, count);
  std::vector<Value> ties;
  for (num::Index s = 0; s < count; ++s) {
    std::vector<double> values;
    for (num::Index r = 0; r < slices.rows(); ++r) {
      if (!std::isnan(slices(r, s))) values.push_back(slices(r, s));
    }
    std::sort(values.begin(), values.end());
    std::vector<double> best;
    std::size_t best_count = 0;
    for (std::size_t start = 0; start < values.size();) {
      std::size_t end = start;
      while (end < values.size() && values[end] == values[start]) ++end;
      if (end - start > best_count) best.clear();
      if (end - start >= best_count) {
        best_count = end - start;
        best.push_back(values[start]);
      }
      start = end;
    }
    modes.set(s, best.empty() ? std::nan("") : best.front());
    frequencies.set(s, static_cast<double>(best_count));
    ties.push_back(best.size() == 1 ? Value::scalar(best.front())
                                    : Value::matrix(num::Matrix::column(best)));
  }
  const auto shaped = [&](num::Matrix row) {
    return runtime::nd_result(num::reshaped(num::NdArray::from_matrix(std::move(row)), dims));
  };
  std::vector<Value> outputs = {shaped(std::move(modes)), shaped(std::move(frequencies))};
  if (call.nargout() >= 3) {
    if (dims.size() > 2) call.fail(messages::ties_cell_two_dims);
    runtime::CellArray cells;
    cells.rows = dims[0];
    cells.columns = dims[1];
    cells.items = std::move(ties);
    outputs.push_back(Value::cell(std::move(cells)));
  }
  return Value::tuple(std::move(outputs));
}

Value mode(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab && call.nargout() >= 2) {
    return mode_outputs(call);
  }
  return slice_statistic<num::mode>(call);
}

// The observations × variables matrix of cov and corrcoef: cov(x, y) is cov([x(:), y(:)]); a
// single vector-like argument is one variable; a matrix has one variable per column.
num::Matrix variables(Call& call) {
  const num::Matrix x = real_matrix(call, 0);
  if (call.has(1)) {
    const num::Matrix y = real_matrix(call, 1);
    if (x.size() != y.size()) {
      call.fail(
          fmt::format(messages::must_have_same_number_of_elements, "x and y", x.size(), y.size()));
    }
    num::Matrix pair(x.size(), 2);
    for (num::Index k = 0; k < x.size(); ++k) {
      pair.set(k, 0, x[k]);
      pair.set(k, 1, y[k]);
    }
    return pair;
  }
  // [] (0×0 in matlab code) is one variable with no observations, as it is in rlab (1×0).
  if (x.rows() == 1 || x.empty()) return x.with_shape(x.size(), 1);
  return x;
}

// A 1×1 result is a Scalar (the variance of one variable), larger ones a Matrix.
Value square_result(num::Matrix m) {
  if (m.size() == 1) return Value::scalar(m[0]);
  return Value::matrix(std::move(m));
}

// cov(x), cov(x, y); in matlab code also cov(x, w) with w = 0 (divide by N - 1) or 1 (by N) for
// a non-scalar x, MATLAB's normalization argument.
Value cov(Call& call) {
  const bool normalization = call.session().dialect() == lang::Dialect::Matlab && call.has(1) &&
                             is_scalar_kind(call.value(1)) && call.value(0).element_count() != 1;
  if (!normalization) return square_result(num::covariance(variables(call)));
  const double w = call.scalar(1);
  if (w != 0.0 && w != 1.0)
    call.fail(fmt::format(messages::normalization_not_0_or_1, num::format_shortest(w)));
  const Value x[] = {call.value(0)};
  runtime::Call alone(call.interpreter(), call.name(), x, 1);
  const num::Matrix data = variables(alone);
  num::Matrix result = num::covariance(data);
  const auto n = static_cast<double>(data.rows());
  if (w == 1.0 && n > 1.0) {
    for (num::Index k = 0; k < result.size(); ++k) result.set(k, result[k] * (n - 1.0) / n);
  }
  return square_result(std::move(result));
}

Value corrcoef(Call& call) {
  return square_result(num::correlation(num::covariance(variables(call))));
}

// True when x is a vector taken along its length (MATLAB: then the quantiles have p's shape).
bool along_vector(const Call& call, const num::Matrix& x) {
  if (!is_one_dimensional(x)) return false;
  const std::optional<int> dim = call.has(2) ? call.dim_argument(2) : std::nullopt;
  return !dim || (*dim == 1 ? x.rows() : x.columns()) == x.size();
}

// prctile(x, p) with p in [0, 100] (scale 100), quantile(x, q) with q in [0, 1] (scale 1).
// For vector-like x a scalar p gives a Scalar and several a Vector; for an R×C matrix, one
// row per p and one column per column of x; for an N-D array, one element per p in place of
// each slice along dim (the first non-singleton by default).
template <int scale>
Value quantiles(Call& call) {
  const Value& x = call.value(0);
  const num::Matrix levels = real_matrix(call, 1);
  if (call.session().dialect() == lang::Dialect::Matlab &&
      (call.value(1).is_logical() || !is_one_dimensional(levels))) {
    call.fail(messages::p_not_numeric_vector);
  }
  for (num::Index k = 0; k < levels.size(); ++k) {
    if (!(levels[k] >= 0.0 && levels[k] <= static_cast<double>(scale))) {
      call.fail(fmt::format(messages::levels_out_of_range, scale, num::format_shortest(levels[k])));
    }
  }
  if (const std::optional<int> dim = nd_transform_dim(call, 2)) {
    return nd_transform_call(call, *dim, [&](const num::Matrix& slices) {
      return std::vector{num::quantiles(slices, num::Along::Columns, levels.real_values(),
                                        static_cast<double>(scale))};
    });
  }
  const num::Matrix m = real_matrix(call, 0);
  const Plan plan = plan_slices(x, call.dim_argument(2));
  const num::Along along = along_of(x, plan);
  const std::int64_t method = call.has(3) ? call.integer(3) : 5;
  if (method < 1 || method > 9) call.fail(messages::bad_quantile_method);
  num::Matrix result = num::quantiles(m, along, levels.real_values(), static_cast<double>(scale),
                                      static_cast<int>(method));
  if (call.session().dialect() == lang::Dialect::Matlab && along_vector(call, m)) {
    return Value::matrix(result.with_shape(levels.rows(), levels.columns()));  // p's shape
  }
  if (along != num::Along::All) return transformed_value(x, std::move(result));
  if (!call.value(1).is_array()) return Value::scalar(result[0]);
  return Value::vector(std::move(result));
}

// zscore(x), zscore(x, w), zscore(x, w, dim): (x − mean)/std per slice, std normalised by
// N − 1 (w = 0, or []) or N (w = 1); a constant slice divides by 1, giving zeros. An N-D array
// runs along dim (the first non-singleton by default).
Value zscore(Call& call) {
  const Value& x = call.value(0);
  const bool no_weight = !call.has(1) || call.value(1).element_count() == 0;
  const double w = no_weight ? 0.0 : call.scalar(1);
  if (w != 0.0 && w != 1.0)
    call.fail(fmt::format(messages::must_be_0_or_1, "w", num::format_shortest(w)));
  const num::Normalization normalization =
      w == 1.0 ? num::Normalization::Population : num::Normalization::Sample;
  if (const std::optional<int> dim = nd_transform_dim(call, 2)) {
    return nd_transform_call(call, *dim, [&](const num::Matrix& slices) {
      return std::vector{num::zscore(slices, num::Along::Columns, normalization)};
    });
  }
  const num::Matrix m = real_matrix(call, 0);
  const Plan plan = plan_slices(x, call.dim_argument(2));
  return same_shape(x, num::zscore(m, along_of(x, plan), normalization));
}

// rescale(x) and rescale(x, lo, hi): x mapped linearly onto [lo, hi] (default [0, 1]) over all
// its elements; constant data maps to lo.
Value rescale(Call& call) {
  num::Matrix m = real_matrix(call, 0);
  const double lo = call.scalar_or(1, 0.0);
  const double hi = call.scalar_or(2, 1.0);
  // MATLAB's rescale(A, l, u) takes both bounds, l at most u.
  if (call.session().dialect() == lang::Dialect::Matlab) {
    if (call.count() == 2) call.fail(messages::rescale_bounds_apart);
    if (lo > hi) call.fail(messages::rescale_bounds_out_of_order);
  }
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
  return same_shape(call.value(0), std::move(m));
}

// normpdf(x[, mu, sigma]) and normcdf(x[, mu, sigma]): the normal density and distribution
// function, element-wise (the exact GELU is x .* normcdf(x)); mu and sigma are scalars or
// arrays of x's size (element_wise expands N-D operands to one size first).
template <bool kCumulative>
Value normal(Call& call) {
  const std::array<num::Matrix, 3> operands = {
      real_matrix(call, 0), call.has(1) ? real_matrix(call, 1) : num::Matrix(1, 1, 0.0),
      call.has(2) ? real_matrix(call, 2) : num::Matrix(1, 1, 1.0)};
  int shaped_like = 0;
  for (int k = 0; k < 3; ++k) {
    const num::Index size = operands[static_cast<std::size_t>(k)].size();
    const num::Index shape_size = operands[static_cast<std::size_t>(shaped_like)].size();
    if (size == 1 || k == shaped_like) continue;
    if (shape_size != 1 && shape_size != size) {
      call.fail(messages::normal_sizes_differ);
    }
    if (shape_size == 1) shaped_like = k;
  }
  const auto at = [&](int k, num::Index i) {
    const num::Matrix& operand = operands[static_cast<std::size_t>(k)];
    return operand.size() == 1 ? operand[0] : operand[i];
  };
  num::Matrix result = operands[static_cast<std::size_t>(shaped_like)];
  for (num::Index i = 0; i < result.size(); ++i) {
    const double mu = at(1, i), sigma = at(2, i);
    if (!(sigma > 0.0))
      call.fail(fmt::format(messages::sigma_not_positive, num::format_shortest(sigma)));
    const double z = (at(0, i) - mu) / sigma;
    result.set(i, kCumulative
                      ? 0.5 * std::erfc(-z / std::numbers::sqrt2)
                      : std::exp(-0.5 * z * z) / (sigma * std::sqrt(2.0 * std::numbers::pi)));
  }
  return same_shape(call.value(shaped_like), std::move(result));
}

// The smallest (Min) or largest (Max) element of each slice of m along `along`, NaN ignored;
// NaN for a slice of NaN or an empty one (bounds).
num::Matrix slice_ends(const num::Matrix& m, num::Along along, num::Extremum which) {
  const num::Matrix columns = along == num::Along::Rows  ? m.transposed()
                              : along == num::Along::All ? m.with_shape(m.size(), 1)
                                                         : m;
  num::Matrix ends(1, columns.columns(), kNaN);
  for (num::Index j = 0; j < columns.columns(); ++j) {
    for (num::Index i = 0; i < columns.rows(); ++i) {
      const double value = columns(i, j), best = ends[j];
      if (std::isnan(value)) continue;
      if (std::isnan(best) || (which == num::Extremum::Max ? value > best : value < best)) {
        ends.set(j, value);
      }
    }
  }
  return along == num::Along::Rows ? ends.transposed() : ends;
}

// [lo, hi] = bounds(x), bounds(A, dim): the smallest and largest elements (NaN ignored) in one
// call, per slice as min and max take them: per column of a matrix, along the first
// non-singleton dim of an N-D array, or along dim (a vecdim too).
Value bounds(Call& call) {
  // matlab code's options ("omitnan") and forms go through min and max themselves.
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_bounds(call);
  const Value& x = call.value(0);
  if (x.is_nd_array() && x.nd_value().is_complex()) real_matrix(call, 0);
  std::vector<Value> ends;
  for (const num::Extremum which : {num::Extremum::Min, num::Extremum::Max}) {
    const auto statistic = [which](const num::Matrix& m, num::Along along) {
      return slice_ends(m, along, which);
    };
    if (x.is_nd_array() || matlab_trailing_dim(call, 1) || vecdim_flag(call, 1)) {
      ends.push_back(nd_reduce_call(call, 1, statistic));
      continue;
    }
    const num::Matrix m = real_matrix(call, 0);
    const Plan plan = plan_slices(x, call.dim_argument(1));
    ends.push_back(per_slice_value(x, plan, statistic(m, along_of(x, plan))));
  }
  if (call.nargout() < 2) return ends[0];
  return Value::tuple(std::move(ends));
}

Value nnz(Call& call) {
  const Value& x = call.value(0);
  const num::Matrix m = x.is_nd_array() ? x.nd_value().pages() : call.matrix(0);
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
    if (edges.size() < 2)
      call.fail(fmt::format(messages::must_have_at_least_two_elements, "edges"));
    const std::span<const double> e = edges.real_values();
    if (!std::is_sorted(e.begin(), e.end()) ||
        std::any_of(e.begin(), e.end(), [](double edge) { return std::isnan(edge); })) {
      call.fail(messages::edges_decreasing);
    }
    histogram = given_edges(data, edges);
  } else {
    const num::Index nbins = call.count_argument(1);
    if (nbins == 0) call.fail(fmt::format(messages::must_be_at_least_one, "nbins"));
    histogram = equal_bins(data, nbins);
  }
  Value counts = Value::vector(std::move(histogram.counts));
  if (call.nargout() < 2) return counts;
  return Value::tuple({std::move(counts), Value::vector(std::move(histogram.edges))});
}

// One accumarray subscript: a positive integer, as a 0-based position.
num::Index accumarray_position(Call& call, double subscript) {
  if (!(subscript >= 1.0 && subscript <= kLargestSize) || std::floor(subscript) != subscript) {
    call.fail(fmt::format(messages::subs_not_positive_integers, num::format_shortest(subscript)));
  }
  return static_cast<num::Index>(subscript) - 1;
}

// The subscripts of MATLAB's accumarray: one row of D subscripts per value (an N×D matrix, a
// vector for D = 1, or a cell of D index vectors), as 0-based positions.
struct Subscripts {
  num::Index count = 0;
  num::Index dims = 1;
  std::vector<num::Index> positions;  // row-major: subscript d of value k at k·dims + d
};

Subscripts accumarray_subscripts(Call& call) {
  const Value& subs = call.value(0);
  Subscripts out;
  std::vector<num::Matrix> columns;
  if (subs.is(Kind::Cell)) {
    for (const Value& item : subs.cell_value().items) columns.push_back(item.as_matrix());
    if (columns.empty()) call.fail(messages::subs_empty_cell);
  } else {
    const num::Matrix m = real_matrix(call, 0);
    if (m.rows() == 1 || m.columns() == 1) {
      columns.push_back(m);
    } else {
      for (num::Index c = 0; c < m.columns(); ++c) {
        num::Matrix column(m.rows(), 1);
        for (num::Index r = 0; r < m.rows(); ++r) column.set(r, m(r, c));
        columns.push_back(std::move(column));
      }
      if (m.columns() == 0) columns.emplace_back(0, 1);
    }
  }
  out.dims = static_cast<num::Index>(columns.size());
  out.count = columns.front().size();
  for (const num::Matrix& column : columns) {
    if (column.size() != out.count) call.fail(messages::subs_lengths_differ);
  }
  out.positions.resize(static_cast<std::size_t>(out.count * out.dims));
  for (num::Index d = 0; d < out.dims; ++d) {
    const num::Matrix& column = columns[static_cast<std::size_t>(d)];
    for (num::Index k = 0; k < out.count; ++k) {
      out.positions[static_cast<std::size_t>(k * out.dims + d)] =
          accumarray_position(call, column[k]);
    }
  }
  return out;
}

// Whether accumarray's optional argument `index` is given: present and not [].
bool accumarray_given(Call& call, int index) {
  return call.has(index) &&
         !(call.value(index).is_array() && call.value(index).matrix_value().empty());
}

// The result's extents: max(subs) per column (a column for D = 1), or sz (argument 3), which
// must hold every subscript.
num::Dims accumarray_extents(Call& call, const Subscripts& subs) {
  num::Dims dims(static_cast<std::size_t>(std::max<num::Index>(subs.dims, 2)),
                 subs.dims == 1 ? 1 : 0);
  for (num::Index k = 0; k < subs.count; ++k) {
    for (num::Index d = 0; d < subs.dims; ++d) {
      num::Index& extent = dims[static_cast<std::size_t>(d)];
      extent = std::max(extent, subs.positions[static_cast<std::size_t>(k * subs.dims + d)] + 1);
    }
  }
  if (subs.count == 0 && subs.dims == 1) dims = {0, 1};
  if (!accumarray_given(call, 2)) return dims;
  const num::Matrix size = real_matrix(call, 2);
  num::Dims asked;
  for (num::Index k = 0; k < size.size(); ++k) {
    if (!(size[k] >= 0 && size[k] <= kLargestSize) || std::floor(size[k]) != size[k]) {
      call.fail(fmt::format(messages::must_be_non_negative_integers, "sz"));
    }
    asked.push_back(static_cast<num::Index>(size[k]));
  }
  const bool vector_size = subs.dims == 1 && asked.size() == 2 && (asked[0] == 1 || asked[1] == 1);
  if (vector_size) {
    const num::Index length = asked[0] == 1 ? asked[1] : asked[0];
    if (length < dims[0]) call.fail(messages::sz_misses_subscript);
  } else {
    if (asked.size() < 2 ||
        static_cast<num::Index>(asked.size()) != std::max<num::Index>(subs.dims, 2)) {
      call.fail(messages::sz_extent_count);
    }
    for (std::size_t d = 0; d < asked.size(); ++d) {
      if (asked[d] < dims[d]) call.fail(messages::sz_misses_subscript);
    }
  }
  return asked;
}

// The linear position of each value's subscripts in the result (MATLAB's column-major order).
std::vector<num::Index> accumarray_linear(const Subscripts& subs, const num::Dims& dims) {
  const bool flat = subs.dims == 1;
  std::vector<num::Index> linear(static_cast<std::size_t>(subs.count));
  for (num::Index k = 0; k < subs.count; ++k) {
    num::Index position = 0;
    num::Index stride = 1;
    for (num::Index d = 0; d < subs.dims; ++d) {
      position += subs.positions[static_cast<std::size_t>(k * subs.dims + d)] * stride;
      stride *= dims[static_cast<std::size_t>(d)];
    }
    linear[static_cast<std::size_t>(k)] =
        flat ? subs.positions[static_cast<std::size_t>(k)] : position;
  }
  return linear;
}

// vals(k), a scalar vals standing for every k.
double accumarray_value(const num::Matrix& values, num::Index k) {
  return values[values.size() == 1 ? 0 : k];
}

// The default FUNC, sum, in one pass; elements no subscript names hold fill.
Value accumarray_sums(const num::Dims& dims, const std::vector<num::Index>& linear,
                      const num::Matrix& values, double fill) {
  const num::Index total = num::element_count(dims);
  num::NdArray result(dims, 0.0);
  std::vector<bool> named(static_cast<std::size_t>(total), false);
  num::Matrix& storage = result.mutable_pages();
  for (std::size_t k = 0; k < linear.size(); ++k) {
    const num::Index at = num::offset_of(dims, linear[k]);
    storage.set(at, storage[at] + accumarray_value(values, static_cast<num::Index>(k)));
    named[static_cast<std::size_t>(linear[k])] = true;
  }
  for (num::Index e = 0; e < total; ++e) {
    if (!named[static_cast<std::size_t>(e)]) storage.set(num::offset_of(dims, e), fill);
  }
  return runtime::nd_result(std::move(result));
}

// A given FUNC (argument 3) over each named element's group of values, in the order they come;
// its one value per group is a number or logical, or a one-element cell for a cell result.
Value accumarray_by_function(Call& call, const num::Dims& dims,
                             const std::vector<num::Index>& linear, const num::Matrix& values,
                             double fill) {
  const Value& function = call.function(3);
  std::map<num::Index, std::vector<double>> groups;
  for (std::size_t k = 0; k < linear.size(); ++k)
    groups[linear[k]].push_back(accumarray_value(values, static_cast<num::Index>(k)));
  std::vector<std::pair<num::Index, Value>> results;
  bool cells = false;
  bool logical = !groups.empty();
  for (auto& [position, group] : groups) {
    Value group_value = group.size() == 1 ? Value::scalar(group.front())
                                          : Value::matrix(num::Matrix::column(group));
    Value result = call.invoke(function, {std::move(group_value)});
    if (result.is(Kind::Cell) && result.cell_value().items.size() == 1) {
      cells = true;
    } else if (result.is_numeric() && result.element_count() == 1) {
      logical = logical && result.is_logical();
    } else {
      call.fail(fmt::format(messages::group_value_not_one, result.kind_name()));
    }
    results.emplace_back(position, std::move(result));
  }
  if (cells) {
    if (dims.size() > 2) call.fail(messages::cell_result_two_dims);
    runtime::CellArray out;
    out.rows = dims[0];
    out.columns = dims[1];
    out.items.assign(static_cast<std::size_t>(num::element_count(dims)),
                     Value::matrix(num::Matrix(0, 0)));
    for (auto& [position, result] : results) {
      if (!result.is(Kind::Cell)) call.fail(messages::group_cells_inconsistent);
      out.items[static_cast<std::size_t>(position)] = result.cell_value().items.front();
    }
    return Value::cell(std::move(out));
  }
  num::NdArray result(dims, fill);
  for (auto& [position, value] : results) {
    result.mutable_pages().set(num::offset_of(dims, position), value.as_matrix()[0]);
  }
  return runtime::nd_result(std::move(result), logical && (fill == 0.0 || fill == 1.0));
}

// accumarray in matlab code, MATLAB's full form: accumarray(subs, vals, sz, func, fillval,
// issparse). subs holds one row of subscripts per value (N×D, D ≥ 1, or a cell of D index
// vectors); the result has max(subs) extents (a column for D = 1) unless sz gives them; func
// (sum by default) takes each group's values as a column, in their order, and gives one value
// (a number or a logical, or a cell for a cell result); elements no subscript names hold
// fillval (0 by default). Sparse results do not exist here.
Value matlab_accumarray(Call& call) {
  const Subscripts subs = accumarray_subscripts(call);
  const num::Matrix values = real_matrix(call, 1);
  if (values.size() != 1 && values.size() != subs.count) {
    call.fail(fmt::format(messages::vals_count_mismatch, subs.count, values.size()));
  }
  if (accumarray_given(call, 5) && call.boolean(5)) call.fail(messages::sparse_results_unsupported);
  const num::Dims dims = accumarray_extents(call, subs);
  const std::vector<num::Index> linear = accumarray_linear(subs, dims);
  const double fill = accumarray_given(call, 4) ? call.scalar(4) : 0.0;
  if (!accumarray_given(call, 3)) return accumarray_sums(dims, linear, values, fill);
  return accumarray_by_function(call, dims, linear, values, fill);
}

// accumarray(subs, vals) and accumarray(subs, vals, sz): result(s) = sum of vals(k) over the k
// with subs(k) = s. subs is a vector of positive integer subscripts (result: a vector), or an
// N×2 matrix whose rows are (row, column) pairs (result: a matrix, as a confusion matrix is
// counted); vals is a scalar or one value per subscript; sz, when given, is the result's size.
Value accumarray(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_accumarray(call);
  if (call.has(3)) call.fail(messages::accumarray_call_forms);
  const Value& subscripts = call.value(0);
  const num::Matrix subs = real_matrix(call, 0);
  const bool pairs = subscripts.is(Kind::Matrix) && subs.rows() > 1 && subs.columns() == 2;
  if (subscripts.is(Kind::Matrix) && subs.rows() != 1 && subs.columns() != 1 && !subs.empty() &&
      !pairs) {
    call.fail(fmt::format(messages::subs_bad_shape, subs.rows(), subs.columns()));
  }
  const num::Index count = pairs ? subs.rows() : subs.size();
  const num::Matrix values = real_matrix(call, 1);
  if (values.size() != 1 && values.size() != count) {
    call.fail(fmt::format(messages::vals_count_mismatch, count, values.size()));
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
      call.fail(messages::sz_not_2_element_size);
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
    {"bounds", numbers_only<bounds>, 1, 3,
     "Smallest and largest elements: [lo, hi] = bounds(x), bounds(A, dim); per column of a matrix, "
     "along the first non-singleton dim of an N-D array. Example: [lo, hi] = bounds([3, 1, 4, 1, "
     "5])"},
    {"rescale", keeps_single<element_wise<rescale>>, 1, 3,
     "x mapped linearly onto [0, 1], or [lo, hi]: rescale(x, lo, hi). Example: rescale([1, 2, 3], "
     "-1, 1)"},
    {"normpdf", element_wise<normal<false>, 3>, 1, 3,
     "Normal density, element-wise: normpdf(x), normpdf(x, mu, sigma). Example: normpdf(0)"},
    {"normcdf", element_wise<normal<true>, 3>, 1, 3,
     "Normal distribution function, element-wise: normcdf(x, mu, sigma). Example: normcdf(1.96)"},
    {"mode", keeps_class<mode>, 1, 2,
     "Most frequent value (smallest on ties, NaN ignored): mode(x), mode(M, dim); in matlab "
     "code [m, f, c] = mode(...) with the frequency and the ties. Example: "
     "mode([1, 2, 2, 3])"},
    {"range", slice_statistic<num::range>, 1, 2,
     "max - min ignoring NaN: range(x), range(M, dim). Example: range([4, 9, 1])"},
    {"cov", cov, 1, 2,
     "Sample covariance: cov(x) variance, cov(x, y) 2×2, cov(M) per column. Example: cov([1, 2, "
     "3], [2, 4, 7])"},
    {"corrcoef", corrcoef, 1, 2,
     "Correlation coefficients: corrcoef(x, y) 2×2, corrcoef(M). Example: corrcoef([1, 2, 3, 4], "
     "[2, 4, 5, 9])"},
    {"prctile", numbers_only<quantiles<100>>, 2, 3,
     "Percentiles (MATLAB's (i - 0.5)/n rule): prctile(x, p), prctile(A, p, dim), along any dim "
     "of an N-D array. Example: "
     "prctile([1, 2, 3, 4, 5], 50)"},
    {"quantile", numbers_only<quantiles<1>>, 2, 4,
     "Quantiles (MATLAB's (i - 0.5)/n rule): quantile(x, q), quantile(A, q, dim), along any dim "
     "of an N-D array; quantile(x, q, dim, method) with Octave's methods 1 to 9 (5 is the rule). "
     "Example: "
     "quantile([1, 2, 3, 4, 5], [0.25, 0.75])"},
    {"zscore", numbers_only<zscore>, 1, 3,
     "Standardise to mean 0, std 1: zscore(x), zscore(x, w, dim), along any dim of an N-D array. "
     "Example: zscore([1, 2, 3, 4])"},
    {"nnz", nnz, 1, 1, "Number of non-zero elements (NaN counts). Example: nnz([0, 1, 0, 2])"},
    {"histcounts", over_elements<histcounts>, 2, 2,
     "Bin counts: histcounts(x, nbins), histcounts(x, edges); [n, edges] = histcounts(...). "
     "Example: histcounts([1, 2, 2, 3, 3, 3], 3)"},
    {"accumarray", accumarray, 2, 6,
     "Sums of vals grouped by subscript: accumarray(subs, vals), (pairs, vals, [R, C]); in "
     "matlab code (subs, vals, sz, func, fillval). Example: "
     "accumarray([1; 2; 1], [10; 20; 30])"},
};

}  // namespace llmlab::builtins
