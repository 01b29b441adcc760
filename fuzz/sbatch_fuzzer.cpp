// libFuzzer target: a sweep folder and a sweep file → the Slurm batch script. The input's first
// line is the sweep folder's path, the rest the TOML. Whatever the input, sweep.sbatch must
// hold no value that bash or sbatch could read as anything but that value: every line is read
// back with the narrow grammar the generator is meant to write, and the exec line's quoted
// words must give back the paths exactly. A violation traps (a finding); an llmlab::Error is a
// clean refusal. The resolved sweep.toml must read back as the same sweep, too.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "sweep/sbatch.hpp"
#include "sweep/spec.hpp"

namespace {

using llmlab::sweep::SbatchJob;

void require(bool condition) {
  if (!condition) __builtin_trap();
}

bool all_of_set(std::string_view text, std::string_view allowed) {
  return !text.empty() && text.find_first_not_of(allowed) == std::string_view::npos;
}

constexpr std::string_view kDirectiveValue =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,:%-";

// "#SBATCH --name=value" with a plain name and value.
void check_directive(std::string_view line) {
  constexpr std::string_view kPrefix = "#SBATCH --";
  require(line.starts_with(kPrefix));
  line.remove_prefix(kPrefix.size());
  const auto equals = line.find('=');
  require(equals != std::string_view::npos);
  require(all_of_set(line.substr(0, equals), "abcdefghijklmnopqrstuvwxyz-"));
  require(all_of_set(line.substr(equals + 1), kDirectiveValue));
}

// One bash word made only of '...' runs and \' escapes; its value, or nullopt.
std::optional<std::string> single_quoted_word(std::string_view word) {
  std::string value;
  while (!word.empty()) {
    if (word.starts_with("\\'")) {
      value += '\'';
      word.remove_prefix(2);
      continue;
    }
    if (word.front() != '\'') return std::nullopt;
    const auto close = word.find('\'', 1);
    if (close == std::string_view::npos) return std::nullopt;
    value += word.substr(1, close - 1);
    word.remove_prefix(close + 1);
  }
  return value;
}

// Splits at spaces outside single quotes; outside quotes a backslash escapes the next character
// (the \' between two quoted runs of a word holding a quote).
std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  bool quoted = false;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (!quoted && i + 1 < line.size() && line[i] == '\\') {
      ++i;
      continue;
    }
    if (i < line.size() && line[i] == '\'') quoted = !quoted;
    if (i == line.size() || (line[i] == ' ' && !quoted)) {
      words.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  return words;
}

void check_exec_line(std::string_view line, const SbatchJob& job) {
  const std::vector<std::string_view> words = words_of(line);
  require(words.size() == 7);
  require(words[0] == "exec" && words[2] == "sweep" && words[3] == "task");
  require(words[6] == "\"$SLURM_ARRAY_TASK_ID\"");
  for (const auto& [index, expected] :
       {std::pair{1, &job.executable}, {4, &job.dir}, {5, &job.list}}) {
    const auto value = single_quoted_word(words[static_cast<std::size_t>(index)]);
    require(value.has_value() && *value == *expected);
  }
}

void check_script(const std::string& script, const SbatchJob& job) {
  require(script.starts_with("#!/bin/bash\n") && script.ends_with("\n"));
  std::string_view rest(script);
  bool saw_exec = false;
  while (!rest.empty()) {
    const auto end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end + 1);
    require(!llmlab::sweep::first_control_character(line).has_value());
    if (line.starts_with("#SBATCH")) {
      check_directive(line);
    } else if (line.starts_with("#")) {
      continue;  // a comment: one line, as no control character can end it early
    } else if (line.starts_with("export ")) {
      require(line.starts_with("export OMP_NUM_THREADS=") &&
              all_of_set(line.substr(23), "0123456789"));
    } else {
      check_exec_line(line, job);
      saw_exec = true;
      require(rest.empty());
    }
  }
  require(saw_exec);
}

void check_output_pattern(const std::string& pattern) {
  require(!llmlab::sweep::first_control_character(pattern).has_value());
  require(pattern.ends_with("/%A_%a.out"));
  const std::string_view folder(pattern.data(), pattern.size() - 10);
  // Every '%' of the folder doubled: sbatch reads %% as one literal '%'.
  for (std::size_t i = 0; i < folder.size(); ++i) {
    if (folder[i] != '%') continue;
    require(i + 1 < folder.size() && folder[i + 1] == '%');
    ++i;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto newline = input.find('\n');
  if (newline == std::string_view::npos) return 0;
  const std::string dir(input.substr(0, newline));
  const std::string_view toml = input.substr(newline + 1);
  namespace sweep = llmlab::sweep;
  try {
    const sweep::Spec spec = sweep::parse_spec(toml, "fuzz/sweep.toml");
    SbatchJob job;
    job.source = dir + "/../sweep.toml";
    job.tasks = spec.runs().size();
    job.max_parallel = spec.slurm.max_parallel;
    job.threads = spec.threads;
    job.time = spec.slurm.time;
    job.mem = spec.slurm.mem;
    job.partition = spec.slurm.partition;
    job.executable = "/opt/llmlab's bin/llmlab";
    job.dir = dir;
    job.list = dir + "/slurm/array-1.tasks";
    const sweep::Spec again = sweep::parse_spec(sweep::resolved_text(spec), "fuzz/resolved.toml");
    require(again.configs.size() == spec.configs.size() && again.slurm.time == spec.slurm.time &&
            again.slurm.mem == spec.slurm.mem && again.slurm.partition == spec.slurm.partition);
    check_script(sweep::sbatch_script(job), job);
    check_output_pattern(sweep::sbatch_output_pattern(dir + "/slurm"));
  } catch (const llmlab::Error&) {
  }
  return 0;
}
