// The compile step (runtime/compile.hpp): the one rule that classifies a call site, read by the
// generic evaluator and the scalar fast path alike, and units' code kept apart (functions,
// lambdas, `run` files, redefinitions).
#include "runtime/compile.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "harness.hpp"

namespace llmlab::runtime {
namespace {

using detail::CallForm;
using detail::classify_call;
using testing::Harness;

TEST(compile, special_forms_are_classified_by_name_and_argument_count) {
  EXPECT_EQ(classify_call("feval", 1), CallForm::SpecialForm);
  EXPECT_EQ(classify_call("feval", 3), CallForm::SpecialForm);
  EXPECT_EQ(classify_call("feval", 0), CallForm::ByVariable);
  EXPECT_EQ(classify_call("arrayfun", 2), CallForm::SpecialForm);
  EXPECT_EQ(classify_call("arrayfun", 1), CallForm::ByVariable);
  EXPECT_EQ(classify_call("parmap", 2), CallForm::SpecialForm);
  EXPECT_EQ(classify_call("parmap", 3), CallForm::ByVariable);
  EXPECT_EQ(classify_call("show", 1), CallForm::ByVariable);
}

// The harness has no feval or arrayfun builtin, so a special form that is not indexing is an
// undefined function: the classification shows in which error comes out.
TEST(compile, a_variable_does_not_shadow_a_special_form_on_either_path) {
  Harness h;
  h.run("arrayfun = [5, 6, 7];\nx = arrayfun(2);");
  EXPECT_EQ(h.scalar("x"), 6.0);  // one argument: an index
  EXPECT_EQ(h.error("arrayfun = [5, 6, 7];\nx = arrayfun(2, 1);"), "undefined function 'arrayfun'");
  EXPECT_EQ(h.error("feval = [5, 6, 7];\nx = feval(2);"), "undefined function 'feval'");
  // The same statements in a loop body, whose scalar statements are compiled to ScalarCode.
  h.run("arrayfun = [5, 6, 7];\ns = 0;\nfor k = 1:3\n  s = s + arrayfun(k);\nend");
  EXPECT_EQ(h.scalar("s"), 18.0);
  EXPECT_EQ(h.error("feval = [5, 6, 7];\ns = 0;\nfor k = 1:3\n  s = s + feval(k);\nend"),
            "undefined function 'feval'");
}

TEST(compile, each_unit_resolves_its_names_in_its_own_frame) {
  Harness h;
  // The function's x and the top level's x are different slots of different layouts; the
  // lambda written in the function reads the function's scope after the call has returned.
  h.run(
      "function h = make(x)\n  y = x * 10;\n  h = @(z) y + z;\nend\n"
      "x = 1;\nf = make(2);\nv = f(3);");
  EXPECT_EQ(h.scalar("v"), 23.0);
  EXPECT_EQ(h.scalar("x"), 1.0);
  EXPECT_EQ(h.interpreter().variable("y"), nullptr);
  // A later program (a REPL line) shares the top level's variables and the functions.
  h.run("g = make(x);\nw = g(x);");
  EXPECT_EQ(h.scalar("w"), 11.0);
}

TEST(compile, a_redefined_function_runs_its_new_code) {
  Harness h;
  h.run("function r = g(a)\n  r = a + 1;\nend\nu = g(1);");
  h.run("function r = g(a)\n  b = a * 100;\n  r = b;\nend\nv = g(1);");
  EXPECT_EQ(h.scalar("u"), 2.0);
  EXPECT_EQ(h.scalar("v"), 100.0);
  // Defining the same function again in a loop keeps it working.
  h.run("for k = 1:3\n  function r = one()\n    r = 1;\n  end\n  s = one() + k;\nend");
  EXPECT_EQ(h.scalar("s"), 4.0);
}

TEST(compile, a_run_file_runs_its_own_code_in_the_callers_scope) {
  const auto directory = std::filesystem::temp_directory_path() / "llmlab_compile_test";
  std::filesystem::create_directories(directory);
  const auto file = directory / "part.rlab";
  std::ofstream(file) << "q = p * 2;\nfor k = 1:3\n  q = q + k;\nend\n";
  Harness h;
  // Run at the top level, then inside a function, whose frame it then reads and writes.
  const std::string run = "run \"" + file.string() + "\"\n";
  h.run("p = 5;\n" + run + "top = q;\nfunction r = f(p)\n  " + run + "  r = q;\nend\nin_f = f(1);");
  EXPECT_EQ(h.scalar("top"), 16.0);
  EXPECT_EQ(h.scalar("in_f"), 8.0);
  EXPECT_EQ(h.scalar("q"), 16.0);
  std::filesystem::remove_all(directory);
}

}  // namespace
}  // namespace llmlab::runtime
