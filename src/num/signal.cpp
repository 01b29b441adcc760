// 1-D signal algorithms (see signal.hpp). Plain loops: the signals are training curves of a few
// thousand points, where O(m·n) convolution and direct windows are fast enough and exact.
#include "num/signal.hpp"

#include <algorithm>

#include "base/error.hpp"

namespace llmlab::num {

std::vector<double> convolve(std::span<const double> u, std::span<const double> v,
                             ConvolutionPart part) {
  if (u.empty() || v.empty()) return {};
  std::vector<double> full(u.size() + v.size() - 1, 0.0);
  for (std::size_t i = 0; i < u.size(); ++i) {
    for (std::size_t k = 0; k < v.size(); ++k) full[i + k] += u[i] * v[k];
  }
  const auto cut = [&full](std::size_t start, std::size_t end) {
    return std::vector<double>(full.begin() + static_cast<std::ptrdiff_t>(start),
                               full.begin() + static_cast<std::ptrdiff_t>(end));
  };
  switch (part) {
    case ConvolutionPart::Full:
      return full;
    case ConvolutionPart::Same:
      return cut(v.size() / 2, v.size() / 2 + u.size());
    case ConvolutionPart::Valid:
      if (v.size() > u.size()) return {};
      return cut(v.size() - 1, u.size());
  }
  return full;
}

std::vector<double> filter(std::span<const double> b, std::span<const double> a,
                           std::span<const double> x) {
  LLMLAB_ASSERT(!a.empty() && a.front() != 0.0);
  std::vector<double> y(x.size(), 0.0);
  for (std::size_t n = 0; n < x.size(); ++n) {
    double total = 0.0;
    for (std::size_t k = 0; k < b.size() && k <= n; ++k) total += b[k] * x[n - k];
    for (std::size_t k = 1; k < a.size() && k <= n; ++k) total -= a[k] * y[n - k];
    y[n] = total / a.front();
  }
  return y;
}

Window centred_window(std::size_t k) {
  LLMLAB_ASSERT(k >= 1);
  return k % 2 == 1 ? Window{(k - 1) / 2, (k - 1) / 2} : Window{k / 2, k / 2 - 1};
}

namespace {

template <bool kMean>
std::vector<double> moving(std::span<const double> x, Window window) {
  std::vector<double> out(x.size(), 0.0);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const std::size_t first = i >= window.back ? i - window.back : 0;
    const std::size_t last = std::min(x.size() - 1, i + window.forward);
    double total = 0.0;
    for (std::size_t k = first; k <= last; ++k) total += x[k];
    out[i] = kMean ? total / static_cast<double>(last - first + 1) : total;
  }
  return out;
}

}  // namespace

std::vector<double> moving_sum(std::span<const double> x, Window window) {
  return moving<false>(x, window);
}

std::vector<double> moving_mean(std::span<const double> x, Window window) {
  return moving<true>(x, window);
}

std::vector<double> cumulative_trapezoid(std::span<const double> x, std::span<const double> y) {
  LLMLAB_ASSERT(x.empty() || x.size() == y.size());
  std::vector<double> out(y.size(), 0.0);
  for (std::size_t k = 1; k < y.size(); ++k) {
    const double dx = x.empty() ? 1.0 : x[k] - x[k - 1];
    out[k] = out[k - 1] + 0.5 * (y[k] + y[k - 1]) * dx;
  }
  return out;
}

std::vector<double> gradient(std::span<const double> y, double h) {
  const std::size_t n = y.size();
  std::vector<double> g(n, 0.0);
  if (n < 2) return g;
  g[0] = (y[1] - y[0]) / h;
  g[n - 1] = (y[n - 1] - y[n - 2]) / h;
  for (std::size_t k = 1; k + 1 < n; ++k) g[k] = (y[k + 1] - y[k - 1]) / (2.0 * h);
  return g;
}

}  // namespace llmlab::num
