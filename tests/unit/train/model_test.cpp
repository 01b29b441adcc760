// train/model, checkpoint, generate, inspect: a model survives the disk bit for bit, training
// continues exactly, bad files fail with the file and tensor named, generation repeats from a
// seed and the KV cache changes nothing, sampling follows its definitions, and the records of
// looking inside agree with the trainer's forward pass.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <string>

#include "base/error.hpp"
#include "tiny_config.hpp"
#include "train/checkpoint.hpp"
#include "train/generate.hpp"
#include "train/inspect.hpp"
#include "train/safetensors.hpp"
#include "train/trainer.hpp"

namespace llmlab::train {
namespace {

Config tiny_config() { return test_support::tiny_config(12, 1, 100, 1); }

const Corpus& tiny_corpus() {
  static const Corpus corpus = Corpus::load(tiny_config().corpus, 0.1, "test");
  return corpus;
}

Model trained(const Config& config) {
  Model model;
  TrainingRun run;
  run.result = &model;
  train_gpt(config, tiny_corpus(), {}, "test", run);
  return model;
}

std::string temporary(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("llmlab_model_test_" + name)).string();
}

// The message of the Error f throws ("" when it throws none).
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

Model from_bytes(const std::string& bytes) {
  return model_from_checkpoint(std::as_bytes(std::span(bytes)), "m.safetensors");
}

TEST(checkpoint_test, layout_covers_the_parameter_buffer_in_order) {
  for (const NormPlacement placement : {NormPlacement::Pre, NormPlacement::Post}) {
    Config config = tiny_config();
    config.norm_placement = placement;
    const ModelShape shape = ModelShape::from(config, 30);
    const std::vector<CheckpointTensor> layout = checkpoint_layout(shape);
    size_t offset = 0;
    for (const CheckpointTensor& t : layout) {
      EXPECT_EQ(t.offset, offset) << t.name;
      offset += t.rows * t.columns;
    }
    EXPECT_EQ(offset, parameter_count(shape));
    EXPECT_EQ(layout[2].name, "h.0.ln_1.weight");
    EXPECT_EQ(layout[4].name, "h.0.attn.c_attn.weight");
    EXPECT_EQ(layout[4].shape, (std::vector<std::int64_t>{16, 48}));  // Conv1D: (in, out)
    EXPECT_EQ(layout.back().name,
              placement == NormPlacement::Pre ? "ln_f.bias" : "h.1.mlp.c_proj.bias");
  }
}

TEST(checkpoint_test, save_load_gives_the_same_model_and_logits) {
  Config config = tiny_config();
  config.norm_placement = NormPlacement::Post;
  const Model model = trained(config);
  const std::string path = temporary("roundtrip.safetensors");
  save_model(model, path, "test");
  EXPECT_TRUE(std::filesystem::exists(optimizer_path(path)));
  const Model loaded = load_model(path, "test");
  EXPECT_EQ(loaded.steps, 12);
  EXPECT_EQ(loaded.vocabulary, model.vocabulary);
  EXPECT_EQ(loaded.config.norm_placement, NormPlacement::Post);
  ASSERT_EQ(loaded.parameters.size(), model.parameters.size());
  EXPECT_EQ(std::memcmp(loaded.parameters.data(), model.parameters.data(),
                        model.parameters.size() * sizeof(float)),
            0);
  ASSERT_TRUE(loaded.optimizer.has_value());
  EXPECT_EQ(loaded.optimizer->v, model.optimizer->v);
  const std::vector<int> tokens = model.encode("the cat", "test");
  const ForwardRecord a = forward_inside(model, tokens, {}, {}, {});
  const ForwardRecord b = forward_inside(loaded, tokens, {}, {}, {});
  EXPECT_EQ(a.logits, b.logits);
  std::filesystem::remove(path);
  std::filesystem::remove(optimizer_path(path));
}

TEST(checkpoint_test, continued_training_is_bit_exact) {
  Config config = tiny_config();
  config.schedule = LrSchedule::Cosine;
  config.warmup_steps = 3;
  const Model straight = trained(config);
  Model first;
  TrainingRun run;
  run.result = &first;
  run.save_every = 6;
  const std::string path = temporary("resume.safetensors");
  run.on_checkpoint = [&](const Model& m) {
    if (m.steps == 6) save_model(m, path, "test");
  };
  const Record whole = train_gpt(config, tiny_corpus(), {}, "test", run);
  const Model resumed_from = load_model(path, "test");
  EXPECT_EQ(resumed_from.steps, 6);
  Model second;
  TrainingRun resume;
  resume.init = &resumed_from;
  resume.result = &second;
  const Record rest = train_gpt(config, tiny_corpus(), {}, "test", resume);
  EXPECT_EQ(second.steps, 12);
  EXPECT_EQ(second.parameters, straight.parameters);
  EXPECT_EQ(second.optimizer->m, straight.optimizer->m);
  ASSERT_EQ(rest.log.size(), 6u);
  EXPECT_EQ(rest.log.front().step, 7);
  EXPECT_EQ(rest.log.front().loss, whole.log[6].loss);
  EXPECT_EQ(rest.log.back().loss, whole.log.back().loss);
  // Steps count the total: asking for no more than were taken is an error.
  config.steps = 6;
  EXPECT_NE(error_of([&] {
              train_gpt(config, tiny_corpus(), {}, "test", resume);
            }).find("already taken 6 steps"),
            std::string::npos);
  std::filesystem::remove(path);
  std::filesystem::remove(optimizer_path(path));
}

TEST(checkpoint_test, continuing_needs_the_same_shape) {
  const Model model = initialize_model(tiny_config(), tiny_corpus().vocabulary(), "test");
  Config other = tiny_config();
  other.d_model = 32;
  TrainingRun run;
  run.init = &model;
  EXPECT_NE(error_of([&] {
              train_gpt(other, tiny_corpus(), {}, "test", run);
            }).find("initial model has d_model 16, the config asks for 32"),
            std::string::npos);
}

// A valid header around `json`, with `data` bytes after it.
std::string file_with_header(const std::string& json, size_t data) {
  std::string out(8, '\0');
  std::uint64_t length = json.size();
  for (size_t i = 0; i < 8; i++) out[i] = static_cast<char>((length >> (8 * i)) & 0xFF);
  return out + json + std::string(data, '\0');
}

TEST(checkpoint_test, bad_files_are_clear_errors) {
  const Model model = initialize_model(tiny_config(), tiny_corpus().vocabulary(), "test");
  const std::string good = checkpoint_bytes(model);
  EXPECT_EQ(from_bytes(good).parameters, model.parameters);

  EXPECT_NE(error_of([&] { from_bytes(good.substr(0, 5)); }).find("m.safetensors: truncated"),
            std::string::npos);
  // Cut inside the data: the last tensors' offsets run past the end.
  EXPECT_NE(error_of([&] {
              from_bytes(good.substr(0, good.size() - 10));
            }).find("tensor 'ln_f.bias': data_offsets"),
            std::string::npos);
  std::string huge = good;
  huge[7] = '\x7f';
  EXPECT_NE(error_of([&] { from_bytes(huge); }).find("runs past the end of the file"),
            std::string::npos);
  EXPECT_NE(error_of([&] { from_bytes(file_with_header("{\"a\": 1", 0)); }).find("not valid JSON"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              from_bytes(file_with_header(
                  R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},)"
                  R"( "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}})",
                  12));
            }).find("tensor 'b' (bytes 4–12) overlaps tensor 'a'"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              from_bytes(file_with_header(
                  R"({"a": {"dtype": "F31", "shape": [2], "data_offsets": [0, 8]}})", 8));
            }).find("tensor 'a': unknown dtype 'F31'"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              from_bytes(file_with_header(
                  R"({"a": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}})", 8));
            }).find("tensor 'a': data_offsets [0, 8] hold 8 bytes, but shape × F32 needs 12"),
            std::string::npos);
  EXPECT_NE(
      error_of([&] {
        from_bytes(file_with_header(
            R"({"a": {"dtype": "F32", "shape": [4611686018427387904, 4], "data_offsets": [0, 8]}})",
            8));
      }).find("shape too large"),
      std::string::npos);
  // A checkpoint whose config disagrees with its tensors.
  std::string relabelled = good;
  const size_t at = relabelled.find("\\\"mlp_ratio\\\":4");
  ASSERT_NE(at, std::string::npos);
  relabelled[at + 14] = '2';
  EXPECT_NE(error_of([&] { from_bytes(relabelled); })
                .find("tensor 'h.0.mlp.c_fc.weight' has shape [16\u00d764], but the config needs "
                      "[16\u00d732]"),
            std::string::npos);
  // A forged config asking for far more parameters than the file holds.
  std::string giant = good;
  const size_t layers = giant.find("\\\"layers\\\":2");
  ASSERT_NE(layers, std::string::npos);
  giant[layers + 11] = '9';
  EXPECT_NE(error_of([&] { from_bytes(giant); }).find("needs more data than the file"),
            std::string::npos);
  // Sizes whose products would overflow int arithmetic are refused before any use.
  Model forged = model;  // its tensors, with a config that claims an enormous MLP
  forged.config.mlp_ratio = 999999999;
  const std::string overflow = checkpoint_bytes(forged);
  EXPECT_NE(error_of([&] { from_bytes(overflow); }).find("is too large"), std::string::npos);
  EXPECT_NE(
      error_of([&] { load_model(temporary("missing.safetensors"), "test"); }).find("cannot read"),
      std::string::npos);
}

TEST(generate_test, sampling_follows_the_definitions) {
  const std::vector<float> logits = {1.0f, 3.0f, 2.0f, 0.0f, 3.0f};
  std::vector<double> softmax(logits.size());
  double total = 0.0;
  for (size_t i = 0; i < logits.size(); i++)
    total += softmax[i] = std::exp(static_cast<double>(logits[i]));
  for (double& p : softmax) p /= total;

  SamplingOptions plain;
  std::vector<double> probs = sampling_distribution(logits, plain);
  for (size_t i = 0; i < logits.size(); i++) EXPECT_NEAR(probs[i], softmax[i], 1e-12);

  SamplingOptions greedy;
  greedy.temperature = 0.0;
  EXPECT_EQ(sampling_distribution(logits, greedy), (std::vector<double>{0, 1, 0, 0, 0}));

  // Top 3: the two 3s and the 2, renormalised.
  SamplingOptions top_k;
  top_k.top_k = 3;
  probs = sampling_distribution(logits, top_k);
  const double kept = softmax[1] + softmax[2] + softmax[4];
  EXPECT_NEAR(probs[1], softmax[1] / kept, 1e-12);
  EXPECT_NEAR(probs[2], softmax[2] / kept, 1e-12);
  EXPECT_EQ(probs[0], 0.0);
  EXPECT_EQ(probs[3], 0.0);

  // Nucleus 0.8: the two 3s hold 0.783 < 0.8, adding the 2 reaches 0.927.
  SamplingOptions top_p;
  top_p.top_p = 0.8;
  probs = sampling_distribution(logits, top_p);
  EXPECT_NEAR(probs[4], softmax[4] / kept, 1e-12);
  EXPECT_EQ(probs[0], 0.0);
  top_p.top_p = 0.5;  // the first 3 alone holds 0.392; both 3s are needed
  probs = sampling_distribution(logits, top_p);
  EXPECT_NEAR(probs[1], 0.5, 1e-12);
  EXPECT_NEAR(probs[4], 0.5, 1e-12);
  EXPECT_EQ(probs[2], 0.0);

  // Temperature 2 halves the logits.
  SamplingOptions warm;
  warm.temperature = 2.0;
  probs = sampling_distribution(logits, warm);
  EXPECT_NEAR(probs[1] / probs[0], std::exp(1.0), 1e-9);

  // Draws follow the distribution.
  Random random(7);
  std::vector<int> counts(logits.size(), 0);
  for (int i = 0; i < 20000; i++)
    counts[static_cast<size_t>(sample_token(logits, top_k, random))]++;
  EXPECT_EQ(counts[0] + counts[3], 0);
  EXPECT_NEAR(counts[2] / 20000.0, softmax[2] / kept, 0.02);
}

TEST(generate_test, seeded_generation_repeats_and_the_cache_changes_nothing) {
  for (const NormPlacement placement : {NormPlacement::Pre, NormPlacement::Post}) {
    Config config = tiny_config();
    config.norm_placement = placement;
    const Model model = trained(config);
    const std::vector<int> prompt = model.encode("the ", "test");
    SamplingOptions options;
    options.seed = 3;
    options.top_k = 5;
    // 40 tokens: twice past the 16-token context, so the window restarts.
    const std::vector<int> a = generate(model, prompt, 40, options);
    EXPECT_EQ(a.size(), 40u);
    EXPECT_EQ(generate(model, prompt, 40, options), a);
    options.seed = 4;
    EXPECT_NE(generate(model, prompt, 40, options), a);
    SamplingOptions greedy;
    greedy.temperature = 0.0;
    EXPECT_EQ(generate(model, prompt, 40, greedy, KvCache::On),
              generate(model, prompt, 40, greedy, KvCache::Off));
    // The decoder's logits agree with the trainer's forward pass row by row.
    Decoder decoder(model);
    const ForwardRecord full = forward_inside(model, prompt, {}, {}, {false, false, false, false});
    const size_t V = static_cast<size_t>(model.shape.vocab);
    for (size_t t = 0; t < prompt.size(); t++) {
      const std::span<const float> row = decoder.step(prompt[t]);
      for (size_t v = 0; v < V; v++) EXPECT_NEAR(row[v], full.logits[t * V + v], 1e-4);
    }
  }
}

TEST(inspect_test, records_agree_with_the_trainer) {
  for (const NormPlacement placement : {NormPlacement::Pre, NormPlacement::Post}) {
    Config config = tiny_config();
    config.norm_placement = placement;
    const Model model = trained(config);
    const int T = model.shape.context, C = model.shape.d_model;
    // A whole window: the loss is the trainer's forward loss on the same sequence.
    const std::span<const int> data = tiny_corpus().train();
    const std::vector<int> tokens(data.begin() + 5, data.begin() + 5 + T);
    const std::vector<int> targets(data.begin() + 6, data.begin() + 6 + T);
    Gpt<float> gpt(model.shape, 1, 1);
    std::copy(model.parameters.begin(), model.parameters.end(), gpt.parameters().begin());
    const double loss = gpt.forward(tokens, targets);
    const std::vector<int> layers = {1};
    const ForwardRecord record = forward_inside(model, tokens, targets, layers, {});
    ASSERT_TRUE(record.loss.has_value());
    EXPECT_EQ(*record.loss, loss);
    ASSERT_EQ(record.blocks.size(), 1u);
    const BlockRecord& block = record.blocks[0];
    EXPECT_EQ(block.layer, 1);
    EXPECT_EQ(block.residual_in.size(), static_cast<size_t>(T * C));
    // Block 1's input is block 0's output.
    const ForwardRecord all = forward_inside(model, tokens, targets, {}, {});
    EXPECT_EQ(all.blocks[0].residual_out, block.residual_in);
    // Attention rows are distributions over the keys up to the query.
    const int heads = model.shape.heads;
    for (int h = 0; h < heads; h++) {
      for (int t = 0; t < T; t++) {
        double sum = 0.0;
        for (int k = 0; k < T; k++) {
          const float p = block.attention[static_cast<size_t>((h * T + t) * T + k)];
          if (k > t) {
            EXPECT_EQ(p, 0.0f);
          }
          sum += static_cast<double>(p);
        }
        EXPECT_NEAR(sum, 1.0, 1e-5);
      }
    }
    // Post-LN: each block's output is a norm's output, mean ≈ 0 and std ≈ 1 (unit gains
    // after 12 steps are near 1); the next norm input of block 1 in Pre-LN is the residual.
    if (placement == NormPlacement::Pre) {
      ASSERT_EQ(record.final_mean.size(), static_cast<size_t>(T));
      EXPECT_EQ(block.norm1_mean, all.blocks[1].norm1_mean);
    }
    EXPECT_EQ(block.mlp_pre.size(), static_cast<size_t>(T * model.shape.mlp_hidden));
    // A prefix sees the same rows: causal attention.
    const ForwardRecord prefix = forward_inside(model, std::span(tokens).first(5), {}, layers, {});
    EXPECT_EQ(prefix.logits.size(), 5u * static_cast<size_t>(model.shape.vocab));
    for (size_t i = 0; i < prefix.logits.size(); i++) {
      EXPECT_NEAR(prefix.logits[i], record.logits[i], 1e-5);
    }
  }
}

TEST(inspect_test, loss_matches_the_trainers_first_step) {
  // The trainer's step-1 loss is the mean over its first batch: the same windows through
  // forward_inside give the same number.
  Config config = tiny_config();
  config.steps = 1;
  const Model init = initialize_model(config, tiny_corpus().vocabulary(), "test");
  const Record record = train_gpt(config, tiny_corpus(), {}, "test");
  Random batches(config.seed + 1);
  const size_t window = static_cast<size_t>(config.batch * config.context);
  std::vector<int> inputs(window), targets(window);
  sample_batch(inputs, targets, tiny_corpus().train(), config.batch, config.context, batches);
  double sum = 0.0;
  for (size_t b = 0; b < static_cast<size_t>(config.batch); b++) {
    const size_t T = static_cast<size_t>(config.context);
    sum += *forward_inside(init, std::span(inputs).subspan(b * T, T),
                           std::span(targets).subspan(b * T, T), {}, {})
                .loss;
  }
  EXPECT_NEAR(sum / config.batch, record.log[0].loss, 1e-6);
}

}  // namespace
}  // namespace llmlab::train
