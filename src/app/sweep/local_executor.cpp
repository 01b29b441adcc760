// The local executor: keeps `jobs` trainer processes running, one per core group, and prints a
// progress line. Ctrl-C (or SIGTERM) ends the running trainers and writes no record for them:
// their runs stay unfinished and the next `sweep run` starts them again.
#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <deque>
#include <map>
#include <thread>

#include "app/sweep/executors.hpp"
#include "app/sweep/process.hpp"
#include "app/sweep/records.hpp"
#include "base/error.hpp"
#include "base/file.hpp"

namespace llmlab::app::sweep {
namespace {

// The longest wait for a child's exit before the progress line is looked at again.
constexpr double kProgressSeconds = 0.25;

struct Running {
  RunSpec run;
  fs::path json;
  double started = 0.0;
};

std::string duration(double seconds) {
  const long s = std::lround(seconds);
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s / 60) % 60);
  return s >= 60 ? fmt::format("{}m{:02}s", s / 60, s % 60) : fmt::format("{}s", s);
}

}  // namespace

int run_local(const fs::path& dir, const Spec& spec, const LocalOptions& options) {
  std::deque<RunSpec> pending;
  const std::vector<RunSpec> all = spec.launch_order();
  for (const RunSpec& run : all) {
    if (!read_run(dir, run)) pending.push_back(run);
  }
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int jobs = options.jobs > 0 ? options.jobs : std::max(1, cores / spec.threads);
  const std::size_t total = pending.size();
  fmt::print(
      stderr, "sweep: {} runs, {} finished before, {} to run, {} at a time ({} thread{} each)\n",
      all.size(), all.size() - total, total, jobs, spec.threads, spec.threads == 1 ? "" : "s");
  if (total == 0) return 0;

  const std::string llmlab = own_executable();
  const bool terminal = isatty(fileno(stderr)) != 0;
  StopSignals signals;
  const ChildExits child_exits;
  std::map<pid_t, Running> running;
  std::size_t finished = 0, failed = 0;
  double run_seconds = 0.0;
  const double start = now_seconds();
  double last_print = 0.0;
  const auto progress = [&](bool force) {
    if (!options.progress) return;
    const double now = now_seconds();
    if (!force && now - last_print < (terminal ? 0.5 : 10.0)) return;
    last_print = now;
    std::string eta = "?";
    if (finished > 0) {
      const double per_run = run_seconds / static_cast<double>(finished);
      const double left = per_run * static_cast<double>(total - finished) / jobs;
      eta = duration(left);
    }
    fmt::print(stderr, "{}sweep: {}/{} finished, {} failed, {} running, {} elapsed, ETA {}{}",
               terminal ? "\r" : "", finished, total, failed, running.size(), duration(now - start),
               eta, terminal ? "   " : "\n");
  };

  while ((!pending.empty() || !running.empty()) && !StopSignals::requested()) {
    while (!pending.empty() && static_cast<int>(running.size()) < jobs &&
           !StopSignals::requested()) {
      const RunSpec run = pending.front();
      pending.pop_front();
      const RunPaths paths = run_paths(dir, run);
      fs::create_directories(paths.folder);
      const fs::path json = paths.record.string() + fmt::format(".partial.{}", getpid());
      const pid_t pid = start_process(train_command(llmlab, run, json), paths.log, spec.threads);
      running[pid] = {run, json, now_seconds()};
    }
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid > 0) {
      const auto found = running.find(pid);
      if (found == running.end()) continue;
      Running done = found->second;
      running.erase(found);
      if (StopSignals::requested()) {
        running[pid] = done;  // ended by the same Ctrl-C: treated below, not recorded
        break;
      }
      Ending ending = ending_of(status);
      ending.wall_seconds = now_seconds() - done.started;
      ending.executor = "local";
      record_run(dir, done.run, spec, done.json, ending);
      const auto record = read_run(dir, done.run);
      ++finished;
      run_seconds += ending.wall_seconds;
      if (record && record->status == RunStatus::Failed) ++failed;
      progress(true);
      continue;
    }
    progress(false);
    child_exits.wait(kProgressSeconds);
  }
  if (options.progress && terminal) fmt::print(stderr, "\n");

  if (StopSignals::requested()) {
    for (auto& [pid, job] : running) kill(-pid, SIGTERM);
    for (auto& [pid, job] : running) {
      int status = 0;
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      std::error_code ec;
      fs::remove(job.json, ec);
      remove_write_temporaries(job.json);  // the trainer may have died mid-write
    }
    fmt::print(stderr,
               "sweep: interrupted: {} of {} runs finished; {} stopped runs left no record. "
               "Run the same command again to resume.\n",
               finished, total, running.size());
    return 130;
  }
  fmt::print(stderr, "sweep: {} runs finished ({} failed) in {}\n", finished, failed,
             duration(now_seconds() - start));
  return 0;
}

}  // namespace llmlab::app::sweep
