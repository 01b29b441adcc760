// PrivateFolder: mkdtemp for the folder; each file through base/file.hpp's writer, links replaced.
#include "app/private_folder.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/system.hpp"

namespace llmlab::app {
std::filesystem::path private_folder_parent() {
  for (const char* variable : {"XDG_RUNTIME_DIR", "TMPDIR"}) {
    const char* value = std::getenv(variable);
    if (value != nullptr && *value != '\0') return value;
  }
  return "/tmp";
}

const std::filesystem::path& PrivateFolder::folder() {
  if (folder_) return *folder_;
  const std::filesystem::path parent = private_folder_parent();
  std::string pattern = (parent / (prefix_ + "-XXXXXX")).string();
  // The parent is named: mkdtemp has already filled in a name that was never made.
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw Error(
        fmt::format(messages::cannot_create_private_folder, parent.string(), std::strerror(errno)));
  }
  folder_ = pattern;
  return *folder_;
}

std::filesystem::path PrivateFolder::write(std::string_view name, std::string_view bytes) {
  const std::filesystem::path target = folder() / name;
  std::string why;
  if (!write_file(target, bytes, why, LinkAtPath::Replace)) {
    throw Error(fmt::format(messages::cannot_write_file, target.string(), why));
  }
  return target;
}

}  // namespace llmlab::app
