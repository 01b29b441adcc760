// bench_layernorm_throughput: per-row LayerNorm + softmax + tanh-GELU over a 4096×768 double
// matrix, 4 repetitions (the work of shared/bench/layernorm_throughput.{rlab,py}), timed three
// ways: the nn kernels (fast and reference), the interpreter running the .rlab in-process, and
// NumPy running the .py as a child process. A STREAM-like copy/triad measures memory bandwidth
// on the same threads, so the kernels' time can be stated against the bandwidth bound.
// A benchmark, not a test. Usage: bench_layernorm_throughput [--shared DIR] [--trials N]
#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/source.hpp"
#include "builtins/registry.hpp"
#include "nn/gelu.hpp"
#include "nn/layernorm.hpp"
#include "nn/softmax.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace {

using namespace llmlab;

constexpr int kRows = 4096;    // T
constexpr int kColumns = 768;  // d
constexpr int kRepetitions = 4;
constexpr double kEps = 1e-5;
constexpr std::size_t kElements = static_cast<std::size_t>(kRows) * kColumns;
constexpr double kArrayBytes = static_cast<double>(kElements) * sizeof(double);

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Median wall seconds of `trials` runs of `work` (after one untimed warm-up run).
double median_seconds(int trials, const std::function<void()>& work) {
  work();
  std::vector<double> times;
  for (int trial = 0; trial < trials; ++trial) {
    const auto start = std::chrono::steady_clock::now();
    work();
    times.push_back(seconds_since(start));
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

struct Buffers {
  std::vector<double> x, y, p, g;
  Buffers() : x(kElements), y(kElements), p(kElements), g(kElements) {
    std::mt19937_64 engine(1);
    std::normal_distribution<double> normal;
    for (double& value : x) value = normal(engine);
  }
};

// The script's loop body: Y = layernorm(X); P = softmax(Y); G = gelu(Y), plus the sums it
// prints, so no pass can be skipped.
double run_kernels(Buffers& b, bool reference) {
  double checksum = 0.0;
  for (int rep = 0; rep < kRepetitions; ++rep) {
    if (reference) {
      nn::layernorm_forward_reference<double>(b.y, {}, {}, b.x, {}, {}, kRows, kColumns, kEps);
      nn::softmax_forward_reference<double>(b.p, b.y, kRows, kColumns);
      nn::gelu_forward_reference<double>(b.g, b.y);
    } else {
      nn::layernorm_forward<double>(b.y, {}, {}, b.x, {}, {}, kRows, kColumns, kEps);
      nn::softmax_forward<double>(b.p, b.y, kRows, kColumns);
      nn::gelu_forward<double>(b.g, b.y);
    }
    checksum += b.p[0] + b.g[kElements - 1];
  }
  return checksum;
}

// STREAM copy (a = b) and triad (a = b + s c) on arrays the kernels' size, bytes counted as
// STREAM counts them (no write-allocate traffic). Returns GB/s.
struct Bandwidth {
  double copy = 0.0;
  double triad = 0.0;
};

Bandwidth measure_bandwidth(int trials) {
  std::vector<double> a(kElements, 1.0), b(kElements, 2.0), c(kElements, 0.5);
  const long n = static_cast<long>(kElements);
  const double copy_seconds = median_seconds(trials, [&] {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) a[static_cast<std::size_t>(i)] = b[static_cast<std::size_t>(i)];
  });
  const double triad_seconds = median_seconds(trials, [&] {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      a[k] = b[k] + 3.0 * c[k];
    }
  });
  return {2.0 * kArrayBytes / copy_seconds / 1e9, 3.0 * kArrayBytes / triad_seconds / 1e9};
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The .rlab through a fresh interpreter per run; its output is shown once, then discarded.
double interpreter_seconds(const std::filesystem::path& script, int trials) {
  const auto file = std::make_shared<const SourceFile>(script.string(), read_file(script));
  bool show = true;
  return median_seconds(trials, [&] {
    runtime::Session session;
    if (!show) session.set_output([](std::string_view) {});
    show = false;
    runtime::Interpreter interpreter(session);
    builtins::install_builtins(interpreter);
    interpreter.run(file);
  });
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path shared =
      std::filesystem::path(__FILE__).parent_path() / ".." / ".." / "shared" / "bench";
  int trials = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    if (flag == "--shared") shared = argv[i + 1];
    if (flag == "--trials") trials = std::max(1, std::atoi(argv[i + 1]));
  }
  fmt::print("layernorm + softmax + gelu, {}×{} doubles, {} reps; {} OpenMP threads\n", kRows,
             kColumns, kRepetitions, omp_get_max_threads());

  const Bandwidth bandwidth = measure_bandwidth(trials);
  fmt::print("memory bandwidth: copy {:.1f} GB/s, triad {:.1f} GB/s\n", bandwidth.copy,
             bandwidth.triad);

  Buffers buffers;
  double checksum = 0.0;
  const double fast = median_seconds(trials, [&] { checksum += run_kernels(buffers, false); });
  const double reference =
      median_seconds(std::min(trials, 3), [&] { checksum += run_kernels(buffers, true); });
  const double ln = median_seconds(trials, [&] {
    nn::layernorm_forward<double>(buffers.y, {}, {}, buffers.x, {}, {}, kRows, kColumns, kEps);
  });
  const double sm = median_seconds(
      trials, [&] { nn::softmax_forward<double>(buffers.p, buffers.y, kRows, kColumns); });
  const double ge = median_seconds(trials, [&] { nn::gelu_forward<double>(buffers.g, buffers.y); });

  // Each kernel reads one array and writes one: 6 array passes per repetition.
  const double bound = kRepetitions * 6.0 * kArrayBytes / (bandwidth.triad * 1e9);
  fmt::print(
      "kernels, fast:        {:8.1f} ms  (layernorm {:.1f}, softmax {:.1f}, gelu {:.1f} ms "
      "per rep)\n",
      fast * 1e3, ln * 1e3, sm * 1e3, ge * 1e3);
  fmt::print("kernels, reference:   {:8.1f} ms\n", reference * 1e3);
  fmt::print(
      "bandwidth bound:      {:8.1f} ms  (6 array passes per rep at triad speed); "
      "fast / bound = {:.2f}\n",
      bound * 1e3, fast / bound);
  fmt::print("per-kernel / bound:   layernorm {:.2f}, softmax {:.2f}, gelu {:.2f}\n",
             ln / (bound / kRepetitions / 3), sm / (bound / kRepetitions / 3),
             ge / (bound / kRepetitions / 3));

  const auto script = shared / "layernorm_throughput.rlab";
  if (std::filesystem::exists(script)) {
    try {
      const double interpreted = interpreter_seconds(script, std::min(trials, 3));
      fmt::print("interpreter, .rlab:   {:8.1f} ms  (in-process, randn included)\n",
                 interpreted * 1e3);
    } catch (const Error& error) {
      fmt::print("interpreter, .rlab:   failed: {}\n", format_error_report(error));
    }
  }
  const auto numpy_script = shared / "layernorm_throughput.py";
  if (std::filesystem::exists("/usr/bin/python3") && std::filesystem::exists(numpy_script)) {
    const std::string command = "/usr/bin/python3 " + numpy_script.string() + " > /dev/null";
    const double numpy = median_seconds(std::min(trials, 3), [&] {
      if (std::system(command.c_str()) != 0) fmt::print("numpy run failed\n");
    });
    fmt::print("numpy, .py process:   {:8.1f} ms  (whole process); numpy / fast kernels = {:.1f}\n",
               numpy * 1e3, numpy / fast);
  }
  fmt::print("(checksum {:.6f})\n", checksum);
  return 0;
}
