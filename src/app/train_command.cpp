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
#include <map>
#include <memory>
#include <string>

#include "app/cli.hpp"
#include "app/cli_checks.hpp"
#include "app/interrupt.hpp"
#include "app/openmp_spin.hpp"
#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/system.hpp"
#include "base/messages/train.hpp"
#include "train/checkpoint.hpp"
#include "train/config_fields.hpp"
#include "train/trainer.hpp"

namespace llmlab::app {
namespace {

constexpr std::string_view kWho = "llmlab train";

std::map<std::string_view, std::string> default_choices() {
  std::map<std::string_view, std::string> choices;
  for (const train::ConfigField& field : train::config_fields()) {
    if (field.kind == train::FieldKind::Choice) choices[field.key] = field.text_of(train::Config{});
  }
  return choices;
}

struct TrainOptions {
  train::Config config;
  // The Choice settings' names as given (train/config_fields.hpp), read into config before the
  // run; each starts as the default's name.
  std::map<std::string_view, std::string> choices = default_choices();
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
  for (const train::ConfigField& field : train::config_fields()) {
    if (!field.flag.empty() && options.command->count(std::string(field.flag)) > 0) {
      field.copy(config, given);
    }
  }
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
      throw Error(fmt::format(messages::json_path_is_directory, kWho, path));
    }
    if (access(path.c_str(), W_OK) != 0) {
      throw Error(fmt::format(messages::json_path_unusable, kWho, path, std::strerror(errno)));
    }
    return;
  }
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(parent, error) || access(parent.c_str(), W_OK) != 0) {
    throw Error(fmt::format(messages::json_folder_not_writable, kWho, path, parent.string()));
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

// The named settings (--norm, --activation, ...) into the config's enums.
void read_choices(TrainOptions& options) {
  for (const train::ConfigField& field : train::config_fields()) {
    if (field.kind == train::FieldKind::Choice) {
      field.set_choice(options.config, options.choices.at(field.key), kWho);
    }
  }
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
    throw Error(fmt::format(messages::option_negative, kWho, "--save-every", options.save_every));
  }
  if (options.save_every > 0 && options.save.empty()) {
    throw Error(fmt::format(messages::save_every_without_save, kWho));
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
        throw Error(fmt::format(messages::spoken_by, kWho,
                                fmt::format(messages::cannot_write_file, options.json, reason)));
      }
    }
    if (record.interrupted) return kExitInterrupted;
  } catch (const Error& error) {
    std::fputs(format_error_report(error).c_str(), stderr);
    return kExitScriptError;
  }
  return kExitOk;
}

// A flag for each setting of the table that has one, in its order.
void add_setting_flags(CLI::App& command, TrainOptions& options) {
  train::Config& c = options.config;
  for (const train::ConfigField& field : train::config_fields()) {
    if (field.flag.empty()) continue;
    const std::string flag(field.flag), help(field.help);
    switch (field.kind) {
      case train::FieldKind::Integer:
        command.add_option(flag, c.*field.integer, help)->capture_default_str();
        break;
      case train::FieldKind::Seed:
        command.add_option(flag, c.*field.seed, help)
            ->check(whole_number_check())
            ->capture_default_str();
        break;
      case train::FieldKind::Real:
        command.add_option(flag, c.*field.real, help)->capture_default_str();
        break;
      case train::FieldKind::Choice:
        command.add_option(flag, options.choices.at(field.key), help)->capture_default_str();
        break;
      case train::FieldKind::Text:
        command.add_option(flag, c.*field.text, help);
        break;
    }
  }
}

}  // namespace

void add_train_command(CLI::App& app, int& exit_code, char** argv) {
  auto options = std::make_shared<TrainOptions>();
  CLI::App* command = app.add_subcommand(
      "train", "Train the native character-level GPT (defaults: the 24-layer baseline)");
  add_setting_flags(*command, *options);
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
