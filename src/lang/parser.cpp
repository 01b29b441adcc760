// Recursive descent for the rlab grammar (language.md §2, §3, §13): one function per rule,
// its production above it. This file holds the statement rules and the entry points;
// parse_expression.cpp the expression rules. The first error throws; there is no recovery, so
// there are no cascades.
#include "lang/parser.hpp"

#include <fmt/format.h>

#include <initializer_list>
#include <optional>
#include <string>

#include "base/messages/syntax.hpp"
#include "lang/lexer.hpp"
#include "lang/parser_state.hpp"

namespace llmlab::lang {

namespace detail {

namespace {

std::optional<AssignOp> assign_operator(TokenKind kind) {
  switch (kind) {
    case TokenKind::Eq:
      return AssignOp::Set;
    case TokenKind::PlusEq:
      return AssignOp::Add;
    case TokenKind::MinusEq:
      return AssignOp::Subtract;
    case TokenKind::StarEq:
      return AssignOp::Multiply;
    case TokenKind::SlashEq:
      return AssignOp::Divide;
    default:
      return std::nullopt;
  }
}

// The words after `cache` that make it a directive rather than a variable (§2.14).
bool is_cache_directive_word(const std::string& word) {
  for (const char* directive :
       {"enable", "off", "add", "remove", "status", "clear", "prune", "list"}) {
    if (word == directive) return true;
  }
  return false;
}

// Marks `&` and `|` reachable from a condition's root through logical operators only, for the
// short-circuit rule of §13.5.
void mark_condition_short_circuit(Expr& condition) {
  if (condition.kind != ExprKind::Binary) return;
  auto& binary = condition.as<BinaryExpr>();
  switch (binary.op) {
    case BinaryOp::ElementAnd:
    case BinaryOp::ElementOr:
      binary.condition_short_circuit = true;
      [[fallthrough]];
    case BinaryOp::AndAnd:
    case BinaryOp::OrOr:
      mark_condition_short_circuit(*binary.left);
      mark_condition_short_circuit(*binary.right);
      break;
    default:
      break;
  }
}

}  // namespace

Program Parser::parse() {
  try {
    tokens_ = tokenize(file_, dialect_);
  } catch (const UnclosedAtEnd&) {
    error_at_eof_ = true;
    throw;
  }
  Program program;
  program.file = file_;
  program.dialect = dialect_;
  program.body = parse_block(BlockKind::TopLevel, current());
  program.unit = std::move(unit_.names);
  return program;
}

// Words that end the block being parsed, left for the enclosing rule to consume.
bool Parser::at_block_end(BlockKind kind) const {
  switch (current().kind) {
    case TokenKind::KwEnd:
      return kind != BlockKind::TopLevel;
    case TokenKind::KwElse:
    case TokenKind::KwElseif:
      return kind == BlockKind::If;
    case TokenKind::KwCase:
    case TokenKind::KwOtherwise:
      return kind == BlockKind::Switch;
    case TokenKind::Identifier:
      return kind == BlockKind::Try && at_catch_clause();
    case TokenKind::KwFunction:
      // A MATLAB function file's functions may go without `end`: the next one ends them.
      return kind == BlockKind::Function && endless_functions();
    default:
      return false;
  }
}

namespace {

// What ends a statement: a separator, a line end or the end of the file.
bool is_term(TokenKind kind) {
  return kind == TokenKind::Comma || kind == TokenKind::Semicolon || kind == TokenKind::Newline ||
         kind == TokenKind::Eof;
}

}  // namespace

// `catch` TERM or `catch` IDENT TERM opens the catch part of a try (§13.2).
bool Parser::at_catch_clause() const {
  if (!check_word("catch")) return false;
  if (is_term(peek().kind)) return true;
  return peek().kind == TokenKind::Identifier && is_term(peek(2).kind);
}

// block = { NEWLINE | statement }, up to a word that ends `kind`'s block.
// `opener` is the keyword that opened the block, for the error when the input ends first.
Block Parser::parse_block(BlockKind kind, const Token& opener) {
  Block block;
  const BlockKind saved = block_kind_;
  block_kind_ = kind;
  if (++depth_ > kMaxDepth) fail(std::string(messages::blocks_too_deep));
  while (true) {
    skip_empty_statements();
    if (check(TokenKind::Eof)) {
      if (kind == BlockKind::TopLevel) break;
      if (kind == BlockKind::Function && endless_functions()) break;
      fail_unclosed(opener, TokenKind::KwEnd);
    }
    if (at_block_end(kind)) break;
    block.push_back(parse_statement());
    number_statement(*block.back());
  }
  block_kind_ = saved;
  --depth_;
  return block;
}

// A statement may end at these words without consuming them (§2.1).
bool Parser::at_terminating_word() const {
  switch (current().kind) {
    case TokenKind::KwEnd:
    case TokenKind::KwElse:
    case TokenKind::KwElseif:
    case TokenKind::KwCase:
    case TokenKind::KwOtherwise:
      return true;
    case TokenKind::Identifier:
      return block_kind_ == BlockKind::Try && at_catch_clause();
    default:
      return false;
  }
}

// terminator = [ ";" ] ( NEWLINE | EOF | "," | <block word> ) | ";"
// Returns whether a `;` was present (the suppress flag).
bool Parser::parse_terminator() {
  const bool semicolon = match(TokenKind::Semicolon);
  if (check(TokenKind::Newline) || check(TokenKind::Comma)) {
    advance();
    return semicolon;
  }
  if (check(TokenKind::Eof) || at_terminating_word() || semicolon) return semicolon;
  fail(fmt::format(messages::statement_not_ended, describe_token(current())));
}

// The header terminator after `if COND`, `for ... = RANGE`, `while COND`, `switch EXPR`,
// `case VALUE`, `try`, `catch`, `function ...`.
void Parser::parse_header_terminator() {
  if (match(TokenKind::Semicolon)) {
    match(TokenKind::Comma);
    return;
  }
  if (match(TokenKind::Comma) || match(TokenKind::Newline)) return;
  if (check(TokenKind::Eof)) return;
  // MATLAB's one-line blocks (§13.12): `for i=1:3 disp(i) end`. The header expression stopped
  // at a token that cannot continue it, so a statement (or the block's closing word) follows.
  switch (current().kind) {
    case TokenKind::Identifier:
    case TokenKind::Number:
    case TokenKind::String:
    case TokenKind::LBracket:
    case TokenKind::KwEnd:
    case TokenKind::KwIf:
    case TokenKind::KwFor:
    case TokenKind::KwWhile:
    case TokenKind::KwSwitch:
    case TokenKind::KwReturn:
    case TokenKind::KwRun:
    case TokenKind::KwFormat:
    case TokenKind::KwHold:
    case TokenKind::KwGrid:
    case TokenKind::KwClose:
    case TokenKind::KwElse:
    case TokenKind::KwElseif:
    case TokenKind::KwCase:
    case TokenKind::KwOtherwise:
      return;
    default:
      break;
  }
  fail(fmt::format(messages::header_not_ended, describe_token(current())));
}

// statement = compound_statement | simple_statement terminator
StmtPtr Parser::parse_statement() {
  const Token& first = current();
  switch (first.kind) {
    case TokenKind::KwFunction:
      return parse_function();
    case TokenKind::KwIf:
      return parse_if();
    case TokenKind::KwFor:
      return parse_for();
    case TokenKind::KwWhile:
      return parse_while();
    case TokenKind::KwSwitch:
      return parse_switch();
    case TokenKind::KwReturn: {
      auto statement = std::make_unique<ReturnStmt>(loc_of(advance()));
      statement->suppressed = parse_terminator();
      return statement;
    }
    case TokenKind::KwRun:
      return parse_run(RunKind::Run);
    case TokenKind::KwEnd:
      fail(fmt::format(messages::unexpected_block_word, first.text));
    case TokenKind::KwElse:
    case TokenKind::KwElseif:
      fail(fmt::format(messages::unmatched_else, describe_token(first)));
    case TokenKind::KwCase:
    case TokenKind::KwOtherwise:
      fail(fmt::format(messages::outside_switch, describe_token(first)));
    default:
      break;
  }
  if (is_command_keyword(first.kind) && peek().kind != TokenKind::LParen) {
    return parse_command(first.text);
  }
  if (first.kind == TokenKind::Identifier) {
    if (StmtPtr special = parse_word_statement()) return special;
  }
  StmtPtr statement = parse_simple_statement();
  statement->suppressed = parse_terminator();
  return statement;
}

// The soft words of §13 and §2.14 (break, continue, try, import, cache) start statements only
// in these positions; elsewhere they are identifiers. Returns null when none applies.
StmtPtr Parser::parse_word_statement() {
  const Token& word = current();
  const TokenKind next = peek().kind;
  const bool followed_by_terminator = next == TokenKind::Semicolon || next == TokenKind::Comma ||
                                      next == TokenKind::Newline || next == TokenKind::Eof;
  if ((word.text == "break" || word.text == "continue") &&
      (followed_by_terminator || next == TokenKind::KwEnd || next == TokenKind::KwElse ||
       next == TokenKind::KwElseif || next == TokenKind::KwCase ||
       next == TokenKind::KwOtherwise)) {
    if (loop_depth_ == 0) fail(fmt::format(messages::outside_loop, word.text));
    const SourceLoc loc = loc_of(advance());
    StmtPtr statement;
    if (word.text == "break") {
      statement = std::make_unique<BreakStmt>(loc);
    } else {
      statement = std::make_unique<ContinueStmt>(loc);
    }
    statement->suppressed = parse_terminator();
    return statement;
  }
  if (word.text == "try" && followed_by_terminator) return parse_try();
  // MATLAB's parfor runs as a for loop: the iterations in order on one thread, one valid
  // schedule of a parfor (whose iterations must not depend on each other).
  if (dialect_ == Dialect::Matlab && word.text == "parfor" &&
      (next == TokenKind::Identifier || next == TokenKind::LParen)) {
    return parse_for();
  }
  if (dialect_ == Dialect::Matlab && (word.text == "global" || word.text == "persistent") &&
      next == TokenKind::Identifier) {
    return parse_declare();
  }
  if (word.text == "import" && (next == TokenKind::String || next == TokenKind::Identifier)) {
    return parse_run(RunKind::Import);
  }
  if (word.text == "cache" &&
      (next == TokenKind::String ||
       (next == TokenKind::Identifier && is_cache_directive_word(peek().text)))) {
    return parse_command(word.text);
  }
  if (looks_like_command_syntax()) return parse_command(word.text);
  return nullptr;
}

namespace {

// A word of command syntax starts with a name, a keyword, a number or a string (a path word
// such as `..` is a string, lexer.cpp).
bool starts_command_word(const Token& token) {
  const bool is_keyword = token.kind >= TokenKind::KwFunction && token.kind <= TokenKind::KwClose;
  return token.kind == TokenKind::Identifier || token.kind == TokenKind::Number ||
         token.kind == TokenKind::String || is_keyword;
}

}  // namespace

// MATLAB's command syntax (language.md §13.12 made general, issue #30): a statement that is a
// name, whitespace, then a word, a number, a string or a path word (`cd ..`, lexer.cpp) is a
// call with the words that follow as strings: `help for`, `clear x y`, `warning off`,
// `cd runs/a`, `format long g`. No expression has that shape (two operands side by side are a
// parse error otherwise), so no program changes meaning. A word that closes the open block
// (`if c, x end`) is the block's, not an argument.
bool Parser::looks_like_command_syntax() const {
  const Token& word = peek();
  return word.space_before && starts_command_word(word) && !closes_block(word);
}

// Whether `token` ends the block being parsed (`end`, `else` in an if, `case` in a switch,
// `catch` in a try).
bool Parser::closes_block(const Token& token) const {
  switch (token.kind) {
    case TokenKind::KwEnd:
      return block_kind_ != BlockKind::TopLevel;
    case TokenKind::KwElse:
    case TokenKind::KwElseif:
      return block_kind_ == BlockKind::If;
    case TokenKind::KwCase:
    case TokenKind::KwOtherwise:
      return block_kind_ == BlockKind::Switch;
    case TokenKind::Identifier:
      return block_kind_ == BlockKind::Try && token.text == "catch";
    default:
      return false;
  }
}

// simple_statement = multi_assign | index_assign | assign | path_assign | expression
StmtPtr Parser::parse_simple_statement() {
  const Token& first = current();
  const SourceLoc loc = here();
  if (first.kind == TokenKind::LBracket && looks_like_multi_assign()) {
    return parse_multi_assign();
  }
  if (first.kind == TokenKind::Identifier) {
    const TokenKind next = peek().kind;
    // index_assign = IDENT "(" args ")" "=" range_expr
    if (next == TokenKind::LParen && looks_like_index_assign()) {
      Name target = expect_name("a variable name");
      ExprList indices = parse_call_arguments();
      expect(TokenKind::Eq, "'='");
      return std::make_unique<IndexAssignStmt>(loc, std::move(target), std::move(indices),
                                               parse_range_expr());
    }
    // Octave's `x++` and `x--` statements in matlab code (language.md §14): x += 1, x -= 1.
    if (dialect_ == Dialect::Matlab && (next == TokenKind::Plus || next == TokenKind::Minus) &&
        peek(2).kind == next && is_term(peek(3).kind)) {
      Name target = expect_name("a variable name");
      const SourceLoc one = here();
      advance();
      advance();
      return std::make_unique<AssignStmt>(
          loc, std::move(target), next == TokenKind::Plus ? AssignOp::Add : AssignOp::Subtract,
          std::make_unique<NumberExpr>(one, 1.0));
    }
    // assign = IDENT ( "=" | "+=" | "-=" | "*=" | "/=" ) range_expr
    const std::optional<AssignOp> op = assign_operator(next);
    if (op) {
      Name target = expect_name("a variable name");
      advance();
      return std::make_unique<AssignStmt>(loc, std::move(target), *op, parse_range_expr());
    }
  }
  ExprPtr expr = parse_range_expr();
  // Every other target parses as an expression first: `s.a.b = e`, `s.f(i) = e`, `v(i) += e`.
  if (const std::optional<AssignOp> op = assign_operator(current().kind)) {
    const Token& operator_token = current();
    AssignTarget target = to_assign_target(std::move(expr), operator_token);
    advance();
    return std::make_unique<PathAssignStmt>(loc, std::move(target), *op, parse_range_expr());
  }
  return std::make_unique<ExpressionStmt>(loc, std::move(expr));
}

// An expression written left of `=` as the target it names: NAME, then any chain of fields
// `.f` / `.(expr)`, subscripts `(...)` and cell subscripts `{...}` (MATLAB's lvalues). `at` is
// the assignment operator, where a bad target is reported.
namespace {

// A `(...)` inside the chain selects one element of a struct array (`layers(k).W`), so a
// field must follow it (messages::paren_inside_target); `x(1)(2)` indexes a result that is no
// variable, as in MATLAB.

bool paren_not_before_field(const std::vector<TargetStep>& steps) {
  for (std::size_t k = 0; k + 1 < steps.size(); ++k) {
    if (!steps[k].is_field && !steps[k].braces && !steps[k + 1].is_field) return true;
  }
  return false;
}

// The steps that `node` (a field, method call, index or cell index of the chain) adds, last
// step first, and the node below it; null for any other kind of node.
Expr* take_steps(Expr* node, std::vector<TargetStep>& reversed) {
  switch (node->kind) {
    case ExprKind::Field: {
      auto& field = node->as<FieldExpr>();
      reversed.push_back(TargetStep{field.loc, true, field.field, {}, std::move(field.name_expr)});
      return field.base.get();
    }
    case ExprKind::MethodCall: {
      auto& call = node->as<MethodCallExpr>();
      reversed.push_back(TargetStep{call.loc, false, {}, std::move(call.args), nullptr});
      reversed.push_back(TargetStep{call.name.loc, true, call.name.text, {}, nullptr});
      return call.object.get();
    }
    case ExprKind::Index: {
      auto& index = node->as<IndexExpr>();
      reversed.push_back(TargetStep{index.loc, false, {}, std::move(index.args), nullptr});
      return index.base.get();
    }
    case ExprKind::CellIndex: {
      auto& index = node->as<CellIndexExpr>();
      reversed.push_back(TargetStep{index.loc, false, {}, std::move(index.args), nullptr, true});
      return index.base.get();
    }
    default:
      return nullptr;
  }
}

}  // namespace

AssignTarget Parser::to_assign_target(ExprPtr expr, const Token& at) {
  AssignTarget target;
  std::vector<TargetStep> reversed;
  Expr* node = expr.get();
  while (node->kind != ExprKind::Identifier && node->kind != ExprKind::Call) {
    node = take_steps(node, reversed);
    if (node == nullptr) {
      fail_at(at, fmt::format(messages::invalid_assignment_target, "{...}"));
    }
  }
  if (node->kind == ExprKind::Identifier) {
    target.root = node->as<IdentifierExpr>().name;
  } else {
    auto& call = node->as<CallExpr>();
    reversed.push_back(TargetStep{call.loc, false, {}, std::move(call.args), nullptr});
    target.root = call.name;
  }
  target.steps.assign(std::make_move_iterator(reversed.rbegin()),
                      std::make_move_iterator(reversed.rend()));
  if (paren_not_before_field(target.steps))
    fail_at(at, fmt::format(messages::paren_inside_target, "c{i}"));
  return target;
}

// "[" ... matching "]" "=", not "==" (§2.2 rule 2, widened to any targets); the scan stops
// at a NEWLINE.
bool Parser::looks_like_multi_assign() const {
  int depth = 0;
  for (std::size_t at = position_; at < tokens_.size(); ++at) {
    const TokenKind kind = tokens_[at].kind;
    if (kind == TokenKind::Newline || kind == TokenKind::Eof) return false;
    if (kind == TokenKind::LBracket || kind == TokenKind::LParen || kind == TokenKind::LBrace) {
      ++depth;
    }
    if (kind == TokenKind::RBracket || kind == TokenKind::RParen || kind == TokenKind::RBrace) {
      if (--depth == 0) {
        return kind == TokenKind::RBracket && at + 1 < tokens_.size() &&
               tokens_[at + 1].kind == TokenKind::Eq;
      }
    }
  }
  return false;
}

// IDENT "(" ... matching ")" "=": the scan stops at a NEWLINE (§2.2 rule 4).
bool Parser::looks_like_index_assign() const {
  int depth = 0;
  for (std::size_t at = position_ + 1; at < tokens_.size(); ++at) {
    const TokenKind kind = tokens_[at].kind;
    if (kind == TokenKind::Newline || kind == TokenKind::Eof) return false;
    if (kind == TokenKind::LParen) ++depth;
    if (kind == TokenKind::RParen && --depth == 0) {
      return at + 1 < tokens_.size() && tokens_[at + 1].kind == TokenKind::Eq;
    }
  }
  return false;
}

// multi_assign = "[" output { "," output } "]" "=" range_expr ;  output = target | "~"
StmtPtr Parser::parse_multi_assign() {
  const SourceLoc loc = here();
  expect(TokenKind::LBracket, "'['");
  std::vector<std::optional<AssignTarget>> targets;
  do {
    if (match(TokenKind::Tilde)) {
      targets.emplace_back(std::nullopt);
    } else {
      if (!check(TokenKind::Identifier)) {
        fail(fmt::format(messages::output_list_token, describe_token(current())));
      }
      const Token& first = current();
      targets.emplace_back(to_assign_target(parse_postfix(), first));
    }
  } while (match(TokenKind::Comma));
  expect(TokenKind::RBracket, "']'");
  expect(TokenKind::Eq, "'='");
  return std::make_unique<MultiAssignStmt>(loc, std::move(targets), parse_range_expr());
}

// command = WORD { IDENT | KEYWORD | NUMBER | STRING }: `hold on` is the call hold("on"),
// `close 2` is close(2) (§2.14).
StmtPtr Parser::parse_command(const std::string& name) {
  const SourceLoc loc = loc_of(advance());
  ExprList args;
  while (!check(TokenKind::Semicolon) && !check(TokenKind::Comma) && !check(TokenKind::Newline) &&
         !check(TokenKind::Eof) && !closes_block(current())) {
    args.push_back(parse_command_word(name));
  }
  auto call = call_expression(Name{name, loc, name_id(name)}, std::move(args));
  auto statement = std::make_unique<ExpressionStmt>(loc, std::move(call));
  statement->suppressed = parse_terminator();
  return statement;
}

// command_word = ( IDENT | KEYWORD | NUMBER | STRING ) { token with no space before it }
// One argument of command syntax: a lone number is a number and a lone string keeps its quotes'
// meaning; tokens that touch are one word as written, so `cd runs/a`, `load data.npy` and
// `warning off MATLAB:singularMatrix` each pass one string.
ExprPtr Parser::parse_command_word(const std::string& name) {
  const Token& first = current();
  if (!starts_command_word(first)) {
    fail(fmt::format(messages::word_argument_expected, name, describe_token(first)));
  }
  advance();
  const SourceLoc where = loc_of(first);
  const auto touches = [this] {
    return !current().space_before && !check(TokenKind::Semicolon) && !check(TokenKind::Comma) &&
           !check(TokenKind::Newline) && !check(TokenKind::Eof);
  };
  if (!touches()) {
    if (first.kind == TokenKind::Number) return number_literal(first);
    if (first.kind == TokenKind::String) {
      return std::make_unique<StringExpr>(where, first.text, first.quote);
    }
  }
  std::string word(token_spelling(first));
  while (touches()) word += token_spelling(advance());
  return std::make_unique<StringExpr>(where, word, QuoteKind::Word);
}

// run_statement = ("run" | "import") ( STRING | "(" STRING ")" | bareword_path )
// bareword_path = { IDENT | KEYWORD | NUMBER | STRING | "." | "/" | "-" } up to ";" NEWLINE EOF
// `global NAME ...` / `persistent NAME ...` (matlab dialect): names up to the end of the
// statement. Initial values (Octave's `global x = 1`) are not MATLAB's and are refused.
StmtPtr Parser::parse_declare() {
  const Token& keyword = advance();
  const DeclareKind kind = keyword.text == "global" ? DeclareKind::Global : DeclareKind::Persistent;
  std::vector<Name> names;
  while (check(TokenKind::Identifier)) names.push_back(variable_name(advance()));
  auto statement = std::make_unique<DeclareStmt>(loc_of(keyword), kind, std::move(names));
  if (function_depth_ == 0 && kind == DeclareKind::Persistent) {
    fail_at(keyword, std::string(messages::persistent_outside_function_definition));
  }
  statement->suppressed = parse_terminator();
  return statement;
}

StmtPtr Parser::parse_run(RunKind kind) {
  const Token& keyword = advance();
  const SourceLoc loc = loc_of(keyword);
  std::string path;
  if (check(TokenKind::LParen) && peek().kind == TokenKind::String &&
      peek(2).kind == TokenKind::RParen) {
    advance();
    path = advance().text;
    advance();
  } else {
    while (!check(TokenKind::Semicolon) && !check(TokenKind::Newline) && !check(TokenKind::Eof) &&
           !check(TokenKind::Comma)) {
      const Token& token = current();
      switch (token.kind) {
        case TokenKind::Identifier:
        case TokenKind::Number:
        case TokenKind::String:
          path += token.text;
          break;
        case TokenKind::Dot:
          path += '.';
          break;
        case TokenKind::Slash:
          path += '/';
          break;
        case TokenKind::Minus:
          path += '-';
          break;
        default:
          if (token.kind >= TokenKind::KwFunction && token.kind <= TokenKind::KwClose) {
            path += token.text;
            break;
          }
          fail(fmt::format(messages::file_path_expected, keyword.text, describe_token(token)));
      }
      advance();
    }
  }
  if (path.empty()) fail(fmt::format(messages::file_path_missing, keyword.text));
  auto statement = std::make_unique<RunStmt>(loc, kind, std::move(path));
  statement->suppressed = parse_terminator();
  return statement;
}

// The terminator after a compound statement's `end` (§2.8: `end [;] [NEWLINE]`).
void Parser::finish_compound(Stmt& statement) {
  // Octave's `endfor`, `endif`, ... must close the statement they name.
  const std::string_view required = [&]() -> std::string_view {
    switch (statement.kind) {
      case StmtKind::For:
        return "endfor";
      case StmtKind::While:
        return "endwhile";
      case StmtKind::If:
        return "endif";
      case StmtKind::Switch:
        return "endswitch";
      case StmtKind::Function:
        return "endfunction";
      case StmtKind::Try:
        return "end_try_catch";
      default:
        return "end";
    }
  }();
  if (check(TokenKind::KwEnd) && current().text != "end" && current().text != required) {
    fail(fmt::format(messages::wrong_block_closer, current().text, required));
  }
  expect(TokenKind::KwEnd, "'end'");
  statement.suppressed = parse_terminator();
}

ExprPtr Parser::parse_condition() {
  ExprPtr condition = parse_range_expr();
  mark_condition_short_circuit(*condition);
  return condition;
}

// if_statement = "if" range_expr TERM block { "elseif" range_expr TERM block }
//                [ "else" [";" | ","] block ] "end"
StmtPtr Parser::parse_if() {
  auto statement = std::make_unique<IfStmt>(here());
  do {
    IfClause clause;
    const Token& keyword = advance();
    clause.loc = loc_of(keyword);
    clause.condition = parse_condition();
    parse_header_terminator();
    clause.body = parse_block(BlockKind::If, keyword);
    statement->clauses.push_back(std::move(clause));
  } while (check(TokenKind::KwElseif));
  if (check(TokenKind::KwElse)) {
    const Token& keyword = advance();
    statement->has_else = true;
    if (!match(TokenKind::Semicolon)) match(TokenKind::Comma);
    statement->else_body = parse_block(BlockKind::If, keyword);
    if (check(TokenKind::KwElse) || check(TokenKind::KwElseif)) {
      fail(fmt::format(messages::token_after_keyword, describe_token(current()), "else"));
    }
  }
  finish_compound(*statement);
  return statement;
}

// for_statement = "for" ( IDENT "=" range_expr | "(" IDENT "=" range_expr ")" ) TERM block "end"
StmtPtr Parser::parse_for() {
  const Token& keyword = advance();
  const SourceLoc loc = loc_of(keyword);
  const bool parenthesised = match(TokenKind::LParen);
  Name variable = expect_name("loop variable after 'for'");
  expect(TokenKind::Eq, "'=' after the loop variable");
  ExprPtr values = parse_range_expr();
  // parfor (k = 1:n, M): M, the most workers to use, means nothing to one thread.
  if (parenthesised && keyword.text == "parfor" && match(TokenKind::Comma)) parse_range_expr();
  if (parenthesised) expect(TokenKind::RParen, "')'");
  auto statement = std::make_unique<ForStmt>(loc, std::move(variable), std::move(values));
  parse_header_terminator();
  statement->body = parse_loop_body(BlockKind::For, keyword);
  finish_compound(*statement);
  return statement;
}

Block Parser::parse_loop_body(BlockKind kind, const Token& opener) {
  ++loop_depth_;
  Block body = parse_block(kind, opener);
  --loop_depth_;
  return body;
}

// while_statement = "while" range_expr TERM block "end"
StmtPtr Parser::parse_while() {
  const Token& keyword = advance();
  const SourceLoc loc = loc_of(keyword);
  auto statement = std::make_unique<WhileStmt>(loc, parse_condition());
  parse_header_terminator();
  statement->body = parse_loop_body(BlockKind::While, keyword);
  finish_compound(*statement);
  return statement;
}

// switch_statement = "switch" range_expr TERM { NEWLINE } { "case" range_expr TERM block }
//                    [ "otherwise" [";" | ","] block ] "end"
StmtPtr Parser::parse_switch() {
  const Token& keyword = advance();
  const SourceLoc loc = loc_of(keyword);
  auto statement = std::make_unique<SwitchStmt>(loc, parse_range_expr());
  parse_header_terminator();
  skip_newlines();
  while (check(TokenKind::KwCase)) {
    SwitchCase arm;
    arm.loc = loc_of(advance());
    arm.value = parse_range_expr();
    parse_header_terminator();
    arm.body = parse_block(BlockKind::Switch, keyword);
    statement->cases.push_back(std::move(arm));
  }
  if (match(TokenKind::KwOtherwise)) {
    statement->has_otherwise = true;
    if (!match(TokenKind::Semicolon)) match(TokenKind::Comma);
    statement->otherwise_body = parse_block(BlockKind::Switch, keyword);
    if (check(TokenKind::KwCase) || check(TokenKind::KwOtherwise)) {
      fail(fmt::format(messages::token_after_keyword, describe_token(current()), "otherwise"));
    }
  }
  if (!check(TokenKind::KwEnd)) {
    if (check(TokenKind::Eof)) fail_unclosed(keyword, TokenKind::KwEnd);
    fail(fmt::format(messages::switch_body_token, describe_token(current())));
  }
  finish_compound(*statement);
  return statement;
}

// try_statement = "try" TERM block [ "catch" [IDENT] TERM block ] "end"
StmtPtr Parser::parse_try() {
  const Token& keyword = advance();
  auto statement = std::make_unique<TryStmt>(loc_of(keyword));
  parse_header_terminator();
  statement->body = parse_block(BlockKind::Try, keyword);
  if (check_word("catch")) {
    const Token& catch_word = advance();
    statement->has_catch = true;
    if (check(TokenKind::Identifier)) statement->error_variable = expect_name("error variable");
    parse_header_terminator();
    statement->catch_body = parse_block(BlockKind::Catch, catch_word);
  }
  finish_compound(*statement);
  return statement;
}

// function_definition = "function" [ outputs "=" ] IDENT "(" [ IDENT { "," IDENT } ] ")"
//                       TERM block "end"
// outputs = IDENT | "[" IDENT { "," IDENT } "]"
StmtPtr Parser::parse_function() {
  const Token& keyword = advance();
  const SourceLoc loc = loc_of(keyword);
  auto definition = std::make_shared<FunctionDef>();
  definition->loc = loc;
  definition->dialect = dialect_;
  Numbering enclosing = begin_unit();
  if (match(TokenKind::LBracket)) {
    do {
      definition->outputs.push_back(expect_name("identifier in function output list"));
    } while (match(TokenKind::Comma));
    expect(TokenKind::RBracket, "']' after the function outputs");
    expect(TokenKind::Eq, "'=' after the function outputs");
    definition->name = expect_identifier("function name").text;
  } else {
    const Token& first = expect_identifier("function name");
    if (match(TokenKind::Eq)) {
      definition->outputs.push_back(variable_name(first));
      definition->name = expect_identifier("function name").text;
    } else {
      definition->name = first.text;
    }
  }
  expect(TokenKind::LParen, "'(' after the function name");
  if (!check(TokenKind::RParen)) {
    do {
      definition->params.push_back(expect_parameter());
    } while (match(TokenKind::Comma));
  }
  expect(TokenKind::RParen, "')' after the parameters");
  parse_header_terminator();
  // break/continue never reach through a function call (§13.1).
  const int saved_loops = loop_depth_;
  loop_depth_ = 0;
  ++function_depth_;
  definition->body = parse_block(BlockKind::Function, keyword);
  --function_depth_;
  loop_depth_ = saved_loops;
  definition->unit = end_unit(std::move(enclosing));
  auto statement = std::make_unique<FunctionStmt>(loc, definition);
  if (check(TokenKind::KwEnd)) {
    finish_compound(*statement);
  }  // else a MATLAB function without `end`, ended by the next function or the file's end
  return statement;
}
}  // namespace detail

Program parse_program(std::shared_ptr<const SourceFile> file, Dialect dialect) {
  return detail::Parser(std::move(file), dialect).parse();
}

Completeness check_completeness(std::shared_ptr<const SourceFile> file, Dialect dialect) {
  detail::Parser parser(std::move(file), dialect);
  // At a prompt, a function without `end` so far is one still being typed.
  parser.require_function_end();
  try {
    parser.parse();
  } catch (const Error&) {
    if (parser.error_at_eof()) return Completeness::Incomplete;
  }
  return Completeness::Complete;
}

}  // namespace llmlab::lang
