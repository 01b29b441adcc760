// base/file: a whole file's bytes (binary, empty files included), and the system's reason when
// the path is missing or a directory — never an empty string in place of an unreadable file.
#include "base/file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

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

}  // namespace
}  // namespace llmlab
