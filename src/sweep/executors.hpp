// The two ways a sweep's unfinished runs get run, behind one interface: here, N trainer processes
// at a time, or as one Slurm job array. Both run each run the same way (records.hpp), so their
// records agree.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "sweep/spec.hpp"

namespace llmlab::sweep {

// An executor runs every run of a sweep that has no record yet.
class Executor {
 public:
  virtual ~Executor() = default;
  // Returns 0 when the runs were run or handed over (failed runs included), another exit status
  // when the executor could not do its work (130: interrupted by Ctrl-C; 1: sbatch failed).
  virtual int run(const std::filesystem::path& dir, const Spec& spec) = 0;
  // Whether every run has its record when run() returns 0, so that a report can follow (a Slurm
  // array submitted without waiting has not finished).
  virtual bool finishes_runs() const = 0;
};

struct LocalOptions {
  int jobs = 0;  // 0: cores ÷ threads per run
  bool progress = true;
};
// Here, N trainer processes at a time; Ctrl-C ends the running runs, which leave no record.
std::unique_ptr<Executor> local_executor(const LocalOptions& options);

struct SlurmOptions {
  bool wait = true;
  double poll_seconds = 2.0;
  // Overrides of the sweep file's [slurm] settings (empty / negative: keep).
  std::string partition, time, mem;
  int max_parallel = -1;
};
// One Slurm job array: writes DIR/sweep.sbatch for the runs without a record, submits it with
// `sbatch --parsable` and (with wait) polls squeue until the array has left the queue. Nothing to
// run: returns 0 without submitting.
std::unique_ptr<Executor> slurm_executor(const SlurmOptions& options);

// `llmlab sweep task DIR LIST INDEX`: one Slurm array task runs the INDEX-th run of LIST.
// Returns 0 when the run finished (done or diverged), 1 when it failed.
int run_task(const std::filesystem::path& dir, const std::filesystem::path& list, int index);

// `llmlab sweep status DIR`: done / diverged / failed (with logs) / queued / missing, printed.
int print_status(const std::filesystem::path& dir);

// Reads DIR/sweep.toml.
Spec load_resolved(const std::filesystem::path& dir);

}  // namespace llmlab::sweep
