// The Slurm executor. One job array per submission: DIR/slurm/array-<k>.tasks lists its runs
// (one "config-id seed" line per task) and each task runs `llmlab sweep task DIR LIST INDEX`,
// which starts the trainer exactly as the local executor does. The sweep folder must therefore
// be on a filesystem every node sees (the same path on every node), and the llmlab binary too.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/sweep.hpp"
#include "base/messages/system.hpp"
#include "sweep/executors.hpp"
#include "sweep/process.hpp"
#include "sweep/records.hpp"
#include "sweep/sbatch.hpp"

namespace llmlab::sweep {
namespace {

struct Captured {
  int status = -1;  // exit status; -1 when the program could not start
  std::string out;
};

// Runs a program (found on PATH) and captures its standard output; stderr passes through.
Captured capture(const std::vector<std::string>& argv) {
  std::vector<char*> pointers;
  for (const std::string& arg : argv) pointers.push_back(const_cast<char*>(arg.c_str()));
  pointers.push_back(nullptr);
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) return {};
  const pid_t pid = fork();
  if (pid < 0) return {};
  if (pid == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    execvp(pointers[0], pointers.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  Captured result;
  char buffer[4096];
  for (ssize_t n; (n = read(pipe_fds[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    result.out.append(buffer, static_cast<std::size_t>(n));
  }
  close(pipe_fds[0]);
  const Ending ending = wait_process(pid);
  result.status = ending.exited ? (ending.code == 127 ? -1 : ending.code) : -1;
  return result;
}

// A submitted array: its job id and its task list.
struct Submission {
  std::string job;
  fs::path list;
};

std::vector<Submission> submissions(const fs::path& dir) {
  std::vector<Submission> out;
  std::istringstream lines(read_file_if_present(dir / "slurm" / "jobs.txt", "sweep"));
  for (std::string job, list; lines >> job >> list;) out.push_back({job, dir / "slurm" / list});
  return out;
}

// The runs of a task list, by task index.
std::vector<std::pair<std::string, std::uint64_t>> task_list(const fs::path& list) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  std::istringstream lines(read_file_if_present(list, "sweep"));
  std::string id;
  std::uint64_t seed = 0;
  while (lines >> id >> seed) out.emplace_back(id, seed);
  return out;
}

// Task index → Slurm state ("PENDING", "RUNNING", ...) of the array's tasks still queued.
std::map<int, std::string> queued_tasks(const std::string& job) {
  std::map<int, std::string> out;
  const Captured q = capture({"squeue", "-h", "-r", "-j", job, "-o", "%i %T"});
  if (q.status != 0) return out;
  std::istringstream lines(q.out);
  for (std::string task, state; lines >> task >> state;) {
    const auto underscore = task.find('_');
    if (underscore == std::string::npos) continue;
    const std::string index = task.substr(underscore + 1);
    if (index.empty() || index[0] == '[') continue;
    out[std::atoi(index.c_str())] = state;
  }
  return out;
}

bool job_queued(const std::string& job) {
  const Captured q = capture({"squeue", "-h", "-j", job, "-o", "%i"});
  // squeue fails for a job id the controller no longer knows: it has left the queue.
  return q.status == 0 && q.out.find_first_not_of(" \n") != std::string::npos;
}

// `scancel` of the array the user stopped waiting for; says what became of the runs.
int cancel_array(const fs::path& dir, const std::string& job, const std::vector<RunSpec>& runs) {
  const Captured cancelled = capture({"scancel", job});
  const std::size_t recorded = recorded_count(dir, runs);
  if (cancelled.status != 0) {
    fmt::print(stderr,
               "sweep: interrupted, but `scancel {}` {}: the array may still run; cancel it by "
               "hand (scancel {})\n",
               job, cancelled.status < 0 ? "could not be started" : "failed", job);
  } else {
    fmt::print(stderr,
               "sweep: interrupted: job array {} cancelled (scancel {}); {} of {} runs recorded, "
               "the cancelled ones left no record. Run the same command again to resume.\n",
               job, job, recorded, runs.size());
  }
  return 130;
}

// The script's settings: the command line's overrides (checked here, named as typed) over the
// sweep file's [slurm] (checked when the file was read).
SbatchJob sbatch_job(const fs::path& dir, const Spec& spec, const SlurmOptions& options,
                     std::size_t tasks, const fs::path& list) {
  for (const auto& [key, value] : {std::pair{"time", &options.time},
                                   {"mem", &options.mem},
                                   {"partition", &options.partition}}) {
    if (value->empty()) continue;
    if (const auto problem = slurm_setting_problem(key, *value, fmt::format("--{}", key))) {
      throw Error(fmt::format(messages::spoken_by, "sweep", *problem));
    }
  }
  const SlurmSettings& s = spec.slurm;
  SbatchJob job;
  job.source = spec.source;
  job.tasks = tasks;
  job.max_parallel = options.max_parallel >= 0 ? options.max_parallel : s.max_parallel;
  job.threads = spec.threads;
  job.time = !options.time.empty() ? options.time : s.time;
  job.mem = !options.mem.empty() ? options.mem : s.mem;
  job.partition = !options.partition.empty() ? options.partition : s.partition;
  job.executable = own_executable();
  job.dir = fs::absolute(dir).string();
  job.list = list.string();
  return job;
}

}  // namespace

Spec load_resolved(const fs::path& dir) {
  const fs::path path = dir / "sweep.toml";
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    throw Error(fmt::format(messages::not_sweep_folder, dir.string()));
  }
  return parse_spec(read_file_or_throw(path, "sweep"), path.string());
}

namespace {

// The next unused task list name: slurm/array-<k>.tasks.
fs::path next_task_list(const fs::path& slurm_dir) {
  int k = 1;
  while (fs::exists(slurm_dir / fmt::format("array-{}.tasks", k))) ++k;
  return slurm_dir / fmt::format("array-{}.tasks", k);
}

// Submits the array: the task list and the script, then sbatch. The job's id, or nothing when
// sbatch failed (the task list is removed again and the reason printed).
std::optional<std::string> submit_array(const fs::path& dir, const Spec& spec,
                                        const SlurmOptions& options,
                                        const std::vector<RunSpec>& pending, const fs::path& list) {
  // The script and sbatch's --output first: a value they refuse leaves no task list behind.
  const std::string script = sbatch_script(sbatch_job(dir, spec, options, pending.size(), list));
  const std::string output = sbatch_output_pattern(list.parent_path().string());
  std::string tasks;
  for (const RunSpec& run : pending) {
    fs::create_directories(run_paths(dir, run).folder);
    tasks += fmt::format("{} {}\n", run.config->id, run.seed);
  }
  write_atomically(list, tasks);
  const fs::path script_path = dir / "sweep.sbatch";
  write_atomically(script_path, script);

  const Captured submitted =
      capture({"sbatch", "--parsable", "--output=" + output, script_path.string()});
  if (submitted.status != 0) {
    fs::remove(list);
    fmt::print(stderr, "{}\n",
               fmt::format(messages::array_not_submitted,
                           submitted.status < 0 ? "could not be started" : "failed",
                           submitted.status < 0 ? "is Slurm installed?" : "see its message above"));
    return std::nullopt;
  }
  return submitted.out.substr(0, submitted.out.find_first_of(";\n"));
}

// Ctrl-C while waiting cancels the array: the user stopped the sweep, not only this
// command, and tasks left in the queue would go on writing records behind their back.
int wait_for_array(const fs::path& dir, const std::string& job, const std::vector<RunSpec>& pending,
                   const SlurmOptions& options) {
  StopSignals signals;
  std::size_t last = static_cast<std::size_t>(-1);
  while (!StopSignals::requested() && job_queued(job)) {
    const std::size_t recorded = recorded_count(dir, pending);
    if (recorded != last) {
      fmt::print(stderr, "sweep: job {}: {}/{} runs recorded\n", job, recorded, pending.size());
      last = recorded;
    }
    sleep_unless_stopped(options.poll_seconds);
  }
  if (StopSignals::requested()) return cancel_array(dir, job, pending);
  fmt::print(stderr, "sweep: job array {} has left the queue\n", job);
  return 0;
}

int run_slurm(const fs::path& dir, const Spec& spec, const SlurmOptions& options) {
  const std::vector<RunSpec> pending = runs_without_record(dir, spec.launch_order());
  if (pending.empty()) {
    fmt::print(stderr, "sweep: every run has a record; nothing to submit\n");
    return 0;
  }
  const fs::path slurm_dir = fs::absolute(dir / "slurm");
  fs::create_directories(slurm_dir);
  const fs::path list = next_task_list(slurm_dir);
  const std::optional<std::string> job = submit_array(dir, spec, options, pending, list);
  if (!job) return 1;
  write_atomically(slurm_dir / "jobs.txt",
                   read_file_if_present(slurm_dir / "jobs.txt", "sweep") +
                       fmt::format("{} {}\n", *job, list.filename().string()));
  fmt::print(stderr, "sweep: submitted job array {} ({} tasks); logs in {}\n", *job, pending.size(),
             slurm_dir.string());
  if (!options.wait) {
    fmt::print(stderr, "sweep: not waiting; `llmlab sweep status {}` shows progress\n",
               dir.string());
    return 0;
  }
  return wait_for_array(dir, *job, pending, options);
}

class SlurmExecutor final : public Executor {
 public:
  explicit SlurmExecutor(const SlurmOptions& options) : options_(options) {}
  int run(const fs::path& dir, const Spec& spec) override { return run_slurm(dir, spec, options_); }
  bool finishes_runs() const override { return options_.wait; }

 private:
  SlurmOptions options_;
};

}  // namespace

std::unique_ptr<Executor> slurm_executor(const SlurmOptions& options) {
  return std::make_unique<SlurmExecutor>(options);
}

int run_task(const fs::path& dir, const fs::path& list, int index) {
  const Spec spec = load_resolved(dir);
  const auto tasks = task_list(list);
  if (index < 0 || static_cast<std::size_t>(index) >= tasks.size()) {
    throw Error(fmt::format(messages::task_missing, list.string(), index));
  }
  const auto& [id, seed] = tasks[static_cast<std::size_t>(index)];
  const ConfigSpec* config = spec.find_config(id);
  if (config == nullptr) {
    throw Error(fmt::format(messages::task_not_configuration, id, dir.string()));
  }
  const RunSpec run{config, seed};
  if (read_run(dir, run)) {
    fmt::print("sweep task: {} seed {} already has a record\n", id, seed);
    return 0;
  }
  const RunPaths paths = run_paths(dir, run);
  fs::create_directories(paths.folder);
  const fs::path json = paths.record.string() + fmt::format(".partial.{}", getpid());
  const double start = now_seconds();
  fmt::print("sweep task: {} seed {}; trainer log {}\n", id, seed, paths.log.string());
  std::fflush(stdout);
  const pid_t pid =
      start_process(train_command(own_executable(), run, json), paths.log, spec.threads);
  Ending ending = wait_process(pid);
  ending.wall_seconds = now_seconds() - start;
  ending.executor = "slurm";
  const char* job = std::getenv("SLURM_ARRAY_JOB_ID");
  const char* task = std::getenv("SLURM_ARRAY_TASK_ID");
  if (job != nullptr && task != nullptr) {
    ending.executor_log =
        (fs::absolute(dir) / "slurm" / fmt::format("{}_{}.out", job, task)).string();
  }
  record_run(dir, run, spec, json, ending);
  const auto record = read_run(dir, run);
  const bool ok = record && record->status != RunStatus::Failed;
  fmt::print("sweep task: {} seed {}: {}{}\n", id, seed, record ? name_of(record->status) : "?",
             ok ? "" : fmt::format(" ({})", record ? record->error : ""));
  if (!ok) {
    // The trainer's own output, so the task's Slurm log shows why.
    fmt::print("----- trainer log -----\n{}", read_file_if_present(paths.log, "sweep"));
  }
  return ok ? 0 : 1;
}

int print_status(const fs::path& dir) {
  const Spec spec = load_resolved(dir);
  // Runs still in the Slurm queue: (config id, seed) → "RUNNING" / "PENDING" and the log.
  std::map<std::pair<std::string, std::uint64_t>, std::pair<std::string, std::string>> queued;
  std::map<std::pair<std::string, std::uint64_t>, std::string> slurm_logs;
  for (const Submission& s : submissions(dir)) {
    const auto tasks = task_list(s.list);
    const auto states = queued_tasks(s.job);
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      const std::string log =
          (fs::absolute(dir) / "slurm" / fmt::format("{}_{}.out", s.job, i)).string();
      slurm_logs[tasks[i]] = log;
      const auto state = states.find(static_cast<int>(i));
      if (state != states.end()) queued[tasks[i]] = {state->second, log};
    }
  }
  std::size_t done = 0, diverged = 0, failed = 0, running = 0, pending = 0, missing = 0;
  std::string failures, lost;
  for (const RunSpec& run : spec.runs()) {
    const auto key = std::make_pair(run.config->id, run.seed);
    const auto record = read_run(dir, run);
    if (record) {
      if (record->status == RunStatus::Done) ++done;
      if (record->status == RunStatus::Diverged) ++diverged;
      if (record->status == RunStatus::Failed) {
        ++failed;
        failures += fmt::format("  failed  {} seed {}: {}\n          log {}\n", run.config->id,
                                run.seed, record->error, record->log);
        if (!record->executor_log.empty()) {
          failures += fmt::format("          slurm log {}\n", record->executor_log);
        }
      }
      continue;
    }
    const auto q = queued.find(key);
    if (q != queued.end()) {
      (q->second.first == "RUNNING" ? running : pending) += 1;
      continue;
    }
    ++missing;
    const auto log = slurm_logs.find(key);
    if (log != slurm_logs.end()) {
      lost += fmt::format(
          "  lost    {} seed {}: its Slurm task ended without a record\n"
          "          slurm log {}\n",
          run.config->id, run.seed, log->second);
    }
  }
  const std::size_t total = spec.runs().size();
  fmt::print("{}: {} runs ({} configurations × {} seeds)\n", dir.string(), total,
             spec.configs.size(), spec.seeds.size());
  fmt::print("  done {}, diverged {}, failed {}, running {}, pending {}, not run {}\n", done,
             diverged, failed, running, pending, missing);
  fmt::print("{}{}", failures, lost);
  return 0;
}

}  // namespace llmlab::sweep
