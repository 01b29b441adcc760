// The rlab lexer (language.md §1): source text to a flat token list ending in Eof, with the
// apostrophe rule (§1.5) and whitespace-as-comma inside brackets (§1.8) decided here.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "base/source.hpp"
#include "lang/token.hpp"

namespace llmlab::lang {

// Throws llmlab::Error (ErrorKind::Syntax) at the first lex error.
std::vector<Token> tokenize(const std::shared_ptr<const SourceFile>& file);

// The words a program cannot use as names: the lexer's reserved words and the parser's
// statement words (`try`, `catch`, `break`, `continue`). For completion in front ends.
std::vector<std::string_view> keyword_names();

}  // namespace llmlab::lang
