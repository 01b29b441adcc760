// A character-level GPT in the shape of llm.c's train_gpt2.c: one parameter buffer and one
// gradient buffer with named views, forward saving what backward needs, backward in reverse layer
// order. The model of bench/train_prepost.py: token + learned position embeddings, causal
// attention and a GELU MLP per block (biases everywhere), tied input/output embedding, Pre-LN
// (with a final norm) or Post-LN. Float for training, double for gradient checks.
// Letters: B batch, T context, C d_model, NH heads, H MLP width, V vocabulary, L layers.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "train/aligned.hpp"
#include "train/config.hpp"

namespace llmlab::train {

struct ModelShape {
  int vocab = 0;
  int layers = 0;
  int d_model = 0;
  int heads = 0;
  int mlp_hidden = 0;
  int context = 0;
  NormPlacement placement = NormPlacement::Pre;
  NormKind norm = NormKind::LayerNorm;
  Activation activation = Activation::GeluErf;

  static ModelShape from(const Config& config, int vocab);
};

// One block's tensors, contiguous in this order so that `all` is the block's whole slice (its
// gradient norm is one reduction). Names follow train_prepost.py's PyTorch modules. With RMSNorm
// the norm biases are empty.
template <class T>
struct BlockTensors {
  std::span<T> all;
  std::span<T> ln1_weight, ln1_bias;  // (C)
  std::span<T> qkv_weight;            // (3C, C)
  std::span<T> qkv_bias;              // (3C)
  std::span<T> proj_weight;           // (C, C)
  std::span<T> proj_bias;             // (C)
  std::span<T> ln2_weight, ln2_bias;  // (C)
  std::span<T> fc_weight;             // (H, C)
  std::span<T> fc_bias;               // (H)
  std::span<T> fc_out_weight;         // (C, H)
  std::span<T> fc_out_bias;           // (C)
};

template <class T>
struct ParameterTensors {
  std::span<T> wte;  // (V, C), also the output head (tied)
  std::span<T> wpe;  // (T, C)
  std::vector<BlockTensors<T>> blocks;
  std::span<T> lnf_weight, lnf_bias;  // (C), Pre-LN only (empty for Post-LN)
};

template <class T>
struct NamedTensor {
  std::string name;  // PyTorch state_dict name, e.g. "blocks.3.qkv.weight"
  std::span<T> values;
};

// Total parameter count and the views of `buffer` (which must hold that many).
std::size_t parameter_count(const ModelShape& shape);
template <class T>
ParameterTensors<T> parameter_views(const ModelShape& shape, std::span<T> buffer);
template <class T>
std::vector<NamedTensor<T>> named_tensors(const ParameterTensors<T>& views);

// train_prepost.py's initialisation: N(0, init_std) for the embeddings and every weight matrix,
// init_std / sqrt(2 L) for attention-out and MLP-out with ResidualInit::Scaled, zero biases, norm
// gains 1. Draws in parameter order from Random(seed).
template <class T>
void initialize_parameters(const ParameterTensors<T>& params, int layers, double init_std,
                           ResidualInit residual_init, std::uint64_t seed);

// Whether backward() adds the new gradient to what gradients() holds or replaces it (the
// training step's case: then no zeroing pass over the whole buffer is needed first; each shard
// clears its own buffer, in parallel).
enum class GradientUpdate { Accumulate, Overwrite };

template <class T>
class Gpt {
 public:
  // Allocates parameters, gradients and activations for batches of (batch, context) tokens. The
  // batch is cut into `shards` contiguous slices of sequences (0: one per OpenMP thread, at most
  // one per sequence), each run by one thread through the whole forward and backward pass with
  // its own activations and gradient buffer; the shards' gradients are then summed. Threads so
  // meet once per pass instead of at every kernel (a step of the 24-layer baseline had ~450
  // team barriers, each waiting for the slower thread). Results depend on the shard count, not
  // on the threads that run the shards.
  Gpt(const ModelShape& shape, int batch, int shards = 0);
  // The views and the shards' slices point into the model's own buffers.
  Gpt(const Gpt&) = delete;
  Gpt& operator=(const Gpt&) = delete;

  const ModelShape& shape() const { return shape_; }
  int batch() const { return batch_; }
  int shards() const { return static_cast<int>(shards_.size()); }
  std::span<T> parameters() { return parameters_; }
  std::span<T> gradients() { return gradients_; }
  const ParameterTensors<T>& params() const { return params_; }
  const ParameterTensors<T>& grads() const { return grads_; }

  // train_prepost.py's initialisation: N(0, init_std) for the embeddings and every weight
  // matrix, init_std / sqrt(2 L) for attention-out and MLP-out with ResidualInit::Scaled, zero
  // biases, norm gains 1. Draws in parameter order from Random(seed).
  void initialize(double init_std, ResidualInit residual_init, std::uint64_t seed);

  // Mean cross-entropy of predicting targets from tokens, both (B, T). Saves activations.
  double forward(std::span<const int> tokens, std::span<const int> targets);
  // The same mean cross-entropy, bit for bit, from a pass that keeps nothing for backward (the
  // validation loss): no activation derivative, and the blocks reuse two layers' activation
  // buffers in turn, so they work in cache. Afterwards logits() and losses() are this pass's;
  // inside() and backward() need a forward() first.
  double loss(std::span<const int> tokens, std::span<const int> targets);
  void zero_gradients();
  // Accumulates (+=) the gradient of the last forward's mean loss into gradients(), or writes it
  // there (GradientUpdate::Overwrite), and sums the squares of the result as it goes: with one
  // shard, each block's gradient is summed right after that block's backward pass, while it is
  // still in cache; with several, in the pass that adds the shards' gradients together.
  void backward(GradientUpdate update = GradientUpdate::Accumulate);
  // After backward(): the sum of the squared gradients of block l, and of all parameters.
  std::span<const double> block_gradient_squares() const { return block_gradient_squares_; }
  double gradient_squares() const { return gradient_squares_; }

  // Logits (B, T, V) of the last forward pass.
  std::span<const T> logits() const { return logits_; }
  // Per-position losses (B, T) of the last forward pass; forward() returns their mean.
  std::span<const T> losses() const { return losses_; }

  // What the last forward pass saw in block `layer` for the batch's first sequence (T rows
  // each): the residual stream entering and leaving the block, the inputs of its two norms, its
  // attention probabilities (NH, T, T; row t over keys 0..t) and the MLP's input (the
  // pre-activation is that times fc_weightᵀ plus fc_bias: the pass keeps only its derivative).
  struct BlockInside {
    std::span<const T> input, output, norm1_input, norm2_input, attention, mlp_input;
  };
  BlockInside inside(int layer) const;
  // The final norm's input (the last block's output) for the first sequence.
  std::span<const T> top_inside() const;

 private:
  struct LayerActivations {
    std::span<T> norm1, norm1_mean, norm1_rstd;  // (B·T, C), (B·T), (B·T)
    std::span<T> qkv;                            // (B·T, 3C)
    std::span<T> att;                            // (B, NH, T, T)
    std::span<T> atty, residual2;                // (B·T, C)
    std::span<T> norm2, norm2_mean, norm2_rstd;
    // (B·T, H): fch holds the MLP's pre-activation until the activation overwrites it with its
    // derivative, all that the backward pass needs of it.
    std::span<T> fch, fch_act;
    std::span<T> residual3;  // (B·T, C)
  };
  // One slice of the batch (B here is the shard's sequence count) and everything its passes
  // write. Shard 0's gradients are the model's; the others have buffers of their own.
  struct Shard {
    int batch = 0;
    AlignedVector<T> activations, scratch, own_gradients;
    std::span<T> gradients;  // the model's for shard 0, own_gradients for the others
    ParameterTensors<T> grads;
    std::vector<LayerActivations> layers;
    std::span<T> encoded;                             // (B·T, C)
    std::span<T> final_norm, final_mean, final_rstd;  // Pre-LN only
    std::span<T> logits, probs, losses;               // slices of the model's
    std::span<const int> tokens, targets;             // slices of the model's
    // Backward scratch, one layer's worth, reused down the stack.
    std::span<T> dstream_a, dstream_b, dresidual, dnorm, datty, dqkv, dfch, dfch_act;
    std::span<T> dlogits, dlosses;
  };
  void allocate_shard(Shard& shard, int first, int batch, std::span<T> gradients);
  // Runs f(shard) for every shard, one thread each.
  template <class F>
  void for_each_shard(F f);
  std::span<const T> layer_input(const Shard& s, int layer) const;
  std::span<const T> layer_output(const Shard& s, int layer) const;
  // Training keeps every layer's activations and the activation's derivative for backward.
  enum class Pass { Training, Inference };
  // The batch's tokens and targets in, every shard forward, the mean loss out.
  double forward_batch(std::span<const int> tokens, std::span<const int> targets, Pass pass);
  void forward_shard(Shard& s, Pass pass);
  // Block `layer` from input x (B·T, C) into the activations a.
  void layer_forward(Shard& s, int layer, LayerActivations& a, std::span<const T> x, Pass pass);
  double mean_loss() const;
  void backward_shard(Shard& s, bool overwrite, bool sum_block_squares);
  // dout: the gradient of this layer's output; din receives (=, not +=) its input's gradient.
  void layer_backward(Shard& s, int layer, std::span<const T> dout, std::span<T> din);
  // gradients_ += the other shards' gradients, and the squares of the sums.
  void add_shard_gradients();

  ModelShape shape_;
  int batch_;
  AlignedVector<T> parameters_, gradients_;
  ParameterTensors<T> params_, grads_;
  AlignedVector<T> logits_, probs_, losses_;  // (B·T, V), (B·T, V), (B·T)
  std::vector<int> tokens_, targets_;
  std::vector<Shard> shards_;
  std::vector<double> block_gradient_squares_;
  double gradient_squares_ = 0.0;
};

}  // namespace llmlab::train
