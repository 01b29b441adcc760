// interp1's methods against values GNU Octave 7.3 printed for the same samples and queries.
#include "num/interpolation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace llmlab::num {
namespace {

using M = InterpolationMethod;

const std::vector<double> kX = {1, 2, 4, 5};
const std::vector<double> kY = {1, 3, 2, 6};

std::vector<double> at(M method, std::vector<double> queries, OutsideRule outside = {}) {
  return interpolate(kX, kY, queries, method, outside);
}

void expect_near(const std::vector<double>& got, const std::vector<double>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t k = 0; k < got.size(); ++k) {
    if (std::isnan(expected[k])) {
      EXPECT_TRUE(std::isnan(got[k])) << "element " << k;
    } else {
      EXPECT_NEAR(got[k], expected[k], 1e-12 * std::max(1.0, std::fabs(expected[k])))
          << "element " << k;
    }
  }
}

const double kNaN = std::nan("");

TEST(interpolation, pchip_keeps_the_shape_of_the_data) {
  expect_near(at(M::Pchip, {0, 1.5, 3, 4.5, 6}), {kNaN, 2.354166666666667, 2.5, 3.3125, kNaN});
  expect_near(at(M::Pchip, {0, 6}, {true}), {-0.333333333333332, 8.0});
  // Monotone data gives a monotone interpolant: no overshoot past the step.
  const std::vector<double> xs = {0, 1, 2, 3}, ys = {0, 0, 1, 1};
  for (const double v : interpolate(xs, ys, std::vector<double>{0.5, 1.5, 2.5}, M::Pchip, {})) {
    EXPECT_GE(v, 0.0);
    EXPECT_LE(v, 1.0);
  }
}

TEST(interpolation, spline_has_not_a_knot_ends) {
  expect_near(at(M::Spline, {0, 1.5, 3, 4.5, 6}),
              {kNaN, 2.572916666666667, 2.166666666666667, 3.260416666666667, kNaN});
  // Three samples: the parabola through them; two: the line.
  const std::vector<double> x3 = {1, 2, 3}, y3 = {1, 4, 2};
  expect_near(interpolate(x3, y3, std::vector<double>{1.5, 2.5, 4}, M::Spline, {}),
              {3.125, 3.625, kNaN});
  const std::vector<double> x2 = {1, 2}, y2 = {1, 4};
  expect_near(interpolate(x2, y2, std::vector<double>{1.5, 2.5}, M::Spline, {true}), {2.5, 5.5});
  // A smooth function is followed closely between its samples.
  std::vector<double> xs, ys;
  for (double x = 0; x <= 6; x += 0.7) {
    xs.push_back(x);
    ys.push_back(std::sin(x));
  }
  expect_near(interpolate(xs, ys, std::vector<double>{0.3, 2.2}, M::Spline, {}),
              {0.299931937130153, 0.808363559503742});
}

TEST(interpolation, step_methods_extrapolate_with_the_end_samples) {
  expect_near(at(M::Previous, {0, 6}, {true}), {1, 6});
  expect_near(at(M::Nearest, {0, 6}, {true}), {1, 6});
  expect_near(at(M::Next, {0, 6}, {true}), {1, 6});
  expect_near(at(M::Linear, {0, 6}, {false, -1.0}), {-1, -1});
  expect_near(at(M::Previous, {1.5, 2, 4.9, 5}), {1, 3, 2, 6});
  expect_near(at(M::Next, {1, 1.5, 2.1}), {1, 3, 2});
}

TEST(interpolation, samples_come_back_exactly) {
  for (const M method : {M::Linear, M::Nearest, M::Previous, M::Next, M::Pchip, M::Spline}) {
    EXPECT_EQ(at(method, kX), kY);
  }
  EXPECT_TRUE(std::isnan(at(M::Linear, {kNaN})[0]));
}

}  // namespace
}  // namespace llmlab::num
