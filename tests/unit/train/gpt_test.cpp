// train/gpt: parameter layout, and the whole model's gradient (double instantiation) against
// central finite differences for every norm placement, norm kind and activation, with the
// gradient squares the backward pass sums; the batch cut into shards gives the same loss and
// gradients as one pass over it.
#include "train/gpt.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>
#include <vector>

namespace llmlab::train {
namespace {

// A model small enough for finite differences in every parameter.
ModelShape tiny_shape(int vocab, int layers, int d_model, int heads, int mlp_hidden, int context) {
  ModelShape shape;
  shape.vocab = vocab;
  shape.layers = layers;
  shape.d_model = d_model;
  shape.heads = heads;
  shape.mlp_hidden = mlp_hidden;
  shape.context = context;
  return shape;
}

// Weights of order one (not the small init), the same for a given seed, so every path carries
// signal.
void randomize(Gpt<double>& model, unsigned seed) {
  std::mt19937 engine(seed);
  std::normal_distribution<double> normal(0.0, 0.5);
  for (double& p : model.parameters()) p = normal(engine);
}

TEST(gpt_test, baseline_parameter_count_matches_pytorch) {
  // train_prepost.py's 24-layer model over the Vim manual's 117 characters: 1,211,328.
  Config config;
  EXPECT_EQ(parameter_count(ModelShape::from(config, 117)), 1211328u);
  config.norm_placement = NormPlacement::Post;  // no final LayerNorm
  EXPECT_EQ(parameter_count(ModelShape::from(config, 117)), 1211328u - 128u);
}

TEST(gpt_test, named_tensors_cover_the_buffer_once) {
  Config config;
  config.layers = 3;
  const ModelShape shape = ModelShape::from(config, 20);
  std::vector<float> buffer(parameter_count(shape));
  const auto views = parameter_views<float>(shape, buffer);
  size_t total = 0;
  for (const auto& tensor : named_tensors(views)) total += tensor.values.size();
  EXPECT_EQ(total, buffer.size());
  EXPECT_EQ(views.blocks[1].all.data(), views.blocks[1].ln1_weight.data());
  EXPECT_EQ(named_tensors(views)[2].name, "blocks.0.ln1.weight");
}

TEST(gpt_test, initialisation_scales_residual_projections) {
  Config config;
  config.layers = 8;
  config.d_model = 32;
  Gpt<double> model(ModelShape::from(config, 30), 1);
  model.initialize(0.02, ResidualInit::Scaled, 5);
  const auto rms = [](std::span<double> values) {
    double sum = 0.0;
    for (double v : values) sum += v * v;
    return std::sqrt(sum / static_cast<double>(values.size()));
  };
  EXPECT_NEAR(rms(model.params().blocks[0].qkv_weight), 0.02, 0.002);
  EXPECT_NEAR(rms(model.params().blocks[0].fc_out_weight), 0.005, 0.0005);  // 0.02 / sqrt(16)
  EXPECT_EQ(model.params().blocks[0].ln1_weight[0], 1.0);
  EXPECT_EQ(model.params().blocks[0].qkv_bias[0], 0.0);
}

using Variant = std::tuple<NormPlacement, NormKind, Activation>;
class GptGradientTest : public ::testing::TestWithParam<Variant> {};

TEST_P(GptGradientTest, whole_model_gradient_matches_finite_differences) {
  const auto [placement, norm, activation] = GetParam();
  ModelShape shape = tiny_shape(7, 2, 8, 2, 12, 4);
  shape.placement = placement;
  shape.norm = norm;
  shape.activation = activation;
  const int B = 2;
  // Two shards of one sequence each, so the gradient includes the sum across shards.
  Gpt<double> model(shape, B, 2);
  ASSERT_EQ(model.shards(), 2);
  randomize(model, 11);
  const std::vector<int> tokens{1, 4, 6, 0, 2, 2, 5, 3}, targets{4, 6, 0, 1, 2, 5, 3, 3};
  model.forward(tokens, targets);
  model.zero_gradients();
  model.backward();
  const std::vector<double> analytic(model.gradients().begin(), model.gradients().end());
  // The squares summed during the backward pass: per block, and over the whole buffer.
  double all = 0.0;
  for (const double g : analytic) all += g * g;
  EXPECT_NEAR(model.gradient_squares(), all, 1e-12 * all);
  ASSERT_EQ(model.block_gradient_squares().size(), 2u);
  for (size_t l = 0; l < 2; l++) {
    double block = 0.0;
    for (const double g : model.grads().blocks[l].all) block += g * g;
    EXPECT_GT(block, 0.0);
    EXPECT_NEAR(model.block_gradient_squares()[l], block, 1e-12 * block);
  }
  const double h = 1e-5;
  double worst = 0.0;
  for (size_t i = 0; i < analytic.size(); i++) {
    double& p = model.parameters()[i];
    const double saved = p;
    p = saved + h;
    const double up = model.forward(tokens, targets);
    p = saved - h;
    const double down = model.forward(tokens, targets);
    p = saved;
    const double numeric = (up - down) / (2 * h);
    worst = std::max(worst, std::fabs(numeric - analytic[i]) / std::max(1.0, std::fabs(numeric)));
  }
  EXPECT_LT(worst, 1e-7) << "max relative difference " << worst;
}

INSTANTIATE_TEST_SUITE_P(
    variants, GptGradientTest,
    ::testing::Values(Variant{NormPlacement::Pre, NormKind::LayerNorm, Activation::GeluErf},
                      Variant{NormPlacement::Post, NormKind::LayerNorm, Activation::GeluErf},
                      Variant{NormPlacement::Pre, NormKind::RMSNorm, Activation::GeluTanh},
                      Variant{NormPlacement::Post, NormKind::RMSNorm, Activation::GeluErf}));

// Sharding changes only the order of the batch sums: loss, gradients and their squares agree to
// rounding for every cut of a batch of three sequences, and gradients accumulate (+=) alike.
TEST(gpt_test, shards_agree_with_one_pass_over_the_batch) {
  const ModelShape shape = tiny_shape(9, 2, 8, 2, 16, 5);
  const int B = 3;
  std::mt19937 engine(5);
  std::uniform_int_distribution<int> token(0, shape.vocab - 1);
  std::vector<int> tokens(B * 5), targets(B * 5);
  for (int& t : tokens) t = token(engine);
  for (int& t : targets) t = token(engine);
  struct Result {
    double loss, squares;
    std::vector<double> gradients, blocks, logits;
  };
  const auto run = [&](int shards) {
    Gpt<double> model(shape, B, shards);
    EXPECT_EQ(model.shards(), shards);
    randomize(model, 17);
    Result result;
    result.loss = model.forward(tokens, targets);
    // Twice without zeroing: the second pass must add to the first.
    model.zero_gradients();
    model.backward();
    model.backward();
    result.squares = model.gradient_squares();
    result.gradients.assign(model.gradients().begin(), model.gradients().end());
    result.blocks.assign(model.block_gradient_squares().begin(),
                         model.block_gradient_squares().end());
    result.logits.assign(model.logits().begin(), model.logits().end());
    return result;
  };
  const Result one = run(1);
  for (const int shards : {2, 3}) {
    const Result cut = run(shards);
    EXPECT_NEAR(cut.loss, one.loss, 1e-13 * one.loss) << shards << " shards";
    EXPECT_NEAR(cut.squares, one.squares, 1e-12 * one.squares);
    ASSERT_EQ(cut.gradients.size(), one.gradients.size());
    double worst = 0.0;
    for (size_t i = 0; i < one.gradients.size(); i++) {
      worst = std::max(worst, std::fabs(cut.gradients[i] - one.gradients[i]));
    }
    EXPECT_LT(worst, 1e-14) << shards << " shards";
    ASSERT_EQ(cut.blocks.size(), 2u);
    for (size_t l = 0; l < 2; l++) EXPECT_NEAR(cut.blocks[l], one.blocks[l], 1e-12 * one.blocks[l]);
    for (size_t i = 0; i < one.logits.size(); i++) EXPECT_NEAR(cut.logits[i], one.logits[i], 1e-13);
  }
  // The second backward doubled the first: the squares are four times one pass's.
  Gpt<double> single(shape, B, 1);
  randomize(single, 17);
  single.forward(tokens, targets);
  single.zero_gradients();
  single.backward();
  EXPECT_NEAR(one.squares, 4.0 * single.gradient_squares(), 1e-12 * one.squares);
  // Overwrite discards what the buffer held: after two accumulated passes, one overwriting pass
  // gives one pass's gradient, for one shard and for two.
  for (const int shards : {1, 2}) {
    Gpt<double> model(shape, B, shards);
    randomize(model, 17);
    model.forward(tokens, targets);
    model.zero_gradients();
    model.backward();
    const std::vector<double> fresh(model.gradients().begin(), model.gradients().end());
    model.backward();
    model.backward(GradientUpdate::Overwrite);
    for (size_t i = 0; i < fresh.size(); i++) EXPECT_NEAR(model.gradients()[i], fresh[i], 1e-14);
    EXPECT_NEAR(model.gradient_squares(), single.gradient_squares(),
                1e-12 * single.gradient_squares());
  }
}

// The validation pass (loss(): no derivative kept, two layers' buffers in turn) computes what
// forward() does, bit for bit, in float as training runs it, for every placement, activation,
// depth (1 layer uses one buffer) and shard count; training after it is unchanged.
TEST(gpt_test, loss_pass_equals_the_forward_pass) {
  for (const NormPlacement placement : {NormPlacement::Pre, NormPlacement::Post}) {
    for (const Activation activation : {Activation::GeluErf, Activation::GeluTanh}) {
      for (const int layers : {1, 3}) {
        for (const int shards : {1, 2}) {
          ModelShape shape = tiny_shape(11, layers, 16, 2, 32, 6);
          shape.placement = placement;
          shape.activation = activation;
          const int B = 4;
          std::mt19937 engine(static_cast<unsigned>(layers * 10 + shards));
          std::uniform_int_distribution<int> token(0, shape.vocab - 1);
          std::vector<int> tokens(B * 6), targets(B * 6);
          for (int& t : tokens) t = token(engine);
          for (int& t : targets) t = token(engine);
          Gpt<float> model(shape, B, shards);
          model.initialize(0.3, ResidualInit::Scaled, 3);
          const double trained = model.forward(tokens, targets);
          const std::vector<float> logits(model.logits().begin(), model.logits().end());
          model.backward(GradientUpdate::Overwrite);
          const std::vector<float> gradients(model.gradients().begin(), model.gradients().end());
          EXPECT_EQ(model.loss(tokens, targets), trained)
              << name_of(placement) << " " << name_of(activation) << " " << layers << " layers, "
              << shards << " shards";
          EXPECT_TRUE(std::equal(logits.begin(), logits.end(), model.logits().begin()));
          EXPECT_EQ(model.forward(tokens, targets), trained);
          model.backward(GradientUpdate::Overwrite);
          EXPECT_TRUE(std::equal(gradients.begin(), gradients.end(), model.gradients().begin()));
        }
      }
    }
  }
}

TEST(gpt_test, shard_count_is_capped_by_the_batch) {
  const ModelShape shape = tiny_shape(5, 1, 4, 1, 8, 3);
  EXPECT_EQ(Gpt<double>(shape, 2, 4).shards(), 2);
  EXPECT_GE(Gpt<double>(shape, 2).shards(), 1);
  EXPECT_LE(Gpt<double>(shape, 2).shards(), 2);
}

}  // namespace
}  // namespace llmlab::train
