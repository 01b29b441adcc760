// Every builtin's help ends its summary with a one-line `Example: ...` (what `help NAME` and
// `doc NAME` show), and every example runs without error in a fresh interpreter. The examples
// run in a temporary directory, so those that write files (save, savefig, gpt_save) leave
// nothing behind.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "base/error.hpp"
#include "builtins/registry.hpp"
#include "lab.hpp"
#include "runtime/interpreter.hpp"

namespace llmlab::builtins {
namespace {

// The text after "Example: " up to the end of its line; empty when the help has none.
std::string example_of(std::string_view help) {
  constexpr std::string_view kMarker = "Example: ";
  const std::size_t at = help.find(kMarker);
  if (at == std::string_view::npos) return "";
  const std::string_view rest = help.substr(at + kMarker.size());
  return std::string(rest.substr(0, rest.find('\n')));
}

// A fresh directory under the system's temporary directory, removed at the end of the test.
class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    std::string pattern = (std::filesystem::temp_directory_path() / "llmlab-examples-XXXXXX");
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

TEST(help_examples, every_builtin_has_an_example_that_runs) {
  TemporaryDirectory directory;
  const std::filesystem::path previous = std::filesystem::current_path();
  std::filesystem::current_path(directory.path());
  std::size_t ran = 0;
  for (const BuiltinTable* table : builtin_tables()) {
    for (const runtime::NativeFunction& function : *table) {
      const std::string example = example_of(function.help);
      if (example.empty()) {
        ADD_FAILURE() << function.name << ": its help has no 'Example: ' line";
        continue;
      }
      testing::Lab lab;
      lab.session.set_base_directory(directory.path().string());
      // A user who types 3 at every prompt (the examples of input).
      lab.session.set_input([](std::string_view) { return std::optional<std::string>("3"); });
      try {
        lab.run(example + "\n");
        ++ran;
      } catch (const runtime::ExitRequest&) {
        ++ran;  // exit(0) and quit(0) end the session, which is what they are for
      } catch (const std::exception& error) {
        ADD_FAILURE() << function.name << ": example `" << example << "` failed: " << error.what();
      }
    }
  }
  std::filesystem::current_path(previous);
  EXPECT_GT(ran, 300u);
}

TEST(help_examples, the_example_is_the_rest_of_its_line) {
  EXPECT_EQ(example_of("Sums. Example: sum([1 2])"), "sum([1 2])");
  EXPECT_EQ(example_of("Trains.\n  Example: f(1)\n  more"), "f(1)");
  EXPECT_EQ(example_of("No example here."), "");
}

}  // namespace
}  // namespace llmlab::builtins
