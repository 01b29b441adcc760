// builtins.md §7 Linear algebra, applied: polynomials and 1-D interpolation (MATLAB additions):
// polyval, roots, polyfit (least squares by Householder QR, the pseudo-inverse when rank-deficient)
// and interp1 (num/interpolation) with MATLAB's methods. Results take the shape of the points they
// are evaluated at.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "base/messages/arguments.hpp"
#include "base/messages/mathematics.hpp"
#include "base/text_case.hpp"
#include "builtins/kinds.hpp"
#include "builtins/piecewise.hpp"
#include "builtins/registry.hpp"
#include "num/interpolation.hpp"
#include "num/linalg.hpp"
#include "num/ops.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Value;

// A real vector-like argument: a Scalar, a Vector, or a 1×N or N×1 Matrix.
num::Matrix vector_argument(Call& call, int index, const char* what) {
  num::Matrix m = real_matrix(call, index);
  if (m.rows() > 1 && m.columns() > 1) {
    call.fail(fmt::format(messages::must_be_vector_got_matrix, what, m.rows(), m.columns()));
  }
  return m;
}

// polyval(p, x): p(1)·x^(n−1) + … + p(n) at every element of x, by Horner's rule; real
// arithmetic for real x, so that NaN stays a real NaN.
// polyval's error estimate dy for [y, dy] = polyval(p, x, S): sqrt(1 + |a R⁻¹|²)·normr/√df
// for each point's row a of the Vandermonde matrix, with S from polyfit (MATLAB's rule).
num::Matrix polyval_error(Call& call, const num::Matrix& points, num::Index terms) {
  const Value& s = call.value(2);
  const Value* r = s.field("R");
  const Value* normr = s.field("normr");
  const Value* df = s.field("df");
  if (!r || !normr || !df) call.fail(messages::bad_polyfit_structure);
  const num::Matrix inverse = num::inv(r->as_matrix());
  if (inverse.rows() != terms) call.fail(messages::polyfit_degree_mismatch);
  num::Matrix error(points.rows(), points.columns());
  for (num::Index k = 0; k < points.size(); ++k) {
    std::vector<double> row(static_cast<std::size_t>(terms));
    double power = 1.0;
    for (num::Index j = terms - 1; j >= 0; --j) {
      row[static_cast<std::size_t>(j)] = power;
      power *= points[k];
    }
    double sum = 0.0;
    for (num::Index c = 0; c < terms; ++c) {
      double element = 0.0;
      for (num::Index j = 0; j < terms; ++j)
        element += row[static_cast<std::size_t>(j)] * inverse(j, c);
      sum += element * element;
    }
    error.set(k, std::sqrt(1.0 + sum) * normr->as_scalar() / std::sqrt(df->as_scalar()));
  }
  return error;
}

Value polyval(Call& call) {
  const num::Matrix p = vector_argument(call, 0, "p");
  num::Matrix points = call.matrix(1);
  // polyval(p, x, S, mu): p was fitted to (x - mu(1)) / mu(2).
  if (call.has(3)) {
    const num::Matrix mu = real_matrix(call, 3);
    if (mu.size() != 2) call.fail(messages::bad_mu);
    for (num::Index k = 0; k < points.size(); ++k) {
      if (points.is_real()) {
        points.set(k, (points[k] - mu[0]) / mu[1]);
      } else {
        points.set(k, (points.complex_at(k) - mu[0]) / mu[1]);
      }
    }
  }
  num::Matrix result(points.rows(), points.columns(), num::Matrix::Element::Real);
  for (num::Index k = 0; k < points.size(); ++k) {
    if (points.is_real()) {
      double total = 0.0;
      for (num::Index i = 0; i < p.size(); ++i) total = total * points[k] + p[i];
      result.set(k, total);
    } else {
      num::Complex total = 0.0;
      for (num::Index i = 0; i < p.size(); ++i) total = total * points.complex_at(k) + p[i];
      result.set(k, total);
    }
  }
  if (call.nargout() < 2) return same_shape(call.value(1), std::move(result));
  if (!call.has(2) || !call.value(2).is(runtime::Kind::Struct)) {
    call.fail(messages::polyval_needs_structure);
  }
  if (points.is_complex()) call.fail(messages::dy_needs_real_x);
  num::Matrix error = polyval_error(call, points, p.size());
  return Value::tuple(
      {same_shape(call.value(1), std::move(result)), same_shape(call.value(1), std::move(error))});
}

// roots(p): the roots of p(1)·x^n + … + p(n+1) as an N×1 Matrix, the eigenvalues of the
// companion matrix. Leading zeros are dropped, trailing zeros give roots at 0. Ordered by
// descending real part, then descending imaginary part (conjugate pairs +j first, as MATLAB
// prints roots([1 0 1])).
Value roots(Call& call) {
  const num::Matrix p = vector_argument(call, 0, "p");
  num::Index first = 0;
  num::Index last = p.size();
  while (first < last && p[first] == 0.0) ++first;
  while (last > first && p[last - 1] == 0.0) --last;
  for (num::Index k = first; k < last; ++k) {
    if (!std::isfinite(p[k])) call.fail(fmt::format(messages::must_be_finite, "p"));
  }
  const num::Index zeros_at_origin = last > first ? p.size() - last : 0;
  const num::Index degree = last > first ? last - first - 1 : 0;
  std::vector<num::Complex> found;
  if (degree > 0) {
    num::Matrix companion(degree, degree);
    for (num::Index c = 0; c < degree; ++c) companion.set(0, c, -p[first + c + 1] / p[first]);
    for (num::Index r = 1; r < degree; ++r) companion.set(r, r - 1, 1.0);
    const num::Matrix values = num::eig(companion).values;
    for (num::Index k = 0; k < values.size(); ++k) found.push_back(values.complex_at(k));
  }
  std::stable_sort(found.begin(), found.end(), [](num::Complex a, num::Complex b) {
    return a.real() != b.real() ? a.real() > b.real() : a.imag() > b.imag();
  });
  for (num::Index k = 0; k < zeros_at_origin; ++k) found.emplace_back(0.0, 0.0);
  num::Matrix result(static_cast<num::Index>(found.size()), 1);
  for (std::size_t k = 0; k < found.size(); ++k) result.set(static_cast<num::Index>(k), found[k]);
  return Value::matrix(std::move(result));
}

// polyfit(x, y, n): the degree-n coefficients, highest power first, minimising
// Σ (polyval(p, x_i) − y_i)² for the Vandermonde matrix V(i, j) = x_i^(n−j) (least_squares).
// polyfit's third argument: the degree n (all n + 1 terms fitted) or, in MATLAB's and Octave's
// logical form, a mask of the terms to fit (the others are 0), highest power first.
std::vector<bool> fitted_terms(const Call& call) {
  if (call.value(2).is_logical() && call.value(2).is_array()) {
    const num::Matrix m = call.matrix(2);
    std::vector<bool> mask;
    for (num::Index k = 0; k < m.size(); ++k) mask.push_back(m[k] != 0.0);
    return mask;
  }
  return std::vector<bool>(static_cast<std::size_t>(call.count_argument(2) + 1), true);
}

num::Matrix vandermonde_of(const num::Matrix& x, num::Index terms) {
  num::Matrix vandermonde(x.size(), terms);
  for (num::Index i = 0; i < x.size(); ++i) {
    double power = 1.0;
    for (num::Index j = terms - 1; j >= 0; --j) {
      vandermonde.set(i, j, power);
      power *= x[i];
    }
  }
  return vandermonde;
}

// The least-squares solution of V·p ≈ y (a column) by Householder QR, R·p = Q'·y, as MATLAB's
// and Octave's polyfit solve it, so exact data gives the coefficients within a few ulps. A V
// with fewer rows than columns, or a negligible pivot on R's diagonal, cannot determine every
// coefficient: the minimum-norm fit by the pseudo-inverse.
num::Matrix least_squares(const num::Matrix& v, const num::Matrix& column) {
  const num::Index n = v.columns();
  if (v.rows() >= n && n > 0) {
    const num::Qr factors = num::qr(v, num::SvdSize::Economy);
    const num::Matrix& r = factors.r;
    double largest = 0.0;
    for (num::Index k = 0; k < n; ++k) largest = std::max(largest, std::abs(r(k, k)));
    const double tolerance = static_cast<double>(std::max(v.rows(), n)) *
                             std::numeric_limits<double>::epsilon() * largest;
    bool full_rank = largest > 0.0;
    for (num::Index k = 0; k < n; ++k) full_rank = full_rank && std::abs(r(k, k)) > tolerance;
    if (full_rank) {
      num::Matrix p = num::matmul(num::transpose(factors.q), column);
      for (num::Index k = n - 1; k >= 0; --k) {
        double sum = p[k];
        for (num::Index j = k + 1; j < n; ++j) sum -= r(k, j) * p[j];
        p.set(k, sum / r(k, k));
      }
      return p;
    }
  }
  return num::matmul(num::pinv(v), column);
}

// The least-squares coefficients (a column) of the masked terms, 0 for the others.
num::Matrix masked_fit(const num::Matrix& vandermonde, const num::Matrix& y,
                       const std::vector<bool>& mask) {
  const num::Matrix column = y.with_shape(y.size(), 1);
  if (std::all_of(mask.begin(), mask.end(), [](bool b) { return b; })) {
    return least_squares(vandermonde, column);
  }
  std::vector<num::Index> kept;
  for (std::size_t j = 0; j < mask.size(); ++j) {
    if (mask[j]) kept.push_back(static_cast<num::Index>(j));
  }
  num::Matrix reduced(vandermonde.rows(), static_cast<num::Index>(kept.size()));
  for (num::Index i = 0; i < vandermonde.rows(); ++i) {
    for (std::size_t j = 0; j < kept.size(); ++j) {
      reduced.set(i, static_cast<num::Index>(j), vandermonde(i, kept[j]));
    }
  }
  const num::Matrix solved = least_squares(reduced, column);
  num::Matrix coefficients(static_cast<num::Index>(mask.size()), 1);
  for (std::size_t j = 0; j < kept.size(); ++j) {
    coefficients.set(kept[j], solved[static_cast<num::Index>(j)]);
  }
  return coefficients;
}

Value polyfit(Call& call) {
  num::Matrix x = real_matrix(call, 0);
  const num::Matrix y = real_matrix(call, 1);
  // [p, S, mu] = polyfit(x, y, n) fits to x centred and scaled, (x - mean) / std (MATLAB's).
  const bool scaled = call.nargout() >= 3;
  double centre = 0.0;
  double scale = 1.0;
  if (scaled && x.size() > 0) {
    for (num::Index i = 0; i < x.size(); ++i) centre += x[i];
    centre /= static_cast<double>(x.size());
    double spread = 0.0;
    for (num::Index i = 0; i < x.size(); ++i) spread += (x[i] - centre) * (x[i] - centre);
    scale = x.size() > 1 ? std::sqrt(spread / static_cast<double>(x.size() - 1)) : 0.0;
    for (num::Index i = 0; i < x.size(); ++i) x.set(i, (x[i] - centre) / scale);
  }
  const std::vector<bool> mask = fitted_terms(call);
  if (x.size() != y.size()) {
    call.fail(
        fmt::format(messages::must_have_same_number_of_elements, "x and y", x.size(), y.size()));
  }
  if (x.empty()) call.fail(fmt::format(messages::must_not_be_empty, "x and y"));
  const auto terms = static_cast<num::Index>(mask.size());
  // Non-finite data has no least-squares fit; LAPACK is not handed NaN.
  for (num::Index i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) {
      return Value::vector(num::Matrix(1, terms, kNaN));
    }
  }
  const num::Matrix vandermonde = vandermonde_of(x, terms);
  const num::Matrix coefficients = masked_fit(vandermonde, y, mask);
  Value p = Value::vector(coefficients.with_shape(1, terms));
  if (call.nargout() < 2) return p;
  // S as MATLAB and Octave give it: the fitted values yf (y's shape), the Vandermonde matrix X,
  // its triangular factor R, C = inv(R'R), the degrees of freedom df and the residual norm.
  num::Matrix fitted = num::matmul(vandermonde, coefficients);
  double residual = 0.0;
  for (num::Index i = 0; i < y.size(); ++i) residual += (y[i] - fitted[i]) * (y[i] - fitted[i]);
  const num::Matrix r = num::qr(vandermonde, num::SvdSize::Economy).r;
  runtime::StructFields fields;
  fields.emplace("yf", Value::matrix(fitted.with_shape(y.rows(), y.columns())));
  fields.emplace("X", Value::matrix(vandermonde));
  fields.emplace("R", Value::matrix(r));
  fields.emplace("C", Value::matrix(num::pinv(num::matmul(num::transpose(r), r))));
  fields.emplace("df", Value::scalar(static_cast<double>(std::max<num::Index>(
                           0, x.size() - std::count(mask.begin(), mask.end(), true)))));
  fields.emplace("normr", Value::scalar(std::sqrt(residual)));
  std::vector<Value> outputs = {std::move(p), Value::structure(std::move(fields))};
  if (scaled)
    outputs.push_back(Value::matrix(num::Matrix::row(std::vector<double>{centre, scale})));
  return Value::tuple(std::move(outputs));
}

struct Interp1Options {
  num::InterpolationMethod method = num::InterpolationMethod::Linear;
  num::OutsideRule outside;
  bool pp = false;  // "pp": the piecewise polynomial instead of values
};

num::InterpolationMethod method_named(Call& call, std::string name) {
  using M = num::InterpolationMethod;
  // MATLAB's and Octave's "cubic" is pchip.
  static constexpr runtime::OptionWord<M> kMethods[] = {
      {"linear", M::Linear}, {"nearest", M::Nearest}, {"previous", M::Previous}, {"next", M::Next},
      {"pchip", M::Pchip},   {"cubic", M::Pchip},     {"spline", M::Spline}};
  // MATLAB's `*linear` only promises equally spaced x; the result is the same.
  if (name.starts_with('*')) name.erase(0, 1);
  if (const std::optional<M> method = runtime::option_word(name, kMethods)) return *method;
  call.fail(fmt::format(messages::bad_interpolation_method, name));
}

// The arguments after the query points: a method, "extrap", or a number for every query
// outside the samples.
Interp1Options interp1_options(Call& call, int first) {
  Interp1Options options;
  for (int i = first; i < call.count(); ++i) {
    if (call.value(i).is(runtime::Kind::String)) {
      const std::string word = lowercase(call.string(i));
      if (word == "extrap") {
        options.outside.extrapolate = true;
      } else if (word == "pp") {
        options.pp = true;
      } else {
        options.method = method_named(call, word);
      }
    } else {
      options.outside.value = call.scalar(i);
    }
  }
  return options;
}

// The leading arguments that are not text: interp1(y, xq, ...) has two, interp1(x, y, xq, ...)
// three.
int point_arguments(Call& call) {
  int count = 0;
  while (count < 3 && call.has(count) && !call.value(count).is(runtime::Kind::String)) ++count;
  const bool pp = std::any_of(call.arguments().begin(), call.arguments().end(),
                              [](const Value& v) { return runtime::is_word(v, "pp"); });
  if (count < (pp ? 1 : 2)) call.fail(messages::interp_call_form);
  return count;
}

// interp1's sample points: x (argument 1, when given) or 1..count, as many as y has rows.
SamplePoints interp1_samples(Call& call, bool x_given, num::Index count) {
  std::vector<double> xs;
  if (x_given) {
    const num::Matrix x = vector_argument(call, 0, "x");
    xs.assign(x.real_values().begin(), x.real_values().end());
  } else {
    for (num::Index k = 1; k <= count; ++k) xs.push_back(static_cast<double>(k));
  }
  if (static_cast<num::Index>(xs.size()) != count) {
    call.fail(fmt::format(messages::must_have_same_length_vs, "x and y", xs.size(), count));
  }
  return increasing_samples(call, std::move(xs));
}

// interp1(x, y, method, "pp"), interp1(y, method, "pp"): the method's pieces as a pp struct,
// a component per column of a matrix y (ppval(pp, xq) is interp1(..., xq, method, "extrap")).
Value interp1_pp(Call& call, int points, num::InterpolationMethod method) {
  if (points == 3) call.fail(messages::pp_takes_no_query_points);
  if (method == num::InterpolationMethod::Next) {
    call.fail(messages::next_has_no_pp_form);
  }
  num::Matrix y = call.matrix(points - 1);
  if (y.rows() == 1) y = y.with_shape(y.size(), 1);
  const SamplePoints samples = interp1_samples(call, points == 2, y.rows());
  std::vector<num::Pieces> real, imaginary;
  for (num::Index column = 0; column < y.columns(); ++column) {
    std::vector<double> re, im;
    for (num::Index k = 0; k < y.rows(); ++k) {
      const num::Complex v = y.complex_at(samples.reversed ? y.rows() - 1 - k : k, column);
      re.push_back(v.real());
      im.push_back(v.imag());
    }
    real.push_back(num::interpolation_pieces(samples.xs, re, method));
    if (y.is_complex()) imaginary.push_back(num::interpolation_pieces(samples.xs, im, method));
  }
  return pp_of_components(real, imaginary, {y.columns()});
}

// One column of y interpolated at every query (real and imaginary parts apart: each method is
// applied to each part, as to real data).
std::vector<num::Complex> interpolate_column(const std::vector<double>& xs, const num::Matrix& y,
                                             num::Index column, bool reversed,
                                             std::span<const double> queries,
                                             const Interp1Options& options) {
  const num::Index n = y.rows();
  std::vector<double> re(static_cast<std::size_t>(n)), im(static_cast<std::size_t>(n));
  for (num::Index k = 0; k < n; ++k) {
    const num::Complex value = y.complex_at(reversed ? n - 1 - k : k, column);
    re[static_cast<std::size_t>(k)] = value.real();
    im[static_cast<std::size_t>(k)] = value.imag();
  }
  const std::vector<double> real =
      num::interpolate(xs, re, queries, options.method, options.outside);
  std::vector<num::Complex> values(real.begin(), real.end());
  if (y.is_complex()) {
    num::OutsideRule imaginary_outside = options.outside;
    imaginary_outside.value = 0.0;
    const std::vector<double> imaginary =
        num::interpolate(xs, im, queries, options.method, imaginary_outside);
    for (std::size_t k = 0; k < values.size(); ++k) values[k].imag(imaginary[k]);
  }
  return values;
}

// interp1(x, y, xq), interp1(y, xq) (x = 1:n), then optionally a method and "extrap" or a
// value for queries outside: x strictly monotonic (a decreasing x is reversed with y); y a
// vector of x's length (the result has the shape of xq) or a matrix with a row per sample (the
// result has a row per query and a column per column of y).
Value interp1(Call& call) {
  const int points = point_arguments(call);
  const Interp1Options options = interp1_options(call, points);
  if (options.pp) return interp1_pp(call, points, options.method);
  num::Matrix y = call.matrix(points - 2);
  const num::Matrix queries = real_matrix(call, points - 1);
  const bool y_is_vector = y.rows() == 1 || y.columns() == 1;
  if (y_is_vector) y = y.with_shape(y.size(), 1);
  const SamplePoints samples = interp1_samples(call, points == 3, y.rows());
  if (!y_is_vector && queries.rows() > 1 && queries.columns() > 1) {
    call.fail(messages::query_points_not_vector);
  }
  const std::vector<double> query_values(queries.real_values().begin(),
                                         queries.real_values().end());
  num::Matrix result(y_is_vector ? queries.rows() : queries.size(),
                     y_is_vector ? queries.columns() : y.columns());
  for (num::Index column = 0; column < y.columns(); ++column) {
    const std::vector<num::Complex> values =
        interpolate_column(samples.xs, y, column, samples.reversed, query_values, options);
    for (std::size_t k = 0; k < values.size(); ++k) {
      const auto at = static_cast<num::Index>(k);
      if (y_is_vector) {
        result.set(at, values[k]);
      } else {
        result.set(at, column, values[k]);
      }
    }
  }
  if (!y_is_vector) return Value::matrix(std::move(result));
  return same_shape(call.value(points - 1), std::move(result));
}

}  // namespace

extern const BuiltinTable kFitBuiltins = {
    {"polyval", floats_only<keeps_class<polyval, 2>, 2>, 2, 4,
     "Evaluate polynomial p (highest power first) at x; polyval(p, x, S, mu) and [y, dy] with "
     "polyfit's S and mu. Example: polyval([1, 0, -1], 3)"},
    {"roots", roots, 1, 1,
     "Roots of polynomial p (highest power first), an N×1 column. Example: roots([1, -3, 2])"},
    {"polyfit", polyfit, 3, 3,
     "Least-squares polynomial of degree n: p = polyfit(x, y, n); [p, S, mu] = polyfit(...) with "
     "the fit's structure and x's centring. Example: p = polyfit([0, 1, 2], "
     "[1, 3, 5], 1)"},
    {"interp1", interp1, 2, 5,
     "1-D interpolation, NaN outside: interp1(x, y, xq, \"linear\"|\"nearest\"|\"previous\"|"
     "\"next\"|\"pchip\"|\"spline\", \"extrap\" or a value outside); interp1(x, y, method, "
     "\"pp\") gives the pp struct. Example: "
     "interp1([1, 2, 3], [10, 20, 30], 2.5)"},
};

}  // namespace llmlab::builtins
