// The statistics builtins (builtins.md §5–§6): sum, prod, mean, median, std, var, min, max, any,
// all, trapz, cumsum, cumprod, sort, argmax, argmin, find, unique. This file maps value kinds
// to slices (the common dispatch of §5.0) and numbers back to kinds; num/reduce.* and
// num/sort.* compute.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "base/utf8.hpp"
#include "builtins/registry.hpp"
#include "num/format.hpp"
#include "num/reduce.hpp"
#include "num/sort.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {
namespace {

using num::Along;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

constexpr double kCollapseThreshold = 1e-12;  // complex collapse of builtins.md §0.4

bool is_scalar_kind(const Value& x) {
  return x.is(Kind::Scalar) || x.is(Kind::Complex) || x.is(Kind::Bool);
}
bool is_one_dimensional(const num::Matrix& m) { return m.rows() == 1 || m.columns() == 1; }

// A one-number result as a Scalar, or a Complex when |im| >= 1e-12.
Value collapse(num::Complex value) {
  if (std::abs(value.imag()) < kCollapseThreshold) return Value::scalar(value.real());
  return Value::complex(value);
}

// Scalar kinds as numbers: a Bool counts as 1 or 0.
Value as_number(const Value& x) { return x.is(Kind::Bool) ? Value::scalar(x.scalar_value()) : x; }

void require_numeric(Call& call, const Value& x) {
  if (!x.is_numeric()) call.fail("unsupported type " + std::string(x.kind_name()));
}

[[noreturn]] void fail_empty(Call& call) {
  call.fail("argument must be a non-empty vector, matrix, or scalar");
}

// What the common reduction dispatch (§5.0) does with a numeric array and an optional dim.
enum class Action { Unchanged, Reduce };
struct Plan {
  Action action;
  Along along;
};

Plan plan_reduction(const Value& x, std::optional<int> dim) {
  if (is_scalar_kind(x)) return {Action::Unchanged, Along::All};
  const num::Matrix& m = x.matrix_value();
  if (x.is(Kind::Vector)) {
    if (dim == 1) return {Action::Unchanged, Along::All};
    return {Action::Reduce, Along::All};
  }
  if (is_one_dimensional(m)) return {Action::Reduce, Along::All};
  return {Action::Reduce, dim == 2 ? Along::Rows : Along::Columns};
}

// A reduction result: one number for Along::All (complex collapse), else a 1×C or R×1 Matrix.
Value reduced_value(num::Matrix result, Along along) {
  if (along == Along::All) return collapse(result.complex_at(0));
  result.demote_if_real();
  return Value::matrix(std::move(result));
}

// MATLAB's "all" in place of a dim (`sum(M, "all")`): the reduction runs over every element.
bool all_flag(const Call& call, int index) {
  return call.has(index) && call.value(index).is(Kind::String) &&
         call.value(index).string_value() == "all";
}

// Every element of a numeric value as one Vector in column-major order, as x(:) reads them (so
// an index into it is the linear index of MATLAB's `[m, i] = max(M, [], "all")`).
Value all_elements(Call& call, const Value& x) {
  require_numeric(call, x);
  if (!x.is(Kind::Matrix)) return x;
  const num::Matrix& m = x.matrix_value();
  num::Matrix flat(
      1, m.size(),
      m.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  num::Index k = 0;
  for (num::Index c = 0; c < m.columns(); ++c) {
    for (num::Index r = 0; r < m.rows(); ++r) {
      if (m.is_complex()) {
        flat.set(k++, m.complex_at(r, c));
      } else {
        flat.set(k++, m(r, c));
      }
    }
  }
  return Value::vector(std::move(flat), x.is_logical());
}

enum class EmptyVector { Zero, Error };

// sum, prod, mean, median, std, var: the §5.0 dispatch around one num:: statistic.
template <class Statistic>
Value reduce(Call& call, const Value& x, std::optional<int> dim, EmptyVector empty_vector,
             Statistic statistic) {
  require_numeric(call, x);
  const Plan plan = plan_reduction(x, dim);
  if (plan.action == Action::Unchanged) return as_number(x);
  const num::Matrix& m = x.matrix_value();
  if (m.empty()) {
    if (x.is(Kind::Vector) && empty_vector == EmptyVector::Error) fail_empty(call);
    return Value::scalar(0.0);
  }
  return reduced_value(statistic(m, plan.along), plan.along);
}

// sum, prod, mean, median with a dim, or with "all" over every element.
template <class Statistic>
Value reduce_call(Call& call, EmptyVector empty_vector, Statistic statistic) {
  if (all_flag(call, 1)) {
    return reduce(call, all_elements(call, call.value(0)), std::nullopt, empty_vector, statistic);
  }
  return reduce(call, call.value(0), call.dim_argument(1), empty_vector, statistic);
}

// MATLAB's trailing "omitnan" / "includenan" (the default) of sum, prod and mean: returns
// whether NaN is omitted, and checks the flag is the last argument.
bool omits_nan(Call& call) {
  const int last = call.count() - 1;
  if (last < 1 || !call.value(last).is(Kind::String)) return false;
  const std::string& flag = call.value(last).string_value();
  if (flag != "omitnan" && flag != "includenan") return false;
  return flag == "omitnan";
}

bool has_nan_flag(Call& call) {
  const int last = call.count() - 1;
  bool flagged = false;
  if (last >= 1 && call.value(last).is(Kind::String)) {
    const std::string& flag = call.value(last).string_value();
    flagged = flag == "omitnan" || flag == "includenan";
  }
  if (call.count() == 3 && !flagged) {
    call.fail("the third argument must be \"omitnan\" or \"includenan\"");
  }
  return flagged;
}

// x with every NaN replaced by `fill` (0 for a sum, 1 for a product), and the 0/1 array of the
// elements that are numbers; x's kind is kept.
std::pair<Value, Value> without_nan(Call& call, const Value& x, double fill) {
  require_numeric(call, x);
  if (!x.is_array()) {
    const bool nan = std::isnan(x.complex_value().real());
    return {nan ? Value::scalar(fill) : x, Value::scalar(nan ? 0.0 : 1.0)};
  }
  num::Matrix values = x.matrix_value();
  if (values.is_complex()) call.fail("\"omitnan\" takes real data");
  num::Matrix present(values.rows(), values.columns());
  for (num::Index k = 0; k < values.size(); ++k) {
    const bool nan = std::isnan(values[k]);
    present.set(k, nan ? 0.0 : 1.0);
    if (nan) values.set(k, fill);
  }
  const auto like = [&](num::Matrix m) {
    return x.is(Kind::Vector) ? Value::vector(std::move(m)) : Value::matrix(std::move(m));
  };
  return {like(std::move(values)), like(std::move(present))};
}

// sum/prod/mean with the NaN flag handled: the data (NaN filled in), its dim or "all", reduced.
template <class Statistic>
Value reduce_flagged(Call& call, const Value& x, EmptyVector empty_vector, Statistic statistic) {
  const int dims = call.count() - 1 - (has_nan_flag(call) ? 1 : 0);
  if (dims >= 1 && all_flag(call, 1)) {
    return reduce(call, all_elements(call, x), std::nullopt, empty_vector, statistic);
  }
  return reduce(call, x, dims >= 1 ? call.dim_argument(1) : std::nullopt, empty_vector, statistic);
}

Value sum(Call& call) {
  if (!has_nan_flag(call)) return reduce_call(call, EmptyVector::Zero, num::sum);
  const Value x = omits_nan(call) ? without_nan(call, call.value(0), 0.0).first : call.value(0);
  return reduce_flagged(call, x, EmptyVector::Zero, num::sum);
}

Value prod(Call& call) {
  if (!has_nan_flag(call)) return reduce_call(call, EmptyVector::Error, num::prod);
  const Value x = omits_nan(call) ? without_nan(call, call.value(0), 1.0).first : call.value(0);
  return reduce_flagged(call, x, EmptyVector::Error, num::prod);
}

// mean(x, "omitnan"): the sum of the numbers over how many there are, per slice.
Value mean(Call& call) {
  if (!has_nan_flag(call)) return reduce_call(call, EmptyVector::Error, num::mean);
  if (!omits_nan(call)) return reduce_flagged(call, call.value(0), EmptyVector::Error, num::mean);
  const auto [filled, present] = without_nan(call, call.value(0), 0.0);
  const Value total = reduce_flagged(call, filled, EmptyVector::Error, num::sum);
  const Value count = reduce_flagged(call, present, EmptyVector::Error, num::sum);
  return runtime::binary_operation(lang::BinaryOp::ElementDivide, total, count);
}
Value median(Call& call) {
  const Value& x = call.value(0);
  // A scalar's median is its real part (median is always real).
  if (is_scalar_kind(x)) return Value::scalar(x.complex_value().real());
  return reduce_call(call, EmptyVector::Error, num::median);
}

// std(x), std(x, dim), std(x, w, dim): w = 0 divides by N - 1, w = 1 by N.
template <class Statistic>
Value spread(Call& call, Statistic statistic) {
  num::Normalization normalization = num::Normalization::Sample;
  // std(x, "all") and std(x, w, "all") (MATLAB) run over every element.
  const int dim_index = call.count() == 3 ? 2 : 1;
  const bool everything = all_flag(call, dim_index);
  // 0 for no dim (a plain int: GCC misjudges an optional here as maybe uninitialised).
  const int dim = everything ? 0 : call.dim_argument(dim_index).value_or(0);
  if (call.count() == 3) {
    const double w = call.scalar(1);
    if (w != 0.0 && w != 1.0) {
      call.fail("argument 2 (w) must be 0 or 1, got " + num::format_shortest(w));
    }
    normalization = w == 1.0 ? num::Normalization::Population : num::Normalization::Sample;
  }
  const Value x = everything ? all_elements(call, call.value(0)) : call.value(0);
  // One element per slice (a scalar, or a Vector's columns under dim 1): N <= 1 gives 0.
  if (is_scalar_kind(x)) return Value::scalar(0.0);
  if (x.is(Kind::Vector) && dim == 1) {
    return Value::vector(num::Matrix(1, x.matrix_value().size(), 0.0));
  }
  return reduce(call, x, dim == 0 ? std::nullopt : std::optional<int>(dim), EmptyVector::Zero,
                [normalization, statistic](const num::Matrix& m, Along along) {
                  return statistic(m, along, normalization);
                });
}

Value std_builtin(Call& call) { return spread(call, num::standard_deviation); }
Value var(Call& call) { return spread(call, num::variance); }

// --- min, max, argmin, argmax -----------------------------------------------------------

struct ExtremumPlan {
  Action action;
  Along along;
};

// max(x) and max(x, [], dim) slices (§5 min/max table): a Vector reduces whole unless dim is 1;
// a Matrix follows an explicit dim, else reduces a 1-D shape whole and columns otherwise.
ExtremumPlan plan_extremum(const Value& x, std::optional<int> dim) {
  if (is_scalar_kind(x)) return {Action::Unchanged, Along::All};
  const num::Matrix& m = x.matrix_value();
  if (x.is(Kind::Vector)) return {dim == 1 ? Action::Unchanged : Action::Reduce, Along::All};
  if (dim) return {Action::Reduce, *dim == 1 ? Along::Columns : Along::Rows};
  return {Action::Reduce, is_one_dimensional(m) ? Along::All : Along::Columns};
}

// The values and 1-based indices of the extremum reduction, as script values.
std::pair<Value, Value> extremum_values(Call& call, const Value& x, std::optional<int> dim,
                                        num::Extremum which) {
  require_numeric(call, x);
  const ExtremumPlan plan = plan_extremum(x, dim);
  if (plan.action == Action::Unchanged) {
    if (is_scalar_kind(x)) return {as_number(x), Value::scalar(1.0)};
    const num::Index n = x.matrix_value().size();
    return {x, Value::vector(num::Matrix(1, n, 1.0))};
  }
  const num::Matrix& m = x.matrix_value();
  if (m.empty()) fail_empty(call);
  num::ExtremumResult result = num::extremum(m, plan.along, which);
  if (plan.along == Along::All) {
    return {collapse(result.values.complex_at(0)), Value::scalar(result.indices[0])};
  }
  result.values.demote_if_real();
  return {Value::matrix(std::move(result.values)), Value::matrix(std::move(result.indices))};
}

// max(a, b): the element-wise form with broadcasting. The result is a Matrix when either
// operand is one, a Vector when either is a Vector, else a scalar.
Value extremum_pair(Call& call, num::Extremum which) {
  const Value& a = call.value(0);
  const Value& b = call.value(1);
  require_numeric(call, a);
  require_numeric(call, b);
  if (call.nargout() >= 2) {
    call.fail(
        "the index output is undefined for the two-argument form; use max(x) or max(x, [], dim)");
  }
  num::Matrix result = num::extremum_elementwise(a.as_matrix(), b.as_matrix(), which);
  if (a.is(Kind::Matrix) || b.is(Kind::Matrix)) return Value::matrix(std::move(result));
  if (a.is(Kind::Vector) || b.is(Kind::Vector)) return Value::vector(std::move(result));
  return collapse(result.complex_at(0));
}

Value extremum_builtin(Call& call, num::Extremum which) {
  if (call.count() == 2) return extremum_pair(call, which);
  std::optional<int> dim;
  if (call.count() == 3) {
    const Value& placeholder = call.value(1);
    if (!placeholder.is_array() || !placeholder.matrix_value().empty()) {
      call.fail("3-arg form is " + std::string(call.name()) +
                "(M, [], dim); 2nd argument must be the empty matrix []");
    }
    if (all_flag(call, 2)) {
      auto [values, indices] = extremum_values(call, all_elements(call, call.value(0)), {}, which);
      if (call.nargout() >= 2) return Value::tuple({std::move(values), std::move(indices)});
      return values;
    }
    // MATLAB's max(x, [], "omitnan"): what max does anyway (NaN elements are skipped).
    const bool omitnan =
        call.value(2).is(Kind::String) && call.value(2).string_value() == "omitnan";
    if (!omitnan) dim = call.dim_argument(2);
  }
  auto [values, indices] = extremum_values(call, call.value(0), dim, which);
  if (call.nargout() >= 2) return Value::tuple({std::move(values), std::move(indices)});
  return values;
}

Value max(Call& call) { return extremum_builtin(call, num::Extremum::Max); }
Value min(Call& call) { return extremum_builtin(call, num::Extremum::Min); }

Value argmax(Call& call) {
  return extremum_values(call, call.value(0), call.dim_argument(1), num::Extremum::Max).second;
}
Value argmin(Call& call) {
  return extremum_values(call, call.value(0), call.dim_argument(1), num::Extremum::Min).second;
}

// --- any, all, trapz ----------------------------------------------------------------------

// Scalars, Vectors and 1-D Matrices give a Bool; an R×C Matrix a 1×C logical Matrix. With a
// dim (MATLAB's any(M, 2)), a Matrix gives one truth per column (1×C) or per row (R×1), a
// Vector one per element along dim 1 and a Bool along dim 2.
template <class Test>
Value truth_reduction(Call& call, Test test) {
  if (call.has(1) && !all_flag(call, 1)) {
    const Value& x = call.value(0);
    require_numeric(call, x);
    const int dim = *call.dim_argument(1);
    if (x.is(Kind::Matrix)) {
      return Value::matrix(test(x.matrix_value(), dim == 1 ? Along::Columns : Along::Rows),
                           /*logical=*/true);
    }
    if (x.is(Kind::Vector) && dim == 1) {
      return Value::vector(test(x.matrix_value(), Along::Columns), /*logical=*/true);
    }
    if (x.is(Kind::Bool)) return x;
    return Value::boolean(test(x.as_matrix(), Along::All)[0] != 0.0);
  }
  const Value x = call.has(1) ? all_elements(call, call.value(0)) : call.value(0);
  require_numeric(call, x);
  if (x.is(Kind::Bool)) return x;
  const num::Matrix m = x.as_matrix();
  if (x.is(Kind::Matrix) && !m.empty() && !is_one_dimensional(m)) {
    return Value::matrix(test(m, Along::Columns), /*logical=*/true);
  }
  return Value::boolean(test(m, Along::All)[0] != 0.0);
}

Value any(Call& call) { return truth_reduction(call, num::any); }
Value all(Call& call) { return truth_reduction(call, num::all); }

Value trapz(Call& call) {
  const Value& v = call.value(call.count() - 1);
  if (!v.is(Kind::Vector)) call.fail("v must be a vector, got " + std::string(v.kind_name()));
  num::Matrix x;
  if (call.count() == 2) {
    const Value& spacing = call.value(0);
    if (!spacing.is(Kind::Vector)) {
      call.fail("x must be a vector, got " + std::string(spacing.kind_name()));
    }
    x = spacing.matrix_value();
    if (x.size() != v.matrix_value().size()) {
      call.fail("x and v must have the same length, got " + std::to_string(x.size()) + " and " +
                std::to_string(v.matrix_value().size()));
    }
  }
  return collapse(num::trapz(x, v.matrix_value()));
}

// --- cumsum, cumprod, sort ----------------------------------------------------------------

// Where running operations and sort go (§6): a Vector runs along itself unless dim is 1; a
// Matrix follows an explicit dim, else a 1-D shape runs along its long axis and an R×C
// Matrix down its columns.
std::optional<Along> plan_running(const Value& x, std::optional<int> dim) {
  if (is_scalar_kind(x)) return std::nullopt;
  const num::Matrix& m = x.matrix_value();
  if (m.empty()) return std::nullopt;
  if (x.is(Kind::Vector)) return dim == 1 ? std::nullopt : std::optional<Along>(Along::All);
  if (dim) return *dim == 1 ? Along::Columns : Along::Rows;
  return is_one_dimensional(m) ? Along::All : Along::Columns;
}

// Rebuilds a result of x's kind (Vector or Matrix) from an array of the same shape.
Value same_kind(const Value& x, num::Matrix result) {
  result.demote_if_real();
  return x.is(Kind::Vector) ? Value::vector(std::move(result)) : Value::matrix(std::move(result));
}

template <class Running>
Value running(Call& call, Running operation) {
  const Value& x = call.value(0);
  require_numeric(call, x);
  const std::optional<Along> along = plan_running(x, call.dim_argument(1));
  if (!along) return as_number(x);
  return same_kind(x, operation(x.matrix_value(), *along));
}

Value cumsum(Call& call) { return running(call, num::cumulative_sum); }
Value cumprod(Call& call) { return running(call, num::cumulative_product); }

num::Direction direction_argument(Call& call, int index) {
  const std::string& text = call.string(index);
  if (text == "ascend") return num::Direction::Ascend;
  if (text == "descend") return num::Direction::Descend;
  call.fail("direction must be \"ascend\" or \"descend\", got \"" + text + "\"");
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
Value sort_strings(Call& call, const std::vector<std::string>& items, bool join) {
  const num::Direction direction =
      call.has(1) ? direction_argument(call, 1) : num::Direction::Ascend;
  std::vector<std::size_t> order(items.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
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

Value sort(Call& call) {
  const Value& x = call.value(0);
  if (x.is(Kind::StringArray)) return sort_strings(call, x.string_array_value(), false);
  if (x.is(Kind::String)) return sort_strings(call, characters_as_items(x.string_value()), true);
  require_numeric(call, x);
  std::optional<int> dim;
  num::Direction direction = num::Direction::Ascend;
  if (call.has(1)) {
    if (call.value(1).is(Kind::String)) {
      direction = direction_argument(call, 1);
    } else {
      dim = call.dim_argument(1);
    }
  }
  if (call.has(2)) direction = direction_argument(call, 2);
  const std::optional<Along> along = plan_running(x, dim);
  Value sorted = as_number(x);
  Value indices = Value::scalar(1.0);
  if (along) {
    num::SortResult result = num::sort(x.matrix_value(), *along, direction);
    sorted = same_kind(x, std::move(result.values));
    indices = same_kind(x, std::move(result.indices));
  } else if (!is_scalar_kind(x)) {
    const num::Matrix& m = x.matrix_value();
    indices = same_kind(x, num::Matrix(m.rows(), m.columns(), 1.0));
  }
  if (call.nargout() >= 2) return Value::tuple({std::move(sorted), std::move(indices)});
  return sorted;
}

// --- find, unique -------------------------------------------------------------------------

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
  const Value& x = call.value(0);
  require_numeric(call, x);
  std::optional<num::Index> limit;
  if (call.has(1)) limit = call.count_argument(1);
  bool from_end = false;
  if (call.has(2)) {
    const std::string& direction = call.string(2);
    if (direction != "first" && direction != "last") {
      call.fail("direction must be \"first\" or \"last\", got \"" + direction + "\"");
    }
    from_end = direction == "last";
  }
  num::FindResult found = num::find(x.as_matrix(), from_end ? std::nullopt : limit);
  if (from_end) {
    found.linear_indices = last_elements(found.linear_indices, *limit);
    found.rows = last_elements(found.rows, *limit);
    found.columns = last_elements(found.columns, *limit);
    found.values = last_elements(found.values, *limit);
  }
  if (call.nargout() <= 1) return Value::vector(std::move(found.linear_indices));
  if (x.is(Kind::Vector) && call.nargout() == 2) {
    return Value::tuple(
        {Value::vector(std::move(found.linear_indices)), Value::vector(std::move(found.values))});
  }
  std::vector<Value> outputs = {Value::vector(std::move(found.rows)),
                                Value::vector(std::move(found.columns))};
  if (call.nargout() >= 3) outputs.push_back(Value::vector(std::move(found.values)));
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
  return Value::tuple({text_result(std::move(values), join), Value::vector(num::Matrix::row(first)),
                       Value::vector(num::Matrix::row(inverse))});
}

// unique(x, "sorted" | "stable"): whether the second argument asks for appearance order.
bool stable_requested(Call& call) {
  if (!call.has(1)) return false;
  const std::string& option = call.string(1);
  if (option != "sorted" && option != "stable") {
    call.fail("unknown option \"" + option + "\" (\"sorted\" or \"stable\")");
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
  const Value& x = call.value(0);
  const bool stable = stable_requested(call);
  if (x.is(Kind::StringArray)) return unique_strings(call, x.string_array_value(), false, stable);
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
  if (call.nargout() <= 1) return Value::vector(std::move(result.values));
  return Value::tuple({Value::vector(std::move(result.values)),
                       Value::vector(std::move(result.first)),
                       Value::vector(std::move(result.inverse))});
}

}  // namespace

extern const BuiltinTable kStatsBuiltins = {
    {"sum", sum, 1, 3,
     "Sum of the elements: sum(x), sum(M, dim), sum(M, \"all\"); a trailing \"omitnan\"."},
    {"prod", prod, 1, 3,
     "Product of the elements: prod(x), prod(M, dim), prod(M, \"all\"); \"omitnan\"."},
    {"mean", mean, 1, 3,
     "Arithmetic mean: mean(x), mean(M, dim), mean(M, \"all\"); a trailing \"omitnan\"."},
    {"median", median, 1, 2, "Median of the real parts: median(x), median(M, dim), \"all\"."},
    {"std", std_builtin, 1, 3,
     "Sample standard deviation: std(x), std(x, dim), std(x, w, dim); dim may be \"all\"."},
    {"var", var, 1, 3, "Sample variance: var(x), var(x, dim), var(x, w, dim); dim may be \"all\"."},
    {"max", max, 1, 3,
     "Largest element: max(x), max(M, [], dim or \"all\"), max(a, b), [m, i] = max(x)."},
    {"min", min, 1, 3,
     "Smallest element: min(x), min(M, [], dim or \"all\"), min(a, b), [m, i] = min(x)."},
    {"any", any, 1, 2,
     "True when some element is non-zero (per column for a matrix; dim; \"all\")."},
    {"all", all, 1, 2,
     "True when every element is non-zero (per column for a matrix; dim; \"all\")."},
    {"trapz", trapz, 1, 2, "Trapezoidal integral: trapz(v) with unit spacing, trapz(x, v)."},
    {"cumsum", cumsum, 1, 2, "Running sums: cumsum(x), cumsum(M, dim)."},
    {"cumprod", cumprod, 1, 2, "Running products: cumprod(x), cumprod(M, dim)."},
    {"sort", sort, 1, 3,
     "Stable sort: sort(x), sort(x, \"descend\"), sort(M, dim), [s, i] = sort(x)."},
    {"argmax", argmax, 1, 2, "1-based index of the largest element: argmax(x), argmax(M, dim)."},
    {"argmin", argmin, 1, 2, "1-based index of the smallest element: argmin(x), argmin(M, dim)."},
    {"find", find, 1, 3,
     "Indices of non-zero elements: find(x), find(x, k[, \"last\"]), [r, c, v] = find(M)."},
    {"unique", unique, 1, 2,
     "Sorted distinct elements: unique(x), [u, ia, ic] = unique(x), unique(x, \"stable\")."},
};

}  // namespace llmlab::builtins
