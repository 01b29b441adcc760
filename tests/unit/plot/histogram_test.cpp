// Equal-width binning (builtins.md §5).
#include "plot/histogram.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace llmlab::plot {
namespace {

TEST(histogram, bins_span_min_to_max_with_last_bin_closed) {
  const std::vector<double> v = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const Histogram h = bin_histogram(v, 10);
  ASSERT_EQ(h.counts.size(), 10u);
  EXPECT_DOUBLE_EQ(h.width, 1.0);
  EXPECT_DOUBLE_EQ(h.centres.front(), 0.5);
  EXPECT_DOUBLE_EQ(h.centres.back(), 9.5);
  EXPECT_DOUBLE_EQ(h.counts.back(), 2);  // 9 and 10
  double total = 0;
  for (double c : h.counts) total += c;
  EXPECT_DOUBLE_EQ(total, 11);
}

TEST(histogram, constant_data_uses_unit_width) {
  const std::vector<double> v = {3, 3, 3};
  const Histogram h = bin_histogram(v, 4);
  EXPECT_DOUBLE_EQ(h.width, 1.0);
  EXPECT_DOUBLE_EQ(h.centres[0], 3.5);
  EXPECT_DOUBLE_EQ(h.counts[0], 3);
}

TEST(histogram, non_finite_samples_are_skipped) {
  const std::vector<double> v = {1, NAN, 2, INFINITY};
  const Histogram h = bin_histogram(v, 2);
  EXPECT_DOUBLE_EQ(h.counts[0] + h.counts[1], 2);
}

}  // namespace
}  // namespace llmlab::plot
