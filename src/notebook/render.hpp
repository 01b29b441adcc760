// Renderers: an executed notebook → the text of a GitHub markdown page or a self-contained
// HTML page, plus the extra files (figure SVGs) the page refers to. No I/O here; output.cpp
// writes files atomically.
#pragma once

#include <optional>
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
  std::string page_name;               // the notebook's file name, which the runnable page names
  HtmlNavigation navigation;
};

RenderedPage render_markdown(const ExecutedNotebook& notebook, const MarkdownOptions& options);
RenderedPage render_html(const ExecutedNotebook& notebook, const HtmlOptions& options);

// One lesson on a directory render's index page.
struct IndexEntry {
  std::string href;
  std::string title;
  std::string summary_html;      // the page's opening paragraph; empty: none
  std::optional<Figure> figure;  // the page's first figure
};

// The opening paragraph of a page's prose (after its title heading) and its first figure,
// for the index.
IndexEntry index_entry(const ExecutedNotebook& notebook, const HtmlOptions& options);

// An index page for a directory render: each lesson's title, summary and first figure.
std::string render_html_index(const std::string& title, const std::string& introduction_html,
                              const std::vector<IndexEntry>& entries, const HtmlOptions& options);

// FNV-1a, 32 bits, as 8 lower-case hex digits (content-derived figure names).
std::string fnv1a_hex(std::string_view bytes);

}  // namespace llmlab::notebook
