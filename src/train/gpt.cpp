// The GPT's buffers, initialisation, forward and backward passes. Every numeric step is an nn/
// kernel; this file only wires them, as gpt2_forward / gpt2_backward do in llm.c.
#include "train/gpt.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "nn/attention.hpp"
#include "nn/embedding.hpp"
#include "nn/layernorm.hpp"
#include "nn/matmul.hpp"
#include "nn/rmsnorm.hpp"
#include "nn/softmax.hpp"
#include "nn/target_clones.hpp"
#include "train/activation.hpp"
#include "train/corpus.hpp"

namespace llmlab::train {
namespace {

size_t to_size(int value) { return static_cast<size_t>(value); }

// Hands out consecutive slices of one buffer.
template <class T>
class Carver {
 public:
  explicit Carver(std::span<T> buffer) : buffer_(buffer) {}
  std::span<T> take(size_t count) {
    LLMLAB_ASSERT(offset_ + count <= buffer_.size());
    std::span<T> slice = buffer_.subspan(offset_, count);
    offset_ += count;
    return slice;
  }
  size_t used() const { return offset_; }

 private:
  std::span<T> buffer_;
  size_t offset_ = 0;
};

// Counts what a Carver would hand out, to size a buffer before carving it.
size_t block_size(const ModelShape& s) {
  const size_t C = to_size(s.d_model), H = to_size(s.mlp_hidden);
  const size_t norm = s.norm == NormKind::LayerNorm ? 2 * C : C;
  return 2 * norm + 3 * C * C + 3 * C + C * C + C + H * C + H + C * H + C;
}

template <class T>
std::span<const T> as_const(std::span<T> span) {
  return span;
}

// y = norm(x) with the configured kind; mean is unused by RMSNorm (rstd holds 1/rms).
template <class T>
void norm_forward(NormKind kind, std::span<T> y, std::span<T> mean, std::span<T> rstd,
                  std::span<const T> x, std::span<const T> weight, std::span<const T> bias, int N,
                  int C) {
  const T eps = static_cast<T>(1e-5);
  if (kind == NormKind::LayerNorm) {
    nn::layernorm_forward(y, mean, rstd, x, weight, bias, N, C, eps);
  } else {
    nn::rmsnorm_forward(y, rstd, x, weight, N, C, eps);
  }
}

// dx = dx_in + normᵀ(dy), dx_in empty for normᵀ(dy) alone.
template <class T>
void norm_backward(NormKind kind, std::span<T> dx, std::span<T> dweight, std::span<T> dbias,
                   std::span<const T> dy, std::span<const T> x, std::span<const T> weight,
                   std::span<const T> mean, std::span<const T> rstd, int N, int C,
                   std::span<const T> dx_in) {
  if (kind == NormKind::LayerNorm) {
    nn::layernorm_backward(dx, dweight, dbias, dy, x, weight, mean, rstd, N, C, dx_in);
  } else {
    nn::rmsnorm_backward(dx, dweight, dy, x, weight, rstd, N, C, dx_in);
  }
}

// Σ v² in double, in eight interleaved partial sums (element i into sum i mod 8) added in a
// fixed order at the end: one thread, the same result every time, and eight independent chains
// of additions instead of one (in one chain, each of a block's 50,000 squares waits for the
// adder's latency).
template <class T>
LLMLAB_AVX512_CLONES double sum_of_squares(std::span<const T> values) {
  constexpr size_t kChains = 8;
  double partial[kChains] = {};
  const size_t whole = values.size() / kChains * kChains;
  for (size_t i = 0; i < whole; i += kChains) {
    for (size_t k = 0; k < kChains; k++) {
      const double v = static_cast<double>(values[i + k]);
      partial[k] += v * v;
    }
  }
  for (size_t i = whole; i < values.size(); i++) {
    const double v = static_cast<double>(values[i]);
    partial[i - whole] += v * v;
  }
  return ((partial[0] + partial[1]) + (partial[2] + partial[3])) +
         ((partial[4] + partial[5]) + (partial[6] + partial[7]));
}

template <class T>
void zero(std::span<T> span) {
  std::fill(span.begin(), span.end(), T(0));
}

// The shard count when none is asked for: one per thread, at most one per sequence.
int automatic_shards(int batch) { return std::clamp(omp_get_max_threads(), 1, batch); }

}  // namespace

ModelShape ModelShape::from(const Config& config, int vocab) {
  ModelShape shape;
  shape.vocab = vocab;
  shape.layers = config.layers;
  shape.d_model = config.d_model;
  shape.heads = config.heads;
  shape.mlp_hidden = config.mlp_ratio * config.d_model;
  shape.context = config.context;
  shape.placement = config.norm_placement;
  shape.norm = config.norm_kind;
  shape.activation = config.activation;
  return shape;
}

size_t parameter_count(const ModelShape& s) {
  const size_t C = to_size(s.d_model);
  const size_t final_norm =
      s.placement == NormPlacement::Pre ? (s.norm == NormKind::LayerNorm ? 2 * C : C) : 0;
  return to_size(s.vocab) * C + to_size(s.context) * C + to_size(s.layers) * block_size(s) +
         final_norm;
}

template <class T>
ParameterTensors<T> parameter_views(const ModelShape& s, std::span<T> buffer) {
  LLMLAB_ASSERT(buffer.size() == parameter_count(s));
  const size_t C = to_size(s.d_model), H = to_size(s.mlp_hidden);
  const size_t bias = s.norm == NormKind::LayerNorm ? C : 0;
  Carver<T> carver(buffer);
  ParameterTensors<T> views;
  views.wte = carver.take(to_size(s.vocab) * C);
  views.wpe = carver.take(to_size(s.context) * C);
  for (int l = 0; l < s.layers; l++) {
    BlockTensors<T> block;
    block.all = buffer.subspan(carver.used(), block_size(s));
    block.ln1_weight = carver.take(C);
    block.ln1_bias = carver.take(bias);
    block.qkv_weight = carver.take(3 * C * C);
    block.qkv_bias = carver.take(3 * C);
    block.proj_weight = carver.take(C * C);
    block.proj_bias = carver.take(C);
    block.ln2_weight = carver.take(C);
    block.ln2_bias = carver.take(bias);
    block.fc_weight = carver.take(H * C);
    block.fc_bias = carver.take(H);
    block.fc_out_weight = carver.take(C * H);
    block.fc_out_bias = carver.take(C);
    views.blocks.push_back(block);
  }
  if (s.placement == NormPlacement::Pre) {
    views.lnf_weight = carver.take(C);
    views.lnf_bias = carver.take(bias);
  }
  LLMLAB_ASSERT(carver.used() == buffer.size());
  return views;
}

template <class T>
std::vector<NamedTensor<T>> named_tensors(const ParameterTensors<T>& views) {
  std::vector<NamedTensor<T>> named;
  const auto add_named = [&named](std::string name, std::span<T> values) {
    if (!values.empty()) named.push_back({std::move(name), values});
  };
  add_named("wte.weight", views.wte);
  add_named("wpe.weight", views.wpe);
  for (size_t l = 0; l < views.blocks.size(); l++) {
    const BlockTensors<T>& b = views.blocks[l];
    const std::string prefix = "blocks." + std::to_string(l) + ".";
    add_named(prefix + "ln1.weight", b.ln1_weight);
    add_named(prefix + "ln1.bias", b.ln1_bias);
    add_named(prefix + "ln2.weight", b.ln2_weight);
    add_named(prefix + "ln2.bias", b.ln2_bias);
    add_named(prefix + "qkv.weight", b.qkv_weight);
    add_named(prefix + "qkv.bias", b.qkv_bias);
    add_named(prefix + "proj.weight", b.proj_weight);
    add_named(prefix + "proj.bias", b.proj_bias);
    add_named(prefix + "fc.weight", b.fc_weight);
    add_named(prefix + "fc.bias", b.fc_bias);
    add_named(prefix + "fc_out.weight", b.fc_out_weight);
    add_named(prefix + "fc_out.bias", b.fc_out_bias);
  }
  add_named("ln_f.weight", views.lnf_weight);
  add_named("ln_f.bias", views.lnf_bias);
  return named;
}

template <class T>
Gpt<T>::Gpt(const ModelShape& shape, int batch, int shards) : shape_(shape), batch_(batch) {
  LLMLAB_ASSERT(shape.d_model % shape.heads == 0 && batch > 0 && shards >= 0);
  const size_t count = parameter_count(shape);
  parameters_.assign(count, T(0));
  gradients_.assign(count, T(0));
  params_ = parameter_views<T>(shape, parameters_);
  grads_ = parameter_views<T>(shape, gradients_);

  const size_t BT = to_size(batch) * to_size(shape.context);
  const size_t V = to_size(shape.vocab);
  logits_.assign(BT * V, T(0));
  probs_.assign(BT * V, T(0));
  losses_.assign(BT, T(0));
  tokens_.assign(BT, 0);
  targets_.assign(BT, 0);
  const int count_of_shards = std::min(shards == 0 ? automatic_shards(batch) : shards, batch);
  // Sized once: a shard's spans point into its own buffers, which must not move.
  shards_.resize(to_size(count_of_shards));
  int first = 0;
  for (int i = 0; i < count_of_shards; i++) {
    // The first batch % shards slices take one sequence more.
    const int size = batch / count_of_shards + (i < batch % count_of_shards ? 1 : 0);
    Shard& shard = shards_[to_size(i)];
    if (i > 0) shard.own_gradients.assign(count, T(0));
    allocate_shard(shard, first, size, i == 0 ? std::span<T>(gradients_) : shard.own_gradients);
    first += size;
  }
}

template <class T>
void Gpt<T>::allocate_shard(Shard& shard, int first, int batch, std::span<T> gradients) {
  shard.batch = batch;
  shard.gradients = gradients;
  shard.grads = parameter_views<T>(shape_, gradients);
  const size_t BT = to_size(batch) * to_size(shape_.context);
  const size_t C = to_size(shape_.d_model), H = to_size(shape_.mlp_hidden);
  const size_t V = to_size(shape_.vocab), L = to_size(shape_.layers);
  const size_t att =
      to_size(batch) * to_size(shape_.heads) * to_size(shape_.context) * to_size(shape_.context);
  // norm1, qkv (3), atty, residual2, norm2, residual3: 8 (B·T, C) tensors.
  const size_t per_layer = 8 * BT * C + 4 * BT + att + 2 * BT * H;
  const size_t top = BT * C + (BT * C + 2 * BT);
  shard.activations.assign(L * per_layer + top, T(0));
  Carver<T> carver(shard.activations);
  shard.encoded = carver.take(BT * C);
  for (size_t l = 0; l < L; l++) {
    LayerActivations a;
    a.norm1 = carver.take(BT * C);
    a.norm1_mean = carver.take(BT);
    a.norm1_rstd = carver.take(BT);
    a.qkv = carver.take(BT * 3 * C);
    a.att = carver.take(att);
    a.atty = carver.take(BT * C);
    a.residual2 = carver.take(BT * C);
    a.norm2 = carver.take(BT * C);
    a.norm2_mean = carver.take(BT);
    a.norm2_rstd = carver.take(BT);
    a.fch = carver.take(BT * H);
    a.fch_act = carver.take(BT * H);
    a.residual3 = carver.take(BT * C);
    shard.layers.push_back(a);
  }
  shard.final_norm = carver.take(BT * C);
  shard.final_mean = carver.take(BT);
  shard.final_rstd = carver.take(BT);

  const size_t row = to_size(first) * to_size(shape_.context);
  shard.logits = std::span<T>(logits_).subspan(row * V, BT * V);
  shard.probs = std::span<T>(probs_).subspan(row * V, BT * V);
  shard.losses = std::span<T>(losses_).subspan(row, BT);
  shard.tokens = std::span<const int>(tokens_).subspan(row, BT);
  shard.targets = std::span<const int>(targets_).subspan(row, BT);

  shard.scratch.assign(5 * BT * C + BT * 3 * C + 2 * BT * H + BT * V + BT, T(0));
  Carver<T> scratch(shard.scratch);
  shard.dstream_a = scratch.take(BT * C);
  shard.dstream_b = scratch.take(BT * C);
  shard.dresidual = scratch.take(BT * C);
  shard.dnorm = scratch.take(BT * C);
  shard.datty = scratch.take(BT * C);
  shard.dqkv = scratch.take(BT * 3 * C);
  shard.dfch = scratch.take(BT * H);
  shard.dfch_act = scratch.take(BT * H);
  shard.dlogits = scratch.take(BT * V);
  shard.dlosses = scratch.take(BT);
}

template <class T>
template <class F>
void Gpt<T>::for_each_shard(F f) {
  const int count = shards();
  if (count == 1) return f(shards_[0]);
#pragma omp parallel for num_threads(count) schedule(static, 1)
  for (int i = 0; i < count; i++) f(shards_[to_size(i)]);
}

template <class T>
void initialize_parameters(const ParameterTensors<T>& params, int layers, double init_std,
                           ResidualInit residual_init, std::uint64_t seed) {
  Random random(seed);
  const auto normal = [&random](std::span<T> values, double std) {
    for (T& value : values) value = static_cast<T>(std * random.normal());
  };
  const auto fill = [](std::span<T> values, T value) {
    std::fill(values.begin(), values.end(), value);
  };
  const double residual_std = residual_init == ResidualInit::Scaled
                                  ? init_std / std::sqrt(2.0 * static_cast<double>(layers))
                                  : init_std;
  normal(params.wte, init_std);
  normal(params.wpe, init_std);
  for (const BlockTensors<T>& block : params.blocks) {
    fill(block.ln1_weight, T(1));
    fill(block.ln1_bias, T(0));
    normal(block.qkv_weight, init_std);
    fill(block.qkv_bias, T(0));
    normal(block.proj_weight, residual_std);
    fill(block.proj_bias, T(0));
    fill(block.ln2_weight, T(1));
    fill(block.ln2_bias, T(0));
    normal(block.fc_weight, init_std);
    fill(block.fc_bias, T(0));
    normal(block.fc_out_weight, residual_std);
    fill(block.fc_out_bias, T(0));
  }
  fill(params.lnf_weight, T(1));
  fill(params.lnf_bias, T(0));
}

template <class T>
void Gpt<T>::initialize(double init_std, ResidualInit residual_init, std::uint64_t seed) {
  initialize_parameters<T>(params_, shape_.layers, init_std, residual_init, seed);
}

template <class T>
std::span<const T> Gpt<T>::layer_input(const Shard& s, int layer) const {
  return layer == 0 ? as_const(s.encoded) : layer_output(s, layer - 1);
}

template <class T>
std::span<const T> Gpt<T>::layer_output(const Shard& s, int layer) const {
  const LayerActivations& a = s.layers[to_size(layer)];
  return shape_.placement == NormPlacement::Pre ? as_const(a.residual3) : as_const(a.norm2);
}

// Pre:  n1 = LN1(x); r2 = x + attn(n1); n2 = LN2(r2); r3 = r2 + mlp(n2); out = r3.
// Post: r2 = x + attn(x); n1 = LN1(r2); r3 = n1 + mlp(n1); n2 = LN2(r3); out = n2.
template <class T>
void Gpt<T>::layer_forward(Shard& s, int layer, LayerActivations& a, std::span<const T> x,
                           Pass pass) {
  const int N = s.batch * shape_.context, C = shape_.d_model, H = shape_.mlp_hidden;
  const BlockTensors<T>& p = params_.blocks[to_size(layer)];
  const NormKind kind = shape_.norm;
  const bool pre = shape_.placement == NormPlacement::Pre;

  if (pre) {
    norm_forward<T>(kind, a.norm1, a.norm1_mean, a.norm1_rstd, x, p.ln1_weight, p.ln1_bias, N, C);
  }
  const std::span<const T> attention_input = pre ? as_const(a.norm1) : x;
  nn::matmul_forward<T>(a.qkv, attention_input, p.qkv_weight, p.qkv_bias, N, C, 3 * C);
  nn::attention_forward<T>(a.atty, a.att, a.qkv, s.batch, shape_.context, C, shape_.heads);
  nn::matmul_residual_forward<T>(a.residual2, x, a.atty, p.proj_weight, p.proj_bias, N, C, C);

  std::span<const T> mlp_input;
  if (pre) {
    norm_forward<T>(kind, a.norm2, a.norm2_mean, a.norm2_rstd, a.residual2, p.ln2_weight,
                    p.ln2_bias, N, C);
    mlp_input = a.norm2;
  } else {
    norm_forward<T>(kind, a.norm1, a.norm1_mean, a.norm1_rstd, a.residual2, p.ln1_weight,
                    p.ln1_bias, N, C);
    mlp_input = a.norm1;
  }
  nn::matmul_forward<T>(a.fch, mlp_input, p.fc_weight, p.fc_bias, N, C, H);
  // Training keeps the activation's derivative (over its input, which backward no longer needs).
  activation_forward<T>(shape_.activation, a.fch_act,
                        pass == Pass::Training ? a.fch : std::span<T>(), a.fch);
  nn::matmul_residual_forward<T>(a.residual3, pre ? as_const(a.residual2) : as_const(a.norm1),
                                 a.fch_act, p.fc_out_weight, p.fc_out_bias, N, H, C);
  if (!pre) {
    norm_forward<T>(kind, a.norm2, a.norm2_mean, a.norm2_rstd, a.residual3, p.ln2_weight,
                    p.ln2_bias, N, C);
  }
}

template <class T>
typename Gpt<T>::BlockInside Gpt<T>::inside(int layer) const {
  const Shard& s = shards_[0];
  const LayerActivations& a = s.layers[to_size(layer)];
  const size_t T_ = to_size(shape_.context), C = to_size(shape_.d_model);
  const size_t rows = T_ * C;
  const bool pre = shape_.placement == NormPlacement::Pre;
  BlockInside inside;
  inside.input = layer_input(s, layer).first(rows);
  inside.output = layer_output(s, layer).first(rows);
  inside.norm1_input = pre ? inside.input : as_const(a.residual2).first(rows);
  inside.norm2_input = (pre ? as_const(a.residual2) : as_const(a.residual3)).first(rows);
  inside.attention = as_const(a.att).first(to_size(shape_.heads) * T_ * T_);
  inside.mlp_input = (pre ? as_const(a.norm2) : as_const(a.norm1)).first(rows);
  return inside;
}

template <class T>
std::span<const T> Gpt<T>::top_inside() const {
  return layer_output(shards_[0], shape_.layers - 1)
      .first(to_size(shape_.context) * to_size(shape_.d_model));
}

template <class T>
void Gpt<T>::forward_shard(Shard& s, Pass pass) {
  const int N = s.batch * shape_.context, C = shape_.d_model, V = shape_.vocab;
  nn::embedding_forward<T>(s.encoded, s.tokens, params_.wte, params_.wpe, s.batch, shape_.context,
                           C);
  std::span<const T> top;
  if (pass == Pass::Training) {
    for (int l = 0; l < shape_.layers; l++) {
      layer_forward(s, l, s.layers[to_size(l)], layer_input(s, l), pass);
    }
    top = layer_output(s, shape_.layers - 1);
  } else {
    // Blocks take the first two layers' activations in turn, each reading the other's output:
    // 2 of the L layers' buffers are touched, so the pass runs from cache, not memory.
    const bool pre = shape_.placement == NormPlacement::Pre;
    top = s.encoded;
    for (int l = 0; l < shape_.layers; l++) {
      LayerActivations& a = s.layers[to_size(l % 2)];
      layer_forward(s, l, a, top, pass);
      top = pre ? as_const(a.residual3) : as_const(a.norm2);
    }
  }
  if (shape_.placement == NormPlacement::Pre) {
    norm_forward<T>(shape_.norm, s.final_norm, s.final_mean, s.final_rstd, top, params_.lnf_weight,
                    params_.lnf_bias, N, C);
    top = s.final_norm;
  }
  // Tied head: logits = x · wteᵀ, no bias.
  nn::matmul_forward<T>(s.logits, top, params_.wte, {}, N, C, V);
  nn::softmax_forward<T>(s.probs, s.logits, N, V);
  nn::crossentropy_forward<T>(s.losses, s.probs, s.targets, N, V);
}

template <class T>
double Gpt<T>::forward(std::span<const int> tokens, std::span<const int> targets) {
  return forward_batch(tokens, targets, Pass::Training);
}

template <class T>
double Gpt<T>::loss(std::span<const int> tokens, std::span<const int> targets) {
  return forward_batch(tokens, targets, Pass::Inference);
}

template <class T>
double Gpt<T>::forward_batch(std::span<const int> tokens, std::span<const int> targets, Pass pass) {
  const size_t N = to_size(batch_) * to_size(shape_.context);
  LLMLAB_ASSERT(tokens.size() == N && targets.size() == N);
  std::copy(tokens.begin(), tokens.end(), tokens_.begin());
  std::copy(targets.begin(), targets.end(), targets_.begin());
  for_each_shard([this, pass](Shard& s) { forward_shard(s, pass); });
  return mean_loss();
}

template <class T>
double Gpt<T>::mean_loss() const {
  // Summed over the whole batch in row order, whatever the shards.
  double sum = 0.0;
  for (T loss : losses_) sum += static_cast<double>(loss);
  return sum / static_cast<double>(losses_.size());
}

template <class T>
void Gpt<T>::zero_gradients() {
  zero<T>(gradients_);
}

template <class T>
void Gpt<T>::layer_backward(Shard& s, int layer, std::span<const T> dout, std::span<T> din) {
  const int N = s.batch * shape_.context, C = shape_.d_model, H = shape_.mlp_hidden;
  const BlockTensors<T>& p = params_.blocks[to_size(layer)];
  const BlockTensors<T>& g = s.grads.blocks[to_size(layer)];
  const LayerActivations& a = s.layers[to_size(layer)];
  const std::span<const T> x = layer_input(s, layer);
  const NormKind kind = shape_.norm;
  // dfch_act, dfch, datty and dqkv are written whole by the kernels that produce them (products
  // with InputGradient::Overwrite, the activation and attention backward passes), and dnorm too,
  // or it starts as a copy of the residual's gradient; the norms' backward passes write
  // dx = dx_in + normᵀ(dy), taking the residual connection's gradient as dx_in: nothing is
  // zeroed or copied first.
  constexpr nn::InputGradient overwrite = nn::InputGradient::Overwrite;

  if (shape_.placement == NormPlacement::Pre) {
    // r3 = r2 + mlp(LN2(r2)): dr2 = dout + LN2ᵀ(mlpᵀ(dout)).
    nn::matmul_backward<T>(s.dfch_act, g.fc_out_weight, g.fc_out_bias, dout, a.fch_act,
                           p.fc_out_weight, N, H, C, overwrite);
    activation_backward<T>(s.dfch, a.fch, s.dfch_act);
    nn::matmul_backward<T>(s.dnorm, g.fc_weight, g.fc_bias, s.dfch, a.norm2, p.fc_weight, N, C, H,
                           overwrite);
    norm_backward<T>(kind, s.dresidual, g.ln2_weight, g.ln2_bias, s.dnorm, a.residual2,
                     p.ln2_weight, a.norm2_mean, a.norm2_rstd, N, C, dout);
    // r2 = x + attn(LN1(x)): dx = dr2 + LN1ᵀ(attnᵀ(dr2)).
    nn::matmul_backward<T>(s.datty, g.proj_weight, g.proj_bias, s.dresidual, a.atty, p.proj_weight,
                           N, C, C, overwrite);
    nn::attention_backward<T>(s.dqkv, s.datty, a.qkv, a.att, s.batch, shape_.context, C,
                              shape_.heads);
    nn::matmul_backward<T>(s.dnorm, g.qkv_weight, g.qkv_bias, s.dqkv, a.norm1, p.qkv_weight, N, C,
                           3 * C, overwrite);
    norm_backward<T>(kind, din, g.ln1_weight, g.ln1_bias, s.dnorm, x, p.ln1_weight, a.norm1_mean,
                     a.norm1_rstd, N, C, as_const(s.dresidual));
  } else {
    // out = LN2(r3), r3 = n1 + mlp(n1): dn1 = dr3 + mlpᵀ(dr3).
    norm_backward<T>(kind, s.dresidual, g.ln2_weight, g.ln2_bias, dout, a.residual3, p.ln2_weight,
                     a.norm2_mean, a.norm2_rstd, N, C, {});
    std::copy(s.dresidual.begin(), s.dresidual.end(), s.dnorm.begin());
    nn::matmul_backward<T>(s.dfch_act, g.fc_out_weight, g.fc_out_bias, s.dresidual, a.fch_act,
                           p.fc_out_weight, N, H, C, overwrite);
    activation_backward<T>(s.dfch, a.fch, s.dfch_act);
    nn::matmul_backward<T>(s.dnorm, g.fc_weight, g.fc_bias, s.dfch, a.norm1, p.fc_weight, N, C, H);
    // n1 = LN1(r2), r2 = x + attn(x): dx = dr2 + attnᵀ(dr2).
    norm_backward<T>(kind, s.dresidual, g.ln1_weight, g.ln1_bias, s.dnorm, a.residual2,
                     p.ln1_weight, a.norm1_mean, a.norm1_rstd, N, C, {});
    std::copy(s.dresidual.begin(), s.dresidual.end(), din.begin());
    nn::matmul_backward<T>(s.datty, g.proj_weight, g.proj_bias, s.dresidual, a.atty, p.proj_weight,
                           N, C, C, overwrite);
    nn::attention_backward<T>(s.dqkv, s.datty, a.qkv, a.att, s.batch, shape_.context, C,
                              shape_.heads);
    nn::matmul_backward<T>(din, g.qkv_weight, g.qkv_bias, s.dqkv, x, p.qkv_weight, N, C, 3 * C);
  }
}

template <class T>
void Gpt<T>::backward_shard(Shard& s, bool overwrite, bool sum_block_squares) {
  const int N = s.batch * shape_.context, C = shape_.d_model, V = shape_.vocab;
  // Every shard but the first starts from a zero gradient; the first accumulates into the
  // model's unless that is to be overwritten.
  if (overwrite || !s.own_gradients.empty()) zero<T>(s.gradients);
  // d(mean loss)/d(loss_n) = 1/N for every row of the whole batch.
  const double rows = static_cast<double>(batch_) * static_cast<double>(shape_.context);
  std::fill(s.dlosses.begin(), s.dlosses.end(), static_cast<T>(1.0 / rows));
  zero<T>(s.dlogits);
  nn::crossentropy_softmax_backward<T>(s.dlogits, s.probs, s.targets, s.dlosses, N, V);

  // The gradient at the top of the stack, written whole by either branch.
  std::span<T> dtop = s.dstream_a;
  const bool pre = shape_.placement == NormPlacement::Pre;
  const std::span<const T> top = pre ? as_const(s.final_norm) : layer_output(s, shape_.layers - 1);
  if (pre) {
    // The head's input is LN_f(x): its gradient goes to dnorm first, then through LN_f.
    nn::matmul_backward<T>(s.dnorm, s.grads.wte, {}, s.dlogits, top, params_.wte, N, C, V,
                           nn::InputGradient::Overwrite);
    norm_backward<T>(shape_.norm, dtop, s.grads.lnf_weight, s.grads.lnf_bias, s.dnorm,
                     layer_output(s, shape_.layers - 1), params_.lnf_weight, s.final_mean,
                     s.final_rstd, N, C, {});
  } else {
    nn::matmul_backward<T>(dtop, s.grads.wte, {}, s.dlogits, top, params_.wte, N, C, V,
                           nn::InputGradient::Overwrite);
  }
  std::span<T> dout = s.dstream_a;
  std::span<T> din = s.dstream_b;
  for (int l = shape_.layers - 1; l >= 0; l--) {
    layer_backward(s, l, dout, din);
    if (sum_block_squares) {
      block_gradient_squares_[to_size(l)] = sum_of_squares<T>(s.grads.blocks[to_size(l)].all);
    }
    std::swap(dout, din);
  }
  nn::embedding_backward<T>(s.grads.wte, s.grads.wpe, dout, s.tokens, s.batch, shape_.context, C);
}

template <class T>
void Gpt<T>::add_shard_gradients() {
  // The units of the sum: each block, then the embeddings and the final norm. Each unit is
  // summed by one thread, so the squares do not depend on the thread count.
  std::vector<std::span<T>> units;
  for (const BlockTensors<T>& block : grads_.blocks) units.push_back(block.all);
  const size_t blocks = units.size();
  for (std::span<T> rest : {grads_.wte, grads_.wpe, grads_.lnf_weight, grads_.lnf_bias}) {
    units.push_back(rest);
  }
  std::vector<double> squares(units.size(), 0.0);
  const int count = static_cast<int>(units.size());
#pragma omp parallel for schedule(dynamic)
  for (int u = 0; u < count; u++) {
    const std::span<T> sum = units[to_size(u)];
    // An empty tensor (no bias, say) may have no storage: nothing to sum, and no offset to take.
    if (sum.empty()) continue;
    const size_t offset = static_cast<size_t>(sum.data() - gradients_.data());
    for (size_t i = 1; i < shards_.size(); i++) {
      const T* other = shards_[i].own_gradients.data() + offset;
      for (size_t j = 0; j < sum.size(); j++) sum[j] += other[j];
    }
    squares[to_size(u)] = sum_of_squares<T>(sum);
  }
  std::copy(squares.begin(), squares.begin() + static_cast<std::ptrdiff_t>(blocks),
            block_gradient_squares_.begin());
  gradient_squares_ = 0.0;
  for (const double unit : squares) gradient_squares_ += unit;
}

template <class T>
void Gpt<T>::backward(GradientUpdate update) {
  block_gradient_squares_.assign(to_size(shape_.layers), 0.0);
  const bool one_shard = shards() == 1;
  const bool overwrite = update == GradientUpdate::Overwrite;
  for_each_shard([=, this](Shard& s) { backward_shard(s, overwrite, one_shard); });
  if (!one_shard) return add_shard_gradients();
  // The embeddings' gradients are complete only now (wte is also the head's weight).
  gradient_squares_ = sum_of_squares<T>(grads_.wte) + sum_of_squares<T>(grads_.wpe) +
                      sum_of_squares<T>(grads_.lnf_weight) + sum_of_squares<T>(grads_.lnf_bias);
  for (const double block : block_gradient_squares_) gradient_squares_ += block;
}

template void initialize_parameters(const ParameterTensors<float>&, int, double, ResidualInit,
                                    std::uint64_t);
template void initialize_parameters(const ParameterTensors<double>&, int, double, ResidualInit,
                                    std::uint64_t);
template class Gpt<float>;
template class Gpt<double>;
template ParameterTensors<float> parameter_views(const ModelShape&, std::span<float>);
template ParameterTensors<double> parameter_views(const ModelShape&, std::span<double>);
template ParameterTensors<const float> parameter_views(const ModelShape&, std::span<const float>);
template std::vector<NamedTensor<float>> named_tensors(const ParameterTensors<float>&);
template std::vector<NamedTensor<double>> named_tensors(const ParameterTensors<double>&);

}  // namespace llmlab::train
