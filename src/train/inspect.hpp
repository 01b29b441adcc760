// Looking inside a model: one forward pass over a token sequence that keeps, per block, the
// residual stream before and after it, the mean and standard deviation per token of each norm's
// input, the attention probabilities and the MLP's pre-activations; and the logits and loss.
// It runs the trainer's own forward pass (Gpt<float>), so the loss is the trainer's.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "train/model.hpp"

namespace llmlab::train {

// What to keep per block.
struct InsideFields {
  bool residual = true;   // residual_in, residual_out
  bool norms = true;      // norm1/norm2 mean and std (and the final norm's)
  bool attention = true;  // attention
  bool mlp = true;        // mlp_pre
};

struct BlockRecord {
  int layer = 0;                                                     // 0-based block index
  std::vector<float> residual_in, residual_out;                      // (T, C)
  std::vector<double> norm1_mean, norm1_std, norm2_mean, norm2_std;  // (T)
  std::vector<float> attention;  // (NH, T, T), row t over keys 0..T-1
  std::vector<float> mlp_pre;    // (T, H)
};

struct ForwardRecord {
  int length = 0;              // T, the tokens given
  std::vector<float> logits;   // (T, V)
  std::optional<double> loss;  // mean cross-entropy when targets were given
  std::vector<BlockRecord> blocks;
  std::vector<double> final_mean, final_std;  // (T), Pre-LN with norms kept
};

// tokens: 1..context ids; targets: empty or as many ids. layers: the 0-based blocks to keep
// (empty: all). Arguments are checked by the caller (LLMLAB_ASSERT here).
ForwardRecord forward_inside(const Model& model, std::span<const int> tokens,
                             std::span<const int> targets, std::span<const int> layers,
                             const InsideFields& fields);

}  // namespace llmlab::train
