// grad and adamw through the interpreter: the step budget, Ctrl-C (interrupt) and the recursion
// limit inside f behave as outside it, and adamw matches torch.optim.AdamW's update order.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <thread>

#include "base/error.hpp"
#include "base/source.hpp"
#include "base/stop.hpp"
#include "builtins/registry.hpp"
#include "lab.hpp"
#include "num/matrix.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Value;

// A quiet interpreter with every builtin and the given options.
struct Limited {
  runtime::Session session;
  runtime::Interpreter interpreter;
  explicit Limited(runtime::InterpreterOptions options) : interpreter(session, options) {
    session.set_output([](std::string_view) {});
    session.set_error_output([](std::string_view) {});
    install_builtins(interpreter);
  }
  // The message of the Error or the Stop (step budget, interrupt) that ends `code`.
  std::string error(const std::string& code) {
    try {
      interpreter.run(std::make_shared<const SourceFile>("test.rlab", code));
    } catch (const Error& e) {
      return e.what();
    } catch (const Stop& e) {
      return e.what();
    }
    return "<no error>";
  }
};

const std::string kSpinningF =
    "function y = spin(x)\n"
    "  y = x;\n"
    "  while true\n"
    "    y = y + 0;\n"
    "  end\n"
    "end\n"
    "g = grad(@spin, 1);\n";

TEST(autodiff, the_step_budget_stops_a_runaway_f) {
  Limited lab(runtime::InterpreterOptions{5000, 100});
  EXPECT_EQ(lab.error(kSpinningF), "step budget exhausted");
}

TEST(autodiff, interrupt_stops_f_while_grad_runs_it) {
  Limited lab(runtime::InterpreterOptions{});
  std::thread ctrl_c([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    lab.interpreter.interrupt();
  });
  const std::string error = lab.error(kSpinningF);
  ctrl_c.join();
  EXPECT_EQ(error, "interrupted");
}

TEST(autodiff, the_recursion_limit_holds_inside_f) {
  Limited lab(runtime::InterpreterOptions{0, 50});
  const std::string error = lab.error(
      "function y = deeper(x)\n  y = deeper(x * 2);\nend\ng = grad(@(x) deeper(x), 1);\n");
  EXPECT_NE(error.find("maximum recursion depth exceeded"), std::string::npos) << error;
}

TEST(autodiff, grad_and_the_gradient_of_a_plain_evaluation_agree) {
  testing::Lab lab;
  lab.run("f = @(w) sum(tanh([1 2; 3 4] * w) .^ 2);");
  const Value g = lab.evaluate("grad(f, [0.1; -0.2])");
  ASSERT_EQ(g.kind(), runtime::Kind::Matrix);
  // d/dw sum(tanh(Aw)^2) = Aᵀ (2 tanh(Aw) (1 - tanh²(Aw))), by hand.
  const double z1 = std::tanh(1 * 0.1 + 2 * -0.2), z2 = std::tanh(3 * 0.1 + 4 * -0.2);
  const double d1 = 2 * z1 * (1 - z1 * z1), d2 = 2 * z2 * (1 - z2 * z2);
  EXPECT_NEAR(g.matrix_value()[0], 1 * d1 + 3 * d2, 1e-15);
  EXPECT_NEAR(g.matrix_value()[1], 2 * d1 + 4 * d2, 1e-15);
}

TEST(autodiff, adamw_follows_torch_order_over_a_struct_tree) {
  testing::Lab lab;
  lab.run(
      "p.w = [1 -2]; p.inner.b = 0.5;\n"
      "g.w = [0.1 0.2]; g.inner.b = -0.3;\n"
      "cfg = struct(\"lr\", 0.1, \"weight_decay\", 0.01);\n"
      "[p, state] = adamw(p, g, [], cfg);\n"
      "[p, state] = adamw(p, g, state, cfg);\n");
  // Two steps of AdamW by hand (torch.optim.AdamW): decay, moments, bias-corrected update.
  auto step_twice = [](double p, double g) {
    double m = 0, v = 0;
    for (int t = 1; t <= 2; ++t) {
      p -= 0.1 * 0.01 * p;
      m = 0.9 * m + 0.1 * g;
      v = 0.999 * v + 0.001 * g * g;
      p -= 0.1 / (1 - std::pow(0.9, t)) * m /
           (std::sqrt(v) / std::sqrt(1 - std::pow(0.999, t)) + 1e-8);
    }
    return p;
  };
  const Value& p = *lab.interpreter.variable("p");
  EXPECT_NEAR(p.field("w")->matrix_value()[0], step_twice(1, 0.1), 1e-15);
  EXPECT_NEAR(p.field("w")->matrix_value()[1], step_twice(-2, 0.2), 1e-15);
  EXPECT_NEAR(p.field("inner")->field("b")->scalar_value(), step_twice(0.5, -0.3), 1e-15);
  EXPECT_EQ(lab.evaluate("state.step").scalar_value(), 2.0);
}

TEST(autodiff, adamw_clips_by_the_global_norm) {
  testing::Lab lab;
  lab.run(
      "p.a = [0 0]; g.a = [3 4];\n"
      "[q, s] = adamw(p, g, [], struct(\"lr\", 1, \"weight_decay\", 0, \"clip\", 1));\n");
  // Adam's first step moves each entry by lr·sign(g) whatever the scale; the clipping shows in
  // the moments: m = 0.1·g·(1 / (5 + 1e-6)).
  const Value& q = *lab.interpreter.variable("q");
  EXPECT_NEAR(q.field("a")->matrix_value()[0], -1.0, 1e-7);
  EXPECT_EQ(lab.evaluate("class(s)").string_value(), "adamw_state");
}

// [p, s] = adamw(p, ...) hands p's value to the call: every parameter buffer is updated where
// it lies (same data pointer, no copy-on-write clone), a step after step.
TEST(autodiff, adamw_updates_params_in_place_when_they_are_reassigned) {
  testing::Lab lab;
  lab.run(
      "p.W = [1, 2; 3, 4]; p.inner.b = [0.5, -0.5]; p.s = 2;\n"
      "g.W = [0.1, 0.2; 0.3, 0.4]; g.inner.b = [1, -1]; g.s = 0.5;\n"
      "[p, state] = adamw(p, g, []);\n");
  const auto data = [&](const char* leaf) {
    return lab.evaluate(std::string("p.") + leaf).matrix_value().real_values().data();
  };
  const double* w = data("W");
  const double* b = data("inner.b");
  lab.run("clear result;");
  const std::uint64_t before = num::Matrix::clone_count();
  lab.run("for k = 1:3\n  [p, state] = adamw(p, g, state);\nend\n");
  EXPECT_EQ(num::Matrix::clone_count(), before);
  EXPECT_EQ(data("W"), w);
  EXPECT_EQ(data("inner.b"), b);
  EXPECT_EQ(lab.evaluate("state.step").scalar_value(), 4.0);
  EXPECT_LT(lab.evaluate("p.W(1, 1)").scalar_value(), 1.0);
}

// Another reference to p keeps its old values: the update clones then, and only then.
TEST(autodiff, adamw_leaves_a_shared_copy_of_params_alone) {
  testing::Lab lab;
  lab.run(
      "p.W = [1, 2; 3, 4]; g.W = [1, 1; 1, 1]; old = p;\n"
      "[p, state] = adamw(p, g, []);\n"
      "[q, state2] = adamw(old, g, []);\n");
  EXPECT_EQ(lab.evaluate("old.W(1, 1)").scalar_value(), 1.0);
  EXPECT_LT(lab.evaluate("p.W(1, 1)").scalar_value(), 1.0);
  EXPECT_EQ(lab.evaluate("isequal(p.W, q.W)").bool_value(), true);
}

// A failing call puts the handed-over variable back: p is still defined and unchanged.
TEST(autodiff, a_failing_adamw_keeps_the_reassigned_variable) {
  testing::Lab lab;
  lab.run("p.W = [1, 2; 3, 4]; g.V = [1, 1; 1, 1];");
  EXPECT_THROW(lab.run("[p, state] = adamw(p, g, []);"), Error);
  EXPECT_EQ(lab.evaluate("p.W(2, 2)").scalar_value(), 4.0);
}

}  // namespace
}  // namespace llmlab::builtins
