// Interpolation: the piece holding each query is found by binary search; the cubic methods
// compute their slopes once per call, in O(n), so a long query vector costs O(m log n).
#include "num/interpolation.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace llmlab::num {

namespace {

struct Samples {
  std::span<const double> x;
  std::span<const double> y;
  std::vector<double> width;  // h_k = x_{k+1} - x_k
  std::vector<double> slope;  // δ_k, the slope of the chord over piece k
};

Samples samples_of(std::span<const double> xs, std::span<const double> ys) {
  Samples s{xs, ys, {}, {}};
  for (std::size_t k = 0; k + 1 < xs.size(); ++k) {
    s.width.push_back(xs[k + 1] - xs[k]);
    s.slope.push_back((ys[k + 1] - ys[k]) / s.width.back());
  }
  return s;
}

double sign_of(double v) { return v > 0.0 ? 1.0 : v < 0.0 ? -1.0 : 0.0; }

// The slope at an end sample from the three-point formula over the two end pieces, kept to the
// side of the data's shape: zero when it points against the end chord, at most three times the
// end chord where the data turns (h0, d0: the end piece; h1, d1: the next one).
double pchip_end_slope(double h0, double h1, double d0, double d1) {
  const double slope = ((2.0 * h0 + h1) * d0 - h0 * d1) / (h0 + h1);
  if (sign_of(slope) != sign_of(d0)) return 0.0;
  if (sign_of(d0) != sign_of(d1) && std::fabs(slope) > std::fabs(3.0 * d0)) return 3.0 * d0;
  return slope;
}

// Fritsch and Carlson's slopes: a weighted harmonic mean of the neighbouring chords where they
// agree in sign, zero at a local extremum, so the interpolant is monotone where the data is.
std::vector<double> pchip_slopes(const Samples& s) {
  const std::size_t n = s.x.size();
  std::vector<double> d(n, 0.0);
  if (n == 2) {
    d[0] = d[1] = s.slope[0];
    return d;
  }
  for (std::size_t k = 1; k + 1 < n; ++k) {
    const double before = s.slope[k - 1], after = s.slope[k];
    if (before * after <= 0.0) continue;
    const double w1 = 2.0 * s.width[k] + s.width[k - 1];
    const double w2 = s.width[k] + 2.0 * s.width[k - 1];
    d[k] = (w1 + w2) / (w1 / before + w2 / after);
  }
  d[0] = pchip_end_slope(s.width[0], s.width[1], s.slope[0], s.slope[1]);
  d[n - 1] = pchip_end_slope(s.width[n - 2], s.width[n - 3], s.slope[n - 2], s.slope[n - 3]);
  return d;
}

// The cubic spline's slopes. Interior samples: continuous second derivative. Ends: not-a-knot
// (the first two pieces are one cubic, and the last two), which after eliminating the third
// unknown reads h1·d0 + (h0+h1)·d1 = ((3h0+2h1)·h1·δ0 + h0²·δ1)/(h0+h1), and its mirror image.
// The tridiagonal system is solved by elimination without pivoting: after the first row every
// pivot is at least the sum of its row's widths, and the last stays positive.
std::vector<double> spline_slopes(const Samples& s) {
  const std::size_t n = s.x.size();
  const std::vector<double>& h = s.width;
  const std::vector<double>& delta = s.slope;
  if (n == 2) return {delta[0], delta[0]};
  if (n == 3) {
    // Both not-a-knot conditions make the spline the parabola through the three samples.
    const double curvature = (delta[1] - delta[0]) / (h[0] + h[1]);
    return {delta[0] - curvature * h[0], delta[0] + curvature * h[0],
            delta[0] + curvature * (h[0] + 2.0 * h[1])};
  }
  std::vector<double> lower(n, 0.0), diagonal(n, 0.0), upper(n, 0.0), rhs(n, 0.0);
  diagonal[0] = h[1];
  upper[0] = h[0] + h[1];
  rhs[0] = ((3.0 * h[0] + 2.0 * h[1]) * h[1] * delta[0] + h[0] * h[0] * delta[1]) / (h[0] + h[1]);
  for (std::size_t k = 1; k + 1 < n; ++k) {
    lower[k] = h[k];
    diagonal[k] = 2.0 * (h[k - 1] + h[k]);
    upper[k] = h[k - 1];
    rhs[k] = 3.0 * (h[k] * delta[k - 1] + h[k - 1] * delta[k]);
  }
  const double last = h[n - 2], before_last = h[n - 3];
  lower[n - 1] = last + before_last;
  diagonal[n - 1] = before_last;
  rhs[n - 1] =
      ((3.0 * last + 2.0 * before_last) * before_last * delta[n - 2] + last * last * delta[n - 3]) /
      (last + before_last);
  for (std::size_t k = 1; k < n; ++k) {
    const double factor = lower[k] / diagonal[k - 1];
    diagonal[k] -= factor * upper[k - 1];
    rhs[k] -= factor * rhs[k - 1];
  }
  std::vector<double> d(n, 0.0);
  d[n - 1] = rhs[n - 1] / diagonal[n - 1];
  for (std::size_t k = n - 1; k-- > 0;) d[k] = (rhs[k] - upper[k] * d[k + 1]) / diagonal[k];
  return d;
}

// The cubic on piece k with end values y_k, y_{k+1} and end slopes d_k, d_{k+1}, at q (also
// beyond the piece, to extrapolate).
double hermite(const Samples& s, const std::vector<double>& d, std::size_t k, double q) {
  const double h = s.width[k], delta = s.slope[k];
  const double t = q - s.x[k];
  const double c2 = (3.0 * delta - 2.0 * d[k] - d[k + 1]) / h;
  const double c3 = (d[k] - 2.0 * delta + d[k + 1]) / (h * h);
  return s.y[k] + t * (d[k] + t * (c2 + t * c3));
}

double at_piece(const Samples& s, const std::vector<double>& d, std::size_t k, double q,
                InterpolationMethod method) {
  const double left = s.x[k], right = s.x[k + 1];
  switch (method) {
    case InterpolationMethod::Linear:
      return s.y[k] + (q - left) * s.slope[k];
    case InterpolationMethod::Nearest:
      // A midpoint goes to the right neighbour, as MATLAB's does.
      return q - left < right - q ? s.y[k] : s.y[k + 1];
    case InterpolationMethod::Previous:
      return q == right ? s.y[k + 1] : s.y[k];
    case InterpolationMethod::Next:
      return q == left ? s.y[k] : s.y[k + 1];
    case InterpolationMethod::Pchip:
    case InterpolationMethod::Spline:
      return hermite(s, d, k, q);
  }
  return std::numeric_limits<double>::quiet_NaN();
}

bool is_stepwise(InterpolationMethod method) {
  return method == InterpolationMethod::Nearest || method == InterpolationMethod::Previous ||
         method == InterpolationMethod::Next;
}

}  // namespace

std::vector<double> interpolate(std::span<const double> xs, std::span<const double> ys,
                                std::span<const double> queries, InterpolationMethod method,
                                OutsideRule outside) {
  const Samples s = samples_of(xs, ys);
  std::vector<double> d;
  if (method == InterpolationMethod::Pchip) d = pchip_slopes(s);
  if (method == InterpolationMethod::Spline) d = spline_slopes(s);
  const std::size_t n = xs.size();
  std::vector<double> result;
  result.reserve(queries.size());
  for (const double q : queries) {
    if (std::isnan(q)) {
      result.push_back(q);
      continue;
    }
    const bool below = q<xs.front(), above = q> xs.back();
    if ((below || above) && !outside.extrapolate) {
      result.push_back(outside.value);
    } else if ((below || above) && is_stepwise(method)) {
      result.push_back(below ? ys.front() : ys.back());
    } else {
      // The piece holding q: the last piece whose left end is at or below it, the end pieces
      // for queries beyond the samples.
      const auto upper = std::upper_bound(xs.begin(), xs.end(), q);
      const std::size_t after = static_cast<std::size_t>(upper - xs.begin());
      const std::size_t piece = std::min(after == 0 ? 0 : after - 1, n - 2);
      // A query at a sample is that sample, whatever rounding the piece's formula has.
      if (q == xs[piece]) {
        result.push_back(ys[piece]);
      } else if (q == xs[piece + 1]) {
        result.push_back(ys[piece + 1]);
      } else {
        result.push_back(at_piece(s, d, piece, q, method));
      }
    }
  }
  return result;
}

namespace {

// The cubic pieces with end values y_k, y_{k+1} and end slopes d_k, d_{k+1}, as hermite() above
// evaluates them.
Pieces hermite_pieces(const Samples& s, const std::vector<double>& d) {
  Pieces pieces{{s.x.begin(), s.x.end()}, 4, {}};
  for (std::size_t k = 0; k + 1 < s.x.size(); ++k) {
    const double h = s.width[k], delta = s.slope[k];
    pieces.coefficients.push_back((d[k] - 2.0 * delta + d[k + 1]) / (h * h));
    pieces.coefficients.push_back((3.0 * delta - 2.0 * d[k] - d[k + 1]) / h);
    pieces.coefficients.push_back(d[k]);
    pieces.coefficients.push_back(s.y[k]);
  }
  return pieces;
}

// Constant pieces: nearest changes value halfway between samples, previous holds each sample
// to the next one (and the last for one more width, so that it is its own piece).
Pieces stepwise_pieces(std::span<const double> xs, std::span<const double> ys, bool nearest) {
  const std::size_t n = xs.size();
  Pieces pieces{{xs.front()}, 1, {ys.begin(), ys.end()}};
  for (std::size_t k = 0; k + 1 < n; ++k) {
    pieces.breaks.push_back(nearest ? xs[k] + (xs[k + 1] - xs[k]) / 2.0 : xs[k + 1]);
  }
  pieces.breaks.push_back(nearest ? xs.back() : 2.0 * xs[n - 1] - xs[n - 2]);
  return pieces;
}

}  // namespace

Pieces interpolation_pieces(std::span<const double> xs, std::span<const double> ys,
                            InterpolationMethod method) {
  const Samples s = samples_of(xs, ys);
  switch (method) {
    case InterpolationMethod::Linear: {
      Pieces pieces{{xs.begin(), xs.end()}, 2, {}};
      for (std::size_t k = 0; k + 1 < xs.size(); ++k) {
        pieces.coefficients.push_back(s.slope[k]);
        pieces.coefficients.push_back(ys[k]);
      }
      return pieces;
    }
    case InterpolationMethod::Nearest:
    case InterpolationMethod::Previous:
      return stepwise_pieces(xs, ys, method == InterpolationMethod::Nearest);
    case InterpolationMethod::Pchip:
      return hermite_pieces(s, pchip_slopes(s));
    case InterpolationMethod::Spline:
      return hermite_pieces(s, spline_slopes(s));
    case InterpolationMethod::Next:
      break;
  }
  return {};
}

// The interior rows are those of spline_slopes(); the end slopes are known, so the system is
// the interior unknowns' alone (diagonally dominant, solved without pivoting).
Pieces complete_spline_pieces(std::span<const double> xs, std::span<const double> ys,
                              double first_slope, double last_slope) {
  const Samples s = samples_of(xs, ys);
  const std::size_t n = xs.size();
  const std::vector<double>& h = s.width;
  std::vector<double> d(n, 0.0);
  d[0] = first_slope;
  d[n - 1] = last_slope;
  std::vector<double> diagonal(n, 0.0), rhs(n, 0.0);
  for (std::size_t k = 1; k + 1 < n; ++k) {
    diagonal[k] = 2.0 * (h[k - 1] + h[k]);
    rhs[k] = 3.0 * (h[k] * s.slope[k - 1] + h[k - 1] * s.slope[k]);
  }
  if (n > 2) {
    rhs[1] -= h[1] * first_slope;
    rhs[n - 2] -= h[n - 3] * last_slope;
  }
  // Row k: h[k]·d[k-1] + diagonal[k]·d[k] + h[k-1]·d[k+1] = rhs[k].
  for (std::size_t k = 2; k + 1 < n; ++k) {
    const double factor = h[k] / diagonal[k - 1];
    diagonal[k] -= factor * h[k - 2];
    rhs[k] -= factor * rhs[k - 1];
  }
  for (std::size_t k = n - 1; k-- > 1;) {
    const double next = k + 2 < n ? d[k + 1] : 0.0;
    d[k] = (rhs[k] - h[k - 1] * next) / diagonal[k];
  }
  return hermite_pieces(s, d);
}

}  // namespace llmlab::num
