// builtins.md §5–§6 on signals (MATLAB additions), for smoothing and filtering training
// curves: conv (full, same, valid), filter (a rational transfer function, as an EMA of losses is
// written), movmean and movsum (centred windows shrunk at the ends), cumtrapz and gradient.
// Inputs are vector-like; results keep the orientation of the signal.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "builtins/matlab_slices.hpp"
#include "num/format.hpp"

namespace llmlab::builtins {
namespace {

using matlab::real_matrix;
using matlab::Slices;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

// gradient(y[, h]): MATLAB's numerical derivative of a vector — central differences inside,
// one-sided at the two ends, spacing h (default 1).
Value gradient(Call& call) {
  const num::Matrix y = real_matrix(call, 0);
  if (y.rows() > 1 && y.columns() > 1) call.fail("y must be a vector");
  const double h = call.scalar_or(1, 1.0);
  const num::Index n = y.size();
  num::Matrix g(y.rows(), y.columns());
  for (num::Index k = 0; k < n; ++k) {
    if (n == 1) {
      g.set(k, 0.0);
    } else if (k == 0) {
      g.set(k, (y[1] - y[0]) / h);
    } else if (k == n - 1) {
      g.set(k, (y[n - 1] - y[n - 2]) / h);
    } else {
      g.set(k, (y[k + 1] - y[k - 1]) / (2.0 * h));
    }
  }
  return matlab::same_shape(call.value(0), std::move(g));
}

std::vector<double> signal_argument(Call& call, int index, const char* what) {
  const num::Matrix m = real_matrix(call, index);
  if (m.rows() > 1 && m.columns() > 1) {
    call.fail(fmt::format("{} must be a vector, got a {}x{} matrix", what, m.rows(), m.columns()));
  }
  return {m.real_values().begin(), m.real_values().end()};
}

// A result laid out like the signal at `index`: an N×1 column stays a column, anything else
// gives a Vector.
Value like_signal(const Call& call, int index, const std::vector<double>& values) {
  const Value& model = call.value(index);
  const bool column = model.is(Kind::Matrix) && model.matrix_value().columns() == 1 &&
                      model.matrix_value().rows() > 1;
  num::Matrix result = num::Matrix::row(values);
  if (column) return Value::matrix(result.with_shape(result.size(), 1));
  return Value::vector(std::move(result));
}

// conv(u, v[, shape]): the full convolution (length m + n − 1), its central part of u's length
// ("same"), or the part computed without zero padding ("valid").
Value conv(Call& call) {
  const std::vector<double> u = signal_argument(call, 0, "u");
  const std::vector<double> v = signal_argument(call, 1, "v");
  const std::string shape = call.has(2) ? call.string(2) : "full";
  if (shape != "full" && shape != "same" && shape != "valid") {
    call.fail(fmt::format("shape must be \"full\", \"same\" or \"valid\", got \"{}\"", shape));
  }
  if (u.empty() || v.empty()) return like_signal(call, 0, {});
  std::vector<double> full(u.size() + v.size() - 1, 0.0);
  for (std::size_t i = 0; i < u.size(); ++i) {
    for (std::size_t k = 0; k < v.size(); ++k) full[i + k] += u[i] * v[k];
  }
  if (shape == "full") return like_signal(call, 0, full);
  if (shape == "same") {
    const std::size_t start = v.size() / 2;
    return like_signal(call, 0,
                       {full.begin() + static_cast<std::ptrdiff_t>(start),
                        full.begin() + static_cast<std::ptrdiff_t>(start + u.size())});
  }
  if (v.size() > u.size()) return like_signal(call, 0, {});
  return like_signal(call, 0,
                     {full.begin() + static_cast<std::ptrdiff_t>(v.size() - 1),
                      full.begin() + static_cast<std::ptrdiff_t>(u.size())});
}

// filter(b, a, x): y(n) = (Σ b(k)·x(n−k+1) − Σ_{k≥2} a(k)·y(n−k+1)) / a(1), from rest.
Value filter(Call& call) {
  const std::vector<double> b = signal_argument(call, 0, "b");
  const std::vector<double> a = signal_argument(call, 1, "a");
  const std::vector<double> x = signal_argument(call, 2, "x");
  if (a.empty() || a.front() == 0.0) call.fail("a(1) must be non-zero");
  std::vector<double> y(x.size(), 0.0);
  for (std::size_t n = 0; n < x.size(); ++n) {
    double total = 0.0;
    for (std::size_t k = 0; k < b.size() && k <= n; ++k) total += b[k] * x[n - k];
    for (std::size_t k = 1; k < a.size() && k <= n; ++k) total -= a[k] * y[n - k];
    y[n] = total / a.front();
  }
  return like_signal(call, 2, y);
}

// The window of movmean/movsum: k elements centred on each one (k − 1)/2 back and forward when
// k is odd, k/2 back and k/2 − 1 forward when even), or [back, forward] given as two numbers.
struct Window {
  std::size_t back = 0;
  std::size_t forward = 0;
};

Window window_argument(Call& call) {
  const num::Matrix w = real_matrix(call, 1);
  const auto count = [&](double value) {
    if (!(value >= 0.0) || std::floor(value) != value) {
      call.fail("window must be a positive integer or [back, forward]");
    }
    return static_cast<std::size_t>(value);
  };
  if (w.size() == 2) return {count(w[0]), count(w[1])};
  if (w.size() != 1 || w[0] < 1.0)
    call.fail("window must be a positive integer or [back, forward]");
  const std::size_t k = count(w[0]);
  return k % 2 == 1 ? Window{(k - 1) / 2, (k - 1) / 2} : Window{k / 2, k / 2 - 1};
}

template <bool kMean>
Value moving(Call& call) {
  const std::vector<double> x = signal_argument(call, 0, "x");
  const Window window = window_argument(call);
  std::vector<double> out(x.size(), 0.0);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const std::size_t first = i >= window.back ? i - window.back : 0;
    const std::size_t last = std::min(x.size() - 1, i + window.forward);
    double total = 0.0;
    for (std::size_t k = first; k <= last; ++k) total += x[k];
    out[i] = kMean ? total / static_cast<double>(last - first + 1) : total;
  }
  return like_signal(call, 0, out);
}

// cumtrapz(y) with unit spacing, cumtrapz(x, y): the running trapezoidal integral, from 0.
Value cumtrapz(Call& call) {
  const int y_index = call.count() == 2 ? 1 : 0;
  const std::vector<double> y = signal_argument(call, y_index, "y");
  std::vector<double> x;
  if (call.count() == 2) {
    x = signal_argument(call, 0, "x");
    if (x.size() != y.size()) {
      call.fail(
          fmt::format("x and y must have the same length, got {} and {}", x.size(), y.size()));
    }
  }
  std::vector<double> out(y.size(), 0.0);
  for (std::size_t k = 1; k < y.size(); ++k) {
    const double dx = x.empty() ? 1.0 : x[k] - x[k - 1];
    out[k] = out[k - 1] + 0.5 * (y[k] + y[k - 1]) * dx;
  }
  return like_signal(call, y_index, out);
}

}  // namespace

extern const BuiltinTable kSignalBuiltins = {
    {"gradient", gradient, 1, 2, "Numerical derivative: central inside, one-sided at the ends."},
    {"conv", conv, 2, 3, "Convolution of two vectors: conv(u, v), conv(u, v, \"same\"/\"valid\")."},
    {"filter", filter, 3, 3, "Rational filter y = filter(b, a, x), e.g. an EMA of a curve."},
    {"movmean", moving<true>, 2, 2, "Moving mean over a centred window of k (or [back, forward])."},
    {"movsum", moving<false>, 2, 2, "Moving sum over a centred window of k (or [back, forward])."},
    {"cumtrapz", cumtrapz, 1, 2, "Running trapezoidal integral: cumtrapz(y), cumtrapz(x, y)."},
};

}  // namespace llmlab::builtins
