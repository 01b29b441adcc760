// num/signal: convolution parts, the rational filter, moving windows, the running trapezoid and
// the gradient, against values worked by hand.
#include "num/signal.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace llmlab::num {
namespace {

using Values = std::vector<double>;

TEST(signal_test, convolution_full_same_and_valid) {
  const Values u = {1, 2, 3};
  const Values v = {1, 1};
  EXPECT_EQ(convolve(u, v, ConvolutionPart::Full), (Values{1, 3, 5, 3}));
  EXPECT_EQ(convolve(u, v, ConvolutionPart::Same), (Values{3, 5, 3}));
  EXPECT_EQ(convolve(u, v, ConvolutionPart::Valid), (Values{3, 5}));
  EXPECT_EQ(convolve(v, u, ConvolutionPart::Valid), Values{});
  EXPECT_EQ(convolve(Values{}, v, ConvolutionPart::Full), Values{});
}

TEST(signal_test, filter_is_an_exponential_moving_average) {
  // y(n) = 0.5 x(n) + 0.5 y(n − 1), from rest.
  const Values b = {0.5};
  const Values a = {1, -0.5};
  EXPECT_EQ(filter(b, a, Values{2, 2, 2}), (Values{1, 1.5, 1.75}));
  // a(0) divides everything: a plain moving sum of two over 2.
  EXPECT_EQ(filter(Values{1, 1}, Values{2}, Values{2, 4, 6}), (Values{1, 3, 5}));
}

TEST(signal_test, moving_windows_shrink_at_the_ends) {
  EXPECT_EQ(centred_window(3).back, 1u);
  EXPECT_EQ(centred_window(3).forward, 1u);
  EXPECT_EQ(centred_window(4).back, 2u);
  EXPECT_EQ(centred_window(4).forward, 1u);
  const Values x = {1, 2, 3, 4};
  EXPECT_EQ(moving_sum(x, centred_window(3)), (Values{3, 6, 9, 7}));
  EXPECT_EQ(moving_mean(x, centred_window(3)), (Values{1.5, 2, 3, 3.5}));
  EXPECT_EQ(moving_sum(x, Window{0, 1}), (Values{3, 5, 7, 4}));
}

TEST(signal_test, cumulative_trapezoid_with_and_without_spacing) {
  EXPECT_EQ(cumulative_trapezoid(Values{}, Values{1, 3, 5}), (Values{0, 2, 6}));
  EXPECT_EQ(cumulative_trapezoid(Values{0, 2, 3}, Values{1, 3, 5}), (Values{0, 4, 8}));
}

TEST(signal_test, gradient_is_central_inside_and_one_sided_at_the_ends) {
  EXPECT_EQ(gradient(Values{1, 4, 9, 16}, 1.0), (Values{3, 4, 6, 7}));
  EXPECT_EQ(gradient(Values{1, 4, 9, 16}, 0.5), (Values{6, 8, 12, 14}));
  EXPECT_EQ(gradient(Values{5}, 1.0), (Values{0}));
}

}  // namespace
}  // namespace llmlab::num
