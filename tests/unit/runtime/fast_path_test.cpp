// The compiled fast path of scalar loops (scalar_code.hpp, fast_statement.cpp): every case where
// it must give way to the generic evaluator, and results bit-identical to the generic path.
#include <gtest/gtest.h>

#include <cstring>

#include "harness.hpp"
#include "num/matrix.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

// The error a program raises, with its location.
Error error_of(Harness& h, const std::string& text) {
  try {
    h.run(text);
  } catch (const Error& e) {
    return e;
  }
  return Error("<no error>");
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(fast_path, results_match_the_generic_evaluator_bit_for_bit) {
  Harness h;
  // The lambda body runs through the generic expression evaluator; the loop body is compiled.
  h.run(
      "g = @(x) 3.9 * x * (1 - x);\n"
      "x = 0.3; y = 0.3; s = 0; t = 0; p = 2; q = 2;\n"
      "for k = 1:1000\n"
      "  x = 3.9 * x * (1 - x);\n"
      "  y = g(y);\n"
      "  s += x * x / 3 - -x;\n"
      "  t = t + (x * x / 3 - -x);\n"
      "  p = p ^ 1.0001 - k / 7;\n"
      "  q = q .^ 1.0001 - k ./ 7;\n"
      "end");
  EXPECT_TRUE(same_bits(h.scalar("x"), h.scalar("y")));
  EXPECT_TRUE(same_bits(h.scalar("s"), h.scalar("t")));
  EXPECT_TRUE(same_bits(h.scalar("p"), h.scalar("q")));
}

TEST(fast_path, a_loop_variable_reassigned_in_the_body_does_not_change_the_iteration) {
  Harness h;
  h.run("s = 0;\nfor k = 1:3\n  k = k * 10;\n  s = s + k;\nend");
  EXPECT_EQ(h.scalar("s"), 60.0);
  EXPECT_EQ(h.scalar("k"), 30.0);
}

TEST(fast_path, a_variable_that_becomes_a_vector_takes_the_generic_path) {
  Harness h;
  h.run("x = 1;\nfor k = 1:3\n  if k == 2\n    x = [1, 2];\n  end\n  x = x + 1;\nend");
  EXPECT_EQ(h.variable("x").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("x").matrix_value()[1], 4.0);
  // And back: the compiled statement is used again once x is a scalar.
  h.run("for k = 1:2\n  x = k;\n  x = x * 2;\nend");
  EXPECT_EQ(h.scalar("x"), 4.0);
}

TEST(fast_path, an_indexed_array_that_becomes_a_scalar_is_read_by_the_generic_path) {
  Harness h;
  h.run("A = [1, 2, 3];\nt = 0;\nfor k = 1:3\n  t = t + A(1);\n  A = 5;\nend");
  EXPECT_EQ(h.scalar("t"), 11.0);
}

TEST(fast_path, break_and_continue_leave_the_compiled_body) {
  Harness h;
  h.run(
      "s = 0;\nfor k = 1:10\n  if k == 3\n    continue;\n  end\n  if k == 6\n    break;\n  end\n"
      "  s = s + k;\nend");
  EXPECT_EQ(h.scalar("s"), 12.0);
  EXPECT_EQ(h.scalar("k"), 6.0);
}

TEST(fast_path, errors_in_a_compiled_statement_report_line_and_column) {
  Harness h;
  const Error undefined = error_of(h, "x = 1;\nfor k = 1:3\n  y = x + nothing_here;\nend");
  EXPECT_STREQ(undefined.what(), "undefined variable 'nothing_here'");
  ASSERT_TRUE(undefined.where().has_value());
  EXPECT_EQ(undefined.where()->line, 3);
  EXPECT_EQ(undefined.where()->column, 11);
  const Error compound = error_of(h, "for k = 1:2\n  fresh_total += k;\nend");
  EXPECT_STREQ(compound.what(), "undefined variable 'fresh_total'");
  EXPECT_EQ(compound.where()->line, 2);
}

TEST(fast_path, ranges_empty_fractional_and_descending) {
  Harness h;
  h.run("n = 0;\nfor k = 1:0\n  n = n + 1;\nend");
  EXPECT_EQ(h.scalar("n"), 0.0);
  h.run("s = 0;\nfor k = 0.5:0.5:2\n  s = s + k;\nend");
  EXPECT_EQ(h.scalar("s"), 5.0);
  h.run("s = 0;\nfor k = 5:-2:1\n  s = s * 10 + k;\nend");
  EXPECT_EQ(h.scalar("s"), 531.0);
}

TEST(fast_path, element_reads_use_matlab_linear_order_and_refuse_fractions) {
  Harness h;
  h.run(
      "M = [1, 2, 3; 4, 5, 6];\nv = [7, 8, 9];\nfor k = 1:1\n  a = M(2, 3);\n  b = M(2);\n"
      "  c = v(0.1 * 30) + M(1, 1);\nend");
  EXPECT_EQ(h.scalar("a"), 6.0);
  EXPECT_EQ(h.scalar("b"), 4.0);
  EXPECT_EQ(h.scalar("c"), 10.0);
  // A fractional index is MATLAB's error on the compiled path too, never a truncation (#19).
  const Error fraction = error_of(h, "for k = 1:1\n  t = M(2.9, 3);\nend");
  EXPECT_STREQ(fraction.what(), "Index must be a positive integer (got 2.9)");
  EXPECT_EQ(fraction.where()->line, 2);
}

TEST(fast_path, element_reads_out_of_range_raise_the_generic_errors) {
  Harness h;
  const Error row = error_of(h, "A = [1, 2; 3, 4];\nfor k = 1:3\n  t = A(k, 1);\nend");
  EXPECT_STREQ(row.what(), "index 3 out of bounds (size 2)");
  EXPECT_EQ(row.where()->line, 3);
  EXPECT_EQ(h.scalar("t"), 3.0);
  const Error zero = error_of(h, "v = [1, 2];\nfor k = 1:1\n  t = v(k - 1);\nend");
  EXPECT_STREQ(zero.what(), "index 0 is invalid (1-based indexing)");
  EXPECT_EQ(zero.where()->line, 3);
}

TEST(fast_path, element_writes_grow_the_array_through_the_generic_path) {
  Harness h;
  h.run(
      "B = [0, 0; 0, 0];\nfor k = 1:3\n  B(k, k) = k;\nend\nv = [1];\nfor k = 1:3\n  v(k) = "
      "k;\nend");
  const num::Matrix& b = h.variable("B").matrix_value();
  ASSERT_EQ(b.rows(), 3);
  ASSERT_EQ(b.columns(), 3);
  EXPECT_EQ(b(2, 2), 3.0);
  EXPECT_EQ(b(0, 1), 0.0);
  EXPECT_EQ(h.variable("v").matrix_value().size(), 3);
  const Error invalid = error_of(h, "for k = 1:1\n  B(k - 1, 1) = 2;\nend");
  EXPECT_STREQ(invalid.what(), "index 0 is invalid (1-based indexing)");
  EXPECT_EQ(invalid.where()->line, 2);
}

TEST(fast_path, element_writes_into_shared_storage_clone_once) {
  Harness h;
  h.run("A = [1, 2, 3];\nB = A;");
  const std::uint64_t before = num::Matrix::clone_count();
  h.run("for k = 1:3\n  B(k) = 0;\nend");
  EXPECT_EQ(num::Matrix::clone_count(), before + 1);
  EXPECT_EQ(h.variable("A").matrix_value()[2], 3.0);
  EXPECT_EQ(h.variable("B").matrix_value()[2], 0.0);
}

TEST(fast_path, element_writes_of_matrices_and_linear_positions) {
  Harness h;
  h.run("M = [1, 2; 3, 4];\nfor k = 1:1\n  M(2) = 30;\n  M(1, 2) = 20;\nend");
  const num::Matrix& m = h.variable("M").matrix_value();
  EXPECT_EQ(m(1, 0), 30.0);
  EXPECT_EQ(m(0, 1), 20.0);
}

TEST(fast_path, element_writes_clear_the_logical_mark_and_handle_complex_arrays) {
  Harness h;
  h.run(
      "m = [1, 2] > 1;\nz = [1, 2] * i;\nfor k = 1:1\n  m(1) = 5;\n  z(1) = 3;\n  w = z(2);\nend");
  EXPECT_FALSE(h.variable("m").is_logical());
  EXPECT_EQ(h.variable("m").matrix_value()[0], 5.0);
  EXPECT_EQ(h.variable("z").matrix_value().complex_at(0), num::Complex(3.0, 0.0));
  EXPECT_EQ(h.variable("w").kind(), Kind::Complex);
}

TEST(fast_path, logical_operands_take_the_generic_path) {
  Harness h;
  h.run("b = true;\nfor k = 1:1\n  y = b + 1;\nend");
  EXPECT_EQ(h.scalar("y"), 2.0);
}

TEST(fast_path, compiled_statements_still_echo) {
  Harness h;
  EXPECT_EQ(h.run("for k = 1:2\n  x = k * 2\nend"), "x = 2\nx = 4\n");
  EXPECT_EQ(h.run("v = [1, 2];\nfor k = 1:1\n  v(2) = 7\nend"), "v(2) = 7+0j\n");
  EXPECT_EQ(h.run("t = 1;\nfor k = 1:1\n  t += 2\nend"), "t = 3\n");
}

TEST(fast_path, interrupts_stop_a_compiled_loop) {
  Harness h;
  h.interpreter().interrupt();
  EXPECT_EQ(h.stop("x = 0;\nfor k = 1:100000000\n  x = x + k;\nend"), "interrupted");
  // The interrupt is consumed: the next run is not interrupted.
  h.run("y = 1;");
  EXPECT_EQ(h.scalar("y"), 1.0);
}

TEST(fast_path, the_step_budget_counts_compiled_statements) {
  Session session;
  Interpreter interpreter(session, InterpreterOptions{1000, 100});
  try {
    interpreter.run(std::make_shared<const SourceFile>(
        "loop.rlab", "x = 0;\nfor k = 1:100000000\n  x = x + k;\nend"));
    FAIL();
  } catch (const Stop& e) {
    EXPECT_STREQ(e.what(), "step budget exhausted");
  }
  // Within the budget nothing is raised: two steps per iteration (the iteration and its
  // statement), 300 iterations, and the two statements around them.
  interpreter.run(
      std::make_shared<const SourceFile>("short.rlab", "x = 0;\nfor k = 1:300\n  x = x + k;\nend"));
  EXPECT_EQ(interpreter.variable("x")->scalar_value(), 45150.0);
}

TEST(fast_path, the_step_budget_stops_at_the_same_statement_inside_a_fused_body) {
  Session session;
  // Steps: the two assignments and the loop (3), then per iteration the iteration itself and
  // its two statements. The 12th step is `b = b + 1` of the third iteration.
  Interpreter interpreter(session, InterpreterOptions{11, 100});
  EXPECT_THROW(interpreter.run(std::make_shared<const SourceFile>(
                   "budget.rlab", "a = 0;\nb = 0;\nfor k = 1:10\n  a = a + 1;\n  b = b + 1;\nend")),
               Stop);
  EXPECT_EQ(interpreter.variable("a")->scalar_value(), 3.0);
  EXPECT_EQ(interpreter.variable("b")->scalar_value(), 2.0);
}

TEST(fast_path, a_statement_that_falls_back_mid_body_keeps_the_order_of_effects) {
  Harness h;
  // The middle statement needs the generic path (growth) on every iteration; the ones around
  // it must see its effect and run exactly once each.
  h.run(
      "v = [0];\ncount = 0;\nlast = 0;\nfor k = 1:4\n  count = count + 1;\n  v(k + 1) = k;\n"
      "  last = v(k + 1) * 10;\nend");
  EXPECT_EQ(h.scalar("count"), 4.0);
  EXPECT_EQ(h.scalar("last"), 40.0);
  EXPECT_EQ(h.variable("v").matrix_value().size(), 5);
}

TEST(fast_path, while_loops_and_nested_loops_use_compiled_bodies) {
  Harness h;
  h.run(
      "n = 0;\ntotal = 0;\nwhile n < 5\n  n = n + 1;\n  total = total + n * n;\nend\n"
      "M = [0, 0, 0; 0, 0, 0];\nfor r = 1:2\n  for c = 1:3\n    M(r, c) = 10 * r + c;\n  end\nend");
  EXPECT_EQ(h.scalar("n"), 5.0);
  EXPECT_EQ(h.scalar("total"), 55.0);
  EXPECT_EQ(h.variable("M").matrix_value()(1, 2), 23.0);
}

TEST(fast_path, an_unsuppressed_statement_in_a_loop_body_still_echoes) {
  Harness h;
  EXPECT_EQ(h.run("s = 0;\nfor k = 1:3\n  s = s + k;\n  t = s * 2\nend"), "t = 2\nt = 6\nt = 12\n");
}

TEST(fast_path, functions_compile_against_their_own_slots) {
  Harness h;
  h.run(
      "function r = total(n)\n  r = 0;\n  for k = 1:n\n    r = r + k;\n  end\nend\n"
      "a = total(4);\nb = total(10);\nr = 1;\nk = 0;");
  EXPECT_EQ(h.scalar("a"), 10.0);
  EXPECT_EQ(h.scalar("b"), 55.0);
  EXPECT_EQ(h.scalar("r"), 1.0);
}

// Range loops keep their scalars in registers (ScalarCode::run_range) and write them back when
// they stop; what a program sees must be what the statement-by-statement path leaves.
TEST(fast_path, registers_start_from_variables_stored_before_they_are_read) {
  Harness h;
  // t is undefined and y a vector when the loop starts: both are stored before any read.
  h.run("y = [1, 2];\ns = 0;\nfor k = 1:3\n  t = k * 2;\n  y = t + 1;\n  s = s + y;\nend");
  EXPECT_EQ(h.scalar("t"), 6.0);
  EXPECT_EQ(h.scalar("y"), 7.0);
  EXPECT_EQ(h.scalar("s"), 15.0);
  EXPECT_EQ(h.scalar("k"), 3.0);
}

TEST(fast_path, registers_are_written_back_before_an_error) {
  Harness h;
  EXPECT_THROW(h.run("s = 0;\nA = [1, 2, 3];\nfor k = 1:5\n  s = s + k;\n  b = A(k);\nend"), Error);
  // Iteration 4 ran its first statement and stopped at A(4).
  EXPECT_EQ(h.scalar("s"), 10.0);
  EXPECT_EQ(h.scalar("b"), 3.0);
  EXPECT_EQ(h.scalar("k"), 4.0);
}

TEST(fast_path, a_loop_variable_indexed_in_the_body_stays_in_its_variable) {
  Harness h;
  h.run("s = 0;\nfor k = 1:3\n  k(2) = 7;\n  s = s + k(2) + k(1);\nend");
  EXPECT_EQ(h.scalar("s"), 27.0);
  EXPECT_EQ(h.variable("k").matrix_value().size(), 2);
}

TEST(fast_path, registers_resume_after_a_statement_on_the_generic_path) {
  Harness h;
  // v(k + 1) = k grows v every iteration (the generic path); the scalars around it carry on
  // in registers across those stops and agree with the generic path's order of effects.
  h.run(
      "v = [0];\ntotal = 0;\nfor k = 1:6\n  total = total + k;\n  v(k + 1) = total;\n"
      "  total = total * 2;\nend");
  EXPECT_EQ(h.scalar("total"), 240.0);
  EXPECT_EQ(h.variable("v").matrix_value()[6], 120.0);
}

}  // namespace
}  // namespace llmlab::runtime
