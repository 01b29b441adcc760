// builtins.md §7 Linear algebra, applied: polynomials and 1-D interpolation (MATLAB additions):
// polyval, roots, polyfit (least squares through the SVD-based pseudo-inverse of num/linalg) and
// interp1 with the linear, nearest, previous and next methods. Results take the shape of the
// points they are evaluated at.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
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
    call.fail(std::string(what) + " must be a vector, got a " + std::to_string(m.rows()) + "x" +
              std::to_string(m.columns()) + " matrix");
  }
  return m;
}

// polyval(p, x): p(1)·x^(n−1) + … + p(n) at every element of x, by Horner's rule; real
// arithmetic for real x, so that NaN stays a real NaN.
Value polyval(Call& call) {
  const num::Matrix p = vector_argument(call, 0, "p");
  const num::Matrix points = call.matrix(1);
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
  return same_shape(call.value(1), std::move(result));
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
    if (!std::isfinite(p[k])) call.fail("p must be finite");
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
// Σ (polyval(p, x_i) − y_i)²; solved as pinv(V)·y for the Vandermonde matrix V(i, j) =
// x_i^(n−j), which gives the minimum-norm fit when the data cannot determine every coefficient.
Value polyfit(Call& call) {
  const num::Matrix x = real_matrix(call, 0);
  const num::Matrix y = real_matrix(call, 1);
  const num::Index degree = call.count_argument(2);
  if (x.size() != y.size()) {
    call.fail("x and y must have the same number of elements (" + std::to_string(x.size()) +
              " vs " + std::to_string(y.size()) + ")");
  }
  if (x.empty()) call.fail("x and y must not be empty");
  const num::Index terms = degree + 1;
  // Non-finite data has no least-squares fit; LAPACK is not handed NaN.
  for (num::Index i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) {
      return Value::vector(num::Matrix(1, terms, kNaN));
    }
  }
  num::Matrix vandermonde(x.size(), terms);
  for (num::Index i = 0; i < x.size(); ++i) {
    double power = 1.0;
    for (num::Index j = terms - 1; j >= 0; --j) {
      vandermonde.set(i, j, power);
      power *= x[i];
    }
  }
  const num::Matrix coefficients = num::matmul(num::pinv(vandermonde), y.with_shape(y.size(), 1));
  return Value::vector(coefficients.with_shape(1, terms));
}

enum class Method { Linear, Nearest, Previous, Next };

Method method_argument(Call& call, int index) {
  if (!call.has(index)) return Method::Linear;
  const std::string& name = call.string(index);
  if (name == "linear") return Method::Linear;
  if (name == "nearest") return Method::Nearest;
  if (name == "previous") return Method::Previous;
  if (name == "next") return Method::Next;
  call.fail("method must be \"linear\", \"nearest\", \"previous\" or \"next\", got \"" + name +
            "\"");
}

// The interpolant at q for strictly increasing sample points xs; NaN outside [xs.front(),
// xs.back()] and at NaN. "nearest" takes the right neighbour at a midpoint, as MATLAB does.
double interpolate(const std::vector<double>& xs, const std::vector<double>& ys, double q,
                   Method method) {
  if (!(q >= xs.front() && q <= xs.back())) return kNaN;
  // The first sample point above q, or the last point when q is the right end.
  const auto upper = std::upper_bound(xs.begin(), xs.end(), q);
  const std::size_t right =
      std::min<std::size_t>(static_cast<std::size_t>(upper - xs.begin()), xs.size() - 1);
  const std::size_t left = right - 1;
  if (q == xs[right]) return ys[right];
  if (q == xs[left]) return ys[left];
  switch (method) {
    case Method::Linear: {
      const double t = (q - xs[left]) / (xs[right] - xs[left]);
      return ys[left] + t * (ys[right] - ys[left]);
    }
    case Method::Nearest:
      return q - xs[left] < xs[right] - q ? ys[left] : ys[right];
    case Method::Previous:
      return ys[left];
    case Method::Next:
      return ys[right];
  }
  return kNaN;
}

// interp1(x, y, xq), interp1(x, y, xq, method): x strictly monotonic (a decreasing x is
// reversed with y), y of the same length; the result has the shape of xq.
Value interp1(Call& call) {
  const num::Matrix x = vector_argument(call, 0, "x");
  const num::Matrix y = vector_argument(call, 1, "y");
  if (x.size() != y.size()) {
    call.fail("x and y must have the same length (" + std::to_string(x.size()) + " vs " +
              std::to_string(y.size()) + ")");
  }
  if (x.size() < 2) call.fail("at least 2 sample points are needed");
  const num::Matrix queries = real_matrix(call, 2);
  const Method method = method_argument(call, 3);
  std::vector<double> xs(x.real_values().begin(), x.real_values().end());
  std::vector<double> ys(y.real_values().begin(), y.real_values().end());
  if (xs.front() > xs.back()) {
    std::reverse(xs.begin(), xs.end());
    std::reverse(ys.begin(), ys.end());
  }
  for (std::size_t k = 0; k + 1 < xs.size(); ++k) {
    if (!(xs[k] < xs[k + 1])) call.fail("x must be strictly monotonic and free of NaN");
  }
  num::Matrix result(queries.rows(), queries.columns());
  for (num::Index k = 0; k < queries.size(); ++k) {
    result.set(k, interpolate(xs, ys, queries[k], method));
  }
  return same_shape(call.value(2), std::move(result));
}

}  // namespace

extern const BuiltinTable kFitBuiltins = {
    {"polyval", polyval, 2, 2,
     "Evaluate polynomial p (highest power first) at x. Example: polyval([1, 0, -1], 3)"},
    {"roots", roots, 1, 1,
     "Roots of polynomial p (highest power first), an N×1 column. Example: roots([1, -3, 2])"},
    {"polyfit", polyfit, 3, 3,
     "Least-squares polynomial of degree n: p = polyfit(x, y, n). Example: p = polyfit([0, 1, 2], "
     "[1, 3, 5], 1)"},
    {"interp1", interp1, 3, 4,
     "1-D interpolation, NaN outside: interp1(x, y, xq, \"linear\"|\"nearest\"|\"previous\"|"
     "\"next\"). Example: interp1([1, 2, 3], [10, 20, 30], 2.5)"},
};

}  // namespace llmlab::builtins
