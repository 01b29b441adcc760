// The statistics of a sweep report: Student's t interval of a mean, Wilson's interval of a
// proportion, and the geometric mean.
#pragma once

#include <vector>

namespace llmlab::sweep {

// The p-quantile of Student's t distribution with `df` degrees of freedom (df ≥ 1, 0 < p < 1).
double student_t_quantile(double p, double df);

struct Interval {
  double center = 0.0;  // the mean (t) or the observed fraction (Wilson)
  double low = 0.0;
  double high = 0.0;
};

// mean ± t(0.975, n-1)·s/√n over the values; n = 1 gives an unbounded interval (NaN bounds),
// n = 0 NaN throughout.
Interval t_interval(const std::vector<double>& values, double confidence = 0.95);

// Wilson's score interval for `successes` of `n` (n ≥ 1) at the given confidence.
Interval wilson_interval(int successes, int n, double confidence = 0.95);

// exp(mean(log x)) over the positive finite values; NaN when there are none.
double geometric_mean(const std::vector<double>& values);

}  // namespace llmlab::sweep
