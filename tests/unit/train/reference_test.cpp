// The whole model against PyTorch (test_gpt2.c's check): tests/data/train/reference_tiny_*.bin,
// written by tools/torch_reference.py from bench/train_prepost.py's own GPT class, hold initial
// weights, one batch, the loss, every gradient and the losses of three AdamW steps. llmlab
// loads the weights, and must agree to float32 tolerance; the maximum differences are printed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "nn/adamw.hpp"
#include "train/gpt.hpp"

namespace llmlab::train {
namespace {

using Entries = std::map<std::string, std::vector<float>>;

Entries read_reference(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  char magic[8] = {};
  in.read(magic, 8);
  EXPECT_EQ(std::string(magic, 8), "LLMLABR1");
  const auto u32 = [&in] {
    std::uint32_t value = 0;
    in.read(reinterpret_cast<char*>(&value), sizeof value);
    return value;
  };
  Entries entries;
  const std::uint32_t count = u32();
  for (std::uint32_t i = 0; i < count && in; i++) {
    std::string name(u32(), '\0');
    in.read(name.data(), static_cast<std::streamsize>(name.size()));
    std::vector<float> values(u32());
    in.read(reinterpret_cast<char*>(values.data()),
            static_cast<std::streamsize>(values.size() * sizeof(float)));
    entries[name] = std::move(values);
  }
  return entries;
}

std::vector<int> as_tokens(const std::vector<float>& values) {
  return std::vector<int>(values.begin(), values.end());
}

void check_against_torch(const std::string& file) {
  Entries ref = read_reference(std::string(LLMLAB_SOURCE_DIR) + "/tests/data/train/" + file);
  ASSERT_EQ(ref["config"].size(), 10u);
  const std::vector<float>& c = ref["config"];
  ModelShape shape;
  shape.vocab = static_cast<int>(c[0]);
  shape.layers = static_cast<int>(c[1]);
  shape.d_model = static_cast<int>(c[2]);
  shape.heads = static_cast<int>(c[3]);
  shape.context = static_cast<int>(c[4]);
  shape.mlp_hidden = 4 * shape.d_model;
  shape.placement = c[6] == 0.0f ? NormPlacement::Pre : NormPlacement::Post;
  Gpt<float> model(shape, static_cast<int>(c[5]));
  const auto params = named_tensors(model.params());
  const auto grads = named_tensors(model.grads());
  // Every parameter and gradient, plus config, tokens, targets, loss and adamw_losses.
  ASSERT_EQ(2 * params.size() + 5, ref.size());
  for (const auto& tensor : params) {
    const std::vector<float>& values = ref.at("param/" + tensor.name);
    ASSERT_EQ(values.size(), tensor.values.size()) << tensor.name;
    std::copy(values.begin(), values.end(), tensor.values.begin());
  }
  const std::vector<int> tokens = as_tokens(ref["tokens"]), targets = as_tokens(ref["targets"]);

  const double loss = model.forward(tokens, targets);
  model.zero_gradients();
  model.backward();
  const double loss_difference = std::fabs(loss - static_cast<double>(ref["loss"][0]));
  double worst = 0.0;
  std::string worst_name;
  for (const auto& tensor : grads) {
    const std::vector<float>& expected = ref.at("grad/" + tensor.name);
    for (size_t i = 0; i < expected.size(); i++) {
      const double d = std::fabs(static_cast<double>(tensor.values[i] - expected[i]));
      if (d > worst) {
        worst = d;
        worst_name = tensor.name;
      }
    }
  }
  std::printf("%s: loss %.7f vs torch %.7f (|diff| %.2e); max |grad diff| %.2e (%s)\n",
              file.c_str(), loss, static_cast<double>(ref["loss"][0]), loss_difference, worst,
              worst_name.c_str());
  EXPECT_LT(loss_difference, 2e-5);
  EXPECT_LT(worst, 2e-5) << worst_name;

  // Three AdamW steps on the same batch, then the loss after the last.
  const nn::AdamWSettings settings{static_cast<double>(c[7]), 0.9, 0.999, 1e-8,
                                   static_cast<double>(c[8])};
  std::vector<float> m(model.parameters().size(), 0.0f), v(m.size(), 0.0f);
  const std::vector<float>& expected_losses = ref["adamw_losses"];
  double worst_loss = 0.0;
  for (size_t step = 0; step < expected_losses.size(); step++) {
    const double step_loss = model.forward(tokens, targets);
    worst_loss =
        std::max(worst_loss, std::fabs(step_loss - static_cast<double>(expected_losses[step])));
    if (step + 1 == expected_losses.size()) break;
    model.zero_gradients();
    model.backward();
    nn::adamw_step<float>(model.parameters(), model.gradients(), m, v, static_cast<long>(step + 1),
                          settings);
  }
  std::printf("%s: max |loss diff| over %zu AdamW steps %.2e\n", file.c_str(),
              expected_losses.size() - 1, worst_loss);
  EXPECT_LT(worst_loss, 1e-4);
}

TEST(reference_test, pre_ln_matches_pytorch) { check_against_torch("reference_tiny_pre.bin"); }
TEST(reference_test, post_ln_matches_pytorch) { check_against_torch("reference_tiny_post.bin"); }

}  // namespace
}  // namespace llmlab::train
