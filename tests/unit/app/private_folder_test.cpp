// The REPL's private folder (app/private_folder.hpp): made on the first write with mode 0700 and
// an unpredictable name under $XDG_RUNTIME_DIR, else $TMPDIR; a file written again is replaced
// whole; a link under a file's name is replaced, never followed; an error names the path.
#include "app/private_folder.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "base/error.hpp"

namespace llmlab::app {
namespace {

namespace fs = std::filesystem;

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Sets (or, with nullopt, unsets) an environment variable for one test, then restores it.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const std::optional<std::string>& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      ::setenv(name, value->c_str(), 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedVariable() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

fs::path fresh_folder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "llmlab_private_folder_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(private_folder, goes_under_xdg_runtime_dir_else_tmpdir) {
  const fs::path runtime = fresh_folder("run");
  const fs::path tmp = fresh_folder("tmp");
  const ScopedVariable tmpdir("TMPDIR", tmp.string());
  {
    const ScopedVariable xdg("XDG_RUNTIME_DIR", runtime.string());
    EXPECT_EQ(private_folder_parent(), runtime);
  }
  {
    const ScopedVariable xdg("XDG_RUNTIME_DIR", std::string());
    EXPECT_EQ(private_folder_parent(), tmp);
  }
  const ScopedVariable xdg("XDG_RUNTIME_DIR", std::nullopt);
  EXPECT_EQ(private_folder_parent(), tmp);
  const ScopedVariable no_tmpdir("TMPDIR", std::nullopt);
  EXPECT_EQ(private_folder_parent(), fs::path("/tmp"));
}

TEST(private_folder, is_mode_0700_with_a_fresh_name_and_replaces_files_whole) {
  const fs::path parent = fresh_folder("mode");
  const ScopedVariable xdg("XDG_RUNTIME_DIR", parent.string());
  PrivateFolder first("llmlab");
  PrivateFolder second("llmlab");
  const fs::path path = first.write("figure1.svg", "a longer first version");
  EXPECT_EQ(first.write("figure1.svg", "short"), path);
  EXPECT_EQ(contents(path), "short");
  const fs::path folder = path.parent_path();
  EXPECT_EQ(folder.parent_path(), parent);
  EXPECT_TRUE(folder.filename().string().starts_with("llmlab-"));
  struct stat status {};
  ASSERT_EQ(::stat(folder.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 07777, 0700u);
  EXPECT_NE(second.write("figure1.svg", "x").parent_path(), folder);
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1);
}

TEST(private_folder, a_planted_link_is_replaced_and_its_target_unchanged) {
  const fs::path parent = fresh_folder("links");
  const ScopedVariable xdg("XDG_RUNTIME_DIR", parent.string());
  const fs::path victim = parent / "victim.txt";
  std::ofstream(victim) << "the victim's data\n";
  PrivateFolder folder("llmlab");
  const fs::path path = folder.write("figure1.svg", "<svg/>");
  fs::remove(path);
  fs::create_symlink(victim, path);
  EXPECT_EQ(folder.write("figure1.svg", "<svg>again</svg>"), path);
  EXPECT_FALSE(fs::is_symlink(path));
  EXPECT_EQ(contents(path), "<svg>again</svg>");
  EXPECT_EQ(contents(victim), "the victim's data\n");
}

TEST(private_folder, an_error_names_the_path_and_the_reason) {
  const ScopedVariable xdg("XDG_RUNTIME_DIR", "/nonexistent-llmlab-parent");
  PrivateFolder folder("llmlab");
  try {
    folder.write("figure1.svg", "<svg/>");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_STREQ(error.what(),
                 "cannot create a private folder in '/nonexistent-llmlab-parent': No such file or "
                 "directory");
  }
}

}  // namespace
}  // namespace llmlab::app
