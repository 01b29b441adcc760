// Cumulative operations, stable sorting, find and unique (builtins.md §6).
#include "num/sort.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>
#include <vector>

#include "base/error.hpp"
#include "num/reduce_slices.hpp"

namespace llmlab::num {
namespace {

// Applies `step(running, element)` along each slice, writing every running value back in place.
template <class Step>
Matrix cumulative(const Matrix& x, Along along, double start, Step step) {
  Matrix result = x;
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  const auto run = [&](auto values) {
    for (Index s = 0; s < layout.slices; ++s) {
      using T = typename decltype(values)::value_type;
      T running{start};
      for (Index k = 0; k < layout.count; ++k) {
        auto& element = values[static_cast<std::size_t>(s * layout.slice_step + k * layout.stride)];
        running = step(running, element);
        element = running;
      }
    }
  };
  if (x.empty()) return result;
  if (result.is_complex()) {
    run(result.mutable_complex_values());
  } else {
    run(result.mutable_real_values());
  }
  return result;
}

// Column-major position k (0-based) of an R×C row-major matrix, as a row-major flat index.
Index column_major_to_flat(const Matrix& x, Index k) {
  return (k % x.rows()) * x.columns() + k / x.rows();
}

// Orders (real, imaginary) pairs ascending, NaN last in each component.
bool complex_less(Complex a, Complex b) {
  const auto key_less = [](double p, double q) {
    if (std::isnan(p)) return false;
    if (std::isnan(q)) return true;
    return p < q;
  };
  if (key_less(a.real(), b.real())) return true;
  if (key_less(b.real(), a.real())) return false;
  return key_less(a.imag(), b.imag());
}

bool same_element(Complex a, Complex b) {
  return (a.real() == b.real() || (std::isnan(a.real()) && std::isnan(b.real()))) &&
         (a.imag() == b.imag() || (std::isnan(a.imag()) && std::isnan(b.imag())));
}

}  // namespace

Matrix cumulative_sum(const Matrix& x, Along along) {
  return cumulative(x, along, 0.0, [](auto running, auto element) { return running + element; });
}

Matrix cumulative_product(const Matrix& x, Along along) {
  return cumulative(x, along, 1.0, [](auto running, auto element) { return running * element; });
}

ExtremumResult cumulative_extremum(const Matrix& x, Along along, Extremum which) {
  LLMLAB_ASSERT(!x.is_complex());
  ExtremumResult result{Matrix(x.rows(), x.columns(), std::numeric_limits<double>::quiet_NaN()),
                        Matrix(x.rows(), x.columns(), 1.0)};
  if (x.empty()) return result;
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  for (Index s = 0; s < layout.slices; ++s) {
    double best = std::numeric_limits<double>::quiet_NaN();
    Index position = 0;
    for (Index k = 0; k < layout.count; ++k) {
      const Index flat = s * layout.slice_step + k * layout.stride;
      const double value = x[flat];
      if (!std::isnan(value) &&
          (std::isnan(best) || (which == Extremum::Max ? value > best : value < best))) {
        best = value;
        position = k;
      }
      result.values.set(flat, best);
      result.indices.set(flat, static_cast<double>(position + 1));
    }
  }
  return result;
}

Matrix difference(const Matrix& x, Along along, Index order) {
  LLMLAB_ASSERT(!x.is_complex() && order >= 0);
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  const Index length = std::max<Index>(layout.count - order, 0);
  // Slice s's differences run down column s (Columns) or along row s (Rows); All keeps a
  // column's orientation.
  const bool by_columns =
      along == Along::Columns || (along == Along::All && x.columns() == 1 && x.rows() != 1);
  Matrix result = by_columns ? Matrix(length, layout.slices) : Matrix(layout.slices, length);
  std::vector<double> values(static_cast<std::size_t>(layout.count));
  for (Index s = 0; s < layout.slices; ++s) {
    for (Index k = 0; k < layout.count; ++k) {
      values[static_cast<std::size_t>(k)] = x[s * layout.slice_step + k * layout.stride];
    }
    for (Index pass = 0; pass < order; ++pass) {
      for (Index k = 0; k + 1 + pass < layout.count; ++k) {
        values[static_cast<std::size_t>(k)] =
            values[static_cast<std::size_t>(k + 1)] - values[static_cast<std::size_t>(k)];
      }
    }
    for (Index k = 0; k < length; ++k) {
      const double value = values[static_cast<std::size_t>(k)];
      if (by_columns) {
        result.set(k, s, value);
      } else {
        result.set(s, k, value);
      }
    }
  }
  return result;
}

ExtremumResult extreme_k(const Matrix& x, Along along, Index k, Extremum which) {
  LLMLAB_ASSERT(!x.is_complex() && k >= 0);
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  const Index kept = std::min(k, layout.count);
  const bool by_columns = along == Along::Columns;
  ExtremumResult result{by_columns ? Matrix(kept, layout.slices) : Matrix(layout.slices, kept),
                        by_columns ? Matrix(kept, layout.slices) : Matrix(layout.slices, kept)};
  std::vector<double> items(static_cast<std::size_t>(layout.count));
  std::vector<std::size_t> order(items.size());
  for (Index s = 0; s < layout.slices; ++s) {
    for (Index j = 0; j < layout.count; ++j) {
      items[static_cast<std::size_t>(j)] = x[s * layout.slice_step + j * layout.stride];
    }
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t p, std::size_t q) {
      if (std::isnan(items[q])) return !std::isnan(items[p]);
      if (std::isnan(items[p])) return false;
      return which == Extremum::Max ? items[p] > items[q] : items[p] < items[q];
    });
    for (Index j = 0; j < kept; ++j) {
      const std::size_t from = order[static_cast<std::size_t>(j)];
      const Index row = by_columns ? j : s;
      const Index column = by_columns ? s : j;
      result.values.set(row, column, items[from]);
      result.indices.set(row, column, static_cast<double>(from + 1));
    }
  }
  return result;
}

SortResult sort(const Matrix& x, Along along, Direction direction, ComplexOrder complex_order) {
  SortResult result{x, Matrix(x.rows(), x.columns())};
  if (x.empty()) return result;
  const detail::SliceLayout layout = detail::slice_layout(x, along);
  std::vector<Index> order(static_cast<std::size_t>(layout.count));
  // (key, tie-break) per element: the real part, or the magnitude and the angle.
  const bool by_magnitude = complex_order == ComplexOrder::Magnitude && x.is_complex();
  std::vector<std::pair<double, double>> keys(order.size());
  for (Index s = 0; s < layout.slices; ++s) {
    const auto flat = [&](Index k) { return s * layout.slice_step + k * layout.stride; };
    for (Index k = 0; k < layout.count; ++k) {
      if (by_magnitude) {
        const Complex z = x.complex_at(flat(k));
        const bool nan = std::isnan(z.real()) || std::isnan(z.imag());
        keys[static_cast<std::size_t>(k)] = {nan ? std::nan("") : std::abs(z), std::arg(z)};
      } else {
        keys[static_cast<std::size_t>(k)] = {x[flat(k)], 0.0};
      }
    }
    std::iota(order.begin(), order.end(), Index{0});
    // A NaN key compares as larger than every number when ascending and smaller when
    // descending, so NaN goes last and first respectively; stable_sort keeps ties in order.
    std::stable_sort(order.begin(), order.end(), [&](Index p, Index q) {
      const auto [a, a_angle] = keys[static_cast<std::size_t>(p)];
      const auto [b, b_angle] = keys[static_cast<std::size_t>(q)];
      if (direction == Direction::Ascend) {
        return !std::isnan(a) && (std::isnan(b) || a < b || (a == b && a_angle < b_angle));
      }
      return !std::isnan(b) && (std::isnan(a) || a > b || (a == b && a_angle > b_angle));
    });
    for (Index k = 0; k < layout.count; ++k) {
      const Index source = order[static_cast<std::size_t>(k)];
      result.values.set(flat(k), x.complex_at(flat(source)));
      result.indices.set(flat(k), static_cast<double>(source + 1));
    }
  }
  return result;
}

FindResult find(const Matrix& x, std::optional<Index> limit) {
  std::vector<double> linear, rows, columns;
  std::vector<Complex> values;
  bool complex_values = false;
  for (Index k = 0; k < x.size(); ++k) {
    if (limit && static_cast<Index>(linear.size()) >= *limit) break;
    const Complex value = x.complex_at(column_major_to_flat(x, k));
    if (value.real() == 0.0 && value.imag() == 0.0) continue;
    linear.push_back(static_cast<double>(k + 1));
    rows.push_back(static_cast<double>(k % x.rows() + 1));
    columns.push_back(static_cast<double>(k / x.rows() + 1));
    values.push_back(value);
    complex_values = complex_values || value.imag() != 0.0;
  }
  const auto count = static_cast<Index>(values.size());
  FindResult result{
      Matrix::row(linear), Matrix::row(rows), Matrix::row(columns),
      Matrix(1, count, complex_values ? Matrix::Element::ComplexValued : Matrix::Element::Real)};
  for (Index k = 0; k < count; ++k) result.values.set(k, values[static_cast<std::size_t>(k)]);
  return result;
}

UniqueResult unique(const Matrix& x) {
  const Index n = x.size();
  std::vector<Complex> elements(static_cast<std::size_t>(n));
  for (Index k = 0; k < n; ++k) {
    elements[static_cast<std::size_t>(k)] = x.complex_at(column_major_to_flat(x, k));
  }
  std::vector<Index> order(elements.size());
  std::iota(order.begin(), order.end(), Index{0});
  // Stable, so the first occurrence of each value leads its run of equal elements.
  std::stable_sort(order.begin(), order.end(), [&](Index p, Index q) {
    return complex_less(elements[static_cast<std::size_t>(p)],
                        elements[static_cast<std::size_t>(q)]);
  });
  std::vector<Complex> values;
  std::vector<double> first;
  std::vector<double> inverse(elements.size());
  for (const Index position : order) {
    const Complex element = elements[static_cast<std::size_t>(position)];
    if (values.empty() || !same_element(values.back(), element)) {
      values.push_back(element);
      first.push_back(static_cast<double>(position + 1));
    }
    inverse[static_cast<std::size_t>(position)] = static_cast<double>(values.size());
  }
  const bool complex_values =
      x.is_complex() &&
      std::any_of(values.begin(), values.end(), [](Complex v) { return v.imag() != 0.0; });
  UniqueResult result{
      Matrix(1, static_cast<Index>(values.size()),
             complex_values ? Matrix::Element::ComplexValued : Matrix::Element::Real),
      Matrix::row(first), Matrix::row(inverse)};
  for (std::size_t k = 0; k < values.size(); ++k) {
    result.values.set(static_cast<Index>(k), values[k]);
  }
  return result;
}

}  // namespace llmlab::num
