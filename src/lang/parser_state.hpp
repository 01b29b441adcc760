// The parser's state and the declarations of its rule functions, shared by parser.cpp
// (statements) and parse_expression.cpp (expressions). Internal to src/lang.
#pragma once

#include <fmt/format.h>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/syntax.hpp"
#include "lang/ast.hpp"
#include "lang/dialect.hpp"
#include "lang/token.hpp"

namespace llmlab::lang::detail {

// Which construct a block belongs to: decides the words that end it and the message when the
// input ends first.
enum class BlockKind { TopLevel, If, For, While, Switch, Try, Catch, Function };

// The command words of §2.14 that take word arguments (`hold on`) or, before `(`, make a call.
inline bool is_command_keyword(TokenKind kind) {
  return kind == TokenKind::KwFormat || kind == TokenKind::KwHold || kind == TokenKind::KwGrid ||
         kind == TokenKind::KwViewer || kind == TokenKind::KwClose;
}

class Parser {
 public:
  Parser(std::shared_ptr<const SourceFile> file, Dialect dialect)
      : file_(std::move(file)), dialect_(dialect) {}

  // program = { statement }
  Program parse();

  bool error_at_eof() const { return error_at_eof_; }
  // Functions must close with `end`, as at an interactive prompt; otherwise matlab code may
  // leave them open, as MATLAB's function files do (language.md §14).
  void require_function_end() { function_end_required_ = true; }

 private:
  // ---- Token access ------------------------------------------------------------------------

  const Token& current() const { return tokens_[position_]; }
  const Token& peek(std::size_t ahead = 1) const {
    const std::size_t at = position_ + ahead;
    return at < tokens_.size() ? tokens_[at] : tokens_.back();
  }
  bool check(TokenKind kind) const { return current().kind == kind; }
  bool check_word(std::string_view word) const {
    return check(TokenKind::Identifier) && current().text == word;
  }
  const Token& advance() {
    const Token& token = tokens_[position_];
    if (position_ + 1 < tokens_.size()) ++position_;
    return token;
  }
  bool match(TokenKind kind) {
    if (!check(kind)) return false;
    advance();
    return true;
  }
  void skip_newlines() {
    while (check(TokenKind::Newline)) advance();
  }
  // MATLAB reads a lone `;` or `,` as an empty statement (`x = 1;;`, a line that starts with
  // `;`); rlab keeps rustlab's parse error there.
  void skip_empty_statements() {
    while (true) {
      skip_newlines();
      if (dialect_ != Dialect::Matlab) return;
      if (!check(TokenKind::Semicolon) && !check(TokenKind::Comma)) return;
      advance();
    }
  }

  SourceLoc loc_of(const Token& token) const { return SourceLoc{file_, token.line, token.column}; }
  SourceLoc here() const { return loc_of(current()); }

  [[noreturn]] void fail_at(const Token& token, const std::string& detail) {
    error_at_eof_ = token.kind == TokenKind::Eof;
    throw Error(fmt::format(messages::parse_error, detail), loc_of(token), ErrorKind::Syntax);
  }
  [[noreturn]] void fail(const std::string& detail) { fail_at(current(), detail); }

  // The input ended inside a construct: point at its opening token, which is where the reader
  // must look ("missing 'end' for 'for'", "missing ')' for '('").
  [[noreturn]] void fail_unclosed(const Token& opener, TokenKind closer) {
    error_at_eof_ = true;
    // The soft words `try` and `catch` are identifiers; name them like keywords.
    const std::string what =
        opener.kind == TokenKind::Identifier ? "'" + opener.text + "'" : describe_token(opener);
    throw Error(fmt::format(messages::unexpected_end_missing, token_kind_spelling(closer), what),
                loc_of(opener), ErrorKind::Syntax);
  }

  const Token& expect(TokenKind kind, std::string_view what) {
    if (!check(kind)) fail(fmt::format(messages::expected_got, what, describe_token(current())));
    return advance();
  }

  // After '.', a field name: any identifier, including the command words (`cfg.grid`,
  // `opts.format`, `p.hold`); reserved words (`end`, `if`, …) stay errors, as in MATLAB.
  static bool is_word(TokenKind kind) {
    return kind == TokenKind::Identifier ||
           (kind >= TokenKind::KwRun && kind <= TokenKind::KwClose);
  }
  Name expect_field_name() {
    if (!is_word(current().kind)) {
      fail(fmt::format(messages::field_name_expected, describe_token(current())));
    }
    const Token& token = advance();
    return Name{token.text, loc_of(token), -1};  // a field or method name: never a variable
  }

  // A parameter: a name, or the placeholder `~` (§13.4).
  Name expect_parameter() {
    if (check(TokenKind::Tilde)) {
      return Name{std::string(Name::kPlaceholder), loc_of(advance()), -1};
    }
    return expect_name("parameter name");
  }

  Name expect_name(std::string_view what) { return variable_name(expect_identifier(what)); }

  const Token& expect_identifier(std::string_view what) {
    if (!check(TokenKind::Identifier)) {
      fail(fmt::format(messages::expected_got, what, describe_token(current())));
    }
    return advance();
  }

  // ---- Numbering the unit being parsed (UnitNames) -----------------------------------------

  // The name `token` spells, numbered in the current unit.
  Name variable_name(const Token& token) {
    return Name{token.text, loc_of(token), name_id(token.text)};
  }
  int name_id(const std::string& text) {
    auto [it, inserted] = unit_.ids.try_emplace(text, static_cast<int>(unit_.names.names.size()));
    if (inserted) unit_.names.names.push_back(text);
    return it->second;
  }
  void number_statement(Stmt& statement) { statement.id = unit_.names.statement_count++; }
  // NAME(args), numbered as one of the unit's call sites.
  std::unique_ptr<CallExpr> call_expression(Name name, ExprList arguments) {
    auto call = std::make_unique<CallExpr>(std::move(name), std::move(arguments));
    call->site = static_cast<int>(unit_.names.calls.size());
    unit_.names.calls.push_back(UnitNames::CallSite{call->name.id, call->args.size()});
    return call;
  }
  // A function's header and body are a unit of their own: begin_unit() returns the enclosing
  // unit's numbering, which end_unit() restores after handing back the finished one.
  struct Numbering {
    UnitNames names;
    std::unordered_map<std::string, int> ids;
  };
  Numbering begin_unit() { return std::exchange(unit_, Numbering{}); }
  UnitNames end_unit(Numbering enclosing) {
    return std::exchange(unit_, std::move(enclosing)).names;
  }

  // ---- Statements (parser.cpp) -------------------------------------------------------------

  bool at_block_end(BlockKind kind) const;
  bool looks_like_command_syntax() const;
  ExprPtr parse_command_word(const std::string& name);
  bool closes_block(const Token& token) const;
  bool at_catch_clause() const;
  Block parse_block(BlockKind kind, const Token& opener);
  // A loop's body: a block in which `break` and `continue` are allowed.
  Block parse_loop_body(BlockKind kind, const Token& opener);
  bool at_terminating_word() const;
  bool parse_terminator();
  void parse_header_terminator();
  StmtPtr parse_statement();
  StmtPtr parse_word_statement();
  StmtPtr parse_simple_statement();
  bool looks_like_multi_assign() const;
  bool looks_like_index_assign() const;
  StmtPtr parse_multi_assign();
  AssignTarget to_assign_target(ExprPtr expr, const Token& at);
  StmtPtr parse_command(const std::string& name);
  StmtPtr parse_run(RunKind kind);
  StmtPtr parse_declare();
  void finish_compound(Stmt& statement);
  ExprPtr parse_condition();
  StmtPtr parse_if();
  StmtPtr parse_for();
  StmtPtr parse_while();
  StmtPtr parse_switch();
  StmtPtr parse_try();
  StmtPtr parse_function();

  // ---- Expressions (parse_expression.cpp) --------------------------------------------------

  ExprPtr parse_range_expr();
  ExprPtr parse_binary(int min_precedence);
  ExprPtr parse_unary();
  ExprPtr parse_power();
  ExprPtr parse_postfix();
  // "(" args ")" — or "{" args "}" when `closer` is RBrace (a cell subscript, §13.12).
  ExprList parse_call_arguments(TokenKind closer = TokenKind::RParen);
  ExprPtr parse_nested_range_expr();
  // `parse_level` one level deeper, under the depth and height guards.
  ExprPtr parse_nested(ExprPtr (Parser::*parse_level)());
  ExprPtr parse_primary();
  // A number token's expression: the real number, or `3i`'s imaginary one.
  ExprPtr number_literal(const Token& token) const;
  ExprPtr parse_function_value();
  ExprPtr parse_matrix();
  ExprPtr parse_string_array();

  static constexpr int kMaxDepth = 500;
  // The height of an expression tree: each operator of a chain (`1 + 1 + …`), each postfix step
  // (`x(1)(1)…`, `.a.a…`, `''…`) and each nesting adds a level. The tree's destructor, the AST
  // printer and the evaluator all recurse over it, so a bound here keeps every one of them off
  // the end of the stack.
  static constexpr int kMaxHeight = 5000;
  // Adds one level to the expression being parsed; the caller restores height_ when done.
  void add_level() {
    if (++height_ > kMaxHeight) {
      fail(std::string(messages::expression_too_deep));
    }
  }

  std::shared_ptr<const SourceFile> file_;
  Dialect dialect_;
  std::vector<Token> tokens_;
  std::size_t position_ = 0;
  BlockKind block_kind_ = BlockKind::TopLevel;
  int loop_depth_ = 0;
  int function_depth_ = 0;  // function bodies being parsed (`persistent` needs one)
  bool function_end_required_ = false;
  bool endless_functions() const { return dialect_ == Dialect::Matlab && !function_end_required_; }
  int subscript_depth_ = 0;
  int depth_ = 0;
  int height_ = 0;
  bool error_at_eof_ = false;
  Numbering unit_;
};

}  // namespace llmlab::lang::detail
