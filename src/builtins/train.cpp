// builtins.md §8 ML / transformer functions, training: train_gpt(cfg) runs llmlab's native GPT
// trainer (src/train/) from a script and returns the recorded series as a struct. This file only
// maps struct fields to train::Config and the train::Record back to values.
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "builtins/registry.hpp"
#include "train/trainer.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// An integer field: a scalar with no fractional part.
int integer_field(Call& call, const std::string& name, const Value& value) {
  const double x = value.as_scalar();
  if (x != std::floor(x) || std::fabs(x) > 1e9) {
    call.fail("cfg." + name + " must be an integer, got " + std::to_string(x));
  }
  return static_cast<int>(x);
}

// cfg fields that are numbers: integer settings, then real ones (Config's members).
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

// Sets one Config field from a cfg struct field; unknown names are errors.
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

Value row_vector(const std::vector<double>& values) {
  num::Matrix row(1, static_cast<num::Index>(values.size()));
  for (size_t i = 0; i < values.size(); i++) row.set(static_cast<num::Index>(i), values[i]);
  return Value::vector(row);
}

// The series of a Record: one entry per logged step (log), per evaluation (val_*).
Value record_value(const train::Record& r) {
  std::vector<double> step, lr, loss, loss_mean, grad_norm, first, last, val_step, val_loss;
  const auto layers = static_cast<num::Index>(r.config.layers);
  num::Matrix blocks(static_cast<num::Index>(r.log.size()), layers);
  for (size_t i = 0; i < r.log.size(); i++) {
    const train::StepRecord& s = r.log[i];
    step.push_back(static_cast<double>(s.step));
    lr.push_back(s.learning_rate);
    loss.push_back(s.loss);
    loss_mean.push_back(s.loss_mean);
    grad_norm.push_back(s.grad_norm);
    first.push_back(s.block_grad_norms.front());
    last.push_back(s.block_grad_norms.back());
    for (num::Index l = 0; l < layers; l++) {
      blocks.set(static_cast<num::Index>(i), l, s.block_grad_norms[static_cast<size_t>(l)]);
    }
  }
  for (const train::EvalRecord& e : r.validation) {
    val_step.push_back(static_cast<double>(e.step));
    val_loss.push_back(e.loss);
  }
  Value out = Value::structure();
  out.set_field("step", row_vector(step));
  out.set_field("lr", row_vector(lr));
  out.set_field("loss", row_vector(loss));
  out.set_field("loss_mean", row_vector(loss_mean));
  out.set_field("grad_norm", row_vector(grad_norm));
  out.set_field("grad_norm_first", row_vector(first));
  out.set_field("grad_norm_last", row_vector(last));
  out.set_field("block_grad_norm", Value::matrix(blocks));
  out.set_field("val_step", row_vector(val_step));
  out.set_field("val_loss", row_vector(val_loss));
  out.set_field("diverged", Value::boolean(r.nonfinite_step.has_value()));
  out.set_field(
      "diverged_at",
      Value::scalar(r.nonfinite_step ? static_cast<double>(*r.nonfinite_step) : std::nan("")));
  out.set_field("steps_done", Value::scalar(static_cast<double>(r.steps_done)));
  out.set_field("n_params", Value::scalar(static_cast<double>(r.parameters)));
  out.set_field("vocab", Value::scalar(r.vocab));
  out.set_field("unigram_entropy", Value::scalar(r.unigram_entropy));
  out.set_field("tokens_per_s", Value::scalar(r.tokens_per_second));
  out.set_field("train_seconds", Value::scalar(r.train_seconds));
  return out;
}

// train_gpt(cfg): trains llmlab's character-level GPT; cfg fields override the defaults.
Value train_gpt(Call& call) {
  train::Config config;
  if (call.has(0)) {
    const Value& cfg = call.value(0);
    if (!cfg.is(Kind::Struct)) {
      call.fail("argument 1 (cfg) must be a struct, got " + std::string(cfg.kind_name()));
    }
    for (const auto& [name, value] : cfg.struct_fields()) apply_field(call, config, name, value);
  }
  // Ctrl-C (and a notebook block's time limit) ends the run after the current step; the
  // request then goes on into the script as the interrupt no catch sees.
  runtime::Interpreter& interpreter = call.interpreter();
  const train::Record record = train::train_gpt(
      config, {}, call.name(), [&interpreter] { return interpreter.interrupt_requested(); });
  if (record.interrupted) interpreter.raise_interrupt();
  return record_value(record);
}

}  // namespace

extern const BuiltinTable kTrainBuiltins = {
    {"train_gpt", train_gpt, 0, 1,
     "Train a character-level GPT; cfg fields (layers, d_model, norm, lr, warmup, steps, ...) "
     "override the defaults. Returns a struct of recorded series."},
};

}  // namespace llmlab::builtins
