// train/config: configuration errors (worded before any work), names, and the schedule.
#include "train/config.hpp"

#include <gtest/gtest.h>

#include <string>

#include "base/error.hpp"

namespace llmlab::train {
namespace {

std::string error_of(const Config& config) {
  try {
    validate(config, "train_gpt");
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

TEST(config_test, defaults_are_valid) { EXPECT_EQ(error_of(Config{}), ""); }

TEST(config_test, bad_settings_are_named) {
  Config config;
  config.d_model = 66;
  EXPECT_EQ(error_of(config), "train_gpt: d_model (66) must be divisible by heads (4)");
  config = Config{};
  config.learning_rate = -1e-3;
  EXPECT_EQ(error_of(config), "train_gpt: lr must be a finite number >= 0, got -0.001");
  config = Config{};
  config.layers = 0;
  EXPECT_EQ(error_of(config), "train_gpt: layers must be a positive integer, got 0");
  config = Config{};
  config.warmup_steps = -5;
  EXPECT_EQ(error_of(config), "train_gpt: warmup must be an integer >= 0, got -5");
  config = Config{};
  config.beta2 = 1.0;
  EXPECT_EQ(error_of(config), "train_gpt: beta2 must be in [0, 1), got 1");
  // The cosine schedule falls from lr to min_lr: a floor above the peak would make it rise.
  config = Config{};
  config.learning_rate = 0.01;
  config.min_learning_rate = 0.1;
  EXPECT_EQ(error_of(config), "train_gpt: min_lr (0.1) must not be above lr (0.01)");
  config.min_learning_rate = 0.01;
  EXPECT_EQ(error_of(config), "");
}

TEST(config_test, names_round_trip_and_unknown_names_fail) {
  EXPECT_EQ(parse_norm_placement("post", "x"), NormPlacement::Post);
  EXPECT_EQ(name_of(NormKind::RMSNorm), "rmsnorm");
  EXPECT_EQ(parse_activation(name_of(Activation::GeluTanh), "x"), Activation::GeluTanh);
  try {
    parse_norm_placement("middle", "llmlab train");
    FAIL() << "expected an error";
  } catch (const Error& error) {
    EXPECT_STREQ(error.what(), "llmlab train: norm must be 'pre' or 'post', got 'middle'");
  }
}

TEST(config_test, warmup_is_linear_then_constant) {
  Config config;
  config.learning_rate = 3e-3;
  config.warmup_steps = 150;
  EXPECT_DOUBLE_EQ(learning_rate_at(config, 1), 3e-3 / 150);
  EXPECT_DOUBLE_EQ(learning_rate_at(config, 75), 1.5e-3);
  EXPECT_DOUBLE_EQ(learning_rate_at(config, 150), 3e-3);
  EXPECT_DOUBLE_EQ(learning_rate_at(config, 300), 3e-3);
  config.warmup_steps = 0;
  EXPECT_DOUBLE_EQ(learning_rate_at(config, 1), 3e-3);
}

TEST(config_test, cosine_decays_to_the_floor) {
  Config config;
  config.learning_rate = 1.0;
  config.min_learning_rate = 0.1;
  config.warmup_steps = 10;
  config.steps = 110;
  config.schedule = LrSchedule::Cosine;
  EXPECT_DOUBLE_EQ(learning_rate_at(config, 10), 1.0);
  EXPECT_NEAR(learning_rate_at(config, 60), 0.55, 1e-12);
  EXPECT_NEAR(learning_rate_at(config, 110), 0.1, 1e-12);
}

}  // namespace
}  // namespace llmlab::train
