// The evaluator end to end on small programs: statements, scoping, calls, control flow, errors,
// and the copy-on-write guarantee that makes `x(i) = v` in a loop O(1).
#include <gtest/gtest.h>

#include "harness.hpp"
#include "num/matrix.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

TEST(evaluator, scalar_arithmetic_and_assignment) {
  Harness h;
  h.run("x = 2; y = x * 3 + 1; y += 2; z = -2 ^ 2;");
  EXPECT_EQ(h.scalar("y"), 9.0);
  EXPECT_EQ(h.scalar("z"), -4.0);
}

TEST(evaluator, echo_of_assignments_and_expressions) {
  Harness h;
  EXPECT_EQ(h.run("x = 3\nx\nx;\n3 + 4\n"), "x = 3\n3\n7\n");
  EXPECT_EQ(h.run("b = 1 > 0\n"), "b = true\n");
}

TEST(evaluator, notebook_mode_echoes_expressions_but_not_assignments) {
  Harness h;
  EXPECT_EQ(h.run("x = 3\nx\n", ExecMode::Notebook), "3\n");
}

TEST(evaluator, indexed_assignment_in_a_loop_does_not_clone) {
  Harness h;
  h.run("x = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];");
  const std::uint64_t before = num::Matrix::clone_count();
  h.run("for i = 1:10\n  x(i) = i * 2;\nend\nfor i = 1:2\n  for k = 1:5\n  end\nend");
  EXPECT_EQ(num::Matrix::clone_count(), before);
  EXPECT_EQ(h.variable("x").matrix_value()[9], 20.0);
}

TEST(evaluator, two_subscript_writes_in_a_loop_do_not_clone) {
  Harness h;
  h.run("M = [1, 2; 3, 4];");
  const std::uint64_t before = num::Matrix::clone_count();
  h.run("for i = 1:2\n  for k = 1:2\n    M(i, k) = M(i, k) * 10;\n  end\nend");
  EXPECT_EQ(num::Matrix::clone_count(), before);
  EXPECT_EQ(h.variable("M").matrix_value()(1, 1), 40.0);
}

TEST(evaluator, a_shared_matrix_is_cloned_once_on_write) {
  Harness h;
  h.run("a = [1, 2, 3];");
  const std::uint64_t before = num::Matrix::clone_count();
  h.run("b = a; b(1) = 9; b(2) = 8;");
  EXPECT_EQ(num::Matrix::clone_count(), before + 1);
  EXPECT_EQ(h.variable("a").matrix_value()[0], 1.0);
  EXPECT_EQ(h.variable("b").matrix_value()[0], 9.0);
}

TEST(evaluator, functions_have_their_own_scope) {
  Harness h;
  h.run(
      "q = 5;\n"
      "function r = f(a)\n  r = a + pi;\nend\n"
      "function g()\n  show(q);\nend\n"
      "v = f(1);");
  EXPECT_DOUBLE_EQ(h.scalar("v"), 1 + 3.141592653589793);
  EXPECT_EQ(h.error("g()"), "undefined variable 'q'");
}

TEST(evaluator, several_outputs_nargin_and_nargout) {
  Harness h;
  h.run(
      "function [s, p] = sp(a, b)\n"
      "  if nargin < 2\n    b = 10;\n  end\n"
      "  s = a + b;\n  p = nargout;\nend\n"
      "[x, y] = sp(1, 2);\n[u, ~] = sp(1);\nw = sp(3);");
  EXPECT_EQ(h.scalar("x"), 3.0);
  EXPECT_EQ(h.scalar("y"), 2.0);
  EXPECT_EQ(h.scalar("u"), 11.0);
  EXPECT_EQ(h.scalar("w"), 13.0);
  EXPECT_EQ(h.error("[a, b, c] = sp(1, 2);"),
            "function 'sp' declares 2 output(s), but caller asked for 3");
  EXPECT_EQ(h.error("sp(1, 2, 3)"), "function expects 2 argument(s), got 3");
}

TEST(evaluator, recursion_has_a_clean_depth_limit) {
  Harness h;
  h.run(
      "function r = fact(n)\n  if n <= 1\n    r = 1;\n  else\n    r = n * fact(n - 1);\n  "
      "end\nend\n"
      "f = fact(10);");
  EXPECT_EQ(h.scalar("f"), 3628800.0);
  h.run("function r = down(n)\n  r = down(n + 1);\nend");
  EXPECT_NE(h.error("down(1);").find("maximum recursion depth exceeded"), std::string::npos);
}

TEST(evaluator, lambdas_capture_a_snapshot) {
  Harness h;
  h.run("k = 2; f = @(x) x * k; k = 100; y = f(3); g = @f; z = g(4);");
  EXPECT_EQ(h.scalar("y"), 6.0);
  EXPECT_EQ(h.scalar("z"), 8.0);
  EXPECT_EQ(h.error("f(1, 2)"), "lambda expects 1 argument(s), got 2");
}

TEST(evaluator, break_continue_and_while) {
  Harness h;
  h.run(
      "s = 0;\nfor k = 1:10\n  if k == 3, continue; end\n  if k == 6, break; end\n  s = s + "
      "k;\nend\n"
      "n = 0;\nwhile true\n  n = n + 1;\n  if n >= 4, break; end\nend");
  EXPECT_EQ(h.scalar("s"), 1 + 2 + 4 + 5);
  EXPECT_EQ(h.scalar("k"), 6.0);
  EXPECT_EQ(h.scalar("n"), 4.0);
}

TEST(evaluator, switch_matches_values_and_strings) {
  Harness h;
  h.run(
      "r = 0;\nswitch \"b\"\n  case \"a\"\n    r = 1;\n  case \"b\"\n    r = 2;\n  otherwise\n    "
      "r = 3;\nend");
  EXPECT_EQ(h.scalar("r"), 2.0);
  h.run("switch 7\n  case 1\n    r = 1;\n  otherwise\n    r = 9;\nend");
  EXPECT_EQ(h.scalar("r"), 9.0);
}

TEST(evaluator, try_catch_binds_the_message) {
  Harness h;
  h.run("try\n  x = undefined_thing + 1;\ncatch err\n  m = err.message;\nend");
  EXPECT_EQ(h.variable("m").string_value(), "undefined variable 'undefined_thing'");
}

TEST(evaluator, end_binds_to_the_innermost_container) {
  Harness h;
  h.run("a = [10, 20, 30, 40]; b = [1, 2]; x = a(b(end) + end - 4); y = a(end - 1:end);");
  EXPECT_EQ(h.scalar("x"), 20.0);
  EXPECT_EQ(h.variable("y").matrix_value()[1], 40.0);
}

TEST(evaluator, multiple_assignment_from_a_builtin_tuple) {
  Harness h;
  h.run("[a, b] = twice(4);");
  EXPECT_EQ(h.scalar("b"), 8.0);
  EXPECT_EQ(h.error("[a, b, c] = twice(4);"),
            "multi-assign: expected 3 values, function returned 2");
}

TEST(evaluator, errors_carry_the_failing_location) {
  Harness h;
  try {
    h.run("x = 1;\ny = x + [1, 2] * [3, 4];");
    FAIL();
  } catch (const Error& e) {
    ASSERT_TRUE(e.where().has_value());
    EXPECT_EQ(e.where()->line, 2);
  }
}

TEST(evaluator, an_error_in_a_function_adds_a_trace_frame) {
  Harness h;
  h.run("function bad()\n  q = nope;\nend");
  try {
    h.run("bad();");
    FAIL();
  } catch (const Error& e) {
    ASSERT_EQ(e.trace().size(), 1u);
    EXPECT_NE(e.trace()[0].find("in bad at"), std::string::npos);
    EXPECT_EQ(e.where()->line, 2);
  }
}

TEST(evaluator, return_at_top_level_is_an_error) {
  Harness h;
  EXPECT_EQ(h.error("x = 1;\nreturn\n"), "return");
}

}  // namespace
}  // namespace llmlab::runtime
