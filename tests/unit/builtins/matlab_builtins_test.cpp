// The MATLAB-compatible builtins: their slice dispatch gives the documented kinds, and the
// properties that single script lines cannot cover (magic squares of many orders, randperm over
// many seeds, polyfit on noisy data).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "builtins/matlab_slices.hpp"
#include "builtins/registry.hpp"
#include "lab.hpp"

namespace llmlab::builtins {
namespace {

using num::Matrix;
using runtime::Kind;
using runtime::Value;

using testing::Lab;

TEST(matlab_builtins, slice_plan_follows_the_stats_dispatch) {
  const Value vector = Value::vector(Matrix::from_rows({{1, 2, 3}}));
  const Value row = Value::matrix(Matrix::from_rows({{1, 2, 3}}));
  const Value square = Value::matrix(Matrix::from_rows({{1, 2}, {3, 4}}));
  EXPECT_EQ(matlab::plan_slices(Value::scalar(4), std::nullopt), matlab::Slices::Whole);
  EXPECT_EQ(matlab::plan_slices(vector, std::nullopt), matlab::Slices::Whole);
  EXPECT_EQ(matlab::plan_slices(vector, 1), matlab::Slices::EachElement);
  EXPECT_EQ(matlab::plan_slices(row, std::nullopt), matlab::Slices::Whole);
  EXPECT_EQ(matlab::plan_slices(row, 1), matlab::Slices::Columns);
  EXPECT_EQ(matlab::plan_slices(square, std::nullopt), matlab::Slices::Columns);
  EXPECT_EQ(matlab::plan_slices(square, 2), matlab::Slices::Rows);
}

TEST(matlab_builtins, transform_keeps_the_orientation_of_a_column) {
  const Value column = Value::matrix(Matrix::from_rows({{1}, {4}, {9}}));
  const Value result = matlab::transform_slices(
      column, column.matrix_value(), matlab::Slices::Whole, 2, [](std::span<const double> v) {
        return std::vector<double>{v[1] - v[0], v[2] - v[1]};
      });
  ASSERT_TRUE(result.is(Kind::Matrix));
  EXPECT_EQ(result.matrix_value(), Matrix::from_rows({{3}, {5}}));
}

// Every row, column and both diagonals sum to n(n² + 1)/2 and the entries are 1..n².
TEST(matlab_builtins, magic_squares_are_magic_for_every_construction) {
  Lab lab;
  for (int n = 3; n <= 14; ++n) {
    const Matrix m = lab.evaluate("magic(" + std::to_string(n) + ")").matrix_value();
    const double target = n * (n * n + 1) / 2.0;
    double diagonal = 0.0;
    double antidiagonal = 0.0;
    std::vector<double> entries;
    for (int i = 0; i < n; ++i) {
      double row = 0.0;
      double column = 0.0;
      for (int j = 0; j < n; ++j) {
        row += m(i, j);
        column += m(j, i);
        entries.push_back(m(i, j));
      }
      EXPECT_EQ(row, target) << "n = " << n << ", row " << i;
      EXPECT_EQ(column, target) << "n = " << n << ", column " << i;
      diagonal += m(i, i);
      antidiagonal += m(i, n - 1 - i);
    }
    EXPECT_EQ(diagonal, target) << "n = " << n;
    EXPECT_EQ(antidiagonal, target) << "n = " << n;
    std::sort(entries.begin(), entries.end());
    for (int k = 0; k < n * n; ++k) EXPECT_EQ(entries[static_cast<std::size_t>(k)], k + 1);
  }
}

TEST(matlab_builtins, randperm_is_a_permutation_and_repeats_under_a_seed) {
  Lab lab;
  for (int seed = 0; seed < 20; ++seed) {
    const Matrix p =
        lab.evaluate("randperm(10); seed(" + std::to_string(seed) + "); result = randperm(10)")
            .matrix_value();
    std::vector<double> sorted(p.real_values().begin(), p.real_values().end());
    std::sort(sorted.begin(), sorted.end());
    for (int k = 0; k < 10; ++k) EXPECT_EQ(sorted[static_cast<std::size_t>(k)], k + 1);
    const Matrix again =
        lab.evaluate("seed(" + std::to_string(seed) + "); result = randperm(10)").matrix_value();
    EXPECT_EQ(p, again);
  }
  // Every value appears in the first slot over many draws: the shuffle reaches all of 1..n.
  std::set<double> first;
  lab.evaluate("seed(7); result = 0");
  for (int draw = 0; draw < 200; ++draw)
    first.insert(lab.evaluate("randperm(5, 1)").matrix_value()[0]);
  EXPECT_EQ(first.size(), 5u);
}

TEST(matlab_builtins, polyfit_recovers_a_cubic_from_exact_samples) {
  Lab lab;
  const Matrix p =
      lab.evaluate("polyfit(-2:0.5:2, 0.5 * (-2:0.5:2).^3 - (-2:0.5:2) + 3, 3)").matrix_value();
  const std::vector<double> expected = {0.5, 0.0, -1.0, 3.0};
  ASSERT_EQ(p.size(), 4);
  for (num::Index k = 0; k < 4; ++k) {
    EXPECT_NEAR(p[k], expected[static_cast<std::size_t>(k)], 1e-12) << "coefficient " << k;
  }
}

TEST(matlab_builtins, errors_name_the_builtin) {
  Lab lab;
  const auto message = [&lab](const std::string& code) {
    try {
      lab.evaluate(code);
    } catch (const Error& error) {
      return std::string(error.what());
    }
    return std::string("<no error>");
  };
  EXPECT_NE(message("nchoosek(2, 3)").find("nchoosek: k must be <= n"), std::string::npos);
  EXPECT_NE(message("sub2ind([2, 2], 3, 1)").find("sub2ind: index 3 out of range 1..2"),
            std::string::npos);
  EXPECT_NE(message("interp1([1, 1], [2, 3], 1)").find("interp1: x must be strictly monotonic"),
            std::string::npos);
}

// warning("off", ...) silences warnings by identifier or all at once; "on" restores them.
TEST(matlab_builtins, warning_state_silences_and_restores) {
  Lab lab;
  std::string errors;
  lab.session.set_error_output([&](std::string_view text) { errors += text; });
  lab.run("warning(\"off\", \"all\"); warning(\"hidden\");");
  EXPECT_EQ(errors, "");
  lab.run("warning on\nwarning(\"shown %d\", 1);");
  EXPECT_EQ(errors, "warning: shown 1\n");
  errors.clear();
  lab.run("warning(\"off\", \"Train:slow\"); warning(\"Train:slow\", \"slow %d\", 2);");
  lab.run("warning(\"Train:fast\", \"fast %d\", 3);");
  EXPECT_EQ(errors, "warning: fast 3\n");
  errors.clear();
  lab.run("warning(\"on\", \"Train:slow\"); warning(\"Train:slow\", \"slow %d\", 4);");
  EXPECT_EQ(errors, "warning: slow 4\n");
}

}  // namespace
}  // namespace llmlab::builtins
