// builtins.md §7, piecewise polynomials (MATLAB additions): mkpp, unmkpp, ppval, and the
// interpolating splines spline and pchip (num/interpolation gives their pieces, num/piecewise
// evaluates them).
#include "builtins/piecewise.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "base/messages/arguments.hpp"
#include "base/messages/mathematics.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "num/nd_array.hpp"
#include "num/piecewise.hpp"
#include "num/shape.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::builtins {

using runtime::Call;
using runtime::Value;

SamplePoints increasing_samples(Call& call, std::vector<double> xs) {
  if (xs.size() < 2) call.fail(messages::too_few_sample_points);
  SamplePoints samples{std::move(xs), false};
  samples.reversed = samples.xs.front() > samples.xs.back();
  if (samples.reversed) std::reverse(samples.xs.begin(), samples.xs.end());
  for (std::size_t k = 0; k + 1 < samples.xs.size(); ++k) {
    if (!(samples.xs[k] < samples.xs[k + 1])) {
      call.fail(messages::x_not_monotonic);
    }
  }
  return samples;
}

Value pp_value(std::span<const double> breaks, num::Matrix coefficients, const num::Dims& dims) {
  const num::Index pieces = static_cast<num::Index>(breaks.size()) - 1;
  std::vector<double> dim_values(dims.begin(), dims.end());
  runtime::StructFields fields;
  fields.emplace("form", Value::string("pp"));
  fields.emplace("breaks", Value::matrix(num::Matrix::row(breaks)));
  fields.emplace("order", Value::scalar(static_cast<double>(coefficients.columns())));
  fields.emplace("coefs", Value::matrix(std::move(coefficients)));
  fields.emplace("pieces", Value::scalar(static_cast<double>(pieces)));
  fields.emplace("dim", dims.size() == 1 ? Value::scalar(dim_values.front())
                                         : Value::matrix(num::Matrix::row(dim_values)));
  return Value::structure(std::move(fields));
}

Value pp_of_components(const std::vector<num::Pieces>& real,
                       const std::vector<num::Pieces>& imaginary, const num::Dims& dims) {
  const num::Pieces& first = real.front();
  const auto components = static_cast<num::Index>(real.size());
  const num::Index pieces = static_cast<num::Index>(first.breaks.size()) - 1;
  const num::Index order = first.order;
  num::Matrix coefficients = imaginary.empty() ? num::Matrix(components * pieces, order)
                                               : num::Matrix(components * pieces, order,
                                                             num::Matrix::Element::ComplexValued);
  for (num::Index c = 0; c < components; ++c) {
    const auto component = static_cast<std::size_t>(c);
    for (num::Index p = 0; p < pieces; ++p) {
      for (num::Index k = 0; k < order; ++k) {
        const auto at = static_cast<std::size_t>(p * order + k);
        const double re = real[component].coefficients[at];
        const double im = imaginary.empty() ? 0.0 : imaginary[component].coefficients[at];
        coefficients.set(p * components + c, k, num::Complex(re, im));
      }
    }
  }
  return pp_value(first.breaks, std::move(coefficients), dims);
}

namespace {

// A positive whole number, or the message that says what it should be.
num::Index whole_count(Call& call, double value, const char* what) {
  if (!(value >= 1.0) || value != std::floor(value) || value > 1e15) {
    call.fail(fmt::format(messages::must_be_positive_integer, what));
  }
  return static_cast<num::Index>(value);
}

// Breaks: a real vector of at least two strictly increasing values.
std::vector<double> checked_breaks(Call& call, const Value& value) {
  if (!runtime::is_numeric_or_nd(value)) call.fail(messages::breaks_not_real_vector);
  const num::Dims dims = runtime::dims_of(value);
  const num::Index count = num::element_count(dims);
  if (std::count_if(dims.begin(), dims.end(), [](num::Index d) { return d != 1; }) > 1) {
    call.fail(fmt::format(messages::must_be_vector, "breaks"));
  }
  std::vector<double> breaks = runtime::linear_elements(value);
  if (count < 2) call.fail(messages::breaks_too_few);
  for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
    if (!(breaks[k] < breaks[k + 1])) call.fail(messages::breaks_not_increasing);
  }
  return breaks;
}

// The dims a pp's values have: a positive whole number or a row of them.
num::Dims checked_dims(Call& call, const Value& value) {
  if (!runtime::is_numeric_or_nd(value)) call.fail(messages::bad_derivative_dims);
  num::Dims dims;
  for (const double d : runtime::linear_elements(value)) dims.push_back(whole_count(call, d, "d"));
  if (dims.empty()) call.fail(messages::bad_derivative_dims);
  return dims;
}

num::Index product(const num::Dims& dims) { return num::element_count(dims); }

// mkpp(breaks, coefs), mkpp(breaks, coefs, d) (d = 1 when not given): coefs holds
// prod(d) · pieces · order values in MATLAB's order (a [d, pieces, order] array, or its
// (prod(d) · pieces) × order matrix, or any array of those values), so order is what the count
// leaves.
Value mkpp(Call& call) {
  const std::vector<double> breaks = checked_breaks(call, call.value(0));
  const Value& coefs = call.value(1);
  if (!runtime::is_numeric_or_nd(coefs)) call.fail(fmt::format(messages::must_be_numeric, "coefs"));
  const num::NdArray array = runtime::as_nd_array(coefs);
  const num::Dims dims = call.has(2) ? checked_dims(call, call.value(2)) : num::Dims{1};
  const num::Index rows = product(dims) * (static_cast<num::Index>(breaks.size()) - 1);
  if (array.size() == 0 || array.size() % rows != 0) {
    call.fail(fmt::format(messages::coefs_count_not_multiple, array.size(), rows));
  }
  const num::Index order = array.size() / rows;
  num::Matrix coefficients(
      rows, order,
      array.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  for (num::Index k = 0; k < array.size(); ++k) {
    coefficients.set(k % rows, k / rows, array.pages().complex_at(num::offset_of(array.dims(), k)));
  }
  return pp_value(breaks, std::move(coefficients), dims);
}

// The parts of a pp struct, each checked against the others.
struct CheckedPp {
  std::vector<double> breaks;
  num::Matrix coefficients;
  num::Dims dims;
};

const Value& pp_field(Call& call, const Value& pp, const char* name) {
  const Value* field = pp.field(name);
  if (field == nullptr) call.fail(fmt::format(messages::pp_lacks_field, name));
  return *field;
}

CheckedPp checked_pp(Call& call, const Value& pp) {
  if (!pp.is(runtime::Kind::Struct)) call.fail(messages::not_pp_structure);
  const Value& form = pp_field(call, pp, "form");
  if (!form.is(runtime::Kind::String) || form.string_value() != "pp") {
    call.fail(messages::pp_form_not_pp);
  }
  CheckedPp checked{checked_breaks(call, pp_field(call, pp, "breaks")),
                    {},
                    checked_dims(call, pp_field(call, pp, "dim"))};
  const Value& coefs = pp_field(call, pp, "coefs");
  if (!coefs.is_numeric()) call.fail(messages::pp_coefs_not_matrix);
  checked.coefficients = coefs.as_matrix();
  const auto pieces = static_cast<num::Index>(checked.breaks.size()) - 1;
  if (checked.coefficients.rows() != product(checked.dims) * pieces ||
      checked.coefficients.columns() < 1) {
    call.fail(messages::pp_coefs_wrong_shape);
  }
  return checked;
}

// [breaks, coefs, pieces, order, dim] = unmkpp(pp).
Value unmkpp(Call& call) {
  const CheckedPp pp = checked_pp(call, call.value(0));
  if (call.nargout() < 2) return Value::matrix(num::Matrix::row(pp.breaks));
  std::vector<double> dim_values(pp.dims.begin(), pp.dims.end());
  return Value::tuple({Value::matrix(num::Matrix::row(pp.breaks)), Value::matrix(pp.coefficients),
                       Value::scalar(static_cast<double>(pp.breaks.size() - 1)),
                       Value::scalar(static_cast<double>(pp.coefficients.columns())),
                       pp.dims.size() == 1 ? Value::scalar(dim_values.front())
                                           : Value::matrix(num::Matrix::row(dim_values))});
}

// The values of a pp at xx. One component: xx's shape. Several: the components' dims first,
// then xx's (a vector xx counts as one dim: d × numel(xx)).
Value values_at(const CheckedPp& pp, const Value& xx) {
  const std::vector<double> queries = runtime::linear_elements(xx);
  const num::Index components = product(pp.dims);
  const num::Matrix values = num::evaluate_pieces(pp.breaks, pp.coefficients, components, queries);
  const num::Dims query_dims = runtime::dims_of(xx);
  if (components == 1 && query_dims.size() == 2) {
    return same_shape(xx, num::reshape(values, query_dims[0], query_dims[1]));
  }
  num::Dims dims = components == 1 ? num::Dims{} : pp.dims;
  const bool vector =
      std::count_if(query_dims.begin(), query_dims.end(), [](num::Index d) { return d != 1; }) <= 1;
  if (vector && components > 1) {
    dims.push_back(static_cast<num::Index>(queries.size()));
  } else {
    dims.insert(dims.end(), query_dims.begin(), query_dims.end());
  }
  if (dims.size() == 1) dims.push_back(1);
  num::NdArray result(num::canonical_dims(dims), values.is_complex()
                                                     ? num::Matrix::Element::ComplexValued
                                                     : num::Matrix::Element::Real);
  for (num::Index k = 0; k < values.size(); ++k) {
    // values is components × queries: linear k = c + components · q, MATLAB's order.
    result.mutable_pages().set(num::offset_of(result.dims(), k),
                               values.complex_at(k % components, k / components));
  }
  return runtime::nd_result(std::move(result));
}

// ppval(pp, xx).
Value ppval(Call& call) {
  const CheckedPp pp = checked_pp(call, call.value(0));
  const Value& xx = call.value(1);
  if (!runtime::is_numeric_or_nd(xx)) call.fail(fmt::format(messages::must_be_numeric, "xx"));
  return values_at(pp, xx);
}

// The samples spline and pchip take: x strictly monotonic (a decreasing x is reversed with the
// values), and y a vector, or an array whose last dim runs over the samples (a matrix has a row
// per component); a spline's y may have two samples more, the end slopes.
struct Series {
  std::vector<double> xs;
  num::Matrix values;  // components × samples (with the end slopes, for a spline)
  num::Dims component_dims{1};
  bool end_slopes = false;
};

// y's values as components × samples: y's linear order, the components fastest.
num::Matrix values_by_component(Call& call, const Value& y, num::Dims& component_dims) {
  if (!runtime::is_numeric_or_nd(y)) call.fail(fmt::format(messages::must_be_numeric, "y"));
  const num::NdArray array = runtime::as_nd_array(y);
  const num::Dims& dims = array.dims();
  const bool vector =
      std::count_if(dims.begin(), dims.end(), [](num::Index d) { return d != 1; }) <= 1;
  component_dims = vector ? num::Dims{1} : num::Dims(dims.begin(), dims.end() - 1);
  const num::Index components = vector ? 1 : array.size() / dims.back();
  const num::Index samples = components == 0 ? 0 : array.size() / components;
  num::Matrix values(
      components, samples,
      array.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  for (num::Index k = 0; k < array.size(); ++k) {
    values.set(k % components, k / components, array.pages().complex_at(num::offset_of(dims, k)));
  }
  return values;
}

// The values with the samples in reverse order. The end slopes (when there) stay: the first is
// the slope at the smallest x, as after MATLAB's sort of the samples.
num::Matrix reversed_samples(const num::Matrix& y, bool end_slopes) {
  num::Matrix flipped = y;
  const num::Index first = end_slopes ? 1 : 0;
  const num::Index last = y.columns() - 1 - first;
  for (num::Index r = 0; r < y.rows(); ++r) {
    for (num::Index k = first; k <= last; ++k) flipped.set(r, k, y.complex_at(r, first + last - k));
  }
  return flipped;
}

// MATLAB leaves out the samples where a value is NaN (any component's), as missing data.
void drop_missing_samples(Call& call, Series& series) {
  const num::Index first = series.end_slopes ? 1 : 0;
  const auto n = static_cast<num::Index>(series.xs.size());
  std::vector<num::Index> kept;
  for (num::Index k = 0; k < n; ++k) {
    bool missing = false;
    for (num::Index r = 0; r < series.values.rows(); ++r) {
      const num::Complex v = series.values.complex_at(r, first + k);
      missing = missing || std::isnan(v.real()) || std::isnan(v.imag());
    }
    if (!missing) kept.push_back(k);
  }
  if (static_cast<num::Index>(kept.size()) == n) return;
  if (kept.size() < 2) call.fail(messages::too_few_samples_without_nan);
  std::vector<double> xs;
  const auto columns = static_cast<num::Index>(kept.size()) + 2 * first;
  num::Matrix values(series.values.rows(), columns,
                     series.values.is_complex() ? num::Matrix::Element::ComplexValued
                                                : num::Matrix::Element::Real);
  for (num::Index r = 0; r < values.rows(); ++r) {
    if (first == 1) {
      values.set(r, 0, series.values.complex_at(r, 0));
      values.set(r, columns - 1, series.values.complex_at(r, series.values.columns() - 1));
    }
    for (std::size_t j = 0; j < kept.size(); ++j) {
      values.set(r, first + static_cast<num::Index>(j),
                 series.values.complex_at(r, first + kept[j]));
    }
  }
  for (const num::Index k : kept) xs.push_back(series.xs[static_cast<std::size_t>(k)]);
  series.xs = std::move(xs);
  series.values = std::move(values);
}

Series series_arguments(Call& call, bool spline) {
  Series series;
  const num::Matrix x = real_matrix(call, 0);
  if (!is_one_dimensional(x)) call.fail(fmt::format(messages::must_be_vector, "x"));
  SamplePoints samples =
      increasing_samples(call, std::vector<double>(x.real_values().begin(), x.real_values().end()));
  series.xs = std::move(samples.xs);
  const auto n = static_cast<num::Index>(series.xs.size());
  num::Matrix y = values_by_component(call, call.value(1), series.component_dims);
  series.end_slopes = spline && y.columns() == n + 2;
  if (y.columns() != n && !series.end_slopes) {
    call.fail(spline ? fmt::format(messages::y_count_not_x_count_or_slopes, n, y.columns())
                     : fmt::format(messages::y_count_not_x_count, n, y.columns()));
  }
  series.values = samples.reversed ? reversed_samples(y, series.end_slopes) : std::move(y);
  drop_missing_samples(call, series);
  return series;
}

// The pieces of one part (real or imaginary) of one component.
num::Pieces part_pieces(const Series& series, num::Index row, bool imaginary, bool spline) {
  std::vector<double> ys;
  for (num::Index k = 0; k < series.values.columns(); ++k) {
    const num::Complex v = series.values.complex_at(row, k);
    ys.push_back(imaginary ? v.imag() : v.real());
  }
  if (series.end_slopes) {
    const std::span<const double> inner(ys.data() + 1, ys.size() - 2);
    return num::complete_spline_pieces(series.xs, inner, ys.front(), ys.back());
  }
  return num::interpolation_pieces(
      series.xs, ys, spline ? num::InterpolationMethod::Spline : num::InterpolationMethod::Pchip);
}

// spline(x, y) and pchip(x, y) as a pp; with xx, its values there.
template <bool spline>
Value interpolating_pp(Call& call) {
  const Series series = series_arguments(call, spline);
  std::vector<num::Pieces> real, imaginary;
  for (num::Index row = 0; row < series.values.rows(); ++row) {
    real.push_back(part_pieces(series, row, false, spline));
    if (series.values.is_complex()) imaginary.push_back(part_pieces(series, row, true, spline));
  }
  Value pp = pp_of_components(real, imaginary, series.component_dims);
  if (!call.has(2)) return pp;
  const CheckedPp checked = checked_pp(call, pp);
  const Value& xx = call.value(2);
  if (!runtime::is_numeric_or_nd(xx)) call.fail(fmt::format(messages::must_be_numeric, "xx"));
  return values_at(checked, xx);
}
}  // namespace

extern const BuiltinTable kPiecewiseBuiltins = {
    {"mkpp", mkpp, 2, 3,
     "A piecewise polynomial (pp struct) from breaks and coefficients (a row per piece, highest "
     "power first in x - breaks(k)); mkpp(breaks, coefs, d) for d-valued pieces. Example: pp = "
     "mkpp([0, 1, 2], [1, 0; -1, 1]); ppval(pp, 1.5)"},
    {"unmkpp", unmkpp, 1, 1,
     "The parts of a pp struct: [breaks, coefs, pieces, order, dim] = unmkpp(pp). Example: "
     "[b, c] = unmkpp(mkpp([0, 1], [2, 3]))"},
    {"ppval", ppval, 2, 2,
     "A pp struct's values at xx (the end pieces extend beyond the breaks). Example: "
     "ppval(spline(0:3, [0, 1, 8, 27]), 1.5)"},
    {"spline", interpolating_pp<true>, 2, 3,
     "The cubic spline through (x, y), not-a-knot ends (or the end slopes as y's first and last "
     "values): a pp struct, or its values at xx with spline(x, y, xx). Example: "
     "spline(0:3, [0, 1, 8, 27], 1.5)"},
    {"pchip", interpolating_pp<false>, 2, 3,
     "The shape-preserving piecewise cubic (Fritsch-Carlson) through (x, y): a pp struct, or its "
     "values at xx with pchip(x, y, xx). Example: pchip([1, 2, 3], [1, 4, 4], 2.5)"},
};

}  // namespace llmlab::builtins
