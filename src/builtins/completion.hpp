// What a front end (the REPL, the Jupyter kernel) asks about code being typed: completions at the
// cursor, the description of the name under the cursor, and whether the text is ready to run.
// Positions are counted in Unicode code points, as the Jupyter protocol counts them; nothing here
// knows Jupyter.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lang/dialect.hpp"
#include "runtime/interpreter.hpp"

namespace llmlab::builtins {

struct Completions {
  std::vector<std::string> matches;  // sorted, no duplicates
  int start = 0;                     // code points: the span the chosen match replaces
  int end = 0;
};

// Names that complete the word ending at `cursor`: after `s.` (or `s.a.`), the fields of
// that struct; inside a string literal, or in a word after `cd`, `ls`, `dir`, `load`, `run` or
// `import` in command syntax, the files and folders of the directory written so far (relative
// to the session's base directory, else the working directory; folders end in `/`); otherwise
// variables, user functions, builtins and keywords.
Completions complete(const runtime::Interpreter& interpreter, std::string_view code, int cursor);

// The text for the name at (or just before) `cursor`: a variable's kind, size and value, a
// builtin's help, or a note for a user function. Nothing for other text.
std::optional<std::string> describe(runtime::Interpreter& interpreter, std::string_view code,
                                    int cursor);

enum class Readiness { Complete, Incomplete, Invalid };
// Whether `code`, read in `dialect` (the front end's: `%{` comments are matlab's), can run now,
// needs more lines, or is a syntax error.
Readiness readiness(std::string_view code, lang::Dialect dialect);

// Byte offset of code point `index` in `text` (clamped to the text).
std::size_t byte_offset(std::string_view text, int index);

}  // namespace llmlab::builtins
