// Self-contained HTML page (notebook.md §3.2): sidebar of headings, prose through cmark-gfm
// with KaTeX for math (vendored next to the page), highlighted code, escaped outputs,
// inline SVG figures, dark and light themes.
#include <fmt/format.h>

#include <map>
#include <string>

#include "base/text_case.hpp"
#include "base/text_escape.hpp"
#include "notebook/highlight.hpp"
#include "notebook/links.hpp"
#include "notebook/markdown_html.hpp"
#include "notebook/parse.hpp"
#include "notebook/render.hpp"
#include "notebook/runnable_page.hpp"
#include "notebook/sections.hpp"

namespace llmlab::notebook {

namespace {

struct Palette {
  std::string_view page, text, code, output, error, accent, muted;
};

constexpr Palette kDark{"#1e1e2e", "#cdd6f4", "#11111b", "#181825",
                        "#f38ba8", "#cba6f7", "#6c7086"};
constexpr Palette kLight{"#eff1f5", "#4c4f69", "#dce0e8", "#e6e9ef",
                         "#d20f39", "#8839ef", "#8c8fa1"};

// The page's CSS, a format whose fields {0} to {6} are the palette's colours (page, text, code,
// output, error, accent, muted): data rather than steps, so it is a constant, not a function.
constexpr std::string_view kStylesheet = R"css(
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
main {{ max-width: 960px; margin: 0 auto; padding: 2rem 1.5rem 4rem; overflow-wrap: break-word; }}
body.with-sidebar main {{ margin-left: 280px; }}
body.with-topbar nav.sidebar {{ top: 2.4rem; }}
details.toc {{ display: none; margin: 0 0 1rem; font-size: 14px; }}
details.toc a {{ display: block; padding: 2px 0; text-decoration: none; }}
details.toc a.level-2 {{ padding-left: 1rem; }} details.toc a.level-3 {{ padding-left: 2rem; }}
@media (max-width: 1100px) {{ nav.sidebar {{ display: none; }} body.with-sidebar main {{ margin: 0 auto; }}
  details.toc {{ display: block; }} }}
@media (max-width: 600px) {{ main {{ padding: 1rem .75rem 3rem; }} }}
.topbar {{ position: sticky; top: 0; background: var(--page); padding: .5rem 1.5rem;
  border-bottom: 1px solid var(--code); font-size: 14px; z-index: 1;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }}
a {{ color: var(--accent); }}
pre {{ padding: .8rem 1rem; border-radius: 6px; overflow-x: auto; font: 14px/1.45 "DejaVu Sans Mono", monospace; }}
pre.source {{ background: var(--code); }}
pre.output {{ background: var(--output); border-left: 3px solid var(--accent); }}
pre.error {{ background: var(--output); color: var(--error); border-left: 3px solid var(--error); }}
code {{ font-family: "DejaVu Sans Mono", monospace; }}
.prose code {{ background: var(--code); padding: 1px 4px; border-radius: 4px; }}
.prose pre code {{ background: none; padding: 0; }}
.prose pre {{ background: var(--code); }}
.plot-container, .image-grid {{ max-width: 100%; }}
.plot-container svg, .image-grid svg {{ width: 100%; max-width: 100%; height: auto; display: block; margin: .5rem auto; }}
.image-grid {{ display: grid; gap: .5rem; }}
.figure-column svg {{ max-width: 900px; }}
.figure-narrow {{ display: none; }} .figure-narrow svg {{ max-width: 540px; }}
@media (max-width: 947px) {{ .figure-column {{ display: none; }} .figure-narrow {{ display: block; }} }}
@media (max-width: 700px) {{ .image-grid {{ grid-template-columns: 1fr !important; }} }}
.katex-display {{ overflow-x: auto; overflow-y: hidden; padding: .25rem 0; }}
main [id] {{ scroll-margin-top: 1rem; }}
body.with-topbar main [id] {{ scroll-margin-top: 3.5rem; }}
nav.sidebar a.current, details.toc a.current {{ color: var(--accent); font-weight: bold; }}
.prose table {{ display: block; overflow-x: auto; max-width: 100%; }}
figure.mermaid {{ margin: 1rem 0; overflow-x: auto; }}
figure.mermaid pre {{ background: var(--code); }}
figure.mermaid pre[data-processed] {{ background: none; text-align: center; }}
.callout {{ border-left: 4px solid var(--accent); background: var(--output); padding: .5rem 1rem; margin: 1rem 0; border-radius: 4px; }}
.callout-title {{ font-weight: bold; }}
.callout-warning, .callout-caution {{ border-left-color: var(--error); }}
.exercise {{ border: 1px solid var(--code); padding: .5rem 1rem; border-radius: 6px; margin: 1rem 0; }}
.exercise-title {{ font-weight: bold; color: var(--accent); }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid var(--code); padding: 4px 8px; }}
footer {{ color: var(--muted); font-size: 13px; margin-top: 3rem; }}
.lesson-card {{ border: 1px solid var(--code); border-radius: 6px; padding: .25rem 1rem 1rem; margin: 1rem 0; }}
.lesson-card a.plot-container {{ display: block; }}
.syn-kw {{ color: var(--accent); font-weight: bold; }} .syn-fn {{ color: #89b4fa; }}
.syn-num {{ color: #fab387; }} .syn-str {{ color: #a6e3a1; }} .syn-com {{ color: var(--muted); font-style: italic; }}
.syn-op {{ color: #94e2d5; }}
)css";

// The page's CSS with the palette's colours filled in.
std::string stylesheet(const Palette& p) {
  return fmt::format(kStylesheet, p.page, p.text, p.code, p.output, p.error, p.accent, p.muted);
}

// What the page does once loaded: the contents links mark the section being read; display
// math wider than the column shrinks to fit it (down to 60 %, past that it scrolls) rather than
// scrolling at any width; on a narrow screen a left-to-right flowchart is drawn top to bottom,
// so that it fits the column with its labels at a readable size.
constexpr std::string_view kPageScript = R"js(<script>
function llmlabMarkSection() {
  const links = document.querySelectorAll('nav.sidebar a[href^="#"], details.toc a[href^="#"]');
  let current = null;
  for (const link of links) {
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!heading) continue;
    // Reached: scrolled up to where a jump to it puts it (its scroll margin, below the bar).
    const margin = parseFloat(getComputedStyle(heading).scrollMarginTop) || 0;
    if (heading.getBoundingClientRect().top <= margin + 8) current = link.hash;
  }
  for (const link of links) link.classList.toggle('current', link.hash === current);
}
function llmlabFitMath() {
  for (const box of document.querySelectorAll('.katex-display')) {
    const math = box.querySelector('.katex');
    if (!math) continue;
    math.style.fontSize = '';
    if (box.scrollWidth <= box.clientWidth) continue;
    const ratio = Math.max(box.clientWidth / box.scrollWidth * 0.98, 0.6);
    math.style.fontSize = (1.21 * ratio) + 'em';
  }
}
function llmlabNarrowDiagrams() {
  if (window.innerWidth >= 700) return;
  for (const pre of document.querySelectorAll('pre.mermaid')) {
    pre.textContent = pre.textContent.replace(/^(\s*(?:flowchart|graph))\s+(?:LR|RL)\b/, '$1 TB');
  }
}
window.addEventListener('scroll', llmlabMarkSection, {passive: true});
window.addEventListener('hashchange', llmlabMarkSection);
window.addEventListener('resize', llmlabFitMath);
window.addEventListener('DOMContentLoaded', llmlabMarkSection);
</script>
)js";

std::string katex_head(const std::string& assets) {
  // Only \(…\) and \[…\] are math: a stray $ in prose never is (§3.2). If the assets are
  // missing the page still reads, with the TeX source visible.
  return fmt::format(
      R"(<link rel="stylesheet" href="{0}/katex/katex.min.css">
<script defer src="{0}/katex/katex.min.js"></script>
<script defer src="{0}/katex/contrib/auto-render.min.js"
  onload="renderMathInElement(document.body, {{delimiters: [{{left: '\\(', right: '\\)', display: false}}, {{left: '\\[', right: '\\]', display: true}}], ignoredClasses: ['source', 'output', 'error', 'llmlab-editor'], throwOnError: false}}); llmlabFitMath(); llmlabMarkSection();"></script>
)",
      assets);
}

// Mermaid (vendored like KaTeX) turns each <pre class="mermaid"> into a diagram; without
// JavaScript, or without the vendored file, the source stays readable in its code box. Its
// script (megabytes) loads once a diagram comes within a window's height of the view, not
// with the page: a reader who never gets there, and the page's first run of a block, wait for
// none of it (issue #29). Without IntersectionObserver it loads at once.
std::string mermaid_head(const std::string& assets, Theme theme) {
  return fmt::format(
      R"(<script>
function llmlabLoadMermaid() {{
  if (window.llmlabMermaid) return;
  window.llmlabMermaid = document.createElement('script');
  llmlabMermaid.src = '{0}/mermaid/mermaid.min.js';
  llmlabMermaid.onload = () => {{
    mermaid.initialize({{startOnLoad: false, theme: '{1}'}});
    llmlabNarrowDiagrams();
    mermaid.run({{querySelector: 'pre.mermaid'}});
  }};
  document.head.appendChild(llmlabMermaid);
}}
window.addEventListener('DOMContentLoaded', () => {{
  if (!('IntersectionObserver' in window)) return llmlabLoadMermaid();
  const near = new IntersectionObserver((entries) => {{
    if (!entries.some((entry) => entry.isIntersecting)) return;
    near.disconnect();
    llmlabLoadMermaid();
  }}, {{rootMargin: '100% 0px'}});
  document.querySelectorAll('pre.mermaid').forEach((diagram) => near.observe(diagram));
}});
</script>
)",
      assets, theme == Theme::Dark ? "dark" : "default");
}

// A notebook's page (`runnable`) also loads the runtime that runs its blocks in the browser.
std::string page_head(const std::string& title, const HtmlOptions& options, bool runnable,
                      bool has_mermaid = false) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{}</title>\n<style>{}</style>\n{}{}{}{}</head>\n",
      xml_escape(title), stylesheet(options.theme == Theme::Dark ? kDark : kLight), kPageScript,
      runnable ? runnable_head(options.assets_href) : std::string(),
      katex_head(options.assets_href),
      has_mermaid ? mermaid_head(options.assets_href, options.theme) : std::string());
}

// The page's headings as links: the sidebar at wide widths, a folded list at the top of the
// page on narrow screens.
std::string contents_links(const std::vector<Heading>& headings) {
  std::string out;
  for (const Heading& heading : headings) {
    out += fmt::format("<a class=\"level-{}\" href=\"#{}\">{}</a>\n", heading.level, heading.id,
                       heading.text);
  }
  return out;
}

// Each figure's ids carry a hash of the figure (plot::SvgRenderer), so different figures never
// share an id; the same figure drawn twice in one page gets a counter added to its prefix.
std::string unique_ids(const std::string& svg, std::map<std::string, int>& seen) {
  const std::size_t at = svg.find("id=\"f");
  if (at == std::string::npos) return svg;
  const std::size_t start = at + 4;
  const std::size_t dash = svg.find('-', start);
  if (dash == std::string::npos) return svg;
  const std::string prefix = svg.substr(start, dash + 1 - start);
  const int repeat = seen[prefix]++;
  if (repeat == 0) return svg;
  const std::string renamed = fmt::format("{}{}-", prefix, repeat);
  std::string out;
  std::size_t from = 0;
  for (std::size_t hit = svg.find(prefix); hit != std::string::npos; hit = svg.find(prefix, from)) {
    out.append(svg, from, hit - from);
    out += renamed;
    from = hit + prefix.size();
  }
  out.append(svg, from);
  return out;
}

// A figure's layouts for a desktop column and for a phone, the stylesheet showing one of them.
std::string figure_svgs(const Figure& figure, std::map<std::string, int>& seen) {
  const std::string& column = figure.column_svg.empty() ? figure.svg : figure.column_svg;
  if (figure.narrow_svg.empty()) return unique_ids(column, seen) + "\n";
  return "<div class=\"figure-column\">" + unique_ids(column, seen) +
         "</div>\n<div class=\"figure-narrow\">" + unique_ids(figure.narrow_svg, seen) + "</div>\n";
}

std::string figures_html(const ExecutedBlock& block, std::map<std::string, int>& seen) {
  if (block.figures.empty()) return {};
  std::string out;
  if (block.block.directives.grid) {
    out +=
        fmt::format("<div class=\"image-grid\" style=\"grid-template-columns:repeat({},1fr)\">\n",
                    *block.block.directives.grid);
    for (const Figure& figure : block.figures) {
      out += "<div>" + figure_svgs(figure, seen) + "</div>\n";
    }
    out += "</div>\n";
  } else {
    for (const Figure& figure : block.figures) {
      out += "<div class=\"plot-container\">\n" + figure_svgs(figure, seen) + "</div>\n";
    }
  }
  if (block.block.directives.caption) {
    out +=
        "<p class=\"caption\"><em>" + xml_escape(*block.block.directives.caption) + "</em></p>\n";
  }
  return out;
}

// `index`: the block's place among the page's code blocks, which the page runtime reads.
std::string code_block_html(const ExecutedBlock& block, int index,
                            std::map<std::string, int>& seen) {
  const CodeDirectives& directives = block.block.directives;
  std::string out = fmt::format("<div class=\"code-block\" data-llmlab-block=\"{}\">\n", index);
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
  results += figures_html(block, seen);
  if (directives.details && !results.empty()) {
    results = "<details class=\"code-details\"><summary>" + xml_escape(*directives.details) +
              "</summary>\n" + results + "</details>\n";
  }
  return out + results + "</div>\n";
}

std::string callout_title(const ExecutedBlock& block) {
  if (!block.block.callout_title.empty()) return block.block.callout_title;
  // NOTE → Note: the first letter as written, the rest folded.
  std::string title = lowercase(block.block.callout_type);
  if (!title.empty()) title[0] = block.block.callout_type[0];
  return title;
}

std::string mermaid_html(const ExecutedBlock& block) {
  std::string html =
      "<figure class=\"mermaid\"><pre class=\"mermaid\">" + xml_escape(block.text) + "</pre>";
  if (block.block.directives.caption) {
    html += "<figcaption>" + xml_escape(*block.block.directives.caption) + "</figcaption>";
  }
  return html + "</figure>\n";
}

// The page's body, block by block: each block's HTML in a section of its own, and the
// exercise and solution wrappers, which stay open across the blocks they hold.
class BodyWriter {
 public:
  explicit BodyWriter(const HtmlOptions& options) : options_(options) {}

  void add(const ExecutedBlock& block) {
    std::string html;
    switch (block.block.kind) {
      case BlockKind::Prose:
        html = prose_block_html(block.text);
        break;
      case BlockKind::Code:
        html = code_block_html(block, code_blocks_++, figure_ids_);
        break;
      case BlockKind::Mermaid:
        if (block.block.directives.hide) break;
        has_mermaid_ = true;
        html = mermaid_html(block);
        break;
      case BlockKind::Callout:
        html = fmt::format(
            "<div class=\"callout callout-{}\">\n<div class=\"callout-title\">{}</div>\n{}</div>\n",
            lowercase(block.block.callout_type), xml_escape(callout_title(block)),
            marked_html(block.text, nullptr));
        break;
      case BlockKind::ExerciseStart:
        open_exercise(block.exercise_number);
        break;
      case BlockKind::SolutionStart:
        if (solution_open_) body_ += "</details>\n";
        body_ += "<details class=\"solution\"><summary>Show solution</summary>\n";
        solution_open_ = true;
        break;
    }
    if (!html.empty()) add_section(html);
  }

  // The body, with an exercise still open at the end closed.
  std::string finish() {
    close_exercise();
    return std::move(body_);
  }
  const std::vector<Heading>& headings() const { return headings_; }
  bool has_mermaid() const { return has_mermaid_; }

 private:
  void add_section(const std::string& html) {
    body_ += fmt::format("<section class=\"rl-block\" id=\"b-{}\">\n{}</section>\n",
                         fnv1a_hex(html), html);
  }

  void open_exercise(int number) {
    close_exercise();
    body_ += fmt::format(
        "<div class=\"exercise\">\n<div class=\"exercise-title\">Exercise {}</div>\n", number);
    exercise_open_ = true;
    exercise_level_ = section_level_;
  }

  void close_exercise() {
    if (solution_open_) body_ += "</details>\n";
    if (exercise_open_) body_ += "</div>\n";
    solution_open_ = exercise_open_ = false;
  }

  // An open exercise ends at the next heading of its section's level or higher, which may
  // fall inside this block of prose: the part before it stays in the exercise.
  std::string prose_block_html(const std::string& text) {
    if (exercise_open_) {
      auto [inside, after] = split_at_heading(text, exercise_level_);
      if (!after.empty()) {
        if (!inside.empty()) add_section(prose_html(inside));
        close_exercise();
        return prose_html(after);
      }
    }
    return prose_html(text);
  }

  std::string prose_html(const std::string& text) {
    section_level_ = last_heading_level(text, section_level_);
    return "<div class=\"prose\">\n" + marked_html(text, &headings_) + "</div>\n";
  }

  // Markdown as HTML with the page's prose values as elements; found collects the headings.
  std::string marked_html(const std::string& text, std::vector<Heading>* found) {
    const std::size_t known = found ? found->size() : 0;
    std::string html =
        markdown_to_html(transform_wikilinks(text), &heading_counter_, found, options_.raw_html);
    for (std::size_t i = known; found && i < found->size(); ++i) {
      (*found)[i].text = without_value_marks((*found)[i].text);
    }
    return value_elements(html, next_value_);
  }

  const HtmlOptions& options_;
  std::string body_;
  std::vector<Heading> headings_;
  int heading_counter_ = 0;
  bool exercise_open_ = false;
  bool solution_open_ = false;
  std::map<std::string, int> figure_ids_;
  bool has_mermaid_ = false;
  int code_blocks_ = 0;
  int section_level_ = 0;   // of the last heading so far
  int exercise_level_ = 0;  // of the section the open exercise started in
  int next_value_ = 0;      // the page's prose values, numbered in order (runnable_page.hpp)
};

std::string page_link(const std::string& href, const std::string& text) {
  return "<a href=\"" + percent_encode_path(href) + "\">" + text + "</a>";
}

// Every page has its table of contents: a sidebar at wide widths, a folded list on top of the
// text on narrow ones (and a top bar back to the index in a directory render).
std::string page_top(const std::string& title, const std::vector<Heading>& headings,
                     const HtmlNavigation& nav) {
  std::string out = nav.enabled ? "<body class=\"with-sidebar with-topbar\">\n"
                                : "<body class=\"with-sidebar\">\n";
  if (nav.enabled) {
    out += "<div class=\"topbar\">" + page_link(nav.index_href, "← Index") + " / " +
           xml_escape(title) + "</div>\n";
  }
  out += "<nav class=\"sidebar\">\n<div class=\"title\">" + xml_escape(title) + "</div>\n" +
         contents_links(headings) + "</nav>\n";
  out += "<main>\n";
  if (!headings.empty()) {
    out += "<details class=\"toc\"><summary>Contents</summary>\n" + contents_links(headings) +
           "</details>\n";
  }
  return out;
}

std::string page_footer(const HtmlNavigation& nav) {
  std::string out = "<footer>";
  if (nav.enabled) {
    if (!nav.previous_href.empty()) {
      out += page_link(nav.previous_href, "← " + xml_escape(nav.previous_title)) + " · ";
    }
    out += page_link(nav.index_href, "Index");
    if (!nav.next_href.empty()) {
      out += " · " + page_link(nav.next_href, xml_escape(nav.next_title) + " →");
    }
    out += "<br>";
  }
  return out + "Generated by llmlab</footer>\n</main>\n</body>\n</html>\n";
}

}  // namespace

RenderedPage render_html(const ExecutedNotebook& notebook, const HtmlOptions& options) {
  BodyWriter writer(options);
  for (const ExecutedBlock& block : notebook.blocks) writer.add(block);
  const std::string body = writer.finish();
  std::string page = page_head(notebook.title, options, true, writer.has_mermaid());
  page += page_top(notebook.title, writer.headings(), options.navigation);
  page += body;
  page += runnable_manifest(notebook, options);
  page += page_footer(options.navigation);
  return RenderedPage{std::move(page), {}};
}

namespace {

bool is_summary_paragraph(std::string_view paragraph) {
  const std::string_view text = trim(paragraph);
  if (text.empty()) return false;
  constexpr std::string_view kNotProse = "#-*|>`<!$[";
  return kNotProse.find(text.front()) == std::string_view::npos && !text.starts_with("1.");
}

}  // namespace

IndexEntry index_entry(const ExecutedNotebook& notebook, const HtmlOptions& options) {
  IndexEntry entry;
  entry.title = notebook.title;
  for (const ExecutedBlock& block : notebook.blocks) {
    if (entry.summary_html.empty() && block.block.kind == BlockKind::Prose) {
      std::size_t start = 0;
      while (start < block.text.size() && entry.summary_html.empty()) {
        std::size_t end = block.text.find("\n\n", start);
        if (end == std::string::npos) end = block.text.size();
        const std::string paragraph =
            without_value_marks(std::string_view(block.text.data() + start, end - start));
        if (is_summary_paragraph(paragraph)) {
          int headings = 0;
          entry.summary_html = markdown_to_html(paragraph, &headings, nullptr, options.raw_html);
        }
        start = end + 2;
      }
    }
    if (!entry.figure && !block.figures.empty()) entry.figure = block.figures.front();
    if (!entry.summary_html.empty() && entry.figure) break;
  }
  return entry;
}

std::string render_html_index(const std::string& title, const std::string& introduction_html,
                              const std::vector<IndexEntry>& entries, const HtmlOptions& options) {
  std::string page = page_head(title, options, false);
  page += "<body>\n<main>\n<h1>" + xml_escape(title) + "</h1>\n" + introduction_html;
  std::map<std::string, int> figure_ids;
  for (const IndexEntry& entry : entries) {
    const std::string href = percent_encode_path(entry.href);
    page += "<article class=\"lesson-card\">\n<h2><a href=\"" + href + "\">" +
            xml_escape(entry.title) + "</a></h2>\n" + entry.summary_html;
    if (entry.figure) {
      page += "<a class=\"plot-container\" href=\"" + href + "\">\n" +
              figure_svgs(*entry.figure, figure_ids) + "</a>\n";
    }
    page += "</article>\n";
  }
  page += "<footer>Generated by llmlab</footer>\n</main>\n</body>\n</html>\n";
  return page;
}

}  // namespace llmlab::notebook
