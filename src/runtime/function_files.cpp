// Where code files are found, and MATLAB's function files: a call of a name that nothing
// defines, in matlab code, loads NAME.m from the calling file's folder or LLMLAB_PATH, as
// MATLAB finds a function file on its path (language.md §14).
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/language.hpp"
#include "lang/lexer.hpp"
#include "lang/parser.hpp"
#include "runtime/evaluator.hpp"

namespace llmlab::runtime::detail {

namespace fs = std::filesystem;

std::vector<fs::path> Evaluator::file_candidates(const std::string& path, const SourceLoc& where,
                                                 bool with_search_path) const {
  // Relative paths resolve against the including file's directory (§2.14), then, for
  // import and function files, against each LLMLAB_PATH directory (§13.11).
  const fs::path written(path);
  if (written.is_absolute()) return {written};
  fs::path base;
  if (where.file && !where.file->path().empty()) {
    base = fs::path(where.file->path()).parent_path();
  } else if (!session_.base_directory().empty()) {
    base = session_.base_directory();
  }
  // `llmlab run dir/script.rlab` moves into dir before running, so the script's own relative
  // folder no longer leads anywhere from there; its folder is then the session's base.
  std::error_code missing;
  if (base.is_relative() && !base.empty() && !fs::is_directory(base, missing) &&
      !session_.base_directory().empty()) {
    base = session_.base_directory();
  }
  std::vector<fs::path> candidates{base / written};
  if (!with_search_path) return candidates;
  if (const char* search = std::getenv("LLMLAB_PATH")) {
    std::string_view rest(search);
    while (!rest.empty()) {
      const std::size_t colon = rest.find(':');
      const std::string_view directory = rest.substr(0, colon);
      if (!directory.empty()) candidates.push_back(fs::path(directory) / written);
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  }
  return candidates;
}

std::optional<lang::Program> Evaluator::find_code_file(std::string_view name,
                                                       const SourceLoc& where) const {
  if (session_.dialect() != lang::Dialect::Matlab || !lang::is_variable_name(name)) {
    return std::nullopt;
  }
  fs::path chosen;
  for (const fs::path& candidate : file_candidates(std::string(name) + ".m", where, true)) {
    std::error_code ignored;
    if (fs::is_regular_file(candidate, ignored)) {
      chosen = candidate;
      break;
    }
  }
  if (chosen.empty()) return std::nullopt;
  std::string reason;
  std::optional<std::string> text = read_file(chosen, reason);
  if (!text) {
    throw Error(fmt::format(messages::cannot_read_code_file, chosen.string(), reason));
  }
  return lang::parse_program(std::make_shared<const SourceFile>(chosen.string(), std::move(*text)),
                             lang::Dialect::Matlab);
}

namespace {

bool is_function_file(const lang::Program& program) {
  return !program.body.empty() && program.body.front()->kind == lang::StmtKind::Function;
}

}  // namespace

bool Evaluator::run_script_file(std::string_view name, const SourceLoc& where) {
  std::optional<lang::Program> program = find_code_file(name, where);
  if (!program || is_function_file(*program)) return false;
  // MATLAB runs a script in the caller's workspace: its assignments are the caller's.
  run_nested(*program);
  return true;
}

bool Evaluator::load_function_file(std::string_view name, const SourceLoc& where) {
  std::optional<lang::Program> found = find_code_file(name, where);
  if (!found) return false;
  const lang::Program& program = *found;
  if (!is_function_file(program) ||
      program.body.front()->as<lang::FunctionStmt>().function->name != name) {
    throw Error(fmt::format(messages::not_a_function_file, name, name, name, name));
  }
  // Its other functions come with it (MATLAB keeps them private to the file; here they are
  // defined for the session, unless a function of that name exists already).
  for (const lang::StmtPtr& statement : program.body) {
    if (statement->kind != lang::StmtKind::Function) continue;
    const auto& definition = statement->as<lang::FunctionStmt>();
    if (definition.function->name == name || !has_user_function(definition.function->name)) {
      define_function(definition);
    }
  }
  return true;
}

}  // namespace llmlab::runtime::detail
