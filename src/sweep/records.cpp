// Run records: paths, reading, and the atomic write that makes "the record exists" mean "the
// run is finished" (an interrupted sweep leaves only temporary files, which a rerun overwrites).
#include "sweep/records.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <utility>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/sweep.hpp"
#include "base/messages/system.hpp"
#include "base/text_escape.hpp"

namespace llmlab::sweep {

RunPaths run_paths(const fs::path& dir, const RunSpec& run) {
  const fs::path folder = dir / "runs" / run.config->id;
  return {folder, folder / fmt::format("seed-{}.json", run.seed),
          folder / fmt::format("seed-{}.log", run.seed)};
}

std::string_view name_of(RunStatus status) {
  switch (status) {
    case RunStatus::Done:
      return "done";
    case RunStatus::Diverged:
      return "diverged";
    case RunStatus::Failed:
      return "failed";
  }
  return "failed";
}

namespace {

// The last non-empty line of the log, for a failed run's one-line reason.
std::string last_line(const fs::path& log) {
  const std::string text = read_file_if_present(log, "sweep");
  std::string last;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.find_first_not_of(" \t\r") != std::string::npos &&
        line.find('^') == std::string::npos) {
      last = line;
    }
  }
  return last;
}

}  // namespace

json::Value read_record_file(const fs::path& path) {
  json::Value root = json::parse(read_file_or_throw(path, "sweep"), path.string());
  const json::Value* sweep = json::find(root, "sweep");
  if (sweep == nullptr || !sweep->is_object()) {
    throw Error(fmt::format(messages::not_sweep_record, path.string()));
  }
  return root;
}

std::vector<StoredRecord> read_all_records(const fs::path& dir) {
  std::vector<std::pair<StoredRecord, fs::path>> found;
  std::error_code ec;
  for (const auto& config : fs::directory_iterator(dir / "runs", ec)) {
    if (!config.is_directory()) continue;
    for (const auto& file : fs::directory_iterator(config.path(), ec)) {
      const std::string name = file.path().filename().string();
      if (name.rfind("seed-", 0) != 0 || file.path().extension() != ".json") continue;
      found.push_back(
          {{config.path().filename().string(), std::atof(name.c_str() + 5), {}}, file.path()});
    }
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.first.config_id != b.first.config_id ? a.first.config_id < b.first.config_id
                                                  : a.first.seed < b.first.seed;
  });
  std::vector<StoredRecord> records;
  for (auto& [stored, path] : found) {
    stored.record = read_record_file(path);
    records.push_back(std::move(stored));
  }
  return records;
}

std::optional<RunRecord> read_run(const fs::path& dir, const RunSpec& run) {
  const RunPaths paths = run_paths(dir, run);
  std::error_code ec;
  if (!fs::exists(paths.record, ec)) return std::nullopt;
  json::Value root = read_record_file(paths.record);
  const json::Value* sweep = json::find(root, "sweep");
  RunRecord record;
  const auto text = [&](std::string_view key) {
    return json::string_or_empty(json::find(*sweep, key));
  };
  const auto number = [&](std::string_view key) {
    return json::number_or(json::find(*sweep, key), 0.0);
  };
  const std::string status = text("status");
  record.status = status == "done"       ? RunStatus::Done
                  : status == "diverged" ? RunStatus::Diverged
                                         : RunStatus::Failed;
  record.exit_code =
      static_cast<int>(json::integer_or(*sweep, "exit_code", 0, -1, 255, paths.record.string()));
  record.wall_seconds = number("wall_s");
  record.log = text("log");
  record.error = text("error");
  record.executor_log = text("executor_log");
  record.host = text("host");
  if (record.status != RunStatus::Failed) record.trainer = std::move(root);
  return record;
}

std::vector<RunSpec> runs_without_record(const fs::path& dir, const std::vector<RunSpec>& runs) {
  std::vector<RunSpec> out;
  for (const RunSpec& run : runs) {
    if (!read_run(dir, run)) out.push_back(run);
  }
  return out;
}

std::size_t recorded_count(const fs::path& dir, const std::vector<RunSpec>& runs) {
  std::size_t recorded = 0;
  for (const RunSpec& run : runs) recorded += read_run(dir, run) ? 1 : 0;
  return recorded;
}

void write_atomically(const fs::path& path, const std::string& text) {
  std::string reason;
  if (!write_file(path, text, reason)) {
    throw Error(fmt::format(messages::spoken_by, "sweep",
                            fmt::format(messages::cannot_write_file, path.string(), reason)));
  }
}

namespace {

// The machine the run ran on (the one writing its record: a Slurm task writes on its node).
std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

}  // namespace

void record_run(const fs::path& dir, const RunSpec& run, const Spec& spec, const fs::path& json,
                const Ending& ending) {
  const RunPaths paths = run_paths(dir, run);
  std::string trainer;
  if (ending.exited && ending.code == 0) trainer = read_file_if_present(json, "sweep");
  std::error_code ec;
  fs::remove(json, ec);
  remove_write_temporaries(json);  // a trainer killed while writing its record
  RunStatus status = RunStatus::Failed;
  std::string error;
  if (!trainer.empty()) {
    try {
      const json::Value parsed = json::parse(trainer, json.string());
      const json::Value* diverged = json::find(parsed, "diverged_at");
      status = diverged != nullptr && !diverged->is_null() ? RunStatus::Diverged : RunStatus::Done;
      // A trainer stopped by a signal (a Slurm time limit) writes its record marked
      // interrupted: the run did not finish.
      const json::Value* interrupted = json::find(parsed, "interrupted");
      if (interrupted != nullptr && interrupted->is_boolean() && interrupted->get<bool>()) {
        status = RunStatus::Failed;
        error = messages::trainer_interrupted;
        trainer.clear();
      }
    } catch (const Error& e) {
      trainer.clear();
      error = e.what();
    }
  }
  if (status == RunStatus::Failed && error.empty()) {
    error = ending.exited
                ? last_line(paths.log)
                : fmt::format("killed by signal {} ({})", ending.code, strsignal(ending.code));
  }
  std::string options;
  for (const auto& [name, value] : run.config->options) {
    options += fmt::format("{}{}: {}", options.empty() ? "" : ", ", quoted_string(name),
                           value.numeric ? value.text : quoted_string(value.text));
  }
  const std::string member = fmt::format(
      "\"sweep\": {{\"config_id\": {}, \"seed\": {}, \"status\": {}, \"exit_code\": {}, "
      "\"signal\": {}, \"wall_s\": {}, \"threads\": {}, \"host\": {}, \"executor\": {}, "
      "\"log\": {}, \"executor_log\": {}, \"error\": {}, "
      "\"options\": {{{}}}}}",
      quoted_string(run.config->id), run.seed, quoted_string(name_of(status)),
      ending.exited ? ending.code : -1, ending.exited ? 0 : ending.code, ending.wall_seconds,
      spec.threads, quoted_string(host_name()), quoted_string(ending.executor),
      quoted_string(paths.log.string()), quoted_string(ending.executor_log), quoted_string(error),
      options);
  std::string text;
  if (trainer.empty()) {
    text = "{\n " + member + "\n}\n";
  } else {
    // The trainer's record opens with "{\n"; the sweep member goes first.
    text = "{\n " + member + ",\n" + trainer.substr(trainer.find('\n') + 1);
  }
  write_atomically(paths.record, text);
}

std::vector<std::string> train_command(const std::string& llmlab, const RunSpec& run,
                                       const fs::path& json) {
  std::vector<std::string> argv = {llmlab, "train"};
  for (const auto& [name, value] : run.config->options) {
    argv.push_back("--" + name);
    argv.push_back(value.text);
  }
  argv.insert(argv.end(), {"--seed", std::to_string(run.seed), "--json", json.string(), "--quiet"});
  return argv;
}

std::string own_executable() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw Error(std::string(messages::executable_not_found));
  return self.string();
}

}  // namespace llmlab::sweep
