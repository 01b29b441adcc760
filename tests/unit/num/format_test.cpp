// Exact text of the number and array forms of language.md §8.2–§8.5 and §8.8, checked against the
// spec's examples and the seed's expected lines.
#include "num/format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

namespace llmlab::num {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(format_shortest, special_values) {
  EXPECT_EQ(format_shortest(kNaN), "NaN");
  EXPECT_EQ(format_shortest(-kNaN), "NaN");
  EXPECT_EQ(format_shortest(kInf), "inf");
  EXPECT_EQ(format_shortest(-kInf), "-inf");
  EXPECT_EQ(format_shortest(0.0), "0");
  EXPECT_EQ(format_shortest(-0.0), "-0");
}

TEST(format_shortest, spec_examples) {
  EXPECT_EQ(format_shortest(3.0), "3");
  EXPECT_EQ(format_shortest(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(format_shortest(3.0999937929016566e-7), "0.00000030999937929016566");
  EXPECT_EQ(format_shortest(32380.935903241378), "32380.935903241378");
  EXPECT_EQ(format_shortest(1e21), "1000000000000000000000");
  EXPECT_EQ(format_shortest(1.2345678901234568e20), "123456789012345680000");
  EXPECT_EQ(format_shortest(5e-324), "0." + std::string(323, '0') + "5");
  EXPECT_EQ(format_shortest(384.0), "384");
  EXPECT_EQ(format_shortest(1.4142135623730951), "1.4142135623730951");
  EXPECT_EQ(format_shortest(-24.2082394987112), "-24.2082394987112");
  EXPECT_EQ(format_shortest(0.9999999999999999), "0.9999999999999999");
  EXPECT_EQ(format_shortest(4.440892098500626e-16), "0.0000000000000004440892098500626");
  EXPECT_EQ(format_shortest(4.4408920985006264e-17), "0.000000000000000044408920985006264");
  EXPECT_EQ(format_shortest(1.1466328625622554e-16), "0.00000000000000011466328625622554");
  EXPECT_EQ(format_shortest(0.5), "0.5");
  EXPECT_EQ(format_shortest(-2.0), "-2");
}

TEST(format_shortest, tie_takes_larger_magnitude) {
  // Exactly halfway between ...562 and ...563: Rust takes ...563, to_chars the even ...562.
  EXPECT_EQ(format_shortest(-23830153956197.5625), "-23830153956197.563");
  EXPECT_EQ(format_shortest(23830153956197.5625), "23830153956197.563");
}

// Every result must read back as exactly the value it came from.
TEST(format_shortest, round_trips) {
  std::mt19937_64 generator(12);
  std::uniform_int_distribution<std::uint64_t> bits;
  for (int i = 0; i < 20000; ++i) {
    const double x = std::bit_cast<double>(bits(generator));
    if (!std::isfinite(x)) continue;
    const std::string text = format_shortest(x);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), x) << text;
  }
}

TEST(format_fixed, f6) {
  EXPECT_EQ(format_fixed6(1.0), "1.000000");
  EXPECT_EQ(format_fixed6(-1.4142135623730951), "-1.414214");
  EXPECT_EQ(format_fixed6(-0.0), "-0.000000");
  EXPECT_EQ(format_fixed6(-1e-9), "-0.000000");
  EXPECT_EQ(format_fixed6(1e20), "100000000000000000000.000000");
  EXPECT_EQ(format_fixed6(kNaN), "NaN");
  EXPECT_EQ(format_fixed6(kInf), "inf");
  EXPECT_EQ(format_fixed6(-kInf), "-inf");
  // Ties to even on the exact binary value: 0.5 at 0 decimals is a true tie.
  EXPECT_EQ(format_fixed(0.5, 0), "0");
  EXPECT_EQ(format_fixed(2.5, 0), "2");
  EXPECT_EQ(format_fixed(1e300, 2).size(), 304u);
}

TEST(format_hex, bits) {
  EXPECT_EQ(format_hex(3.141592653589793), "400921fb54442d18");
  EXPECT_EQ(format_hex(0.0), "0000000000000000");
  EXPECT_EQ(format_hex(-0.0), "8000000000000000");
}

TEST(insert_commas, groups) {
  EXPECT_EQ(insert_commas("1234567.5"), "1,234,567.5");
  EXPECT_EQ(insert_commas("-1234567"), "-1,234,567");
  EXPECT_EQ(insert_commas("123"), "123");
  EXPECT_EQ(insert_commas("1234"), "1,234");
  EXPECT_EQ(insert_commas("1234567.000000"), "1,234,567.000000");
  EXPECT_EQ(insert_commas("1234e5"), "1,234e5");
  EXPECT_EQ(insert_commas("NaN"), "NaN");
  EXPECT_EQ(insert_commas("-inf"), "-inf");
  EXPECT_EQ(insert_commas(""), "");
}

TEST(format_scalar, modes) {
  EXPECT_EQ(format_scalar(3.141592653589793, NumberStyle::Long), "3.141592653589793");
  EXPECT_EQ(format_scalar(3.0, NumberStyle::Long), "3.000000000000000");
  EXPECT_EQ(format_scalar(3.141592653589793, NumberStyle::Hex), "400921fb54442d18");
  EXPECT_EQ(format_scalar(1234567.5, NumberStyle::Commas), "1,234,567.5");
  EXPECT_EQ(format_scalar(kNaN, NumberStyle::Commas), "NaN");
}

TEST(format_complex, scalar_forms) {
  EXPECT_EQ(format_complex({3, 4}), "3+4j");
  EXPECT_EQ(format_complex({1, -2}), "1-2j");
  EXPECT_EQ(format_complex({0, 1}), "0+1j");
  EXPECT_EQ(format_complex({-1, 0}), "-1+0j");
  EXPECT_EQ(format_complex({1, -0.0}), "1+-0j");
  EXPECT_EQ(format_complex({1, kNaN}), "1NaNj");
  EXPECT_EQ(format_complex({-5.551115123125783e-16, 0.9983341664682812}),
            "-0.0000000000000005551115123125783+0.9983341664682812j");
  EXPECT_EQ(format_complex({1, 2}, NumberStyle::Long), "1.000000000000000+2.000000000000000j");
  EXPECT_EQ(format_complex({1, 0}, NumberStyle::Hex), "3ff0000000000000");
  EXPECT_EQ(format_complex({1, -1}, NumberStyle::Hex), "3ff0000000000000+bff0000000000000j");
  EXPECT_EQ(format_complex({1234, 5678}, NumberStyle::Commas), "1,234+5,678j");
}

TEST(format_element, e6) {
  EXPECT_EQ(format_element(Complex(0.042857142857, -0.128571428571)), "0.042857-0.128571j");
  EXPECT_EQ(format_element(Complex(2, 1e-13)), "2.000000");
  EXPECT_EQ(format_element(Complex(kInf, kNaN)), "infNaNj");
  EXPECT_EQ(format_element(1234567.0, NumberStyle::Commas), "1,234,567.000000");
  EXPECT_EQ(format_element(1.0, NumberStyle::Long), "1.000000000000000");
  EXPECT_EQ(format_element(Complex(1, 1e-13), NumberStyle::Hex),
            "3ff0000000000000+3d3c25c268497682j");
}

TEST(format_vector, blocks) {
  EXPECT_EQ(format_vector(Matrix::from_rows({{1, 2, 3, 4, 5}})),
            "[1\u00d75]  1.000000  2.000000  3.000000  4.000000  5.000000");
  EXPECT_EQ(format_vector(Matrix(1, 0)), "[1\u00d70]");
  EXPECT_EQ(format_vector(Matrix::from_rows({{-1.4142135623730951, -0.7071067811865476, 0,
                                              0.7071067811865476, 1.4142135623730951}})),
            "[1\u00d75]  -1.414214  -0.707107  0.000000  0.707107  1.414214");
  EXPECT_EQ(format_vector(Matrix::from_rows({{-1e-17, -2e-17, -0.0, 1e-17}})),
            "[1\u00d74]  -0.000000  -0.000000  -0.000000  0.000000");
  EXPECT_EQ(format_vector(Matrix::from_rows({{0.030317, 0.307086, 0.142642, 0.542517, 0.272497,
                                              0.951131, 0.175462, 0.256766, 1, 2, 3}})),
            "[1\u00d711]  0.030317  0.307086  0.142642  0.542517  0.272497  0.951131  0.175462  "
            "0.256766  ... (11 total)");
  EXPECT_EQ(format_vector(Matrix::from_rows({{kInf}})), "[1\u00d71]  inf");
  Matrix complex_values(1, 3, Matrix::Element::ComplexValued);
  complex_values.set(0, Complex(0.042857142857, -0.128571428571));
  complex_values.set(1, Complex(0.628571428571, -0.242857142857));
  complex_values.set(2, Complex(-0.2, -0.028571428571));
  EXPECT_EQ(format_vector(complex_values),
            "[1\u00d73]  0.042857-0.128571j  0.628571-0.242857j  -0.200000-0.028571j");
  EXPECT_EQ(format_vector(Matrix::from_rows({{1234567, 2}}), NumberStyle::Commas),
            "[1\u00d72]  1,234,567.000000  2.000000");
}

TEST(format_matrix, blocks) {
  EXPECT_EQ(format_matrix(Matrix::from_rows({{1, 2}, {3, 4}})),
            "Matrix(2x2)\n  [1.000000, 2.000000]\n  [3.000000, 4.000000]");
  EXPECT_EQ(format_matrix(Matrix()), "Matrix(0x0)");
  EXPECT_EQ(format_matrix(Matrix(2, 0)), "Matrix(2x0)\n  []\n  []");
  EXPECT_EQ(format_matrix(Matrix::from_rows({{kNaN, kInf, kNaN}})),
            "Matrix(1x3)\n  [NaN, inf, NaN]");
  EXPECT_EQ(format_matrix(Matrix::from_rows({{-0.0}, {0.0}})),
            "Matrix(2x1)\n  [-0.000000]\n  [0.000000]");
  const Matrix wide(2, 10, 1.5);
  EXPECT_EQ(
      format_matrix(wide),
      "Matrix(2x10)\n"
      "  [1.500000, 1.500000, 1.500000, 1.500000, 1.500000, 1.500000, 1.500000, 1.500000, ...]\n"
      "  [1.500000, 1.500000, 1.500000, 1.500000, 1.500000, 1.500000, 1.500000, 1.500000, ...]");
  const Matrix tall(9, 1, 0.0);
  std::string expected = "Matrix(9x1)";
  for (int i = 0; i < 8; ++i) expected += "\n  [0.000000]";
  expected += "\n  ... (9 rows total)";
  EXPECT_EQ(format_matrix(tall), expected);
  EXPECT_EQ(format_matrix(Matrix::from_rows({{1}}), NumberStyle::Hex),
            "Matrix(1x1)\n  [3ff0000000000000]");
}

TEST(format_printf_conversions, exponential) {
  EXPECT_EQ(format_exponential(1234567.891, 6), "1.234568e+06");
  EXPECT_EQ(format_exponential(1e-5, 6), "1.000000e-05");
  EXPECT_EQ(format_exponential(0.0, 6), "0.000000e+00");
  EXPECT_EQ(format_exponential(1e300, 2), "1.00e+300");
  EXPECT_EQ(format_exponential(0.0, 2), "0.00e+00");
  EXPECT_EQ(format_exponential(kNaN, 2), "NaN");
  EXPECT_EQ(format_exponential(-kInf, 2), "-inf");
}

TEST(format_printf_conversions, rlab_general) {
  EXPECT_EQ(format_general(3.14159265, 6), "3.141593");
  EXPECT_EQ(format_general(100, 6), "100");
  EXPECT_EQ(format_general(0, 6), "0");
  EXPECT_EQ(format_general(1234567, 6), "1.234567e6");
  EXPECT_EQ(format_general(0.00001, 6), "1.000000e-5");
  EXPECT_EQ(format_general(1e-4, 6), "0.0001");
  EXPECT_EQ(format_general(kNaN, 6), "NaN");
  EXPECT_EQ(format_general(kInf, 6), "inf");
  EXPECT_EQ(format_general(2.5, 0), "2");
}

TEST(format_printf_conversions, integer) {
  EXPECT_EQ(format_integer(42.9), "42");
  EXPECT_EQ(format_integer(-42.9), "-42");
  EXPECT_EQ(format_integer(kNaN), "0");
  EXPECT_EQ(format_integer(kInf), "9223372036854775807");
  EXPECT_EQ(format_integer(-kInf), "-9223372036854775808");
}

TEST(format_num2str, forms) {
  EXPECT_EQ(format_num2str(42), "42");
  EXPECT_EQ(format_num2str(-3), "-3");
  EXPECT_EQ(format_num2str(3.141592653589793), "3.1416");
  EXPECT_EQ(format_num2str(0.001234), "0.001234");
  EXPECT_EQ(format_num2str(123.456), "123.456");
  EXPECT_EQ(format_num2str(1e20), "100000000000000000000");
  EXPECT_EQ(format_num2str(1.5e-7), "1.5e-07");
  EXPECT_EQ(format_num2str(kNaN), "NaN");
  EXPECT_EQ(format_num2str(kInf), "Inf");
  EXPECT_EQ(format_num2str(-kInf), "-Inf");
  EXPECT_EQ(format_c_general(3.141592653589793, 8), "3.1415927");
}

}  // namespace
}  // namespace llmlab::num
