// Where a sweep keeps its runs and what a run's record says. Each run's record is the trainer's
// JSON record with a "sweep" member added (config id, seed, options, status, exit code, wall
// time, log path); a run that failed has the "sweep" member only. Records are written to a
// temporary name and renamed, so a record that exists is complete.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "base/json.hpp"
#include "sweep/spec.hpp"

namespace llmlab::sweep {

namespace fs = std::filesystem;

struct RunPaths {
  fs::path folder;  // DIR/runs/<config-id>
  fs::path record;  // seed-<s>.json
  fs::path log;     // seed-<s>.log: the trainer's output
};
RunPaths run_paths(const fs::path& dir, const RunSpec& run);

enum class RunStatus { Done, Diverged, Failed };
std::string_view name_of(RunStatus status);

struct RunRecord {
  RunStatus status = RunStatus::Failed;
  int exit_code = 0;
  double wall_seconds = 0.0;
  std::string log;    // the log path
  std::string error;  // a failed run: the last line the trainer printed
  std::string executor_log;
  std::string host;     // where it ran (empty in records written before hosts were kept)
  json::Value trainer;  // the trainer's record (null for a failed run)
};

// A record file: the trainer's JSON with the "sweep" member, checked present. A file that cannot
// be read or holds no sweep record is an error. Every reader of records goes through it: the
// executors, the report and the sweep_load builtin.
json::Value read_record_file(const fs::path& path);

// The run's record, or nullopt when it has none yet. A record that cannot be read is an error.
std::optional<RunRecord> read_run(const fs::path& dir, const RunSpec& run);

// Every record under DIR/runs (none when there is no such folder), ordered by configuration id,
// then numerically by seed, without the sweep file: what sweep_load shows.
struct StoredRecord {
  std::string config_id;
  double seed = 0.0;
  json::Value record;  // read_record_file's
};
std::vector<StoredRecord> read_all_records(const fs::path& dir);

// The runs that have no record yet, in the order given (a sweep's launch order).
std::vector<RunSpec> runs_without_record(const fs::path& dir, const std::vector<RunSpec>& runs);

// How many of the runs have a record.
std::size_t recorded_count(const fs::path& dir, const std::vector<RunSpec>& runs);

// Writes `text` to `path` with base/file's write_file (a fresh temporary, fsync, rename).
void write_atomically(const fs::path& path, const std::string& text);

// How a trainer process ended, as the sweep records it.
struct Ending {
  bool exited = false;  // false: killed by a signal
  int code = 0;         // exit status or signal number
  double wall_seconds = 0.0;
  std::string executor_log;  // a Slurm task's output file, when there is one
  std::string executor;      // "local" or "slurm": with the host, what moves a run's speed
};

// Turns a finished trainer process into the run's record: the trainer's JSON (at `json`, then
// removed) with the sweep member added, or a failed record naming the log's last line.
void record_run(const fs::path& dir, const RunSpec& run, const Spec& spec, const fs::path& json,
                const Ending& ending);

// The command line of one run: `<llmlab> train --<option> <value> ... --seed S --json JSON
// --quiet`.
std::vector<std::string> train_command(const std::string& llmlab, const RunSpec& run,
                                       const fs::path& json);

// This executable's absolute path (what local runs and Slurm tasks start).
std::string own_executable();

}  // namespace llmlab::sweep
