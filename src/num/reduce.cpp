// Reductions and statistics (builtins.md §5). Each statistic is one function over a strided
// slice, instantiated for real and complex elements by detail::for_each_slice.
#include "num/reduce.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "num/ops.hpp"
#include "num/reduce_slices.hpp"

namespace llmlab::num {
namespace {

using detail::Slice;

template <class T>
constexpr bool kIsComplex = std::is_same_v<T, Complex>;

// Result matrix of the layout's shape; complex storage when `complex_result`.
Matrix result_for(const Matrix& x, Along along, bool complex_result) {
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  return complex_result
             ? Matrix(layout.result_rows, layout.result_columns, Matrix::Element::ComplexValued)
             : Matrix(layout.result_rows, layout.result_columns);
}

// One value per slice, of the slice's element type (sum, prod, mean).
template <class Reduce>
Matrix reduce_same_type(const Matrix& x, Along along, Reduce reduce) {
  Matrix result = result_for(x, along, x.is_complex());
  detail::for_each_slice(x, along, [&](Index s, auto slice) { result.set(s, reduce(slice)); });
  return result;
}

// One real value per slice (median, variance, any, all).
template <class Reduce>
Matrix reduce_to_real(const Matrix& x, Along along, Reduce reduce) {
  Matrix result = result_for(x, along, false);
  detail::for_each_slice(
      x, along, [&](Index s, auto slice) { result.set(s, static_cast<double>(reduce(slice))); });
  return result;
}

// Pairwise summation: error grows as O(log n) rather than O(n) for sequential sums, and the
// order stays deterministic (builtins.md §0.5 leaves the order free).
template <class T>
T pairwise_sum(const Slice<T>& slice, Index begin, Index end) {
  constexpr Index kBlock = 128;
  if (end - begin <= kBlock) {
    T total{};
    for (Index k = begin; k < end; ++k) total += slice[k];
    return total;
  }
  const Index middle = begin + (end - begin) / 2;
  return pairwise_sum(slice, begin, middle) + pairwise_sum(slice, middle, end);
}

template <class T>
T slice_sum(const Slice<T>& slice) {
  return pairwise_sum(slice, 0, slice.count);
}

// The mean, median and variance of no elements are NaN (Octave's mean([]) and var([])).
constexpr double kEmptyStatistic = std::numeric_limits<double>::quiet_NaN();

template <class T>
T slice_mean(const Slice<T>& slice) {
  if (slice.count == 0) return T(kEmptyStatistic);
  return slice_sum(slice) / static_cast<double>(slice.count);
}

template <class T>
double real_of(T value) {
  if constexpr (kIsComplex<T>) {
    return value.real();
  } else {
    return value;
  }
}

template <class T>
double squared_magnitude(T value) {
  if constexpr (kIsComplex<T>) {
    return std::norm(value);
  } else {
    return value * value;
  }
}

template <class T>
double slice_median(const Slice<T>& slice) {
  if (slice.count == 0) return kEmptyStatistic;
  std::vector<double> keys(static_cast<std::size_t>(slice.count));
  for (Index k = 0; k < slice.count; ++k) {
    keys[static_cast<std::size_t>(k)] = real_of(slice[k]);
    if (std::isnan(keys[static_cast<std::size_t>(k)])) return std::nan("");
  }
  const std::size_t half = keys.size() / 2;
  std::nth_element(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(half), keys.end());
  const double upper = keys[half];
  if (keys.size() % 2 == 1) return upper;
  const double lower =
      *std::max_element(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(half));
  return (lower + upper) / 2.0;
}

template <class T>
double slice_variance(const Slice<T>& slice, Normalization normalization) {
  if (slice.count == 0) return kEmptyStatistic;
  if (slice.count == 1) return 0.0;
  const T m = slice_mean(slice);
  double total = 0.0;
  for (Index k = 0; k < slice.count; ++k) total += squared_magnitude(slice[k] - m);
  const Index divisor = normalization == Normalization::Sample ? slice.count - 1 : slice.count;
  return total / static_cast<double>(divisor);
}

template <class T>
bool nonzero(T value) {
  if constexpr (kIsComplex<T>) {
    return value.real() != 0.0 || value.imag() != 0.0;
  } else {
    return value != 0.0;  // NaN != 0 holds, so NaN counts as non-zero
  }
}

// The comparison key of min/max: real part for real input, magnitude otherwise.
template <class T>
double extremum_key(T value) {
  if constexpr (kIsComplex<T>) {
    return std::abs(value);
  } else {
    return value;
  }
}

std::string all_nan_message(Along along, Extremum which) {
  const std::string name = which == Extremum::Max ? "max" : "min";
  switch (along) {
    case Along::All:
      return name + ": input is all NaN";
    case Along::Columns:
      return name + ": a column contains only NaN values";
    case Along::Rows:
      return name + ": a row contains only NaN values";
  }
  return name + ": input is all NaN";
}

// --- Real column fast paths ------------------------------------------------------------
// A column of a row-major matrix is strided, so reducing columns one by one touches a new cache
// line per element. These walk the matrix row by row into one accumulator per column, doing per
// column exactly the operations, in exactly the order, of the slice code above: the results are
// bit-identical to it.

// x: (R, C) row-major. out (C) = the pairwise sums of rows [begin, end), split as pairwise_sum
// splits a slice.
void column_pairwise_sum(const double* x, Index columns, Index begin, Index end, double* out) {
  constexpr Index kBlock = 128;  // as pairwise_sum
  const auto width = static_cast<std::size_t>(columns);
  if (end - begin <= kBlock) {
    std::fill(out, out + width, 0.0);
    for (Index r = begin; r < end; ++r) {
      const double* row = x + r * columns;
      for (std::size_t c = 0; c < width; ++c) out[c] += row[c];
    }
    return;
  }
  const Index middle = begin + (end - begin) / 2;
  column_pairwise_sum(x, columns, begin, middle, out);
  std::vector<double> right(width);
  column_pairwise_sum(x, columns, middle, end, right.data());
  for (std::size_t c = 0; c < width; ++c) out[c] += right[c];
}

// 1×C column sums of a real matrix.
Matrix column_sums(const Matrix& x) {
  Matrix result(1, x.columns());
  column_pairwise_sum(x.real_values().data(), x.columns(), 0, x.rows(),
                      result.mutable_real_values().data());
  return result;
}

Matrix column_means(const Matrix& x) {
  if (x.rows() == 0) return Matrix(1, x.columns(), kEmptyStatistic);
  Matrix result = column_sums(x);
  const auto count = static_cast<double>(x.rows());
  for (double& value : result.mutable_real_values()) value /= count;
  return result;
}

// 1×C column variances of a real matrix, as slice_variance computes each.
Matrix column_variances(const Matrix& x, Normalization normalization) {
  const Index rows = x.rows();
  const auto width = static_cast<std::size_t>(x.columns());
  if (rows == 0) return Matrix(1, x.columns(), kEmptyStatistic);
  if (rows == 1) return Matrix(1, x.columns());
  const Matrix means = column_means(x);
  const std::span<const double> m = means.real_values();
  Matrix result(1, x.columns());
  const std::span<double> total = result.mutable_real_values();
  const double* values = x.real_values().data();
  for (Index r = 0; r < rows; ++r) {
    const double* row = values + static_cast<std::size_t>(r) * width;
    for (std::size_t c = 0; c < width; ++c) total[c] += squared_magnitude(row[c] - m[c]);
  }
  const Index divisor = normalization == Normalization::Sample ? rows - 1 : rows;
  for (double& value : total) value /= static_cast<double>(divisor);
  return result;
}

// Column minima or maxima of a real matrix and their 1-based row numbers, as extremum() finds
// them: NaN skipped, the first occurrence wins ties.
ExtremumResult column_extremum(const Matrix& x, Extremum which, AllNan all_nan) {
  const auto width = static_cast<std::size_t>(x.columns());
  std::vector<double> best_key(width, 0.0);
  std::vector<Index> best(width, -1);
  const double* values = x.real_values().data();
  for (Index r = 0; r < x.rows(); ++r) {
    const double* row = values + static_cast<std::size_t>(r) * width;
    for (std::size_t c = 0; c < width; ++c) {
      const double key = row[c];
      if (std::isnan(key)) continue;
      const bool better =
          best[c] < 0 || (which == Extremum::Max ? key > best_key[c] : key < best_key[c]);
      if (better) {
        best[c] = r;
        best_key[c] = key;
      }
    }
  }
  ExtremumResult result{Matrix(1, x.columns()), Matrix(1, x.columns())};
  const std::span<double> chosen = result.values.mutable_real_values();
  const std::span<double> indices = result.indices.mutable_real_values();
  for (std::size_t c = 0; c < width; ++c) {
    if (best[c] < 0) {
      if (all_nan == AllNan::Error) throw Error(all_nan_message(Along::Columns, which));
      chosen[c] = std::numeric_limits<double>::quiet_NaN();
      indices[c] = 1.0;
      continue;
    }
    chosen[c] = best_key[c];
    indices[c] = static_cast<double>(best[c] + 1);
  }
  return result;
}

bool real_columns(const Matrix& x, Along along) { return along == Along::Columns && x.is_real(); }

}  // namespace

Matrix sum(const Matrix& x, Along along) {
  if (real_columns(x, along)) return column_sums(x);
  return reduce_same_type(x, along, [](auto slice) { return slice_sum(slice); });
}

Matrix prod(const Matrix& x, Along along) {
  return reduce_same_type(x, along, [](auto slice) {
    using T = std::remove_cv_t<std::remove_reference_t<decltype(slice[0])>>;
    T product{1.0};
    for (Index k = 0; k < slice.count; ++k) product *= slice[k];
    return product;
  });
}

Matrix mean(const Matrix& x, Along along) {
  if (real_columns(x, along)) return column_means(x);
  return reduce_same_type(x, along, [](auto slice) { return slice_mean(slice); });
}

Matrix median(const Matrix& x, Along along) {
  return reduce_to_real(x, along, [](auto slice) { return slice_median(slice); });
}

Matrix variance(const Matrix& x, Along along, Normalization normalization) {
  if (real_columns(x, along)) return column_variances(x, normalization);
  return reduce_to_real(
      x, along, [normalization](auto slice) { return slice_variance(slice, normalization); });
}

Matrix standard_deviation(const Matrix& x, Along along, Normalization normalization) {
  if (real_columns(x, along)) {
    Matrix result = column_variances(x, normalization);
    for (double& value : result.mutable_real_values()) value = std::sqrt(value);
    return result;
  }
  return reduce_to_real(x, along, [normalization](auto slice) {
    return std::sqrt(slice_variance(slice, normalization));
  });
}

ExtremumResult extremum(const Matrix& x, Along along, Extremum which, AllNan all_nan) {
  LLMLAB_ASSERT(!x.empty());
  if (real_columns(x, along)) return column_extremum(x, which, all_nan);
  ExtremumResult result{result_for(x, along, x.is_complex()), result_for(x, along, false)};
  detail::for_each_slice(x, along, [&](Index s, auto slice) {
    Index best = -1;
    double best_key = 0.0;
    for (Index k = 0; k < slice.count; ++k) {
      const double key = extremum_key(slice[k]);
      if (std::isnan(key)) continue;
      // Strict comparison: the first occurrence wins ties.
      const bool better = best < 0 || (which == Extremum::Max ? key > best_key : key < best_key);
      if (better) {
        best = k;
        best_key = key;
      }
    }
    if (best < 0) {
      if (all_nan == AllNan::Error) throw Error(all_nan_message(along, which));
      result.values.set(s, std::numeric_limits<double>::quiet_NaN());
      result.indices.set(s, 1.0);
      return;
    }
    result.values.set(s, slice[best]);
    result.indices.set(s, static_cast<double>(best + 1));
  });
  return result;
}

Matrix extremum_elementwise(const Matrix& a, const Matrix& b, Extremum which) {
  const Index rows = broadcast_dimension(a.rows(), b.rows(), "row");
  const Index columns = broadcast_dimension(a.columns(), b.columns(), "column");
  const bool complex_input = a.is_complex() || b.is_complex();
  Matrix result =
      complex_input ? Matrix(rows, columns, Matrix::Element::ComplexValued) : Matrix(rows, columns);
  for (Index r = 0; r < rows; ++r) {
    for (Index c = 0; c < columns; ++c) {
      const Complex left = a.complex_at(a.rows() == 1 ? 0 : r, a.columns() == 1 ? 0 : c);
      const Complex right = b.complex_at(b.rows() == 1 ? 0 : r, b.columns() == 1 ? 0 : c);
      const double left_key = complex_input ? std::abs(left) : left.real();
      const double right_key = complex_input ? std::abs(right) : right.real();
      bool take_right = false;
      if (std::isnan(left_key)) {
        take_right = true;
      } else if (!std::isnan(right_key)) {
        take_right = which == Extremum::Max ? right_key > left_key : right_key < left_key;
      }
      const Complex chosen = take_right ? right : left;
      if (complex_input) {
        result.set(r, c, chosen);
      } else {
        result.set(r, c, chosen.real());
      }
    }
  }
  return result;
}

Matrix any(const Matrix& x, Along along) {
  return reduce_to_real(x, along, [](auto slice) {
    for (Index k = 0; k < slice.count; ++k) {
      if (nonzero(slice[k])) return 1.0;
    }
    return 0.0;
  });
}

Matrix all(const Matrix& x, Along along) {
  return reduce_to_real(x, along, [](auto slice) {
    for (Index k = 0; k < slice.count; ++k) {
      if (!nonzero(slice[k])) return 0.0;
    }
    return 1.0;
  });
}

Complex trapz(const Matrix& x, const Matrix& v) {
  LLMLAB_ASSERT(x.empty() || x.size() == v.size());
  Complex total = 0.0;
  for (Index k = 0; k + 1 < v.size(); ++k) {
    const Complex dx = x.empty() ? Complex(1.0) : x.complex_at(k + 1) - x.complex_at(k);
    total += (v.complex_at(k) + v.complex_at(k + 1)) * 0.5 * dx;
  }
  return total;
}

}  // namespace llmlab::num
