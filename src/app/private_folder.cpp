// PrivateFolder: mkdtemp for the folder, O_EXCL|O_NOFOLLOW and rename for each file.
#include "app/private_folder.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include "base/error.hpp"

namespace llmlab::app {
namespace {

std::string reason() { return std::strerror(errno); }

void write_all(int fd, std::string_view bytes, const std::filesystem::path& path) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      throw Error(fmt::format("cannot write '{}': {}", path.string(), reason()));
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
}

}  // namespace

std::filesystem::path private_folder_parent() {
  for (const char* variable : {"XDG_RUNTIME_DIR", "TMPDIR"}) {
    const char* value = std::getenv(variable);
    if (value != nullptr && *value != '\0') return value;
  }
  return "/tmp";
}

const std::filesystem::path& PrivateFolder::folder() {
  if (folder_) return *folder_;
  std::string pattern = (private_folder_parent() / (prefix_ + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw Error(fmt::format("cannot create a private folder '{}': {}", pattern, reason()));
  }
  folder_ = pattern;
  return *folder_;
}

std::filesystem::path PrivateFolder::write(std::string_view name, std::string_view bytes) {
  const std::filesystem::path target = folder() / name;
  const std::filesystem::path partial = folder() / fmt::format(".{}.part", name);
  const int fd =
      ::open(partial.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) throw Error(fmt::format("cannot write '{}': {}", partial.string(), reason()));
  try {
    write_all(fd, bytes, partial);
  } catch (...) {
    ::close(fd);
    ::unlink(partial.c_str());
    throw;
  }
  if (::close(fd) != 0 || ::rename(partial.c_str(), target.c_str()) != 0) {
    const std::string why = reason();
    ::unlink(partial.c_str());
    throw Error(fmt::format("cannot write '{}': {}", target.string(), why));
  }
  return target;
}

}  // namespace llmlab::app
