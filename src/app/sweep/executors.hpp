// The two ways a sweep's unfinished runs get run: here, N trainer processes at a time, or as
// one Slurm job array. Both run each run the same way (records.hpp), so their records agree.
#pragma once

#include <filesystem>
#include <string>

#include "app/sweep/spec.hpp"

namespace llmlab::app::sweep {

struct LocalOptions {
  int jobs = 0;  // 0: cores ÷ threads per run
  bool progress = true;
};
// Runs every run without a record; returns 0 when all were run (failed runs included), 130 when
// interrupted by Ctrl-C (the running runs are ended and leave no record).
int run_local(const std::filesystem::path& dir, const Spec& spec, const LocalOptions& options);

struct SlurmOptions {
  bool wait = true;
  double poll_seconds = 2.0;
  // Overrides of the sweep file's [slurm] settings (empty / negative: keep).
  std::string partition, time, mem;
  int max_parallel = -1;
};
// Writes DIR/sweep.sbatch for the runs without a record, submits it with `sbatch --parsable`,
// and (with wait) polls squeue until the array has left the queue. Returns 0, or 1 when sbatch
// fails. Nothing to run: returns 0 without submitting.
int run_slurm(const std::filesystem::path& dir, const Spec& spec, const SlurmOptions& options);

// `llmlab sweep task DIR LIST INDEX`: one Slurm array task runs the INDEX-th run of LIST.
// Returns 0 when the run finished (done or diverged), 1 when it failed.
int run_task(const std::filesystem::path& dir, const std::filesystem::path& list, int index);

// `llmlab sweep status DIR`: done / diverged / failed (with logs) / queued / missing, printed.
int print_status(const std::filesystem::path& dir);

// Reads DIR/sweep.toml.
Spec load_resolved(const std::filesystem::path& dir);

}  // namespace llmlab::app::sweep
