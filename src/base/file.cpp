// Whole-file reading (see file.hpp).
#include "base/file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace llmlab {

std::optional<std::string> read_file(const std::filesystem::path& path, std::string& reason) {
  // A directory opens as a stream on Linux and then reads as empty: refuse it by name.
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    reason = std::strerror(EISDIR);
    return std::nullopt;
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    reason = std::strerror(errno != 0 ? errno : ENOENT);
    return std::nullopt;
  }
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) {
    reason = std::strerror(errno != 0 ? errno : EIO);
    return std::nullopt;
  }
  return bytes;
}

std::string full_path(const std::filesystem::path& path) {
  std::error_code failed;
  const std::filesystem::path absolute = std::filesystem::absolute(path, failed);
  return (failed ? path : absolute).lexically_normal().string();
}

}  // namespace llmlab
