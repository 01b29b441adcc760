// cfg struct → train::Config, and the model value.
#include "builtins/gpt_config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Value;

int integer_field(Call& call, const std::string& name, const Value& value) {
  const double x = value.as_scalar();
  if (x != std::floor(x) || std::fabs(x) > 1e9) {
    call.fail(fmt::format("cfg.{} must be an integer, got {}", name, x));
  }
  return static_cast<int>(x);
}

struct IntegerField {
  std::string_view name;
  int train::Config::*member;
};
struct RealField {
  std::string_view name;
  double train::Config::*member;
};
constexpr IntegerField kIntegerFields[] = {
    {"layers", &train::Config::layers},
    {"d_model", &train::Config::d_model},
    {"heads", &train::Config::heads},
    {"mlp_ratio", &train::Config::mlp_ratio},
    {"context", &train::Config::context},
    {"batch", &train::Config::batch},
    {"steps", &train::Config::steps},
    {"warmup", &train::Config::warmup_steps},
    {"log_interval", &train::Config::log_interval},
    {"eval_interval", &train::Config::eval_interval},
    {"eval_batches", &train::Config::eval_batches},
};
constexpr RealField kRealFields[] = {
    {"lr", &train::Config::learning_rate},
    {"min_lr", &train::Config::min_learning_rate},
    {"weight_decay", &train::Config::weight_decay},
    {"beta1", &train::Config::beta1},
    {"beta2", &train::Config::beta2},
    {"epsilon", &train::Config::epsilon},
    {"grad_clip", &train::Config::grad_clip},
    {"init_std", &train::Config::init_std},
    {"validation_fraction", &train::Config::validation_fraction},
};

void apply_field(Call& call, train::Config& c, const std::string& name, const Value& value) {
  for (const IntegerField& field : kIntegerFields) {
    if (field.name == name) {
      c.*field.member = integer_field(call, name, value);
      return;
    }
  }
  for (const RealField& field : kRealFields) {
    if (field.name == name) {
      c.*field.member = value.as_scalar();
      return;
    }
  }
  const std::string who(call.name());
  if (name == "seed") {
    c.seed = static_cast<std::uint64_t>(integer_field(call, name, value));
  } else if (name == "norm") {
    c.norm_placement = train::parse_norm_placement(value.as_string(), who);
  } else if (name == "norm_kind") {
    c.norm_kind = train::parse_norm_kind(value.as_string(), who);
  } else if (name == "activation") {
    c.activation = train::parse_activation(value.as_string(), who);
  } else if (name == "residual_init") {
    c.residual_init = train::parse_residual_init(value.as_string(), who);
  } else if (name == "schedule") {
    c.schedule = train::parse_schedule(value.as_string(), who);
  } else if (name == "corpus") {
    c.corpus = value.as_string();
  } else {
    call.fail("unknown field cfg." + name);
  }
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
      call.fail(
          fmt::format("cfg.init must be a model (from gpt_init, gpt_load or train_gpt), got {}",
                      field->kind_name()));
    }
    config = init->config;
  }
  apply_config_fields(call, config, cfg, {"init"});
  return config;
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
