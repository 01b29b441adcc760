// MATLAB's g/e display (language.md §13.12): per-element significant digits, so values of very
// different sizes stay distinct, and the "Columns a through b" wrapping.
#include "num/matlab_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace llmlab::num {
namespace {

Matrix row(std::vector<double> values) { return Matrix::row(values); }

TEST(matlab_format, numbers_in_each_style) {
  EXPECT_EQ(matlab_number(M_PI, MatlabStyle::ShortG), "3.1416");
  EXPECT_EQ(matlab_number(M_PI, MatlabStyle::LongG), "3.14159265358979");
  EXPECT_EQ(matlab_number(M_PI, MatlabStyle::ShortE), "3.1416e+00");
  EXPECT_EQ(matlab_number(M_PI, MatlabStyle::LongE), "3.141592653589793e+00");
  EXPECT_EQ(matlab_number(1e-7, MatlabStyle::ShortG), "1e-07");
  EXPECT_EQ(matlab_number(42, MatlabStyle::ShortG), "42");
  EXPECT_EQ(matlab_number(NAN, MatlabStyle::ShortG), "NaN");
  EXPECT_EQ(matlab_number(-INFINITY, MatlabStyle::LongE), "-Inf");
  EXPECT_EQ(matlab_complex({3, -4}, MatlabStyle::ShortG), "3 - 4i");
}

TEST(matlab_format, format_short_and_long_numbers) {
  struct Case {
    double x;
    MatlabStyle style;
    const char* text;
  };
  const std::vector<Case> cases = {
      {3, MatlabStyle::Short, "3"},
      {-0.0, MatlabStyle::Short, "0"},
      {M_PI, MatlabStyle::Short, "3.1416"},
      {-2.5, MatlabStyle::Short, "-2.5000"},
      {123.456, MatlabStyle::Short, "123.4560"},
      {0.01, MatlabStyle::Short, "0.0100"},
      {0.001, MatlabStyle::Short, "0.0010"},
      {1234.5, MatlabStyle::Short, "1.2345e+03"},
      {1e-8, MatlabStyle::Short, "1.0000e-08"},
      {123456789, MatlabStyle::Short, "123456789"},
      {1e10, MatlabStyle::Short, "1.0000e+10"},
      {NAN, MatlabStyle::Short, "NaN"},
      {-INFINITY, MatlabStyle::Short, "-Inf"},
      {M_PI, MatlabStyle::Long, "3.141592653589793"},
      {7, MatlabStyle::Long, "7"},
      {1e-8, MatlabStyle::Long, "1.000000000000000e-08"},
  };
  for (const Case& c : cases) EXPECT_EQ(matlab_number(c.x, c.style), c.text) << c.x;
  EXPECT_EQ(matlab_complex({3, 4}, MatlabStyle::Short), "3 + 4i");
  EXPECT_EQ(matlab_complex({0.5, -2}, MatlabStyle::Short), "0.5000 - 2.0000i");
}

TEST(matlab_format, format_short_arrays_share_one_layout) {
  EXPECT_EQ(matlab_array(row({1, 2, 3}), MatlabStyle::Short, 80), "   1   2   3\n");
  // A minus sign takes the column's leading space; an exact zero is 0 (Octave's layout).
  EXPECT_EQ(matlab_array(row({1.5, -2.25, 3}), MatlabStyle::Short, 80),
            "   1.5000  -2.2500   3.0000\n");
  EXPECT_EQ(matlab_array(row({-10, 5}), MatlabStyle::Short, 80), "  -10    5\n");
  EXPECT_EQ(matlab_array(row({1.5, 0, -0.0}), MatlabStyle::Short, 80),
            "   1.5000        0        0\n");
  EXPECT_EQ(matlab_array(row({1, 0}), MatlabStyle::Short, 80, true), "  1  0\n");
  EXPECT_EQ(matlab_array(row({1, 5e-5}), MatlabStyle::Short, 80), "   1.0000e+00   5.0000e-05\n");
  EXPECT_EQ(matlab_array(row({INFINITY, NAN, 2}), MatlabStyle::Short, 80), "   Inf   NaN     2\n");
  EXPECT_EQ(matlab_array(Matrix(0, 0), MatlabStyle::Short, 80), "[](0x0)\n");
}

TEST(matlab_format, small_values_stay_distinct) {
  EXPECT_EQ(matlab_array(row({0.5, 1e-7, 2e-9}), MatlabStyle::ShortG, 80),
            "     0.5   1e-07   2e-09\n");
}

TEST(matlab_format, columns_are_right_aligned) {
  Matrix m = Matrix::from_rows({{1, -2.5}, {100000, 1.0 / 3.0}});
  EXPECT_EQ(matlab_array(m, MatlabStyle::ShortG, 80),
            "         1      -2.5\n     1e+05   0.33333\n");
}

TEST(matlab_format, wide_arrays_wrap_in_column_blocks) {
  std::vector<double> values;
  for (int k = 1; k <= 10; ++k) values.push_back(k * 1000);
  // Each column is 3 spaces + 5 characters: 2 fit in 16 characters.
  const std::string text = matlab_array(row(values), MatlabStyle::ShortG, 16);
  EXPECT_TRUE(text.starts_with("  Columns 1 through 2\n\n    1000    2000\n\n")) << text;
  EXPECT_NE(text.find("\n  Columns 3 through 4\n\n    3000    4000\n"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("\n  Columns 9 through 10\n\n    9000   10000\n")) << text;
  // A last block of one column says "Column".
  const std::string odd = matlab_array(row({1, 2, 3}), MatlabStyle::ShortG, 8);
  EXPECT_NE(odd.find("  Column 3\n\n   3\n"), std::string::npos) << odd;
}

TEST(matlab_format, empty_array) {
  EXPECT_EQ(matlab_array(Matrix(0, 3), MatlabStyle::LongG, 80), "[](0x3)\n");
}

}  // namespace
}  // namespace llmlab::num
