// Generation throughput and checkpoint I/O of the 24-layer d 64 baseline model (≈1.2M
// parameters): tokens/s of KV-cached sampling at batch 1 (256 new tokens after a 1-character
// prompt, temperature 1), and the time to save and load its safetensors checkpoint. With
// --save FILE it also leaves the checkpoint there for bench/generate_torch.py, which runs the
// same weights through PyTorch with its own KV-cached loop.
// Usage: bench_generate_throughput [--save FILE] [--repeats N]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "train/checkpoint.hpp"
#include "train/corpus.hpp"
#include "train/generate.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// This process's CPU seconds: on a shared machine, wall time mostly measures the other
// processes; both sides of the comparison run one thread, so CPU time compares their work.
double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::string save;
  int repeats = 7;
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "--save") == 0 && i + 1 < argc) save = argv[++i];
    if (std::strcmp(argv[i], "--repeats") == 0 && i + 1 < argc) repeats = std::atoi(argv[++i]);
  }
  using namespace llmlab::train;
  const Config config;  // the baseline: 24 layers, d 64, 4 heads, context 64
  const Corpus corpus = Corpus::load("", config.validation_fraction, "bench");
  const Model model = initialize_model(config, corpus.vocabulary(), "bench");
  constexpr int kTokens = 256;

  SamplingOptions options;
  options.seed = 1;
  const std::vector<int> prompt = {0};
  std::vector<double> rates, cpu_rates;
  generate(model, prompt, kTokens, options);  // warm the caches
  for (int r = 0; r < repeats; r++) {
    const auto start = Clock::now();
    const double cpu_start = cpu_seconds();
    const std::vector<int> tokens = generate(model, prompt, kTokens, options);
    cpu_rates.push_back(static_cast<double>(tokens.size()) / (cpu_seconds() - cpu_start));
    rates.push_back(static_cast<double>(tokens.size()) / seconds_since(start));
  }

  const std::string path =
      save.empty()
          ? (std::filesystem::temp_directory_path() / "bench_generate.safetensors").string()
          : save;
  std::vector<double> saves, loads;
  for (int r = 0; r < repeats; r++) {
    auto start = Clock::now();
    save_model(model, path, "bench");
    saves.push_back(seconds_since(start));
    start = Clock::now();
    const Model loaded = load_model(path, "bench");
    loads.push_back(seconds_since(start));
    if (loaded.parameters != model.parameters) {
      fmt::print(stderr, "bench: the loaded model differs\n");
      return 1;
    }
  }
  fmt::print("model: {}\n", model.summary());
  fmt::print(
      "generation (batch 1, {} tokens, KV cache): median {:.0f} tokens/s wall (best {:.0f}), "
      "{:.0f} tokens per CPU second\n",
      kTokens, median(rates), *std::max_element(rates.begin(), rates.end()), median(cpu_rates));
  fmt::print("checkpoint {} bytes: save median {:.2f} ms, load median {:.2f} ms\n",
             std::filesystem::file_size(path), 1e3 * median(saves), 1e3 * median(loads));
  if (save.empty()) std::filesystem::remove(path);
  return 0;
}
