// A sweep file: the trainer options shared by every run ([base]), the options that vary ([grid],
// a Cartesian product, and [[zip]] groups that vary together), the seeds, and the settings of
// the executors and the report. parse_spec checks everything before any run starts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace llmlab::sweep {

// One `llmlab train` option value: the text passed on the command line, and the number when
// the option is numeric.
struct OptionValue {
  std::string text;
  bool numeric = false;
  double number = 0.0;
  bool operator==(const OptionValue&) const = default;
};
// Option name (the CLI's, without "--") → value, in the trainer's option order.
using Options = std::vector<std::pair<std::string, OptionValue>>;

// One configuration of the grid: every option resolved; `id` is readable name + hash.
struct ConfigSpec {
  std::string id;
  Options options;  // base and varying options together
  Options varying;  // only the grid and zip options, in grid order
};

struct RunSpec {
  const ConfigSpec* config = nullptr;
  std::uint64_t seed = 0;
};

struct SlurmSettings {
  std::string partition;          // empty: the cluster's default partition
  std::string time = "01:00:00";  // per task
  std::string mem = "2G";         // per task
  int max_parallel = 0;           // the %MAX of --array; 0: no limit
};

struct ReportSettings {
  // A run counts as failed when it diverged, did not finish, or its final val loss is above
  // the unigram entropy minus plateau_margin (it never left the unigram plateau).
  double plateau_margin = 0.1;
  std::vector<std::string> group;  // options that make a report row; default: the varying ones
  std::string x = "lr";            // the x axis of the final-loss figure
};

struct Spec {
  std::string source;  // the file as given
  Options base;
  std::vector<std::string> varying;  // grid keys then zip keys, in file order
  std::vector<ConfigSpec> configs;   // grid order: the first key varies slowest
  std::vector<std::uint64_t> seeds;
  int threads = 1;  // OpenMP threads per run; part of every configuration id
  SlurmSettings slurm;
  ReportSettings report;

  std::vector<RunSpec> runs() const;  // configs × seeds, seeds fastest (the report's order)
  // The order the executors start runs in: the first seed of every configuration, then the
  // second, ... so that a sweep stopped part-way has every configuration at comparable n.
  std::vector<RunSpec> launch_order() const;
  const ConfigSpec* find_config(std::string_view id) const;
};

// Parses and checks a sweep file. `path` names it in errors ("file:line:column: error: ...");
// relative corpus paths are taken relative to the file's folder. Throws llmlab::Error.
Spec parse_spec(std::string_view text, const std::string& path);

// The sweep as DIR/sweep.toml keeps it: the same format, every default written out and every
// configuration listed (as comments), so parse_spec(resolved_text(s)) gives the same runs.
std::string resolved_text(const Spec& spec);

// "<readable>-<hash>": the varying options' values joined by '_' (norm-post_lr-0.003), then 8
// hex digits of a hash of every option and of the threads per run; the same options always
// give the same id. Threads count because they change a run's speed and its losses (the
// order of OpenMP's sums), so runs at different thread counts never share a record.
std::string config_id(const Options& varying, const Options& all, int threads);

// Sets the threads per run (`sweep run --threads`) and the configuration ids that depend on it.
void set_threads(Spec& spec, int threads);

// A numeric option value as the trainer's command line takes it and configuration ids and
// existing sweep folders spell it: integral values as integers, others in fmt's shortest exact
// form (1e-05). Messages show numbers as display does (num::format_shortest); sweep.toml writes
// them as TOML does (toml::number_text).
std::string option_number_text(double x);

}  // namespace llmlab::sweep
