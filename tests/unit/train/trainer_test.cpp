// train/trainer: a few steps on the small corpus learn, repeat exactly from a seed, record the
// series, stop cleanly at a non-finite loss, and reject configurations before any work.
#include "train/trainer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "base/error.hpp"
#include "tiny_config.hpp"

namespace llmlab::train {
namespace {

Config tiny_config() { return test_support::tiny_config(30, 10, 15, 2); }

TEST(trainer_test, learns_and_records_the_series) {
  const Record record = train_gpt(tiny_config());
  EXPECT_EQ(record.steps_done, 30);
  EXPECT_FALSE(record.nonfinite_step.has_value());
  ASSERT_EQ(record.log.size(), 4u);  // steps 1, 10, 20, 30
  EXPECT_EQ(record.log[1].step, 10);
  EXPECT_EQ(record.log[0].block_grad_norms.size(), 2u);
  EXPECT_GT(record.log[0].block_grad_norms[0], 0.0);
  ASSERT_EQ(record.validation.size(), 3u);  // steps 0, 15, 30
  // Uniform guessing costs log(V); 30 steps must beat it clearly.
  EXPECT_NEAR(record.validation[0].loss, std::log(static_cast<double>(record.vocab)), 0.2);
  EXPECT_LT(record.validation.back().loss, record.validation[0].loss - 0.5);
  EXPECT_GT(record.unigram_entropy, 2.0);
  const std::string json = to_json(record);
  EXPECT_NE(json.find("\"gnorm_blocks\": ["), std::string::npos);
  EXPECT_NE(json.find("\"diverged_at\": null"), std::string::npos);
}

TEST(trainer_test, same_seed_same_losses) {
  Config config = tiny_config();
  config.steps = 10;
  config.norm_placement = NormPlacement::Post;
  const Record a = train_gpt(config), b = train_gpt(config);
  ASSERT_EQ(a.log.size(), b.log.size());
  for (size_t i = 0; i < a.log.size(); i++) EXPECT_EQ(a.log[i].loss, b.log[i].loss);
  config.seed = 1;
  const Record c = train_gpt(config);
  EXPECT_NE(a.log.back().loss, c.log.back().loss);
}

TEST(trainer_test, stops_cleanly_at_a_non_finite_loss) {
  Config config = tiny_config();
  config.learning_rate = 1e30;  // AdamW moves every weight by about lr: the next loss overflows
  const Record record = train_gpt(config);
  ASSERT_TRUE(record.nonfinite_step.has_value());
  EXPECT_EQ(*record.nonfinite_step, record.steps_done);
  EXPECT_LT(record.steps_done, 5);
  EXPECT_EQ(record.log.back().step, record.steps_done);
  EXPECT_NE(to_json(record).find("\"diverged_at\": " + std::to_string(record.steps_done)),
            std::string::npos);
}

TEST(trainer_test, context_longer_than_the_corpus_is_an_error) {
  Config config = tiny_config();
  config.context = 5000;
  try {
    train_gpt(config);
    FAIL() << "expected an error";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("train_gpt: context (5000) must be shorter"),
              std::string::npos)
        << error.what();
  }
}

TEST(trainer_test, bad_configuration_fails_before_reading_the_corpus) {
  Config config = tiny_config();
  config.corpus = "/nonexistent.txt";
  config.heads = 3;
  EXPECT_THROW(
      {
        try {
          train_gpt(config);
        } catch (const Error& error) {
          EXPECT_STREQ(error.what(), "train_gpt: d_model (16) must be divisible by heads (3)");
          throw;
        }
      },
      Error);
}

}  // namespace
}  // namespace llmlab::train
