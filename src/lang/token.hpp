// Tokens of the rlab language (language.md §1): the lexer's output, the parser's input.
// A token is its kind, its position and, for literals and names, its text or value.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace llmlab::lang {

// Every token kind, once, in enum order: LITERAL(name) for kinds with no fixed spelling,
// KEYWORD(name, word) for the reserved words (§1.6; the enum value is Kw<name>), and
// OPERATOR(name, text) for operators and punctuation (§1.7). The enum, the kinds' names
// (--dump-tokens) and the operators' texts (error messages) are all generated from it.
// break, continue, try, catch, cache and import are soft words: they lex as identifiers and the
// parser recognises them by position.
#define LLMLAB_TOKENS(LITERAL, KEYWORD, OPERATOR)                                       \
  LITERAL(Number)                                                                       \
  LITERAL(String)                                                                       \
  LITERAL(Identifier)                                                                   \
  KEYWORD(Function, "function")                                                         \
  KEYWORD(End, "end")                                                                   \
  KEYWORD(Return, "return")                                                             \
  KEYWORD(If, "if")                                                                     \
  KEYWORD(Elseif, "elseif")                                                             \
  KEYWORD(Else, "else")                                                                 \
  KEYWORD(For, "for")                                                                   \
  KEYWORD(While, "while")                                                               \
  KEYWORD(Switch, "switch")                                                             \
  KEYWORD(Case, "case")                                                                 \
  KEYWORD(Otherwise, "otherwise")                                                       \
  KEYWORD(Run, "run")                                                                   \
  KEYWORD(Format, "format")                                                             \
  KEYWORD(Hold, "hold")                                                                 \
  KEYWORD(Grid, "grid")                                                                 \
  KEYWORD(Viewer, "viewer")                                                             \
  KEYWORD(Close, "close")                                                               \
  OPERATOR(PlusEq, "+=")                                                                \
  OPERATOR(MinusEq, "-=")                                                               \
  OPERATOR(StarEq, "*=")                                                                \
  OPERATOR(SlashEq, "/=")                                                               \
  OPERATOR(Plus, "+")                                                                   \
  OPERATOR(Minus, "-")                                                                  \
  OPERATOR(Star, "*")                                                                   \
  OPERATOR(Slash, "/")                                                                  \
  OPERATOR(Backslash, "\\")                                                             \
  OPERATOR(Caret, "^")                                                                  \
  OPERATOR(DotStar, ".*")                                                               \
  OPERATOR(DotSlash, "./")                                                              \
  OPERATOR(DotCaret, ".^")                                                              \
  OPERATOR(DotApostrophe, ".'") /* non-conjugate transpose */                           \
  OPERATOR(Dot, ".")            /* field access */                                      \
  OPERATOR(EqEq, "==")                                                                  \
  OPERATOR(BangEq, "!=") /* also written ~= */                                          \
  OPERATOR(Le, "<=")                                                                    \
  OPERATOR(Ge, ">=")                                                                    \
  OPERATOR(Lt, "<")                                                                     \
  OPERATOR(Gt, ">")                                                                     \
  OPERATOR(Eq, "=")                                                                     \
  OPERATOR(AndAnd, "&&")                                                                \
  OPERATOR(OrOr, "||")                                                                  \
  OPERATOR(Bang, "!")                                                                   \
  OPERATOR(Amp, "&")                                                                    \
  OPERATOR(Bar, "|")                                                                    \
  OPERATOR(Tilde, "~")      /* same as ! in expressions; also the output placeholder */ \
  OPERATOR(Apostrophe, "'") /* conjugate transpose */                                   \
  OPERATOR(Colon, ":")                                                                  \
  OPERATOR(At, "@")                                                                     \
  OPERATOR(LParen, "(")                                                                 \
  OPERATOR(RParen, ")")                                                                 \
  OPERATOR(LBracket, "[")                                                               \
  OPERATOR(RBracket, "]")                                                               \
  OPERATOR(LBrace, "{")                                                                 \
  OPERATOR(RBrace, "}")                                                                 \
  OPERATOR(Comma, ",")                                                                  \
  OPERATOR(Semicolon, ";")                                                              \
  LITERAL(Newline)                                                                      \
  LITERAL(Eof)

enum class TokenKind : std::uint8_t {
#define LLMLAB_LITERAL(name) name,
#define LLMLAB_KEYWORD(name, word) Kw##name,
#define LLMLAB_OPERATOR(name, text) name,
  LLMLAB_TOKENS(LLMLAB_LITERAL, LLMLAB_KEYWORD, LLMLAB_OPERATOR)
#undef LLMLAB_LITERAL
#undef LLMLAB_KEYWORD
#undef LLMLAB_OPERATOR
};

// Word: a command-syntax word (`hold on`), written unquoted; printed as a double-quoted literal,
// but char text in the matlab dialect, where a "..." literal is a string (language.md §14).
enum class QuoteKind : std::uint8_t { Double, Single, Word };

struct Token {
  TokenKind kind = TokenKind::Eof;
  int line = 0;    // 1-based
  int column = 0;  // 1-based, in code points
  // Identifier: the name. String: the contents, doubled quotes already collapsed.
  // Number: the source text (underscores removed). Operators: empty.
  std::string text;
  double number = 0.0;                  // Number only
  bool imaginary = false;               // Number only: `3i`, the matlab dialect's i·number
  QuoteKind quote = QuoteKind::Double;  // String only
  // A `,` the lexer inserted between bracket elements separated by whitespace (§1.8).
  bool synthetic = false;
  // String only: a bare path word of command syntax (`cd ..`, `cd ~/runs`), not a literal.
  bool command_word = false;
  // Whitespace (or a line continuation) directly before the token.
  bool space_before = false;
};

// "Number", "Comma", ...: the kind's name, for --dump-tokens.
std::string_view token_kind_name(TokenKind kind);

// The fixed spelling of a keyword, operator or punctuation kind ("end", ")"); empty for the
// kinds without one (numbers, strings, names).
std::string_view token_kind_spelling(TokenKind kind);

// How the token was written, quotes aside: a word's, number's or string's text, an operator's
// spelling. Command syntax glues touching tokens back into one word (`cd deep/er`).
std::string_view token_spelling(const Token& token);

// How a token reads in an error message: `identifier 'x'`, `number 3`, `string "s"`, `','`,
// `'end'`, `newline`, `end of input`.
std::string describe_token(const Token& token);

}  // namespace llmlab::lang
