// builtins.md §8 ML / transformer functions, training: train_gpt(cfg) runs llmlab's native GPT
// trainer (src/train/) from a script and returns the recorded series as a struct, and the trained
// model as a second output. This file only maps the train::Record back to values; cfg fields
// become a train::Config in gpt_config.cpp.
#include <fmt/format.h>

#include <algorithm>
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

// One series of the log: `pick` of every logged step.
template <class Pick>
Value log_series(const train::Record& r, Pick pick) {
  std::vector<double> values;
  values.reserve(r.log.size());
  for (const train::StepRecord& s : r.log) values.push_back(static_cast<double>(pick(s)));
  return row_vector(values);
}

// One field of the struct train_gpt returns: the one table both the struct and the help text
// come from.
struct RecordField {
  std::string_view name;
  std::string_view meaning;
  Value (*get)(const train::Record& r);
};

constexpr RecordField kRecordFields[] = {
    {"step", "the logged steps (every log_interval, and step 1)",
     [](const train::Record& r) { return log_series(r, [](const auto& s) { return s.step; }); }},
    {"lr", "learning rate at each logged step",
     [](const train::Record& r) {
       return log_series(r, [](const auto& s) { return s.learning_rate; });
     }},
    {"loss", "training loss of the logged step's batch",
     [](const train::Record& r) { return log_series(r, [](const auto& s) { return s.loss; }); }},
    {"loss_mean", "mean training loss since the previous log",
     [](const train::Record& r) {
       return log_series(r, [](const auto& s) { return s.loss_mean; });
     }},
    {"grad_norm", "global gradient norm (before clipping)",
     [](const train::Record& r) {
       return log_series(r, [](const auto& s) { return s.grad_norm; });
     }},
    {"grad_norm_first", "gradient norm of the first block",
     [](const train::Record& r) {
       return log_series(r, [](const auto& s) { return s.block_grad_norms.front(); });
     }},
    {"grad_norm_last", "gradient norm of the last block",
     [](const train::Record& r) {
       return log_series(r, [](const auto& s) { return s.block_grad_norms.back(); });
     }},
    {"block_grad_norm", "gradient norm of every block: one row per log, one column per layer",
     [](const train::Record& r) {
       const auto layers = static_cast<num::Index>(r.config.layers);
       num::Matrix blocks(static_cast<num::Index>(r.log.size()), layers);
       for (size_t i = 0; i < r.log.size(); i++) {
         for (num::Index l = 0; l < layers; l++) {
           blocks.set(static_cast<num::Index>(i), l,
                      r.log[i].block_grad_norms[static_cast<size_t>(l)]);
         }
       }
       return Value::matrix(blocks);
     }},
    {"val_step", "steps of the validation estimates (0, every eval_interval, the end)",
     [](const train::Record& r) {
       std::vector<double> steps;
       for (const train::EvalRecord& e : r.validation) steps.push_back(static_cast<double>(e.step));
       return row_vector(steps);
     }},
    {"val_loss", "validation loss at val_step",
     [](const train::Record& r) {
       std::vector<double> losses;
       for (const train::EvalRecord& e : r.validation) losses.push_back(e.loss);
       return row_vector(losses);
     }},
    {"diverged", "true when a loss or gradient became NaN or Inf",
     [](const train::Record& r) { return Value::boolean(r.nonfinite_step.has_value()); }},
    {"diverged_at", "the step it happened (NaN when it did not)",
     [](const train::Record& r) {
       return Value::scalar(r.nonfinite_step ? static_cast<double>(*r.nonfinite_step)
                                             : std::nan(""));
     }},
    {"steps_done", "steps trained (fewer than cfg.steps after a divergence or Ctrl-C)",
     [](const train::Record& r) { return Value::scalar(static_cast<double>(r.steps_done)); }},
    {"n_params", "number of parameters",
     [](const train::Record& r) { return Value::scalar(static_cast<double>(r.parameters)); }},
    {"vocab", "vocabulary size (distinct characters of the corpus)",
     [](const train::Record& r) { return Value::scalar(r.vocab); }},
    {"unigram_entropy", "entropy of the corpus's character frequencies (nats): the loss to beat",
     [](const train::Record& r) { return Value::scalar(r.unigram_entropy); }},
    {"tokens_per_s", "training throughput",
     [](const train::Record& r) { return Value::scalar(r.tokens_per_second); }},
    {"train_seconds", "wall time of the training loop",
     [](const train::Record& r) { return Value::scalar(r.train_seconds); }},
};

// The series of a Record: one entry per logged step (log), per evaluation (val_*).
Value record_value(const train::Record& r) {
  Value out = Value::structure();
  for (const RecordField& field : kRecordFields) out.set_field(field.name, field.get(r));
  return out;
}

// train_gpt(cfg): trains llmlab's character-level GPT; cfg fields override the defaults.
Value train_gpt(Call& call) {
  train::Config config;
  std::shared_ptr<const train::Model> init;
  if (call.has(0)) {
    config = training_config(call, call.structure(0), init);
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

// train_gpt's help: its summary, then the cfg fields (gpt_config.cpp's table) and the returned
// fields (kRecordFields), so the help lists exactly what the trainer reads and returns.
const std::string& train_gpt_help() {
  static const std::string text = [] {
    std::string out =
        "[r, model] = train_gpt(cfg): trains a character-level GPT; cfg fields override the "
        "defaults, cfg.init = model starts from that model (continuing exactly, AdamW state "
        "included, when it came from training; steps counts the total). r holds the recorded "
        "series; model (a second output) is the trained model.\n  cfg fields:";
    out += config_fields_help(ConfigInit::Read);
    std::size_t width = 0;
    for (const RecordField& field : kRecordFields) width = std::max(width, field.name.size());
    out += "\n  fields of r:";
    for (const RecordField& field : kRecordFields) {
      out += fmt::format("\n    {:<{}}  {}", field.name, width, field.meaning);
    }
    out +=
        "\n  Example: r = train_gpt(struct(\"layers\", 1, \"d_model\", 8, \"heads\", 2, "
        "\"context\", 8, \"batch\", 2, \"steps\", 2)); r.loss";
    return out;
  }();
  return text;
}

}  // namespace

extern const BuiltinTable kTrainBuiltins = {
    {"train_gpt", train_gpt, 0, 1, train_gpt_help()},
};

}  // namespace llmlab::builtins
