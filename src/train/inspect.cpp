// forward_inside: the trainer's forward pass on one sequence, then copies of what it saved.
#include "train/inspect.hpp"

#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "nn/matmul.hpp"
#include "train/gpt.hpp"

namespace llmlab::train {
namespace {

size_t to_size(int value) { return static_cast<size_t>(value); }

// Mean and population standard deviation of each of the first `rows` rows of x (rows, C), in
// double: the statistics a norm layer sees, not its eps-shifted rstd.
void row_statistics(std::span<const float> x, int rows, int C, std::vector<double>& mean,
                    std::vector<double>& deviation) {
  mean.assign(to_size(rows), 0.0);
  deviation.assign(to_size(rows), 0.0);
  for (size_t r = 0; r < to_size(rows); r++) {
    const std::span<const float> row = x.subspan(r * to_size(C), to_size(C));
    double sum = 0.0;
    for (const float v : row) sum += static_cast<double>(v);
    const double m = sum / C;
    double squares = 0.0;
    for (const float v : row) {
      const double d = static_cast<double>(v) - m;
      squares += d * d;
    }
    mean[r] = m;
    deviation[r] = std::sqrt(squares / C);
  }
}

// The model's parameters into gpt, whose context may be shorter: the first position
// embeddings only.
void copy_parameters(const Model& model, Gpt<float>& gpt) {
  const ParameterTensors<const float> from =
      parameter_views<const float>(model.shape, std::span<const float>(model.parameters));
  const ParameterTensors<float>& to = gpt.params();
  const auto copy = [](std::span<const float> source, std::span<float> target) {
    std::copy_n(source.begin(), target.size(), target.begin());
  };
  copy(from.wte, to.wte);
  copy(from.wpe, to.wpe);
  for (size_t l = 0; l < from.blocks.size(); l++) copy(from.blocks[l].all, to.blocks[l].all);
  copy(from.lnf_weight, to.lnf_weight);
  copy(from.lnf_bias, to.lnf_bias);
}

// Layer l's saved tensors over T positions, the fields asked for.
BlockRecord block_record(const Model& model, const Gpt<float>& gpt, int l, int T,
                         const InsideFields& fields) {
  const ModelShape& s = model.shape;
  const int C = s.d_model, H = s.mlp_hidden, NH = s.heads;
  const size_t TC = to_size(T) * to_size(C);
  const Gpt<float>::BlockInside inside = gpt.inside(l);
  BlockRecord block;
  block.layer = l;
  if (fields.residual) {
    block.residual_in.assign(inside.input.begin(),
                             inside.input.begin() + static_cast<std::ptrdiff_t>(TC));
    block.residual_out.assign(inside.output.begin(),
                              inside.output.begin() + static_cast<std::ptrdiff_t>(TC));
  }
  if (fields.norms) {
    row_statistics(inside.norm1_input, T, C, block.norm1_mean, block.norm1_std);
    row_statistics(inside.norm2_input, T, C, block.norm2_mean, block.norm2_std);
  }
  if (fields.attention) {
    // The causal half only; the masked weights read as zeros.
    block.attention.assign(to_size(NH) * to_size(T) * to_size(T), 0.0f);
    for (size_t h = 0; h < to_size(NH); h++) {
      for (size_t t = 0; t < to_size(T); t++) {
        for (size_t k = 0; k <= t; k++) {
          block.attention[(h * to_size(T) + t) * to_size(T) + k] =
              inside.attention[(h * to_size(T) + t) * to_size(T) + k];
        }
      }
    }
  }
  if (fields.mlp) {
    // The pass keeps only the activation's derivative; the pre-activation is one product.
    block.mlp_pre.assign(to_size(T) * to_size(H), 0.0f);
    const ParameterTensors<const float> params =
        parameter_views<const float>(s, std::span<const float>(model.parameters));
    const BlockTensors<const float>& p = params.blocks[to_size(l)];
    nn::matmul_forward<float>(block.mlp_pre, inside.mlp_input.first(TC), p.fc_weight, p.fc_bias, T,
                              C, H);
  }
  return block;
}

}  // namespace

ForwardRecord forward_inside(const Model& model, std::span<const int> tokens,
                             std::span<const int> targets, std::span<const int> layers,
                             const InsideFields& fields) {
  const ModelShape& s = model.shape;
  const int T = static_cast<int>(tokens.size()), context = s.context;
  const int C = s.d_model, V = s.vocab;
  LLMLAB_ASSERT(T >= 1 && T <= context && (targets.empty() || targets.size() == tokens.size()));
  // A pass over exactly the T tokens: the model with its context cut to T (the first T
  // position embeddings), so a short input costs a short pass.
  ModelShape cut = s;
  cut.context = T;
  Gpt<float> gpt(cut, 1, 1);
  copy_parameters(model, gpt);
  std::vector<int> input(tokens.begin(), tokens.end());
  std::vector<int> target(to_size(T), 0);
  std::copy(targets.begin(), targets.end(), target.begin());
  gpt.forward(input, target);

  ForwardRecord record;
  record.length = T;
  const size_t TV = to_size(T) * to_size(V);
  record.logits.assign(gpt.logits().begin(),
                       gpt.logits().begin() + static_cast<std::ptrdiff_t>(TV));
  if (!targets.empty()) {
    // Summed in row order in double, as Gpt::forward sums its batch.
    double sum = 0.0;
    for (size_t t = 0; t < to_size(T); t++) sum += static_cast<double>(gpt.losses()[t]);
    record.loss = sum / T;
  }
  std::vector<int> kept(layers.begin(), layers.end());
  if (kept.empty()) {
    for (int l = 0; l < s.layers; l++) kept.push_back(l);
  }
  for (const int l : kept) {
    LLMLAB_ASSERT(l >= 0 && l < s.layers);
    record.blocks.push_back(block_record(model, gpt, l, T, fields));
  }
  if (fields.norms && s.placement == NormPlacement::Pre) {
    row_statistics(gpt.top_inside(), T, C, record.final_mean, record.final_std);
  }
  return record;
}

}  // namespace llmlab::train
