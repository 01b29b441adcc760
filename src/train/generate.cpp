// The KV-cached decoder, the sampling rules and the generation loop.
#include "train/generate.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "base/error.hpp"
#include "nn/layernorm.hpp"
#include "nn/rmsnorm.hpp"
#include "train/activation.hpp"
#include "train/gpt.hpp"

namespace llmlab::train {
namespace {

size_t to_size(int value) { return static_cast<size_t>(value); }

// out (OC) = W (OC, C) · x (C) + bias (OC), bias may be empty; each row one vectorised dot.
void matvec(float* out, const float* x, std::span<const float> weight, std::span<const float> bias,
            int C, int OC) {
  for (int o = 0; o < OC; o++) {
    const float* row = weight.data() + to_size(o) * to_size(C);
    float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
    for (int i = 0; i < C; i++) sum += row[i] * x[i];
    out[o] = bias.empty() ? sum : sum + bias[to_size(o)];
  }
}

void add_into(float* out, const float* residual, int C) {
  for (int i = 0; i < C; i++) out[i] += residual[i];
}

}  // namespace

Decoder::Decoder(const Model& model)
    : model_(model),
      params_(parameter_views<const float>(model.shape, std::span<const float>(model.parameters))) {
  const ModelShape& s = model.shape;
  const size_t C = to_size(s.d_model), T = to_size(s.context);
  keys_.assign(to_size(s.layers), AlignedVector<float>(T * C, 0.0f));
  values_.assign(to_size(s.layers), AlignedVector<float>(T * C, 0.0f));
  x_.assign(C, 0.0f);
  norm_.assign(C, 0.0f);
  qkv_.assign(3 * C, 0.0f);
  atty_.assign(C, 0.0f);
  scores_.assign(T, 0.0f);
  hidden_.assign(std::max(to_size(s.mlp_hidden), C), 0.0f);
  logits_.assign(to_size(s.vocab), 0.0f);
  mean_.assign(1, 0.0f);
  rstd_.assign(1, 0.0f);
}

namespace {

// y = norm(x) for one row, with the trainer's kernels (so the decoder rounds as training does).
void norm_row(NormKind kind, std::span<float> y, std::span<float> mean, std::span<float> rstd,
              std::span<const float> x, std::span<const float> weight, std::span<const float> bias,
              int C) {
  if (kind == NormKind::LayerNorm) {
    nn::layernorm_forward<float>(y, mean, rstd, x, weight, bias, 1, C, 1e-5f);
  } else {
    nn::rmsnorm_forward<float>(y, rstd, x, weight, 1, C, 1e-5f);
  }
}

}  // namespace

// Pre:  x = x + attn(LN1(x)); x = x + mlp(LN2(x)).
// Post: x = LN1(x + attn(x)); x = LN2(x + mlp(x)).
void Decoder::block(int layer) {
  const ModelShape& s = model_.shape;
  const int C = s.d_model, H = s.mlp_hidden, NH = s.heads, hs = C / NH;
  const BlockTensors<const float>& p = params_.blocks[to_size(layer)];
  const bool pre = s.placement == NormPlacement::Pre;
  const std::span<float> x(x_), norm(norm_);

  if (pre) norm_row(s.norm, norm, mean_, rstd_, x, p.ln1_weight, p.ln1_bias, C);
  matvec(qkv_.data(), pre ? norm_.data() : x_.data(), p.qkv_weight, p.qkv_bias, C, 3 * C);
  float* keys = keys_[to_size(layer)].data();
  float* values = values_[to_size(layer)].data();
  const size_t row = to_size(position_) * to_size(C);
  std::copy_n(qkv_.data() + C, C, keys + row);
  std::copy_n(qkv_.data() + 2 * C, C, values + row);
  const float scale = 1.0f / std::sqrt(static_cast<float>(hs));
  for (int h = 0; h < NH; h++) {
    const float* q = qkv_.data() + h * hs;
    float max_score = -INFINITY;
    for (int t = 0; t <= position_; t++) {
      const float* k = keys + to_size(t) * to_size(C) + to_size(h * hs);
      float dot = 0.0f;
#pragma omp simd reduction(+ : dot)
      for (int i = 0; i < hs; i++) dot += q[i] * k[i];
      scores_[to_size(t)] = dot * scale;
      max_score = std::max(max_score, scores_[to_size(t)]);
    }
    float total = 0.0f;
    for (int t = 0; t <= position_; t++) {
      scores_[to_size(t)] = std::exp(scores_[to_size(t)] - max_score);
      total += scores_[to_size(t)];
    }
    float* out = atty_.data() + h * hs;
    std::fill_n(out, hs, 0.0f);
    for (int t = 0; t <= position_; t++) {
      const float weight = scores_[to_size(t)] / total;
      const float* v = values + to_size(t) * to_size(C) + to_size(h * hs);
      for (int i = 0; i < hs; i++) out[i] += weight * v[i];
    }
  }
  // norm_ = x + proj(atty): the residual sum (Pre keeps it in x).
  matvec(norm_.data(), atty_.data(), p.proj_weight, p.proj_bias, C, C);
  add_into(x_.data(), norm_.data(), C);
  if (pre) {
    norm_row(s.norm, norm, mean_, rstd_, x, p.ln2_weight, p.ln2_bias, C);
  } else {
    norm_row(s.norm, norm, mean_, rstd_, x, p.ln1_weight, p.ln1_bias, C);
    std::copy(norm_.begin(), norm_.end(), x_.begin());
  }
  const std::span<float> hidden = std::span<float>(hidden_).first(to_size(H));
  matvec(hidden.data(), norm_.data(), p.fc_weight, p.fc_bias, C, H);
  activation_forward<float>(s.activation, hidden, {}, hidden);
  matvec(norm_.data(), hidden.data(), p.fc_out_weight, p.fc_out_bias, H, C);
  add_into(x_.data(), norm_.data(), C);
  if (!pre) {
    norm_row(s.norm, norm, mean_, rstd_, x, p.ln2_weight, p.ln2_bias, C);
    std::copy(norm_.begin(), norm_.end(), x_.begin());
  }
}

std::span<const float> Decoder::step(int token) {
  const ModelShape& s = model_.shape;
  LLMLAB_ASSERT(position_ < s.context && token >= 0 && token < s.vocab);
  const size_t C = to_size(s.d_model);
  for (size_t i = 0; i < C; i++) {
    x_[i] = params_.wte[to_size(token) * C + i] + params_.wpe[to_size(position_) * C + i];
  }
  for (int l = 0; l < s.layers; l++) block(l);
  const float* top = x_.data();
  if (s.placement == NormPlacement::Pre) {
    norm_row(s.norm, norm_, mean_, rstd_, x_, params_.lnf_weight, params_.lnf_bias, s.d_model);
    top = norm_.data();
  }
  matvec(logits_.data(), top, params_.wte, {}, s.d_model, s.vocab);
  position_++;
  return logits_;
}

std::vector<double> sampling_distribution(std::span<const float> logits,
                                          const SamplingOptions& options) {
  const size_t V = logits.size();
  std::vector<double> probs(V, 0.0);
  if (V == 0) return probs;
  if (options.temperature <= 0.0) {
    probs[to_size(
        static_cast<int>(std::max_element(logits.begin(), logits.end()) - logits.begin()))] = 1.0;
    return probs;
  }
  const double top = static_cast<double>(*std::max_element(logits.begin(), logits.end()));
  double total = 0.0;
  for (size_t i = 0; i < V; i++) {
    probs[i] = std::exp((static_cast<double>(logits[i]) - top) / options.temperature);
    total += probs[i];
  }
  for (double& p : probs) p /= total;
  // Token ids by probability, highest first; equal probabilities keep the lower id first.
  std::vector<size_t> order(V);
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return probs[a] > probs[b]; });
  size_t keep = V;
  if (options.top_k > 0) keep = std::min(keep, to_size(options.top_k));
  const auto cut = [&](size_t count) {
    double mass = 0.0;
    for (size_t r = 0; r < count; r++) mass += probs[order[r]];
    for (size_t r = count; r < V; r++) probs[order[r]] = 0.0;
    for (size_t r = 0; r < count; r++) probs[order[r]] /= mass;
  };
  cut(keep);
  if (options.top_p < 1.0) {
    double mass = 0.0;
    size_t nucleus = 0;
    while (nucleus < keep) {
      mass += probs[order[nucleus++]];
      if (mass >= options.top_p) break;
    }
    cut(std::max<size_t>(nucleus, 1));
  }
  return probs;
}

int sample_token(std::span<const float> logits, const SamplingOptions& options, Random& random) {
  const std::vector<double> probs = sampling_distribution(logits, options);
  if (options.temperature <= 0.0) {
    return static_cast<int>(std::max_element(probs.begin(), probs.end()) - probs.begin());
  }
  const double u = random.uniform();
  double cumulative = 0.0;
  int last = 0;
  for (size_t i = 0; i < probs.size(); i++) {
    if (probs[i] == 0.0) continue;
    cumulative += probs[i];
    last = static_cast<int>(i);
    if (u < cumulative) return last;
  }
  return last;  // u beyond the rounded total: the last token with mass
}

std::vector<int> generate(const Model& model, std::span<const int> prompt, int n,
                          const SamplingOptions& options, KvCache cache,
                          const std::function<void(int)>& on_token) {
  const int context = model.shape.context;
  std::vector<int> sequence(prompt.begin(), prompt.end());
  if (sequence.empty()) {
    const auto newline = std::lower_bound(model.vocabulary.begin(), model.vocabulary.end(), U'\n');
    const bool has_newline = newline != model.vocabulary.end() && *newline == U'\n';
    sequence.push_back(has_newline ? static_cast<int>(newline - model.vocabulary.begin()) : 0);
  }
  const size_t prompt_length = sequence.size();
  size_t start = sequence.size() > to_size(context) ? sequence.size() - to_size(context) : 0;
  Random random(options.seed);

  Decoder decoder(model);
  std::unique_ptr<Gpt<float>> full;
  std::vector<int> window(to_size(context), 0), targets(to_size(context), 0);
  if (cache == KvCache::Off) {
    full = std::make_unique<Gpt<float>>(model.shape, 1, 1);
    std::copy(model.parameters.begin(), model.parameters.end(), full->parameters().begin());
  }
  // The logits after the window sequence[start, end).
  std::span<const float> logits;
  const auto refill = [&] {
    if (cache == KvCache::On) {
      decoder.reset();
      for (size_t i = start; i < sequence.size(); i++) logits = decoder.step(sequence[i]);
      return;
    }
    // Causal attention: the padding after the window cannot change the rows before it.
    std::fill(window.begin(), window.end(), 0);
    std::copy(sequence.begin() + static_cast<std::ptrdiff_t>(start), sequence.end(),
              window.begin());
    full->forward(window, targets);
    const size_t V = to_size(model.shape.vocab);
    logits = full->logits().subspan((sequence.size() - start - 1) * V, V);
  };
  refill();
  for (int i = 0; i < n; i++) {
    const int token = sample_token(logits, options, random);
    sequence.push_back(token);
    if (on_token) on_token(token);
    if (i + 1 == n) break;
    if (sequence.size() - start > to_size(context)) {
      start = sequence.size() - to_size(std::max(1, context / 2));
      refill();
    } else if (cache == KvCache::On) {
      logits = decoder.step(token);
    } else {
      refill();
    }
  }
  return {sequence.begin() + static_cast<std::ptrdiff_t>(prompt_length), sequence.end()};
}

}  // namespace llmlab::train
