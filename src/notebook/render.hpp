// Renderers: an executed notebook → the text of a GitHub markdown page or a self-contained
// HTML page, plus the extra files (figure SVGs) the page refers to. No I/O here; output.cpp
// writes files atomically.
#pragma once

#include <string>
#include <vector>

#include "notebook/executed.hpp"
#include "notebook/markdown_html.hpp"

namespace llmlab::notebook {

struct OutputFile {
  std::string relative_path;  // relative to the page's directory
  std::string content;
};

struct RenderedPage {
  std::string text;
  std::vector<OutputFile> files;
};

enum class Theme { Dark, Light };

struct MarkdownOptions {
  std::string stem;       // output file name without extension: figures go to plots/<stem>/
  bool in_place = false;  // rendering onto the source: no generated-header line
};

struct HtmlNavigation {  // directory renders: links to the index and the neighbours
  bool enabled = false;
  std::string index_href = "index.html";
  std::string previous_href, previous_title, next_href, next_title;
};

struct HtmlOptions {
  Theme theme = Theme::Dark;
  // Raw HTML in prose, and links to javascript:, vbscript:, data: and file: URLs, are left out
  // unless the author opts in (`--unsafe-html`), as GitHub's renderer leaves them out.
  RawHtml raw_html = RawHtml::Omit;
  std::string assets_href = "assets";  // where katex/ lives, relative to the page
  HtmlNavigation navigation;
};

RenderedPage render_markdown(const ExecutedNotebook& notebook, const MarkdownOptions& options);
RenderedPage render_html(const ExecutedNotebook& notebook, const HtmlOptions& options);

// Lists an index page for a directory render.
std::string render_html_index(const std::string& title, const std::string& introduction_html,
                              const std::vector<std::pair<std::string, std::string>>& entries,
                              const HtmlOptions& options);

// FNV-1a, 32 bits, as 8 lower-case hex digits (content-derived figure names).
std::string fnv1a_hex(std::string_view bytes);

}  // namespace llmlab::notebook
