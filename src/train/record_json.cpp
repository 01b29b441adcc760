// The run record as JSON: the configuration, the recorded series and the throughput. Written by
// hand (a flat, known schema); non-finite numbers become null, as JSON has no NaN.
#include <fmt/format.h>

#include <cmath>

#include "base/text_escape.hpp"
#include "train/config_fields.hpp"
#include "train/trainer.hpp"

namespace llmlab::train {
namespace {

std::string number(double value) {
  return std::isfinite(value) ? fmt::format("{}", value) : std::string("null");
}

// The Config with the keys of the settings table (config_fields.hpp), in its order.
std::string config_json(const Config& c) {
  std::string out = "{";
  for (const ConfigField& field : config_fields()) {
    if (out.size() > 1) out += ", ";
    out += fmt::format("\"{}\": ", field.key);
    switch (field.kind) {
      case FieldKind::Integer:
        out += fmt::format("{}", c.*field.integer);
        break;
      case FieldKind::Seed:
        out += fmt::format("{}", c.*field.seed);
        break;
      case FieldKind::Real:
        out += number(c.*field.real);
        break;
      case FieldKind::Choice:
      case FieldKind::Text:
        out += quoted_string(field.text_of(c));
        break;
    }
  }
  return out + "}";
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
