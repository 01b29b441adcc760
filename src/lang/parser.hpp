// The rlab parser: recursive descent over the lexer's tokens (language.md §2, §3, §13).
// Stops at the first error: llmlab::Error with ErrorKind::Syntax and the offending token's
// location.
#pragma once

#include <memory>

#include "base/source.hpp"
#include "lang/ast.hpp"
#include "lang/dialect.hpp"

namespace llmlab::lang {

// Lexes and parses a whole file, read in `dialect` (language.md §14). Throws llmlab::Error
// (ErrorKind::Syntax) on the first lex or parse error.
Program parse_program(std::shared_ptr<const SourceFile> file, Dialect dialect = Dialect::Rlab);

enum class Completeness { Complete, Incomplete };

// For the REPL: Incomplete when `file` fails only because input ended inside an open block
// (`for`, `if`, `function`, `while`, `switch`, `try`), bracket or line continuation, so more
// lines should be read; Complete otherwise (parse it, and report any other error).
Completeness check_completeness(std::shared_ptr<const SourceFile> file,
                                Dialect dialect = Dialect::Rlab);

}  // namespace llmlab::lang
