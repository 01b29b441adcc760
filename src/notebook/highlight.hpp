// rlab syntax highlighting for HTML code blocks (notebook.md §3.2 class names).
#pragma once

#include <string>
#include <string_view>

namespace llmlab::notebook {

// HTML-escaped source with <span class="syn-…"> around keywords, called names, numbers,
// strings, comments and operators.
std::string highlight_rlab(std::string_view source);

}  // namespace llmlab::notebook
