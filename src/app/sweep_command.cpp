// The sweep subcommands: flags here, the work in src/sweep/.
#include "app/sweep_command.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include "app/cli.hpp"
#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/sweep.hpp"
#include "sweep/executors.hpp"
#include "sweep/records.hpp"
#include "sweep/report.hpp"
#include "sweep/spec.hpp"

namespace llmlab::app {
namespace {

struct SweepOptions {
  std::string file;
  std::string dir;
  std::string executor = "local";
  int jobs = 0;
  int threads = 0;
  bool no_wait = false;
  bool no_report = false;
  sweep::SlurmOptions slurm;
  std::string task_list;
  int task_index = -1;
};

// Runs `body`, turning llmlab::Error into the usual report and exit status.
template <typename Body>
int guarded(Body body) {
  try {
    return body();
  } catch (const Error& error) {
    std::fputs(format_error_report(error).c_str(), stderr);
    return kExitScriptError;
  } catch (const std::filesystem::filesystem_error& error) {
    fmt::print(stderr, "error: sweep: {}\n", error.what());
    return kExitScriptError;
  }
}

std::unique_ptr<sweep::Executor> executor_of(const SweepOptions& o) {
  if (o.executor == "local") return sweep::local_executor({o.jobs, true});
  if (o.executor != "slurm") throw Error(fmt::format(messages::executor_unknown, o.executor));
  sweep::SlurmOptions slurm = o.slurm;
  slurm.wait = !o.no_wait;
  return sweep::slurm_executor(slurm);
}

int run_sweep(const SweepOptions& o) {
  sweep::Spec spec = sweep::parse_spec(read_file_or_throw(o.file, "sweep"), o.file);
  if (o.threads > 0) sweep::set_threads(spec, o.threads);
  std::filesystem::path dir = o.dir;
  if (dir.empty()) dir = std::filesystem::path(o.file).stem();
  std::filesystem::create_directories(dir / "runs");
  sweep::write_atomically(dir / "sweep.toml", sweep::resolved_text(spec));
  // What the executors and reports read from now on is the resolved file, as a Slurm task does.
  const sweep::Spec resolved = sweep::load_resolved(dir);
  const std::unique_ptr<sweep::Executor> executor = executor_of(o);
  const int status = executor->run(dir, resolved);
  if (status != 0 || !executor->finishes_runs()) return status;
  if (!o.no_report) sweep::write_report(dir, resolved, true);
  return 0;
}

}  // namespace

void add_sweep_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* sweep = app.add_subcommand(
      "sweep", "Run a grid of training runs over seeds (locally or on Slurm) and report it");
  sweep->require_subcommand(1);

  CLI::App* run = sweep->add_subcommand(
      "run", "Run every unfinished run of a sweep file (TOML), then write the report");
  run->add_option("file", options->file, "The sweep file (TOML)")->required();
  run->add_option("-o,--output", options->dir, "Sweep folder (default: the file's name)");
  run->add_option("--executor", options->executor, "local or slurm")->capture_default_str();
  run->add_option("--jobs", options->jobs, "Local runs at once (default: cores ÷ threads)");
  run->add_option("--threads", options->threads, "Threads per run (default: [run] threads)");
  run->add_flag("--no-wait", options->no_wait, "Slurm: return once the array is submitted");
  run->add_flag("--no-report", options->no_report, "Do not write the report at the end");
  run->add_option("--partition", options->slurm.partition, "Slurm partition");
  run->add_option("--time", options->slurm.time, "Slurm time limit per run (e.g. 00:30:00)");
  run->add_option("--mem", options->slurm.mem, "Slurm memory per run (e.g. 2G)");
  run->add_option("--max-parallel", options->slurm.max_parallel,
                  "Slurm: at most this many array tasks at once (the %MAX of --array)");
  run->add_option("--poll", options->slurm.poll_seconds, "Slurm: seconds between squeue polls")
      ->capture_default_str();
  run->callback(
      [options, &exit_code] { exit_code = guarded([&] { return run_sweep(*options); }); });

  CLI::App* status = sweep->add_subcommand(
      "status", "Show a sweep's runs: done, diverged, failed (with their logs), queued");
  status->add_option("dir", options->dir, "Sweep folder")->required();
  status->callback([options, &exit_code] {
    exit_code = guarded([&] { return sweep::print_status(options->dir); });
  });

  CLI::App* report = sweep->add_subcommand(
      "report", "Write summary.csv, report.md and the figures of a sweep folder");
  report->add_option("dir", options->dir, "Sweep folder")->required();
  report->callback([options, &exit_code] {
    exit_code = guarded([&] {
      sweep::write_report(options->dir, sweep::load_resolved(options->dir), true);
      return 0;
    });
  });

  CLI::App* task = sweep->add_subcommand(
      "task", "Run one task of a submitted Slurm array (used by DIR/sweep.sbatch)");
  task->add_option("dir", options->dir, "Sweep folder")->required();
  task->add_option("list", options->task_list, "The array's task list")->required();
  task->add_option("index", options->task_index, "The task index")->required();
  task->callback([options, &exit_code] {
    exit_code = guarded(
        [&] { return sweep::run_task(options->dir, options->task_list, options->task_index); });
  });
}

}  // namespace llmlab::app
