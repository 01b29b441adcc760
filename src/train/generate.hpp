// Text generation: a KV-cached decoder that advances one position per token (each block keeps
// the keys and values of the positions seen so far), the sampling rules (temperature, top-k,
// top-p, greedy at temperature 0), and the loop that feeds sampled tokens back in.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "train/aligned.hpp"
#include "train/corpus.hpp"
#include "train/model.hpp"

namespace llmlab::train {

// One sequence through the model, one position at a time. The keys and values of earlier
// positions stay in the cache, so position p costs attention over p + 1 keys and the matrix
// products of one row, not a rerun of the whole window.
class Decoder {
 public:
  explicit Decoder(const Model& model);  // the model must outlive the decoder
  void reset() { position_ = 0; }
  int position() const { return position_; }
  // Runs `token` at the next position (which must be < context) and returns the logits (V)
  // predicting the token after it.
  std::span<const float> step(int token);

 private:
  void block(int layer);
  const Model& model_;
  ParameterTensors<const float> params_;
  int position_ = 0;
  std::vector<AlignedVector<float>> keys_, values_;  // per layer (context, C)
  AlignedVector<float> x_, norm_, qkv_, atty_, scores_, hidden_, logits_, mean_, rstd_;
};

struct SamplingOptions {
  double temperature = 1.0;  // 0: greedy (argmax, lowest id on ties)
  int top_k = 0;             // 0: off; else keep the k most likely tokens
  double top_p = 1.0;        // 1: off; else the smallest set of most likely tokens with mass >= p
  std::uint64_t seed = 0;
};

// The distribution sample_token draws from: softmax(logits / T), cut to the top k (ties broken
// by lower id), renormalised, cut to the nucleus (the shortest prefix of the tokens sorted by
// probability whose mass reaches top_p, at least one token), renormalised. At T = 0, all mass
// on the argmax.
std::vector<double> sampling_distribution(std::span<const float> logits,
                                          const SamplingOptions& options);
int sample_token(std::span<const float> logits, const SamplingOptions& options, Random& random);

// Whether generate() uses the decoder's cache or reruns the window through the trainer's full
// forward pass (Gpt<float>) for every token (the reference the cache is tested against).
enum class KvCache { On, Off };

// Generates n tokens after `prompt` (an empty prompt starts from a newline, or token 0 when the
// vocabulary has none). The model sees at most `context` tokens: when the window is full, it
// restarts from the last context / 2 tokens (refilling the cache once per context / 2 new
// tokens). Each token is passed to on_token as it is produced.
std::vector<int> generate(const Model& model, std::span<const int> prompt, int n,
                          const SamplingOptions& options, KvCache cache = KvCache::On,
                          const std::function<void(int)>& on_token = {});

}  // namespace llmlab::train
