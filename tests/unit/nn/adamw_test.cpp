// nn/adamw: the update torch.optim.AdamW makes, checked by hand-computed steps.
#include "nn/adamw.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace llmlab::nn {
namespace {

TEST(adamw_test, first_step_moves_by_learning_rate_against_the_gradient_sign) {
  // At step 1 the bias-corrected m / sqrt(v) is g / |g| = ±1 (up to ε).
  std::vector<double> p{1.0, -2.0}, m(2, 0.0), v(2, 0.0);
  const std::vector<double> g{0.5, -3.0};
  AdamWSettings settings;
  settings.learning_rate = 0.1;
  settings.weight_decay = 0.0;
  adamw_step<double>(p, g, m, v, 1, settings);
  EXPECT_NEAR(p[0], 0.9, 1e-7);
  EXPECT_NEAR(p[1], -1.9, 1e-7);
  EXPECT_DOUBLE_EQ(m[0], 0.1 * 0.5);
  EXPECT_DOUBLE_EQ(v[1], 0.001 * 9.0);
}

TEST(adamw_test, weight_decay_is_decoupled_from_the_gradient) {
  // A zero gradient leaves m, v at 0: only the decay p·(1 - lr·wd) acts.
  std::vector<float> p{2.0f}, m{0.0f}, v{0.0f};
  const std::vector<float> g{0.0f};
  AdamWSettings settings{0.5, 0.9, 0.999, 1e-8, 0.1};
  adamw_step<float>(p, g, m, v, 1, settings);
  EXPECT_FLOAT_EQ(p[0], 2.0f * (1.0f - 0.05f));
}

TEST(adamw_test, second_step_uses_bias_corrections) {
  std::vector<double> p{0.0}, m{0.0}, v{0.0};
  AdamWSettings settings{1e-2, 0.9, 0.999, 1e-8, 0.0};
  adamw_step<double>(p, std::vector<double>{1.0}, m, v, 1, settings);
  const double after_first = p[0];
  adamw_step<double>(p, std::vector<double>{-2.0}, m, v, 2, settings);
  const double m2 = 0.9 * 0.1 + 0.1 * -2.0;
  const double v2 = 0.999 * 0.001 + 0.001 * 4.0;
  const double expected =
      after_first - 1e-2 / (1 - 0.81) * m2 / (std::sqrt(v2) / std::sqrt(1 - 0.999 * 0.999) + 1e-8);
  EXPECT_NEAR(p[0], expected, 1e-15);
  EXPECT_NEAR(m[0], m2, 1e-15);
}

}  // namespace
}  // namespace llmlab::nn
