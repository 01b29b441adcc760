// train/activation: both GELUs write their derivative over the input, as the trainer does, and
// the backward pass multiplies by it. (The exact GELU kernel itself: tests/unit/nn/gelu_erf_test.)
#include "train/activation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace llmlab::train {
namespace {

TEST(activation_test, derivative_over_the_input_then_backward) {
  for (const Activation kind : {Activation::GeluErf, Activation::GeluTanh}) {
    const std::vector<float> x{-2.5f, -0.3f, 0.0f, 0.8f, 3.0f};
    std::vector<float> y(x.size()), derivative(x.size()), in_place = x, y_in_place(x.size());
    activation_forward<float>(kind, y, derivative, x);
    activation_forward<float>(kind, y_in_place, in_place, in_place);
    EXPECT_EQ(y_in_place, y);
    EXPECT_EQ(in_place, derivative);
    const std::vector<float> dout{1.0f, -2.0f, 0.5f, 3.0f, -1.0f};
    std::vector<float> dx(x.size(), 9.0f);  // overwritten, not added to
    activation_backward<float>(dx, derivative, dout);
    for (size_t i = 0; i < x.size(); i++) EXPECT_EQ(dx[i], derivative[i] * dout[i]);
  }
}

}  // namespace
}  // namespace llmlab::train
