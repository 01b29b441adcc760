// Name/value options (runtime::Call::name_value_options, issue #24): every builtin that takes them
// words the three argument errors the same way, and matches names in any letter case or by their
// start (MATLAB's rules).
#include <gtest/gtest.h>

#include <string>

#include "base/error.hpp"
#include "lab.hpp"

namespace llmlab::builtins {
namespace {

// The error of running code in matlab code (strfind takes options only there).
std::string error_of(const std::string& code) {
  testing::Lab lab;
  lab.session.set_dialect(lang::Dialect::Matlab);
  try {
    lab.run("s = struct(\"a\", 1); x = [1, 2, 3];\n" + code);
  } catch (const Error& error) {
    return error.what();
  }
  return "(no error)";
}

struct OptionCase {
  const char* code;
  const char* error;
};

class NameValueErrors : public ::testing::TestWithParam<OptionCase> {};

TEST_P(NameValueErrors, are_worded_once) {
  EXPECT_NE(error_of(GetParam().code).find(GetParam().error), std::string::npos)
      << GetParam().code << "\n  gave: " << error_of(GetParam().code);
}

INSTANTIATE_TEST_SUITE_P(
    builtins, NameValueErrors,
    ::testing::Values(
        OptionCase{"structfun(@(v) v, s, \"bogus\", 1)",
                   "structfun: unknown option 'bogus' (options: 'UniformOutput')"},
        OptionCase{"structfun(@(v) v, s, \"UniformOutput\")",
                   "structfun: option 'UniformOutput' needs a value"},
        OptionCase{"structfun(@(v) v, s, 3, 1)",
                   "structfun: argument 3: expected an option name, got scalar"},
        OptionCase{"strfind(\"abc\", \"a\", \"bogus\", true)",
                   "strfind: unknown option 'bogus' (options: 'Overlaps', 'ForceCellOutput')"},
        OptionCase{"layernorm(x, \"bogus\", 1)",
                   "layernorm: unknown option 'bogus' (options: 'gamma', 'beta', 'eps', 'dim')"},
        OptionCase{"rmsnorm(x, \"eps\")", "rmsnorm: option 'eps' needs a value"},
        OptionCase{"plot(x, x, \"colr\", \"red\")",
                   "plot: unknown option 'colr' (options: 'color', 'colour', "},
        OptionCase{"fill(x, x, \"r\", \"bogus\", 1)", "fill: unknown option 'bogus'"},
        OptionCase{"containers.Map(\"KeyType\", \"double\", \"bogus\", 1)",
                   "unknown option 'bogus' (options: 'KeyType', 'ValueType', 'UniformValues')"},
        OptionCase{"cellfun(@(v) v, {1, 2}, \"UniformOutput\", true, \"bogus\", 1)",
                   "cellfun: unknown option 'bogus' (options: 'UniformOutput', 'ErrorHandler')"},
        OptionCase{"cellfun(@(v) v, {1, 2}, \"ErrorHandler\", 3)",
                   "cellfun: argument 4: expected a function, got scalar"},
        OptionCase{"gradcheck(@(p) sum(p .^ 2), x, \"samplez\", 2)",
                   "gradcheck: unknown option 'samplez' (options: 'samples')"}));

// The value of an expression, copied out of the lab (evaluate's reference is to a variable that
// the next evaluation overwrites).
num::Matrix value_of(testing::Lab& lab, const std::string& code) {
  return lab.evaluate(code).matrix_value();
}

TEST(name_value_options, match_in_any_letter_case) {
  testing::Lab lab;
  lab.session.set_dialect(lang::Dialect::Matlab);
  const num::Matrix lower = value_of(lab, "layernorm([1, 2, 4], \"eps\", 0.5)");
  EXPECT_EQ(value_of(lab, "layernorm([1, 2, 4], \"EPS\", 0.5)"), lower);
  EXPECT_NE(value_of(lab, "layernorm([1, 2, 4])"), lower);  // the option took effect
  EXPECT_EQ(value_of(lab, "strfind(\"abab\", \"ab\", \"OVERLAPS\", false)"),
            value_of(lab, "strfind(\"abab\", \"ab\", \"overlaps\", false)"));
}

TEST(name_value_options, a_name_may_be_the_start_of_one_option) {
  testing::Lab lab;
  EXPECT_EQ(value_of(lab, "layernorm([1, 2, 4], \"E\", 0.5)"),
            value_of(lab, "layernorm([1, 2, 4], \"eps\", 0.5)"));
  // "Col" begins both Color and Colour: no option is picked.
  EXPECT_NE(error_of("plot(x, x, \"Col\", \"red\")").find("plot: unknown option 'Col'"),
            std::string::npos);
}

TEST(name_value_options, a_name_given_twice_takes_its_last_value) {
  testing::Lab lab;
  EXPECT_EQ(value_of(lab, "layernorm([1, 2, 4], \"eps\", 9, \"eps\", 0.5)"),
            value_of(lab, "layernorm([1, 2, 4], \"eps\", 0.5)"));
  EXPECT_NE(value_of(lab, "layernorm([1, 2, 4], \"eps\", 0.5, \"eps\", 9)"),
            value_of(lab, "layernorm([1, 2, 4], \"eps\", 0.5)"));
}

}  // namespace
}  // namespace llmlab::builtins
