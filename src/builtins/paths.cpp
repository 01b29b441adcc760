#include "builtins/paths.hpp"

#include <string>

namespace llmlab::builtins {

std::filesystem::path working_directory(const runtime::Session& session) {
  if (!session.base_directory().empty()) return session.base_directory();
  std::error_code ignored;
  return std::filesystem::current_path(ignored);
}

std::filesystem::path session_path(const runtime::Session& session, std::string_view name) {
  const std::filesystem::path path{std::string(name)};
  if (path.is_absolute() || session.base_directory().empty()) return path;
  return std::filesystem::path(session.base_directory()) / path;
}

}  // namespace llmlab::builtins
