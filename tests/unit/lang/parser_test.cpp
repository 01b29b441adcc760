// Parser tests: precedence (§3.2), ranges, postfix chains, every statement form of §2 and §13,
// the AST printer's output, every parse error with its message, and the lesson/bench scripts.
#include "lang/parser.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "lang/ast_printer.hpp"

namespace llmlab::lang {
namespace {

Program parse(const std::string& text) {
  return parse_program(std::make_shared<SourceFile>("t.rlab", text));
}

// The single expression statement `text` parses to, printed compactly.
std::string expr(const std::string& text) {
  const Program program = parse(text);
  EXPECT_EQ(program.body.size(), 1u) << text;
  if (program.body.empty() || program.body[0]->kind != StmtKind::Expression) return "<not expr>";
  return dump_expr(*program.body[0]->as<ExpressionStmt>().expr);
}

std::string ast(const std::string& text) { return dump_ast(parse(text)); }

// "line:column: message" of the parse error `text` raises.
std::string error(const std::string& text) {
  try {
    parse(text);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Syntax);
    EXPECT_TRUE(e.where().has_value());
    return std::to_string(e.where()->line) + ":" + std::to_string(e.where()->column) + ": " +
           e.what();
  }
  return "no error";
}

TEST(parser, literals_and_names) {
  EXPECT_EQ(expr("3.5"), "3.5");
  EXPECT_EQ(expr("\"a\""), "\"a\"");
  EXPECT_EQ(expr("'it''s'"), "'it''s'");
  EXPECT_EQ(expr("x"), "x");
  EXPECT_EQ(expr("@sin"), "(handle sin)");
  EXPECT_EQ(expr("@(x, y) x + y"), "(lambda (x y) (+ x y))");
  EXPECT_EQ(expr("@() 1"), "(lambda () 1)");
  EXPECT_EQ(expr("{}"), "(strings)");
  EXPECT_EQ(expr("{'a', \"b\",}"), "(strings 'a' \"b\")");
  // Rows of a brace literal: ';' or a newline between elements (§13.12).
  EXPECT_EQ(expr("{1, 2; 3, 4}"), "(strings 1 2 ; 3 4)");
  EXPECT_EQ(expr("{1, 2\n 3, 4}"), "(strings 1 2 ; 3 4)");
  EXPECT_EQ(expr("{1,\n 2}"), "(strings 1 2)");
  EXPECT_EQ(expr("{1; 2;}"), "(strings 1 ; 2)");
}

TEST(parser, precedence) {
  EXPECT_EQ(expr("1 + 2 * 3"), "(+ 1 (* 2 3))");
  EXPECT_EQ(expr("1 - 2 - 3"), "(- (- 1 2) 3)");
  EXPECT_EQ(expr("a ./ b .* c"), "(.* (./ a b) c)");
  EXPECT_EQ(expr("-2^2"), "(neg (^ 2 2))");
  EXPECT_EQ(expr("2^-1"), "(^ 2 (neg 1))");
  EXPECT_EQ(expr("2^3^2"), "(^ 2 (^ 3 2))");
  EXPECT_EQ(expr("-x.^2"), "(neg (.^ x 2))");
  EXPECT_EQ(expr("!a^b"), "(not (^ a b))");
  EXPECT_EQ(expr("~a"), "(not a)");
  EXPECT_EQ(expr("a^b'"), "(^ a (' b))");
  EXPECT_EQ(expr("a * -b"), "(* a (neg b))");
  EXPECT_EQ(expr("- - a"), "(neg (neg a))");
  EXPECT_EQ(expr("+a"), "(pos a)");
  EXPECT_EQ(expr("a + b == c * d"), "(== (+ a b) (* c d))");
  EXPECT_EQ(expr("a < b & c > d | e"), "(| (& (< a b) (> c d)) e)");
  EXPECT_EQ(expr("a | b & c"), "(| a (& b c))");
  EXPECT_EQ(expr("a || b && c"), "(|| a (&& b c))");
  EXPECT_EQ(expr("a && b | c"), "(&& a (| b c))");
  EXPECT_EQ(expr("a ~= b"), "(!= a b)");
  EXPECT_EQ(expr("a != b"), "(!= a b)");
  EXPECT_EQ(expr("(1 + 2) * 3"), "(* (+ 1 2) 3)");
  EXPECT_EQ(expr("a <= b"), "(<= a b)");
  EXPECT_EQ(expr("a >= b"), "(>= a b)");
}

TEST(parser, ranges) {
  EXPECT_EQ(expr("1:n"), "(range 1 n)");
  EXPECT_EQ(expr("0:0.1:1"), "(range 0 0.1 1)");
  EXPECT_EQ(expr("1:n + 1"), "(range 1 (+ n 1))");
  EXPECT_EQ(expr("2 * 1:3"), "(range (* 2 1) 3)");
  EXPECT_EQ(expr("(0:N) * a"), "(* (range 0 N) a)");
  EXPECT_EQ(expr("a || b:c"), "(range (|| a b) c)");
  EXPECT_EQ(expr("v(end - 1:end)"), "(call v (range (- end 1) end))");
  EXPECT_EQ(expr("[1:3, 7]"), "(matrix (row (range 1 3) 7))");
}

TEST(parser, postfix_chains) {
  EXPECT_EQ(expr("f(x)(2)"), "(index (call f x) 2)");
  EXPECT_EQ(expr("size(A)(1)"), "(index (call size A) 1)");
  EXPECT_EQ(expr("svd(P)(1)"), "(index (call svd P) 1)");
  EXPECT_EQ(expr("x'(3)"), "(index (' x) 3)");
  EXPECT_EQ(expr("(1:5)(2)"), "(index (range 1 5) 2)");
  EXPECT_EQ(expr("s.a.b"), "(field (field s a) b)");
  EXPECT_EQ(expr("f(x).y"), "(field (call f x) y)");
  EXPECT_EQ(expr("obj.m(a, b)"), "(method obj m a b)");
  EXPECT_EQ(expr("x.'"), "(.' x)");
  EXPECT_EQ(expr("x''"), "(' (' x))");
  EXPECT_EQ(expr("f()"), "(call f)");
  EXPECT_EQ(expr("A(:, 1)"), "(call A : 1)");
  EXPECT_EQ(expr("A(:)"), "(call A :)");
  EXPECT_EQ(expr("v(end)"), "(call v end)");
  EXPECT_EQ(expr("v([1 end])"), "(call v (matrix (row 1 end)))");
  EXPECT_EQ(expr("v((end))"), "(call v end)");
  EXPECT_EQ(expr("f(\n  a,\n  b\n)"), "(call f a b)");
}

TEST(parser, matrices) {
  EXPECT_EQ(expr("[]"), "(matrix)");
  EXPECT_EQ(expr("[1, 2; 3, 4]"), "(matrix (row 1 2) (row 3 4))");
  EXPECT_EQ(expr("[1 2; 3 4;]"), "(matrix (row 1 2) (row 3 4))");
  EXPECT_EQ(expr("[1 -2]"), "(matrix (row 1 (neg 2)))");
  EXPECT_EQ(expr("[1 - 2]"), "(matrix (row (- 1 2)))");
  EXPECT_EQ(expr("[a' b']"), "(matrix (row (' a) (' b)))");
  // llmlab: a newline between elements separates rows (§13.10)...
  EXPECT_EQ(expr("[1 2\n 3 4]"), "(matrix (row 1 2) (row 3 4))");
  EXPECT_EQ(expr("[1 2 % first\n\n % comment\n 3 4]"), "(matrix (row 1 2) (row 3 4))");
  // ...and newlines next to [, ], ',' and ';' are skipped.
  EXPECT_EQ(expr("[\n1, 2,\n3\n]"), "(matrix (row 1 2 3))");
  EXPECT_EQ(expr("[1;\n 2]"), "(matrix (row 1) (row 2))");
  EXPECT_EQ(expr("[[1 2]; [3 4]]"), "(matrix (row (matrix (row 1 2))) (row (matrix (row 3 4))))");
}

TEST(parser, statement_forms) {
  EXPECT_EQ(ast("x = 1"), "(program\n  (assign x = 1))\n");
  EXPECT_EQ(ast("x = 1;"), "(program\n  (assign x = 1 ;))\n");
  EXPECT_EQ(ast("n += 1; n -= 1; n *= 2; n /= 2;"),
            "(program\n  (assign n += 1 ;)\n  (assign n -= 1 ;)\n  (assign n *= 2 ;)\n"
            "  (assign n /= 2 ;))\n");
  EXPECT_EQ(ast("v(2, :) = []"), "(program\n  (index-assign v (2 :) (matrix)))\n");
  EXPECT_EQ(ast("v(end + 1) = 3;"), "(program\n  (index-assign v ((+ end 1)) 3 ;))\n");
  EXPECT_EQ(ast("s.f = 2"), "(program\n  (path-assign s.f = 2))\n");
  EXPECT_EQ(ast("[a, ~, c] = f(x)"), "(program\n  (multi-assign [a ~ c] (call f x)))\n");
  EXPECT_EQ(ast("[a b] = size(M);"), "(program\n  (multi-assign [a b] (call size M) ;))\n");
  EXPECT_EQ(ast("[~] = f(x)"), "(program\n  (multi-assign [~] (call f x)))\n");
  EXPECT_EQ(ast("[s.a, v(k, end)] = f(x);"),
            "(program\n  (multi-assign [s.a v(k end)] (call f x) ;))\n");
}

TEST(parser, general_assignment_targets) {
  EXPECT_EQ(ast("s.a.b = 1"), "(program\n  (path-assign s.a.b = 1))\n");
  EXPECT_EQ(ast("s.f(end + 1) = 2;"), "(program\n  (path-assign s.f((+ end 1)) = 2 ;))\n");
  EXPECT_EQ(ast("v(i) += 1"), "(program\n  (path-assign v(i) += 1))\n");
  EXPECT_EQ(ast("s.n -= x'"), "(program\n  (path-assign s.n -= (' x)))\n");
  // Any chain of fields, struct-array elements and cell elements (MATLAB's lvalues).
  EXPECT_EQ(ast("p.h(2).w(:, 1) = 0"), "(program\n  (path-assign p.h(2).w(: 1) = 0))\n");
  EXPECT_EQ(ast("c{2}(end) = 5"), "(program\n  (path-assign c{2}(end) = 5))\n");
  EXPECT_EQ(ast("c{1}{2}.x = 1"), "(program\n  (path-assign c{1}{2}.x = 1))\n");
  EXPECT_EQ(ast("s(k).(n).m(2, :) = []"),
            "(program\n  (path-assign s(k).(n).m(2 :) = (matrix)))\n");
  // A field of a name is a path too; a subscripted name keeps its own statement.
  EXPECT_EQ(ast("s.f = 1"), "(program\n  (path-assign s.f = 1))\n");
  EXPECT_EQ(ast("v(i) = 1"), "(program\n  (index-assign v (i) 1))\n");
  EXPECT_EQ(ast("x == 1"), "(program\n  (expr (== x 1)))\n");
  EXPECT_EQ(ast("[a, b] == c"), "(program\n  (expr (== (matrix (row a b)) c)))\n");
  EXPECT_EQ(ast("a = 1; b = 2"), "(program\n  (assign a = 1 ;)\n  (assign b = 2))\n");
  EXPECT_EQ(ast("a = 1, b = 2"), "(program\n  (assign a = 1)\n  (assign b = 2))\n");
  EXPECT_EQ(ast("title(\"a\"); xlabel(\"t\")"),
            "(program\n  (expr (call title \"a\") ;)\n  (expr (call xlabel \"t\")))\n");
  EXPECT_EQ(ast(""), "(program)\n");
  EXPECT_EQ(ast("\n\n% only comments\n"), "(program)\n");
}

TEST(parser, assignment_locations) {
  const Program program = parse("x = 1\n  v(2) = 3");
  EXPECT_EQ(program.body[1]->loc.line, 2);
  EXPECT_EQ(program.body[1]->loc.column, 3);
  const auto& assign = program.body[1]->as<IndexAssignStmt>();
  EXPECT_EQ(assign.target.text, "v");
  // The parser leaves no evaluator state: the name is only numbered in its unit.
  ASSERT_GE(assign.target.id, 0);
  EXPECT_EQ(program.unit.names[static_cast<std::size_t>(assign.target.id)], "v");
  EXPECT_EQ(assign.value->loc.column, 10);
}

// The parser numbers each unit's distinct names and its statements densely (UnitNames): the top
// level with its lambdas is one unit, each function another.
TEST(parser, units_number_names_and_statements) {
  const Program program = parse(
      "x = 1;\nf = @(y) x + y;\nfor k = 1:3, x = x + k; end\ns.m(x);\n"
      "function r = g(x)\n  r = x;\nend");
  const std::vector<std::string> top = {"x", "f", "y", "k", "s"};
  EXPECT_EQ(program.unit.names, top);
  EXPECT_EQ(program.unit.statement_count, 6);  // 5 at the top level, 1 in the loop
  std::vector<int> ids;
  for (const StmtPtr& statement : program.body) ids.push_back(statement->id);
  EXPECT_EQ(ids, (std::vector<int>{0, 1, 3, 4, 5}));
  const auto& loop = program.body[2]->as<ForStmt>();
  EXPECT_EQ(loop.body[0]->id, 2);
  EXPECT_EQ(loop.variable.id, 3);
  // Both `x`s of the loop's assignment are the unit's one x.
  const auto& step = loop.body[0]->as<AssignStmt>();
  EXPECT_EQ(step.target.id, 0);
  EXPECT_EQ(step.value->as<BinaryExpr>().left->as<IdentifierExpr>().name.id, 0);
  // The lambda's parameter and body share the top level's numbering.
  const auto& lambda = *program.body[1]->as<AssignStmt>().value->as<LambdaExpr>().def;
  EXPECT_EQ(lambda.params[0].id, 2);
  // A method's name after `.` is never a variable.
  const auto& call = program.body[3]->as<ExpressionStmt>().expr->as<MethodCallExpr>();
  EXPECT_EQ(call.name.id, -1);
  EXPECT_EQ(call.object->as<IdentifierExpr>().name.id, 4);
  // The function numbers its own names from 0; its name is not one of them.
  const FunctionDef& function = *program.body[4]->as<FunctionStmt>().function;
  EXPECT_EQ(function.unit.names, (std::vector<std::string>{"r", "x"}));
  EXPECT_EQ(function.unit.statement_count, 1);
  EXPECT_EQ(function.outputs[0].id, 0);
  EXPECT_EQ(function.params[0].id, 1);
  EXPECT_EQ(function.body[0]->id, 0);
}

TEST(parser, if_statements) {
  EXPECT_EQ(ast("if x > 0, y = 1; end"), "(program\n  (if (> x 0)\n    (assign y = 1 ;)))\n");
  EXPECT_EQ(ast("if a\n  b\nelseif c\n  d\nelse\n  e\nend"),
            "(program\n  (if a\n    (expr b)\n    (elseif c\n      (expr d))\n    (else\n"
            "      (expr e))))\n");
  EXPECT_EQ(ast("if a; else; end"), "(program\n  (if a\n    (else)))\n");
  EXPECT_EQ(ast("if a, b, else c, end"),
            "(program\n  (if a\n    (expr b)\n    (else\n      (expr c))))\n");
}

TEST(parser, condition_short_circuit_marks) {
  EXPECT_EQ(ast("if a & b | c(x & y), end"), "(program\n  (if (|? (&? a b) (call c (& x y)))))\n");
  EXPECT_EQ(ast("while [a & b] && c & d, end"),
            "(program\n  (while (&& (matrix (row (& a b))) (&? c d))))\n");
  EXPECT_EQ(expr("a & b"), "(& a b)");
}

TEST(parser, loops) {
  EXPECT_EQ(ast("for i = 1:3\n  disp(i)\nend"),
            "(program\n  (for i (range 1 3)\n    (expr (call disp i))))\n");
  EXPECT_EQ(ast("for (k = v), end"), "(program\n  (for k v))\n");
  EXPECT_EQ(ast("while k < n, k += 1; end"),
            "(program\n  (while (< k n)\n    (assign k += 1 ;)))\n");
  EXPECT_EQ(ast("for i = 1:3\n if i > 1, break; end\n continue\nend"),
            "(program\n  (for i (range 1 3)\n    (if (> i 1)\n      (break))\n"
            "    (continue)))\n");
  // Outside a statement of its own, `break` is an ordinary name.
  EXPECT_EQ(ast("break = 1"), "(program\n  (assign break = 1))\n");
  EXPECT_EQ(ast("while 1, break end"), "(program\n  (while 1\n    (break)))\n");
}

TEST(parser, switch_statements) {
  EXPECT_EQ(ast("switch x\n  case 1\n    a\n  case 'b', c\n  otherwise\n    d\nend"),
            "(program\n  (switch x\n    (case 1\n      (expr a))\n    (case 'b'\n      (expr c))\n"
            "    (otherwise\n      (expr d))))\n");
  EXPECT_EQ(ast("switch x, end"), "(program\n  (switch x))\n");
}

TEST(parser, try_catch) {
  EXPECT_EQ(ast("try\n  a\ncatch err\n  b\nend"),
            "(program\n  (try\n    (expr a)\n    (catch err\n      (expr b))))\n");
  EXPECT_EQ(ast("try, a, catch, b, end"),
            "(program\n  (try\n    (expr a)\n    (catch\n      (expr b))))\n");
  EXPECT_EQ(ast("try\n  a\nend"), "(program\n  (try\n    (expr a)))\n");
  // `try` and `catch` elsewhere are names.
  EXPECT_EQ(ast("try = 1; catch = try"),
            "(program\n  (assign try = 1 ;)\n  (assign catch = try))\n");
}

TEST(parser, functions) {
  EXPECT_EQ(ast("function f()\nend"), "(program\n  (function f () -> ()))\n");
  EXPECT_EQ(ast("function y = sq(x)\n  y = x^2;\nend"),
            "(program\n  (function sq (x) -> (y)\n    (assign y = (^ x 2) ;)))\n");
  EXPECT_EQ(ast("function [a, b] = two(x, y), a = x; b = y; end"),
            "(program\n  (function two (x y) -> (a b)\n    (assign a = x ;)\n"
            "    (assign b = y ;)))\n");
  EXPECT_EQ(ast("function g(x)\n  if x, return; end\nend"),
            "(program\n  (function g (x) -> ()\n    (if x\n      (return))))\n");
  const Program program = parse("function [a, b] = two(x, y)\nend");
  const FunctionDef& def = *program.body[0]->as<FunctionStmt>().function;
  EXPECT_EQ(def.name, "two");
  ASSERT_EQ(def.params.size(), 2u);
  EXPECT_EQ(def.params[1].text, "y");
  EXPECT_EQ(def.outputs[0].text, "a");
  EXPECT_EQ(def.loc.line, 1);
}

TEST(parser, commands) {
  EXPECT_EQ(ast("hold on"), "(program\n  (expr (call hold \"on\")))\n");
  EXPECT_EQ(ast("grid off;"), "(program\n  (expr (call grid \"off\") ;))\n");
  EXPECT_EQ(ast("hold(\"on\")"), "(program\n  (expr (call hold \"on\")))\n");
  EXPECT_EQ(ast("close all"), "(program\n  (expr (call close \"all\")))\n");
  EXPECT_EQ(ast("close 2"), "(program\n  (expr (call close 2)))\n");
  EXPECT_EQ(ast("close"), "(program\n  (expr (call close)))\n");
  EXPECT_EQ(ast("format long"), "(program\n  (expr (call format \"long\")))\n");
  EXPECT_EQ(ast("format"), "(program\n  (expr (call format)))\n");
  EXPECT_EQ(ast("viewer on main"), "(program\n  (expr (call viewer \"on\" \"main\")))\n");
  EXPECT_EQ(ast("cache enable"), "(program\n  (expr (call cache \"enable\")))\n");
  // Touching tokens are one word as written; `..` and `~` start a path word (issue #30).
  EXPECT_EQ(ast("cd .."), "(program\n  (expr (call cd \"..\")))\n");
  EXPECT_EQ(ast("cd ../runs/a;"), "(program\n  (expr (call cd \"../runs/a\") ;))\n");
  EXPECT_EQ(ast("cd ~"), "(program\n  (expr (call cd \"~\")))\n");
  EXPECT_EQ(ast("cd runs/a"), "(program\n  (expr (call cd \"runs/a\")))\n");
  EXPECT_EQ(ast("copyfile ../a.txt ~/b.txt"),
            "(program\n  (expr (call copyfile \"../a.txt\" \"~/b.txt\")))\n");
  EXPECT_EQ(ast("load data.npy"), "(program\n  (expr (call load \"data.npy\")))\n");
  EXPECT_EQ(ast("disp x(1)"), "(program\n  (expr (call disp \"x(1)\")))\n");
  EXPECT_EQ(ast("run ../lib/x.rlab"), "(program\n  (run \"../lib/x.rlab\"))\n");
  // `cache` is soft: otherwise a name.
  EXPECT_EQ(ast("cache = 1; cache.T"),
            "(program\n  (assign cache = 1 ;)\n  (expr (field cache T)))\n");
}

TEST(parser, run_and_import) {
  EXPECT_EQ(ast("run \"../lib/info.rlab\""), "(program\n  (run \"../lib/info.rlab\"))\n");
  EXPECT_EQ(ast("run lib/helpers.rlab;"), "(program\n  (run \"lib/helpers.rlab\" ;))\n");
  EXPECT_EQ(ast("run(\"a.rlab\")"), "(program\n  (run \"a.rlab\"))\n");
  EXPECT_EQ(ast("import \"tf.rlab\""), "(program\n  (import \"tf.rlab\"))\n");
  EXPECT_EQ(ast("import my-lib.rlab"), "(program\n  (import \"my-lib.rlab\"))\n");
  EXPECT_EQ(ast("import = 2"), "(program\n  (assign import = 2))\n");
}

TEST(parser, errors) {
  // A path word only follows a statement's first word: inside an expression `..` stays an error.
  EXPECT_EQ(error("y = x .."), "1:7: lex error: invalid number: ..");
  EXPECT_EQ(error("f(a ..)"), "1:5: lex error: invalid number: ..");
  EXPECT_EQ(error("x = (1"), "1:5: parse error: unexpected end of input: missing ')' for '('");
  EXPECT_EQ(error("f(1 2)"),
            "1:5: parse error: expected ',' or ')' in argument list, got number 2");
  EXPECT_EQ(error("x = 1 disp(x)"),
            "1:7: parse error: expected newline or EOF, got identifier 'disp'");
  EXPECT_EQ(error("x = 1;;"), "1:7: parse error: unexpected token in expression: ';'");
  EXPECT_EQ(error(";"), "1:1: parse error: unexpected token in expression: ';'");
  EXPECT_EQ(error(","), "1:1: parse error: unexpected token in expression: ','");
  EXPECT_EQ(error("x = "), "1:5: parse error: unexpected end of input in expression");
  EXPECT_EQ(error("if x\n  y = 1\n"),
            "1:1: parse error: unexpected end of input: missing 'end' for 'if'");
  EXPECT_EQ(error("for i = 1:3\n"),
            "1:1: parse error: unexpected end of input: missing 'end' for 'for'");
  EXPECT_EQ(error("while 1\n"),
            "1:1: parse error: unexpected end of input: missing 'end' for 'while'");
  EXPECT_EQ(error("function f()\n"),
            "1:1: parse error: unexpected end of input: missing 'end' for 'function'");
  EXPECT_EQ(error("try\n"), "1:1: parse error: unexpected end of input: missing 'end' for 'try'");
  EXPECT_EQ(error("try\ncatch\n"),
            "2:1: parse error: unexpected end of input: missing 'end' for 'catch'");
  EXPECT_EQ(error("switch x\n"),
            "1:1: parse error: unexpected end of input: missing 'end' for 'switch'");
  EXPECT_EQ(
      error("switch x\n y = 1\nend"),
      "2:2: parse error: expected 'case', 'otherwise' or 'end' in switch, got identifier 'y'");
  EXPECT_EQ(error("end"), "1:1: parse error: unexpected 'end' outside of a block");
  EXPECT_EQ(error("else"), "1:1: parse error: 'else' without matching 'if'");
  EXPECT_EQ(error("elseif x"), "1:1: parse error: 'elseif' without matching 'if'");
  EXPECT_EQ(error("case 1"), "1:1: parse error: 'case' outside of a switch");
  EXPECT_EQ(error("if a\nelseif b\n"),
            "2:1: parse error: unexpected end of input: missing 'end' for 'elseif'");
  EXPECT_EQ(error("if a\nelse\n"),
            "2:1: parse error: unexpected end of input: missing 'end' for 'else'");
  EXPECT_EQ(error("switch x\ncase 1\n"),
            "1:1: parse error: unexpected end of input: missing 'end' for 'switch'");
  EXPECT_EQ(error("f(1,\n"), "1:2: parse error: unexpected end of input: missing ')' for '('");
  EXPECT_EQ(error("[1 2\n"), "1:1: parse error: unexpected end of input: missing ']' for '['");
  EXPECT_EQ(error("f(1\n"), "1:2: parse error: unexpected end of input: missing ')' for '('");
  EXPECT_EQ(error("if a, else, b, else, c, end"), "1:16: parse error: 'else' after 'else'");
  EXPECT_EQ(error("switch x, otherwise, a, case 1, end"),
            "1:25: parse error: 'case' after 'otherwise'");
  EXPECT_EQ(error("for 1 = 2, end"),
            "1:5: parse error: expected loop variable after 'for', got number 1");
  EXPECT_EQ(error("for i 1:3, end"),
            "1:7: parse error: expected '=' after the loop variable, got number 1");
  // A statement may follow a complete header on its line (§13.12); an operator may not.
  EXPECT_EQ(error("for i = 1:3 * , end"), "1:15: parse error: unexpected token in expression: ','");
  EXPECT_EQ(error("if x ) y, end"),
            "1:6: parse error: expected newline, ';' or ',' after the header, got ')'");
  EXPECT_EQ(error("function [] = f(x)\nend"),
            "1:11: parse error: expected identifier in function output list, got ']'");
  EXPECT_EQ(error("function f\nend"),
            "1:11: parse error: expected '(' after the function name, got newline");
  EXPECT_EQ(error("function f(1)\nend"),
            "1:12: parse error: expected parameter name, got number 1");
  EXPECT_EQ(error("function f(a\nend"),
            "1:13: parse error: expected ')' after the parameters, got newline");
  EXPECT_EQ(error("function [a = f()\nend"),
            "1:13: parse error: expected ']' after the function outputs, got '='");
  EXPECT_EQ(error("function [a] f()\nend"),
            "1:14: parse error: expected '=' after the function outputs, got identifier 'f'");
  EXPECT_EQ(error("break"), "1:1: parse error: 'break' outside a loop");
  EXPECT_EQ(error("continue;"), "1:1: parse error: 'continue' outside a loop");
  EXPECT_EQ(error("for i = 1:2\n function f()\n  break\n end\nend"),
            "3:3: parse error: 'break' outside a loop");
  EXPECT_EQ(error("a < b < c"),
            "1:7: parse error: comparisons cannot be chained ('<' after a comparison); combine "
            "them with &&");
  EXPECT_EQ(error("1:n == 3"), "1:5: parse error: expected newline or EOF, got '=='");
  EXPECT_EQ(error("a = b = 3"), "1:7: parse error: expected newline or EOF, got '='");
  constexpr const char* kParenInside =
      "parse error: invalid assignment target: a '(...)' subscript inside a target must be "
      "followed by a field (s(k).f); write x(i)(j) as x(i, j), and a cell element as c{i}";
  EXPECT_EQ(error("x(1)(2) = 1"), std::string("1:9: ") + kParenInside);
  EXPECT_EQ(error("v(2).f(1){3} = 1"), std::string("1:14: ") + kParenInside);
  EXPECT_EQ(error("f(x)' = 1"),
            "1:7: parse error: invalid assignment target: only a name followed by fields, "
            "'(...)' and '{...}' subscripts can be assigned");
  EXPECT_EQ(error("[a, s.f(1)(2)] = f()"), std::string("1:5: ") + kParenInside);
  EXPECT_EQ(error("x = 1 +\n 2"), "1:8: parse error: unexpected token in expression: newline");
  EXPECT_EQ(error("x = [1, 2,]"), "1:11: parse error: expected an element after ',', got ']'");
  EXPECT_EQ(error("x = [1 2"), "1:5: parse error: unexpected end of input: missing ']' for '['");
  EXPECT_EQ(error("x = [1 2 = 3]"),
            "1:10: parse error: expected ',', ';' or ']' in matrix literal, got '='");
  EXPECT_EQ(error("x = {\"a\" \"b\"]"),
            "1:13: parse error: expected ',' or '}' in string array, got ']'");
  EXPECT_EQ(error("x = {1"), "1:5: parse error: unexpected end of input: missing '}' for '{'");
  EXPECT_EQ(error("x = @3"),
            "1:6: parse error: expected a function name or '(' after '@', got number 3");
  EXPECT_EQ(error("x = @(1) 2"), "1:7: parse error: expected parameter name, got number 1");
  EXPECT_EQ(error("x = @(a b) 2"),
            "1:9: parse error: expected ')' after the lambda parameters, got identifier 'b'");
  EXPECT_EQ(error("x = end"), "1:5: parse error: 'end' can only be used inside a subscript");
  EXPECT_EQ(error("x = s.1"), "1:6: parse error: expected newline or EOF, got number .1");
  EXPECT_EQ(error("x = s.end"), "1:7: parse error: expected field name after '.', got 'end'");
  EXPECT_EQ(error("hold = 1"), "1:6: parse error: expected a word argument to 'hold', got '='");
  EXPECT_EQ(error("run"), "1:4: parse error: expected a file path after 'run'");
  EXPECT_EQ(error("run (x)"), "1:5: parse error: expected a file path after 'run', got '('");
  EXPECT_EQ(error("[a, 1] = f()"),
            "1:5: parse error: expected a name or '~' in the output list, got number 1");
  EXPECT_EQ(error("x = 2j"), "1:6: parse error: expected newline or EOF, got identifier 'j'");
  EXPECT_EQ(error("x = $"), "1:5: lex error: unexpected character: '$'");
}

TEST(parser, deep_nesting_fails_cleanly) {
  EXPECT_EQ(error(std::string(5000, '(') + "1" + std::string(5000, ')')),
            "1:501: parse error: expression nested too deeply");
  EXPECT_EQ(error("x = " + std::string(5000, '-') + "1"),
            "1:505: parse error: expression nested too deeply");
  std::string ifs;
  for (int k = 0; k < 1000; ++k) ifs += "if 1\n";
  EXPECT_EQ(error(ifs), "501:1: parse error: blocks nested too deeply");
}

// Long chains build deep trees without deep parser recursion; their height is bounded so the
// tree's destructor, the AST printer and the evaluator never run off the stack (issue #19).
TEST(parser, long_chains_fail_cleanly) {
  auto chain = [](const std::string& head, const std::string& link, int count) {
    std::string text = head;
    for (int k = 0; k < count; ++k) text += link;
    return text;
  };
  const std::string too_deep = "expression too deep";
  EXPECT_NE(error("if 0\n x = " + chain("1", " + 1", 300000) + "\nend").find(too_deep),
            std::string::npos);
  EXPECT_NE(error("y = " + chain("1", " && 1", 300000)).find(too_deep), std::string::npos);
  EXPECT_NE(error("y = " + chain("x", "(1)", 100000)).find(too_deep), std::string::npos);
  EXPECT_NE(error("y = " + chain("s", ".a", 100000)).find(too_deep), std::string::npos);
  EXPECT_NE(error("y = " + chain("x", "'", 100000)).find(too_deep), std::string::npos);
  // Below the bound a chain is an ordinary expression.
  EXPECT_EQ(error("y = " + chain("1", " + 1", 4000)), "no error");
}

TEST(parser, completeness) {
  auto check = [](const std::string& text) {
    return check_completeness(std::make_shared<SourceFile>("<repl>", text));
  };
  EXPECT_EQ(check("x = 1\n"), Completeness::Complete);
  EXPECT_EQ(check("for i = 1:3\n"), Completeness::Incomplete);
  EXPECT_EQ(check("for i = 1:3\n  if i > 1\n"), Completeness::Incomplete);
  EXPECT_EQ(check("for i = 1:3\n  disp(i)\nend\n"), Completeness::Complete);
  EXPECT_EQ(check("function y = f(x)\n"), Completeness::Incomplete);
  EXPECT_EQ(check("try\n"), Completeness::Incomplete);
  EXPECT_EQ(check("switch x\n case 1\n"), Completeness::Incomplete);
  EXPECT_EQ(check("x = [1 2\n"), Completeness::Incomplete);
  EXPECT_EQ(check("x = f(1, ...\n"), Completeness::Incomplete);
  // Errors that more input cannot fix are complete: the REPL reports them at once.
  EXPECT_EQ(check("x = 1 +\n"), Completeness::Complete);
  EXPECT_EQ(check("x = 'abc\n"), Completeness::Complete);
  EXPECT_EQ(check("end\n"), Completeness::Complete);
}

// Every script of the lesson acceptance set and the benchmarks parses.
TEST(parser, shared_scripts_parse) {
  namespace fs = std::filesystem;
  int parsed = 0;
  for (const char* folder : {"/acceptance/lesson-12", "/bench"}) {
    const fs::path dir = fs::path(LLMLAB_SHARED_DIR) / (folder + 1);
    if (!fs::exists(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() != ".rlab") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      EXPECT_NO_THROW(
          parse_program(std::make_shared<SourceFile>(entry.path().string(), text.str())))
          << entry.path();
      ++parsed;
    }
  }
  EXPECT_GT(parsed, 10);
}

}  // namespace
}  // namespace llmlab::lang

namespace llmlab::lang {
namespace {

TEST(parser_fields, command_words_name_fields) {
  for (const char* source : {"cfg.grid = [1, 2];", "disp(cfg.grid)", "s.format = 1;", "x = p.run;",
                             "y = opts.hold.close;"}) {
    EXPECT_NO_THROW(parse_program(std::make_shared<const SourceFile>("t.rlab", source))) << source;
  }
  EXPECT_THROW(parse_program(std::make_shared<const SourceFile>("t.rlab", "s.1 = 2;")), Error);
}

}  // namespace
}  // namespace llmlab::lang
