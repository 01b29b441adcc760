// Linear and logarithmic tick rules (plotting.md §4.4, §5).
#include "plot/ticks.hpp"

#include <gtest/gtest.h>

namespace llmlab::plot {
namespace {

std::vector<std::string> labels(const std::vector<Tick>& ticks) {
  std::vector<std::string> result;
  for (const Tick& t : ticks) result.push_back(t.label);
  return result;
}

TEST(ticks, nice_step_picks_1_2_5) {
  EXPECT_DOUBLE_EQ(nice_step(6, 6), 1);
  EXPECT_DOUBLE_EQ(nice_step(7, 6), 2);
  EXPECT_DOUBLE_EQ(nice_step(24, 6), 5);
  EXPECT_DOUBLE_EQ(nice_step(0.9, 6), 0.2);
  EXPECT_DOUBLE_EQ(nice_step(1.2, 6), 0.2);
  EXPECT_DOUBLE_EQ(nice_step(50, 6), 10);
}

TEST(ticks, next_nice_step_goes_coarser) {
  EXPECT_DOUBLE_EQ(next_nice_step(1), 2);
  EXPECT_DOUBLE_EQ(next_nice_step(2), 5);
  EXPECT_DOUBLE_EQ(next_nice_step(5), 10);
  EXPECT_DOUBLE_EQ(next_nice_step(0.2), 0.5);
}

TEST(ticks, linear_ticks_cover_range_with_decimals_from_step) {
  EXPECT_EQ(labels(linear_ticks(0, 24)), (std::vector<std::string>{"0", "5", "10", "15", "20"}));
  EXPECT_EQ(labels(linear_ticks(-1.2, 1.2)),
            (std::vector<std::string>{"-1.0", "-0.5", "0", "0.5", "1.0"}));
}

TEST(ticks, zero_never_prints_negative) {
  for (const Tick& t : linear_ticks(-0.3, 0.3, 0.1)) EXPECT_NE(t.label, "-0.0");
}

TEST(ticks, large_and_tiny_values_use_exponents) {
  EXPECT_EQ(linear_labels({0, 100000, 200000}, 100000),
            (std::vector<std::string>{"0", "1e+05", "2e+05"}));
  EXPECT_EQ(linear_labels({0.0001, 0.00015}, 0.00005),
            (std::vector<std::string>{"1.0e-04", "1.5e-04"}));
}

TEST(ticks, log_limits_snap_to_decades) {
  EXPECT_EQ(log_limits(3.1e-7, 3.2e4), (std::pair{1e-7, 1e5}));
  EXPECT_EQ(log_limits(5.0, 5.0), (std::pair{1.0, 10.0}));
  EXPECT_EQ(log_limits(1.0, 100.0), (std::pair{1.0, 100.0}));
}

TEST(ticks, log_ticks_thin_labels_past_ten_decades) {
  std::vector<std::string> exponents;
  int majors = 0;
  for (const Tick& t : log_ticks(1e-7, 1e5)) {
    EXPECT_FALSE(t.minor);  // 12 decades: no minor ticks
    ++majors;
    if (!t.label.empty()) exponents.push_back(t.superscript);
  }
  EXPECT_EQ(majors, 13);
  EXPECT_EQ(exponents, (std::vector<std::string>{"-6", "-4", "-2", "0", "2", "4"}));
}

TEST(ticks, log_ticks_have_minors_up_to_six_decades) {
  const std::vector<Tick> ticks = log_ticks(0.01, 10);
  int minors = 0;
  for (const Tick& t : ticks) minors += t.minor ? 1 : 0;
  EXPECT_EQ(minors, 3 * 8);
  EXPECT_EQ(ticks.front().superscript, "-2");
  EXPECT_EQ(ticks.back().superscript, "1");
}

TEST(ticks, log_ticks_inside_one_decade_label_the_minors) {
  const std::vector<Tick> ticks = log_ticks(2, 8);
  ASSERT_FALSE(ticks.empty());
  EXPECT_EQ(ticks.front().label, "2");
}

}  // namespace
}  // namespace llmlab::plot
