// MATLAB data-manipulation builtins rlab lacks: nnz, diff, cummax/cummin, magic, rot90,
// sortrows, sub2ind/ind2sub, randperm, histcounts and accumarray. Subscripts are MATLAB's
// (1-based, linear indices column-major); results follow the rlab kinds of the stats domain.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

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

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Sizes and subscripts above 2^53 are not exact doubles (and would overflow the conversion to
// an integer); no array can have that many elements anyway.
constexpr double kLargestSize = 9007199254740992.0;

Value nnz(Call& call) {
  const num::Matrix m = call.matrix(0);
  double count = 0.0;
  for (num::Index k = 0; k < m.size(); ++k) count += num::is_nonzero(m.complex_at(k)) ? 1.0 : 0.0;
  return Value::scalar(count);
}

// diff(x), diff(x, n), diff(x, n, dim): n-th differences along the slices of the stats
// dispatch; a slice of length L gives max(L - n, 0) values.
Value diff(Call& call) {
  const Value& x = call.value(0);
  const num::Matrix m = real_matrix(call, 0);
  const num::Index order = call.has(1) ? call.count_argument(1) : 1;
  const Slices slices = matlab::plan_slices(x, call.dim_argument(2));
  const num::Index length = std::max<num::Index>(matlab::slice_length(m, slices) - order, 0);
  return matlab::transform_slices(x, m, slices, length, [order](std::span<const double> values) {
    std::vector<double> result(values.begin(), values.end());
    for (num::Index pass = 0; pass < order && !result.empty(); ++pass) {
      for (std::size_t k = 0; k + 1 < result.size(); ++k) result[k] = result[k + 1] - result[k];
      result.pop_back();
    }
    return result;
  });
}

// cummax/cummin: the running extremum, skipping NaN (MATLAB's default 'omitnan'); positions
// before the first number stay NaN.
template <bool maximum>
Value running_extremum(Call& call) {
  const Value& x = call.value(0);
  const num::Matrix m = real_matrix(call, 0);
  const Slices slices = matlab::plan_slices(x, call.dim_argument(1));
  return matlab::transform_slices(
      x, m, slices, matlab::slice_length(m, slices), [](std::span<const double> values) {
        std::vector<double> result(values.size(), kNaN);
        double best = kNaN;
        for (std::size_t k = 0; k < values.size(); ++k) {
          const double value = values[k];
          if (!std::isnan(value) && (std::isnan(best) || (maximum ? value > best : value < best))) {
            best = value;
          }
          result[k] = best;
        }
        return result;
      });
}

// --- magic ----------------------------------------------------------------------------------
// MATLAB's three constructions, in 1-based (I, J) as MATLAB states them.

// Odd n (de la Loubère's siamese method in closed form):
// M(I, J) = n·mod(I + J − (n + 3)/2, n) + mod(I + 2J − 2, n) + 1.
num::Matrix odd_magic(num::Index n) {
  num::Matrix result(n, n);
  const auto positive_mod = [n](num::Index v) { return ((v % n) + n) % n; };
  for (num::Index I = 1; I <= n; ++I) {
    for (num::Index J = 1; J <= n; ++J) {
      const num::Index a = positive_mod(I + J - (n + 3) / 2);
      const num::Index b = positive_mod(I + 2 * J - 2);
      result.set(I - 1, J - 1, static_cast<double>(n * a + b + 1));
    }
  }
  return result;
}

// n divisible by 4: 1..n² row by row, then every element whose row and column fall in the same
// half of their 4-block (fix(mod(I, 4)/2) equal) is replaced by n² + 1 − M.
num::Matrix doubly_even_magic(num::Index n) {
  num::Matrix result(n, n);
  for (num::Index I = 1; I <= n; ++I) {
    for (num::Index J = 1; J <= n; ++J) {
      const double value = static_cast<double>((I - 1) * n + J);
      const bool complement = (I % 4) / 2 == (J % 4) / 2;
      result.set(I - 1, J - 1, complement ? static_cast<double>(n * n + 1) - value : value);
    }
  }
  return result;
}

// n = 2 (mod 4), LUX-like: four copies of magic(p), p = n/2, offset by 0, 2p², 3p², p²; then
// the left k = (n − 2)/4 columns and the right k − 1 columns swap their top and bottom halves,
// and in row k + 1 the swap moves from column 1 to column k + 1.
num::Matrix singly_even_magic(num::Index n) {
  const num::Index p = n / 2;
  const num::Matrix a = odd_magic(p);
  const double square = static_cast<double>(p * p);
  num::Matrix result(n, n);
  for (num::Index i = 0; i < p; ++i) {
    for (num::Index j = 0; j < p; ++j) {
      result.set(i, j, a(i, j));
      result.set(i, j + p, a(i, j) + 2.0 * square);
      result.set(i + p, j, a(i, j) + 3.0 * square);
      result.set(i + p, j + p, a(i, j) + square);
    }
  }
  if (n == 2) return result;
  const auto swap_halves = [&result, p](num::Index row, num::Index column) {
    const double top = result(row, column);
    result.set(row, column, result(row + p, column));
    result.set(row + p, column, top);
  };
  const num::Index k = (n - 2) / 4;
  for (num::Index i = 0; i < p; ++i) {
    for (num::Index j = 0; j < k; ++j) swap_halves(i, j);
    for (num::Index j = n - k + 1; j < n; ++j) swap_halves(i, j);
  }
  swap_halves(k, 0);
  swap_halves(k, k);
  return result;
}

Value magic(Call& call) {
  const num::Index n = call.count_argument(0);
  if (n == 0) return Value::matrix(num::Matrix(0, 0));
  if (n % 2 == 1) return Value::matrix(odd_magic(n));
  if (n % 4 == 0) return Value::matrix(doubly_even_magic(n));
  return Value::matrix(singly_even_magic(n));
}

// --- rot90, sortrows --------------------------------------------------------------------------

// rot90(A, k): A turned k quarter turns counter-clockwise (k may be negative). A Vector is a
// 1×N row: two turns give a Vector back, one or three an N×1 Matrix.
Value rot90(Call& call) {
  const Value& x = call.value(0);
  const num::Matrix a = call.matrix(0);
  const std::int64_t turns = ((call.has(1) ? call.integer(1) : 1) % 4 + 4) % 4;
  if (!x.is_array()) return x.is(Kind::Bool) ? Value::scalar(x.scalar_value()) : x;
  const num::Index rows = a.rows();
  const num::Index columns = a.columns();
  const bool transposed = turns % 2 == 1;
  num::Matrix result = transposed ? num::Matrix(columns, rows, num::Matrix::Element::Real)
                                  : num::Matrix(rows, columns, num::Matrix::Element::Real);
  for (num::Index i = 0; i < result.rows(); ++i) {
    for (num::Index j = 0; j < result.columns(); ++j) {
      num::Index source_row = i;
      num::Index source_column = j;
      if (turns == 1) {
        source_row = j;
        source_column = columns - 1 - i;
      } else if (turns == 2) {
        source_row = rows - 1 - i;
        source_column = columns - 1 - j;
      } else if (turns == 3) {
        source_row = rows - 1 - j;
        source_column = i;
      }
      result.set(i, j, a.complex_at(source_row, source_column));
    }
  }
  if (x.is(Kind::Vector) && !transposed) return Value::vector(std::move(result));
  return Value::matrix(std::move(result));
}

// -1, 0 or 1 with NaN above every number, as an ascending sort places it.
int compare_with_nan_last(double a, double b) {
  const bool a_missing = std::isnan(a);
  const bool b_missing = std::isnan(b);
  if (a_missing || b_missing) return static_cast<int>(a_missing) - static_cast<int>(b_missing);
  return a < b ? -1 : (a > b ? 1 : 0);
}

// sortrows(M), sortrows(M, columns): rows ordered by the listed columns in turn (a negative
// column sorts descending), stably; [B, i] = sortrows(...) also gives the row order.
Value sortrows(Call& call) {
  const num::Matrix m = real_matrix(call, 0);
  std::vector<std::int64_t> keys;
  if (call.has(1)) {
    const num::Matrix listed = real_matrix(call, 1);
    for (num::Index k = 0; k < listed.size(); ++k) {
      const double column = listed[k];
      if (column == 0.0 || std::floor(column) != column ||
          std::abs(column) > static_cast<double>(m.columns())) {
        call.fail("column " + num::format_shortest(column) + " is not in 1.." +
                  std::to_string(m.columns()) + " or its negative");
      }
      keys.push_back(static_cast<std::int64_t>(column));
    }
  } else {
    for (num::Index column = 1; column <= m.columns(); ++column) keys.push_back(column);
  }
  std::vector<num::Index> order(static_cast<std::size_t>(m.rows()));
  std::iota(order.begin(), order.end(), num::Index{0});
  std::stable_sort(order.begin(), order.end(), [&](num::Index p, num::Index q) {
    for (const std::int64_t key : keys) {
      const num::Index column = std::abs(key) - 1;
      const int sign = compare_with_nan_last(m(p, column), m(q, column));
      if (sign != 0) return key > 0 ? sign < 0 : sign > 0;
    }
    return false;
  });
  num::Matrix sorted(m.rows(), m.columns());
  std::vector<double> positions;
  for (num::Index i = 0; i < m.rows(); ++i) {
    const num::Index source = order[static_cast<std::size_t>(i)];
    for (num::Index j = 0; j < m.columns(); ++j) sorted.set(i, j, m(source, j));
    positions.push_back(static_cast<double>(source + 1));
  }
  Value rows = call.value(0).is(Kind::Matrix)
                   ? Value::matrix(std::move(sorted))
                   : matlab::same_shape(call.value(0), std::move(sorted));
  if (call.nargout() < 2) return rows;
  return Value::tuple({std::move(rows), Value::vector(num::Matrix::row(positions))});
}

// --- sub2ind, ind2sub -------------------------------------------------------------------------

// The [rows, columns] size argument.
std::pair<num::Index, num::Index> size_argument(Call& call) {
  const num::Matrix size = real_matrix(call, 0);
  if (size.size() != 2) {
    call.fail("size must have 2 elements, got " + std::to_string(size.size()));
  }
  for (num::Index k = 0; k < 2; ++k) {
    if (!(size[k] >= 0.0 && size[k] <= kLargestSize) || std::floor(size[k]) != size[k]) {
      call.fail("size must hold non-negative integers, got " + num::format_shortest(size[k]));
    }
  }
  return {static_cast<num::Index>(size[0]), static_cast<num::Index>(size[1])};
}

// A 1-based subscript within 1..limit, as a 0-based index.
num::Index subscript(Call& call, double value, num::Index limit) {
  if (!(value >= 1.0) || std::floor(value) != value || value > static_cast<double>(limit)) {
    call.fail("index " + num::format_shortest(value) + " out of range 1.." + std::to_string(limit));
  }
  return static_cast<num::Index>(value) - 1;
}

// sub2ind(sz, r, c): the column-major linear index (c − 1)·rows + r, shaped like r.
Value sub2ind(Call& call) {
  const auto [rows, columns] = size_argument(call);
  const num::Matrix r = real_matrix(call, 1);
  const num::Matrix c = real_matrix(call, 2);
  if (r.size() != c.size()) {
    call.fail("subscripts must have the same number of elements (" + std::to_string(r.size()) +
              " vs " + std::to_string(c.size()) + ")");
  }
  num::Matrix result(r.rows(), r.columns());
  for (num::Index k = 0; k < r.size(); ++k) {
    const num::Index row = subscript(call, r[k], rows);
    const num::Index column = subscript(call, c[k], columns);
    result.set(
        k, static_cast<double>(column) * static_cast<double>(rows) + static_cast<double>(row + 1));
  }
  return matlab::same_shape(call.value(1), std::move(result));
}

// [r, c] = ind2sub(sz, idx): the inverse of sub2ind. One output gives idx back (MATLAB folds
// the trailing dimensions into the last output); outputs past the second are ones.
Value ind2sub(Call& call) {
  const auto [rows, columns] = size_argument(call);
  const Value& indices = call.value(1);
  const num::Matrix idx = real_matrix(call, 1);
  // rows·columns, saturated: both may be up to 2^53, their product beyond int64.
  const num::Index elements =
      columns != 0 && rows > std::numeric_limits<num::Index>::max() / columns
          ? std::numeric_limits<num::Index>::max()
          : rows * columns;
  num::Matrix r(idx.rows(), idx.columns());
  num::Matrix c(idx.rows(), idx.columns());
  for (num::Index k = 0; k < idx.size(); ++k) {
    const num::Index linear = subscript(call, idx[k], elements);
    r.set(k, static_cast<double>(linear % rows + 1));
    c.set(k, static_cast<double>(linear / rows + 1));
  }
  if (call.nargout() < 2) return matlab::same_shape(indices, idx);
  std::vector<Value> outputs = {matlab::same_shape(indices, std::move(r)),
                                matlab::same_shape(indices, std::move(c))};
  while (static_cast<int>(outputs.size()) < call.nargout()) {
    outputs.push_back(matlab::same_shape(indices, num::Matrix(idx.rows(), idx.columns(), 1.0)));
  }
  return Value::tuple(std::move(outputs));
}

// --- randperm -------------------------------------------------------------------------------

// randperm(n), randperm(n, k): k distinct integers from 1..n in random order, as a Vector.
// Algorithm: the first k steps of a forward Fisher–Yates shuffle of 1..n; step i swaps slot i
// with slot j drawn uniformly from i..n−1 by the session's integer sampler (the one randi
// uses, rng.md §5), so one seed gives one permutation. The last step of a full shuffle has
// only one choice and draws nothing.
Value randperm(Call& call) {
  const num::Index n = call.count_argument(0);
  const num::Index k = call.has(1) ? call.count_argument(1) : n;
  if (k > n) {
    call.fail("k must be <= n, got n = " + std::to_string(n) + ", k = " + std::to_string(k));
  }
  num::Matrix slots(1, n);
  std::span<double> values = slots.mutable_real_values();
  for (num::Index i = 0; i < n; ++i) {
    values[static_cast<std::size_t>(i)] = static_cast<double>(i + 1);
  }
  num::Rng& rng = call.session().extension<num::Rng>();
  for (num::Index i = 0; i < k && i + 1 < n; ++i) {
    const std::int64_t j = rng.range_i64(i, n - 1);
    std::swap(values[static_cast<std::size_t>(i)], values[static_cast<std::size_t>(j)]);
  }
  num::Matrix result(1, k);
  for (num::Index i = 0; i < k; ++i) result.set(i, values[static_cast<std::size_t>(i)]);
  return Value::vector(std::move(result));
}

// --- histcounts, accumarray -------------------------------------------------------------------

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

extern const BuiltinTable kMatlabDataBuiltins = {
    {"nnz", nnz, 1, 1, "Number of non-zero elements (NaN counts)."},
    {"diff", diff, 1, 3, "Differences: diff(x), diff(x, n), diff(M, n, dim); per column for M."},
    {"cummax", running_extremum<true>, 1, 2, "Running maximum ignoring NaN: cummax(x), (M, dim)."},
    {"cummin", running_extremum<false>, 1, 2, "Running minimum ignoring NaN: cummin(x), (M, dim)."},
    {"magic", magic, 1, 1, "n×n magic square (MATLAB's construction)."},
    {"rot90", rot90, 1, 2, "Rotate by k quarter turns counter-clockwise: rot90(M), rot90(M, k)."},
    {"sortrows", sortrows, 1, 2,
     "Sort rows by columns (negative = descending): sortrows(M, c), [B, i] = sortrows(M)."},
    {"sub2ind", sub2ind, 3, 3, "Column-major linear index from subscripts: sub2ind(sz, r, c)."},
    {"ind2sub", ind2sub, 2, 2, "Subscripts from a linear index: [r, c] = ind2sub(sz, idx)."},
    {"randperm", randperm, 1, 2,
     "Random permutation of 1..n, or k distinct of them: randperm(n, k)."},
    {"histcounts", histcounts, 2, 2,
     "Bin counts: histcounts(x, nbins), histcounts(x, edges); [n, edges] = histcounts(...)."},
    {"accumarray", accumarray, 2, 3,
     "Sums of vals grouped by subscript: accumarray(subs, vals), (pairs, vals, [R, C])."},
};

}  // namespace llmlab::builtins
