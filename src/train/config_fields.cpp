// The table of the trainer's settings (config_fields.hpp).
#include "train/config_fields.hpp"

#include <array>

namespace llmlab::train {
namespace {

using enum FieldKind;

constexpr ConfigField integer(std::string_view key, std::string_view flag, std::string_view help,
                              int Config::*member,
                              InCheckpoint in_checkpoint = InCheckpoint::Optional) {
  ConfigField field{key, flag, help, Integer, in_checkpoint};
  field.integer = member;
  return field;
}

constexpr ConfigField real(std::string_view key, std::string_view flag, std::string_view help,
                           double Config::*member) {
  ConfigField field{key, flag, help, Real};
  field.real = member;
  return field;
}

// An enum member, through its parse_* and name_of functions.
template <auto Member, auto parse>
constexpr ConfigField choice(std::string_view key, std::string_view flag, std::string_view help,
                             InCheckpoint in_checkpoint = InCheckpoint::Optional) {
  ConfigField field{key, flag, help, Choice, in_checkpoint};
  field.choice_name = [](const Config& config) { return name_of(config.*Member); };
  field.set_choice = [](Config& config, std::string_view name, std::string_view who) {
    config.*Member = parse(name, who);
  };
  return field;
}

constexpr ConfigField seed_field() {
  ConfigField field{"seed", "--seed", "Seed (same seed, same losses)", Seed};
  field.sweepable = false;
  field.seed = &Config::seed;
  return field;
}

constexpr ConfigField corpus_field() {
  ConfigField field{"corpus", "--corpus", "UTF-8 text file (default: the Vim user manual)", Text};
  field.text = &Config::corpus;
  return field;
}

constexpr InCheckpoint kRequired = InCheckpoint::Required;

const std::array kFields{
    integer("layers", "--layers", "Transformer blocks", &Config::layers, kRequired),
    integer("d_model", "--d-model", "Model width", &Config::d_model, kRequired),
    integer("heads", "--heads", "Attention heads", &Config::heads, kRequired),
    integer("mlp_ratio", "--mlp-ratio", "MLP width / d_model", &Config::mlp_ratio, kRequired),
    integer("context", "--context", "Context length", &Config::context, kRequired),
    integer("batch", "--batch", "Sequences per step", &Config::batch),
    choice<&Config::norm_placement, parse_norm_placement>("norm", "--norm", "pre or post",
                                                          kRequired),
    choice<&Config::norm_kind, parse_norm_kind>("norm_kind", "--norm-kind", "layernorm or rmsnorm",
                                                kRequired),
    choice<&Config::activation, parse_activation>("activation", "--activation",
                                                  "gelu (erf) or gelu_tanh", kRequired),
    choice<&Config::residual_init, parse_residual_init>("residual_init", "--residual-init",
                                                        "scaled (0.02/sqrt(2 layers)) or none"),
    real("init_std", "--init-std", "Initial weight std", &Config::init_std),
    real("lr", "--lr", "Peak learning rate", &Config::learning_rate),
    real("min_lr", "--min-lr", "Cosine floor", &Config::min_learning_rate),
    integer("warmup", "--warmup", "Linear warmup steps", &Config::warmup_steps),
    choice<&Config::schedule, parse_schedule>("schedule", "--schedule", "constant or cosine"),
    real("weight_decay", "--weight-decay", "AdamW decay", &Config::weight_decay),
    real("beta1", "", "", &Config::beta1),
    real("beta2", "", "", &Config::beta2),
    real("epsilon", "", "", &Config::epsilon),
    real("grad_clip", "--grad-clip", "Max global gradient norm (0: off)", &Config::grad_clip),
    integer("steps", "--steps", "Optimiser steps", &Config::steps),
    seed_field(),
    integer("log_interval", "--log-interval", "Record every k steps", &Config::log_interval),
    integer("eval_interval", "--eval-interval", "Validate every k steps", &Config::eval_interval),
    integer("eval_batches", "--eval-batches", "Validation batches", &Config::eval_batches),
    real("validation_fraction", "", "", &Config::validation_fraction),
    corpus_field(),
};

}  // namespace

std::span<const ConfigField> config_fields() { return kFields; }

std::string ConfigField::text_of(const Config& config) const {
  return kind == Choice ? std::string(choice_name(config)) : config.*text;
}

void ConfigField::copy(Config& to, const Config& from) const {
  switch (kind) {
    case Integer:
      to.*integer = from.*integer;
      return;
    case Seed:
      to.*seed = from.*seed;
      return;
    case Real:
      to.*real = from.*real;
      return;
    case Choice:
      set_choice(to, choice_name(from), "");
      return;
    case Text:
      to.*text = from.*text;
      return;
  }
}

}  // namespace llmlab::train
