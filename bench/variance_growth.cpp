// bench_variance_growth: shared/bench/variance_growth.rlab (d = 768, 24 residual layers with a
// fresh randn(d, d) / sqrt(d) each, with and without a bare LayerNorm) run by the interpreter
// in-process, beside NumPy running variance_growth.py as a child process, with the share of the
// time that generating the 48 random matrices takes. A benchmark, not a test.
// Usage: bench_variance_growth [--shared DIR] [--trials N]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/source.hpp"
#include "builtins/registry.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace {

using namespace llmlab;

// Median wall seconds of `trials` runs of `work` (after one untimed warm-up run).
double median_seconds(int trials, const std::function<void()>& work) {
  work();
  std::vector<double> times;
  for (int trial = 0; trial < trials; ++trial) {
    const auto start = std::chrono::steady_clock::now();
    work();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `file` in a fresh interpreter; output shown when `show`, discarded otherwise.
void run_source(const std::shared_ptr<const SourceFile>& file, bool show) {
  runtime::Session session;
  if (!show) session.set_output([](std::string_view) {});
  runtime::Interpreter interpreter(session);
  builtins::install_builtins(interpreter);
  interpreter.run(file);
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
  const auto script = shared / "variance_growth.rlab";
  if (!std::filesystem::exists(script)) {
    fmt::print("{} not found (--shared DIR)\n", script.string());
    return 1;
  }
  const auto file = std::make_shared<const SourceFile>(script.string(), read_file(script));
  // The same random draws without the arithmetic: the floor the generator sets.
  const auto draws = std::make_shared<const SourceFile>(
      "draws.rlab", "seed(0);\nfor k = 1:48\n  W = randn(768, 768) / sqrt(768);\nend\n");
  try {
    run_source(file, true);
    const double interpreted = median_seconds(trials, [&] { run_source(file, false); });
    const double generator = median_seconds(trials, [&] { run_source(draws, false); });
    fmt::print("interpreter, .rlab:   {:8.1f} ms  (in-process); 48 randn(768, 768): {:.1f} ms\n",
               interpreted * 1e3, generator * 1e3);
    const auto numpy_script = shared / "variance_growth.py";
    if (std::filesystem::exists("/usr/bin/python3") && std::filesystem::exists(numpy_script)) {
      const std::string command = "/usr/bin/python3 " + numpy_script.string() + " > /dev/null";
      const double numpy = median_seconds(std::min(trials, 3), [&] {
        if (std::system(command.c_str()) != 0) fmt::print("numpy run failed\n");
      });
      fmt::print("numpy, .py process:   {:8.1f} ms  (whole process); numpy / llmlab = {:.1f}\n",
                 numpy * 1e3, numpy / interpreted);
    }
  } catch (const Error& error) {
    fmt::print("failed: {}\n", format_error_report(error));
    return 1;
  }
  return 0;
}
