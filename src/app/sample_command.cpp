// The `sample` subcommand: checkpoint → KV-cached generation, each character flushed to stdout
// as soon as it is sampled.
#include "app/sample_command.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "app/cli.hpp"
#include "app/cli_checks.hpp"
#include "base/error.hpp"
#include "base/messages/train.hpp"
#include "train/checkpoint.hpp"
#include "train/generate.hpp"

namespace llmlab::app {
namespace {

constexpr std::string_view kWho = "llmlab sample";

struct SampleOptions {
  std::string checkpoint, prompt;
  int count = 200;
  train::SamplingOptions sampling;
};

int run_sample(const SampleOptions& options) {
  try {
    if (options.count < 0)
      throw Error(fmt::format(messages::option_negative, kWho, "-n", options.count));
    const train::SamplingOptions& s = options.sampling;
    if (!(s.temperature >= 0.0) || !std::isfinite(s.temperature)) {
      throw Error(fmt::format(messages::option_negative, kWho, "--temperature", s.temperature));
    }
    if (s.top_k < 0) throw Error(fmt::format(messages::option_negative, kWho, "--top-k", s.top_k));
    if (!(s.top_p > 0.0 && s.top_p <= 1.0)) {
      throw Error(fmt::format(messages::sample_top_p_outside, kWho, s.top_p));
    }
    const train::Model model = train::load_model(options.checkpoint, kWho);
    // NaN logits sample noise: refuse, where gpt_load only warns (a script may inspect it).
    if (auto report = train::non_finite_report(model, options.checkpoint)) {
      throw Error(fmt::format(messages::nothing_to_sample, kWho, *report));
    }
    const std::vector<int> prompt = model.encode(options.prompt, kWho);
    std::fputs(options.prompt.c_str(), stdout);
    std::fflush(stdout);
    train::generate(model, prompt, options.count, s, train::KvCache::On, [&model](int token) {
      const std::string text = model.decode(std::span<const int>(&token, 1));
      std::fputs(text.c_str(), stdout);
      std::fflush(stdout);
    });
    std::fputs("\n", stdout);
  } catch (const Error& error) {
    std::fputs(format_error_report(error).c_str(), stderr);
    return kExitScriptError;
  }
  return kExitOk;
}

}  // namespace

void add_sample_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SampleOptions>();
  CLI::App* command =
      app.add_subcommand("sample",
                         "Generate text from a checkpoint (written by train --save or "
                         "gpt_save), streaming it as it is sampled");
  command->add_option("checkpoint", options->checkpoint, "The .safetensors checkpoint")->required();
  command->add_option("--prompt", options->prompt, "Text to continue (default: a newline start)");
  command->add_option("-n", options->count, "Characters to generate")->capture_default_str();
  command->add_option("--temperature", options->sampling.temperature, "0: greedy")
      ->capture_default_str();
  command->add_option("--top-k", options->sampling.top_k, "Keep the k most likely (0: all)")
      ->capture_default_str();
  command->add_option("--top-p", options->sampling.top_p, "Nucleus mass (1: all)")
      ->capture_default_str();
  command->add_option("--seed", options->sampling.seed, "Sampling seed")
      ->check(whole_number_check())
      ->capture_default_str();
  command->callback([options, &exit_code] { exit_code = run_sample(*options); });
}

}  // namespace llmlab::app
