// The training loop and its measurements. All numerics are in Gpt (gpt.cpp) and nn/adamw.
#include "train/trainer.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <chrono>
#include <cmath>
#include <deque>
#include <numeric>

#include "base/error.hpp"
#include "base/messages/train.hpp"
#include "nn/adamw.hpp"
#include "train/aligned.hpp"
#include "train/gpt.hpp"

namespace llmlab::train {
namespace {

using Clock = std::chrono::steady_clock;

// The corpus must hold a whole window plus its shifted target in both splits.
void check_corpus(const Config& config, const Corpus& corpus, std::string_view who) {
  const size_t needed = static_cast<size_t>(config.context) + 2;
  if (corpus.train().size() < needed || corpus.validation().size() < needed) {
    throw Error(fmt::format(messages::context_too_long, who, config.context, corpus.train().size(),
                            corpus.validation().size(), corpus.source()));
  }
}

// 2·N·K·M per matmul forward and twice that backward; attention counts its causal half.
double flops_per_step(const ModelShape& s, int batch) {
  const double N = static_cast<double>(batch) * static_cast<double>(s.context);
  const double C = static_cast<double>(s.d_model), H = static_cast<double>(s.mlp_hidden);
  const double T = static_cast<double>(s.context);
  const double matmul = 2.0 * N * (C * 3 * C + C * C + C * H + H * C);
  const double attention = 2.0 * 2.0 * N * (T + 1) / 2.0 * C;
  const double head = 2.0 * N * C * static_cast<double>(s.vocab);
  return 3.0 * (static_cast<double>(s.layers) * (matmul + attention) + head);
}

double evaluate(Gpt<float>& model, const Config& config, const Corpus& corpus,
                std::vector<int>& inputs, std::vector<int>& targets) {
  // The same batches at every evaluation (train_prepost.py seeds its generator with 1234).
  Random random(1234);
  double sum = 0.0;
  for (int i = 0; i < config.eval_batches; i++) {
    sample_batch(inputs, targets, corpus.validation(), config.batch, config.context, random);
    sum += model.loss(inputs, targets);
  }
  return sum / static_cast<double>(config.eval_batches);
}

// A model to continue from must be the one this config and corpus would build.
void check_init(const Model& init, const ModelShape& shape, const Corpus& corpus,
                const Config& config, std::string_view who) {
  const ModelShape& have = init.shape;
  const auto differ = [&](std::string_view setting, auto model_value, auto config_value) {
    if (model_value != config_value) {
      throw Error(
          fmt::format(messages::initial_model_mismatch, who, setting, model_value, config_value));
    }
  };
  differ("layers", have.layers, shape.layers);
  differ("d_model", have.d_model, shape.d_model);
  differ("heads", have.heads, shape.heads);
  differ("mlp width", have.mlp_hidden, shape.mlp_hidden);
  differ("context", have.context, shape.context);
  differ("norm", name_of(have.placement), name_of(shape.placement));
  differ("norm_kind", name_of(have.norm), name_of(shape.norm));
  differ("activation", name_of(have.activation), name_of(shape.activation));
  if (init.vocabulary != corpus.vocabulary()) {
    throw Error(fmt::format(messages::initial_vocabulary_mismatch, who, init.vocabulary.size(),
                            corpus.vocabulary().size(), corpus.source()));
  }
  if (init.optimizer && init.steps >= config.steps) {
    throw Error(fmt::format(messages::initial_model_past_steps, who, init.steps, config.steps));
  }
}

// What one optimiser step gave.
struct StepResult {
  double learning_rate = 0.0;
  double loss = 0.0;
  double grad_norm = 0.0;
  bool finite() const { return std::isfinite(loss) && std::isfinite(grad_norm); }
};

// One training run: the model, AdamW's moments, the batch buffers and their generator, and
// the time spent in steps. run() is the loop; each phase of a step is a function of its own.
class TrainingLoop {
 public:
  TrainingLoop(const Config& config, const Corpus& corpus, const ModelShape& shape,
               const TrainingRun& run)
      : config_(config),
        corpus_(corpus),
        shape_(shape),
        run_(run),
        model_(shape, config.batch),
        window_(static_cast<size_t>(config.batch) * static_cast<size_t>(config.context)),
        inputs_(window_),
        targets_(window_),
        m_(model_.parameters().size(), 0.0f),
        v_(model_.parameters().size(), 0.0f),
        batches_(config.seed + 1) {
    if (run.init != nullptr) {
      std::copy(run.init->parameters.begin(), run.init->parameters.end(),
                model_.parameters().begin());
    } else {
      model_.initialize(config.init_std, config.residual_init, config.seed);
    }
    if (run.init != nullptr && run.init->optimizer) resume(*run.init);
  }

  Record run(const ProgressCallback& progress) {
    Record record = describe();
    record.validation.push_back({first_step_ - 1, validation_loss()});
    record.steps_done = first_step_ - 1;
    for (long step = first_step_; step <= config_.steps; step++) {
      const StepResult result = take_step(step);
      record.steps_done = step;
      log_step(record, step, result);
      if (!result.finite()) {
        record.nonfinite_step = step;
        record.nonfinite_what = std::isfinite(result.loss) ? "gradient" : "loss";
        break;
      }
      if (step % config_.eval_interval == 0 || step == config_.steps) {
        record.validation.push_back({step, validation_loss()});
      }
      if (run_.on_checkpoint && run_.save_every > 0 && step % run_.save_every == 0 &&
          step != config_.steps) {
        run_.on_checkpoint(snapshot(step));
      }
      if (progress) report_progress(progress, step, result.loss);
      if (run_.stop && step < config_.steps && run_.stop()) {
        record.interrupted = true;
        break;
      }
    }
    finish(record);
    return record;
  }

 private:
  // Continues from a checkpoint with its optimiser state: the batches the earlier steps drew
  // are drawn again to put the generator where they left it.
  void resume(const Model& init) {
    m_ = init.optimizer->m;
    v_ = init.optimizer->v;
    first_step_ = init.steps + 1;
    for (long step = 1; step < first_step_; step++) next_batch();
  }

  void next_batch() {
    sample_batch(inputs_, targets_, corpus_.train(), config_.batch, config_.context, batches_);
  }

  double validation_loss() { return evaluate(model_, config_, corpus_, inputs_, targets_); }

  // What the record says before the first step.
  Record describe() {
    Record record;
    record.config = config_;
    record.vocab = corpus_.vocab_size();
    record.parameters = static_cast<std::int64_t>(model_.parameters().size());
    record.corpus_characters = corpus_.size();
    record.corpus_source = corpus_.source();
    record.unigram_entropy = corpus_.unigram_entropy();
    record.flops_per_step = flops_per_step(shape_, config_.batch);
    record.threads = omp_get_max_threads();
    return record;
  }

  // Forward, backward, clipping and AdamW on one batch; a step whose loss or gradient is not
  // finite leaves the parameters as they were.
  StepResult take_step(long step) {
    const auto start = Clock::now();
    StepResult result;
    result.learning_rate = learning_rate_at(config_, step);
    next_batch();
    result.loss = model_.forward(inputs_, targets_);
    model_.backward(GradientUpdate::Overwrite);
    result.grad_norm = std::sqrt(model_.gradient_squares());
    if (result.finite()) {
      if (config_.grad_clip > 0.0 && result.grad_norm > config_.grad_clip) {
        // torch.nn.utils.clip_grad_norm_: scale by max_norm / (norm + 1e-6).
        const float scale = static_cast<float>(config_.grad_clip / (result.grad_norm + 1e-6));
        for (float& g : model_.gradients()) g *= scale;
      }
      nn::AdamWSettings settings{result.learning_rate, config_.beta1, config_.beta2,
                                 config_.epsilon, config_.weight_decay};
      nn::adamw_step<float>(model_.parameters(), model_.gradients(), m_, v_, step, settings);
    }
    train_seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
    return result;
  }

  // Every log_interval steps (and the first, the last and a non-finite one): the loss, its
  // mean over the recent steps and the gradient norms.
  void log_step(Record& record, long step, const StepResult& result) {
    recent_.push_back(result.loss);
    if (recent_.size() > static_cast<size_t>(config_.log_interval)) recent_.pop_front();
    if (step % config_.log_interval != 0 && step != first_step_ && step != config_.steps &&
        result.finite()) {
      return;
    }
    StepRecord entry;
    entry.step = step;
    entry.learning_rate = result.learning_rate;
    entry.loss = result.loss;
    entry.loss_mean =
        std::accumulate(recent_.begin(), recent_.end(), 0.0) / static_cast<double>(recent_.size());
    entry.grad_norm = result.grad_norm;
    for (const double squares : model_.block_gradient_squares()) {
      entry.block_grad_norms.push_back(std::sqrt(squares));
    }
    record.log.push_back(std::move(entry));
  }

  void report_progress(const ProgressCallback& progress, long step, double loss) const {
    const double done = static_cast<double>(step - first_step_ + 1);
    const double rate = done * static_cast<double>(window_) / train_seconds_;
    progress({step, config_.steps, loss, rate,
              static_cast<double>(config_.steps - step) * train_seconds_ / done});
  }

  // A snapshot of the run so far, for checkpoints and the result.
  Model snapshot(long steps) {
    Model out;
    out.config = config_;
    out.shape = shape_;
    out.vocabulary = corpus_.vocabulary();
    out.parameters.assign(model_.parameters().begin(), model_.parameters().end());
    out.steps = steps;
    out.optimizer = OptimizerState{m_, v_};
    return out;
  }

  // The last checkpoint, the resulting model and the run's throughput.
  void finish(Record& record) {
    if (run_.on_checkpoint) run_.on_checkpoint(snapshot(record.steps_done));
    if (run_.result != nullptr) *run_.result = snapshot(record.steps_done);
    record.train_seconds = train_seconds_;
    const long steps_run = record.steps_done - (first_step_ - 1);
    record.tokens_per_second =
        train_seconds_ > 0.0
            ? static_cast<double>(steps_run) * static_cast<double>(window_) / train_seconds_
            : 0.0;
  }

  const Config& config_;
  const Corpus& corpus_;
  const ModelShape& shape_;
  const TrainingRun& run_;
  Gpt<float> model_;
  size_t window_;
  std::vector<int> inputs_, targets_;
  AlignedVector<float> m_, v_;
  Random batches_;
  long first_step_ = 1;
  std::deque<double> recent_;
  double train_seconds_ = 0.0;
};

}  // namespace

Record train_gpt(const Config& config, const ProgressCallback& progress, std::string_view who,
                 const TrainingRun& run) {
  validate(config, who);
  const Corpus corpus = Corpus::load(config.corpus, config.validation_fraction, who);
  return train_gpt(config, corpus, progress, who, run);
}

Record train_gpt(const Config& config, const Corpus& corpus, const ProgressCallback& progress,
                 std::string_view who, const TrainingRun& run) {
  validate(config, who);
  check_corpus(config, corpus, who);
  const ModelShape shape = ModelShape::from(config, corpus.vocab_size());
  if (run.init != nullptr) check_init(*run.init, shape, corpus, config, who);
  TrainingLoop loop(config, corpus, shape, run);
  return loop.run(progress);
}

}  // namespace llmlab::train
