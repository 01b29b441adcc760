// The Interpreter API used by the CLI, notebooks and builtins: evaluate, variables, invoke,
// clear, interrupt and the step budget.
#include "runtime/interpreter.hpp"

#include <gtest/gtest.h>

#include "harness.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

TEST(interpreter, evaluate_reads_the_top_level_scope) {
  Harness h;
  h.run("n = 4;");
  EXPECT_EQ(h.interpreter().evaluate("n * 2 + 1").scalar_value(), 9.0);
  EXPECT_EQ(h.interpreter().evaluate("[n, n]").kind(), Kind::Vector);
  EXPECT_THROW(h.interpreter().evaluate("x = 1"), Error);
}

TEST(interpreter, variables_can_be_set_listed_and_cleared) {
  Harness h;
  h.interpreter().set_variable("loaded", Value::scalar(7));
  h.run("y = loaded + 1;");
  EXPECT_EQ(h.scalar("y"), 8.0);
  const std::vector<std::string> names = h.interpreter().variable_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "loaded"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "pi"), names.end());
  h.run("function r = f()\n  r = 1;\nend");
  EXPECT_TRUE(h.interpreter().has_user_function("f"));
  h.interpreter().clear();
  EXPECT_FALSE(h.interpreter().has_variable("y"));
  EXPECT_TRUE(h.interpreter().has_variable("pi"));
  EXPECT_FALSE(h.interpreter().has_user_function("f"));
}

TEST(interpreter, invoke_calls_lambdas_handles_and_names) {
  Harness h;
  h.run("g = @(a, b) a - b; function r = neg(x)\n  r = -x;\nend");
  const Value lambda = *h.interpreter().variable("g");
  EXPECT_EQ(h.interpreter().invoke(lambda, {Value::scalar(5), Value::scalar(2)}).scalar_value(),
            3.0);
  EXPECT_EQ(
      h.interpreter().invoke(Value::function_handle("neg"), {Value::scalar(2)}).scalar_value(),
      -2.0);
  EXPECT_EQ(h.interpreter().call("neg", {Value::scalar(3)}).scalar_value(), -3.0);
  EXPECT_THROW(h.interpreter().call("no_such_function", {}), Error);
}

TEST(interpreter, interrupt_stops_a_running_loop) {
  Harness h;
  h.interpreter().interrupt();
  EXPECT_EQ(h.stop("while true\nend"), "interrupted");
}

TEST(interpreter, the_step_budget_stops_runaway_programs) {
  Session session;
  Interpreter interpreter(session, InterpreterOptions{1000, 100});
  try {
    interpreter.run(std::make_shared<const SourceFile>("loop.rlab", "while true\nend"));
    FAIL();
  } catch (const Stop& e) {
    EXPECT_STREQ(e.what(), "step budget exhausted");
  }
}

TEST(interpreter, lambdas_display_their_source) {
  Harness h;
  EXPECT_EQ(h.run("f = @(x, y) -x .^ 2 + (y - 1) * 3;\nshow(f)"),
            "@(x, y) -x .^ 2 + (y - 1) * 3\n");
}

TEST(interpreter, run_resolves_against_the_including_file) {
  Harness h;
  const std::string error = h.error("run \"missing_file_for_test.rlab\"");
  EXPECT_NE(error.find("run: cannot read '/"), std::string::npos) << error;
  EXPECT_NE(error.find("/missing_file_for_test.rlab': "), std::string::npos) << error;
}

}  // namespace
}  // namespace llmlab::runtime
