// The syntax tree of the rlab language (language.md §2, §3, §13): what the parser builds and
// the evaluator walks. Nodes are plain structs tagged with a kind enum, so the evaluator
// dispatches with one switch and a static_cast (`node.as<BinaryExpr>()`), never by strings.
// Every node carries a SourceLoc. Children are owned by unique_ptr; function and lambda
// definitions are shared_ptr so values (function table entries, lambdas) can outlive the
// Program they came from (a REPL line, a notebook block).
//
// The tree is syntax only: the evaluator keeps what it learns about it (variable slots, bound
// builtins, compiled fast forms) in its own code objects (runtime/compile.hpp), reached through
// the dense numbers the parser gives each unit's names, statements and calls (UnitNames).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/source.hpp"
#include "lang/dialect.hpp"
#include "lang/token.hpp"

namespace llmlab::lang {

// ---------------------------------------------------------------------------------------------
// Expressions

enum class ExprKind : std::uint8_t {
  Number,          // 3, 1e-5, .5
  Imaginary,       // 3i, 2.5e-3j: the matlab dialect's imaginary literal (language.md §14)
  String,          // "abc" or 'abc'
  Identifier,      // x
  End,             // `end` inside a subscript (§3.9)
  Colon,           // a bare `:` subscript, "all of this dimension"
  Range,           // a:b, a:s:b (§3.3)
  Unary,           // -x, +x, !x, ~x, x', x.'
  Binary,          // x + y, ... (BinaryOp)
  Call,            // NAME(args): call or index, decided at run time (§3.6)
  Index,           // E(args) where E is not a bare name: chained index (`size(A)(1)`)
  CellIndex,       // E{args}: one element of a cell array (§13.12)
  Field,           // E.name (§3.7)
  MethodCall,      // E.name(args): method-call sugar for name(E, args) (§3.1)
  Matrix,          // [a, b; c, d] (§3.4)
  StringArray,     // {"a", "b"} (§3.5)
  Lambda,          // @(x, y) body (§3.8)
  FunctionHandle,  // @name
};

enum class UnaryOp : std::uint8_t {
  Negate,                 // -x
  Plus,                   // +x
  Not,                    // !x or ~x
  Transpose,              // x'   (conjugate transpose)
  NonConjugateTranspose,  // x.'
};

// Every binary operator of §3.2, §13.5 and §13.12 (left division `\`; `.\` does not exist).
enum class BinaryOp : std::uint8_t {
  Add,              // +
  Subtract,         // -
  Multiply,         // *   (matrix product)
  Divide,           // /
  LeftDivide,       // \  (MATLAB's mldivide, §13.12)
  Power,            // ^
  ElementMultiply,  // .*
  ElementDivide,    // ./
  ElementPower,     // .^
  Equal,            // ==
  NotEqual,         // != or ~=
  Less,             // <
  LessEqual,        // <=
  Greater,          // >
  GreaterEqual,     // >=
  ElementAnd,       // &
  ElementOr,        // |
  AndAnd,           // && (short-circuit)
  OrOr,             // || (short-circuit)
};

// What every syntax node has: its kind tag, its position, and the checked downcast to the node
// type of that kind (each node type names its tag as kKind).
template <class KindTag>
struct Node {
  const KindTag kind;
  SourceLoc loc;

  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  template <class T>
  const T& as() const {
    LLMLAB_ASSERT(kind == T::kKind);
    return static_cast<const T&>(*this);
  }
  template <class T>
  T& as() {
    LLMLAB_ASSERT(kind == T::kKind);
    return static_cast<T&>(*this);
  }

 protected:
  Node(KindTag tag, SourceLoc where) : kind(tag), loc(std::move(where)) {}
};

struct Expr : Node<ExprKind> {
 protected:
  Expr(ExprKind expr_kind, SourceLoc where) : Node(expr_kind, std::move(where)) {}
};

using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

// The names and statements of one code unit, numbered densely by the parser: a program's top
// level, or one function's header and body; a lambda belongs to the unit it is written in, as
// its body reads that scope (§3.8). Each distinct variable name is here once, so the evaluator
// resolves a unit's variables with one lookup per name and then reads them through arrays
// indexed by Name::id and Stmt::id (Lua's Proto keeps its local names the same way).
struct UnitNames {
  // A NAME(args) of the unit: what the runtime classifies it by (its name and argument count).
  struct CallSite {
    int name = -1;  // Name::id
    std::size_t argument_count = 0;
  };
  std::vector<std::string> names;  // indexed by Name::id
  int statement_count = 0;         // Stmt::id runs over 0..statement_count - 1
  std::vector<CallSite> calls;     // indexed by CallExpr::site
};

// A name written where a variable is bound or read.
struct Name {
  std::string text;
  SourceLoc loc;
  // Where `text` is in its unit's UnitNames::names; -1 for a name that is never a variable (a
  // method's name after `.`, the placeholder `~`).
  int id = -1;

  // The text of `~` in a parameter list (`function f(~, b)`, `@(~) 1`; language.md §13.4):
  // the argument is taken and counted in nargin, but bound to no name.
  static constexpr std::string_view kPlaceholder = "~";
  bool is_placeholder() const { return text == kPlaceholder; }
};

struct NumberExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Number;
  double value;
  NumberExpr(SourceLoc where, double number) : Expr(kKind, std::move(where)), value(number) {}
};

// The imaginary number `value`·i.
struct ImaginaryExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Imaginary;
  double value;
  ImaginaryExpr(SourceLoc where, double number) : Expr(kKind, std::move(where)), value(number) {}
};

struct StringExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::String;
  std::string value;  // doubled quotes collapsed; no escapes (§1.5)
  QuoteKind quote;
  StringExpr(SourceLoc where, std::string text, QuoteKind quote_kind)
      : Expr(kKind, std::move(where)), value(std::move(text)), quote(quote_kind) {}
};

// A bare name: a variable, or a function called with no arguments (§13.10).
struct IdentifierExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Identifier;
  Name name;
  explicit IdentifierExpr(Name identifier)
      : Expr(kKind, identifier.loc), name(std::move(identifier)) {}
};

struct EndExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::End;
  explicit EndExpr(SourceLoc where) : Expr(kKind, std::move(where)) {}
};

// Only ever an argument of a Call, Index or MethodCall, or an index of an IndexAssign.
struct ColonExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Colon;
  explicit ColonExpr(SourceLoc where) : Expr(kKind, std::move(where)) {}
};

struct RangeExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Range;
  ExprPtr start;
  ExprPtr step;  // null for a:b
  ExprPtr stop;
  RangeExpr(SourceLoc where, ExprPtr first, ExprPtr increment, ExprPtr last)
      : Expr(kKind, std::move(where)),
        start(std::move(first)),
        step(std::move(increment)),
        stop(std::move(last)) {}
};

struct UnaryExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Unary;
  UnaryOp op;
  ExprPtr operand;
  UnaryExpr(SourceLoc where, UnaryOp unary_op, ExprPtr value)
      : Expr(kKind, std::move(where)), op(unary_op), operand(std::move(value)) {}
};

struct BinaryExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Binary;
  BinaryOp op;
  ExprPtr left;
  ExprPtr right;
  // Set by the parser on `&` and `|` at the top level of an if/elseif/while condition (not
  // inside call arguments, subscripts or brackets): MATLAB's short-circuit rule of §13.5.
  bool condition_short_circuit = false;
  BinaryExpr(SourceLoc where, BinaryOp binary_op, ExprPtr lhs, ExprPtr rhs)
      : Expr(kKind, std::move(where)), op(binary_op), left(std::move(lhs)), right(std::move(rhs)) {}
};

// NAME(args): a call of a function or an index into a variable, resolved at run time (§3.6).
// `loc` is the name's position.
struct CallExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Call;
  Name name;
  ExprList args;  // may contain ColonExpr and (inside) EndExpr
  int site = -1;  // the call's number in its unit (UnitNames::calls)
  CallExpr(Name callee, ExprList arguments)
      : Expr(kKind, callee.loc), name(std::move(callee)), args(std::move(arguments)) {}
};

// E(args) where E is any postfix expression but a bare name: `f(x)(2)`, `x'(3)`, `(1:5)(2)`.
struct IndexExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Index;
  ExprPtr base;
  ExprList args;
  IndexExpr(SourceLoc where, ExprPtr indexed, ExprList arguments)
      : Expr(kKind, std::move(where)), base(std::move(indexed)), args(std::move(arguments)) {}
};

// E{args}: the element of a cell array (or string array) the subscripts select (§13.12).
struct CellIndexExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::CellIndex;
  ExprPtr base;
  ExprList args;
  CellIndexExpr(SourceLoc where, ExprPtr indexed, ExprList arguments)
      : Expr(kKind, std::move(where)), base(std::move(indexed)), args(std::move(arguments)) {}
};

// E.name, or MATLAB's dynamic field E.(expr) whose name is the string expr evaluates to (then
// `field` is empty and `name_expr` is set).
struct FieldExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Field;
  ExprPtr base;
  std::string field;
  ExprPtr name_expr;
  FieldExpr(SourceLoc where, ExprPtr object, std::string name)
      : Expr(kKind, std::move(where)), base(std::move(object)), field(std::move(name)) {}
  FieldExpr(SourceLoc where, ExprPtr object, ExprPtr name)
      : Expr(kKind, std::move(where)), base(std::move(object)), name_expr(std::move(name)) {}
};

// E.name(args) calls `name(E, args...)` (§3.1): `s.data(2)` is the call data(s, 2).
struct MethodCallExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::MethodCall;
  ExprPtr object;
  Name name;
  ExprList args;
  MethodCallExpr(SourceLoc where, ExprPtr receiver, Name method, ExprList arguments)
      : Expr(kKind, std::move(where)),
        object(std::move(receiver)),
        name(std::move(method)),
        args(std::move(arguments)) {}
};

struct MatrixExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Matrix;
  std::vector<ExprList> rows;  // as written; `[]` has no rows
  MatrixExpr(SourceLoc where, std::vector<ExprList> elements)
      : Expr(kKind, std::move(where)), rows(std::move(elements)) {}
};

struct StringArrayExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::StringArray;
  ExprList elements;
  // Where each row after the first begins in `elements` (`;` or a newline between elements);
  // empty for a one-row literal. Strings ignore rows (string arrays are one-dimensional); a
  // cell literal takes its rows from them (§13.12: {1, 2; 3, 4} is 2×2).
  std::vector<std::size_t> row_starts;
  StringArrayExpr(SourceLoc where, ExprList items, std::vector<std::size_t> starts = {})
      : Expr(kKind, std::move(where)), elements(std::move(items)), row_starts(std::move(starts)) {}
};

// Parameters and body of `@(p1, ..., pn) body`, shared so a lambda value keeps them alive.
struct LambdaDef {
  std::vector<Name> params;
  ExprPtr body;
  SourceLoc loc;
};

struct LambdaExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::Lambda;
  std::shared_ptr<const LambdaDef> def;
  LambdaExpr(SourceLoc where, std::shared_ptr<const LambdaDef> lambda)
      : Expr(kKind, std::move(where)), def(std::move(lambda)) {}
};

struct FunctionHandleExpr final : Expr {
  static constexpr ExprKind kKind = ExprKind::FunctionHandle;
  Name name;  // `@h` of a variable h holding a lambda is that lambda (§3.8)
  FunctionHandleExpr(SourceLoc where, Name callee)
      : Expr(kKind, std::move(where)), name(std::move(callee)) {}
};

// ---------------------------------------------------------------------------------------------
// Statements

enum class StmtKind : std::uint8_t {
  Expression,   // expr                      (§2.7)
  Assign,       // x = e, x += e, ...        (§2.3)
  IndexAssign,  // x(i, j) = e               (§2.4; deletion when e is [])
  MultiAssign,  // [a, ~, c] = e             (§2.6, §13.4)
  PathAssign,   // s.f = e (§2.5), s.a.b = e, p.h(2).w(i) = e, v(i) += e (README "Assignment
                // targets")
  If,           // (§2.8)
  For,          // (§2.9)
  While,        // (§2.10)
  Switch,       // (§2.11)
  Break,        // (§13.1)
  Continue,     // (§13.1)
  Return,       // (§2.12)
  Try,          // (§13.2)
  Function,     // function definition, an executable statement (§2.13: no hoisting)
  Run,          // run PATH, import PATH (§2.14, §13.11)
  Declare,      // global a b, persistent k  (language.md §14: the matlab dialect)
};

// A statement's `loc` is its first token (§9.2 line attribution).
struct Stmt : Node<StmtKind> {
  // A trailing `;` (§2.1): no echo. Meaningful for simple statements only.
  bool suppressed = false;
  // The statement's number in its unit, 0..UnitNames::statement_count - 1.
  int id = -1;

 protected:
  Stmt(StmtKind stmt_kind, SourceLoc where) : Node(stmt_kind, std::move(where)) {}
};

using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

// Command statements (`hold on`, `grid off`, `close all`, `format long`, `viewer on`, a
// `cache` directive) parse to an ExpressionStmt holding a CallExpr with string arguments:
// `hold on` is `hold("on")`, bare `format` is `format()` (§2.14).
struct ExpressionStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Expression;
  ExprPtr expr;
  ExpressionStmt(SourceLoc where, ExprPtr value)
      : Stmt(kKind, std::move(where)), expr(std::move(value)) {}
};

enum class AssignOp : std::uint8_t {
  Set,       // =
  Add,       // +=  (x = x + (e))
  Subtract,  // -=
  Multiply,  // *=  (`*`, not `.*`)
  Divide,    // /=
};

// The operator of a compound assignment: `x op= e` is `x = x op (e)` (§2.3).
inline BinaryOp compound_operator(AssignOp op) {
  switch (op) {
    case AssignOp::Add:
      return BinaryOp::Add;
    case AssignOp::Subtract:
      return BinaryOp::Subtract;
    case AssignOp::Multiply:
      return BinaryOp::Multiply;
    default:
      return BinaryOp::Divide;
  }
}

struct AssignStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Assign;
  Name target;
  AssignOp op;
  ExprPtr value;
  AssignStmt(SourceLoc where, Name name, AssignOp assign_op, ExprPtr rhs)
      : Stmt(kKind, std::move(where)),
        target(std::move(name)),
        op(assign_op),
        value(std::move(rhs)) {}
};

// name(i1, ..., ik) = e. `name` is a plain identifier (§2.2 rule 4); indices may be
// ColonExpr and contain EndExpr.
struct IndexAssignStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::IndexAssign;
  Name target;
  ExprList indices;
  ExprPtr value;
  IndexAssignStmt(SourceLoc where, Name name, ExprList subscripts, ExprPtr rhs)
      : Stmt(kKind, std::move(where)),
        target(std::move(name)),
        indices(std::move(subscripts)),
        value(std::move(rhs)) {}
};

// One step of an assignment target past its root name: `.field`, `(subscripts)` or
// `{subscripts}` (a cell element, §13.12).
struct TargetStep {
  SourceLoc loc;
  bool is_field = true;
  std::string field;    // a field step
  ExprList subscripts;  // a subscript step; may contain ColonExpr and EndExpr
  ExprPtr field_expr;   // a dynamic field step `.(expr)`: the name is evaluated, `field` empty
  bool braces = false;  // a subscript step written `{...}`
};

// Where an assignment writes: a name, then any chain of fields, `(...)` and `{...}` steps
// (`x`, `s.a.b`, `v(i)`, `p.h(2).w(:, 1)`, `c{2}.x`). A `(...)` before the last step selects a
// struct-array element, so a field follows it (the parser checks). rlab itself allows only
// NAME, NAME(...) and NAME.FIELD (§2.2); the rest is llmlab's MATLAB extension.
struct AssignTarget {
  Name root;
  std::vector<TargetStep> steps;
  bool plain() const { return steps.empty(); }
};

// [a, ~, s.f, v(k)] = e. A placeholder `~` is std::nullopt; it still counts towards nargout.
struct MultiAssignStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::MultiAssign;
  std::vector<std::optional<AssignTarget>> targets;
  ExprPtr value;
  MultiAssignStmt(SourceLoc where, std::vector<std::optional<AssignTarget>> outputs, ExprPtr rhs)
      : Stmt(kKind, std::move(where)), targets(std::move(outputs)), value(std::move(rhs)) {}
};

// target op= e for the targets the forms above do not cover: a field (`s.f = e`), chains of any
// depth (`s.a.b = e`, `s.f(i) = e`, `p.h(2).w(:, 1) = e`, `c{2}.x = e`) and compound assignment
// to any target but a plain name.
struct PathAssignStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::PathAssign;
  AssignTarget target;
  AssignOp op;
  ExprPtr value;
  PathAssignStmt(SourceLoc where, AssignTarget written, AssignOp assign_op, ExprPtr rhs)
      : Stmt(kKind, std::move(where)),
        target(std::move(written)),
        op(assign_op),
        value(std::move(rhs)) {}
};

struct IfClause {
  ExprPtr condition;
  Block body;
  SourceLoc loc;  // the `if` or `elseif` keyword
};

struct IfStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::If;
  std::vector<IfClause> clauses;  // the `if` arm, then each `elseif`
  Block else_body;                // empty when there is no `else`
  bool has_else = false;
  explicit IfStmt(SourceLoc where) : Stmt(kKind, std::move(where)) {}
};

struct ForStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::For;
  Name variable;
  ExprPtr iterable;
  Block body;
  ForStmt(SourceLoc where, Name loop_variable, ExprPtr values)
      : Stmt(kKind, std::move(where)),
        variable(std::move(loop_variable)),
        iterable(std::move(values)) {}
};

struct WhileStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::While;
  ExprPtr condition;
  Block body;
  WhileStmt(SourceLoc where, ExprPtr test)
      : Stmt(kKind, std::move(where)), condition(std::move(test)) {}
};

struct SwitchCase {
  ExprPtr value;
  Block body;
  SourceLoc loc;  // the `case` keyword
};

struct SwitchStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Switch;
  ExprPtr subject;
  std::vector<SwitchCase> cases;
  Block otherwise_body;
  bool has_otherwise = false;
  SwitchStmt(SourceLoc where, ExprPtr value)
      : Stmt(kKind, std::move(where)), subject(std::move(value)) {}
};

struct BreakStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Break;
  explicit BreakStmt(SourceLoc where) : Stmt(kKind, std::move(where)) {}
};

struct ContinueStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Continue;
  explicit ContinueStmt(SourceLoc where) : Stmt(kKind, std::move(where)) {}
};

struct ReturnStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Return;
  explicit ReturnStmt(SourceLoc where) : Stmt(kKind, std::move(where)) {}
};

struct TryStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Try;
  Block body;
  bool has_catch = false;
  std::optional<Name> error_variable;  // `catch err`
  Block catch_body;
  explicit TryStmt(SourceLoc where) : Stmt(kKind, std::move(where)) {}
};

// function [o1, o2] = name(p1, p2) ... end. Shared so the function table can keep it after the
// Program that defined it is gone.
struct FunctionDef {
  std::string name;
  std::vector<Name> params;
  std::vector<Name> outputs;  // empty for `function name(...)`
  Block body;
  SourceLoc loc;  // the `function` keyword
  UnitNames unit;
  // The dialect of the file that defines it: its body runs by that dialect's rules, whoever
  // calls it (language.md §14).
  Dialect dialect = Dialect::Rlab;
};

struct FunctionStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Function;
  std::shared_ptr<const FunctionDef> function;
  FunctionStmt(SourceLoc where, std::shared_ptr<const FunctionDef> definition)
      : Stmt(kKind, std::move(where)), function(std::move(definition)) {}
};

enum class RunKind : std::uint8_t {
  Run,     // run PATH: execute the file in the current scope every time
  Import,  // import PATH: the same, at most once per session per resolved file
};

struct RunStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Run;
  RunKind run_kind;
  std::string path;  // as written (a string literal, or a bareword path rebuilt, §2.14)
  RunStmt(SourceLoc where, RunKind which, std::string file)
      : Stmt(kKind, std::move(where)), run_kind(which), path(std::move(file)) {}
};

// `global` names share one value per session among every scope that declares them; `persistent`
// names keep their value between calls of the function that declares them.
enum class DeclareKind : std::uint8_t { Global, Persistent };

struct DeclareStmt final : Stmt {
  static constexpr StmtKind kKind = StmtKind::Declare;
  DeclareKind declare_kind;
  std::vector<Name> names;
  DeclareStmt(SourceLoc where, DeclareKind which, std::vector<Name> declared)
      : Stmt(kKind, std::move(where)), declare_kind(which), names(std::move(declared)) {}
};

// ---------------------------------------------------------------------------------------------

struct Program {
  std::shared_ptr<const SourceFile> file;
  Block body;
  UnitNames unit;                   // the top level's, lambdas included; each function has its own
  Dialect dialect = Dialect::Rlab;  // the dialect it was read in (language.md §14)
};

}  // namespace llmlab::lang
