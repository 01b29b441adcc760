// MATLAB's backslash escapes in a text given to a builtin (strsplit's and strjoin's
// delimiters), where rlab passes the text as written (§8.8 keeps backslashes in literals).
#pragma once

#include <string>

namespace llmlab::builtins {

// `\n`, `\t`, `\r`, `\f`, `\v`, `\a`, `\b` and `\\` stand for their characters; any other
// backslash stays as written.
std::string with_matlab_escapes(const std::string& text);

}  // namespace llmlab::builtins
