// The two languages llmlab reads (language.md §14): rlab, and MATLAB's language. A property of
// the code that the parser and the affected builtins read, not a second interpreter.
#pragma once

#include <optional>
#include <string_view>

namespace llmlab::lang {

enum class Dialect { Rlab, Matlab };

// "rlab" or "matlab".
std::string_view dialect_name(Dialect dialect);
// The dialect a name selects ("rlab", "matlab"), nullopt for any other name.
std::optional<Dialect> dialect_named(std::string_view name);
// The dialect of a script file: a `.m` file is matlab; `.rlab` and every other file are rlab.
Dialect dialect_of_path(std::string_view path);

}  // namespace llmlab::lang
