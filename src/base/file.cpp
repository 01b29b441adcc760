// Whole-file reading and the safe writer (see file.hpp).
#include "base/file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "base/error.hpp"
#include "base/messages/system.hpp"

namespace llmlab {

// read(2) rather than a stream: a stream takes a read error (EIO from /proc/self/mem, a failing
// disk) for the end of the file, and a folder for an empty file.
std::optional<std::string> read_file(const std::filesystem::path& path, std::string& reason) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    reason = std::strerror(errno);
    return std::nullopt;
  }
  struct stat status {};
  if (::fstat(fd, &status) == 0 && S_ISDIR(status.st_mode)) {
    ::close(fd);
    reason = std::strerror(EISDIR);
    return std::nullopt;
  }
  std::string bytes;
  char buffer[65536];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      reason = std::strerror(errno);
      ::close(fd);
      return std::nullopt;
    }
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return bytes;
}

std::string cannot_read(const std::filesystem::path& path, std::string_view reason) {
  return fmt::format(messages::cannot_read_file, full_path(path), reason);
}

std::string read_file_or_throw(const std::filesystem::path& path, std::string_view who) {
  std::string reason;
  std::optional<std::string> bytes = read_file(path, reason);
  if (!bytes) {
    throw Error(who.empty() ? cannot_read(path, reason)
                            : fmt::format(messages::spoken_by, who, cannot_read(path, reason)));
  }
  return std::move(*bytes);
}

std::string read_file_if_present(const std::filesystem::path& path, std::string_view who) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec) && !ec) return {};
  return read_file_or_throw(path, who);
}

namespace {

namespace fs = std::filesystem;

// Closes a descriptor when it goes out of scope (on every early return).
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }
  // Closes now and reports the result: on some filesystems (NFS) a write error shows only here.
  bool close() {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }

 private:
  int fd_;
};

std::string_view kind_of(mode_t mode) {
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a fifo";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// The file a write of `path` must replace: `path` itself, or where its chain of symlinks ends
// (which need not exist yet). Fails on a loop of links.
bool resolve_links(fs::path& path, std::string& reason) {
  for (int depth = 0; depth < 40; ++depth) {
    struct stat status {};
    if (::lstat(path.c_str(), &status) != 0 || !S_ISLNK(status.st_mode)) return true;
    std::error_code error;
    const fs::path next = fs::read_symlink(path, error);
    if (error) {
      reason = error.message();
      return false;
    }
    path = next.is_absolute() ? next : path.parent_path() / next;
  }
  reason = std::strerror(ELOOP);
  return false;
}

// A name in `folder` no other writer picks: the target's name, the process, a counter and
// random bits (O_EXCL still refuses a name that exists).
fs::path temporary_name(const fs::path& target) {
  static std::atomic<unsigned> counter{0};
  static thread_local std::mt19937_64 random{std::random_device{}()};
  return target.parent_path() /
         ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-" +
          std::to_string(counter++) + "-" + std::to_string(random() & 0xffffffu));
}

bool write_all(int fd, std::string_view bytes, std::string& reason) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      reason = std::strerror(errno);
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

// The rename is durable only once the folder's entry is on disk.
void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

StagedFile::StagedFile(fs::path temporary, fs::path target)
    : temporary_(std::move(temporary)), target_(std::move(target)) {}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : temporary_(std::exchange(other.temporary_, {})), target_(std::move(other.target_)) {}

StagedFile::~StagedFile() {
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
}

bool StagedFile::commit(std::string& reason) {
  const fs::path temporary = std::exchange(temporary_, {});
  if (::rename(temporary.c_str(), target_.c_str()) != 0) {
    reason = std::strerror(errno);
    ::unlink(temporary.c_str());
    return false;
  }
  sync_folder(target_.parent_path());
  return true;
}

std::optional<StagedFile> stage_file(const fs::path& path, std::string_view bytes,
                                     std::string& reason, LinkAtPath links) {
  fs::path target = path;
  if (links == LinkAtPath::Follow && !resolve_links(target, reason)) return std::nullopt;
  struct stat existing {};
  // Replacing, a link at the path counts as no file: the rename puts the new one in its place.
  const bool exists = links == LinkAtPath::Follow
                          ? ::stat(target.c_str(), &existing) == 0
                          : ::lstat(target.c_str(), &existing) == 0 && !S_ISLNK(existing.st_mode);
  if (exists && S_ISDIR(existing.st_mode)) {
    reason = std::strerror(EISDIR);
    return std::nullopt;
  }
  if (exists && !S_ISREG(existing.st_mode)) {
    reason = "not a regular file (" + std::string(kind_of(existing.st_mode)) + ")";
    return std::nullopt;
  }
  fs::path temporary;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temporary = temporary_name(target);
    fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    reason = std::strerror(errno);
    return std::nullopt;
  }
  StagedFile staged(temporary, target);  // from here, an early return removes the temporary
  Descriptor file(fd);
  if (exists && ::fchmod(fd, existing.st_mode & 07777) != 0) {
    reason = std::strerror(errno);
    return std::nullopt;
  }
  if (!write_all(fd, bytes, reason)) return std::nullopt;
  if (::fsync(fd) != 0 || !file.close()) {
    reason = std::strerror(errno);
    return std::nullopt;
  }
  return staged;
}

bool write_file(const fs::path& path, std::string_view bytes, std::string& reason,
                LinkAtPath links) {
  std::optional<StagedFile> staged = stage_file(path, bytes, reason, links);
  return staged && staged->commit(reason);
}

bool is_write_temporary(std::string_view filename) {
  return filename.starts_with('.') && filename.find(".tmp-") != std::string_view::npos;
}

void remove_write_temporaries(const fs::path& target) {
  const std::string prefix = "." + target.filename().string() + ".tmp-";
  std::error_code failed;
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::vector<fs::path> leftovers;
  for (const auto& entry : fs::directory_iterator(folder, failed)) {
    if (entry.path().filename().string().starts_with(prefix)) leftovers.push_back(entry.path());
  }
  for (const fs::path& leftover : leftovers) fs::remove(leftover, failed);
}

std::string full_path(const std::filesystem::path& path) {
  std::error_code failed;
  const std::filesystem::path absolute = std::filesystem::absolute(path, failed);
  return (failed ? path : absolute).lexically_normal().string();
}

}  // namespace llmlab
