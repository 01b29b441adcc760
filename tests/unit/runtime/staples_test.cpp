// MATLAB/Octave staples of language.md §13.12 at the evaluator level: `ans`, matrix division
// with its warnings, one-line blocks.
#include <gtest/gtest.h>

#include <cmath>

#include "harness.hpp"

namespace llmlab::runtime {
namespace {

using testing::Harness;

TEST(staples, ans_holds_the_last_unassigned_value) {
  Harness h;
  EXPECT_EQ(h.run("2 + 2"), "4\n");
  EXPECT_EQ(h.scalar("ans"), 4);
  h.run("x = 7; x");  // a variable shown by name does not become ans (MATLAB)
  EXPECT_EQ(h.scalar("ans"), 4);
  h.run("3 * x;");  // suppressed: no echo, still ans
  EXPECT_EQ(h.scalar("ans"), 21);
  h.run("show(1)");  // a call that returns nothing leaves ans alone
  EXPECT_EQ(h.scalar("ans"), 21);
  EXPECT_EQ(h.run("ans + 1"), "22\n");
}

TEST(staples, left_division_solves_square_systems) {
  Harness h;
  h.run("A = [4, -2; 1, 1]; b = [2; 3]; x = A \\ b;");
  const num::Matrix& x = h.variable("x").matrix_value();
  ASSERT_EQ(x.rows(), 2);
  ASSERT_EQ(x.columns(), 1);
  EXPECT_NEAR(x[0], 4.0 / 3.0, 1e-14);
  EXPECT_NEAR(x[1], 5.0 / 3.0, 1e-14);
  // An rlab vector right side is the column MATLAB needs; the answer is a vector.
  h.run("y = [2, 0; 0, 4] \\ [2, 8];");
  EXPECT_TRUE(h.variable("y").is(Kind::Vector));
  EXPECT_NEAR(h.variable("y").matrix_value()[1], 2.0, 1e-15);
  // `\` binds like `*`, left to right: (2 * A) \ b.
  h.run("z = 2 * [2, 0; 0, 4] \\ [4; 8];");
  EXPECT_NEAR(h.variable("z").matrix_value()[0], 1.0, 1e-15);
  EXPECT_NEAR(h.variable("z").matrix_value()[1], 1.0, 1e-15);
  // A scalar on the left divides element-wise: s \ A is A / s.
  h.run("w = 2 \\ [4, 6];");
  EXPECT_EQ(h.variable("w").matrix_value()[1], 3.0);
}

TEST(staples, division_of_rectangular_systems_is_least_squares) {
  Harness h;
  // Overdetermined, consistent: the exact solution.
  h.run("x = [1, 0; 0, 1; 1, 1] \\ [1; 2; 3];");
  EXPECT_NEAR(h.variable("x").matrix_value()[0], 1.0, 1e-12);
  EXPECT_NEAR(h.variable("x").matrix_value()[1], 2.0, 1e-12);
  // Underdetermined: the minimum-norm solution of x1 + x2 = 2 is [1; 1].
  h.run("m = [1, 1] \\ 2;");
  EXPECT_NEAR(h.variable("m").matrix_value()[0], 1.0, 1e-12);
  EXPECT_NEAR(h.variable("m").matrix_value()[1], 1.0, 1e-12);
  // Right division: x * B = A.
  h.run("r = [2, 4] / [1, 2];");
  ASSERT_TRUE(h.variable("r").is(Kind::Scalar));
  EXPECT_NEAR(h.scalar("r"), 2.0, 1e-12);
  h.run("R = [1, 2; 3, 4] / [1, 2; 3, 4];");
  const num::Matrix& identity = h.variable("R").matrix_value();
  EXPECT_NEAR(identity(0, 0), 1.0, 1e-12);
  EXPECT_NEAR(identity(0, 1), 0.0, 1e-12);
  EXPECT_NEAR(identity(1, 1), 1.0, 1e-12);
}

TEST(staples, singular_and_badly_conditioned_systems_warn) {
  Harness h;
  std::string diagnostics;
  h.session().set_error_output([&](std::string_view text) { diagnostics += text; });
  h.run("x = [1, 2; 2, 4] \\ [1; 2];");
  EXPECT_EQ(diagnostics, "warning: matrix is singular to working precision\n");
  diagnostics.clear();
  h.run("y = [1, 1; 1, 1 + 1e-17 * 3] \\ [1; 1];");
  EXPECT_NE(diagnostics.find("warning: matrix is"), std::string::npos) << diagnostics;
  diagnostics.clear();
  // Hilbert's 12×12 matrix: RCOND about 3e-17, below eps, though LU finds no zero pivot.
  h.run("H = 1 ./ ((1:12)' + (1:12) - 1); z = H \\ ((1:12)' * 0 + 1);");
  EXPECT_NE(diagnostics.find("close to singular or badly scaled"), std::string::npos)
      << diagnostics;
  EXPECT_NE(diagnostics.find("RCOND = "), std::string::npos) << diagnostics;
  diagnostics.clear();
  h.run("w = [2, 0; 0, 4] \\ [1; 1];");
  EXPECT_EQ(diagnostics, "");
  EXPECT_EQ(h.error("q = [1, 2; 3, 4] \\ [1; 2; 3];"),
            "matrix division: A is 2\u00d72 but B has 3 rows (A \\ B needs as many rows in both)");
}

TEST(staples, one_line_blocks) {
  Harness h;
  EXPECT_EQ(h.run("for i=1:3 show(i) end"), "1\n2\n3\n");
  EXPECT_EQ(h.run("x = -1; if x > 0 y = 1, else y = 2, end"), "y = 2\n");
  h.run("k = 0; while k < 3 k = k + 1; end");
  EXPECT_EQ(h.scalar("k"), 3);
  EXPECT_EQ(h.run("for i = 1:2 if i == 2 show(i), end, end"), "2\n");
}

}  // namespace
}  // namespace llmlab::runtime
