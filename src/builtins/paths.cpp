#include "builtins/paths.hpp"

#include <cstdlib>
#include <string>

namespace llmlab::builtins {

std::filesystem::path working_directory(const runtime::Session& session) {
  if (!session.base_directory().empty()) return session.base_directory();
  std::error_code ignored;
  return std::filesystem::current_path(ignored);
}

namespace {

// `~` and `~/rest` name the home directory, as in Octave's file functions and a shell
// (`cd ~`, `load ~/data.npy`); `~user` and a `~` inside a name are left as written.
std::string expand_home(std::string_view name) {
  const char* home = std::getenv("HOME");
  if (home == nullptr || *home == '\0') return std::string(name);
  if (name == "~") return home;
  if (name.starts_with("~/")) return std::string(home) + std::string(name.substr(1));
  return std::string(name);
}

}  // namespace

std::filesystem::path session_path(const runtime::Session& session, std::string_view name) {
  const std::filesystem::path path{expand_home(name)};
  if (path.is_absolute() || session.base_directory().empty()) return path;
  return std::filesystem::path(session.base_directory()) / path;
}

}  // namespace llmlab::builtins
