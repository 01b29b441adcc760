// Self-contained HTML page (notebook.md §3.2): sidebar of headings, prose through cmark-gfm
// with KaTeX for math (vendored next to the page), highlighted code, escaped outputs,
// inline SVG figures, dark and light themes.
#include <fmt/format.h>

#include "base/text_escape.hpp"
#include "notebook/highlight.hpp"
#include "notebook/links.hpp"
#include "notebook/markdown_html.hpp"
#include "notebook/render.hpp"

namespace llmlab::notebook {

namespace {

struct Palette {
  std::string_view page, text, code, output, error, accent, muted;
};

constexpr Palette kDark{"#1e1e2e", "#cdd6f4", "#11111b", "#181825",
                        "#f38ba8", "#cba6f7", "#6c7086"};
constexpr Palette kLight{"#eff1f5", "#4c4f69", "#dce0e8", "#e6e9ef",
                         "#d20f39", "#8839ef", "#8c8fa1"};

std::string stylesheet(const Palette& p) {
  return fmt::format(R"css(
:root {{ --page: {0}; --text: {1}; --code: {2}; --output: {3}; --error: {4}; --accent: {5}; --muted: {6}; }}
* {{ box-sizing: border-box; }}
body {{ margin: 0; background: var(--page); color: var(--text);
  font: 16px/1.6 "DejaVu Sans", system-ui, sans-serif; }}
nav.sidebar {{ position: fixed; top: 0; left: 0; bottom: 0; width: 260px; overflow-y: auto;
  padding: 1.5rem 1rem; border-right: 1px solid var(--code); font-size: 14px; }}
nav.sidebar .title {{ font-weight: bold; margin-bottom: 1rem; color: var(--accent); }}
nav.sidebar a {{ display: block; color: var(--text); text-decoration: none; padding: 2px 0; }}
nav.sidebar a.level-2 {{ padding-left: 1rem; }} nav.sidebar a.level-3 {{ padding-left: 2rem; }}
nav.sidebar a:hover {{ color: var(--accent); }}
main {{ max-width: 960px; margin: 0 auto; padding: 2rem 1.5rem 4rem; }}
body.with-sidebar main {{ margin-left: 280px; }}
@media (max-width: 1100px) {{ nav.sidebar {{ display: none; }} body.with-sidebar main {{ margin: 0 auto; }} }}
.topbar {{ position: sticky; top: 0; background: var(--page); padding: .5rem 1.5rem;
  border-bottom: 1px solid var(--code); font-size: 14px; z-index: 1; }}
a {{ color: var(--accent); }}
pre {{ padding: .8rem 1rem; border-radius: 6px; overflow-x: auto; font: 14px/1.45 "DejaVu Sans Mono", monospace; }}
pre.source {{ background: var(--code); }}
pre.output {{ background: var(--output); border-left: 3px solid var(--accent); }}
pre.error {{ background: var(--output); color: var(--error); border-left: 3px solid var(--error); }}
code {{ font-family: "DejaVu Sans Mono", monospace; }}
.prose code {{ background: var(--code); padding: 1px 4px; border-radius: 4px; }}
.prose pre code {{ background: none; padding: 0; }}
.prose pre {{ background: var(--code); }}
.plot-container svg, .image-grid svg {{ max-width: 100%; height: auto; display: block; margin: .5rem auto; }}
.image-grid {{ display: grid; gap: .5rem; }}
.callout {{ border-left: 4px solid var(--accent); background: var(--output); padding: .5rem 1rem; margin: 1rem 0; border-radius: 4px; }}
.callout-title {{ font-weight: bold; }}
.callout-warning, .callout-caution {{ border-left-color: var(--error); }}
.exercise {{ border: 1px solid var(--code); padding: .5rem 1rem; border-radius: 6px; margin: 1rem 0; }}
.exercise-title {{ font-weight: bold; color: var(--accent); }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid var(--code); padding: 4px 8px; }}
footer {{ color: var(--muted); font-size: 13px; margin-top: 3rem; }}
.syn-kw {{ color: var(--accent); font-weight: bold; }} .syn-fn {{ color: #89b4fa; }}
.syn-num {{ color: #fab387; }} .syn-str {{ color: #a6e3a1; }} .syn-com {{ color: var(--muted); font-style: italic; }}
.syn-op {{ color: #94e2d5; }}
)css",
                     p.page, p.text, p.code, p.output, p.error, p.accent, p.muted);
}

std::string katex_head(const std::string& assets) {
  // Only \(…\) and \[…\] are math: a stray $ in prose never is (§3.2). If the assets are
  // missing the page still reads, with the TeX source visible.
  return fmt::format(
      R"(<link rel="stylesheet" href="{0}/katex/katex.min.css">
<script defer src="{0}/katex/katex.min.js"></script>
<script defer src="{0}/katex/contrib/auto-render.min.js"
  onload="renderMathInElement(document.body, {{delimiters: [{{left: '\\(', right: '\\)', display: false}}, {{left: '\\[', right: '\\]', display: true}}], ignoredClasses: ['source', 'output', 'error'], throwOnError: false}});"></script>
)",
      assets);
}

std::string page_head(const std::string& title, const HtmlOptions& options) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{}</title>\n<style>{}</style>\n{}</head>\n",
      xml_escape(title), stylesheet(options.theme == Theme::Dark ? kDark : kLight),
      katex_head(options.assets_href));
}

std::string figures_html(const ExecutedBlock& block) {
  if (block.figures.empty()) return {};
  std::string out;
  if (block.block.directives.grid) {
    out +=
        fmt::format("<div class=\"image-grid\" style=\"grid-template-columns:repeat({},1fr)\">\n",
                    *block.block.directives.grid);
    for (const Figure& figure : block.figures) out += figure.svg + "\n";
    out += "</div>\n";
  } else {
    for (const Figure& figure : block.figures) {
      out += "<div class=\"plot-container\">\n" + figure.svg + "\n</div>\n";
    }
  }
  if (block.block.directives.caption) {
    out +=
        "<p class=\"caption\"><em>" + xml_escape(*block.block.directives.caption) + "</em></p>\n";
  }
  return out;
}

std::string code_block_html(const ExecutedBlock& block) {
  const CodeDirectives& directives = block.block.directives;
  std::string out = "<div class=\"code-block\">\n";
  if (!directives.hide) {
    out += "<pre class=\"source\"><code>" + highlight_rlab(block.text) + "</code></pre>\n";
  }
  std::string results;
  if (!block.output.empty()) {
    results += "<pre class=\"output\">" + xml_escape(block.output) + "</pre>\n";
  }
  if (block.error) {
    results += "<pre class=\"error\">error: " + xml_escape(*block.error) + "</pre>\n";
  }
  results += figures_html(block);
  if (directives.details && !results.empty()) {
    results = "<details class=\"code-details\"><summary>" + xml_escape(*directives.details) +
              "</summary>\n" + results + "</details>\n";
  }
  return out + results + "</div>\n";
}

std::string callout_title(const ExecutedBlock& block) {
  if (!block.block.callout_title.empty()) return block.block.callout_title;
  std::string title = block.block.callout_type;
  for (std::size_t i = 1; i < title.size(); ++i) {
    title[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(title[i])));
  }
  return title;
}

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

RenderedPage render_html(const ExecutedNotebook& notebook, const HtmlOptions& options) {
  std::string body;
  std::vector<Heading> headings;
  int heading_counter = 0;
  bool exercise_open = false;
  bool solution_open = false;
  const auto close_exercise = [&] {
    if (solution_open) body += "</details>\n";
    if (exercise_open) body += "</div>\n";
    solution_open = exercise_open = false;
  };
  for (const ExecutedBlock& block : notebook.blocks) {
    std::string html;
    switch (block.block.kind) {
      case BlockKind::Prose:
        html = "<div class=\"prose\">\n" +
               markdown_to_html(transform_wikilinks(block.text), &heading_counter, &headings,
                                options.raw_html) +
               "</div>\n";
        break;
      case BlockKind::Code:
        html = code_block_html(block);
        break;
      case BlockKind::Mermaid:
        if (block.block.directives.hide) break;
        html = "<figure class=\"mermaid\"><pre>" + xml_escape(block.text) + "</pre>";
        if (block.block.directives.caption) {
          html += "<figcaption>" + xml_escape(*block.block.directives.caption) + "</figcaption>";
        }
        html += "</figure>\n";
        break;
      case BlockKind::Callout:
        html = fmt::format(
            "<div class=\"callout callout-{}\">\n<div class=\"callout-title\">{}</div>\n{}</div>\n",
            lowercase(block.block.callout_type), xml_escape(callout_title(block)),
            markdown_to_html(transform_wikilinks(block.text), &heading_counter, nullptr,
                             options.raw_html));
        break;
      case BlockKind::ExerciseStart:
        close_exercise();
        body += fmt::format(
            "<div class=\"exercise\">\n<div class=\"exercise-title\">Exercise {}</div>\n",
            block.exercise_number);
        exercise_open = true;
        continue;
      case BlockKind::SolutionStart:
        if (solution_open) body += "</details>\n";
        body += "<details class=\"solution\"><summary>Show solution</summary>\n";
        solution_open = true;
        continue;
    }
    if (html.empty()) continue;
    body += fmt::format("<section class=\"rl-block\" id=\"b-{}\">\n{}</section>\n", fnv1a_hex(html),
                        html);
  }
  close_exercise();

  std::string page = page_head(notebook.title, options);
  const HtmlNavigation& nav = options.navigation;
  if (nav.enabled) {
    page += "<body>\n<div class=\"topbar\"><a href=\"" + percent_encode_path(nav.index_href) +
            "\">← Index</a> / " + xml_escape(notebook.title) + "</div>\n";
  } else {
    page += "<body class=\"with-sidebar\">\n<nav class=\"sidebar\">\n<div class=\"title\">" +
            xml_escape(notebook.title) + "</div>\n";
    for (const Heading& heading : headings) {
      page += fmt::format("<a class=\"level-{}\" href=\"#{}\">{}</a>\n", heading.level, heading.id,
                          heading.text);
    }
    page += "</nav>\n";
  }
  page += "<main>\n" + body;
  page += "<footer>";
  if (nav.enabled) {
    if (!nav.previous_href.empty()) {
      page += "<a href=\"" + percent_encode_path(nav.previous_href) + "\">← " +
              xml_escape(nav.previous_title) + "</a> · ";
    }
    page += "<a href=\"" + percent_encode_path(nav.index_href) + "\">Index</a>";
    if (!nav.next_href.empty()) {
      page += " · <a href=\"" + percent_encode_path(nav.next_href) + "\">" +
              xml_escape(nav.next_title) + " →</a>";
    }
    page += "<br>";
  }
  page += "Generated by llmlab</footer>\n</main>\n</body>\n</html>\n";
  return RenderedPage{std::move(page), {}};
}

std::string render_html_index(const std::string& title, const std::string& introduction_html,
                              const std::vector<std::pair<std::string, std::string>>& entries,
                              const HtmlOptions& options) {
  std::string page = page_head(title, options);
  page += "<body>\n<main>\n<h1>" + xml_escape(title) + "</h1>\n" + introduction_html + "<ul>\n";
  for (const auto& [href, name] : entries) {
    page += "<li><a href=\"" + percent_encode_path(href) + "\">" + xml_escape(name) + "</a></li>\n";
  }
  page += "</ul>\n<footer>Generated by llmlab</footer>\n</main>\n</body>\n</html>\n";
  return page;
}

}  // namespace llmlab::notebook
