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

// A stand-in for a special form's builtin: the number of arguments it was given, + 100.
Value argument_count_native(Call& call) { return Value::scalar(100.0 + call.count()); }

TEST(compile, special_forms_are_classified_by_their_builtin_entry_and_argument_count) {
  const NativeFunction feval{"feval", argument_count_native, 1, -1, "", {1, -1}};
  const NativeFunction arrayfun{"arrayfun", argument_count_native, 2, -1, "", {2, 2}};
  const NativeFunction show{"show", argument_count_native, 1, 1, ""};
  EXPECT_EQ(classify_call(&feval, 1), CallForm::SpecialForm);
  EXPECT_EQ(classify_call(&feval, 3), CallForm::SpecialForm);
  EXPECT_EQ(classify_call(&feval, 0), CallForm::ByVariable);
  EXPECT_EQ(classify_call(&arrayfun, 2), CallForm::SpecialForm);
  EXPECT_EQ(classify_call(&arrayfun, 1), CallForm::ByVariable);
  EXPECT_EQ(classify_call(&arrayfun, 3), CallForm::ByVariable);
  EXPECT_EQ(classify_call(&show, 1), CallForm::ByVariable);
  EXPECT_EQ(classify_call(nullptr, 2), CallForm::ByVariable);
}

// The harness registers feval and arrayfun stand-ins flagged as special forms (as the builtin
// library's entries are), each returning 100 + its argument count: the classification shows in
// whether the variable is indexed or the builtin called.
TEST(compile, a_variable_does_not_shadow_a_special_form_on_either_path) {
  Harness h;
  h.interpreter().register_builtin(
      {"feval", argument_count_native, 1, -1, "test special form", {1, -1}});
  h.interpreter().register_builtin(
      {"arrayfun", argument_count_native, 2, -1, "test special form", {2, 2}});
  h.run("arrayfun = [5, 6, 7];\nx = arrayfun(2);\ny = arrayfun(2, 1);");
  EXPECT_EQ(h.scalar("x"), 6.0);  // one argument: an index
  EXPECT_EQ(h.scalar("y"), 102.0);
  h.run("feval = [5, 6, 7];\nx = feval(2);");
  EXPECT_EQ(h.scalar("x"), 101.0);
  // The same statements in a loop body, whose scalar statements are compiled to ScalarCode.
  h.run("arrayfun = [5, 6, 7];\ns = 0;\nfor k = 1:3\n  s = s + arrayfun(k);\nend");
  EXPECT_EQ(h.scalar("s"), 18.0);
  h.run("feval = [5, 6, 7];\ns = 0;\nfor k = 1:3\n  s = s + feval(k);\nend");
  EXPECT_EQ(h.scalar("s"), 303.0);
}

// A name whose builtin is not flagged is no special form: the variable takes the call.
TEST(compile, a_variable_shadows_a_builtin_that_is_no_special_form) {
  Harness h;
  h.run("show = [5, 6, 7];\nx = show(2);");
  EXPECT_EQ(h.scalar("x"), 6.0);
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
