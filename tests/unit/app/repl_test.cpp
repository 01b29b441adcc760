// The REPL's non-interactive path: input is cut into complete chunks (a line, or a block up to
// its `end`), each runs in REPL mode, and an error is reported without ending the session.
#include "app/repl.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "builtins/registry.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::app {
namespace {

struct PipedRun {
  int status = 0;
  std::string output;
  std::string errors;
};

PipedRun run(const std::string& text, lang::Dialect dialect = lang::Dialect::Rlab) {
  PipedRun result;
  runtime::Session session;
  session.set_dialect(dialect);
  session.set_output([&](std::string_view chunk) { result.output += chunk; });
  session.set_error_output([&](std::string_view chunk) { result.errors += chunk; });
  runtime::Interpreter interpreter(session);
  builtins::install_builtins(interpreter);
  std::istringstream input(text);
  result.status = run_piped(interpreter, input);
  return result;
}

TEST(repl, piped_lines_echo_and_blocks_run_whole) {
  const PipedRun result = run("x = 1 + 1\nfor i = 1:2\n  disp(i)\nend\nz = 3;\ndisp(z)\n");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.output, "x = 2\n1\n2\n3\n");
  EXPECT_EQ(result.errors, "");
}

// `llmlab --dialect matlab`: entries are read and run with MATLAB's meaning, a block comment is
// gathered whole like a block, and rlab reads the same lines as code.
TEST(repl, a_matlab_session_reads_its_entries_in_the_matlab_dialect) {
  const std::string input = "A = zeros(2);\nsize(A)\n%{\nno_such_name\n%}\nz = 3i\n";
  const PipedRun matlab = run(input, lang::Dialect::Matlab);
  EXPECT_EQ(matlab.status, 0) << matlab.errors;
  EXPECT_EQ(matlab.output, "ans =\n   2   2\nz = 0 + 3i\n");
  const PipedRun rlab = run(input, lang::Dialect::Rlab);
  EXPECT_EQ(rlab.status, 1);
  EXPECT_NE(rlab.errors.find("no_such_name"), std::string::npos) << rlab.errors;
}

TEST(repl, error_is_reported_with_its_input_line_and_the_session_goes_on) {
  const PipedRun result = run("a = 5;\ny = nope + 1\ndisp(a)\n");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.output, "5\n");
  EXPECT_NE(result.errors.find("<stdin>:2:5: error: undefined variable 'nope'"), std::string::npos)
      << result.errors;
}

TEST(repl, variables_and_functions_persist_between_chunks) {
  const PipedRun result = run("function y = twice(x)\n  y = 2 * x;\nend\nb = twice(4)\n");
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.output, "b = 8\n");
}

TEST(repl, input_ending_inside_a_block_reports_the_missing_end) {
  const PipedRun result = run("disp(1)\nif 1\n  disp(2)\n");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.output, "1\n");
  EXPECT_NE(result.errors.find("<stdin>:2:1: error: parse error: unexpected end of input: missing "
                               "'end' for 'if'"),
            std::string::npos)
      << result.errors;
}

TEST(repl, syntax_error_in_one_chunk_leaves_the_others) {
  const PipedRun result = run("x = (1 +\ndisp(7)\n");
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.output, "7\n");
  EXPECT_NE(result.errors.find("<stdin>:1:9: error: parse error: unexpected token in "
                               "expression: newline"),
            std::string::npos)
      << result.errors;
}

}  // namespace
}  // namespace llmlab::app
