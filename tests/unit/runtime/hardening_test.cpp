// Issue #19 at the runtime level: interrupts no script can catch, the public request/clear
// interface the Jupyter kernel uses, deep expressions below the parser's bound, and MATLAB's
// range length next to 2^53.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

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
    ADD_FAILURE() << "an ordinary error: " << error.what();
    return error.what();
  } catch (const Stop& stop) {
    EXPECT_EQ(stop.reason(), reason);
    return stop.what();
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
  } catch (const Stop& stop) {
    EXPECT_EQ(stop.reason(), StopReason::StepBudget);
  }
}

// The stop is no Error: a library `catch (const Error&)` lets it through, as the script's
// `catch` does, and it carries the place it stopped at for the report.
TEST(hardening, interrupt_passes_error_handlers_and_carries_its_place) {
  Harness h;
  h.run(
      "function r = down(n)\n  if n == 0\n    while true\n    end\n  end\n  r = down(n - 1);\nend");
  std::thread later([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    h.interpreter().interrupt();
  });
  bool stopped = false;
  try {
    try {
      h.run("try\n  down(40)\ncatch\n  show(0)\nend");
    } catch (const Error& error) {
      ADD_FAILURE() << "an Error handler caught the interrupt: " << error.what();
    }
  } catch (const Stop& stop) {
    stopped = stop.is_interrupt();
    EXPECT_TRUE(stop.report().where().has_value());
    EXPECT_NE(format_error_report(stop.report()).find("test.rlab:3:"), std::string::npos)
        << format_error_report(stop.report());
  }
  later.join();
  EXPECT_TRUE(stopped);
  EXPECT_EQ(h.run("show(1)"), "1\n");
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
