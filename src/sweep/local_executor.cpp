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

#include "base/error.hpp"
#include "base/file.hpp"
#include "sweep/executors.hpp"
#include "sweep/process.hpp"
#include "sweep/records.hpp"

namespace llmlab::sweep {
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

// One `sweep run` on this machine: the runs still to start, the trainers running, the counts
// for the progress line.
class LocalSweep {
 public:
  LocalSweep(const fs::path& dir, const Spec& spec, const LocalOptions& options)
      : dir_(dir), spec_(spec), options_(options) {}

  int run() {
    const std::vector<RunSpec> all = spec_.launch_order();
    for (const RunSpec& run : runs_without_record(dir_, all)) pending_.push_back(run);
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    jobs_ = options_.jobs > 0 ? options_.jobs : std::max(1, cores / spec_.threads);
    total_ = pending_.size();
    fmt::print(stderr,
               "sweep: {} runs, {} finished before, {} to run, {} at a time ({} thread{} each)\n",
               all.size(), all.size() - total_, total_, jobs_, spec_.threads,
               spec_.threads == 1 ? "" : "s");
    if (total_ == 0) return 0;
    StopSignals signals;
    const ChildExits child_exits;
    start_ = now_seconds();
    run_until_done(child_exits);
    if (options_.progress && terminal_) fmt::print(stderr, "\n");
    if (StopSignals::requested()) return stop_running();
    fmt::print(stderr, "sweep: {} runs finished ({} failed) in {}\n", finished_, failed_,
               duration(now_seconds() - start_));
    return 0;
  }

 private:
  // Keeps jobs trainers running until every run has ended or a stop is asked for.
  void run_until_done(const ChildExits& child_exits) {
    while ((!pending_.empty() || !running_.empty()) && !StopSignals::requested()) {
      start_pending();
      int status = 0;
      const pid_t pid = waitpid(-1, &status, WNOHANG);
      if (pid > 0) {
        const auto found = running_.find(pid);
        if (found == running_.end()) continue;
        Running done = found->second;
        running_.erase(found);
        if (StopSignals::requested()) {
          running_[pid] = done;  // ended by the same Ctrl-C: treated below, not recorded
          break;
        }
        record_ending(done, status);
        continue;
      }
      print_progress(false);
      child_exits.wait(kProgressSeconds);
    }
  }

  void start_pending() {
    while (!pending_.empty() && static_cast<int>(running_.size()) < jobs_ &&
           !StopSignals::requested()) {
      const RunSpec run = pending_.front();
      pending_.pop_front();
      const RunPaths paths = run_paths(dir_, run);
      fs::create_directories(paths.folder);
      const fs::path json = paths.record.string() + fmt::format(".partial.{}", getpid());
      const pid_t pid = start_process(train_command(llmlab_, run, json), paths.log, spec_.threads);
      running_[pid] = {run, json, now_seconds()};
    }
  }

  void record_ending(const Running& done, int status) {
    Ending ending = ending_of(status);
    ending.wall_seconds = now_seconds() - done.started;
    ending.executor = "local";
    record_run(dir_, done.run, spec_, done.json, ending);
    const auto record = read_run(dir_, done.run);
    ++finished_;
    run_seconds_ += ending.wall_seconds;
    if (record && record->status == RunStatus::Failed) ++failed_;
    print_progress(true);
  }

  void print_progress(bool force) {
    if (!options_.progress) return;
    const double now = now_seconds();
    if (!force && now - last_print_ < (terminal_ ? 0.5 : 10.0)) return;
    last_print_ = now;
    std::string eta = "?";
    if (finished_ > 0) {
      const double per_run = run_seconds_ / static_cast<double>(finished_);
      const double left = per_run * static_cast<double>(total_ - finished_) / jobs_;
      eta = duration(left);
    }
    fmt::print(stderr, "{}sweep: {}/{} finished, {} failed, {} running, {} elapsed, ETA {}{}",
               terminal_ ? "\r" : "", finished_, total_, failed_, running_.size(),
               duration(now - start_), eta, terminal_ ? "   " : "\n");
  }

  // Ctrl-C: the running trainers end and leave no record, so the next run starts them again.
  int stop_running() {
    for (auto& [pid, job] : running_) kill(-pid, SIGTERM);
    for (auto& [pid, job] : running_) {
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
               finished_, total_, running_.size());
    return 130;
  }

  const fs::path& dir_;
  const Spec& spec_;
  const LocalOptions& options_;
  std::deque<RunSpec> pending_;
  std::map<pid_t, Running> running_;
  int jobs_ = 1;
  std::size_t total_ = 0;
  const std::string llmlab_ = own_executable();
  const bool terminal_ = isatty(fileno(stderr)) != 0;
  std::size_t finished_ = 0, failed_ = 0;
  double run_seconds_ = 0.0;
  double start_ = 0.0;
  double last_print_ = 0.0;
};

class LocalExecutor final : public Executor {
 public:
  explicit LocalExecutor(const LocalOptions& options) : options_(options) {}
  int run(const fs::path& dir, const Spec& spec) override {
    return LocalSweep(dir, spec, options_).run();
  }
  bool finishes_runs() const override { return true; }

 private:
  LocalOptions options_;
};

}  // namespace

std::unique_ptr<Executor> local_executor(const LocalOptions& options) {
  return std::make_unique<LocalExecutor>(options);
}

}  // namespace llmlab::sweep
