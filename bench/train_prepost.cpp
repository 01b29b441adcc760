// bench/train_prepost: llmlab's trainer on bench/train_prepost.py's baseline (24 layers, d_model
// 64, 4 heads, context 64, batch 16, AdamW, the Vim manual) for a fixed number of steps. Prints
// training tokens/s and achieved FLOP/s as a fraction of the cores' float32 peak, both the
// measured one (every thread running independent multiply-adds on the widest vectors the
// processor runs) and the nominal one of AVX2 + FMA (2 FMA units × 8 lanes × 2 flops per cycle
// per core at the /proc/cpuinfo clock, which the cores exceed when they boost). A benchmark,
// not a test.
//   bench_train_prepost [--steps 50] [--norm pre|post] [--layers 24] [--batch 16] [--lr 1e-3]
//                       [--ghz GHz] [--json FILE]
#include <fmt/format.h>
#include <omp.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "app/openmp_spin.hpp"
#include "base/error.hpp"
#include "train/trainer.hpp"

namespace {

// The clock from /proc/cpuinfo ("cpu MHz"), or 0 when unknown.
double cpu_ghz() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("cpu MHz")) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos) return std::atof(line.c_str() + colon + 1) / 1000.0;
    }
  }
  return 0.0;
}

constexpr int kChains = 12;
constexpr long kRounds = 20'000'000;

// One thread's independent chains of multiply-adds (enough to keep two FMA units busy through
// their latency) on Lanes-wide float vectors: the seconds taken, and the chains' sum added to
// `sink` (used by the caller, so the loop is not optimised away). Always inlined, so that each
// caller below compiles it for its own instruction set.
template <class Lanes>
[[gnu::always_inline]] inline double multiply_add_chains(float& sink) {
  Lanes chains[kChains];
  for (int c = 0; c < kChains; c++) chains[c] = Lanes{} + 0.001f * static_cast<float>(c);
  const Lanes factor = Lanes{} + 0.9999f, addend = Lanes{} + 1e-6f;
  const auto start = std::chrono::steady_clock::now();
  for (long round = 0; round < kRounds; round++) {
#pragma GCC unroll 12
    for (int c = 0; c < kChains; c++) chains[c] = chains[c] * factor + addend;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (int c = 0; c < kChains; c++) sink += chains[c][0];
  return seconds;
}

using Lanes8 = float __attribute__((vector_size(32)));
using Lanes16 = float __attribute__((vector_size(64)));

double chains_avx2(float& sink) { return multiply_add_chains<Lanes8>(sink); }
__attribute__((target("avx512f"))) double chains_avx512(float& sink) {
  return multiply_add_chains<Lanes16>(sink);
}

// The cores' float32 multiply-add peak in flop/s, measured by every thread of the team at once
// with the widest vectors the processor runs, as the trainer's tile kernels choose theirs: 16
// lanes with AVX-512 (a core with full-width AVX-512 units, such as Zen 5, does twice the flops
// of 8-lane AVX2), else 8. The flops of all threads over the slowest thread's time.
double measured_peak_flops() {
  const bool wide = __builtin_cpu_supports("avx512f");
  double slowest = 0.0;
  float sink = 0.0f;
#pragma omp parallel reduction(max : slowest) reduction(+ : sink)
  slowest = wide ? chains_avx512(sink) : chains_avx2(sink);
  const double lanes = wide ? 16.0 : 8.0;
  const double flops = static_cast<double>(omp_get_max_threads()) *
                       static_cast<double>(kRounds * kChains) * lanes * 2.0;
  return sink == sink ? flops / slowest : 0.0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace llmlab;
  app::restart_with_short_openmp_spin(argv);
  train::Config config;  // the baseline's defaults
  config.steps = 50;
  config.eval_interval = 1 << 30;  // evaluation is excluded from the timing anyway; keep it short
  config.eval_batches = 1;
  double ghz = cpu_ghz();
  std::string json;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    const char* value = argv[i + 1];
    if (flag == "--steps") {
      config.steps = std::atoi(value);
    } else if (flag == "--norm") {
      config.norm_placement = train::parse_norm_placement(value, "bench_train_prepost");
    } else if (flag == "--layers") {
      config.layers = std::atoi(value);
    } else if (flag == "--batch") {
      config.batch = std::atoi(value);
    } else if (flag == "--lr") {
      config.learning_rate = std::atof(value);
    } else if (flag == "--ghz") {
      ghz = std::atof(value);
    } else if (flag == "--json") {
      json = value;
    } else {
      fmt::print(stderr, "bench_train_prepost: unknown flag {}\n", flag);
      return 2;
    }
  }
  try {
    // Process CPU time too: on a shared machine, wall time measures the neighbours as well.
    const std::clock_t cpu_start = std::clock();
    const train::Record record = train::train_gpt(config, {}, "bench_train_prepost");
    const double cpu_seconds =
        static_cast<double>(std::clock() - cpu_start) / static_cast<double>(CLOCKS_PER_SEC);
    const int cores = omp_get_max_threads();
    const double flops =
        record.flops_per_step * static_cast<double>(record.steps_done) / record.train_seconds;
    const double peak = static_cast<double>(cores) * 2 * 8 * 2 * ghz * 1e9;
    const double measured_peak = measured_peak_flops();
    fmt::print("llmlab train {} lr={} steps={}: {:.0f} tokens/s, {:.1f} ms/step, loss {:.4f}\n",
               train::name_of(config.norm_placement), config.learning_rate, record.steps_done,
               record.tokens_per_second,
               1e3 * record.train_seconds / static_cast<double>(record.steps_done),
               record.log.back().loss_mean);
    fmt::print(
        "  {:.2f} GFLOP/step, {:.1f} GFLOP/s = {:.1f}% of the measured fp32 FMA peak of {} cores "
        "({:.1f} GFLOP/s), {:.1f}% of the nominal {} x 32 flops x {:.2f} GHz\n",
        record.flops_per_step / 1e9, flops / 1e9, 100.0 * flops / measured_peak, cores,
        measured_peak / 1e9, 100.0 * flops / peak, cores, ghz);
    fmt::print("  process CPU time {:.1f} ms/step (all threads, evaluation and set-up included)\n",
               1e3 * cpu_seconds / static_cast<double>(record.steps_done));
    const char* spin = std::getenv("GOMP_SPINCOUNT");
    const char* policy = std::getenv("OMP_WAIT_POLICY");
    fmt::print("  OpenMP: {} threads, GOMP_SPINCOUNT={}, OMP_WAIT_POLICY={}\n", cores,
               spin != nullptr ? spin : "default", policy != nullptr ? policy : "default");
    if (!json.empty()) std::ofstream(json) << train::to_json(record);
  } catch (const Error& error) {
    fmt::print(stderr, "{}\n", format_error_report(error));
    return 1;
  }
  return 0;
}
