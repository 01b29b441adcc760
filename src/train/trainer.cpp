// The training loop and its measurements. All numerics are in Gpt (gpt.cpp) and nn/adamw.
#include "train/trainer.hpp"

#include <fmt/format.h>
#include <omp.h>

#include <chrono>
#include <cmath>
#include <deque>
#include <numeric>

#include "base/error.hpp"
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
    throw Error(fmt::format(
        "{}: context ({}) must be shorter than each split of the corpus, got {} training and {} "
        "validation characters from {}",
        who, config.context, corpus.train().size(), corpus.validation().size(), corpus.source()));
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
      throw Error(fmt::format("{}: the initial model has {} {}, the config asks for {}", who,
                              setting, model_value, config_value));
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
    throw Error(
        fmt::format("{}: the initial model's vocabulary ({} characters) is not the "
                    "corpus's ({} characters from {})",
                    who, init.vocabulary.size(), corpus.vocabulary().size(), corpus.source()));
  }
  if (init.optimizer && init.steps >= config.steps) {
    throw Error(
        fmt::format("{}: the initial model has already taken {} steps; steps ({}) counts "
                    "the total and must be larger to continue",
                    who, init.steps, config.steps));
  }
}

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
  Gpt<float> model(shape, config.batch);
  if (run.init != nullptr) {
    std::copy(run.init->parameters.begin(), run.init->parameters.end(), model.parameters().begin());
  } else {
    model.initialize(config.init_std, config.residual_init, config.seed);
  }

  Record record;
  record.config = config;
  record.vocab = corpus.vocab_size();
  record.parameters = static_cast<std::int64_t>(model.parameters().size());
  record.corpus_characters = corpus.size();
  record.corpus_source = corpus.source();
  record.unigram_entropy = corpus.unigram_entropy();
  record.flops_per_step = flops_per_step(shape, config.batch);
  record.threads = omp_get_max_threads();

  const size_t window = static_cast<size_t>(config.batch) * static_cast<size_t>(config.context);
  std::vector<int> inputs(window), targets(window);
  AlignedVector<float> m(model.parameters().size(), 0.0f), v(model.parameters().size(), 0.0f);
  Random batches(config.seed + 1);
  long first_step = 1;
  if (run.init != nullptr && run.init->optimizer) {
    m = run.init->optimizer->m;
    v = run.init->optimizer->v;
    first_step = run.init->steps + 1;
    // The batches the earlier steps drew, drawn again to put the generator where they left it.
    for (long step = 1; step < first_step; step++) {
      sample_batch(inputs, targets, corpus.train(), config.batch, config.context, batches);
    }
  }
  std::deque<double> recent;
  double train_seconds = 0.0;
  // A snapshot of the run so far, for checkpoints and the result.
  const auto snapshot = [&](long steps) {
    Model out;
    out.config = config;
    out.shape = shape;
    out.vocabulary = corpus.vocabulary();
    out.parameters.assign(model.parameters().begin(), model.parameters().end());
    out.steps = steps;
    out.optimizer = OptimizerState{m, v};
    return out;
  };

  record.validation.push_back({first_step - 1, evaluate(model, config, corpus, inputs, targets)});
  record.steps_done = first_step - 1;
  for (long step = first_step; step <= config.steps; step++) {
    const auto start = Clock::now();
    const double lr = learning_rate_at(config, step);
    sample_batch(inputs, targets, corpus.train(), config.batch, config.context, batches);
    const double loss = model.forward(inputs, targets);
    model.backward(GradientUpdate::Overwrite);
    const double grad_norm = std::sqrt(model.gradient_squares());
    const bool finite = std::isfinite(loss) && std::isfinite(grad_norm);
    if (finite) {
      if (config.grad_clip > 0.0 && grad_norm > config.grad_clip) {
        // torch.nn.utils.clip_grad_norm_: scale by max_norm / (norm + 1e-6).
        const float scale = static_cast<float>(config.grad_clip / (grad_norm + 1e-6));
        for (float& g : model.gradients()) g *= scale;
      }
      nn::AdamWSettings settings{lr, config.beta1, config.beta2, config.epsilon,
                                 config.weight_decay};
      nn::adamw_step<float>(model.parameters(), model.gradients(), m, v, step, settings);
    }
    train_seconds += std::chrono::duration<double>(Clock::now() - start).count();
    record.steps_done = step;

    recent.push_back(loss);
    if (recent.size() > static_cast<size_t>(config.log_interval)) recent.pop_front();
    if (step % config.log_interval == 0 || step == first_step || step == config.steps || !finite) {
      StepRecord entry;
      entry.step = step;
      entry.learning_rate = lr;
      entry.loss = loss;
      entry.loss_mean =
          std::accumulate(recent.begin(), recent.end(), 0.0) / static_cast<double>(recent.size());
      entry.grad_norm = grad_norm;
      for (const double squares : model.block_gradient_squares()) {
        entry.block_grad_norms.push_back(std::sqrt(squares));
      }
      record.log.push_back(std::move(entry));
    }
    if (!finite) {
      record.nonfinite_step = step;
      record.nonfinite_what = std::isfinite(loss) ? "gradient" : "loss";
      break;
    }
    if (step % config.eval_interval == 0 || step == config.steps) {
      record.validation.push_back({step, evaluate(model, config, corpus, inputs, targets)});
    }
    if (run.on_checkpoint && run.save_every > 0 && step % run.save_every == 0 &&
        step != config.steps) {
      run.on_checkpoint(snapshot(step));
    }
    if (progress) {
      const double done = static_cast<double>(step - first_step + 1);
      const double rate = done * static_cast<double>(window) / train_seconds;
      progress({step, config.steps, loss, rate,
                static_cast<double>(config.steps - step) * train_seconds / done});
    }
    if (run.stop && step < config.steps && run.stop()) {
      record.interrupted = true;
      break;
    }
  }
  if (run.on_checkpoint) run.on_checkpoint(snapshot(record.steps_done));
  if (run.result != nullptr) *run.result = snapshot(record.steps_done);
  record.train_seconds = train_seconds;
  const long steps_run = record.steps_done - (first_step - 1);
  record.tokens_per_second = train_seconds > 0.0 ? static_cast<double>(steps_run) *
                                                       static_cast<double>(window) / train_seconds
                                                 : 0.0;
  return record;
}

}  // namespace llmlab::train
