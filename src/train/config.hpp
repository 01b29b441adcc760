// The trainer's configuration: model shape, norm placement, initialisation, optimiser, schedule,
// run length and measurement cadence. Defaults are bench/train_prepost.py's baseline run.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace llmlab::train {

// Where each block normalises: `pre` x = x + f(LN(x)) with a final LN before the head (GPT-2);
// `post` x = LN(x + f(x)), no final LN (Vaswani et al. 2017).
enum class NormPlacement { Pre, Post };
enum class NormKind { LayerNorm, RMSNorm };
// GELU as PyTorch's default (exact, with erf) or GPT-2's tanh approximation.
enum class Activation { GeluErf, GeluTanh };
// Initial std of the two projections that write to the residual stream (attention out, MLP out):
// nanoGPT's 0.02 / sqrt(2 · layers), or the plain 0.02 of every other weight.
enum class ResidualInit { Scaled, None };
// After the linear warmup: constant, or a half cosine from the peak down to min_lr at the end.
enum class LrSchedule { Constant, Cosine };

struct Config {
  // Model.
  int layers = 24;
  int d_model = 64;
  int heads = 4;
  int mlp_ratio = 4;
  int context = 64;
  NormPlacement norm_placement = NormPlacement::Pre;
  NormKind norm_kind = NormKind::LayerNorm;
  Activation activation = Activation::GeluErf;
  ResidualInit residual_init = ResidualInit::Scaled;
  double init_std = 0.02;
  // Optimiser: AdamW with PyTorch's defaults, decay on every parameter (one group).
  int batch = 16;
  double learning_rate = 1e-3;
  double min_learning_rate = 0.0;
  int warmup_steps = 0;
  LrSchedule schedule = LrSchedule::Constant;
  double weight_decay = 0.01;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double epsilon = 1e-8;
  double grad_clip = 0.0;  // 0: off; otherwise the maximum global gradient norm
  // Run.
  int steps = 300;
  std::uint64_t seed = 0;
  int log_interval = 10;    // record losses and gradient norms every k steps (and at step 1)
  int eval_interval = 100;  // validation loss every k steps (and at 0 and the end)
  int eval_batches = 20;
  double validation_fraction = 0.1;
  // Data: a UTF-8 text file, or empty for the default corpus (the Vim user manual).
  std::string corpus;
};

// Checks what can be checked before reading the corpus; throws llmlab::Error worded
// "<who>: <setting> must be ..., got ...".
void validate(const Config& config, std::string_view who);

// Name ↔ enum, for the CLI and the builtin: "pre"/"post", "layernorm"/"rmsnorm",
// "gelu"/"gelu_tanh", "scaled"/"none", "constant"/"cosine". Unknown names throw llmlab::Error
// naming `who` and the setting.
NormPlacement parse_norm_placement(std::string_view name, std::string_view who);
NormKind parse_norm_kind(std::string_view name, std::string_view who);
Activation parse_activation(std::string_view name, std::string_view who);
ResidualInit parse_residual_init(std::string_view name, std::string_view who);
LrSchedule parse_schedule(std::string_view name, std::string_view who);
std::string_view name_of(NormPlacement value);
std::string_view name_of(NormKind value);
std::string_view name_of(Activation value);
std::string_view name_of(ResidualInit value);
std::string_view name_of(LrSchedule value);

// The learning rate at 1-based `step`: linear warmup 0 → peak over warmup_steps (step/warmup,
// as train_prepost.py), then the schedule.
double learning_rate_at(const Config& config, long step);

// The default corpus: /usr/share/vim/vim90/doc/usr_*.txt in name order (Debian vim-runtime).
inline constexpr std::string_view kDefaultCorpusDirectory = "/usr/share/vim/vim90/doc";

}  // namespace llmlab::train
