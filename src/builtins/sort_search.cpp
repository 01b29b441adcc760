// builtins.md §6 Cumulative operations, sorting and searching: cumsum, cumprod, sort, find,
// unique, and the MATLAB additions diff, cummax/cummin, sortrows, maxk/mink. num/reduce.* and
// num/sort.* compute; this file maps kinds to slices and back.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "base/messages/arguments.hpp"
#include "base/messages/sets.hpp"
#include "base/text_case.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "builtins/sets.hpp"
#include "builtins/slices.hpp"
#include "builtins/text_map.hpp"
#include "num/format.hpp"
#include "num/nd_shape.hpp"
#include "num/ops.hpp"
#include "num/reduce.hpp"
#include "num/rng.hpp"
#include "num/sort.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {
namespace {

using num::Along;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

// Where running operations and sort go (§6): the slice dispatch, with nothing to do when each
// element is its own slice or the array is empty.
std::optional<Along> plan_running(const Value& x, std::optional<int> dim) {
  const Plan plan = plan_slices(x, dim);
  if (plan.action == Action::Unchanged || x.matrix_value().empty()) return std::nullopt;
  return plan.along;
}

// Rebuilds a result of x's kind (Vector or Matrix) from an array of the same shape.
Value same_kind(const Value& x, num::Matrix result) {
  result.demote_if_real();
  return x.is(Kind::Vector) ? Value::vector(std::move(result)) : Value::matrix(std::move(result));
}

template <class Running>
Value running(Call& call, Running operation) {
  const Value& x = call.value(0);
  if (x.is_nd_array()) {
    // Along a dim of an N-D array (the first non-singleton by default): each slice is a column.
    const num::NdArray& array = x.nd_value();
    const int dim =
        call.has(1) ? call.nd_dim_argument(1) : num::first_non_singleton_dim(array.dims());
    if (dim >= array.ndims() || array.empty()) return runtime::nd_result(array);
    num::Matrix result = operation(num::slices_along(array, dim), Along::Columns);
    result.demote_if_real();
    return runtime::nd_result(num::from_slices_along(result, array.dims(), dim));
  }
  require_numeric(call, x);
  if (matlab_trailing_dim(call, 1)) return x;  // a running sum along a singleton dim
  const std::optional<Along> along = plan_running(x, call.dim_argument(1));
  if (!along) return as_number(x);
  return same_kind(x, operation(x.matrix_value(), *along));
}

Value cumsum(Call& call) { return running(call, num::cumulative_sum); }

Value cumprod(Call& call) { return running(call, num::cumulative_product); }

num::Direction direction_argument(Call& call, int index) {
  return call.choice(index, {"ascend", "descend"}, "direction") == 0 ? num::Direction::Ascend
                                                                     : num::Direction::Descend;
}

// sort(x), sort(x, dir), sort(x, dim), sort(x, dim, dir); [s, idx] = sort(...).
// The characters of a string as separate items: sort and unique of a string work on them and
// join the result back into a string (MATLAB's char arrays).
std::vector<std::string> characters_as_items(const std::string& text) {
  std::vector<std::string> items;
  for (std::string_view c : characters_of(text)) items.emplace_back(c);
  return items;
}

Value text_result(std::vector<std::string> items, bool join) {
  if (!join) return Value::string_array(std::move(items));
  std::string text;
  for (const std::string& item : items) text += item;
  return Value::string(std::move(text));
}

// sort of a string array (MATLAB sorts a cell array of text) or of a string's characters:
// byte-wise order, which is code point order for UTF-8, stable in both directions like the
// numeric sort.
// sort(texts[, dim][, mode]): texts lie along dimension `length_dim` (2 for a row, 1 for a
// column); sorting along another dim leaves them in place (MATLAB's sort(c, 1) of a row).
Value sort_strings(Call& call, const std::vector<std::string>& items, bool join,
                   int length_dim = 2) {
  int mode_at = 1;
  bool in_place = false;
  if (call.has(1) && !call.value(1).is(Kind::String)) {
    const std::int64_t dim = call.integer(1);
    if (dim < 1) call.fail(fmt::format(messages::must_be_positive_integer, "DIM"));
    in_place = dim != length_dim;
    mode_at = 2;
  }
  const num::Direction direction =
      call.has(mode_at) ? direction_argument(call, mode_at) : num::Direction::Ascend;
  std::vector<std::size_t> order(items.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (in_place) return false;
    return direction == num::Direction::Ascend ? items[a] < items[b] : items[b] < items[a];
  });
  std::vector<std::string> sorted;
  num::Matrix indices(1, static_cast<num::Index>(order.size()), 0.0);
  for (std::size_t k = 0; k < order.size(); ++k) {
    sorted.push_back(items[order[k]]);
    indices.set(static_cast<num::Index>(k), static_cast<double>(order[k] + 1));
  }
  Value result = text_result(std::move(sorted), join);
  if (call.nargout() >= 2)
    return Value::tuple({std::move(result), Value::vector(std::move(indices))});
  return result;
}

// sort of a cell of texts (a column from fieldnames, say): sorted as a string array is, and
// a column again when it was one.
Value sort_cell_of_texts(Call& call, const runtime::CellArray& cells) {
  const bool is_column = cells.columns == 1 && cells.rows >= 2;
  Value sorted = sort_strings(call, call.texts(0), false, is_column ? 1 : 2);
  if (!is_column) return sorted;
  auto column = [](const Value& texts) {
    std::vector<Value> items;
    for (const std::string& text : texts.string_array_value()) items.push_back(Value::string(text));
    return Value::cell(runtime::transposed_cell(runtime::CellArray::row(std::move(items))));
  };
  if (!sorted.is(Kind::Tuple)) return column(sorted);
  const std::vector<Value>& parts = sorted.tuple_items();
  return Value::tuple({column(parts[0]), parts[1]});
}

// sort of an N-D array along 0-based `dim`: each slice along it is a column of
// num::slices_along, sorted as a matrix's columns are; a dim past the last leaves every element
// where it is (index 1).
Value nd_sort(Call& call, int dim, num::Direction direction) {
  const num::NdArray& array = call.value(0).nd_value();
  const bool logical = call.value(0).is_logical();
  Value sorted = call.value(0);
  Value indices = runtime::nd_result(num::NdArray(array.dims(), 1.0));
  if (dim < array.ndims() && !array.empty()) {
    num::SortResult result = num::sort(num::slices_along(array, dim), Along::Columns, direction);
    result.values.demote_if_real();
    sorted = runtime::nd_result(num::from_slices_along(result.values, array.dims(), dim), logical);
    indices = runtime::nd_result(num::from_slices_along(result.indices, array.dims(), dim));
  }
  if (call.nargout() >= 2) return Value::tuple({std::move(sorted), std::move(indices)});
  return sorted;
}

// sort's optional arguments, (dim), (mode) or (dim, mode): the direction, with `read_dim`
// called to read a dim in position 1.
template <class ReadDim>
num::Direction sort_arguments(Call& call, ReadDim read_dim) {
  num::Direction direction = num::Direction::Ascend;
  if (call.has(1)) {
    if (call.value(1).is(Kind::String)) {
      direction = direction_argument(call, 1);
    } else {
      read_dim();
    }
  }
  if (call.has(2)) direction = direction_argument(call, 2);
  return direction;
}

// sort(A), sort(A, dim), sort(A, mode), sort(A, dim, mode) of an N-D array.
Value nd_sort_call(Call& call) {
  const num::NdArray& array = call.value(0).nd_value();
  int dim = num::first_non_singleton_dim(array.dims());
  const num::Direction direction = sort_arguments(call, [&] { dim = call.nd_dim_argument(1); });
  return nd_sort(call, dim, direction);
}

Value sort(Call& call) {
  const Value& x = call.value(0);
  if (x.is(Kind::String) && x.is_string_class()) {  // one string (MATLAB's), already in order
    return call.nargout() < 2 ? x : Value::tuple({x, Value::scalar(1)});
  }
  if (x.is_nd_array()) return nd_sort_call(call);
  if (x.is(Kind::StringArray)) return sort_strings(call, x.string_array_value(), false);
  if (x.is(Kind::Cell)) return sort_cell_of_texts(call, x.cell_value());
  if (matlab_trailing_dim(call, 1)) {
    // Sorting along a singleton dim leaves every element where it is.
    require_numeric(call, x);
    if (call.has(2)) direction_argument(call, 2);
    if (call.nargout() < 2) return x;
    const auto [rows, columns] = size_of(x);
    return Value::tuple({x, Value::like(x, num::Matrix(rows, columns, 1.0))});
  }
  if (x.is(Kind::String)) return sort_strings(call, characters_as_items(x.string_value()), true);
  require_numeric(call, x);
  std::optional<int> dim;
  const num::Direction direction = sort_arguments(call, [&] { dim = call.dim_argument(1); });
  const std::optional<Along> along = plan_running(x, dim);
  // A logical number stays logical in matlab code (sort(true) is true).
  Value sorted =
      x.is(Kind::Bool) && call.session().dialect() == lang::Dialect::Matlab ? x : as_number(x);
  Value indices = Value::scalar(1.0);
  if (along) {
    // MATLAB orders complex numbers by magnitude, then angle; rlab by the real part.
    const num::ComplexOrder complex_order = call.session().dialect() == lang::Dialect::Matlab
                                                ? num::ComplexOrder::Magnitude
                                                : num::ComplexOrder::RealPart;
    num::SortResult result = num::sort(x.matrix_value(), *along, direction, complex_order);
    sorted = same_kind(x, std::move(result.values));
    sorted.set_logical(x.is_logical());  // sorting keeps the class (MATLAB)
    indices = same_kind(x, std::move(result.indices));
  } else if (!is_scalar_kind(x)) {
    const num::Matrix& m = x.matrix_value();
    indices = same_kind(x, num::Matrix(m.rows(), m.columns(), 1.0));
  }
  if (call.nargout() >= 2) return Value::tuple({std::move(sorted), std::move(indices)});
  return sorted;
}

// find(x), find(x, k); [i, v] = find(vector), [r, c] = find(M), [r, c, v] = find(M).
// The last `count` elements of a 1-D result (all of them when it is shorter).
num::Matrix last_elements(const num::Matrix& m, num::Index count) {
  const num::Index start = std::max<num::Index>(0, m.size() - count);
  num::Matrix tail(
      1, m.size() - start,
      m.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  for (num::Index k = start; k < m.size(); ++k) tail.set(k - start, m.complex_at(k));
  return tail;
}

// find(x), find(x, k) and MATLAB's find(x, k, "first" | "last").
Value find(Call& call) {
  // An N-D array is found through its d1×(d2·…·dn) fold: the same linear indices, and the
  // rows and columns MATLAB gives.
  const Value x = runtime::folded_to_matrix(call.value(0));
  require_numeric(call, x);
  std::optional<num::Index> limit;
  if (call.has(1)) limit = call.count_argument(1);
  bool from_end = false;
  if (call.has(2)) {
    from_end = call.choice(2, {"first", "last"}, "direction") == 1;
  }
  num::FindResult found = num::find(x.as_matrix(), from_end ? std::nullopt : limit);
  if (from_end) {
    found.linear_indices = last_elements(found.linear_indices, *limit);
    found.rows = last_elements(found.rows, *limit);
    found.columns = last_elements(found.columns, *limit);
    found.values = last_elements(found.values, *limit);
  }
  // Octave's find of a 1×1 zero in matlab code is the 0×0 [] (a row's misses are 1×0).
  const bool no_scalar_hit = call.session().dialect() == lang::Dialect::Matlab &&
                             x.element_count() == 1 && found.linear_indices.empty();
  // An N-D array's positions are a column (MATLAB's), whatever its fold's first extent.
  const bool nd = call.value(0).is_nd_array();
  const auto shaped = [&](num::Matrix row) {
    if (no_scalar_hit) return Value::matrix(num::Matrix(0, 0));
    if (nd && call.session().dialect() == lang::Dialect::Matlab) {
      return Value::matrix(row.with_shape(row.size(), 1));
    }
    return oriented_like(call, x, std::move(row));
  };
  if (call.nargout() <= 1) return shaped(std::move(found.linear_indices));
  if (x.is(Kind::Vector) && call.nargout() == 2) {
    return Value::tuple({shaped(std::move(found.linear_indices)), shaped(std::move(found.values))});
  }
  std::vector<Value> outputs = {shaped(std::move(found.rows)), shaped(std::move(found.columns))};
  if (call.nargout() >= 3) outputs.push_back(shaped(std::move(found.values)));
  return Value::tuple(std::move(outputs));
}

// unique's "stable" order: the distinct values in order of first appearance. `first` holds each
// sorted value's first position (1-based); returns the permutation of the sorted values and
// renumbers `inverse` (each element's value index) to match.
std::vector<std::size_t> stable_order(const std::vector<double>& first,
                                      std::vector<double>& inverse) {
  std::vector<std::size_t> order(first.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t p, std::size_t q) { return first[p] < first[q]; });
  std::vector<double> renumbered(first.size());
  for (std::size_t k = 0; k < order.size(); ++k) renumbered[order[k]] = static_cast<double>(k + 1);
  for (double& index : inverse) index = renumbered[static_cast<std::size_t>(index) - 1];
  return order;
}

template <class T>
std::vector<T> permuted(const std::vector<T>& items, const std::vector<std::size_t>& order) {
  std::vector<T> out;
  out.reserve(order.size());
  for (const std::size_t k : order) out.push_back(items[k]);
  return out;
}

Value unique_strings(Call& call, const std::vector<std::string>& items, bool join, bool stable) {
  std::vector<std::size_t> order(items.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t p, std::size_t q) { return items[p] < items[q]; });
  std::vector<std::string> values;
  std::vector<double> first;
  std::vector<double> inverse(items.size());
  for (const std::size_t position : order) {
    if (values.empty() || values.back() != items[position]) {
      values.push_back(items[position]);
      first.push_back(static_cast<double>(position + 1));
    }
    inverse[position] = static_cast<double>(values.size());
  }
  if (stable) {
    const std::vector<std::size_t> appearance = stable_order(first, inverse);
    values = permuted(values, appearance);
    first = permuted(first, appearance);
  }
  if (call.nargout() <= 1) return text_result(std::move(values), join);
  // MATLAB's index outputs are columns; rlab's are vectors.
  const auto indices = [&](const std::vector<double>& positions) {
    if (call.session().dialect() == lang::Dialect::Matlab) {
      return Value::matrix(num::Matrix::column(positions));
    }
    return Value::vector(num::Matrix::row(positions));
  };
  return Value::tuple({text_result(std::move(values), join), indices(first), indices(inverse)});
}

// unique(x, "sorted" | "stable"): whether the second argument asks for appearance order.
bool stable_requested(Call& call) {
  if (!call.has(1)) return false;
  const std::string option = lowercase(call.string(1));
  if (option != "sorted" && option != "stable") {
    call.fail(fmt::format(messages::unknown_order_option, option));
  }
  return option == "stable";
}

std::vector<double> as_doubles(const num::Matrix& m) {
  std::vector<double> out;
  for (num::Index k = 0; k < m.size(); ++k) out.push_back(m[k]);
  return out;
}

// u = unique(x); [u, ia, ic] = unique(x); unique(x, "stable"). Numeric input gives Vectors.
Value unique(Call& call) {
  if (std::optional<Value> matlab = matlab_unique(call)) return std::move(*matlab);
  if (call.has(2)) call.fail(messages::bad_order_option);
  const Value& x = call.value(0);
  const bool stable = stable_requested(call);
  if (x.is(Kind::StringArray)) return unique_strings(call, x.string_array_value(), false, stable);
  if (runtime::is_text_cell(x)) {
    // MATLAB's unique of a cell of texts is a row for a row, a column otherwise.
    Value texts = unique_strings(call, call.texts(0), false, stable);
    return x.cell_value().rows == 1 ? texts : runtime::texts_as_column(std::move(texts));
  }
  if (x.is(Kind::String)) {
    return unique_strings(call, characters_as_items(x.string_value()), true, stable);
  }
  require_numeric(call, x);
  num::UniqueResult result = num::unique(x.as_matrix());
  if (stable) {
    std::vector<double> first = as_doubles(result.first);
    std::vector<double> inverse = as_doubles(result.inverse);
    const std::vector<std::size_t> order = stable_order(first, inverse);
    num::Matrix values(1, result.values.size(),
                       result.values.is_complex() ? num::Matrix::Element::ComplexValued
                                                  : num::Matrix::Element::Real);
    for (std::size_t k = 0; k < order.size(); ++k) {
      values.set(static_cast<num::Index>(k),
                 result.values.complex_at(static_cast<num::Index>(order[k])));
    }
    result.values = std::move(values);
    result.first = num::Matrix::row(permuted(first, order));
    result.inverse = num::Matrix::row(inverse);
  }
  const auto shaped = [&](num::Matrix row) { return oriented_like(call, x, std::move(row)); };
  if (call.nargout() <= 1) return shaped(std::move(result.values));
  return Value::tuple({shaped(std::move(result.values)), shaped(std::move(result.first)),
                       shaped(std::move(result.inverse))});
}

// [B, I] = maxk(A, k) / mink(A, k): the k largest (smallest) elements in order, and their
// 1-based positions; a vector gives a vector, a matrix k rows per column (dim 1) or k columns
// per row (dim 2), an N-D array k elements per slice along dim. Ties keep the earlier element
// first; NaN sorts after every number.
template <num::Extremum which>
Value extreme_k(Call& call) {
  const Value& x = call.value(0);
  const num::Index k = call.count_argument(1);
  if (const std::optional<int> dim = nd_transform_dim(call, 2)) {
    return nd_transform_call(call, *dim, [&](const num::Matrix& slices) {
      num::ExtremumResult result = num::extreme_k(slices, Along::Columns, k, which);
      return std::vector{std::move(result.values), std::move(result.indices)};
    });
  }
  const num::Matrix m = real_matrix(call, 0);
  const Plan plan = plan_slices(x, call.dim_argument(2));
  const Along along = along_of(x, plan);
  num::ExtremumResult result = num::extreme_k(m, along, k, which);
  const auto shaped = [&](num::Matrix values) {
    if (along != Along::All) return Value::matrix(std::move(values));
    if (!x.is(Kind::Matrix)) return Value::vector(std::move(values));
    if (m.columns() == 1) return Value::matrix(values.with_shape(values.size(), 1));
    return Value::matrix(std::move(values));
  };
  if (call.nargout() < 2) return shaped(std::move(result.values));
  return Value::tuple({shaped(std::move(result.values)), shaped(std::move(result.indices))});
}

// diff(x), diff(x, n), diff(x, n, dim): n-th differences along the slices of the stats
// dispatch (of an N-D array, along dim or the first non-singleton); a slice of length L gives
// max(L - n, 0) values.
Value diff(Call& call) {
  const Value& x = call.value(0);
  const bool default_order =
      !call.has(1) || call.value(1).element_count() == 0;  // diff(x, [], dim)
  const num::Index order = default_order ? 1 : call.count_argument(1);
  if (const std::optional<int> dim = nd_transform_dim(call, 2)) {
    return nd_transform_call(call, *dim, [&](const num::Matrix& slices) {
      return std::vector{num::difference(slices, Along::Columns, order)};
    });
  }
  const num::Matrix m = real_matrix(call, 0);
  const Plan plan = plan_slices(x, call.dim_argument(2));
  return transformed_value(x, num::difference(m, along_of(x, plan), order));
}

// cummax/cummin: the running extremum, skipping NaN (MATLAB's default 'omitnan'); positions
// before the first number stay NaN. [m, i] = cummax(...) also gives each extremum's position
// in its slice.
template <num::Extremum which>
Value running_extremum(Call& call) {
  const Value& x = call.value(0);
  const auto outputs = [&](num::ExtremumResult result) {
    return std::vector{std::move(result.values), std::move(result.indices)};
  };
  if (const std::optional<int> dim = nd_transform_dim(call, 1)) {
    return nd_transform_call(call, *dim, [&](const num::Matrix& slices) {
      return outputs(num::cumulative_extremum(slices, Along::Columns, which));
    });
  }
  const num::Matrix m = real_matrix(call, 0);
  const Plan plan = plan_slices(x, call.dim_argument(1));
  num::ExtremumResult result = num::cumulative_extremum(m, along_of(x, plan), which);
  if (call.nargout() < 2) return same_shape(x, std::move(result.values));
  return Value::tuple(
      {same_shape(x, std::move(result.values)), same_shape(x, std::move(result.indices))});
}

// MATLAB's three constructions, in 1-based (I, J) as MATLAB states them.

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
    if (listed.rows() > 1 && listed.columns() > 1)
      call.fail(fmt::format(messages::must_be_vector, "the columns"));
    for (num::Index k = 0; k < listed.size(); ++k) {
      const double column = listed[k];
      if (column == 0.0 || std::floor(column) != column ||
          std::abs(column) > static_cast<double>(m.columns())) {
        call.fail(
            fmt::format(messages::column_out_of_range, num::format_shortest(column), m.columns()));
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
  Value rows = call.value(0).is(Kind::Matrix) ? Value::matrix(std::move(sorted))
                                              : same_shape(call.value(0), std::move(sorted));
  if (call.nargout() < 2) return rows;
  return Value::tuple({std::move(rows), Value::vector(num::Matrix::row(positions))});
}

}  // namespace

extern const BuiltinTable kSortSearchBuiltins = {
    {"cumsum", keeps_class<cumsum>, 1, 2,
     "Running sums: cumsum(x), cumsum(M, dim). Example: cumsum([1, 2, 3, 4])"},
    {"cumprod", keeps_class<cumprod>, 1, 2,
     "Running products: cumprod(x), cumprod(M, dim). Example: cumprod([1, 2, 3, 4])"},
    {"sort", string_in_string_out<keeps_char<keeps_class<sort>>>, 1, 3,
     "Stable sort: sort(x), sort(x, \"descend\"), sort(M, dim), [s, i] = sort(x). Example: [s, i] "
     "= sort([3, 1, 2], \"descend\")"},
    {"find", find, 1, 3,
     "Indices of non-zero elements: find(x), find(x, k[, \"last\"]), [r, c, v] = find(M). Example: "
     "find([0, 1, 0, 1])"},
    {"unique", string_in_string_out<keeps_char<keeps_class<over_elements<unique>>>>, 1, 4,
     "Sorted distinct elements: unique(x), [u, ia, ic] = unique(x), unique(x, \"stable\"). "
     "Example: unique([3, 1, 3, 2])"},
    {"maxk", extreme_k<num::Extremum::Max>, 2, 3,
     "The k largest elements and positions: [B, I] = maxk(A, k, dim), along any dim of an N-D "
     "array. Example: maxk([4, 9, 1, 7], 2)"},
    {"mink", extreme_k<num::Extremum::Min>, 2, 3,
     "The k smallest elements and positions: [B, I] = mink(A, k, dim), along any dim of an N-D "
     "array. Example: mink([4, 9, 1, 7], 2)"},
    {"diff", keeps_class<diff>, 1, 3,
     "Differences: diff(x), diff(x, n), diff(A, n, dim); per column for M, along the first "
     "non-singleton dim of an N-D array. Example: diff([1, 4, 9, 16])"},
    {"cummax", keeps_class<running_extremum<num::Extremum::Max>>, 1, 2,
     "Running maximum ignoring NaN: cummax(x), cummax(A, dim), [m, i] = cummax(...). Example: "
     "[m, i] = cummax([1, 3, 2, 5])"},
    {"cummin", keeps_class<running_extremum<num::Extremum::Min>>, 1, 2,
     "Running minimum ignoring NaN: cummin(x), cummin(A, dim), [m, i] = cummin(...). Example: "
     "[m, i] = cummin([5, 3, 4, 1])"},
    {"sortrows", keeps_char<sortrows>, 1, 2,
     "Sort rows by columns (negative = descending): sortrows(M, c), [B, i] = sortrows(M). Example: "
     "sortrows([3, 1; 1, 2; 2, 0])"},
};

}  // namespace llmlab::builtins
