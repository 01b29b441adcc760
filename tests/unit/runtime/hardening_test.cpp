// Issue #19 at the runtime level: interrupts no script can catch, the public request/clear
// interface the Jupyter kernel uses, deep expressions below the parser's bound, and MATLAB's
// range length next to 2^53.
#include <gtest/gtest.h>

#include <string>

#include "base/stop.hpp"
#include "harness.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

// Runs `text` and returns the Stop it must end with.
std::string stop_message(Harness& h, const std::string& text, StopReason reason) {
  try {
    h.run(text);
  } catch (const Error& error) {
    const Stop* stop = as_stop(error);
    EXPECT_NE(stop, nullptr) << "an ordinary error: " << error.what();
    if (stop != nullptr) {
      EXPECT_EQ(stop->reason(), reason);
    }
    return error.what();
  }
  return "<no error>";
}

TEST(hardening, interrupt_unwinds_through_try) {
  Harness h;
  h.interpreter().interrupt();
  EXPECT_TRUE(h.interpreter().interrupt_requested());
  EXPECT_EQ(stop_message(h, "try\n  x = 1;\ncatch e\n  show(e.message)\nend\nshow(2)",
                         StopReason::Interrupt),
            "interrupted");
  // The request was acted on: the next run goes through.
  EXPECT_FALSE(h.interpreter().interrupt_requested());
  EXPECT_EQ(h.run("show(3)"), "3\n");
}

TEST(hardening, time_limit_unwinds_through_try_in_functions) {
  Harness h;
  h.run("function f()\n  try\n    x = 1;\n  catch\n    show(0)\n  end\nend");
  h.interpreter().interrupt(InterruptReason::TimeLimit);
  EXPECT_EQ(stop_message(h, "f()", StopReason::TimeLimit), "time limit exceeded");
}

TEST(hardening, cleared_request_does_not_stop) {
  Harness h;
  h.interpreter().interrupt();
  h.interpreter().clear_interrupt();
  EXPECT_EQ(h.run("show(1)"), "1\n");
}

TEST(hardening, step_budget_is_not_catchable) {
  Session session;
  InterpreterOptions options;
  options.step_budget = 50;
  Interpreter interpreter(session, options);
  try {
    interpreter.run(std::make_shared<const SourceFile>(
        "t.rlab", "try\n  while true\n  end\ncatch\nend\nwhile true\nend\n"));
    FAIL() << "the budget did not stop the loop";
  } catch (const Error& error) {
    const Stop* stop = as_stop(error);
    ASSERT_NE(stop, nullptr);
    EXPECT_EQ(stop->reason(), StopReason::StepBudget);
  }
}

TEST(hardening, long_chains_below_the_bound_evaluate) {
  Harness h;
  std::string sum = "y = 1";
  for (int k = 1; k < 4000; ++k) sum += " + 1";
  h.run(sum + ";");
  EXPECT_EQ(h.scalar("y"), 4000.0);
  std::string transposes = "x = 7; y = x";
  for (int k = 0; k < 4000; ++k) transposes += "'";
  h.run(transposes + ";");
  EXPECT_EQ(h.scalar("y"), 7.0);
}

TEST(hardening, ranges_count_first) {
  Harness h;
  h.run("x = 2^53:2^53+4;");
  EXPECT_EQ(h.variable("x").matrix_value().size(), 5);
  h.run("c = 0; for k = 2^53:2^53+2\n c = c + 1;\nend");
  EXPECT_EQ(h.scalar("c"), 3.0);
}

}  // namespace
}  // namespace llmlab::runtime
