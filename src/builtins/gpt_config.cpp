// cfg struct → train::Config, and the model value.
#include "builtins/gpt_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "base/messages/models.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Value;

int integer_field(Call& call, std::string_view name, const Value& value) {
  const double x = value.as_scalar();
  if (x != std::floor(x) || std::fabs(x) > 1e9) {
    call.fail(fmt::format(messages::cfg_field_not_integer, name, x));
  }
  return static_cast<int>(x);
}

// Readers and writers of one train::Config member, instantiated per member so the table below
// holds plain function pointers.
template <auto Member>
void read_integer(Call& call, train::Config& c, std::string_view name, const Value& value) {
  c.*Member = integer_field(call, name, value);
}
template <auto Member>
std::string show_integer(const train::Config& c) {
  return std::to_string(c.*Member);
}
template <auto Member>
void read_real(Call&, train::Config& c, std::string_view, const Value& value) {
  c.*Member = value.as_scalar();
}
template <auto Member>
std::string show_real(const train::Config& c) {
  return fmt::format("{:g}", c.*Member);
}
// A named choice: the parser and name_of of its enum (train/config.hpp).
template <auto Member, auto Parse>
void read_choice(Call& call, train::Config& c, std::string_view, const Value& value) {
  c.*Member = Parse(value.as_string(), call.name());
}
template <auto Member>
std::string show_choice(const train::Config& c) {
  return "\"" + std::string(train::name_of(c.*Member)) + "\"";
}

void read_seed(Call& call, train::Config& c, std::string_view name, const Value& value) {
  c.seed = static_cast<std::uint64_t>(integer_field(call, name, value));
}
std::string show_seed(const train::Config& c) { return std::to_string(c.seed); }
void read_corpus(Call&, train::Config& c, std::string_view, const Value& value) {
  c.corpus = value.as_string();
}
std::string show_corpus(const train::Config& c) {
  return c.corpus.empty() ? "\"\" (the Vim user manual)" : "\"" + c.corpus + "\"";
}

using train::Config;
constexpr ConfigField kConfigFields[] = {
    // Model.
    {"layers", "transformer blocks", read_integer<&Config::layers>, show_integer<&Config::layers>},
    {"d_model", "width of the residual stream", read_integer<&Config::d_model>,
     show_integer<&Config::d_model>},
    {"heads", "attention heads (d_model divisible by heads)", read_integer<&Config::heads>,
     show_integer<&Config::heads>},
    {"mlp_ratio", "MLP hidden width / d_model", read_integer<&Config::mlp_ratio>,
     show_integer<&Config::mlp_ratio>},
    {"context", "tokens per training sequence", read_integer<&Config::context>,
     show_integer<&Config::context>},
    {"norm", "\"pre\" (GPT-2) or \"post\" (Vaswani) normalisation",
     read_choice<&Config::norm_placement, train::parse_norm_placement>,
     show_choice<&Config::norm_placement>},
    {"norm_kind", "\"layernorm\" or \"rmsnorm\"",
     read_choice<&Config::norm_kind, train::parse_norm_kind>, show_choice<&Config::norm_kind>},
    {"activation", "\"gelu\" (erf) or \"gelu_tanh\"",
     read_choice<&Config::activation, train::parse_activation>, show_choice<&Config::activation>},
    {"residual_init", "\"scaled\" (0.02/sqrt(2 layers) on residual projections) or \"none\"",
     read_choice<&Config::residual_init, train::parse_residual_init>,
     show_choice<&Config::residual_init>},
    {"init_std", "std of the initial weights", read_real<&Config::init_std>,
     show_real<&Config::init_std>},
    // Optimiser.
    {"batch", "sequences per step", read_integer<&Config::batch>, show_integer<&Config::batch>},
    {"lr", "peak learning rate (AdamW)", read_real<&Config::learning_rate>,
     show_real<&Config::learning_rate>},
    {"min_lr", "learning rate at the end of the cosine schedule",
     read_real<&Config::min_learning_rate>, show_real<&Config::min_learning_rate>},
    {"warmup", "steps of linear warmup from 0", read_integer<&Config::warmup_steps>,
     show_integer<&Config::warmup_steps>},
    {"schedule", "\"constant\" or \"cosine\" after the warmup",
     read_choice<&Config::schedule, train::parse_schedule>, show_choice<&Config::schedule>},
    {"weight_decay", "AdamW decoupled weight decay", read_real<&Config::weight_decay>,
     show_real<&Config::weight_decay>},
    {"beta1", "AdamW first-moment decay", read_real<&Config::beta1>, show_real<&Config::beta1>},
    {"beta2", "AdamW second-moment decay", read_real<&Config::beta2>, show_real<&Config::beta2>},
    {"epsilon", "AdamW epsilon", read_real<&Config::epsilon>, show_real<&Config::epsilon>},
    {"grad_clip", "maximum global gradient norm (0: no clipping)", read_real<&Config::grad_clip>,
     show_real<&Config::grad_clip>},
    // Run.
    {"steps", "optimiser steps (the total when continuing from cfg.init)",
     read_integer<&Config::steps>, show_integer<&Config::steps>},
    {"seed", "seed of the initialisation and the batches", read_seed, show_seed},
    {"log_interval", "record losses and gradient norms every k steps (and at step 1)",
     read_integer<&Config::log_interval>, show_integer<&Config::log_interval>},
    {"eval_interval", "validation loss every k steps (and at 0 and the end)",
     read_integer<&Config::eval_interval>, show_integer<&Config::eval_interval>},
    {"eval_batches", "batches per validation estimate", read_integer<&Config::eval_batches>,
     show_integer<&Config::eval_batches>},
    {"validation_fraction", "share of the corpus held out for validation",
     read_real<&Config::validation_fraction>, show_real<&Config::validation_fraction>},
    // Data.
    {"corpus", "path of a UTF-8 text file to train on", read_corpus, show_corpus},
};

void apply_field(Call& call, train::Config& c, const std::string& name, const Value& value) {
  for (const ConfigField& field : kConfigFields) {
    if (field.name == name) {
      field.read(call, c, name, value);
      return;
    }
  }
  call.fail(fmt::format(messages::unknown_config_field, name));
}

// A model as a script sees it: "<gpt: 4 layers, d_model 64, ..., 204544 parameters>", with the
// shape readable as properties (m.layers, m.n_params, m.config, ...).
class ModelObject final : public runtime::Object {
 public:
  explicit ModelObject(std::shared_ptr<const train::Model> model) : model_(std::move(model)) {}
  std::string kind_name() const override { return "gpt"; }
  std::string display() const override { return "<gpt: " + model_->summary() + ">"; }
  std::optional<Value> property(std::string_view name) const override {
    const train::ModelShape& s = model_->shape;
    if (name == "layers") return Value::scalar(s.layers);
    if (name == "d_model") return Value::scalar(s.d_model);
    if (name == "heads") return Value::scalar(s.heads);
    if (name == "context") return Value::scalar(s.context);
    if (name == "vocab") return Value::scalar(s.vocab);
    if (name == "norm") return Value::string(std::string(train::name_of(s.placement)));
    if (name == "n_params") return Value::scalar(static_cast<double>(model_->parameter_count()));
    if (name == "steps") return Value::scalar(static_cast<double>(model_->steps));
    if (name == "vocabulary") return Value::string(model_->decode(all_tokens()));
    return std::nullopt;
  }
  const std::shared_ptr<const train::Model>& model() const { return model_; }

 private:
  std::vector<int> all_tokens() const {
    std::vector<int> ids(model_->vocabulary.size());
    for (size_t i = 0; i < ids.size(); i++) ids[i] = static_cast<int>(i);
    return ids;
  }
  std::shared_ptr<const train::Model> model_;
};

}  // namespace

void apply_config_fields(Call& call, train::Config& config, const Value& cfg,
                         std::initializer_list<std::string_view> skip) {
  for (const auto& [name, value] : cfg.struct_fields()) {
    if (std::find(skip.begin(), skip.end(), name) != skip.end()) continue;
    apply_field(call, config, name, value);
  }
}

train::Config training_config(Call& call, const Value& cfg,
                              std::shared_ptr<const train::Model>& init) {
  train::Config config;
  init = nullptr;
  if (const Value* field = cfg.field("init")) {
    init = model_of(*field);
    if (!init) {
      call.fail(fmt::format(messages::cfg_init_not_model, field->kind_name()));
    }
    config = init->config;
  }
  apply_config_fields(call, config, cfg, {"init"});
  return config;
}

std::span<const ConfigField> config_fields() { return kConfigFields; }

std::string config_fields_help(ConfigInit init) {
  const train::Config defaults;
  std::size_t width = 0;
  for (const ConfigField& field : kConfigFields) width = std::max(width, field.name.size());
  std::string out;
  for (const ConfigField& field : kConfigFields) {
    out += fmt::format("\n    {:<{}}  {} (default {})", field.name, width, field.meaning,
                       field.show(defaults));
  }
  if (init == ConfigInit::Read) {
    out += fmt::format(
        "\n    {:<{}}  a model (gpt_init, gpt_load, train_gpt) to start from: its "
        "architecture and weights (default none)",
        "init", width);
  }
  return out;
}

Value model_value(std::shared_ptr<const train::Model> model) {
  return Value::object(std::make_shared<ModelObject>(std::move(model)));
}

std::shared_ptr<const train::Model> model_of(const Value& value) {
  if (!value.is(runtime::Kind::Object)) return nullptr;
  const auto* object = dynamic_cast<const ModelObject*>(value.object_value().get());
  return object == nullptr ? nullptr : object->model();
}

}  // namespace llmlab::builtins
