// The option table mirrors add_train_command's flags; train_config applies them the way the
// CLI does, so a value the trainer would reject is rejected here, before the sweep starts.
#include "app/sweep/options.hpp"

#include <fmt/format.h>

#include <cmath>

#include "base/error.hpp"

namespace llmlab::app::sweep {

const std::vector<OptionInfo>& option_table() {
  static const std::vector<OptionInfo> table = {
      {"layers", OptionKind::Integer},
      {"d-model", OptionKind::Integer},
      {"heads", OptionKind::Integer},
      {"mlp-ratio", OptionKind::Integer},
      {"context", OptionKind::Integer},
      {"batch", OptionKind::Integer},
      {"norm", OptionKind::Text},
      {"norm-kind", OptionKind::Text},
      {"activation", OptionKind::Text},
      {"residual-init", OptionKind::Text},
      {"init-std", OptionKind::Real},
      {"lr", OptionKind::Real},
      {"min-lr", OptionKind::Real},
      {"warmup", OptionKind::Integer},
      {"schedule", OptionKind::Text},
      {"weight-decay", OptionKind::Real},
      {"grad-clip", OptionKind::Real},
      {"steps", OptionKind::Integer},
      {"log-interval", OptionKind::Integer},
      {"eval-interval", OptionKind::Integer},
      {"eval-batches", OptionKind::Integer},
      {"corpus", OptionKind::Text},
  };
  return table;
}

const OptionInfo* find_option(std::string_view name) {
  std::string dashed(name);
  for (char& c : dashed) {
    if (c == '_') c = '-';
  }
  for (const OptionInfo& info : option_table()) {
    if (info.name == dashed) return &info;
  }
  return nullptr;
}

namespace {

int integer(const OptionValue& value, std::string_view name, std::string_view who) {
  if (!value.numeric || value.number != std::floor(value.number) || std::fabs(value.number) > 1e9) {
    throw Error(fmt::format("{}: {} must be an integer, got {}", who, name, value.text));
  }
  return static_cast<int>(value.number);
}

double real(const OptionValue& value, std::string_view name, std::string_view who) {
  if (!value.numeric) {
    throw Error(fmt::format("{}: {} must be a number, got {}", who, name, value.text));
  }
  return value.number;
}

}  // namespace

train::Config train_config(const Options& options, std::uint64_t seed, std::string_view who) {
  train::Config c;
  c.seed = seed;
  for (const auto& [name, value] : options) {
    if (name == "layers")
      c.layers = integer(value, name, who);
    else if (name == "d-model")
      c.d_model = integer(value, name, who);
    else if (name == "heads")
      c.heads = integer(value, name, who);
    else if (name == "mlp-ratio")
      c.mlp_ratio = integer(value, name, who);
    else if (name == "context")
      c.context = integer(value, name, who);
    else if (name == "batch")
      c.batch = integer(value, name, who);
    else if (name == "norm")
      c.norm_placement = train::parse_norm_placement(value.text, who);
    else if (name == "norm-kind")
      c.norm_kind = train::parse_norm_kind(value.text, who);
    else if (name == "activation")
      c.activation = train::parse_activation(value.text, who);
    else if (name == "residual-init")
      c.residual_init = train::parse_residual_init(value.text, who);
    else if (name == "init-std")
      c.init_std = real(value, name, who);
    else if (name == "lr")
      c.learning_rate = real(value, name, who);
    else if (name == "min-lr")
      c.min_learning_rate = real(value, name, who);
    else if (name == "warmup")
      c.warmup_steps = integer(value, name, who);
    else if (name == "schedule")
      c.schedule = train::parse_schedule(value.text, who);
    else if (name == "weight-decay")
      c.weight_decay = real(value, name, who);
    else if (name == "grad-clip")
      c.grad_clip = real(value, name, who);
    else if (name == "steps")
      c.steps = integer(value, name, who);
    else if (name == "log-interval")
      c.log_interval = integer(value, name, who);
    else if (name == "eval-interval")
      c.eval_interval = integer(value, name, who);
    else if (name == "eval-batches")
      c.eval_batches = integer(value, name, who);
    else if (name == "corpus")
      c.corpus = value.text;
    else
      throw Error(fmt::format("{}: unknown option '{}'", who, name));
  }
  train::validate(c, who);
  return c;
}

}  // namespace llmlab::app::sweep
