// The run record as JSON: the configuration, the recorded series and the throughput. Written by
// hand (a flat, known schema); non-finite numbers become null, as JSON has no NaN.
#include <fmt/format.h>

#include <cmath>

#include "base/text_escape.hpp"
#include "train/trainer.hpp"

namespace llmlab::train {
namespace {

std::string number(double value) {
  return std::isfinite(value) ? fmt::format("{}", value) : std::string("null");
}

std::string config_json(const Config& c) {
  return fmt::format(
      "{{\"layers\": {}, \"d_model\": {}, \"heads\": {}, \"mlp_ratio\": {}, \"context\": {}, "
      "\"batch\": {}, \"norm\": {}, \"norm_kind\": {}, \"activation\": {}, \"residual_init\": {}, "
      "\"init_std\": {}, \"lr\": {}, \"min_lr\": {}, \"warmup\": {}, \"schedule\": {}, "
      "\"weight_decay\": {}, \"beta1\": {}, \"beta2\": {}, \"epsilon\": {}, \"grad_clip\": {}, "
      "\"steps\": {}, \"seed\": {}, \"log_interval\": {}, \"eval_interval\": {}, "
      "\"eval_batches\": {}, \"validation_fraction\": {}, \"corpus\": {}}}",
      c.layers, c.d_model, c.heads, c.mlp_ratio, c.context, c.batch,
      quoted_string(name_of(c.norm_placement)), quoted_string(name_of(c.norm_kind)),
      quoted_string(name_of(c.activation)), quoted_string(name_of(c.residual_init)),
      number(c.init_std), number(c.learning_rate), number(c.min_learning_rate), c.warmup_steps,
      quoted_string(name_of(c.schedule)), number(c.weight_decay), number(c.beta1), number(c.beta2),
      number(c.epsilon), number(c.grad_clip), c.steps, c.seed, c.log_interval, c.eval_interval,
      c.eval_batches, number(c.validation_fraction), quoted_string(c.corpus));
}

}  // namespace

std::string to_json(const Record& r) {
  std::string out = "{\n";
  out += fmt::format(" \"config\": {},\n", config_json(r.config));
  out += fmt::format(
      " \"vocab\": {}, \"n_params\": {}, \"corpus_chars\": {}, \"corpus\": {}, "
      "\"unigram_entropy\": {}, \"threads\": {},\n",
      r.vocab, r.parameters, r.corpus_characters, quoted_string(r.corpus_source),
      number(r.unigram_entropy), r.threads);
  out += " \"log\": [";
  for (size_t i = 0; i < r.log.size(); i++) {
    const StepRecord& s = r.log[i];
    std::string blocks;
    for (size_t b = 0; b < s.block_grad_norms.size(); b++) {
      blocks += (b ? ", " : "") + number(s.block_grad_norms[b]);
    }
    out += fmt::format(
        "{}\n  {{\"step\": {}, \"lr\": {}, \"loss\": {}, \"loss_mean\": {}, \"gnorm\": {}, "
        "\"gnorm_blocks\": [{}]}}",
        i ? "," : "", s.step, number(s.learning_rate), number(s.loss), number(s.loss_mean),
        number(s.grad_norm), blocks);
  }
  out += "],\n \"val\": [";
  for (size_t i = 0; i < r.validation.size(); i++) {
    out += fmt::format("{}{{\"step\": {}, \"loss\": {}}}", i ? ", " : "", r.validation[i].step,
                       number(r.validation[i].loss));
  }
  out += "],\n";
  out += fmt::format(
      " \"diverged_at\": {}, \"nonfinite\": {}, \"steps_done\": {}, \"interrupted\": {}, "
      "\"train_s\": {}, \"tokens_per_s\": {}, \"flops_per_step\": {}\n}}\n",
      r.nonfinite_step ? fmt::format("{}", *r.nonfinite_step) : std::string("null"),
      r.nonfinite_step ? quoted_string(r.nonfinite_what) : std::string("null"), r.steps_done,
      r.interrupted ? "true" : "false", number(r.train_seconds), number(r.tokens_per_second),
      number(r.flops_per_step));
  return out;
}

}  // namespace llmlab::train
