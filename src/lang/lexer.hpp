// The rlab lexer (language.md §1): source text to a flat token list ending in Eof, with the
// apostrophe rule (§1.5) and whitespace-as-comma inside brackets (§1.8) decided here.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/source.hpp"
#include "lang/dialect.hpp"
#include "lang/token.hpp"

namespace llmlab::lang {

// Thrown when the input ends inside a block comment: the only construct the lexer reads whole
// across lines, so a front end can ask for more lines (check_completeness).
class UnclosedAtEnd : public Error {
 public:
  using Error::Error;
};

// Throws llmlab::Error (ErrorKind::Syntax) at the first lex error. The matlab dialect also
// reads imaginary literals (`3i`, `2.5e-3j`; language.md §14), which rlab lexes as a number
// followed by a name (§1.4), a quote right after `}` as a transpose (c{k}'), where rlab opens
// a string, and `%{ ... %}` block comments: a line holding only `%{` (or `#{`) opens one, a
// line holding only `%}` (`#}`) closes it, and they nest, as in MATLAB and Octave. rlab reads
// those lines as ordinary comments and the lines between as code (§13.10).
std::vector<Token> tokenize(const std::shared_ptr<const SourceFile>& file,
                            Dialect dialect = Dialect::Rlab);

// Every word the language gives a meaning: the lexer's reserved words (the closing words
// `endfor` ... included) and the parser's soft words (`try`, `catch`, `break`, `continue`,
// `import`, `cache`, which stay usable as names). For completion and highlighting.
std::vector<std::string_view> keyword_names();

// Whether the lexer reserves `word`, so that it can never name a variable (isvarname).
bool is_reserved_word(std::string_view word);

// Whether `name` can name a variable or function (isvarname; a function file's name): an ASCII
// letter, then letters, digits or `_`, and no reserved word.
bool is_variable_name(std::string_view name);

}  // namespace llmlab::lang
