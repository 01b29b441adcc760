// base/file: a whole file's bytes (binary, empty files included), and the system's reason when
// the path is missing or a directory — never an empty string in place of an unreadable file;
// the safe writer: replaces whole, writes through links, refuses what is not a regular file,
// and leaves the old file when the write fails.
#include "base/file.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>

#include "base/error.hpp"

namespace llmlab {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "llmlab_file_test";
  fs::create_directories(dir);
  return dir / name;
}

TEST(read_file, returns_every_byte) {
  const fs::path path = scratch("bytes.bin");
  const std::string bytes("a\0b\r\nc", 6);
  std::ofstream(path, std::ios::binary) << bytes;
  std::string reason;
  EXPECT_EQ(read_file(path, reason), bytes);
  std::ofstream(scratch("empty.txt"), std::ios::binary);
  EXPECT_EQ(read_file(scratch("empty.txt"), reason), "");
}

TEST(read_file, names_the_reason_it_cannot_read) {
  std::string reason;
  EXPECT_EQ(read_file(scratch("missing.txt"), reason), std::nullopt);
  EXPECT_EQ(reason, "No such file or directory");
  EXPECT_EQ(read_file(scratch(""), reason), std::nullopt);
  EXPECT_EQ(reason, "Is a directory");
}

TEST(read_file, names_a_read_error) {
  // /proc/self/mem opens, but reading its first page (unmapped) fails with EIO.
  std::string reason;
  EXPECT_EQ(read_file("/proc/self/mem", reason), std::nullopt);
  EXPECT_EQ(reason, "Input/output error");
}

TEST(read_file_or_throw, words_every_failure_one_way) {
  const fs::path missing = scratch("missing.txt");
  try {
    read_file_or_throw(missing, "who");
    FAIL() << "a missing file was read";
  } catch (const Error& error) {
    EXPECT_EQ(std::string(error.what()),
              "who: cannot read '" + missing.string() + "': No such file or directory");
  }
  EXPECT_EQ(cannot_read("a/../b.txt", "Is a directory"),
            "cannot read '" + (fs::current_path() / "b.txt").string() + "': Is a directory");
  const fs::path present = scratch("present.txt");
  std::ofstream(present, std::ios::binary) << "text";
  EXPECT_EQ(read_file_or_throw(present, ""), "text");
}

TEST(read_file_if_present, reads_a_missing_file_as_empty_and_refuses_a_folder) {
  EXPECT_EQ(read_file_if_present(scratch("missing.txt"), "who"), "");
  const fs::path present = scratch("present.txt");
  std::ofstream(present, std::ios::binary) << "text";
  EXPECT_EQ(read_file_if_present(present, "who"), "text");
  EXPECT_THROW(read_file_if_present(scratch(""), "who"), Error);
}

std::string contents(const fs::path& path) {
  std::string reason;
  return read_file(path, reason).value_or("<unreadable: " + reason + ">");
}

// The names in the folder of `path`, to see that no temporary was left behind.
std::size_t entries_in(const fs::path& folder) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder)) ++n;
  return n;
}

fs::path fresh_folder(const std::string& name) {
  const fs::path dir = scratch(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(write_file, replaces_the_whole_file_and_keeps_its_permissions) {
  const fs::path dir = fresh_folder("replace");
  const fs::path path = dir / "out.txt";
  std::string reason;
  ASSERT_TRUE(write_file(path, "a longer first version", reason)) << reason;
  ASSERT_EQ(::chmod(path.c_str(), 0600), 0);
  ASSERT_TRUE(write_file(path, "short", reason)) << reason;
  EXPECT_EQ(contents(path), "short");
  struct stat status {};
  ASSERT_EQ(::stat(path.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0600u);
  EXPECT_EQ(entries_in(dir), 1u);
}

TEST(write_file, writes_through_a_symlink_and_keeps_the_link) {
  const fs::path dir = fresh_folder("link");
  ASSERT_TRUE([&] {
    std::string reason;
    return write_file(dir / "target.npy", "old", reason);
  }());
  fs::create_symlink("target.npy", dir / "link.npy");
  std::string reason;
  ASSERT_TRUE(write_file(dir / "link.npy", "new", reason)) << reason;
  EXPECT_TRUE(fs::is_symlink(dir / "link.npy"));
  EXPECT_EQ(contents(dir / "target.npy"), "new");
  // A link to a file that does not exist yet creates it, as a shell's > would.
  fs::create_symlink("later.txt", dir / "dangling");
  ASSERT_TRUE(write_file(dir / "dangling", "made", reason)) << reason;
  EXPECT_TRUE(fs::is_symlink(dir / "dangling"));
  EXPECT_EQ(contents(dir / "later.txt"), "made");
}

TEST(write_file, replacing_puts_the_file_in_place_of_a_link_and_never_follows_it) {
  const fs::path dir = fresh_folder("replace_link");
  std::string reason;
  ASSERT_TRUE(write_file(dir / "victim.txt", "the victim's data", reason)) << reason;
  fs::create_symlink("victim.txt", dir / "figure.svg");
  ASSERT_TRUE(write_file(dir / "figure.svg", "<svg/>", reason, LinkAtPath::Replace)) << reason;
  EXPECT_FALSE(fs::is_symlink(dir / "figure.svg"));
  EXPECT_EQ(contents(dir / "figure.svg"), "<svg/>");
  EXPECT_EQ(contents(dir / "victim.txt"), "the victim's data");
  // A dangling link creates nothing where it points.
  fs::create_symlink("elsewhere.txt", dir / "figure.png");
  ASSERT_TRUE(write_file(dir / "figure.png", "png", reason, LinkAtPath::Replace)) << reason;
  EXPECT_FALSE(fs::exists(dir / "elsewhere.txt"));
  EXPECT_EQ(contents(dir / "figure.png"), "png");
  EXPECT_EQ(entries_in(dir), 3u);
  // A real folder is still refused.
  fs::create_directory(dir / "sub");
  EXPECT_FALSE(write_file(dir / "sub", "x", reason, LinkAtPath::Replace));
  EXPECT_EQ(reason, "Is a directory");
}

TEST(write_file, refuses_what_is_not_a_regular_file) {
  const fs::path dir = fresh_folder("special");
  std::string reason;
  EXPECT_FALSE(write_file("/dev/null", "x", reason));
  EXPECT_EQ(reason, "not a regular file (a character device)");
  ASSERT_EQ(::mkfifo((dir / "pipe").c_str(), 0600), 0);
  EXPECT_FALSE(write_file(dir / "pipe", "x", reason));
  EXPECT_EQ(reason, "not a regular file (a fifo)");
  fs::create_symlink("pipe", dir / "to_pipe");
  EXPECT_FALSE(write_file(dir / "to_pipe", "x", reason));
  EXPECT_EQ(reason, "not a regular file (a fifo)");
  EXPECT_FALSE(write_file(dir, "x", reason));
  EXPECT_EQ(reason, "Is a directory");
  EXPECT_FALSE(write_file(dir / "missing" / "x.txt", "x", reason));
  EXPECT_EQ(reason, "No such file or directory");
  EXPECT_EQ(entries_in(dir), 2u);
}

TEST(write_file, a_failed_write_leaves_the_old_file) {
  const fs::path dir = fresh_folder("full");
  const fs::path path = dir / "model.bin";
  std::string reason;
  ASSERT_TRUE(write_file(path, "the old model", reason)) << reason;
  // A file size limit stands in for a full disk: write() fails part-way (EFBIG) as it would
  // with ENOSPC, and nothing but this process is affected.
  struct rlimit old_limit {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old_limit), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit limit = old_limit;
  limit.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limit), 0);
  const bool written = write_file(path, std::string(100000, 'x'), reason);
  ::setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_FALSE(written);
  EXPECT_EQ(reason, "File too large");
  EXPECT_EQ(contents(path), "the old model");
  EXPECT_EQ(entries_in(dir), 1u);
}

TEST(remove_write_temporaries, removes_only_the_targets_leftovers) {
  const fs::path dir = fresh_folder("leftovers");
  // What a writer killed between its write and its rename leaves, for two targets.
  std::ofstream(dir / ".seed-1.json.partial.7.tmp-9-0-123") << "{";
  std::ofstream(dir / ".seed-2.json.partial.7.tmp-9-1-456") << "{";
  std::ofstream(dir / "seed-1.json.partial.7") << "{}";
  remove_write_temporaries(dir / "seed-1.json.partial.7");
  EXPECT_FALSE(fs::exists(dir / ".seed-1.json.partial.7.tmp-9-0-123"));
  EXPECT_TRUE(fs::exists(dir / ".seed-2.json.partial.7.tmp-9-1-456"));
  EXPECT_TRUE(fs::exists(dir / "seed-1.json.partial.7"));
  EXPECT_TRUE(is_write_temporary(".seed-2.json.partial.7.tmp-9-1-456"));
}

}  // namespace
}  // namespace llmlab
