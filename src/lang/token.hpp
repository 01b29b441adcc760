// Tokens of the rlab language (language.md §1): the lexer's output, the parser's input.
// A token is its kind, its position and, for literals and names, its text or value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace llmlab::lang {

enum class TokenKind : std::uint8_t {
  // Literals and names.
  Number,
  String,
  Identifier,
  // Reserved words (§1.6). break, continue, try, catch, cache and import are soft words:
  // they lex as identifiers and the parser recognises them by position.
  KwFunction,
  KwEnd,
  KwReturn,
  KwIf,
  KwElseif,
  KwElse,
  KwFor,
  KwWhile,
  KwSwitch,
  KwCase,
  KwOtherwise,
  KwRun,
  KwFormat,
  KwHold,
  KwGrid,
  KwViewer,
  KwClose,
  // Operators and punctuation (§1.7).
  PlusEq,         // +=
  MinusEq,        // -=
  StarEq,         // *=
  SlashEq,        // /=
  Plus,           // +
  Minus,          // -
  Star,           // *
  Slash,          // /
  Backslash,      // \  left division (§13.12)
  Caret,          // ^
  DotStar,        // .*
  DotSlash,       // ./
  DotCaret,       // .^
  DotApostrophe,  // .'  non-conjugate transpose
  Dot,            // .   field access
  EqEq,           // ==
  BangEq,         // != or ~=
  Le,             // <=
  Ge,             // >=
  Lt,             // <
  Gt,             // >
  Eq,             // =
  AndAnd,         // &&
  OrOr,           // ||
  Bang,           // !
  Amp,            // &
  Bar,            // |
  Tilde,          // ~  (same as ! in expressions; also the output placeholder)
  Apostrophe,     // '  conjugate transpose
  Colon,          // :
  At,             // @
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Semicolon,
  Newline,
  Eof,
};

enum class QuoteKind : std::uint8_t { Double, Single };

struct Token {
  TokenKind kind = TokenKind::Eof;
  int line = 0;    // 1-based
  int column = 0;  // 1-based, in code points
  // Identifier: the name. String: the contents, doubled quotes already collapsed.
  // Number: the source text (underscores removed). Operators: empty.
  std::string text;
  double number = 0.0;                  // Number only
  QuoteKind quote = QuoteKind::Double;  // String only
  // A `,` the lexer inserted between bracket elements separated by whitespace (§1.8).
  bool synthetic = false;
  // Whitespace (or a line continuation) directly before the token.
  bool space_before = false;
};

// "Number", "Comma", ...: the kind's name, for --dump-tokens.
std::string_view token_kind_name(TokenKind kind);

// How a token reads in an error message: `identifier 'x'`, `number 3`, `string "s"`, `','`,
// `'end'`, `newline`, `end of input`.
std::string describe_token(const Token& token);

}  // namespace llmlab::lang
