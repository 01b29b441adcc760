// The hand-written lexer: one pass over the UTF-8 text, one token per step. The two
// context-sensitive rules of the language live here: the apostrophe (§1.5) and the synthetic
// comma between whitespace-separated elements inside [ ] and { } (§1.8).
#include "lang/lexer.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <optional>

#include "base/error.hpp"
#include "base/messages/syntax.hpp"
#include "base/number_text.hpp"
#include "base/utf8.hpp"

namespace llmlab::lang {

namespace {

bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

// Letters that may start or continue an identifier. ASCII, plus the alphabetic blocks of
// Latin-1/Latin Extended, Greek and Cyrillic (without the signs × and ÷): the scripts a
// teaching language meets, without a Unicode database.
bool is_letter(char32_t c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') return true;
  if (c >= 0xC0 && c <= 0x24F) return c != 0xD7 && c != 0xF7;
  return (c >= 0x370 && c <= 0x3FF && c != 0x37E && c != 0x387) || (c >= 0x400 && c <= 0x4FF);
}

bool is_space(char32_t c) { return c == ' ' || c == '\t' || c == '\r'; }

const struct {
  std::string_view word;
  TokenKind kind;
} kKeywords[] = {
#define LLMLAB_LITERAL(name)
#define LLMLAB_KEYWORD(name, word) {word, TokenKind::Kw##name},
#define LLMLAB_OPERATOR(name, text)
    LLMLAB_TOKENS(LLMLAB_LITERAL, LLMLAB_KEYWORD, LLMLAB_OPERATOR)
#undef LLMLAB_LITERAL
#undef LLMLAB_KEYWORD
#undef LLMLAB_OPERATOR
    // Octave's closing words (llmlab extension): `end` tokens that keep their text, so the
    // parser can check they close the right block and refuse them as a subscript's `end`.
    {"endfor", TokenKind::KwEnd},
    {"endwhile", TokenKind::KwEnd},
    {"endif", TokenKind::KwEnd},
    {"endswitch", TokenKind::KwEnd},
    {"endfunction", TokenKind::KwEnd},
    {"end_try_catch", TokenKind::KwEnd},
};

const TokenKind* reserved_kind(std::string_view word) {
  for (const auto& keyword : kKeywords) {
    if (keyword.word == word) return &keyword.kind;
  }
  return nullptr;
}

// Tokens after which an operand has ended: a following `'` is a transpose (§1.5).
bool transpose_may_follow(TokenKind kind) {
  switch (kind) {
    case TokenKind::Identifier:
    case TokenKind::Number:
    case TokenKind::RParen:
    case TokenKind::RBracket:
    case TokenKind::Apostrophe:
    case TokenKind::DotApostrophe:
      return true;
    default:
      return false;
  }
}

// Tokens that end a bracket element, for the synthetic comma of §1.8 item 1.
bool ends_operand(TokenKind kind) {
  switch (kind) {
    case TokenKind::Number:
    case TokenKind::Identifier:
    case TokenKind::String:
    case TokenKind::RParen:
    case TokenKind::RBracket:
    case TokenKind::RBrace:
    case TokenKind::Apostrophe:
    case TokenKind::DotApostrophe:
    case TokenKind::KwEnd:
      return true;
    default:
      return false;
  }
}

// A character in Rust's debug quoting, as rustlab prints it: '$', '\\', '\'', '\u{c}'.
std::string quote_character(char32_t c) {
  switch (c) {
    case '\\':
      return "'\\\\'";
    case '\'':
      return "'\\''";
    case '\t':
      return "'\\t'";
    case '\n':
      return "'\\n'";
    case '\r':
      return "'\\r'";
    case 0:
      return "'\\0'";
    default:
      break;
  }
  if (c < 0x20 || c == 0x7F || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
    return fmt::format("'\\u{{{:x}}}'", static_cast<std::uint32_t>(c));
  }
  std::string utf8;
  append_utf8(utf8, c);
  return "'" + utf8 + "'";
}

// A decimal float as §1.4 accepts it: digits [ "." digits ] [ e [sign] digits ], with at least
// one mantissa digit and at least one exponent digit when `e` is present.
bool is_decimal_float(std::string_view text) {
  std::size_t i = 0;
  int mantissa_digits = 0;
  while (i < text.size() && is_digit(static_cast<unsigned char>(text[i]))) ++i, ++mantissa_digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(static_cast<unsigned char>(text[i]))) {
      ++i;
      ++mantissa_digits;
    }
  }
  if (mantissa_digits == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    int exponent_digits = 0;
    while (i < text.size() && is_digit(static_cast<unsigned char>(text[i]))) {
      ++i;
      ++exponent_digits;
    }
    if (exponent_digits == 0) return false;
  }
  return i == text.size();
}

// The operators and punctuation, each spelling once: a two-character spelling before the one
// character that begins it (`+=` before `+`); `second` 0 for one character.
struct OperatorSpelling {
  char32_t first;
  char32_t second;
  TokenKind kind;
};
constexpr OperatorSpelling kOperatorSpellings[] = {
    {'+', '=', TokenKind::PlusEq},   {'+', 0, TokenKind::Plus},
    {'-', '=', TokenKind::MinusEq},  {'-', 0, TokenKind::Minus},
    {'*', '=', TokenKind::StarEq},   {'*', 0, TokenKind::Star},
    {'/', '=', TokenKind::SlashEq},  {'/', 0, TokenKind::Slash},
    {'\\', 0, TokenKind::Backslash}, {'^', 0, TokenKind::Caret},
    {'.', '*', TokenKind::DotStar},  {'.', '/', TokenKind::DotSlash},
    {'.', '^', TokenKind::DotCaret}, {'.', '\'', TokenKind::DotApostrophe},
    {'=', '=', TokenKind::EqEq},     {'=', 0, TokenKind::Eq},
    {'!', '=', TokenKind::BangEq},   {'!', 0, TokenKind::Bang},
    {'~', '=', TokenKind::BangEq},   {'~', 0, TokenKind::Tilde},
    {'<', '=', TokenKind::Le},       {'<', 0, TokenKind::Lt},
    {'>', '=', TokenKind::Ge},       {'>', 0, TokenKind::Gt},
    {'&', '&', TokenKind::AndAnd},   {'&', 0, TokenKind::Amp},
    {'|', '|', TokenKind::OrOr},     {'|', 0, TokenKind::Bar},
    {':', 0, TokenKind::Colon},      {'@', 0, TokenKind::At},
    {'(', 0, TokenKind::LParen},     {')', 0, TokenKind::RParen},
    {'[', 0, TokenKind::LBracket},   {']', 0, TokenKind::RBracket},
    {'{', 0, TokenKind::LBrace},     {'}', 0, TokenKind::RBrace},
    {',', 0, TokenKind::Comma},      {';', 0, TokenKind::Semicolon},
};

class Lexer {
 public:
  Lexer(const std::shared_ptr<const SourceFile>& file, Dialect dialect)
      : file_(file), text_(file->text()), dialect_(dialect) {}

  std::vector<Token> run() {
    while (true) {
      const bool spaced = skip_whitespace();
      if (at_end()) break;
      const char32_t c = peek();
      if (c == '\n') {
        const Token newline = make(TokenKind::Newline);
        advance();
        // Runs of blank and comment-only lines collapse into one NEWLINE (§1.1).
        if (tokens_.empty() || tokens_.back().kind != TokenKind::Newline) push(newline, spaced);
        continue;
      }
      if (spaced && inside_brackets() && !innermost_parenthesis() && !tokens_.empty() &&
          ends_operand(tokens_.back().kind) && !closes_lambda_parameters() && starts_element()) {
        Token comma = make(TokenKind::Comma);
        comma.synthetic = true;
        push(std::move(comma), true);
      }
      lex_token(spaced);
    }
    Token eof = make(TokenKind::Eof);
    push(std::move(eof), false);
    return std::move(tokens_);
  }

 private:
  bool at_end() const { return offset_ >= text_.size(); }

  // The code point at `offset_ + ahead` bytes-worth of code points; 0 past the end. Invalid
  // UTF-8 decodes byte by byte to U+FFFD so any input lexes (and fails) predictably.
  char32_t peek(std::size_t ahead = 0) const {
    std::size_t at = offset_;
    char32_t c = 0;
    for (std::size_t k = 0; k <= ahead; ++k) {
      if (at >= text_.size()) return 0;
      std::size_t width = 1;
      c = decode(at, width);
      at += width;
    }
    return c;
  }

  char32_t decode(std::size_t at, std::size_t& width) const {
    const auto lead = static_cast<unsigned char>(text_[at]);
    width = 1;
    if (lead < 0x80) return lead;
    std::size_t length = 0;
    char32_t value = 0;
    if ((lead & 0xE0) == 0xC0) {
      length = 2;
      value = lead & 0x1Fu;
    } else if ((lead & 0xF0) == 0xE0) {
      length = 3;
      value = lead & 0x0Fu;
    } else if ((lead & 0xF8) == 0xF0) {
      length = 4;
      value = lead & 0x07u;
    } else {
      return 0xFFFD;
    }
    if (at + length > text_.size()) return 0xFFFD;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text_[at + k]);
      if ((next & 0xC0) != 0x80) return 0xFFFD;
      value = (value << 6) | (next & 0x3Fu);
    }
    width = length;
    return value;
  }

  char32_t advance() {
    std::size_t width = 1;
    const char32_t c = decode(offset_, width);
    offset_ += width;
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    return c;
  }

  Token make(TokenKind kind) const {
    Token token;
    token.kind = kind;
    token.line = line_;
    token.column = column_;
    return token;
  }

  void push(Token token, bool spaced) {
    token.space_before = spaced;
    switch (token.kind) {
      case TokenKind::LBracket:
        open(bracket_depth_, '[');
        break;
      case TokenKind::RBracket:
        close(bracket_depth_);
        break;
      case TokenKind::LBrace:
        open(brace_depth_, '{');
        break;
      case TokenKind::RBrace:
        close(brace_depth_);
        break;
      case TokenKind::Newline:
      case TokenKind::Semicolon:
      case TokenKind::Comma:
        if (paren_depth_ == 0 && !inside_brackets()) command_line_ = false;
        break;
      case TokenKind::LParen:
        open(paren_depth_, !tokens_.empty() && tokens_.back().kind == TokenKind::At ? '@' : '(');
        break;
      case TokenKind::RParen:
        if (!openers_.empty() && openers_.back() == '@') lambda_parameters_end_ = tokens_.size();
        close(paren_depth_);
        break;
      default:
        break;
    }
    tokens_.push_back(std::move(token));
  }

  // An opening ( [ { one level deeper in its kind's `depth`; a closing one back out (a stray
  // closer leaves both at their floor).
  void open(int& depth, char opener) {
    ++depth;
    openers_.push_back(opener);
  }
  void close(int& depth) {
    if (depth > 0) --depth;
    if (!openers_.empty()) openers_.pop_back();
  }

  bool inside_brackets() const { return bracket_depth_ > 0 || brace_depth_ > 0; }

  // In matlab code whitespace inside parentheses nested in brackets separates nothing
  // ([(max (1, 2))] is one element, as MATLAB reads it); rlab keeps §1.8's synthetic comma.
  bool innermost_parenthesis() const {
    return dialect_ == Dialect::Matlab && !openers_.empty() &&
           (openers_.back() == '(' || openers_.back() == '@');
  }

  // The last token closes an anonymous function's parameters: the body follows, and whitespace
  // before it separates no elements ({@(x) x + 1, @(x) 2 * x} holds two functions, in MATLAB
  // and in rlab alike; the synthetic comma would leave `@(x)` without a body).
  bool closes_lambda_parameters() const {
    return !tokens_.empty() && lambda_parameters_end_ == tokens_.size() - 1;
  }

  // MATLAB's command syntax with a path word (`cd ..`, `cd ../runs`, `ls ~/data`): on a line
  // whose first word is followed by whitespace and a word, a number, a double-quoted string or
  // a path, a spaced word starting with `..` or `~` (alone or before `/`) is text up to the
  // next space. No expression can continue with either, so only lines that were lex or parse
  // errors change meaning; the parser reads such a line as a command (looks_like_command_syntax).
  bool starts_path() const {
    const char32_t c = peek();
    const char32_t next = peek(1);
    return (c == '.' && next == '.') || (c == '~' && (next == '/' || next == 0 || is_space(next) ||
                                                      next == '\n' || next == ';' || next == ','));
  }

  // Whether the token about to be lexed is the first argument of a command line.
  bool starts_command_arguments(bool spaced) const {
    if (!spaced || inside_brackets() || paren_depth_ > 0 || tokens_.empty()) return false;
    const TokenKind last = tokens_.back().kind;
    if (last != TokenKind::Identifier && last != TokenKind::KwRun) return false;
    if (tokens_.size() > 1) {
      const TokenKind before = tokens_[tokens_.size() - 2].kind;
      if (before != TokenKind::Newline && before != TokenKind::Semicolon &&
          before != TokenKind::Comma) {
        return false;
      }
    }
    const char32_t c = peek();
    return is_letter(c) || is_digit(c) || c == '"' || starts_path();
  }

  void lex_command_word(bool spaced) {
    Token token = make(TokenKind::String);
    while (!at_end()) {
      const char32_t c = peek();
      if (is_space(c) || c == '\n' || c == ';' || c == ',' || c == '%') break;
      const std::size_t start = offset_;
      advance();
      token.text.append(text_.substr(start, offset_ - start));
    }
    token.command_word = true;
    push(std::move(token), spaced);
  }

  [[noreturn]] void fail(int line, int column, const std::string& detail) const {
    throw Error(fmt::format(messages::lex_error, detail), SourceLoc{file_, line, column},
                ErrorKind::Syntax);
  }

  // Skips spaces, comments and line continuations; true when anything was skipped. A comment
  // stops before its newline, which still ends the statement.
  bool skip_whitespace() {
    bool skipped = false;
    while (!at_end()) {
      const char32_t c = peek();
      if (is_space(c)) {
        advance();
      } else if (c == '%' || c == '#') {
        if (dialect_ == Dialect::Matlab && block_comment_line('{')) {
          skip_block_comment();
        } else {
          while (!at_end() && peek() != '\n') advance();
        }
      } else if (c == '.' && peek(1) == '.' && peek(2) == '.') {
        // `...` discards the rest of the line and its newline (§1.3).
        while (!at_end() && peek() != '\n') advance();
        if (!at_end()) advance();
      } else {
        break;
      }
      skipped = true;
    }
    return skipped;
  }

  // Whether the cursor's line holds only `%` or `#` followed by `brace` ('{' opens a block
  // comment, '}' closes one), with spaces around, and the cursor is at that mark.
  bool block_comment_line(char brace) const {
    std::size_t start = offset_;
    while (start > 0 && text_[start - 1] != '\n') --start;
    std::size_t at = start;
    while (at < text_.size() && (text_[at] == ' ' || text_[at] == '\t')) ++at;
    if (at != offset_ || at + 1 >= text_.size()) return false;
    if ((text_[at] != '%' && text_[at] != '#') || text_[at + 1] != brace) return false;
    for (at += 2; at < text_.size() && text_[at] != '\n'; ++at) {
      if (text_[at] != ' ' && text_[at] != '\t' && text_[at] != '\r') return false;
    }
    return true;
  }

  // From a `%{` line to the end of its matching `%}` line (they nest); the newline after it
  // stays, to end the statement before the comment.
  void skip_block_comment() {
    const int open_line = line_;
    const int open_column = column_;
    int depth = 0;
    while (!at_end()) {
      if (block_comment_line('{')) ++depth;
      if (block_comment_line('}') && --depth == 0) {
        while (!at_end() && peek() != '\n') advance();
        return;
      }
      while (!at_end() && peek() != '\n') advance();
      if (!at_end()) advance();
      while (!at_end() && (peek() == ' ' || peek() == '\t')) advance();
    }
    throw UnclosedAtEnd(
        fmt::format(messages::lex_error, fmt::format(messages::block_comment_unclosed, "%{", "%}")),
        SourceLoc{file_, open_line, open_column}, ErrorKind::Syntax);
  }

  // §1.8 item 2: does the text at the cursor start a new bracket element?
  bool starts_element() const {
    const char32_t c = peek();
    if (is_digit(c) || is_letter(c) || c == '(' || c == '[' || c == '{' || c == '"') return true;
    if (c == '.') return is_digit(peek(1));
    if (c == '+' || c == '-') {
      const char32_t next = peek(1);
      return next != 0 && !is_space(next) && next != '\n' && next != '=';
    }
    if (c == '!' || c == '~') return peek(1) != '=';
    if (c == '\'') return apostrophe_opens_string(true);
    return false;
  }

  // §1.5, with MATLAB's reading inside [ ] and { }: there a `'` after whitespace opens a string
  // when the line closes it, so ['step ' num2str(k) ' of ' num2str(n)] and ['ab' 'cd'] are
  // lists of strings (parse or type errors in rustlab). `a '` outside brackets and `[a ']` stay
  // transposes; only a spaced transpose inside brackets with a later `'` on its line, as in
  // [a ' b '], reads differently from rustlab, and MATLAB reads it the same way.
  bool apostrophe_opens_string(bool spaced) const {
    // In matlab code a quote right after a closing brace transposes the element, c{k}'
    // (MATLAB's reading); rlab keeps §1.5's string there.
    const bool after_brace = !tokens_.empty() && tokens_.back().kind == TokenKind::RBrace &&
                             dialect_ == Dialect::Matlab && !spaced;
    if (after_brace) return false;
    // So does a quote right after a double-quoted literal, "abc"' (a string, transposed).
    const bool after_string = !tokens_.empty() && tokens_.back().kind == TokenKind::String &&
                              tokens_.back().quote == QuoteKind::Double &&
                              dialect_ == Dialect::Matlab && !spaced;
    if (after_string) return false;
    if (tokens_.empty() || !transpose_may_follow(tokens_.back().kind)) return true;
    if (!spaced || !inside_brackets()) return false;
    for (std::size_t at = offset_ + 1; at < text_.size() && text_[at] != '\n'; ++at) {
      if (text_[at] == '\'') return true;
    }
    return false;
  }

  void lex_token(bool spaced) {
    if (starts_command_arguments(spaced)) command_line_ = true;
    if (command_line_ && spaced && starts_path()) return lex_command_word(spaced);
    const char32_t c = peek();
    if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return lex_number(spaced);
    if (is_letter(c)) return lex_word(spaced);
    if (c == '"') return lex_string(spaced, QuoteKind::Double);
    if (c == '\'') {
      if (!apostrophe_opens_string(spaced)) return lex_operator(spaced, TokenKind::Apostrophe, 1);
      return lex_string(spaced, QuoteKind::Single);
    }
    const char32_t next = peek(1);
    for (const OperatorSpelling& spelling : kOperatorSpellings) {
      if (spelling.first == c && (spelling.second == 0 || spelling.second == next)) {
        return lex_operator(spaced, spelling.kind, spelling.second == 0 ? 1 : 2);
      }
    }
    // `.(` opens MATLAB's dynamic field name `s.(name)`.
    if (c == '.' && (is_letter(next) || next == '('))
      return lex_operator(spaced, TokenKind::Dot, 1);
    // Any other `.` falls into the number rule and is malformed (§1.7).
    if (c == '.') return lex_number(spaced);
    fail(line_, column_, fmt::format(messages::unexpected_character, quote_character(c)));
  }

  void lex_operator(bool spaced, TokenKind kind, int length) {
    Token token = make(kind);
    for (int k = 0; k < length; ++k) advance();
    push(std::move(token), spaced);
  }

  // §1.4: the longest run of digits, dots and underscores, then an optional exponent.
  void lex_number(bool spaced) {
    Token token = make(TokenKind::Number);
    std::string text;
    auto take_run = [&](bool dots) {
      while (!at_end()) {
        const char32_t c = peek();
        if (!(is_digit(c) || c == '_' || (dots && c == '.'))) break;
        advance();
        if (c != '_') text += static_cast<char>(c);
      }
    };
    take_run(true);
    if (peek() == 'e' || peek() == 'E') {
      text += static_cast<char>(advance());
      if (peek() == '+' || peek() == '-') text += static_cast<char>(advance());
      take_run(false);
    }
    // §1.4: the correctly rounded double; beyond the double range a literal is still a number,
    // as rlab reads it (`1e400` is inf and `1e-400` is 0), which parse_double gives too.
    const std::optional<double> value = parse_double(text);
    if (!is_decimal_float(text) || !value) {
      fail(token.line, token.column, fmt::format(messages::invalid_number, text));
    }
    token.number = *value;
    token.text = std::move(text);
    if (dialect_ == Dialect::Matlab) take_imaginary_suffix(token);
    push(std::move(token), spaced);
  }

  // MATLAB's imaginary literal: the number directly followed by i, j, I or J that ends the
  // word (`3i`, `1e-3J`); `3ix` stays the number 3 followed by the name `ix`, a parse error
  // there as in MATLAB.
  void take_imaginary_suffix(Token& token) {
    const char32_t c = peek();
    if (c != 'i' && c != 'j' && c != 'I' && c != 'J') return;
    const char32_t after = peek(1);
    if (is_letter(after) || is_digit(after)) return;
    token.text += static_cast<char>(advance());
    token.imaginary = true;
  }

  void lex_word(bool spaced) {
    Token token = make(TokenKind::Identifier);
    const std::size_t start = offset_;
    while (!at_end() && (is_letter(peek()) || is_digit(peek()))) advance();
    token.text = text_.substr(start, offset_ - start);
    if (const TokenKind* kind = reserved_kind(token.text)) token.kind = *kind;
    push(std::move(token), spaced);
  }

  // §1.5: verbatim up to the closing quote on the same line; a doubled quote is one quote.
  void lex_string(bool spaced, QuoteKind quote) {
    Token token = make(TokenKind::String);
    token.quote = quote;
    const char32_t delimiter = quote == QuoteKind::Double ? '"' : '\'';
    advance();
    std::size_t start = offset_;
    while (true) {
      if (at_end() || peek() == '\n')
        fail(token.line, token.column, std::string(messages::unterminated_string));
      if (peek() == delimiter) {
        token.text.append(text_, start, offset_ - start);
        advance();
        if (peek() != delimiter) break;
        token.text += static_cast<char>(delimiter);
        advance();
        start = offset_;
        continue;
      }
      advance();
    }
    push(std::move(token), spaced);
  }

  std::shared_ptr<const SourceFile> file_;
  const std::string& text_;
  Dialect dialect_;
  std::size_t offset_ = 0;
  int line_ = 1;
  int column_ = 1;
  int bracket_depth_ = 0;
  int brace_depth_ = 0;
  int paren_depth_ = 0;
  std::vector<char> openers_;  // the open ( [ { in order, innermost last; '@' for @(
  // The index in tokens_ of the `)` that closed the last anonymous function's parameters.
  std::size_t lambda_parameters_end_ = static_cast<std::size_t>(-1);
  bool command_line_ = false;  // the statement is a command: `..` and `~` start path words
  std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> tokenize(const std::shared_ptr<const SourceFile>& file, Dialect dialect) {
  return Lexer(file, dialect).run();
}

std::string_view token_kind_name(TokenKind kind) {
  static constexpr std::string_view kNames[] = {
#define LLMLAB_LITERAL(name) #name,
#define LLMLAB_KEYWORD(name, word) #name,
#define LLMLAB_OPERATOR(name, text) #name,
      LLMLAB_TOKENS(LLMLAB_LITERAL, LLMLAB_KEYWORD, LLMLAB_OPERATOR)
#undef LLMLAB_LITERAL
#undef LLMLAB_KEYWORD
#undef LLMLAB_OPERATOR
  };
  const auto index = static_cast<std::size_t>(kind);
  return index < std::size(kNames) ? kNames[index] : "?";
}

namespace {

// Keyword tokens keep the text they were written with (`endif` is an `end`).
bool is_keyword(TokenKind kind) {
  return kind >= TokenKind::KwFunction && kind <= TokenKind::KwClose;
}

}  // namespace

std::string_view token_kind_spelling(TokenKind kind) {
  static constexpr std::string_view kSpellings[] = {
#define LLMLAB_LITERAL(name) "",
#define LLMLAB_KEYWORD(name, word) word,
#define LLMLAB_OPERATOR(name, text) text,
      LLMLAB_TOKENS(LLMLAB_LITERAL, LLMLAB_KEYWORD, LLMLAB_OPERATOR)
#undef LLMLAB_LITERAL
#undef LLMLAB_KEYWORD
#undef LLMLAB_OPERATOR
  };
  const auto index = static_cast<std::size_t>(kind);
  return index < std::size(kSpellings) ? kSpellings[index] : "";
}

std::string_view token_spelling(const Token& token) {
  const std::string_view spelled =
      is_keyword(token.kind) ? std::string_view() : token_kind_spelling(token.kind);
  return spelled.empty() ? std::string_view(token.text) : spelled;
}

std::string describe_token(const Token& token) {
  switch (token.kind) {
    case TokenKind::Number:
      return "number " + token.text;
    case TokenKind::String:
      return token.quote == QuoteKind::Double ? "string \"" + token.text + "\""
                                              : "string '" + token.text + "'";
    case TokenKind::Identifier:
      return "identifier '" + token.text + "'";
    case TokenKind::Newline:
      return "newline";
    case TokenKind::Eof:
      return "end of input";
    default:
      break;
  }
  if (is_keyword(token.kind)) return "'" + token.text + "'";
  return "'" + std::string(token_kind_spelling(token.kind)) + "'";
}

std::vector<std::string_view> keyword_names() {
  std::vector<std::string_view> names;
  for (const auto& keyword : kKeywords) names.push_back(keyword.word);
  // Recognised by the parser from identifiers (parser.cpp), not reserved by the lexer.
  for (const std::string_view word : {"try", "catch", "break", "continue", "import", "cache"}) {
    names.push_back(word);
  }
  return names;
}

bool is_reserved_word(std::string_view word) { return reserved_kind(word) != nullptr; }

bool is_variable_name(std::string_view name) {
  if (name.empty() || std::isalpha(static_cast<unsigned char>(name.front())) == 0) return false;
  for (const char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_') return false;
  }
  return !is_reserved_word(name);
}

}  // namespace llmlab::lang
