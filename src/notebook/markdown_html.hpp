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

// What becomes of raw HTML in prose: Omit (the default) leaves it out, with every tag and
// `on*=` attribute it could carry, and drops javascript:/vbscript:/file: and non-image data:
// URLs from links and images (cmark-gfm's safe mode); Keep passes it through (`--unsafe-html`),
// GitHub's tag filter still disarming <script>, <iframe>, <style> and the like.
enum class RawHtml { Omit, Keep };

// Converts prose; headings h1–h3 get ids `heading-N` (N counts on from *heading_counter)
// unless the heading ends with an explicit `{#id}`, and are appended to `headings`.
std::string markdown_to_html(std::string_view markdown, int* heading_counter,
                             std::vector<Heading>* headings, RawHtml raw_html = RawHtml::Omit);

}  // namespace llmlab::notebook
