// The expression rules of the rlab parser (language.md §3.1, §3.2): precedence climbing over
// one table of binary operators, then prefix operators, power, postfix chains and primaries.
#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>

#include "base/messages/syntax.hpp"
#include "lang/parser_state.hpp"

namespace llmlab::lang::detail {

namespace {

// Binding power of each binary operator, loosest first (§3.2). Power is not here: it binds
// tighter than prefix operators and is parsed by parse_power.
struct BinaryRule {
  TokenKind token;
  BinaryOp op;
  int precedence;
};

constexpr int kComparisonPrecedence = 5;

constexpr std::array<BinaryRule, 17> kBinaryRules = {{
    {TokenKind::OrOr, BinaryOp::OrOr, 1},
    {TokenKind::AndAnd, BinaryOp::AndAnd, 2},
    {TokenKind::Bar, BinaryOp::ElementOr, 3},
    {TokenKind::Amp, BinaryOp::ElementAnd, 4},
    {TokenKind::EqEq, BinaryOp::Equal, kComparisonPrecedence},
    {TokenKind::BangEq, BinaryOp::NotEqual, kComparisonPrecedence},
    {TokenKind::Lt, BinaryOp::Less, kComparisonPrecedence},
    {TokenKind::Le, BinaryOp::LessEqual, kComparisonPrecedence},
    {TokenKind::Gt, BinaryOp::Greater, kComparisonPrecedence},
    {TokenKind::Ge, BinaryOp::GreaterEqual, kComparisonPrecedence},
    {TokenKind::Plus, BinaryOp::Add, 6},
    {TokenKind::Minus, BinaryOp::Subtract, 6},
    {TokenKind::Star, BinaryOp::Multiply, 7},
    {TokenKind::Slash, BinaryOp::Divide, 7},
    {TokenKind::Backslash, BinaryOp::LeftDivide, 7},
    {TokenKind::DotStar, BinaryOp::ElementMultiply, 7},
    {TokenKind::DotSlash, BinaryOp::ElementDivide, 7},
}};

constexpr int kOrPrecedence = 1;
constexpr int kAddPrecedence = 6;

const BinaryRule* find_binary_rule(TokenKind kind) {
  for (const BinaryRule& rule : kBinaryRules) {
    if (rule.token == kind) return &rule;
  }
  return nullptr;
}

}  // namespace

// range_expr = or_expr [ ":" add_expr [ ":" or_expr ] ]
ExprPtr Parser::parse_range_expr() {
  ExprPtr start = parse_binary(kOrPrecedence);
  if (!check(TokenKind::Colon)) return start;
  const SourceLoc loc = start->loc;
  advance();
  ExprPtr middle = parse_binary(kAddPrecedence);
  if (!match(TokenKind::Colon)) {
    return std::make_unique<RangeExpr>(loc, std::move(start), nullptr, std::move(middle));
  }
  ExprPtr stop = parse_binary(kOrPrecedence);
  return std::make_unique<RangeExpr>(loc, std::move(start), std::move(middle), std::move(stop));
}

// or_expr .. add_expr and mul_expr by precedence climbing over kBinaryRules:
// binary(p) = unary { OP(q >= p) binary(q + 1) }; comparisons do not chain.
ExprPtr Parser::parse_binary(int min_precedence) {
  const int saved_height = height_;
  ExprPtr left = parse_unary();
  while (const BinaryRule* rule = find_binary_rule(current().kind)) {
    if (rule->precedence < min_precedence) break;
    const Token& op_token = advance();
    add_level();
    ExprPtr right = parse_binary(rule->precedence + 1);
    left =
        std::make_unique<BinaryExpr>(loc_of(op_token), rule->op, std::move(left), std::move(right));
    if (rule->precedence == kComparisonPrecedence) {
      const BinaryRule* next = find_binary_rule(current().kind);
      if (next && next->precedence == kComparisonPrecedence) {
        fail(fmt::format(messages::chained_comparison, describe_token(current())));
      }
    }
  }
  height_ = saved_height;
  return left;
}

// unary = ( "+" | "-" | "!" | "~" ) unary | power
ExprPtr Parser::parse_unary() {
  std::optional<UnaryOp> op;
  switch (current().kind) {
    case TokenKind::Minus:
      op = UnaryOp::Negate;
      break;
    case TokenKind::Plus:
      op = UnaryOp::Plus;
      break;
    case TokenKind::Bang:
    case TokenKind::Tilde:
      op = UnaryOp::Not;
      break;
    default:
      break;
  }
  if (!op) return parse_power();
  const SourceLoc loc = loc_of(advance());
  ExprPtr operand = parse_nested(&Parser::parse_unary);
  return std::make_unique<UnaryExpr>(loc, *op, std::move(operand));
}

// power = postfix [ ( "^" | ".^" ) unary ]   (right operand at prefix level: 2^-1, 2^3^2)
ExprPtr Parser::parse_power() {
  ExprPtr base = parse_postfix();
  if (!check(TokenKind::Caret) && !check(TokenKind::DotCaret)) return base;
  const Token& op_token = advance();
  const BinaryOp op = op_token.kind == TokenKind::Caret ? BinaryOp::Power : BinaryOp::ElementPower;
  ExprPtr exponent = parse_nested(&Parser::parse_unary);
  return std::make_unique<BinaryExpr>(loc_of(op_token), op, std::move(base), std::move(exponent));
}

// postfix = primary { "'" | ".'" | "(" [args] ")" | "." IDENT [ "(" [args] ")" ]
//                    | "." "(" range_expr ")" }
ExprPtr Parser::parse_postfix() {
  const int saved_height = height_;
  ExprPtr expr = parse_primary();
  while (true) {
    const Token& token = current();
    add_level();
    if (token.kind == TokenKind::Apostrophe || token.kind == TokenKind::DotApostrophe) {
      advance();
      const UnaryOp op =
          token.kind == TokenKind::Apostrophe ? UnaryOp::Transpose : UnaryOp::NonConjugateTranspose;
      expr = std::make_unique<UnaryExpr>(loc_of(token), op, std::move(expr));
    } else if (token.kind == TokenKind::LParen) {
      const SourceLoc loc = loc_of(token);
      expr = std::make_unique<IndexExpr>(loc, std::move(expr), parse_call_arguments());
    } else if (token.kind == TokenKind::LBrace) {
      // `c{k}` (§13.12). Inside `[ ]` and `{ }` a space before `{` has already become a comma.
      const SourceLoc loc = loc_of(token);
      expr = std::make_unique<CellIndexExpr>(loc, std::move(expr),
                                             parse_call_arguments(TokenKind::RBrace));
    } else if (token.kind == TokenKind::Dot) {
      advance();
      if (check(TokenKind::LParen)) {
        // A dynamic field `E.(expr)`; a subscript after it indexes the field's value.
        const SourceLoc loc = loc_of(advance());
        skip_newlines();
        ExprPtr name = parse_nested_range_expr();
        skip_newlines();
        expect(TokenKind::RParen, "')'");
        expr = std::make_unique<FieldExpr>(loc, std::move(expr), std::move(name));
        continue;
      }
      Name field = expect_field_name();
      if (check(TokenKind::LParen)) {
        ExprList args = parse_call_arguments();
        const SourceLoc loc = field.loc;
        expr = std::make_unique<MethodCallExpr>(loc, std::move(expr), std::move(field),
                                                std::move(args));
      } else {
        expr = std::make_unique<FieldExpr>(field.loc, std::move(expr), std::move(field.text));
      }
    } else {
      height_ = saved_height;
      return expr;
    }
  }
}

// call_suffix = "(" [ arg { "," arg } ] ")" ;  arg = ":" | range_expr
// Newlines are skipped after "(", before ")" and around ",".
ExprList Parser::parse_call_arguments(TokenKind closer) {
  const bool braces = closer == TokenKind::RBrace;
  const Token& opener =
      braces ? expect(TokenKind::LBrace, "'{'") : expect(TokenKind::LParen, "'('");
  ++subscript_depth_;
  ExprList args;
  skip_newlines();
  if (!check(closer)) {
    while (true) {
      skip_newlines();
      if (check(TokenKind::Eof)) fail_unclosed(opener, closer);
      const TokenKind after = peek().kind;
      if (check(TokenKind::Colon) && (after == TokenKind::Comma || after == closer ||
                                      after == TokenKind::Newline || after == TokenKind::Eof)) {
        args.push_back(std::make_unique<ColonExpr>(loc_of(advance())));
      } else {
        args.push_back(parse_nested_range_expr());
      }
      skip_newlines();
      if (!match(TokenKind::Comma)) break;
    }
  }
  --subscript_depth_;
  if (!check(closer)) {
    if (check(TokenKind::Eof)) fail_unclosed(opener, closer);
    fail(fmt::format(messages::argument_list_separator, token_kind_spelling(closer),
                     describe_token(current())));
  }
  advance();
  return args;
}

// One level of nesting (a bracket, a prefix operator, an exponent), with a depth guard so that
// hostile input (thousands of nested brackets) fails cleanly instead of exhausting the stack.
ExprPtr Parser::parse_nested(ExprPtr (Parser::*parse_level)()) {
  if (++depth_ > kMaxDepth) fail(std::string(messages::expression_too_nested));
  add_level();
  ExprPtr expr = (this->*parse_level)();
  --height_;
  --depth_;
  return expr;
}

// A range_expr inside brackets or parentheses.
ExprPtr Parser::parse_nested_range_expr() { return parse_nested(&Parser::parse_range_expr); }

ExprPtr Parser::number_literal(const Token& token) const {
  if (token.imaginary) return std::make_unique<ImaginaryExpr>(loc_of(token), token.number);
  return std::make_unique<NumberExpr>(loc_of(token), token.number);
}

// primary = NUMBER | STRING | IDENT [ call_suffix ] | matrix | string_array
//         | "(" range_expr ")" | "@" "(" [ IDENT { "," IDENT } ] ")" range_expr | "@" IDENT
//         | "end" | command_keyword call_suffix
ExprPtr Parser::parse_primary() {
  const Token& token = current();
  const SourceLoc loc = loc_of(token);
  switch (token.kind) {
    case TokenKind::Number:
      advance();
      return number_literal(token);
    case TokenKind::String:
      advance();
      return std::make_unique<StringExpr>(loc, token.text, token.quote);
    case TokenKind::Identifier: {
      advance();
      if (check(TokenKind::LParen)) {
        Name name = variable_name(token);  // numbered before the names of its arguments
        return call_expression(std::move(name), parse_call_arguments());
      }
      return std::make_unique<IdentifierExpr>(variable_name(token));
    }
    case TokenKind::LBracket:
      return parse_matrix();
    case TokenKind::LBrace:
      return parse_string_array();
    case TokenKind::LParen: {
      advance();
      skip_newlines();
      if (check(TokenKind::Eof)) fail_unclosed(token, TokenKind::RParen);
      ExprPtr inner = parse_nested_range_expr();
      skip_newlines();
      if (check(TokenKind::Eof)) fail_unclosed(token, TokenKind::RParen);
      expect(TokenKind::RParen, "')'");
      return inner;
    }
    case TokenKind::At:
      return parse_function_value();
    case TokenKind::KwEnd:
      if (token.text != "end") fail(fmt::format(messages::closer_outside_block, token.text));
      if (subscript_depth_ == 0) fail(std::string(messages::end_outside_subscript));
      advance();
      return std::make_unique<EndExpr>(loc);
    default:
      break;
  }
  if (is_command_keyword(token.kind) && peek().kind == TokenKind::LParen) {
    advance();
    Name name = variable_name(token);
    return call_expression(std::move(name), parse_call_arguments());
  }
  if (token.kind == TokenKind::Eof) fail(std::string(messages::unexpected_end_in_expression));
  fail(fmt::format(messages::unexpected_token, describe_token(token)));
}

// lambda = "@" "(" [ IDENT { "," IDENT } ] ")" range_expr ;  handle = "@" IDENT
ExprPtr Parser::parse_function_value() {
  const SourceLoc loc = loc_of(advance());
  if (check(TokenKind::Identifier)) {
    return std::make_unique<FunctionHandleExpr>(loc, variable_name(advance()));
  }
  if (!check(TokenKind::LParen)) {
    fail(fmt::format(messages::function_handle_expected, describe_token(current())));
  }
  advance();
  auto lambda = std::make_shared<LambdaDef>();
  lambda->loc = loc;
  if (!check(TokenKind::RParen)) {
    do {
      lambda->params.push_back(expect_parameter());
    } while (match(TokenKind::Comma));
  }
  expect(TokenKind::RParen, "')' after the lambda parameters");
  lambda->body = parse_nested_range_expr();
  return std::make_unique<LambdaExpr>(loc, std::move(lambda));
}

// matrix = "[" [ row { ( ";" | NEWLINE ) row } [ ";" ] ] "]" ;  row = range_expr { "," range_expr
// } A newline between two elements starts a new row (§13.10); newlines next to "[", "]",
// "," and ";" are skipped.
ExprPtr Parser::parse_matrix() {
  const Token& opener = advance();
  const SourceLoc loc = loc_of(opener);
  std::vector<ExprList> rows;
  ExprList row;
  skip_newlines();
  while (!check(TokenKind::RBracket)) {
    // The input may end after a separator or a newline, before the next element.
    if (check(TokenKind::Eof)) fail_unclosed(opener, TokenKind::RBracket);
    row.push_back(parse_nested_range_expr());
    if (match(TokenKind::Comma)) {
      skip_newlines();
      if (check(TokenKind::RBracket)) fail(std::string(messages::missing_element));
      continue;
    }
    bool new_row = false;
    if (check(TokenKind::Newline)) {
      skip_newlines();
      new_row = true;
    }
    if (match(TokenKind::Semicolon)) {
      skip_newlines();
      new_row = true;
    }
    if (check(TokenKind::RBracket)) break;
    if (!new_row) {
      if (check(TokenKind::Eof)) fail_unclosed(opener, TokenKind::RBracket);
      fail(fmt::format(messages::matrix_literal_separator, describe_token(current())));
    }
    rows.push_back(std::move(row));
    row.clear();
  }
  if (!row.empty()) rows.push_back(std::move(row));
  advance();
  return std::make_unique<MatrixExpr>(loc, std::move(rows));
}

// string_array = "{" [ range_expr { ( "," | ";" | NEWLINE ) range_expr } [ "," | ";" ] ] "}"
// A ';' or a newline between two elements starts a row: MATLAB's column form {"a"; "b"} gives
// the same one-dimensional string array as {"a", "b"} (string arrays have no second
// dimension), while a cell literal keeps its rows ({1, 2; 3, 4} is 2×2).
ExprPtr Parser::parse_string_array() {
  const Token& opener = advance();
  const SourceLoc loc = loc_of(opener);
  ExprList elements;
  std::vector<std::size_t> row_starts;
  skip_newlines();
  while (!check(TokenKind::RBrace)) {
    if (check(TokenKind::Eof)) fail_unclosed(opener, TokenKind::RBrace);
    elements.push_back(parse_nested_range_expr());
    const bool newline = check(TokenKind::Newline);
    skip_newlines();
    if (match(TokenKind::Comma)) {
      skip_newlines();
      continue;
    }
    if (match(TokenKind::Semicolon) || newline) {
      skip_newlines();
      if (!check(TokenKind::RBrace)) row_starts.push_back(elements.size());
      continue;
    }
    break;
  }
  if (!check(TokenKind::RBrace)) {
    if (check(TokenKind::Eof)) fail_unclosed(opener, TokenKind::RBrace);
    fail(fmt::format(messages::string_array_separator, describe_token(current())));
  }
  advance();
  return std::make_unique<StringArrayExpr>(loc, std::move(elements), std::move(row_starts));
}
}  // namespace llmlab::lang::detail
