// Every gradient rule against central differences (gradcheck) over every shape a script can give
// it: a scalar, a Vector, a 1×N and an N×1 matrix and a general matrix, with each dim and
// option. A rule that reads the wrong slices of one shape, or drops an option, fails here; and a
// rule added to the tables without cases fails the coverage test, so no new rule can skip a
// shape.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "autodiff/rules.hpp"
#include "base/error.hpp"
#include "lab.hpp"

namespace llmlab::builtins {
namespace {

// Where the inputs are drawn: any real numbers, numbers > 0 (log, sqrt), or real numbers with
// a NaN in them (the "omitnan" options).
enum class Domain { Real, Positive, WithNan };

// Which shapes a case runs on: all five, or the square matrix and the scalar (determinants,
// inverses, solves).
enum class Shapes { All, Square };

struct Case {
  std::string_view rule;   // the builtin whose rule it exercises
  std::string expression;  // of X, the differentiated input
  Domain domain = Domain::Real;
  Shapes shapes = Shapes::All;
};

// X for each shape (before the domain's transform): uniform in (-1, 1), fixed seed.
struct Shape {
  std::string_view name;
  std::string code;
};
const std::vector<Shape> kAllShapes = {
    {"scalar", "X = 2 * rand() - 1;"},
    {"Vector", "X = [2 * rand(1, 4) - 1];"},
    {"1xN matrix", "X = [2 * rand(1, 4) - 1]'';"},
    {"Nx1 matrix", "X = 2 * rand(4, 1) - 1;"},
    {"matrix", "X = 2 * rand(3, 4) - 1;"},
};
const std::vector<Shape> kSquareShapes = {
    {"scalar", "X = 2 * rand() - 1;"},
    {"square matrix", "X = 2 * rand(3, 3) - 1;"},
};

std::string domain_code(Domain domain) {
  switch (domain) {
    case Domain::Real:
      return "";
    case Domain::Positive:
      return "X = abs(X) + 0.5;";
    case Domain::WithNan:
      return "X(end) = NaN;";
  }
  return "";
}

// The scalar f differentiates: the output's elements weighted by sin(1), sin(2), ... in
// column-major order, so an element sent to the wrong place changes the gradient.
const std::string kPrelude =
    "function y = weighted_sum(v)\n"
    "  y = sum(reshape(v, 1, numel(v)) .* sin(1:numel(v)));\n"
    "end\n"
    "function y = factors_eig(A)\n"
    "  [V, D] = eig(A);\n"
    "  d = diag(D);\n"
    "  y = [reshape(V, 1, numel(V)), reshape(d, 1, numel(d))];\n"
    "end\n"
    "function y = factors_svd(A)\n"
    "  [U, S, V] = svd(A);\n"
    "  y = [reshape(U, 1, numel(U)), reshape(S, 1, numel(S)), reshape(V, 1, numel(V))];\n"
    "end\n"
    "function y = factors_svd_econ(A)\n"
    "  [U, S, V] = svd(A, \"econ\");\n"
    "  y = [reshape(U, 1, numel(U)), reshape(S, 1, numel(S)), reshape(V, 1, numel(V))];\n"
    "end\n"
    "function y = factors_qr(A)\n"
    "  [Q, R] = qr(A);\n"
    "  y = [reshape(Q, 1, numel(Q)), reshape(R, 1, numel(R))];\n"
    "end\n"
    "function y = factors_qr_econ(A)\n"
    "  [Q, R] = qr(A, 0);\n"
    "  y = [reshape(Q, 1, numel(Q)), reshape(R, 1, numel(R))];\n"
    "end\n"
    "function y = factors_lu(A)\n"
    "  [L, U] = lu(A);\n"
    "  y = [reshape(L, 1, numel(L)), reshape(U, 1, numel(U))];\n"
    "end\n"
    "function y = factors_lu_pivoted(A)\n"
    "  [L, U, P] = lu(A);\n"
    "  y = [reshape(L, 1, numel(L)), reshape(U, 1, numel(U)), reshape(P, 1, numel(P))];\n"
    "end\n"
    "function y = from_cells(c)\n"
    "  y = [c{:}];\n"
    "end\n"
    "function r = value_times_gradient(f, x)\n"
    "  [v, g] = value_and_grad(f, x);\n"
    "  r = v * g;\n"
    "end\n";

std::vector<Case> cases() {
  std::vector<Case> c;
  const auto add = [&c](std::string_view rule, std::string expression, Domain domain = Domain::Real,
                        Shapes shapes = Shapes::All) {
    c.push_back(Case{rule, std::move(expression), domain, shapes});
  };
  // Element-wise math.
  for (const char* name : {"abs", "exp", "expm1", "sin", "cos", "tan", "atan", "sinh", "cosh",
                           "tanh", "erf", "erfc", "real", "conj", "double"}) {
    add(name, std::string(name) + "(X)");
  }
  for (const char* name : {"sqrt", "log", "log1p", "log2", "log10"}) {
    add(name, std::string(name) + "(X)", Domain::Positive);
  }
  add("asin", "asin(X / 2)");
  add("acos", "acos(X / 2)");
  // Element moves.
  add("reshape", "reshape(X, 1, numel(X))");
  add("reshape", "reshape(X, numel(X), 1)");
  add("repmat", "repmat(X, 2, 3)");
  add("fliplr", "fliplr(X)");
  add("flipud", "flipud(X)");
  add("flip", "flip(X)");
  add("flip", "flip(X, 1)");
  add("flip", "flip(X, 2)");
  add("circshift", "circshift(X, 1)");
  add("circshift", "circshift(X, 1, 2)");
  add("diag", "diag(X)");
  add("tril", "tril(X)");
  add("triu", "triu(X, 1)");
  add("rot90", "rot90(X)");
  add("horzcat", "horzcat(X, 2 * X)");
  add("vertcat", "vertcat(X, 2 * X)");
  add("cat", "cat(1, X, X .^ 2)");
  add("cat", "cat(2, X, X .^ 2)");
  add("transpose", "transpose(X)");
  // Operator functions.
  add("plus", "plus(X, X .^ 2)");
  add("minus", "minus(sin(X), X .^ 2)");
  add("times", "times(X, X + 1)");
  add("mtimes", "mtimes(X, X')");
  add("rdivide", "rdivide(X, 2 + X .^ 2)");
  add("power", "power(abs(X) + 1, X)");
  add("uminus", "uminus(X)");
  // Reductions, with every dim and option.
  for (const char* name : {"sum", "mean", "prod"}) {
    const std::string f = name;
    for (const char* tail : {")", ", 1)", ", 2)", ", \"all\")"}) add(name, f + "(X" + tail);
    for (const char* tail : {", \"omitnan\")", ", 1, \"omitnan\")", ", 2, \"omitnan\")"}) {
      add(name, f + "(X" + tail, Domain::WithNan);
      add(name, f + "(X" + tail);
    }
    add(name, f + "(X, \"includenan\")");
  }
  add("cumsum", "cumsum(X)");
  add("cumsum", "cumsum(X, 1)");
  add("cumsum", "cumsum(X, 2)");
  for (const char* name : {"max", "min"}) {
    const std::string f = name;
    for (const char* tail :
         {")", ", [], 1)", ", [], 2)", ", [], \"all\")", ", 0.1)", ", X .^ 2 - 0.3)"}) {
      add(name, f + "(X" + tail);
    }
  }
  for (const char* p : {"", ", 1", ", 2", ", 3", ", Inf", ", -Inf", ", \"fro\""}) {
    add("norm", std::string("norm(X") + p + ")");
  }
  add("dot", "dot(X, sin(X))");
  // nn.
  for (const char* name : {"softmax", "log_softmax", "layernorm", "rmsnorm"}) {
    const std::string f = name;
    for (const char* tail : {")", ", 1)", ", 2)"}) add(name, f + "(X" + tail);
  }
  // gamma and beta depending on X too (the matrix's rows, a 1×N's whole), squared so that
  // the second derivatives of the normalisation itself are in play.
  add("layernorm", "layernorm(X, \"gamma\", 1 + X(1, :) / 2, \"beta\", X(end, :) .^ 2) .^ 2");
  add("layernorm", "layernorm(X, 1, \"gamma\", cos(sum(X, 2))) .^ 2");
  add("rmsnorm", "rmsnorm(X, \"gamma\", 1 + X(1, :) / 2) .^ 2");
  add("softmax", "softmax(2 * X) .^ 2");
  add("cross_entropy", "cross_entropy(X .^ 2, ones(1, size(X, 1)))");
  add("gelu", "gelu(X)");
  add("relu", "relu(X)");
  add("cross_entropy", "cross_entropy(X, ones(1, size(X, 1)))");
  add("cross_entropy", "cross_entropy(X, ones(1, size(X, 1)), \"none\")");
  // Linear algebra, on matrices kept away from singular.
  const std::string well = "(X + 3 * eye(size(X, 1)))";
  add("trace", "trace(X)", Domain::Real, Shapes::Square);
  add("det", "det" + well, Domain::Real, Shapes::Square);
  add("inv", "inv" + well, Domain::Real, Shapes::Square);
  add("linsolve", "linsolve(" + well + ", (1:size(X, 1))')", Domain::Real, Shapes::Square);
  add("linsolve", "linsolve(diag(1:size(X, 1)) + 3, X(:))", Domain::Real, Shapes::Square);
  add("solve", "solve(" + well + ", (1:size(X, 1))')", Domain::Real, Shapes::Square);
  add("svd", "svd(X)");
  // Element-wise math with several operands, each operand differentiated.
  add("atan2", "atan2(X, 0.3 + X .^ 2)");
  add("atan2", "atan2(0.5, X)");
  add("hypot", "hypot(X, 2 * X .^ 2 + 0.1)");
  add("mod", "mod(5 * X, 0.7)");
  add("mod", "mod(3, X + 2)", Domain::Positive);
  add("rem", "rem(-5 * X, 0.7)");
  add("rem", "rem(3, X + 2)", Domain::Positive);
  add("nthroot", "nthroot(X, 3)", Domain::Positive);
  add("nthroot", "nthroot(X - 5, 3)", Domain::Positive);
  add("normpdf", "normpdf(X)");
  add("normpdf", "normpdf(X, 0.2, 1.5)");
  add("normpdf", "normpdf(0.3, X(1), 1 + X(end) ^ 2)");
  add("normcdf", "normcdf(X)");
  add("normcdf", "normcdf(0.3, X(1), 1 + X(end) ^ 2)");
  add("gamma", "gamma(X)", Domain::Positive);
  add("gamma", "gamma(-X / 2)", Domain::Positive);
  add("gammaln", "gammaln(X)", Domain::Positive);
  add("lgamma", "lgamma(X + 3)");
  add("deg2rad", "deg2rad(X)");
  // Affine in some arguments: signals, integrals, products, interpolation, fits.
  add("diff", "diff(X)");
  add("diff", "diff(X, 2)");
  add("diff", "diff(X, 1, 1)");
  add("diff", "diff(X, 1, 2)");
  add("trapz", "trapz(X)");
  add("trapz", "trapz([0.1 0.5 0.7 1.3], X)");
  add("trapz", "trapz(X, [1 -2 3 0.5])");
  add("cumtrapz", "cumtrapz(X)");
  add("cumtrapz", "cumtrapz(X, [1 -2 3 0.5])");
  add("conv", "conv(X, [1 -2 0.5])");
  add("conv", "conv([1 2], X)");
  add("conv", "conv(X, X, \"same\")");
  add("conv", "conv(X, [1 2 3], \"valid\")");
  add("filter", "filter([1 0.5], [1 -0.3], X)");
  add("filter", "filter(X(1:2), [1 -0.3], [1 2 3 4])");
  add("movsum", "movsum(X, 3)");
  add("movmean", "movmean(X, 2)");
  add("kron", "kron(X, [1 2; 3 4])");
  add("kron", "kron([1 -1], X)");
  add("cross", "cross(X(1:3), [1 2 3])");
  add("cross", "cross([3 -1 2], X(1:3))");
  add("outer", "outer(X, [1 2 3])");
  add("outer", "outer([1 2], X)");
  add("linspace", "linspace(X(1), X(end), 5)");
  add("gradient", "gradient(X)");
  add("gradient", "gradient(X, 0.5)");
  add("interp1", "interp1([1 2 3 4], X, [1.5 2.2 3.9])");
  add("interp1", "interp1([1 2 3 4], X, [1.5 2.2 3.9], \"nearest\")");
  add("polyfit", "polyfit([1 2 3 4], X, 2)");
  add("polyval", "polyval(X, 0.7)");
  add("polyval", "polyval([1 -2 3], X)");
  add("polyval", "polyval(X(1:2), X)");
  // Chosen elements and per-slice statistics.
  for (const char* tail : {")", ", \"descend\")", ", 1)", ", 2)", ", 2, \"descend\")"}) {
    add("sort", std::string("sort(X") + tail);
  }
  add("sortrows", "sortrows(X)");
  add("sortrows", "sortrows(X, -2)");
  for (const char* name : {"maxk", "mink"}) {
    for (const char* tail : {", 2)", ", 2, 1)", ", 2, 2)"})
      add(name, std::string(name) + "(X" + tail);
  }
  for (const char* name : {"cummax", "cummin", "cumprod"}) {
    for (const char* tail : {")", ", 1)", ", 2)"}) add(name, std::string(name) + "(X" + tail);
  }
  add("bounds", "bounds(X)");
  for (const char* name : {"range", "median"}) {
    for (const char* tail : {")", ", 1)", ", 2)"}) add(name, std::string(name) + "(X" + tail);
  }
  for (const char* name : {"var", "std"}) {
    for (const char* tail : {")", ", 1)", ", 2)", ", 1, 2)", ", 0, 1)", ", 1, 1)"}) {
      add(name, std::string(name) + "(X" + tail);
    }
  }
  add("zscore", "zscore(X)");
  add("zscore", "zscore(X, 1)");
  add("zscore", "zscore(X, 0, 2)");
  add("zscore", "zscore(X, 1, 1)");
  // Containers and calls: the value held keeps its gradient.
  add("struct", "getfield(struct(\"a\", X, \"b\", 2), \"a\")");
  add("setfield", "getfield(setfield(struct(\"a\", 1), \"a\", X .^ 2), \"a\")");
  add("deal", "deal(X)");
  add("feval", "feval(@sin, X)");
  add("feval", "feval(\"cos\", X)");
  add("bsxfun", "bsxfun(@times, X, [1; 2])");
  add("arrayfun", "arrayfun(@(v) v ^ 2 + sin(v), X)");
  add("arrayfun", "arrayfun(@(v, w) v * w, X, cos(X))");
  add("meshgrid", "meshgrid(X, [1 2 3])");
  add("meshgrid", "meshgrid([1 2], X)");
  for (const char* tail : {")", ", 1)", ", 3)", ", Inf)", ", 2, 1)", ", 2, 2)", ", 1, 2)"}) {
    add("vecnorm", std::string("vecnorm(X") + tail);
  }
  add("cov", "cov(X)");
  add("cov", "cov(X, sin(X))");
  add("pinv", "pinv(X)");
  add("pinv", "pinv(X')");
  add("expm", "expm(X)", Domain::Real, Shapes::Square);
  add("eig", "eig(X + X' + diag(1:size(X, 1)))", Domain::Real, Shapes::Square);
  add("eig", "factors_eig(X + X' + diag(1:size(X, 1)))", Domain::Real, Shapes::Square);
  add("eig", "eig(X + X' + diag(1:size(X, 1)), \"matrix\")", Domain::Real, Shapes::Square);
  add("svd", "factors_svd(X)", Domain::Real, Shapes::Square);
  add("svd", "factors_svd_econ(X)");
  add("svd", "svd(X, \"econ\")");
  add("chol", "chol(X' * X + 2 * eye(size(X, 2)))");
  add("chol", "chol(triu(X) + 5 * eye(size(X, 1)))", Domain::Real, Shapes::Square);
  add("qr", "qr(X)");
  add("qr", "factors_qr(X)", Domain::Real, Shapes::Square);
  add("qr", "factors_qr_econ(X)");
  add("qr", "factors_qr_econ(X')");
  add("lu", "lu(X + 3 * eye(size(X, 1)))", Domain::Real, Shapes::Square);
  add("lu", "factors_lu(X + 3 * eye(size(X, 1)))", Domain::Real, Shapes::Square);
  add("lu", "factors_lu_pivoted(X + 3 * eye(size(X, 1)))", Domain::Real, Shapes::Square);
  add("lu", "factors_lu(X(:, [2 1 3]))", Domain::Real, Shapes::Square);
  add("num2cell", "from_cells(num2cell(X))");
  add("row_entropies_bits", "row_entropies_bits(X)", Domain::Positive);
  // Page products and element moves of N dims (issue #27), on matrices here and on a 3-D array
  // in the N-D test below.
  add("pagemtimes", "pagemtimes(X, X')");
  add("pagemtimes", "pagemtimes(X, \"transpose\", sin(X), \"none\")");
  add("pagemtimes", "pagemtimes(cos(X), \"none\", X, \"transpose\")");
  add("attention", "attention(X, X .^ 2, sin(X))");
  add("attention", "attention(X, cos(X), X, \"causal\", true)");
  add("attention", "attention(X, X, 2 * X, \"causal\", true, \"scale\", 0.7)");
  add("permute", "permute(X, [2 1])");
  add("ipermute", "ipermute(X, [2 1])");
  add("squeeze", "squeeze(X) .^ 2");
  add("pagetranspose", "pagetranspose(X) .^ 2");
  // Differentiation inside f: gradients of gradients (checked again by the second-order test).
  add("grad", "grad(@(Y) sum(sum(sin(Y) .* Y)), X)");
  add("value_and_grad", "value_times_gradient(@(Y) sum(sum(exp(Y / 2))), X)");
  add("hvp", "hvp(@(Y) sum(sum(Y .^ 3)), X, ones(size(X)))");
  add("jvp", "jvp(@(Y) tanh(Y) .* Y, X, ones(size(X)))");
  return c;
}

// The names of the rule tables' builtins whose result has no gradient (sizes, predicates,
// rounding, text): they need no case.
std::set<std::string_view> rules_without_gradient() {
  std::set<std::string_view> names;
  for (const auto* table : autodiff::rule_tables()) {
    for (const autodiff::NamedRule& entry : *table) {
      if (entry.rule == autodiff::no_gradient) names.insert(entry.name);
    }
  }
  return names;
}

TEST(gradient_properties, every_rule_has_cases) {
  std::set<std::string_view> covered;
  for (const Case& c : cases()) covered.insert(c.rule);
  const std::set<std::string_view> constant = rules_without_gradient();
  for (const auto* table : autodiff::rule_tables()) {
    for (const autodiff::NamedRule& entry : *table) {
      EXPECT_TRUE(covered.contains(entry.name) || constant.contains(entry.name))
          << entry.name << " has a gradient rule but no case in the property test";
    }
  }
}

// Runs one case on one shape. Where the builtin itself rejects the shape, grad must fail too
// (never a number); elsewhere gradcheck's maxrel must be below 1e-6.
// Returns whether gradcheck ran (the builtin accepted the shape).
bool check(testing::Lab& lab, const Case& c, const Shape& shape) {
  lab.run(shape.code + domain_code(c.domain));
  const std::string where = std::string(c.expression) + " on a " + std::string(shape.name);
  bool plain_ok = true;
  try {
    lab.run("plain_result = weighted_sum(" + c.expression + ");");
  } catch (const Error&) {
    plain_ok = false;
  }
  if (!plain_ok) {
    EXPECT_THROW(lab.run("g = grad(@(X) weighted_sum(" + c.expression + "), X);"), Error)
        << where << ": the builtin rejects this shape but grad returned a gradient";
    return false;
  }
  try {
    const double maxrel =
        lab.evaluate("gradcheck(@(X) weighted_sum(" + c.expression + "), X)").as_scalar();
    EXPECT_LT(maxrel, 1e-6) << where;
  } catch (const Error& e) {
    ADD_FAILURE() << where << ": " << e.what();
  }
  return true;
}

const std::set<std::string_view> kMatrixRules = {"eig", "svd", "chol", "qr", "lu", "num2cell"};

TEST(gradient_properties, every_rule_agrees_with_central_differences_on_every_shape) {
  testing::Lab lab;
  lab.run(kPrelude + "rng(28);");
  for (const Case& c : cases()) {
    int checked = 0;
    bool matrix_checked = false;
    for (const Shape& shape : c.shapes == Shapes::All ? kAllShapes : kSquareShapes) {
      matrix_checked = check(lab, c, shape);  // the last shape is the general matrix
      checked += matrix_checked ? 1 : 0;
    }
    EXPECT_GT(checked, 0) << c.expression << ": the builtin rejected every shape";
    // Factorisations are about matrices: a case must not pass on its scalar alone.
    if (kMatrixRules.contains(c.rule)) {
      EXPECT_TRUE(matrix_checked) << c.expression << ": the builtin rejected the general matrix";
    }
  }
}

// The rules that take N-D arrays (autodiff/nd_rules.cpp): on a 2×3×2 array each case must agree
// with central differences wherever the builtin takes the array. Any other rule must refuse an
// N-D argument with an error (by name where the N-D form is missing), never return a number.
const std::set<std::string_view> kNdRules = {
    "abs",      "sqrt",    "exp",           "expm1",      "log",       "log1p",         "log2",
    "log10",    "sin",     "cos",           "tan",        "asin",      "acos",          "atan",
    "sinh",     "cosh",    "tanh",          "erf",        "erfc",      "real",          "conj",
    "double",   "uminus",  "gelu",          "relu",       "softmax",   "log_softmax",   "layernorm",
    "rmsnorm",  "sum",     "mean",          "prod",       "cumsum",    "cross_entropy", "reshape",
    "repmat",   "flip",    "circshift",     "cat",        "horzcat",   "vertcat",       "permute",
    "ipermute", "squeeze", "pagetranspose", "pagemtimes", "attention", "plus",          "minus",
    "times",    "rdivide", "power"};

TEST(gradient_properties, n_d_arrays_agree_with_central_differences_or_are_refused) {
  testing::Lab lab;
  lab.run(kPrelude + "rng(27);");
  int agreed = 0;
  for (const Case& c : cases()) {
    lab.run("X = 2 * rand(2, 3, 2) - 1;" + domain_code(c.domain));
    const std::string where = std::string(c.expression) + " on a 2x3x2 array";
    try {
      lab.run("plain_result = weighted_sum(" + c.expression + ");");
    } catch (const Error&) {
      EXPECT_THROW(lab.run("g = grad(@(X) weighted_sum(" + c.expression + "), X);"), Error)
          << where << ": the builtin rejects this shape but grad returned a gradient";
      continue;
    }
    try {
      const double maxrel =
          lab.evaluate("gradcheck(@(X) weighted_sum(" + c.expression + "), X)").as_scalar();
      EXPECT_LT(maxrel, 1e-6) << where;
      ++agreed;
    } catch (const Error& e) {
      EXPECT_FALSE(kNdRules.contains(c.rule)) << where << ": " << e.what();
    }
  }
  EXPECT_GT(agreed, 100);
}

// The rules whose backward pass is written in differentiable operations (help grad lists
// them): each of their cases must give second derivatives.
const std::set<std::string_view> kSecondOrder = {
    // Element-wise math and the operator functions.
    "exp", "sin", "cos", "tanh", "sqrt", "log", "plus", "minus", "times", "mtimes", "rdivide",
    "uminus",
    // Element moves.
    "reshape", "repmat", "fliplr", "flipud", "flip", "circshift", "diag", "tril", "triu", "rot90",
    "horzcat", "vertcat", "cat", "transpose",
    // Reductions.
    "sum", "mean",
    // The transformer builtins.
    "softmax", "log_softmax", "layernorm", "rmsnorm", "gelu", "relu", "cross_entropy",
    "row_entropies_bits",
    // Differentiation inside f.
    "grad", "hvp", "jvp"};

// hvp on one case and shape against central differences of grad along a random v; a rule
// without a second-order form must say so. Returns whether hvp gave a result.
bool check_second_order(testing::Lab& lab, const Case& c, const Shape& shape) {
  lab.run(shape.code + domain_code(c.domain) + "V = 2 * rand(size(X)) - 1;");
  const std::string where = std::string(c.expression) + " on a " + std::string(shape.name);
  try {
    lab.run("plain_result = weighted_sum(" + c.expression + ");");
  } catch (const Error&) {
    return false;
  }
  lab.run("F = @(X) weighted_sum(" + c.expression + "); h = 1e-5;");
  try {
    lab.run("hv = hvp(F, X, V);");
  } catch (const Error& e) {
    EXPECT_FALSE(kSecondOrder.contains(c.rule)) << where << ": " << e.what();
    EXPECT_NE(std::string(e.what()).find("no rule for the gradient of a gradient"),
              std::string::npos)
        << where << ": " << e.what();
    return false;
  }
  lab.run(
      "fd = (grad(F, X + h * V) - grad(F, X - h * V)) / (2 * h);"
      "d = hv - fd; d(isnan(hv) & isnan(fd)) = 0;");
  const bool agrees = lab.evaluate(
                             "~any(isnan(d(:))) && max(abs(d(:))) <= 1e-5 * max([1, "
                             "reshape(abs(fd), 1, numel(fd))])")
                          .as_scalar() != 0.0;
  EXPECT_TRUE(agrees) << where << ": hvp " << lab.evaluate("mat2str(hv(:)')").string_value()
                      << ", differences of grad " << lab.evaluate("mat2str(fd(:)')").string_value();
  return true;
}

TEST(gradient_properties, second_derivatives_agree_with_differences_of_gradients) {
  testing::Lab lab;
  lab.run(kPrelude + "rng(29);");
  int second_order = 0;
  for (const Case& c : cases()) {
    int checked = 0;
    for (const Shape& shape : c.shapes == Shapes::All ? kAllShapes : kSquareShapes) {
      checked += check_second_order(lab, c, shape) ? 1 : 0;
    }
    if (kSecondOrder.contains(c.rule)) {
      EXPECT_GT(checked, 0) << c.expression << ": no shape gave second derivatives";
    }
    second_order += checked;
  }
  EXPECT_GT(second_order, 300);
}

}  // namespace
}  // namespace llmlab::builtins
