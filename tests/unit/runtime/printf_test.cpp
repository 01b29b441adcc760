// The sprintf/fprintf engine against language.md §8.8, including the errors' exact text and
// llmlab's MATLAB extensions (array arguments, recycling, %x %o %c, `*`).
#include "runtime/printf.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "base/error.hpp"

namespace llmlab::runtime {
namespace {

using num::Matrix;

std::string format(std::string_view text, std::vector<Value> arguments = {}) {
  return format_printf(text, arguments, PrintfRules::Rlab);
}

// The matlab dialect's conversions (language.md §14).
std::string c_format(std::string_view text, std::vector<Value> arguments) {
  return format_printf(text, arguments, PrintfRules::C);
}

std::string error_of(std::string_view text, std::vector<Value> arguments = {}) {
  try {
    format_printf(text, arguments, PrintfRules::Rlab);
  } catch (const Error& error) {
    return error.what();
  }
  return "<no error>";
}

Value number(double x) { return Value::scalar(x); }

TEST(printf, spec_examples) {
  EXPECT_EQ(format("%5.2f|%-6d|%s", {number(M_PI), number(42), Value::string("ab")}),
            " 3.14|42    |ab");
  EXPECT_EQ(format("%,d", {number(1234567)}), "1,234,567");
  EXPECT_EQ(format("%,.2f", {number(1234567.891)}), "1,234,567.89");
  EXPECT_EQ(format("%.2e", {number(0)}), "0.00e+00");
  EXPECT_EQ(format("%.2e", {number(3.54e-6)}), "3.54e-06");
  EXPECT_EQ(format("%.3f", {number(0.497)}), "0.497");
}

TEST(printf, escapes_and_percent) {
  EXPECT_EQ(format("a\\nb\\tc\\\\d"), "a\nb\tc\\d");
  EXPECT_EQ(format("\\q"), "\\q");
  EXPECT_EQ(format("100%%"), "100%");
  EXPECT_EQ(format("end\\"), "end\\");
  EXPECT_EQ(format(""), "");
}

TEST(printf, conversions) {
  EXPECT_EQ(format("%d %i", {number(42.9), number(-42.9)}), "42 -42");
  // NaN, Inf and integers past 64 bits print as MATLAB prints them, not as a saturated or
  // zero integer (issue #19).
  EXPECT_EQ(format("%d", {number(std::nan(""))}), "NaN");
  EXPECT_EQ(format("%d", {number(std::numeric_limits<double>::infinity())}), "Inf");
  EXPECT_EQ(format("%i", {number(-std::numeric_limits<double>::infinity())}), "-Inf");
  EXPECT_EQ(format("%d", {number(1e20)}), "1e+20");
  EXPECT_EQ(format("%d", {number(9007199254740993.0)}), "9007199254740992");
  EXPECT_EQ(format("%f", {number(std::nan(""))}), "NaN");
  EXPECT_EQ(format("%f %f", {number(std::numeric_limits<double>::infinity()),
                             number(-std::numeric_limits<double>::infinity())}),
            "inf -inf");
  EXPECT_EQ(format("%f", {number(1)}), "1.000000");
  EXPECT_EQ(format("%e", {number(1234567.891)}), "1.234568e+06");
  EXPECT_EQ(format("%e", {number(1e-5)}), "1.000000e-05");
  EXPECT_EQ(format("%.2e", {number(1e300)}), "1.00e+300");
  EXPECT_EQ(format("%g", {number(3.14159265)}), "3.141593");
  EXPECT_EQ(format("%g %g", {number(100), number(0)}), "100 0");
  EXPECT_EQ(format("%g", {number(1234567)}), "1.234567e6");
  EXPECT_EQ(format("%g", {number(0.00001)}), "1.000000e-5");
  EXPECT_EQ(format("%s", {Value::string("x\\ny")}), "x\\ny");
  EXPECT_EQ(format("%.1s", {Value::string("abc")}), "abc");
  EXPECT_EQ(format("%d", {Value::boolean(true)}), "1");
  EXPECT_EQ(format("%f", {Value::complex({2, 1e-12})}), "2.000000");
}

TEST(printf, ignored_flags_and_width) {
  EXPECT_EQ(format("%+d", {number(5)}), "5");
  EXPECT_EQ(format("%05d", {number(5)}), "    5");
  EXPECT_EQ(format("%#x|% d", {number(255), number(3)}), "ff|3");
  EXPECT_EQ(format("[%8s]", {Value::string("h\u00e9")}), "[      h\u00e9]");
  EXPECT_EQ(format("[%-4s]", {Value::string("ab")}), "[ab  ]");
  EXPECT_EQ(format("[%2d]", {number(12345)}), "[12345]");
}

TEST(printf, extensions) {
  EXPECT_EQ(format("%x %X %o", {number(255), number(255), number(8)}), "ff FF 10");
  EXPECT_EQ(format("%x", {number(-255)}), "-ff");
  EXPECT_EQ(format("%c%c", {number(72), Value::string("i")}), "Hi");
  EXPECT_EQ(format("%c", {number(233)}), "\u00e9");
  EXPECT_EQ(format("[%*d]", {number(5), number(42)}), "[   42]");
  EXPECT_EQ(format("[%-*d]", {number(4), number(7)}), "[7   ]");
  EXPECT_EQ(format("%.*f", {number(2), number(M_PI)}), "3.14");
  EXPECT_EQ(format("%E %G", {number(1234567.891), number(1234567)}), "1.234568E+06 1.234567E6");
  EXPECT_EQ(format("%u", {number(7)}), "7");
}

TEST(printf, surplus_scalar_arguments_are_ignored) {
  EXPECT_EQ(format("%d\\n", {number(1), number(2), number(3)}), "1\n");
  EXPECT_EQ(format("plain", {number(1)}), "plain");
}

TEST(printf, arrays_flatten_and_recycle) {
  const Value v = Value::vector(Matrix::from_rows({{1, 2, 3}}));
  EXPECT_EQ(format("%d\\n", {v}), "1\n2\n3\n");
  EXPECT_EQ(format("%d, ", {v}), "1, 2, 3, ");
  EXPECT_EQ(format("%d and %d\\n", {v}), "1 and 2\n3 and ");
  // Matrices flatten column-major.
  const Value m = Value::matrix(Matrix::from_rows({{1, 2}, {3, 4}}));
  EXPECT_EQ(format("%d %d\\n", {m}), "1 3\n2 4\n");
  EXPECT_EQ(format("%d:%d;", {number(0), v}), "0:1;2:3;");
  EXPECT_EQ(error_of("%s=%d;", {Value::string("n"), v}), "fprintf %s: expected string, got scalar");
  EXPECT_EQ(format("[%d]", {Value::vector(Matrix(1, 0))}), "[]");
  EXPECT_EQ(format("x", {v}), "x");
}

TEST(printf, errors) {
  EXPECT_EQ(error_of("%f"), "fprintf: not enough arguments (need arg 2 for '%f')");
  EXPECT_EQ(error_of("%d %d", {number(1)}), "fprintf: not enough arguments (need arg 3 for '%d')");
  EXPECT_EQ(error_of("abc%"), "fprintf: trailing '%'");
  EXPECT_EQ(error_of("%5.", {number(1)}), "fprintf: incomplete format specifier");
  EXPECT_EQ(error_of("%-", {number(1)}), "fprintf: incomplete format specifier");
  EXPECT_EQ(error_of("%y", {number(1)}), "fprintf: unknown specifier '%y'");
  EXPECT_EQ(error_of("%f", {Value::string("a")}), "fprintf %f: expected scalar, got string");
  EXPECT_EQ(error_of("%s", {number(1)}), "fprintf %s: expected string, got scalar");
  EXPECT_EQ(error_of("%d", {Value::complex({1, 1})}), "fprintf %d: expected scalar, got complex");
  EXPECT_EQ(error_of("%d", {Value::structure()}), "fprintf %d: expected scalar, got struct");
  EXPECT_EQ(error_of("%*d", {Value::string("a"), number(1)}),
            "fprintf *: expected scalar, got string");
  // The first problem met while scanning wins.
  EXPECT_EQ(error_of("%d %y"), "fprintf: not enough arguments (need arg 2 for '%d')");
}

// Expected texts printed by GNU Octave 7.3 for the same format and arguments.
TEST(printf, c_rules_act_on_every_flag) {
  EXPECT_EQ(c_format("%05.1f|%05d|%-5d|%+.2f", {number(42), number(42), number(42), number(42)}),
            "042.0|00042|42   |+42.00");
  EXPECT_EQ(c_format("%+d % d %05d %-5d|", {number(3), number(3), number(-3), number(3)}),
            "+3  3 -0003 3    |");
  EXPECT_EQ(c_format("%#o %#x %#g %#.0f", {number(8), number(255), number(1.5), number(3)}),
            "010 0xff 1.50000 3.");
  EXPECT_EQ(c_format("%010.3e", {number(-12.5)}), "-1.250e+01");
  // Under rlab's rules the same flags are accepted and ignored (§8.8).
  EXPECT_EQ(format("%05.1f|%+d", {number(42), number(3)}), " 42.0|3");
}

TEST(printf, c_rules_reuse_the_format_for_surplus_arguments) {
  EXPECT_EQ(c_format("%d|", {number(1), number(2), number(3)}), "1|2|3|");
  EXPECT_EQ(c_format("%s and %s", {Value::string("x")}), "x and ");
  EXPECT_EQ(c_format("abc %d def", {}), "abc  def");
  // rlab scans the format once (§8.8).
  EXPECT_EQ(format("%d|", {number(1), number(2)}), "1|");
}

TEST(printf, c_rules_general_form_is_c) {
  EXPECT_EQ(c_format("%.3g|%g|%g|%G",
                     {number(0.000123456), number(1234567), number(1e-5), number(1e-10)}),
            "0.000123|1.23457e+06|1e-05|1E-10");
}

TEST(printf, c_rules_show_what_a_conversion_cannot_in_general_form) {
  EXPECT_EQ(c_format("[%d][%d][%d][%d][%5d][%i]", {number(1.5), number(M_PI), number(123456789.5),
                                                   number(1e20), number(2.5), number(-0.25)}),
            "[1.5][3.14159][1.23457e+08][1e+20][  2.5][-0.25]");
  EXPECT_EQ(c_format("[%u][%x][%c][%s]", {number(-3), number(2.5), number(65.5), number(65)}),
            "[-3][2.5][65.5][A]");
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(c_format("%f %e %g %d", {number(inf), number(-inf), number(std::nan("")), number(inf)}),
            "Inf -Inf NaN Inf");
}

TEST(printf, c_rules_precision_cuts_text) {
  EXPECT_EQ(c_format("[%.2s][%5s][%-4.1s]",
                     {Value::string("abcd"), Value::string("ab"), Value::string("xyz")}),
            "[ab][   ab][x   ]");
}

}  // namespace
}  // namespace llmlab::runtime
