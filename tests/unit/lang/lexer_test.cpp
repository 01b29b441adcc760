// Lexer tests: every token kind, numbers, strings and the apostrophe rule (§1.5), comments and
// continuations, the synthetic commas of §1.8, and each lex error.
#include "lang/lexer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/error.hpp"

namespace llmlab::lang {
namespace {

std::vector<Token> lex(const std::string& text) {
  return tokenize(std::make_shared<SourceFile>("t.rlab", text));
}

// Token kinds joined by spaces, Eof left out: "Identifier Eq Number".
std::string kinds(const std::string& text) {
  std::string out;
  for (const Token& token : lex(text)) {
    if (token.kind == TokenKind::Eof) break;
    if (!out.empty()) out += ' ';
    out += token_kind_name(token.kind);
  }
  return out;
}

// "file:line:column: message" of the lex error `text` raises.
std::string lex_error(const std::string& text) {
  try {
    lex(text);
  } catch (const Error& error) {
    EXPECT_EQ(error.kind(), ErrorKind::Syntax);
    return format_location(*error.where()) + ": " + error.what();
  }
  return "no error";
}

TEST(lexer, operators) {
  EXPECT_EQ(kinds("+= -= *= /= + - * / ^"),
            "PlusEq MinusEq StarEq SlashEq Plus Minus Star Slash Caret");
  EXPECT_EQ(kinds("a.* b./ c.^ d.' e.f"),
            "Identifier DotStar Identifier DotSlash Identifier DotCaret Identifier DotApostrophe "
            "Identifier Dot Identifier");
  EXPECT_EQ(kinds("== != ~= <= >= < > ="), "EqEq BangEq BangEq Le Ge Lt Gt Eq");
  EXPECT_EQ(kinds("&& || ! & | ~"), "AndAnd OrOr Bang Amp Bar Tilde");
  EXPECT_EQ(kinds(": @ ( ) [ ] { } , ;"),
            "Colon At LParen RParen LBracket RBracket LBrace RBrace Comma Semicolon");
}

TEST(lexer, keywords_and_soft_words) {
  EXPECT_EQ(kinds("function end return if elseif else for while switch case otherwise"),
            "Function End Return If Elseif Else For While Switch Case Otherwise");
  EXPECT_EQ(kinds("run format hold grid viewer close"), "Run Format Hold Grid Viewer Close");
  EXPECT_EQ(kinds("break continue try catch cache import"),
            "Identifier Identifier Identifier Identifier Identifier Identifier");
  // Octave's closing words are `end` tokens that keep their text.
  EXPECT_EQ(kinds("endfor endwhile endif endswitch endfunction end_try_catch endx"),
            "End End End End End End Identifier");
  EXPECT_EQ(lex("endwhile")[0].text, "endwhile");
  const auto tokens = lex("Cache _x1 é");
  EXPECT_EQ(tokens[0].text, "Cache");
  EXPECT_EQ(tokens[1].text, "_x1");
  EXPECT_EQ(tokens[2].text, "é");
  EXPECT_EQ(tokens[2].kind, TokenKind::Identifier);
}

TEST(lexer, numbers) {
  auto number = [](const std::string& text) {
    const auto tokens = lex(text);
    EXPECT_EQ(tokens[0].kind, TokenKind::Number) << text;
    EXPECT_EQ(tokens[1].kind, TokenKind::Eof) << text;
    return tokens[0].number;
  };
  EXPECT_EQ(number("3"), 3.0);
  EXPECT_EQ(number("3."), 3.0);
  EXPECT_EQ(number(".5"), 0.5);
  EXPECT_EQ(number("3.25"), 3.25);
  EXPECT_EQ(number("1e-5"), 1e-5);
  EXPECT_EQ(number("1E5"), 1e5);
  EXPECT_EQ(number("2.5e+3"), 2500.0);
  EXPECT_EQ(number("1.e5"), 1e5);
  EXPECT_EQ(number("1_000_000"), 1e6);
  EXPECT_EQ(number("1e1_0"), 1e10);
  EXPECT_EQ(number("0.1"), 0.1);
}

TEST(lexer, number_boundaries) {
  // No imaginary suffix, no hex: a number then an identifier (§1.4).
  EXPECT_EQ(kinds("2j"), "Number Identifier");
  EXPECT_EQ(kinds("0x1F"), "Number Identifier");
  // A trailing dot belongs to the number: `3.*x` is `3.` `*` `x`.
  EXPECT_EQ(kinds("3.*x"), "Number Star Identifier");
  EXPECT_EQ(kinds("2.^v"), "Number Caret Identifier");
  EXPECT_EQ(kinds("-3"), "Minus Number");
}

// The matlab dialect reads a number directly followed by i, j, I or J (and nothing that could
// continue a name) as one imaginary literal; rlab lexes the same text as two tokens (above).
TEST(lexer, matlab_imaginary_literals) {
  auto lex_matlab = [](const std::string& text) {
    return tokenize(std::make_shared<SourceFile>("t.m", text), Dialect::Matlab);
  };
  for (const auto& [text, value] : std::vector<std::pair<std::string, double>>{
           {"3i", 3.0}, {"2j", 2.0}, {"2.5e-3j", 2.5e-3}, {"1I", 1.0}, {"1J", 1.0}, {".5i", 0.5}}) {
    const auto tokens = lex_matlab(text);
    ASSERT_EQ(tokens.size(), 2U) << text;
    EXPECT_EQ(tokens[0].kind, TokenKind::Number) << text;
    EXPECT_TRUE(tokens[0].imaginary) << text;
    EXPECT_EQ(tokens[0].number, value) << text;
    EXPECT_EQ(tokens[0].text, text) << text;
  }
  // A suffix that runs on into a name is no suffix: the number, then the name.
  for (const std::string text : {"3ix", "2j1", "2j_"}) {
    const auto tokens = lex_matlab(text);
    EXPECT_FALSE(tokens[0].imaginary) << text;
    EXPECT_EQ(tokens[1].kind, TokenKind::Identifier) << text;
  }
  // Inside brackets an imaginary literal ends an element like any number.
  const auto row = lex_matlab("[1 2i']");
  EXPECT_TRUE(row[3].imaginary);
  EXPECT_EQ(row[4].kind, TokenKind::Apostrophe);
  EXPECT_FALSE(lex("2j")[0].imaginary);
}

TEST(lexer, invalid_numbers) {
  EXPECT_EQ(lex_error("x = 1..2"), "t.rlab:1:5: lex error: invalid number: 1..2");
  EXPECT_EQ(lex_error("1.2.3"), "t.rlab:1:1: lex error: invalid number: 1.2.3");
  EXPECT_EQ(lex_error("1e"), "t.rlab:1:1: lex error: invalid number: 1e");
  EXPECT_EQ(lex_error("x = 1..."), "t.rlab:1:5: lex error: invalid number: 1...");
  EXPECT_EQ(lex_error("a. b"), "t.rlab:1:2: lex error: invalid number: .");
}

TEST(lexer, strings) {
  auto tokens = lex("\"a\\nb\" 'x' 'it''s' \"say \"\"hi\"\"\"");
  EXPECT_EQ(tokens[0].text, "a\\nb");  // no escapes
  EXPECT_EQ(tokens[0].quote, QuoteKind::Double);
  EXPECT_EQ(tokens[1].text, "x");
  EXPECT_EQ(tokens[1].quote, QuoteKind::Single);
  EXPECT_EQ(tokens[2].text, "it's");
  EXPECT_EQ(tokens[3].text, "say \"hi\"");
  EXPECT_EQ(lex("''")[0].text, "");
}

TEST(lexer, unterminated_strings) {
  EXPECT_EQ(lex_error("x = \"abc"), "t.rlab:1:5: lex error: unterminated string literal");
  EXPECT_EQ(lex_error("y = 1\nx = 'ab\n'"), "t.rlab:2:5: lex error: unterminated string literal");
}

TEST(lexer, apostrophe_rule) {
  // Transpose after an identifier, number, ), ], ' and .' — even with spaces between.
  EXPECT_EQ(kinds("a'"), "Identifier Apostrophe");
  EXPECT_EQ(kinds("a '"), "Identifier Apostrophe");
  EXPECT_EQ(kinds("3'"), "Number Apostrophe");
  EXPECT_EQ(kinds("f(x)'"), "Identifier LParen Identifier RParen Apostrophe");
  EXPECT_EQ(kinds("[1 2]'"), "LBracket Number Comma Number RBracket Apostrophe");
  EXPECT_EQ(kinds("a''"), "Identifier Apostrophe Apostrophe");
  EXPECT_EQ(kinds("a.''"), "Identifier DotApostrophe Apostrophe");
  // A string everywhere else.
  EXPECT_EQ(kinds("'s'"), "String");
  EXPECT_EQ(kinds("x = 's'"), "Identifier Eq String");
  EXPECT_EQ(kinds("f('s')"), "Identifier LParen String RParen");
  EXPECT_EQ(kinds("{'a'}"), "LBrace String RBrace");
  EXPECT_EQ(kinds("if 'a'"), "If String");
  EXPECT_EQ(kinds("{'a'}'b'"), "LBrace String RBrace String");
}

// matlab code reads a quote right after `}` as a transpose (c{k}'), where rlab opens a string,
// and a space inside parentheses nested in brackets as no separator.
TEST(lexer, matlab_brace_transpose) {
  const auto matlab_kinds = [](const std::string& text) {
    std::string out;
    for (const Token& token :
         tokenize(std::make_shared<SourceFile>("t.m", text), Dialect::Matlab)) {
      if (token.kind == TokenKind::Eof) break;
      if (!out.empty()) out += ' ';
      out += token_kind_name(token.kind);
    }
    return out;
  };
  EXPECT_EQ(matlab_kinds("c{1}'"), "Identifier LBrace Number RBrace Apostrophe");
  // Inside parentheses nested in brackets a space separates nothing in matlab code.
  EXPECT_EQ(matlab_kinds("[(f (1))]"),
            "LBracket LParen Identifier LParen Number RParen RParen RBracket");
  EXPECT_EQ(kinds("[(f (1))]"),
            "LBracket LParen Identifier Comma LParen Number RParen RParen RBracket");
  EXPECT_EQ(matlab_kinds("{'a'} 'b'"), "LBrace String RBrace String");
  EXPECT_EQ(kinds("{'a'}'b'"), "LBrace String RBrace String");
}

TEST(lexer, comments_and_newlines) {
  EXPECT_EQ(kinds("x % comment\ny # other"), "Identifier Newline Identifier");
  // Blank and comment-only lines collapse into one Newline.
  EXPECT_EQ(kinds("x\n\n% c\n\ny"), "Identifier Newline Identifier");
  // `%{` is just a line comment: the next line is code.
  EXPECT_EQ(kinds("%{\nx\n%}"), "Newline Identifier Newline");
  EXPECT_EQ(kinds("a\r\nb"), "Identifier Newline Identifier");
  EXPECT_EQ(kinds("'%not a comment'"), "String");
}

TEST(lexer, line_continuation) {
  EXPECT_EQ(kinds("x = 1 + ...\n  2"), "Identifier Eq Number Plus Number");
  EXPECT_EQ(kinds("x = 1 + ... comment here\n  2"), "Identifier Eq Number Plus Number");
  const auto tokens = lex("a ...\n b");
  EXPECT_EQ(tokens[1].line, 2);
  EXPECT_EQ(tokens[1].column, 2);
}

TEST(lexer, positions) {
  const auto tokens = lex("x = 1\n  yy(2)");
  EXPECT_EQ(tokens[0].line, 1);
  EXPECT_EQ(tokens[0].column, 1);
  EXPECT_EQ(tokens[2].column, 5);
  EXPECT_EQ(tokens[4].line, 2);
  EXPECT_EQ(tokens[4].column, 3);
  // Columns count code points, not bytes.
  const auto unicode = lex("\"é\" x");
  EXPECT_EQ(unicode[1].column, 5);
}

TEST(lexer, unexpected_characters) {
  EXPECT_EQ(lex_error("x = $"), "t.rlab:1:5: lex error: unexpected character: '$'");
  // A backslash outside strings is left division now (language.md §13.12).
  EXPECT_EQ(lex_error("a \\ b"), "no error");
  EXPECT_EQ(lex_error("a ` b"), "t.rlab:1:3: lex error: unexpected character: '`'");
  EXPECT_EQ(lex_error("?"), "t.rlab:1:1: lex error: unexpected character: '?'");
  EXPECT_EQ(lex_error("\f"), "t.rlab:1:1: lex error: unexpected character: '\\u{c}'");
  EXPECT_EQ(lex_error("x×y"), "t.rlab:1:2: lex error: unexpected character: '×'");
  // Invalid UTF-8 decodes to U+FFFD, itself unexpected.
  EXPECT_EQ(lex_error("\xff"), "t.rlab:1:1: lex error: unexpected character: '\xEF\xBF\xBD'");
}

// §1.8: whitespace between bracket elements is a comma.
std::string bracket(const std::string& text) {
  std::string out;
  for (const Token& token : lex(text)) {
    if (token.kind == TokenKind::Eof) break;
    switch (token.kind) {
      case TokenKind::Comma:
        out += token.synthetic ? "," : "C";
        break;
      case TokenKind::Number:
        out += token.text;
        break;
      case TokenKind::Identifier:
        out += token.text;
        break;
      case TokenKind::KwEnd:
        out += "end";
        break;
      case TokenKind::String:
        out += "s";
        break;
      case TokenKind::Minus:
        out += "-";
        break;
      case TokenKind::Plus:
        out += "+";
        break;
      case TokenKind::Bang:
        out += "!";
        break;
      case TokenKind::Tilde:
        out += "~";
        break;
      case TokenKind::BangEq:
        out += "~=";
        break;
      case TokenKind::Apostrophe:
        out += "'";
        break;
      case TokenKind::DotApostrophe:
        out += ".'";
        break;
      case TokenKind::LParen:
        out += "(";
        break;
      case TokenKind::RParen:
        out += ")";
        break;
      case TokenKind::LBracket:
        out += "[";
        break;
      case TokenKind::RBracket:
        out += "]";
        break;
      case TokenKind::LBrace:
        out += "{";
        break;
      case TokenKind::RBrace:
        out += "}";
        break;
      case TokenKind::Semicolon:
        out += ";";
        break;
      case TokenKind::Newline:
        out += "N";
        break;
      case TokenKind::Eq:
        out += "=";
        break;
      case TokenKind::PlusEq:
        out += "+=";
        break;
      default:
        out += "?";
        break;
    }
  }
  return out;
}

TEST(lexer, whitespace_column_separator) {
  EXPECT_EQ(bracket("[1 2 3]"), "[1,2,3]");
  EXPECT_EQ(bracket("[1 -2]"), "[1,-2]");
  EXPECT_EQ(bracket("[1 - 2]"), "[1-2]");
  EXPECT_EQ(bracket("[1 +2]"), "[1,+2]");
  EXPECT_EQ(bracket("[1 -= 2]"), "[1?2]");
  EXPECT_EQ(bracket("[a' b']"), "[a',b']");
  EXPECT_EQ(bracket("[a.' b]"), "[a.',b]");
  EXPECT_EQ(bracket("[x (1)]"), "[x,(1)]");
  EXPECT_EQ(bracket("[f(a -1)]"), "[f(a,-1)]");
  EXPECT_EQ(bracket("[1 .5]"), "[1,.5]");
  EXPECT_EQ(bracket("[[1] [2]]"), "[[1],[2]]");
  EXPECT_EQ(bracket("[v(end) 1]"), "[v(end),1]");
  EXPECT_EQ(bracket("{'a' \"b\"}"), "{s,s}");
  EXPECT_EQ(bracket("{\"a\" {\"b\"}}"), "{s,{s}}");
  // llmlab (MATLAB): in brackets a quote after whitespace opens a string when its line closes
  // it; with no closing quote, or without the whitespace, it is a transpose as in rustlab.
  EXPECT_EQ(bracket("[a 'b']"), "[a,s]");
  EXPECT_EQ(bracket("['x' f(1) 'y']"), "[s,f(1),s]");
  EXPECT_EQ(bracket("[a ']"), "[a']");
  EXPECT_EQ(bracket("[a' b']"), "[a',b']");
  EXPECT_EQ(bracket("a '"), "a'");
  // llmlab: ! and ~ start an element unless they begin != or ~=.
  EXPECT_EQ(bracket("[a ~b]"), "[a,~b]");
  EXPECT_EQ(bracket("[a !b]"), "[a,!b]");
  EXPECT_EQ(bracket("[a ~= b]"), "[a~=b]");
  // Leading and trailing spaces, newlines and separators insert nothing.
  EXPECT_EQ(bracket("[ 1 , 2 ; 3 ]"), "[1C2;3]");
  EXPECT_EQ(bracket("[1 2\n3 4]"), "[1,2N3,4]");
  EXPECT_EQ(bracket("[1 ...\n 2]"), "[1,2]");
  // Outside brackets nothing is inserted, and parentheses do not count as brackets.
  EXPECT_EQ(bracket("f(1 2)"), "f(12)");
  EXPECT_EQ(bracket("x = a -1"), "x=a-1");
}

}  // namespace
}  // namespace llmlab::lang
