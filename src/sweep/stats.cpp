// The t quantile inverts the t distribution function, written with the regularised incomplete
// beta function: P(|T| > t) = I_{df/(df+t²)}(df/2, 1/2). The beta function's continued fraction
// is Lentz's method; the inversion is bisection, which needs no derivative and converges to
// double precision in about a hundred steps.
#include "sweep/stats.hpp"

#include <cmath>
#include <limits>

namespace llmlab::sweep {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Continued fraction of I_x(a, b) (converges for x < (a+1)/(a+b+2)).
double beta_fraction(double a, double b, double x) {
  constexpr double kTiny = 1e-300;
  double c = 1.0;
  double d = 1.0 - (a + b) * x / (a + 1.0);
  if (std::fabs(d) < kTiny) d = kTiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= 1000; ++m) {
    const double m2 = 2.0 * m;
    double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
    d = 1.0 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1.0 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
    d = 1.0 + aa * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1.0 + aa / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1.0) < 1e-16) break;
  }
  return h;
}

// The regularised incomplete beta function I_x(a, b).
double incomplete_beta(double a, double b, double x) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 1.0;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_fraction(a, b, x) / a;
  return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

// P(T ≤ t) for Student's t with df degrees of freedom.
double student_t_cdf(double t, double df) {
  const double tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t));
  return t >= 0 ? 1.0 - tail : tail;
}

// The p-quantile of the standard normal distribution (0.5 < p < 1), by bisection on erfc.
double normal_quantile(double p) {
  double low = 0.0, high = 40.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (low + high);
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

}  // namespace

double student_t_quantile(double p, double df) {
  if (!(p > 0.0 && p < 1.0) || !(df > 0.0)) return kNaN;
  if (p < 0.5) return -student_t_quantile(1.0 - p, df);
  double low = 0.0, high = 1.0;
  while (student_t_cdf(high, df) < p) high *= 2.0;
  for (int i = 0; i < 200 && high - low > 1e-15 * high; ++i) {
    const double mid = 0.5 * (low + high);
    (student_t_cdf(mid, df) < p ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

Interval t_interval(const std::vector<double>& values, double confidence) {
  const auto n = static_cast<double>(values.size());
  if (values.empty()) return {kNaN, kNaN, kNaN};
  double mean = 0.0;
  for (const double v : values) mean += v;
  mean /= n;
  if (values.size() == 1) return {mean, kNaN, kNaN};
  double squares = 0.0;
  for (const double v : values) squares += (v - mean) * (v - mean);
  const double s = std::sqrt(squares / (n - 1.0));
  const double half = student_t_quantile(0.5 + confidence / 2.0, n - 1.0) * s / std::sqrt(n);
  return {mean, mean - half, mean + half};
}

Interval wilson_interval(int successes, int n, double confidence) {
  if (n <= 0) return {kNaN, kNaN, kNaN};
  const double z = normal_quantile(0.5 + confidence / 2.0);
  const double p = static_cast<double>(successes) / n;
  const double z2n = z * z / n;
  const double center = (p + z2n / 2.0) / (1.0 + z2n);
  const double half = z / (1.0 + z2n) * std::sqrt(p * (1.0 - p) / n + z2n / (4.0 * n));
  return {p, std::max(0.0, center - half), std::min(1.0, center + half)};
}

double geometric_mean(const std::vector<double>& values) {
  double sum = 0.0;
  int count = 0;
  for (const double v : values) {
    if (v > 0.0 && std::isfinite(v)) {
      sum += std::log(v);
      ++count;
    }
  }
  return count == 0 ? kNaN : std::exp(sum / count);
}

}  // namespace llmlab::sweep
