// warning off / warning("off", id) / warning on (language.md §13.12) silence and restore the
// interpreter's own warnings (a singular matrix in A \ b) as well as warning()'s.
#include <gtest/gtest.h>

#include <string>

#include "lab.hpp"

namespace llmlab::builtins {
namespace {

struct WarningLab : testing::Lab {
  std::string diagnostics;
  WarningLab() {
    session.set_error_output([this](std::string_view text) { diagnostics += text; });
  }
  std::string take() { return std::exchange(diagnostics, ""); }
};

constexpr const char* kSingular = "x = [1, 2; 2, 4] \\ [1; 2];\n";

TEST(warning_switch, off_and_on_silence_and_restore_the_singular_warning) {
  WarningLab lab;
  lab.run(kSingular);
  EXPECT_EQ(lab.take(), "warning: matrix is singular to working precision\n");
  lab.run("warning off\n");
  lab.run(kSingular);
  lab.run("warning(\"a user warning\");\n");
  EXPECT_EQ(lab.take(), "");
  lab.run("warning on\n");
  lab.run(kSingular);
  EXPECT_EQ(lab.take(), "warning: matrix is singular to working precision\n");
  lab.run("warning(\"off\");\n");
  lab.run("y = [1, 1; 1, 1] / [1, 1; 1, 1];\n");
  EXPECT_EQ(lab.take(), "");
  lab.run("warning(\"on\", \"all\");\n");
  lab.run("x = [1, 2]; x /= [1, 2; 2, 4];\n");
  EXPECT_NE(lab.take(), "");
}

TEST(warning_switch, an_identifier_silences_only_its_warning) {
  WarningLab lab;
  lab.run("warning(\"off\", \"MATLAB:singularMatrix\");\n");
  lab.run(kSingular);
  lab.run("z = [1, 2; 2, 4; 3, 6] \\ [1; 2; 3];\n");  // rank deficient: another identifier
  EXPECT_EQ(lab.take(), "warning: rank deficient, rank = 1\n");
  lab.run("warning(\"my:id\", \"shown\");\n");
  EXPECT_EQ(lab.take(), "warning: shown\n");
  lab.run("warning(\"on\", \"MATLAB:singularMatrix\");\n");
  lab.run(kSingular);
  EXPECT_EQ(lab.take(), "warning: matrix is singular to working precision\n");
  // Command form: the identifier is one word.
  lab.run("warning off MATLAB:singularMatrix\n");
  lab.run(kSingular);
  EXPECT_EQ(lab.take(), "");
  lab.run("warning on MATLAB:singularMatrix\n");
  // Everything off but one identifier turned back on.
  lab.run("warning off\nwarning(\"on\", \"MATLAB:singularMatrix\");\n");
  lab.run(kSingular);
  lab.run("warning(\"my:id\", \"hidden\");\n");
  EXPECT_EQ(lab.take(), "warning: matrix is singular to working precision\n");
}

}  // namespace
}  // namespace llmlab::builtins
