// sweep.sbatch and its checks (see sbatch.hpp). The [slurm] values are checked against
// character sets narrower than Slurm's own grammar allows to be dangerous: a value that passes
// cannot end its #SBATCH line or reach bash.
#include "sweep/sbatch.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/sweep.hpp"
#include "base/messages/system.hpp"
#include "base/text_escape.hpp"

namespace llmlab::sweep {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Digits, then nothing or one of `suffixes`.
bool digits_then_optional(std::string_view text, std::string_view suffixes) {
  std::size_t digits = 0;
  while (digits < text.size() && is_digit(text[digits])) ++digits;
  if (digits == 0) return false;
  const std::string_view rest = text.substr(digits);
  return rest.empty() || (rest.size() == 1 && suffixes.find(rest[0]) != std::string_view::npos);
}

// Slurm's time forms: minutes, minutes:seconds, hours:minutes:seconds, days-hours,
// days-hours:minutes, days-hours:minutes:seconds; also UNLIMITED and INFINITE.
bool is_slurm_time(std::string_view text) {
  if (text == "UNLIMITED" || text == "INFINITE") return true;
  const auto dash = text.find('-');
  if (dash != std::string_view::npos) {
    if (!digits_then_optional(text.substr(0, dash), "")) return false;
    text = text.substr(dash + 1);
  }
  int fields = 0;
  while (true) {
    const auto colon = text.find(':');
    if (!digits_then_optional(text.substr(0, colon), "")) return false;
    if (++fields > 3) return false;
    if (colon == std::string_view::npos) return true;
    text = text.substr(colon + 1);
  }
}

bool is_slurm_name_list(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' ||
           c == '-' || c == '.' || c == ',';
  });
}

// A path that will be written into the script: no control character, so it stays on its line.
const std::string& checked_path(std::string_view what, const std::string& path) {
  if (const auto c = first_control_character(path)) {
    throw Error(fmt::format(messages::slurm_control_character, what, quoted_string(path),
                            static_cast<unsigned char>(*c)));
  }
  return path;
}

}  // namespace

std::optional<char> first_control_character(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) return c;
  }
  return std::nullopt;
}

std::optional<std::string> slurm_setting_problem(std::string_view key, std::string_view value,
                                                 std::string_view shown) {
  const auto problem = [&](std::string_view form) {
    return fmt::format(messages::must_be_one_of, shown, form, quoted_string(value));
  };
  if (key == "time" && !is_slurm_time(value)) {
    return problem("Slurm's [days-]hours:minutes:seconds form (digits, ':' and '-')");
  }
  if (key == "mem" && !digits_then_optional(value, "KMGTkmgt")) {
    return problem("a size in Slurm's form: digits and an optional unit K, M, G or T");
  }
  if (key == "partition" && !value.empty() && !is_slurm_name_list(value)) {
    return problem("partition names (letters, digits, '_', '-', '.') separated by ','");
  }
  return std::nullopt;
}

std::string shell_quote(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string sbatch_script(const SbatchJob& job) {
  for (const auto& [key, value] :
       {std::pair{"time", &job.time}, {"mem", &job.mem}, {"partition", &job.partition}}) {
    if (const auto problem = slurm_setting_problem(key, *value, fmt::format("slurm.{}", key))) {
      throw Error(fmt::format(messages::spoken_by, "sweep", *problem));
    }
  }
  const std::string max_parallel =
      job.max_parallel > 0 ? fmt::format("%{}", job.max_parallel) : std::string();
  const std::string partition = job.partition.empty()
                                    ? std::string()
                                    : fmt::format("#SBATCH --partition={}\n", job.partition);
  return fmt::format(
      "#!/bin/bash\n"
      "# Written by `llmlab sweep run --executor slurm`: one array task per unfinished run of\n"
      "# {}. The sweep folder and the llmlab binary must be on a filesystem every node sees.\n"
      "# The logs' folder is given on sbatch's command line (--output), not here.\n"
      "#SBATCH --job-name=llmlab-sweep\n"
      "#SBATCH --array=0-{}{}\n"
      "#SBATCH --ntasks=1\n"
      "#SBATCH --cpus-per-task={}\n"
      "#SBATCH --time={}\n"
      "#SBATCH --mem={}\n"
      "{}"
      "export OMP_NUM_THREADS={}\n"
      "exec {} sweep task {} {} \"$SLURM_ARRAY_TASK_ID\"\n",
      quoted_string(job.source), job.tasks == 0 ? 0 : job.tasks - 1, max_parallel, job.threads,
      job.time, job.mem, partition, job.threads,
      shell_quote(checked_path("the llmlab binary", job.executable)),
      shell_quote(checked_path("the sweep folder", job.dir)),
      shell_quote(checked_path("the task list", job.list)));
}

std::string sbatch_output_pattern(const std::string& log_folder) {
  checked_path("the log folder", log_folder);
  if (log_folder.find('\\') != std::string::npos) {
    throw Error(fmt::format(messages::slurm_log_backslash, quoted_string(log_folder)));
  }
  std::string escaped;
  for (const char c : log_folder) {
    escaped += c;
    if (c == '%') escaped += '%';
  }
  return escaped + "/%A_%a.out";
}

}  // namespace llmlab::sweep
