// Index reads, writes with growth, deletion and masks (language.md §6, §13.7, §13.9).
#include <gtest/gtest.h>

#include "harness.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

TEST(indexing, vector_reads) {
  Harness h;
  h.run("v = [10, 20, 30, 40]; a = v(2); b = v([1, 3]); c = v(:); d = v(1, 3);");
  EXPECT_EQ(h.scalar("a"), 20.0);
  EXPECT_EQ(h.variable("b").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("b").matrix_value()[1], 30.0);
  EXPECT_EQ(h.variable("c").matrix_value().size(), 4);
  EXPECT_EQ(h.scalar("d"), 30.0);
  EXPECT_EQ(h.error("v(7)"), "index 7 out of bounds (length 4)");
  EXPECT_EQ(h.error("v(0)"), "index 0 is invalid (1-based indexing)");
  EXPECT_EQ(h.error("v(2, 2)"), "2D indexing on a vector requires one dimension to be 1");
}

TEST(indexing, matrix_reads_are_column_major_for_one_subscript) {
  Harness h;
  h.run(
      "M = [10, 20, 30; 40, 50, 60]; a = M(2); r = M(2, :); c = M(:, 3); s = M(:); R = M(1:2, "
      "2:3);");
  EXPECT_EQ(h.scalar("a"), 40.0);
  EXPECT_EQ(h.variable("r").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("c").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("c").matrix_value()[1], 60.0);
  EXPECT_EQ(h.variable("s").matrix_value()[2], 20.0);
  EXPECT_EQ(h.variable("R").kind(), Kind::Matrix);
  EXPECT_EQ(h.error("M(7)"), "linear index 7 out of bounds (2×3 = 6 elements)");
  EXPECT_EQ(h.error("M(3, 1)"), "index 3 out of bounds (size 2)");
}

TEST(indexing, scalars_index_as_one_element_vectors) {
  Harness h;
  h.run("x = 5; a = x(1); b = x([1, 1]);");
  EXPECT_EQ(h.scalar("a"), 5.0);
  EXPECT_EQ(h.variable("b").matrix_value().size(), 2);
  EXPECT_EQ(h.error("x(2)"), "index 2 out of bounds (length 1)");
  h.run("x(3) = 1;");
  EXPECT_EQ(h.variable("x").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("x").matrix_value()[0], 5.0);
}

TEST(indexing, strings_string_arrays_and_tuples) {
  Harness h;
  h.run("s = \"hello\"; a = s(2); b = s(2:3); t = {\"x\", \"y\", \"z\"}; u = t(2); w = t(2:3);");
  EXPECT_EQ(h.variable("a").string_value(), "e");
  EXPECT_EQ(h.variable("b").string_value(), "el");
  EXPECT_EQ(h.variable("u").string_value(), "y");
  EXPECT_EQ(h.variable("w").kind(), Kind::StringArray);
  EXPECT_EQ(h.error("s(9)"), "string index 9 out of bounds (length 5)");
}

TEST(indexing, growth_on_assignment) {
  Harness h;
  h.run("v = [1, 2]; v(4) = 9;");
  EXPECT_EQ(h.variable("v").matrix_value().size(), 4);
  EXPECT_EQ(h.variable("v").matrix_value()[2], 0.0);
  h.run("B(2, 3) = 5; w = [1, 2]; w(1, 4) = 9; u = [1, 2]; u(2, 1) = 9;");
  EXPECT_EQ(h.variable("B").kind(), Kind::Matrix);
  EXPECT_EQ(h.variable("B").matrix_value().columns(), 3);
  EXPECT_EQ(h.variable("w").kind(), Kind::Vector);
  EXPECT_EQ(h.variable("w").matrix_value()[3], 9.0);
  EXPECT_EQ(h.variable("u").kind(), Kind::Matrix);
  EXPECT_EQ(h.variable("u").matrix_value()(1, 0), 9.0);
}

TEST(indexing, region_and_row_writes) {
  Harness h;
  h.run("A = [1, 2, 3; 4, 5, 6]; A(1, :) = [7, 8, 9]; A(2) = [0, 0, 1]; A(:, 1) = 5;");
  const num::Matrix& a = h.variable("A").matrix_value();
  EXPECT_EQ(a(0, 1), 8.0);
  EXPECT_EQ(a(1, 2), 1.0);
  EXPECT_EQ(a(1, 0), 5.0);
  EXPECT_EQ(h.error("A(1, :) = [1, 2];"),
            "index assignment: vector of length 2 does not match target region 1×3 (3 elements)");
  EXPECT_EQ(h.error("A(1:2, 1:2) = [1, 2; 3, 4; 5, 6];"),
            "index assignment: RHS shape 3×2 does not match target region 2×2");
}

TEST(indexing, masks_read_write_and_delete) {
  Harness h;
  h.run("v = [3, -1, 4, -1, 5]; p = v(v > 0); v(v < 0) = 0; w = [1, 2, 3, 4]; w(w > 2) = [];");
  EXPECT_EQ(h.variable("p").matrix_value().size(), 3);
  EXPECT_EQ(h.variable("v").matrix_value()[1], 0.0);
  EXPECT_EQ(h.variable("w").matrix_value().size(), 2);
  EXPECT_EQ(h.error("v([1, 0, 1])"), "index 0 is invalid (1-based indexing)");
}

TEST(indexing, deletion_of_rows_and_columns) {
  Harness h;
  h.run("M = [1, 2, 3; 4, 5, 6; 7, 8, 9]; M(2, :) = []; N = [1, 2; 3, 4]; N(:, 1) = [];");
  EXPECT_EQ(h.variable("M").matrix_value().rows(), 2);
  EXPECT_EQ(h.variable("M").matrix_value()(1, 0), 7.0);
  EXPECT_EQ(h.variable("N").matrix_value().columns(), 1);
  EXPECT_NE(h.error("M(1) = [];").find("[]-deletion on a matrix"), std::string::npos);
  EXPECT_EQ(h.error("q(1) = [];"), "[]-deletion: undefined variable 'q'");
}

TEST(indexing, chained_indexing) {
  Harness h;
  h.run(
      "function r = f()\n  r = [5, 6, 7];\nend\na = f()(2); b = (1:5)(end); c = [1, 2; 3, 4]'(2);");
  EXPECT_EQ(h.scalar("a"), 6.0);
  EXPECT_EQ(h.scalar("b"), 5.0);
  EXPECT_EQ(h.scalar("c"), 2.0);
}

}  // namespace
}  // namespace llmlab::runtime
