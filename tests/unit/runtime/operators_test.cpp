// Operators by operand kind (language.md §5, §13.5–§13.8).
#include <gtest/gtest.h>

#include "harness.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

TEST(operators, kinds_of_arithmetic_results) {
  Harness h;
  h.run(
      "v = [1, 2, 3]; M = [1, 2; 3, 4]; a = v + 1; b = 2 * M; c = v .* v; d = v * [1; 1; 1];"
      " e = v' * v; f = M * M; g = v + [1; 2]; z = i * i; t = true + true;");
  EXPECT_EQ(h.variable("a").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("b").kind(), Kind::Matrix);
  EXPECT_EQ(h.variable("c").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("d").kind(), Kind::Scalar);
  EXPECT_EQ(h.scalar("d"), 6.0);
  EXPECT_EQ(h.variable("e").kind(), Kind::Matrix);
  EXPECT_EQ(h.variable("f").matrix_value()(1, 1), 22.0);
  EXPECT_EQ(h.variable("g").matrix_value().rows(), 2);
  EXPECT_EQ(h.variable("z").kind(), Kind::Complex);
  EXPECT_EQ(h.scalar("t"), 2.0);
}

TEST(operators, errors_name_the_operator_and_kinds) {
  Harness h;
  EXPECT_EQ(h.error("\"a\" * 2"), "unsupported operand types for Mul: string and scalar");
  EXPECT_EQ(h.error("[1, 2] + [1, 2, 3]"), "vector length mismatch: 2 vs 3");
  EXPECT_EQ(h.error("[1, 2] / [1, 2, 3]"),
            "matrix division: A is 1\u00d72 but B has 3 columns (A / B needs as many columns in "
            "both)");
  EXPECT_EQ(h.error("-\"s\""), "cannot negate string");
  EXPECT_EQ(h.error("!\"s\""), "'!' operator requires bool, got string");
}

TEST(operators, strings_concatenate_and_compare) {
  Harness h;
  h.run("s = \"ab\" + \"cd\"; e = \"x\" == \"x\"; n = \"x\" != \"y\";");
  EXPECT_EQ(h.variable("s").string_value(), "abcd");
  EXPECT_TRUE(h.variable("e").bool_value());
  EXPECT_TRUE(h.variable("n").bool_value());
  EXPECT_EQ(h.error("\"a\" < \"b\""), "ordered comparison not defined for strings");
}

TEST(operators, comparisons_give_logical_arrays) {
  Harness h;
  h.run("v = [1, 5, 3]; m = v > 2; n = ~m; b = m & [1, 1, 0]; o = 1 | 0;");
  EXPECT_TRUE(h.variable("m").is_logical());
  EXPECT_EQ(h.variable("m").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("n").matrix_value()[0], 1.0);
  EXPECT_EQ(h.variable("b").matrix_value()[2], 0.0);
  EXPECT_EQ(h.variable("o").kind(), Kind::Bool);
}

TEST(operators, short_circuit_skips_the_right_operand) {
  Harness h;
  h.run("a = false && undefined_name; b = true || undefined_name;");
  EXPECT_FALSE(h.variable("a").bool_value());
  EXPECT_TRUE(h.variable("b").bool_value());
  EXPECT_NE(h.error("[1, 2] && true").find("&&/||: operand must be scalar (got vector)"),
            std::string::npos);
}

TEST(operators, ranges_accumulate_by_addition) {
  Harness h;
  h.run("r = 0:0.1:0.3; e = 5:1; n = 1:2.5;");
  EXPECT_EQ(h.variable("r").matrix_value()[3], 0.30000000000000004);
  EXPECT_EQ(h.variable("e").matrix_value().size(), 0);
  EXPECT_EQ(h.variable("n").matrix_value().size(), 2);
  EXPECT_EQ(h.error("1:0:3"), "range step cannot be zero");
}

TEST(operators, matrix_literals_follow_block_rules) {
  Harness h;
  h.run("M = [1, 2; 3, 4]; A = [M, 5]; v = [1:3, 7]; c = [1; 2; 3]; one = [5]; L = [true, false];");
  EXPECT_EQ(h.variable("A").matrix_value().columns(), 3);
  EXPECT_EQ(h.variable("A").matrix_value()(1, 2), 5.0);
  EXPECT_EQ(h.variable("v").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("c").kind(), Kind::Matrix);
  EXPECT_EQ(h.variable("one").kind(), Kind::Vector);
  EXPECT_TRUE(h.variable("L").is_logical());
  EXPECT_EQ(h.error("[1, 2; 3]"), "matrix concat: row 2 has 1 columns, expected 2");
  EXPECT_EQ(h.error("[\"a\", 1]"),
            "matrix elements must be scalar, complex, vector, or matrix; got string");
}

TEST(operators, transposes_make_matrices) {
  Harness h;
  h.run("v = [1, 2, 3]; c = v'; r = v''; z = (1 + 2 * i)';");
  EXPECT_EQ(h.variable("c").matrix_value().rows(), 3);
  EXPECT_EQ(h.variable("r").kind(), Kind::Matrix);
  EXPECT_EQ(h.variable("z").complex_value().imag(), -2.0);
}

}  // namespace
}  // namespace llmlab::runtime
