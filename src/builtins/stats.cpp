// builtins.md §5 Reductions and statistics: sum, prod, mean, median, std, var, min, max (with
// argmax/argmin, which §6 lists but which share the extremum dispatch), any, all, trapz. This
// file maps value kinds to slices (the common dispatch of §5.0) and numbers back to kinds;
// num/reduce.* computes.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/language.hpp"
#include "base/messages/statistics.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/matlab_staples.hpp"
#include "builtins/registry.hpp"
#include "builtins/slices.hpp"
#include "builtins/trapezoid.hpp"
#include "num/format.hpp"
#include "num/nd_shape.hpp"
#include "num/reduce.hpp"
#include "num/sort.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {
namespace {

using num::Along;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

constexpr double kCollapseThreshold = 1e-12;  // complex collapse of builtins.md §0.4

// A one-number result as a Scalar, or a Complex when |im| >= 1e-12.
Value collapse(num::Complex value) {
  if (std::abs(value.imag()) < kCollapseThreshold) return Value::scalar(value.real());
  return Value::complex(value);
}

[[noreturn]] void fail_empty(Call& call) { call.fail(messages::argument_not_non_empty_array); }

// A reduction result: one number for Along::All (complex collapse), else a 1×C or R×1 Matrix.
Value reduced_value(num::Matrix result, Along along) {
  if (along == Along::All) return collapse(result.complex_at(0));
  result.demote_if_real();
  return Value::matrix(std::move(result));
}

// MATLAB's "all" in place of a dim (`sum(M, "all")`): the reduction runs over every element.
bool all_flag(const Call& call, int index) {
  return call.has(index) && runtime::is_word(call.value(index), "all");
}

// Every element of a numeric value as one Vector in column-major order, as x(:) reads them (so
// an index into it is the linear index of MATLAB's `[m, i] = max(M, [], "all")`).
Value all_elements(Call& call, const Value& x) {
  if (x.is_nd_array()) {
    const num::NdArray& array = x.nd_value();
    return Value::vector(num::reshaped(array, {1, array.size()}).to_matrix(), x.is_logical());
  }
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

// sum, prod, mean, median, std, var: the §5.0 dispatch around one num:: statistic.
template <class Statistic>
Value reduce(Call& call, const Value& x, std::optional<int> dim, Statistic statistic) {
  require_numeric(call, x);
  const Plan plan = plan_reduction(x, dim);
  if (plan.action == Action::Unchanged) return as_number(x);
  const num::Matrix& m = x.matrix_value();
  // An empty input reduces as Octave's does: one value per slice of no elements (sum 0, prod 1,
  // mean NaN), so ones(0, 3) gives 1×3 and ones(3, 0) 1×0; a 0×0 [] gives one value.
  Along along = m.rows() == 0 && m.columns() == 0 ? Along::All : plan.along;
  // MATLAB reduces an empty array along the dim it is given, whatever its shape (sum(zeros(1,
  // 0), 1) is 1×0); the 0×0 [] keeps its one value (Octave's sum([], 1) is 0).
  if (dim && m.empty() && (m.rows() != 0 || m.columns() != 0) &&
      call.session().dialect() == lang::Dialect::Matlab) {
    along = *dim == 1 ? Along::Columns : Along::Rows;
  }
  return reduced_value(statistic(m, along), along);
}

// sum, prod, mean, median with a dim, a vecdim, or with "all" over every element.
// True when a reduction call takes the N-D path: an N-D array (unless "all"), or a vecdim.
bool nd_reduction(const Call& call, int dim_index) {
  return vecdim_flag(call, dim_index) || matlab_trailing_dim(call, dim_index) ||
         (call.value(0).is_nd_array() && !all_flag(call, dim_index));
}

template <class Statistic>
Value reduce_call(Call& call, Statistic statistic) {
  if (nd_reduction(call, 1)) return nd_reduce_call(call, 1, statistic);
  if (all_flag(call, 1)) {
    return reduce(call, all_elements(call, call.value(0)), std::nullopt, statistic);
  }
  return reduce(call, call.value(0), call.dim_argument(1), statistic);
}

// MATLAB's trailing "omitnan" / "includenan" (the default) of sum, prod and mean: returns
// whether NaN is omitted, and checks the flag is the last argument.
bool omits_nan(Call& call) {
  const int last = call.count() - 1;
  return last >= 1 && runtime::nan_flag(call.value(last)) == runtime::NanFlag::Omit;
}

bool has_nan_flag(Call& call) {
  const int last = call.count() - 1;
  const bool flagged = last >= 1 && runtime::nan_flag(call.value(last)).has_value();
  if (call.count() == 3 && !flagged) {
    call.fail(messages::bad_nan_option);
  }
  return flagged;
}

// x with every NaN replaced by `fill` (0 for a sum, 1 for a product), and the 0/1 array of the
// elements that are numbers; x's kind is kept.
std::pair<Value, Value> without_nan(Call& call, const Value& x, double fill) {
  require_numeric_or_nd(call, x);
  if (!x.is_array() && !x.is_nd_array()) {
    const bool nan = std::isnan(x.complex_value().real());
    return {nan ? Value::scalar(fill) : x, Value::scalar(nan ? 0.0 : 1.0)};
  }
  // An N-D array's storage is filled in place of a matrix's: the extents go back on below.
  num::Matrix values = x.is_nd_array() ? x.nd_value().pages() : x.matrix_value();
  if (values.is_complex()) call.fail(messages::omitnan_needs_real);
  num::Matrix present(values.rows(), values.columns());
  for (num::Index k = 0; k < values.size(); ++k) {
    const bool nan = std::isnan(values[k]);
    present.set(k, nan ? 0.0 : 1.0);
    if (nan) values.set(k, fill);
  }
  const auto like = [&](num::Matrix m) {
    if (x.is_nd_array()) {
      return Value::nd_array(num::NdArray::from_pages(x.nd_value().dims(), std::move(m)));
    }
    return x.is(Kind::Vector) ? Value::vector(std::move(m)) : Value::matrix(std::move(m));
  };
  return {like(std::move(values)), like(std::move(present))};
}

// sum/prod/mean with the NaN flag handled: the data (NaN filled in), its dim or "all", reduced.
template <class Statistic>
Value reduce_flagged(Call& call, const Value& x, Statistic statistic) {
  const int dims = call.count() - 1 - (has_nan_flag(call) ? 1 : 0);
  if (x.is_nd_array() && !(dims >= 1 && all_flag(call, 1))) {
    const num::NdArray& array = x.nd_value();
    return nd_reduce(array,
                     dims >= 1 ? nd_dims_argument(call, 1, array.dims())
                               : std::vector<int>{num::first_non_singleton_dim(array.dims())},
                     statistic);
  }
  if (dims >= 1 && all_flag(call, 1)) {
    return reduce(call, all_elements(call, x), std::nullopt, statistic);
  }
  return reduce(call, x, dims >= 1 ? call.dim_argument(1) : std::nullopt, statistic);
}

Value sum(Call& call) {
  if (!has_nan_flag(call)) return reduce_call(call, num::sum);
  const Value x = omits_nan(call) ? without_nan(call, call.value(0), 0.0).first : call.value(0);
  return reduce_flagged(call, x, num::sum);
}

Value prod(Call& call) {
  if (!has_nan_flag(call)) return reduce_call(call, num::prod);
  const Value x = omits_nan(call) ? without_nan(call, call.value(0), 1.0).first : call.value(0);
  return reduce_flagged(call, x, num::prod);
}

// mean(x, "omitnan"): the sum of the numbers over how many there are, per slice.
Value mean(Call& call) {
  if (!has_nan_flag(call)) return reduce_call(call, num::mean);
  if (!omits_nan(call)) return reduce_flagged(call, call.value(0), num::mean);
  const auto [filled, present] = without_nan(call, call.value(0), 0.0);
  const Value total = reduce_flagged(call, filled, num::sum);
  const Value count = reduce_flagged(call, present, num::sum);
  return runtime::binary_operation(lang::BinaryOp::ElementDivide, total, count);
}

// MATLAB's outtype argument of sum, prod and mean: "default", "double", "native" (and sum's
// "extra"), wherever it stands after x. In matlab code text reduces as its character codes.
// The reduction runs without the outtype; "native" keeps a logical x logical for sum (true
// where any element is) and prod, and changes nothing else here (every other class reduces
// in double); mean ignores it for logical x, as Octave does.
template <Value (*reduction)(Call&)>
Value outtype_reduction(Call& call) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  int at = -1;
  for (int k = 1; k < call.count(); ++k) {
    if (!call.value(k).is(Kind::String)) continue;
    const Value& name = call.value(k);
    if (runtime::is_word(name, "default") || runtime::is_word(name, "double") ||
        runtime::is_word(name, "native") ||
        (runtime::is_word(name, "extra") && call.name() == "sum")) {
      at = k;
    }
  }
  const bool text = matlab && call.value(0).is(Kind::String);
  if (at < 0 && call.count() == 4) {
    throw Error(fmt::format(messages::wrong_argument_count, call.name(), "1..3", 4));
  }
  if (at < 0 && !text) return reduction(call);
  std::vector<Value> arguments;
  for (int k = 0; k < call.count(); ++k) {
    if (k == at) continue;
    arguments.push_back(k == 0 && text
                            ? call.invoke(Value::function_handle("double"), {call.value(0)})
                            : call.value(k));
  }
  runtime::Call inner(call.interpreter(), call.name(), arguments, call.nargout());
  Value result = reduction(inner);
  const bool native = at >= 0 && runtime::is_word(call.value(at), "native");
  if (!native || !call.value(0).is_logical() || call.name() == "mean") return result;
  return runtime::binary_operation(lang::BinaryOp::NotEqual, result, Value::scalar(0.0));
}

// Whether sum, prod or mean was asked for a double result ("double", or mean's "default").
bool asks_double(Call& call) {
  for (int k = 1; k < call.count(); ++k) {
    const Value& name = call.value(k);
    if (runtime::is_word(name, "double") ||
        (runtime::is_word(name, "default") && call.name() == "mean")) {
      return true;
    }
  }
  return false;
}

// The class of sum, prod and mean of x of single or an integer class (MATLAB's outtype): sum
// and prod keep x's class (an integer sum saturates; Octave's gives double), mean of integers
// is double, mean of single is single; "double" asks for double.
template <Value (*reduction)(Call&)>
Value with_outtype(Call& call) {
  const runtime::NumClass cls = call.value(0).num_class();
  if (!call.value(0).has_special_class()) return outtype_reduction<reduction>(call);
  Value result = in_class(call, outtype_reduction<reduction>, 1, runtime::NumClass::Double);
  if (asks_double(call) || (call.name() == "mean" && runtime::is_integer_class(cls))) {
    return result;
  }
  return runtime::converted_to_class(std::move(result), cls);
}

Value median(Call& call) {
  const Value& x = call.value(0);
  // A scalar's median is its real part (median is always real); matlab code checks its dim
  // as for any other value (median(8, 0) is an error).
  if (is_scalar_kind(x)) {
    if (call.session().dialect() == lang::Dialect::Matlab && call.has(1) && !all_flag(call, 1)) {
      nd_dims_argument(call, 1, {1, 1});  // a dim or a vecdim, checked
    }
    return Value::scalar(x.complex_value().real());
  }
  return reduce_call(call, num::median);
}

// The weighted variance (or its root) of each slice of m along dim 1 (columns) or 2 (rows):
// Σ w (x - μ)² / Σ w with μ = Σ w x / Σ w, as MATLAB weighs var(x, w).
num::Matrix weighted_spread(Call& call, const num::Matrix& m, const num::Matrix& w, int dim,
                            bool root) {
  const num::Index length = dim == 1 ? m.rows() : m.columns();
  const num::Index slices = dim == 1 ? m.columns() : m.rows();
  if (w.size() != length) {
    call.fail(fmt::format(messages::weights_count_mismatch, length, w.size()));
  }
  double total = 0.0;
  for (num::Index k = 0; k < length; ++k) {
    if (!(w[k] >= 0.0)) call.fail(messages::negative_weights);
    total += w[k];
  }
  num::Matrix result(dim == 1 ? 1 : slices, dim == 1 ? slices : 1);
  for (num::Index s = 0; s < slices; ++s) {
    const auto at = [&](num::Index k) { return dim == 1 ? m(k, s) : m(s, k); };
    double mean = 0.0;
    for (num::Index k = 0; k < length; ++k) mean += w[k] * at(k);
    mean /= total;
    double spread = 0.0;
    for (num::Index k = 0; k < length; ++k) spread += w[k] * (at(k) - mean) * (at(k) - mean);
    spread /= total;
    result.set(s, root ? std::sqrt(spread) : spread);
  }
  return result;
}

// The spread of an empty m along dim 1 or 2: one NaN per slice (a slice of no elements has no
// spread), so the size of m with that dim made 1, as MATLAB gives: var(ones(0, 3)) is NaN(1, 3)
// and var(zeros(3, 0)) is 1×0. MATLAB's one exception: var([]) with no dim is NaN.
num::Matrix empty_spread(const num::Matrix& m, int dim, bool dim_given) {
  if (!dim_given && m.rows() == 0 && m.columns() == 0) return num::Matrix(1, 1, kNaN);
  return num::Matrix(dim == 1 ? 1 : m.rows(), dim == 2 ? 1 : m.columns(), kNaN);
}

// MATLAB's var(x, w, dim) and std(x, w, dim), as matlab code calls them: w is the normalization
// (0 or [] divides by N - 1, 1 by N) or a vector of weights; dim any positive integer or "all"
// (a dim past the second, or a scalar: every element alone, so 0, or NaN for a non-finite one).
template <class Statistic>
Value matlab_spread(Call& call, Statistic statistic, bool root) {
  num::Normalization normalization = num::Normalization::Sample;
  std::optional<num::Matrix> weights;
  if (call.has(1)) {
    const Value& w = call.value(1);
    if (w.is_array() && w.matrix_value().size() != 1) {
      if (!w.matrix_value().empty()) weights = real_matrix(call, 1);
    } else {
      const double n = call.scalar(1);
      if (n != 0.0 && n != 1.0) {
        call.fail(fmt::format(messages::bad_variance_weights, num::format_shortest(n)));
      }
      normalization = n == 1.0 ? num::Normalization::Population : num::Normalization::Sample;
    }
  }
  const bool everything = all_flag(call, 2);
  if (everything && weights) call.fail(messages::all_needs_w_0_or_1);
  const Value x = everything ? all_elements(call, call.value(0)) : call.value(0);
  require_numeric(call, x);
  const num::Matrix m = x.as_matrix();
  int dim = m.rows() == 1 && m.columns() != 1 ? 2 : 1;  // the first non-singleton
  const bool dim_given = call.has(2) && !everything;
  if (dim_given) dim = call.nd_dim_argument(2) + 1;
  if (m.empty() && dim <= 2) return Value::matrix(empty_spread(m, dim, dim_given));
  // Slices of one element (a dim past the second, or one of extent 1): 0, NaN if not finite.
  const bool single_elements = dim >= 3 || (dim == 1 ? m.rows() : m.columns()) == 1;
  if (single_elements && !weights) {
    if (m.size() == 1) return Value::scalar(std::isfinite(std::abs(m.complex_at(0))) ? 0.0 : kNaN);
    num::Matrix alone = num::Matrix(m.rows(), m.columns());
    for (num::Index k = 0; k < m.size(); ++k) {
      alone.set(k, std::isfinite(std::abs(m.complex_at(k))) ? 0.0 : kNaN);
    }
    return Value::matrix(std::move(alone));
  }
  if (weights)
    return Value::matrix(weighted_spread(call, real_matrix(call, 0), *weights, dim, root));
  return reduce(call, x, dim, [normalization, statistic](const num::Matrix& slices, Along along) {
    return statistic(slices, along, normalization);
  });
}

// MATLAB's w of std and var, argument 1 (of three, or of two in matlab code): 0 (or [], the
// default) divides by N - 1, 1 by N.
num::Normalization normalization_argument(Call& call, bool weight_given) {
  if (!weight_given) return num::Normalization::Sample;
  const Value& given = call.value(1);
  if (given.is_array() && given.matrix_value().empty()) return num::Normalization::Sample;
  const double w = call.scalar(1);
  if (w != 0.0 && w != 1.0) {
    call.fail(fmt::format(messages::must_be_0_or_1, "argument 2 (w)", num::format_shortest(w)));
  }
  return w == 1.0 ? num::Normalization::Population : num::Normalization::Sample;
}

// std(x), std(x, dim), std(x, w, dim), std(x, w, vecdim): w = 0 divides by N - 1, w = 1 by N;
// matlab code's 2-D calls take MATLAB's weights too (matlab_spread).
template <class Statistic>
Value spread(Call& call, Statistic statistic, bool root) {
  // std(x, "all") and std(x, w, "all") (MATLAB) run over every element. In matlab code a
  // second numeric argument is the weight (std(x, 1)), where rlab reads a dim.
  const bool matlab_weight = call.session().dialect() == lang::Dialect::Matlab &&
                             call.count() == 2 && !call.value(1).is(Kind::String);
  const bool weight_given = call.count() == 3 || matlab_weight;
  const int dim_index = weight_given ? 2 : 1;
  // A vecdim comes third (std(A, w, vecdim)), as in MATLAB, where a second vector is weights.
  const bool vecdim = call.count() == 3 && vecdim_flag(call, dim_index);
  if (call.session().dialect() == lang::Dialect::Matlab && !call.value(0).is_nd_array() &&
      !vecdim) {
    return matlab_spread(call, statistic, root);
  }
  const num::Normalization normalization = normalization_argument(call, weight_given);
  const auto normalized = [normalization, statistic](const num::Matrix& m, Along along) {
    return statistic(m, along, normalization);
  };
  const bool everything = all_flag(call, dim_index);
  if (vecdim || (call.value(0).is_nd_array() && !everything)) {
    return nd_reduce_call(call, dim_index, normalized);
  }
  // 0 for no dim (a plain int: GCC misjudges an optional here as maybe uninitialised).
  const int dim = everything ? 0 : call.dim_argument(dim_index).value_or(0);
  const Value x = everything ? all_elements(call, call.value(0)) : call.value(0);
  // One element per slice (a scalar, or a Vector's columns under dim 1): N <= 1 gives 0.
  if (is_scalar_kind(x)) return Value::scalar(0.0);
  if (x.is(Kind::Vector) && dim == 1) {
    return Value::vector(num::Matrix(1, x.matrix_value().size(), 0.0));
  }
  return reduce(call, x, dim == 0 ? std::nullopt : std::optional<int>(dim), normalized);
}

Value std_builtin(Call& call) { return spread(call, num::standard_deviation, /*root=*/true); }

Value var(Call& call) { return spread(call, num::variance, /*root=*/false); }

// A slice of NaN only: NaN at index 1 in matlab code (MATLAB's max), rlab's error otherwise.
num::AllNan all_nan_rule(const Call& call) {
  return call.session().dialect() == lang::Dialect::Matlab ? num::AllNan::NaN : num::AllNan::Error;
}

// max/min of an empty matrix in matlab code: empty values and indices, as MATLAB gives them.
// The reduced dim (by default the first that is not 1) keeps extent 0, or becomes 1.
std::pair<Value, Value> empty_extremum(const num::Matrix& m, Along along) {
  if (along == Along::All) along = m.rows() != 1 ? Along::Columns : Along::Rows;
  const num::Index rows = along == Along::Columns ? std::min<num::Index>(m.rows(), 1) : m.rows();
  const num::Index columns =
      along == Along::Rows ? std::min<num::Index>(m.columns(), 1) : m.columns();
  const Value empty = Value::matrix(num::Matrix(rows, columns));
  return {empty, empty};
}

// The values and 1-based indices of the extremum reduction, as script values.
std::pair<Value, Value> extremum_values(Call& call, const Value& x, std::optional<int> dim,
                                        num::Extremum which) {
  require_numeric(call, x);
  const Plan plan = plan_slices(x, dim);
  if (plan.action == Action::Unchanged) {
    if (is_scalar_kind(x)) return {as_number(x), Value::scalar(1.0)};
    const num::Index n = x.matrix_value().size();
    return {x, Value::vector(num::Matrix(1, n, 1.0))};
  }
  const num::Matrix& m = x.matrix_value();
  if (m.empty()) {
    if (call.session().dialect() != lang::Dialect::Matlab) fail_empty(call);
    return empty_extremum(m, plan.along);
  }
  num::ExtremumResult result = num::extremum(m, plan.along, which, all_nan_rule(call));
  if (plan.along == Along::All) {
    return {collapse(result.values.complex_at(0)), Value::scalar(result.indices[0])};
  }
  result.values.demote_if_real();
  return {Value::matrix(std::move(result.values)), Value::matrix(std::move(result.indices))};
}

// max(a, b): the element-wise form with broadcasting. The result is a Matrix when either
// operand is one, a Vector when either is a Vector, else a scalar.
template <num::Extremum which>
Value extremum_pair(Call& call) {
  const Value& a = call.value(0);
  const Value& b = call.value(1);
  require_numeric(call, a);
  require_numeric(call, b);
  if (call.nargout() >= 2) {
    call.fail(messages::index_output_two_argument_form);
  }
  num::Matrix result = num::extremum_elementwise(a.as_matrix(), b.as_matrix(), which);
  if (a.is(Kind::Matrix) || b.is(Kind::Matrix)) return Value::matrix(std::move(result));
  if (a.is(Kind::Vector) || b.is(Kind::Vector)) return Value::vector(std::move(result));
  return collapse(result.complex_at(0));
}

// max/min of an N-D array along a dim (the first non-singleton by default): the values and
// their 1-based indices along it, each with extent 1 at that dim.
Value nd_extremum(Call& call, int dim, num::Extremum which) {
  const num::NdArray& array = call.value(0).nd_value();
  if (dim >= array.ndims()) {
    if (call.nargout() < 2) return call.value(0);
    return Value::tuple({call.value(0), runtime::nd_result(num::NdArray(array.dims(), 1.0))});
  }
  if (array.empty()) fail_empty(call);
  num::ExtremumResult result =
      num::extremum(num::slices_along(array, dim), Along::Columns, which, all_nan_rule(call));
  result.values.demote_if_real();
  const num::Dims dims = num::reduced_dims(array.dims(), dim);
  const auto shaped = [&](num::Matrix row) {
    return runtime::nd_result(num::reshaped(num::NdArray::from_matrix(std::move(row)), dims));
  };
  if (call.nargout() < 2) return shaped(std::move(result.values));
  return Value::tuple({shaped(std::move(result.values)), shaped(std::move(result.indices))});
}

// max(A, [], vecdim): the extremum over several dims at once (values only: MATLAB's index of a
// vecdim is a linear index within the slice, which llmlab does not give yet).
template <num::Extremum which>
Value extremum_over_vecdim(Call& call) {
  const Value& placeholder = call.value(1);
  if (!placeholder.is_array() || !placeholder.matrix_value().empty()) {
    call.fail(fmt::format(messages::three_argument_form, call.name()));
  }
  if (call.nargout() >= 2) call.fail(messages::index_output_over_vecdim);
  if (runtime::is_numeric_or_nd(call.value(0)) && call.value(0).element_count() == 0) {
    fail_empty(call);
  }
  const num::AllNan all_nan = all_nan_rule(call);
  return nd_reduce_call(call, 2, [all_nan](const num::Matrix& m, Along along) {
    return num::extremum(m, along, which, all_nan).values;
  });
}

template <num::Extremum which>
Value extremum_builtin(Call& call) {
  if (call.count() == 2) return element_wise<extremum_pair<which>, 2>(call);
  if (call.count() == 3 && vecdim_flag(call, 2)) return extremum_over_vecdim<which>(call);
  if (call.value(0).is_nd_array() && !(call.count() == 3 && all_flag(call, 2))) {
    const bool placeholder =
        call.count() < 3 || (call.value(1).is_array() && call.value(1).matrix_value().empty());
    if (!placeholder) {
      call.fail(fmt::format(messages::three_argument_form, call.name()));
    }
    const num::NdArray& array = call.value(0).nd_value();
    return nd_extremum(
        call,
        call.count() == 3 ? call.nd_dim_argument(2) : num::first_non_singleton_dim(array.dims()),
        which);
  }
  if (call.count() == 3 && matlab_trailing_dim(call, 2)) {
    // Along a singleton dim every element is its slice's extremum, at index 1.
    const Value& x = call.value(0);
    require_numeric(call, x);
    if (!call.value(1).is_array() || !call.value(1).matrix_value().empty()) {
      call.fail(fmt::format(messages::three_argument_form, call.name()));
    }
    if (call.nargout() < 2) return x;
    return Value::tuple({x, Value::like(x, num::Matrix(size_of(x).first, size_of(x).second, 1.0))});
  }
  std::optional<int> dim;
  if (call.count() == 3) {
    const Value& placeholder = call.value(1);
    if (!placeholder.is_array() || !placeholder.matrix_value().empty()) {
      call.fail(fmt::format(messages::three_argument_form, call.name()));
    }
    if (all_flag(call, 2)) {
      auto [values, indices] = extremum_values(call, all_elements(call, call.value(0)), {}, which);
      if (call.nargout() >= 2) return Value::tuple({std::move(values), std::move(indices)});
      return values;
    }
    // MATLAB's max(x, [], "omitnan"): what max does anyway (NaN elements are skipped).
    const bool omitnan = runtime::nan_flag(call.value(2)) == runtime::NanFlag::Omit;
    if (!omitnan) dim = call.dim_argument(2);
  }
  auto [values, indices] = extremum_values(call, call.value(0), dim, which);
  if (call.nargout() >= 2) return Value::tuple({std::move(values), std::move(indices)});
  return values;
}

// max and min in matlab code: text is its character codes (max('abc') is 99), and the largest
// or smallest of logical data is logical, as MATLAB keeps the class.
template <num::Extremum which>
Value matlab_extremum(Call& call) {
  const int data = call.count() == 2 ? 2 : 1;
  bool text = false;
  bool logical = true;
  for (int k = 0; k < data; ++k) {
    text = text || call.value(k).is(Kind::String);
    logical = logical && call.value(k).is_logical();
  }
  Value result;
  if (text) {
    std::vector<Value> arguments(call.arguments().begin(), call.arguments().end());
    for (int k = 0; k < data; ++k) {
      if (arguments[static_cast<std::size_t>(k)].is(Kind::String)) {
        arguments[static_cast<std::size_t>(k)] =
            call.invoke(Value::function_handle("double"), {arguments[static_cast<std::size_t>(k)]});
      }
    }
    runtime::Call codes(call.interpreter(), call.name(), arguments, call.nargout());
    result = extremum_builtin<which>(codes);
  } else {
    result = extremum_builtin<which>(call);
  }
  if (!logical) return result;
  const auto as_logical = [](Value value) {
    if (value.is(Kind::Scalar)) return Value::boolean(value.scalar_value() != 0.0);
    if (value.is_array() || value.is_nd_array()) value.set_logical(true);
    return value;
  };
  if (!result.is(Kind::Tuple)) return as_logical(std::move(result));
  std::vector<Value> items = result.tuple_items();
  items.front() = as_logical(std::move(items.front()));
  return Value::tuple(std::move(items));
}

Value max(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) {
    return matlab_extremum<num::Extremum::Max>(call);
  }
  return extremum_builtin<num::Extremum::Max>(call);
}

Value min(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) {
    return matlab_extremum<num::Extremum::Min>(call);
  }
  return extremum_builtin<num::Extremum::Min>(call);
}

Value argmax(Call& call) {
  return extremum_values(call, call.value(0), call.dim_argument(1), num::Extremum::Max).second;
}

Value argmin(Call& call) {
  return extremum_values(call, call.value(0), call.dim_argument(1), num::Extremum::Min).second;
}

// Scalars, Vectors and 1-D Matrices give a Bool; an R×C Matrix a 1×C logical Matrix. With a
// dim (MATLAB's any(M, 2)), a Matrix gives one truth per column (1×C) or per row (R×1), a
// Vector one per element along dim 1 and a Bool along dim 2.
template <class Test>
Value truth_reduction(Call& call, Test test) {
  if (nd_reduction(call, 1)) return nd_reduce_call(call, 1, test, /*logical=*/true);
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

// A Vector, or a 1×N or N×1 matrix (what matlab code has for a vector).
bool is_vector_like(const Value& x) {
  return x.is_array() && (x.is(Kind::Vector) || is_one_dimensional(x.matrix_value()));
}

// The points of slice s along dim (1: a column, 2: a row) of m, k-th.
double along_slice(const num::Matrix& m, int dim, num::Index s, num::Index k) {
  return dim == 1 ? m(k, s) : m(s, k);
}

}  // namespace

// MATLAB's trapz(y), trapz(x, y), trapz(y, dim) and trapz(x, y, dim) on real 2-D y, as Octave
// reads them: a scalar second argument after a non-scalar first is the dim; x is a spacing
// (scalar), one abscissa per point along dim (a vector), or y's shape. The default dim is the
// first non-singleton; a dim past the second integrates single points, so 0. cumtrapz takes the
// same forms and keeps y's shape, each slice's running integral from 0.
bool takes_matlab_trapezoid(Call& call) {
  const bool complex_input =
      std::any_of(call.arguments().begin(), call.arguments().end(), [](const Value& a) {
        return a.is(Kind::Complex) || (a.is_array() && a.matrix_value().is_complex());
      });
  return call.session().dialect() == lang::Dialect::Matlab && !complex_input;
}

Value matlab_trapezoid(Call& call, Integral integral) {
  const bool running = integral == Integral::Running;
  const bool y_then_dim =
      call.count() == 2 && is_scalar_kind(call.value(1)) && !is_scalar_kind(call.value(0));
  const int y_index = call.count() == 1 || y_then_dim ? 0 : 1;
  const num::Matrix y = real_matrix(call, y_index);
  int dim = y.rows() == 1 && y.columns() != 1 ? 2 : 1;
  if (y_then_dim || call.count() == 3) dim = call.nd_dim_argument(y_then_dim ? 1 : 2) + 1;
  if (dim >= 3) return Value::matrix(num::Matrix(y.rows(), y.columns(), 0.0));
  const num::Index length = dim == 1 ? y.rows() : y.columns();
  const num::Index slices = dim == 1 ? y.columns() : y.rows();
  const num::Matrix x = y_index == 1 ? real_matrix(call, 0) : num::Matrix(1, 1, 1.0);
  const bool spacing = x.size() == 1;
  const bool per_slice = !spacing && x.rows() == y.rows() && x.columns() == y.columns();
  if (!spacing && !per_slice && x.size() != length) {
    call.fail(fmt::format(messages::bad_trapz_spacing, dim, length));
  }
  num::Matrix result = running ? num::Matrix(y.rows(), y.columns())
                               : num::Matrix(dim == 1 ? 1 : slices, dim == 1 ? slices : 1);
  for (num::Index s = 0; s < slices; ++s) {
    const auto abscissa = [&](num::Index k) {
      if (spacing) return static_cast<double>(k) * x[0];
      return per_slice ? along_slice(x, dim, s, k) : x[k];
    };
    double area = 0.0;
    for (num::Index k = 1; k < length; ++k) {
      area += (abscissa(k) - abscissa(k - 1)) *
              (along_slice(y, dim, s, k) + along_slice(y, dim, s, k - 1)) / 2.0;
      if (running) result.set(dim == 1 ? k : s, dim == 1 ? s : k, area);
    }
    if (!running) result.set(s, area);
  }
  return Value::matrix(std::move(result));
}

namespace {

Value trapz(Call& call) {
  if (takes_matlab_trapezoid(call)) return matlab_trapezoid(call, Integral::Total);
  // rlab's trapz has no dim (builtins.md §5): the arity error it always gave.
  if (call.count() == 3)
    throw Error(fmt::format(messages::wrong_argument_count, "trapz", "1..2", 3));
  const Value& v = call.value(call.count() - 1);
  if (!is_vector_like(v)) call.fail(fmt::format(messages::must_be_vector_got, "v", v.kind_name()));
  num::Matrix x;
  if (call.count() == 2) {
    const Value& spacing = call.value(0);
    if (!is_vector_like(spacing)) {
      call.fail(fmt::format(messages::must_be_vector_got, "x", spacing.kind_name()));
    }
    x = spacing.matrix_value();
    if (x.size() != v.matrix_value().size()) {
      call.fail(fmt::format(messages::must_have_same_length_got, "x and v", x.size(),
                            v.matrix_value().size()));
    }
  }
  return collapse(num::trapz(x, v.matrix_value()));
}

}  // namespace

extern const BuiltinTable kStatsBuiltins = {
    {"sum", with_outtype<sum>, 1, 4,
     "Sum of the elements: sum(x), sum(M, dim), sum(M, \"all\"); a trailing \"omitnan\"; an "
     "outtype \"double\", \"native\" or \"default\". Example: "
     "sum([1, 2; 3, 4], 1)"},
    {"prod", with_outtype<prod>, 1, 4,
     "Product of the elements: prod(x), prod(M, dim), prod(M, \"all\"); \"omitnan\"; an "
     "outtype. Example: "
     "prod([1, 2, 3, 4])"},
    {"mean", with_outtype<mean>, 1, 4,
     "Arithmetic mean: mean(x), mean(M, dim), mean(M, \"all\"); a trailing \"omitnan\"; an "
     "outtype. Example: "
     "mean([1, 2, 3, 4])"},
    {"median", keeps_class<median>, 1, 2,
     "Median of the real parts: median(x), median(M, dim), \"all\". Example: median([3, 1, 4, 1, "
     "5])"},
    {"std", numbers_only<keeps_single<std_builtin>>, 1, 3,
     "Sample standard deviation: std(x), std(x, dim), std(x, w, dim); dim may be \"all\". Example: "
     "std([2, 4, 4, 4, 5, 5, 7, 9])"},
    {"var", numbers_only<keeps_single<var>>, 1, 3,
     "Sample variance: var(x), var(x, dim), var(x, w, dim); dim may be \"all\". Example: var([1, "
     "2, 3, 4])"},
    {"max", keeps_class<max, 2>, 1, 3,
     "Largest element: max(x), max(M, [], dim or \"all\"), max(a, b), [m, i] = max(x). Example: "
     "[m, i] = max([3, 7, 5])"},
    {"min", keeps_class<min, 2>, 1, 3,
     "Smallest element: min(x), min(M, [], dim or \"all\"), min(a, b), [m, i] = min(x). Example: "
     "[m, i] = min([3, 7, 5])"},
    {"any", any, 1, 2,
     "True when some element is non-zero (per column for a matrix; dim; \"all\"). Example: any([0, "
     "0, 1])"},
    {"all", all, 1, 2,
     "True when every element is non-zero (per column for a matrix; dim; \"all\"). Example: "
     "all([1, 1, 0])"},
    {"trapz", along_nd_slices<keeps_single<trapz, 2>, false>, 1, 3,
     "Trapezoidal integral: trapz(v) with unit spacing, trapz(x, v). Example: trapz([1, 2, 3])"},
    {"argmax", argmax, 1, 2,
     "1-based index of the largest element: argmax(x), argmax(M, dim). Example: argmax([3, 7, 5])"},
    {"argmin", argmin, 1, 2,
     "1-based index of the smallest element: argmin(x), argmin(M, dim). Example: argmin([3, 7, "
     "5])"},
};

}  // namespace llmlab::builtins
