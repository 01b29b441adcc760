// builtins.md §8 ML / transformer functions, training: train_gpt(cfg) runs llmlab's native GPT
// trainer (src/train/) from a script and returns the recorded series as a struct, and the trained
// model as a second output. This file only maps the train::Record back to values; cfg fields
// become a train::Config in gpt_config.cpp.
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "builtins/gpt_config.hpp"
#include "builtins/registry.hpp"
#include "train/trainer.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

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
  std::shared_ptr<const train::Model> init;
  if (call.has(0)) {
    const Value& cfg = call.value(0);
    if (!cfg.is(Kind::Struct)) {
      call.fail("argument 1 (cfg) must be a struct, got " + std::string(cfg.kind_name()));
    }
    config = training_config(call, cfg, init);
  }
  train::TrainingRun run;
  run.init = init.get();
  auto model = std::make_shared<train::Model>();
  if (call.nargout() >= 2) run.result = model.get();
  // Ctrl-C (and a notebook block's time limit) ends the run after the current step; the
  // request then goes on into the script as the interrupt no catch sees.
  runtime::Interpreter& interpreter = call.interpreter();
  run.stop = [&interpreter] { return interpreter.interrupt_requested(); };
  const train::Record trained = train::train_gpt(config, {}, call.name(), run);
  if (trained.interrupted) interpreter.raise_interrupt();
  Value record = record_value(trained);
  if (call.nargout() < 2) return record;
  return Value::tuple({std::move(record), model_value(std::move(model))});
}

}  // namespace

extern const BuiltinTable kTrainBuiltins = {
    {"train_gpt", train_gpt, 0, 1,
     "Train a character-level GPT; cfg fields (layers, d_model, norm, lr, warmup, steps, ...) "
     "override the defaults. Returns a struct of recorded series; [r, model] = train_gpt(cfg) "
     "also returns the trained model. cfg.init = model starts from that model (continuing "
     "exactly, AdamW state included, when it came from training; steps counts the total)."},
};

}  // namespace llmlab::builtins
