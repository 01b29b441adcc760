// Prose markdown → HTML through cmark-gfm, with math spans protected from the markdown
// parser and re-emitted as \(…\) / \[…\] for KaTeX (notebook.md §1.6, §3.2).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace llmlab::notebook {

struct Heading {
  int level = 1;
  std::string id;
  std::string text;  // plain text, for the sidebar
};

// Converts prose; headings h1–h3 get ids `heading-N` (N counts on from *heading_counter)
// unless the heading ends with an explicit `{#id}`, and are appended to `headings`.
std::string markdown_to_html(std::string_view markdown, int* heading_counter,
                             std::vector<Heading>* headings);

}  // namespace llmlab::notebook
