#include "notebook/interpolate.hpp"

#include <gtest/gtest.h>

#include "base/error.hpp"

namespace llmlab::notebook {
namespace {

// A stand-in evaluator: knows `d` (0), `n` (9); formats "%.2e" and "%.3f" itself.
std::string fake(std::string_view expression, std::optional<std::string_view> fmt) {
  double value = 0;
  if (expression == "d") {
    value = 0;
  } else if (expression == "n" || expression == "size(X, 1)") {
    value = 9;
  } else {
    throw Error("undefined variable '" + std::string(expression) + "'");
  }
  if (fmt && *fmt == "%.2e") return value == 0 ? "0.00e+00" : "9.00e+00";
  if (fmt && *fmt == "%.1e") return value == 0 ? "0.0e+00" : "2.8e-17";
  if (fmt && *fmt == "%.3f") return "9.000";
  if (fmt) throw Error("format: bad format");
  return value == 0 ? "0" : "9";
}

TEST(interpolate, value_followed_by_dollar_becomes_math) {
  EXPECT_EQ(interpolate("they agree to ${d:%.2e}$ — machine precision", fake),
            "they agree to $0.00$ — machine precision");
  EXPECT_EQ(interpolate("off by ${n:%.1e}$ here", fake), "off by $2.8\\times10^{-17}$ here");
}

TEST(interpolate, exponents_are_typeset_only_in_math) {
  EXPECT_EQ(interpolate("plain ${n:%.1e} and $x = ${n:%.1e}$", fake),
            "plain 2.8e-17 and $x = 2.8\\times10^{-17}$");
}

TEST(interpolate, math_numbers) {
  EXPECT_EQ(math_numbers("2.8e-17"), "2.8\\times10^{-17}");
  EXPECT_EQ(math_numbers("-1.50E+03"), "-1.50\\times10^{3}");
  EXPECT_EQ(math_numbers("1e5, 0.00e+00"), "1\\times10^{5}, 0.00");
  EXPECT_EQ(math_numbers("[1×2]  3.000000  0.5"), "[1×2]  3.000000  0.5");
  EXPECT_EQ(math_numbers("x1e3 e5 2.5ex 7e"), "x1e3 e5 2.5ex 7e");
}

TEST(interpolate, inside_open_math_stays_bare) {
  EXPECT_EQ(interpolate("$H(a) = ${n:%.3f}$ bits", fake), "$H(a) = 9.000$ bits");
  EXPECT_EQ(interpolate("$2^{${n:%.2e}}$", fake), "$2^{9.00}$");
}

TEST(interpolate, plain_and_nested_parentheses) {
  EXPECT_EQ(interpolate("The corpus has ${n} tokens", fake), "The corpus has 9 tokens");
  EXPECT_EQ(interpolate("${size(X, 1)} $\\times$ ${n}", fake), "9 $\\times$ 9");
}

TEST(interpolate, escapes) {
  EXPECT_EQ(interpolate("\\${x} and \\$5", fake), "${x} and \\$5");
  EXPECT_EQ(interpolate("$$a$$ ${n}", fake), "$$a$$ 9");
}

TEST(interpolate, errors_are_inline) {
  EXPECT_EQ(interpolate("x: ${}", fake), "x: &lt;ERROR: empty expression&gt;");
  EXPECT_EQ(interpolate("x: ${zz}", fake), "x: &lt;ERROR: undefined variable 'zz'&gt;");
  EXPECT_EQ(interpolate("x: ${n:%q}", fake), "x: &lt;ERROR: format: bad format&gt;");
}

TEST(interpolate, unclosed_brace_copies_rest) {
  EXPECT_EQ(interpolate("a ${n b", fake), "a ${n b");
}

}  // namespace
}  // namespace llmlab::notebook
