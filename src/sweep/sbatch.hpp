// The Slurm batch script of a sweep (DIR/sweep.sbatch) and the checks on every value that
// reaches it. A sweep file may come from someone else, and the script runs on the user's
// cluster account, so nothing from the file or the command line may become shell code or a
// second #SBATCH directive:
//   - the [slurm] settings (time, mem, partition) must match Slurm's own formats, checked
//     character by character before any script is written;
//   - paths (the llmlab binary, the sweep folder, the task list) are single-quoted words on
//     the `exec` line, and a path holding a control character is refused;
//   - the log folder is not written into the script at all: it goes on sbatch's command line
//     (an argv entry, parsed by no shell and no #SBATCH reader), see sbatch_output_pattern.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace llmlab::sweep {

// What is wrong with `value` for the Slurm setting `key` ("time", "mem", "partition"), or
// nullopt when it is fine. The message names the setting as `shown` ("slurm.time", "--time")
// and the form expected, e.g. `slurm.time must be Slurm's [days-]hours:minutes:seconds form
// (digits, ':' and '-'), got "00:10:00\ntouch PWNED"`.
std::optional<std::string> slurm_setting_problem(std::string_view key, std::string_view value,
                                                 std::string_view shown);

// The first control character (U+0000-U+001F, U+007F) of `text`, or nullopt.
std::optional<char> first_control_character(std::string_view text);

// `text` as one bash word: single-quoted, each ' written as '\''.
std::string shell_quote(std::string_view text);

// Everything sweep.sbatch says; the paths absolute.
struct SbatchJob {
  std::string source;      // the sweep file as given (named in a comment, escaped)
  std::size_t tasks = 0;   // array tasks 0 .. tasks-1; at least 1
  int max_parallel = 0;    // the %MAX of --array; 0: no limit
  int threads = 1;         // --cpus-per-task and OMP_NUM_THREADS
  std::string time, mem;   // checked by slurm_setting_problem
  std::string partition;   // empty: the cluster's default
  std::string executable;  // the llmlab binary
  std::string dir;         // the sweep folder
  std::string list;        // the array's task list
};

// The script's text. Throws llmlab::Error when a setting fails slurm_setting_problem or a
// path holds a control character.
std::string sbatch_script(const SbatchJob& job);

// The value of sbatch's --output for logs in `log_folder` (one file per task,
// <folder>/<job>_<task>.out): '%' doubled, since sbatch reads %A, %a... as patterns. Throws
// llmlab::Error for a folder with a backslash (sbatch then turns every pattern off) or a
// control character.
std::string sbatch_output_pattern(const std::string& log_folder);

}  // namespace llmlab::sweep
