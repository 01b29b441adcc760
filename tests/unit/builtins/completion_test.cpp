// What the REPL and the Jupyter kernel are told about code being typed: completions (positions in
// code points), descriptions for the pager, and whether input is ready to run.
#include "builtins/completion.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "builtins/registry.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::builtins {
namespace {

struct Session {
  runtime::Session session;
  runtime::Interpreter interpreter{session};
  Session() {
    builtins::install_builtins(interpreter);
    interpreter.run(std::make_shared<const SourceFile>(
        "setup",
        "cfg = struct(\"lr\", 0.1, \"layers\", 4);\nlearning = 1;\n"
        "function y = learn_step(x)\n  y = x;\nend\n"));
  }
};

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(completion, names_of_every_kind) {
  Session s;
  const Completions found = complete(s.interpreter, "x = lear", 8);
  EXPECT_TRUE(has(found.matches, "learning"));
  EXPECT_TRUE(has(found.matches, "learn_step"));
  EXPECT_EQ(found.start, 4);
  EXPECT_EQ(found.end, 8);
  EXPECT_TRUE(has(complete(s.interpreter, "linsp", 5).matches, "linspace"));
  EXPECT_TRUE(has(complete(s.interpreter, "otherw", 6).matches, "otherwise"));
}

TEST(completion, struct_fields_after_a_dot) {
  Session s;
  const Completions found = complete(s.interpreter, "cfg.la", 6);
  EXPECT_EQ(found.matches, std::vector<std::string>{"layers"});
  EXPECT_EQ(found.start, 4);
  EXPECT_EQ(complete(s.interpreter, "cfg.", 4).matches.size(), 2u);
  EXPECT_TRUE(complete(s.interpreter, "learning.", 9).matches.empty());
}

TEST(completion, cursor_counts_code_points) {
  Session s;
  // "é" is two bytes, one code point: the cursor after "lear" is at code point 8.
  const Completions found = complete(s.interpreter, "é = lear", 8);
  EXPECT_TRUE(has(found.matches, "learning"));
  EXPECT_EQ(found.start, 4);
  EXPECT_EQ(found.end, 8);
}

TEST(completion, file_names_inside_a_string) {
  namespace fs = std::filesystem;
  Session s;
  const fs::path folder =
      fs::temp_directory_path() / ("llmlab-completion-" + std::to_string(::getpid()));
  fs::create_directories(folder / "runs");
  std::ofstream(folder / "data.npy") << "x";
  std::ofstream(folder / "runs" / "loss.csv") << "1";
  std::ofstream(folder / ".hidden") << "x";
  s.session.set_base_directory(folder.string());

  const Completions top = complete(s.interpreter, "x = load(\"da", 12);
  EXPECT_EQ(top.matches, std::vector<std::string>{"data.npy"});
  EXPECT_EQ(top.start, 10);  // just after the quote
  EXPECT_EQ(complete(s.interpreter, "load('", 6).matches,
            (std::vector<std::string>{"data.npy", "runs/"}));
  const Completions inner = complete(s.interpreter, "t = fileread(\"runs/lo", 21);
  EXPECT_EQ(inner.matches, std::vector<std::string>{"loss.csv"});
  EXPECT_EQ(inner.start, 19);  // after the slash: only the last part is replaced
  EXPECT_EQ(complete(s.interpreter, "\"./.h", 5).matches, std::vector<std::string>{".hidden"});
  // In command syntax, a file command's words complete as file names (`cd ru<Tab>`).
  const Completions command = complete(s.interpreter, "cd ru", 5);
  EXPECT_EQ(command.matches, std::vector<std::string>{"runs/"});
  EXPECT_EQ(command.start, 3);
  const Completions deeper = complete(s.interpreter, "  load runs/lo", 14);
  EXPECT_EQ(deeper.matches, std::vector<std::string>{"loss.csv"});
  EXPECT_EQ(deeper.start, 12);
  // Other commands, a call's parentheses and an assignment complete names.
  EXPECT_TRUE(has(complete(s.interpreter, "disp lear", 9).matches, "learning"));
  EXPECT_TRUE(has(complete(s.interpreter, "cd(lear", 7).matches, "learning"));
  EXPECT_TRUE(has(complete(s.interpreter, "x = cd + lear", 13).matches, "learning"));
  // A closed string, or a quote that is a transpose, completes names again.
  EXPECT_TRUE(has(complete(s.interpreter, "\"a\" + lear", 10).matches, "learning"));
  EXPECT_TRUE(has(complete(s.interpreter, "x' + lear", 9).matches, "learning"));
  fs::remove_all(folder);
}

TEST(completion, describe_variables_builtins_functions) {
  Session s;
  const auto variable = describe(s.interpreter, "cfg.lr", 5);
  ASSERT_TRUE(variable.has_value());
  EXPECT_NE(variable->find("cfg.lr"), std::string::npos);
  EXPECT_NE(variable->find("0.1"), std::string::npos);
  const auto builtin = describe(s.interpreter, "zeros", 2);
  ASSERT_TRUE(builtin.has_value());
  EXPECT_NE(builtin->find("zeros"), std::string::npos);
  EXPECT_TRUE(describe(s.interpreter, "learn_step", 3).has_value());
  EXPECT_FALSE(describe(s.interpreter, "no_such_name", 3).has_value());
}

TEST(completion, readiness) {
  constexpr auto rlab = lang::Dialect::Rlab;
  EXPECT_EQ(readiness("x = 1", rlab), Readiness::Complete);
  EXPECT_EQ(readiness("for i = 1:3", rlab), Readiness::Incomplete);
  EXPECT_EQ(readiness("a = [1, 2", rlab), Readiness::Incomplete);
  EXPECT_EQ(readiness("x = )", rlab), Readiness::Invalid);
}

// The front end's dialect decides: an imaginary literal is matlab's, a syntax error in rlab.
TEST(completion, readiness_reads_the_front_ends_dialect) {
  EXPECT_EQ(readiness("z = 3i", lang::Dialect::Matlab), Readiness::Complete);
  EXPECT_EQ(readiness("z = 3i", lang::Dialect::Rlab), Readiness::Invalid);
  EXPECT_EQ(readiness("%{\nnotes\n", lang::Dialect::Matlab), Readiness::Incomplete);
  // A file's function may go without `end`; one being typed at a prompt is still open.
  EXPECT_EQ(readiness("function y = f(x)\n  y = x;\n", lang::Dialect::Matlab),
            Readiness::Incomplete);
}

}  // namespace
}  // namespace llmlab::builtins
