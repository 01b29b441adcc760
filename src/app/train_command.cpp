// The `train` subcommand: flags → train::Config (names checked before any work), a progress bar
// (step, loss, tokens/s, ETA) redrawn in place on a terminal and printed every log interval
// otherwise, a summary on stdout, and the run record as JSON with --json.
#include "app/train_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "app/cli.hpp"
#include "app/cli_checks.hpp"
#include "app/interrupt.hpp"
#include "app/openmp_spin.hpp"
#include "base/error.hpp"
#include "base/file.hpp"
#include "train/checkpoint.hpp"
#include "train/trainer.hpp"

namespace llmlab::app {
namespace {

constexpr std::string_view kWho = "llmlab train";

struct TrainOptions {
  train::Config config;
  std::string norm = "pre", norm_kind = "layernorm", activation = "gelu", residual_init = "scaled",
              schedule = "constant";
  std::string json;
  bool quiet = false;
  // Checkpoints: where to write (after the last step, and every save_every steps), and a
  // checkpoint to continue from.
  std::string save, resume;
  int save_every = 0;
  CLI::App* command = nullptr;
};

// With --resume, the checkpoint's settings hold except those given on the command line.
train::Config resumed_config(const TrainOptions& options, const train::Config& saved) {
  train::Config config = saved;
  const train::Config& given = options.config;
  const auto take = [&](const char* flag, auto member) {
    if (options.command->count(flag) > 0) config.*member = given.*member;
  };
  take("--layers", &train::Config::layers);
  take("--d-model", &train::Config::d_model);
  take("--heads", &train::Config::heads);
  take("--mlp-ratio", &train::Config::mlp_ratio);
  take("--context", &train::Config::context);
  take("--batch", &train::Config::batch);
  take("--norm", &train::Config::norm_placement);
  take("--norm-kind", &train::Config::norm_kind);
  take("--activation", &train::Config::activation);
  take("--residual-init", &train::Config::residual_init);
  take("--init-std", &train::Config::init_std);
  take("--lr", &train::Config::learning_rate);
  take("--min-lr", &train::Config::min_learning_rate);
  take("--warmup", &train::Config::warmup_steps);
  take("--schedule", &train::Config::schedule);
  take("--weight-decay", &train::Config::weight_decay);
  take("--grad-clip", &train::Config::grad_clip);
  take("--steps", &train::Config::steps);
  take("--seed", &train::Config::seed);
  take("--log-interval", &train::Config::log_interval);
  take("--eval-interval", &train::Config::eval_interval);
  take("--eval-batches", &train::Config::eval_batches);
  take("--corpus", &train::Config::corpus);
  return config;
}

std::string duration(double seconds) {
  const long s = std::lround(seconds);
  return s >= 60 ? fmt::format("{}m{:02}s", s / 60, s % 60) : fmt::format("{}s", s);
}

// "step  120/300 [########------------]  loss 2.8123  9812 tok/s  ETA 12s".
void draw_progress(const train::Progress& p, bool terminal, int log_interval) {
  if (!terminal && p.step % log_interval != 0 && p.step != p.steps) return;
  constexpr int kWidth = 24;
  const int filled = static_cast<int>(kWidth * p.step / std::max(1L, p.steps));
  fmt::print(stderr, "{}step {:>5}/{} [{}{}]  loss {:.4f}  {:.0f} tok/s  ETA {}{}",
             terminal ? "\r" : "", p.step, p.steps, std::string(static_cast<size_t>(filled), '#'),
             std::string(static_cast<size_t>(kWidth - filled), '-'), p.loss, p.tokens_per_second,
             duration(p.eta_seconds), terminal ? "  " : "\n");
  if (terminal && p.step == p.steps) fmt::print(stderr, "\n");
}

// `--json PATH` is checked before training, so a mistyped directory does not cost the run: an
// existing PATH must be a writable file, a new one needs a writable directory.
void check_json_target(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path target(path);
  if (fs::exists(target, error)) {
    if (fs::is_directory(target, error)) {
      throw Error(fmt::format("{}: --json '{}' is a directory", kWho, path));
    }
    if (access(path.c_str(), W_OK) != 0) {
      throw Error(fmt::format("{}: --json '{}': {}", kWho, path, std::strerror(errno)));
    }
    return;
  }
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(parent, error) || access(parent.c_str(), W_OK) != 0) {
    throw Error(
        fmt::format("{}: --json '{}': cannot create a file in '{}'", kWho, path, parent.string()));
  }
}

// "val 2.1234" when the last validation ran at the last step; otherwise (a run stopped by Ctrl-C
// between evaluations) the step it was measured at, so an older number is not read as current.
std::string validation_text(const train::Record& record) {
  if (record.validation.empty()) return "val nan";
  const train::EvalRecord& last = record.validation.back();
  if (last.step == record.steps_done) return fmt::format("val {:.4f}", last.loss);
  return fmt::format("val {:.4f} at step {}", last.loss, last.step);
}

// The text options (--norm, --activation, ...) into the config's enums.
void read_choices(TrainOptions& options) {
  train::Config& c = options.config;
  c.norm_placement = train::parse_norm_placement(options.norm, kWho);
  c.norm_kind = train::parse_norm_kind(options.norm_kind, kWho);
  c.activation = train::parse_activation(options.activation, kWho);
  c.residual_init = train::parse_residual_init(options.residual_init, kWho);
  c.schedule = train::parse_schedule(options.schedule, kWho);
}

// --resume: the model to continue from, and the config it was trained with.
void resume_from(TrainOptions& options, train::Model& init, train::TrainingRun& run) {
  init = train::load_model(options.resume, kWho);
  options.config = resumed_config(options, init.config);
  run.init = &init;
  if (!options.quiet) {
    fmt::print(stderr, "resuming {} at step {} ({})\n", options.resume, init.steps,
               init.optimizer ? "with its AdamW state" : "no AdamW state: fresh moments");
  }
}

// --save and --save-every: a checkpoint every N steps and at the end.
void save_checkpoints(const TrainOptions& options, train::TrainingRun& run) {
  if (options.save_every < 0) {
    throw Error(fmt::format("{}: --save-every must be >= 0, got {}", kWho, options.save_every));
  }
  if (options.save_every > 0 && options.save.empty()) {
    throw Error(fmt::format("{}: --save-every needs --save FILE", kWho));
  }
  if (!options.save.empty()) {
    run.save_every = options.save_every;
    run.on_checkpoint = [&options](const train::Model& model) {
      train::save_model(model, options.save, kWho);
    };
  }
}

// What the run did, on stdout: how it ended, the checkpoint, and one line of numbers.
void print_summary(const train::Record& record, const TrainOptions& options) {
  const train::Config& c = options.config;
  if (record.interrupted) fmt::print("interrupted after step {}\n", record.steps_done);
  if (!options.save.empty()) {
    fmt::print("saved {} (and {}) at step {}\n", options.save, train::optimizer_path(options.save),
               record.steps_done);
  }
  if (record.nonfinite_step) {
    fmt::print("stopped at step {}: the {} became NaN or Inf\n", *record.nonfinite_step,
               record.nonfinite_what);
  }
  fmt::print(
      "{} parameters, {}-LN lr={} warmup={}: {} steps, loss {:.4f}, {} (unigram {:.4f}), "
      "{:.0f} tok/s\n",
      record.parameters, train::name_of(c.norm_placement), c.learning_rate, c.warmup_steps,
      record.steps_done, record.log.empty() ? std::nan("") : record.log.back().loss_mean,
      validation_text(record), record.unigram_entropy, record.tokens_per_second);
}

int run_training(TrainOptions& options) {
  try {
    if (!options.json.empty()) check_json_target(options.json);
    read_choices(options);
    const train::Config& c = options.config;
    const bool terminal = isatty(fileno(stderr)) != 0;
    train::ProgressCallback progress;
    if (!options.quiet) {
      progress = [terminal, &c](const train::Progress& p) {
        draw_progress(p, terminal, c.log_interval);
      };
    }
    train::TrainingRun run;
    train::Model init;
    if (!options.resume.empty()) resume_from(options, init, run);
    save_checkpoints(options, run);
    // Ctrl-C ends the run after the current step, with the summary and the record; a second
    // one ends the process at once.
    InterruptScope interrupt;
    run.stop = [] { return InterruptScope::requested(); };
    const train::Record record = train::train_gpt(c, progress, kWho, run);
    print_summary(record, options);
    if (!options.json.empty()) {
      std::string reason;
      if (!write_file(options.json, train::to_json(record), reason)) {
        throw Error(fmt::format("{}: cannot write '{}': {}", kWho, options.json, reason));
      }
    }
    if (record.interrupted) return kExitInterrupted;
  } catch (const Error& error) {
    std::fputs(format_error_report(error).c_str(), stderr);
    return kExitScriptError;
  }
  return kExitOk;
}

}  // namespace

void add_train_command(CLI::App& app, int& exit_code, char** argv) {
  auto options = std::make_shared<TrainOptions>();
  train::Config& c = options->config;
  CLI::App* command = app.add_subcommand(
      "train", "Train the native character-level GPT (defaults: the 24-layer baseline)");
  command->add_option("--layers", c.layers, "Transformer blocks")->capture_default_str();
  command->add_option("--d-model", c.d_model, "Model width")->capture_default_str();
  command->add_option("--heads", c.heads, "Attention heads")->capture_default_str();
  command->add_option("--mlp-ratio", c.mlp_ratio, "MLP width / d_model")->capture_default_str();
  command->add_option("--context", c.context, "Context length")->capture_default_str();
  command->add_option("--batch", c.batch, "Sequences per step")->capture_default_str();
  command->add_option("--norm", options->norm, "pre or post")->capture_default_str();
  command->add_option("--norm-kind", options->norm_kind, "layernorm or rmsnorm")
      ->capture_default_str();
  command->add_option("--activation", options->activation, "gelu (erf) or gelu_tanh")
      ->capture_default_str();
  command
      ->add_option("--residual-init", options->residual_init,
                   "scaled (0.02/sqrt(2 layers)) or none")
      ->capture_default_str();
  command->add_option("--init-std", c.init_std, "Initial weight std")->capture_default_str();
  command->add_option("--lr", c.learning_rate, "Peak learning rate")->capture_default_str();
  command->add_option("--min-lr", c.min_learning_rate, "Cosine floor")->capture_default_str();
  command->add_option("--warmup", c.warmup_steps, "Linear warmup steps")->capture_default_str();
  command->add_option("--schedule", options->schedule, "constant or cosine")->capture_default_str();
  command->add_option("--weight-decay", c.weight_decay, "AdamW decay")->capture_default_str();
  command->add_option("--grad-clip", c.grad_clip, "Max global gradient norm (0: off)")
      ->capture_default_str();
  command->add_option("--steps", c.steps, "Optimiser steps")->capture_default_str();
  command->add_option("--seed", c.seed, "Seed (same seed, same losses)")
      ->check(whole_number_check())
      ->capture_default_str();
  command->add_option("--log-interval", c.log_interval, "Record every k steps")
      ->capture_default_str();
  command->add_option("--eval-interval", c.eval_interval, "Validate every k steps")
      ->capture_default_str();
  command->add_option("--eval-batches", c.eval_batches, "Validation batches")
      ->capture_default_str();
  command->add_option("--corpus", c.corpus, "UTF-8 text file (default: the Vim user manual)");
  command->add_option("--json", options->json, "Write the run record as JSON");
  command->add_flag("--quiet", options->quiet, "No progress bar");
  command->add_option("--save", options->save,
                      "Write the trained model to FILE (safetensors; AdamW state beside it)");
  command->add_option("--save-every", options->save_every,
                      "Also write the checkpoint every k steps (needs --save)");
  command->add_option("--resume", options->resume,
                      "Continue from a checkpoint (its settings, except flags given; --steps is "
                      "the total)");
  options->command = command;
  command->callback([options, &exit_code, argv] {
    // Training under load collapses with libgomp's default spinning (app/openmp_spin.hpp).
    restart_with_short_openmp_spin(argv);
    exit_code = run_training(*options);
  });
}

}  // namespace llmlab::app
