// The rlab lexer (language.md §1): source text to a flat token list ending in Eof, with the
// apostrophe rule (§1.5) and whitespace-as-comma inside brackets (§1.8) decided here.
#pragma once

#include <memory>
#include <vector>

#include "base/source.hpp"
#include "lang/token.hpp"

namespace llmlab::lang {

// Throws llmlab::Error (ErrorKind::Syntax) at the first lex error.
std::vector<Token> tokenize(const std::shared_ptr<const SourceFile>& file);

}  // namespace llmlab::lang
