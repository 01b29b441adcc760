// Configuration checks, enum names and the learning-rate schedule.
#include "train/config.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <utility>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/system.hpp"
#include "base/messages/train.hpp"

namespace llmlab::train {
namespace {

[[noreturn]] void fail(std::string_view who, std::string_view message) {
  throw Error(fmt::format(messages::spoken_by, who, message));
}

void require_positive(std::string_view who, std::string_view setting, long value) {
  if (value <= 0) fail(who, fmt::format(messages::must_be_positive_integer_got, setting, value));
}

void require_non_negative(std::string_view who, std::string_view setting, double value) {
  if (!(value >= 0.0) || !std::isfinite(value)) {
    fail(who, fmt::format(messages::setting_not_finite_non_negative, setting, value));
  }
}

// One table per enum: the names the CLI and scripts use, in the enum's order.
template <class Enum, size_t Size>
Enum parse(const std::array<std::pair<std::string_view, Enum>, Size>& names, std::string_view name,
           std::string_view who, std::string_view setting) {
  std::string choices;
  for (const auto& [text, value] : names) {
    if (text == name) return value;
    choices += fmt::format("{}'{}'", choices.empty() ? "" : " or ", text);
  }
  fail(who, fmt::format(messages::setting_not_choice, setting, choices, name));
}

template <class Enum, size_t Size>
std::string_view name_in(const std::array<std::pair<std::string_view, Enum>, Size>& names,
                         Enum value) {
  for (const auto& [text, entry] : names) {
    if (entry == value) return text;
  }
  return "?";
}

constexpr std::array<std::pair<std::string_view, NormPlacement>, 2> kPlacements{
    {{"pre", NormPlacement::Pre}, {"post", NormPlacement::Post}}};
constexpr std::array<std::pair<std::string_view, NormKind>, 2> kNormKinds{
    {{"layernorm", NormKind::LayerNorm}, {"rmsnorm", NormKind::RMSNorm}}};
constexpr std::array<std::pair<std::string_view, Activation>, 2> kActivations{
    {{"gelu", Activation::GeluErf}, {"gelu_tanh", Activation::GeluTanh}}};
constexpr std::array<std::pair<std::string_view, ResidualInit>, 2> kResidualInits{
    {{"scaled", ResidualInit::Scaled}, {"none", ResidualInit::None}}};
constexpr std::array<std::pair<std::string_view, LrSchedule>, 2> kSchedules{
    {{"constant", LrSchedule::Constant}, {"cosine", LrSchedule::Cosine}}};

// Checks, before anything is allocated, that the model's tensors can be indexed and that the
// run fits in this machine's memory, so `--d-model 1000000` is a clear error, not an abort
// from the allocator minutes later. Sizes are worked out in double: nothing here can overflow.
void require_feasible_size(const Config& config, std::string_view who) {
  const double layers = config.layers, width = config.d_model, heads = config.heads;
  const double hidden = width * config.mlp_ratio, context = config.context;
  const double rows = static_cast<double>(config.batch) * context;  // positions per step
  // The largest single tensor in elements: an MLP weight, a batch of hidden activations, or a
  // batch of attention scores. Indices into one tensor are 32-bit in places.
  const double largest = std::max({width * hidden, rows * hidden, rows * heads * context});
  constexpr double kMaxTensor = 2147483647.0;
  if (largest > kMaxTensor) {
    fail(who, fmt::format(messages::model_tensor_too_large, largest, kMaxTensor));
  }
  // Parameters (weights, gradients, two AdamW moments) and what a step keeps for backward,
  // as float; a vocabulary of a few hundred characters is small beside the rest.
  const double parameters = layers * (4.0 * width * width + 2.0 * width * hidden) + context * width;
  const double activations = layers * rows * (16.0 * width + 3.0 * hidden + 2.0 * heads * context);
  const double bytes = 4.0 * (4.0 * parameters + activations);
  const double pages = static_cast<double>(sysconf(_SC_PHYS_PAGES));
  const double page_size = static_cast<double>(sysconf(_SC_PAGESIZE));
  const double memory = pages > 0 && page_size > 0 ? pages * page_size : 0.0;
  if (memory > 0.0 && bytes > memory) {
    fail(who, fmt::format(messages::model_exceeds_memory, bytes / 1e9, memory / 1e9));
  }
}

}  // namespace

void validate(const Config& config, std::string_view who) {
  require_positive(who, "layers", config.layers);
  require_positive(who, "d_model", config.d_model);
  require_positive(who, "heads", config.heads);
  require_positive(who, "mlp_ratio", config.mlp_ratio);
  require_positive(who, "context", config.context);
  require_positive(who, "batch", config.batch);
  require_positive(who, "steps", config.steps);
  require_positive(who, "log_interval", config.log_interval);
  require_positive(who, "eval_interval", config.eval_interval);
  require_positive(who, "eval_batches", config.eval_batches);
  if (config.d_model % config.heads != 0) {
    fail(who, fmt::format(messages::heads_do_not_divide, config.d_model, config.heads));
  }
  if (config.warmup_steps < 0) {
    fail(who, fmt::format(messages::warmup_negative, config.warmup_steps));
  }
  require_non_negative(who, "lr", config.learning_rate);
  require_non_negative(who, "min_lr", config.min_learning_rate);
  // The cosine schedule falls from lr to min_lr: a floor above the peak would make it rise.
  if (config.min_learning_rate > config.learning_rate) {
    fail(who,
         fmt::format(messages::min_lr_above_lr, config.min_learning_rate, config.learning_rate));
  }
  require_non_negative(who, "weight_decay", config.weight_decay);
  require_non_negative(who, "grad_clip", config.grad_clip);
  require_non_negative(who, "init_std", config.init_std);
  if (!(config.epsilon > 0.0)) {
    fail(who, fmt::format(messages::epsilon_not_positive, config.epsilon));
  }
  for (const auto& [name, beta] : {std::pair{"beta1", config.beta1}, {"beta2", config.beta2}}) {
    if (!(beta >= 0.0 && beta < 1.0)) {
      fail(who, fmt::format(messages::beta_outside, name, beta));
    }
  }
  if (!(config.validation_fraction > 0.0 && config.validation_fraction < 1.0)) {
    fail(who, fmt::format(messages::validation_fraction_outside, config.validation_fraction));
  }
  require_feasible_size(config, who);
}

NormPlacement parse_norm_placement(std::string_view name, std::string_view who) {
  return parse(kPlacements, name, who, "norm");
}
NormKind parse_norm_kind(std::string_view name, std::string_view who) {
  return parse(kNormKinds, name, who, "norm_kind");
}
Activation parse_activation(std::string_view name, std::string_view who) {
  return parse(kActivations, name, who, "activation");
}
ResidualInit parse_residual_init(std::string_view name, std::string_view who) {
  return parse(kResidualInits, name, who, "residual_init");
}
LrSchedule parse_schedule(std::string_view name, std::string_view who) {
  return parse(kSchedules, name, who, "schedule");
}
std::string_view name_of(NormPlacement value) { return name_in(kPlacements, value); }
std::string_view name_of(NormKind value) { return name_in(kNormKinds, value); }
std::string_view name_of(Activation value) { return name_in(kActivations, value); }
std::string_view name_of(ResidualInit value) { return name_in(kResidualInits, value); }
std::string_view name_of(LrSchedule value) { return name_in(kSchedules, value); }

double learning_rate_at(const Config& config, long step) {
  const double peak = config.learning_rate;
  if (config.warmup_steps > 0 && step <= config.warmup_steps) {
    return peak * static_cast<double>(step) / static_cast<double>(config.warmup_steps);
  }
  if (config.schedule == LrSchedule::Constant) return peak;
  // Cosine from the peak (end of warmup) to min_lr at the last step.
  const double span = static_cast<double>(config.steps - config.warmup_steps);
  const double progress = span > 0.0 ? static_cast<double>(step - config.warmup_steps) / span : 1.0;
  const double floor = config.min_learning_rate;
  return floor + 0.5 * (peak - floor) * (1.0 + std::cos(std::numbers::pi * progress));
}

}  // namespace llmlab::train
