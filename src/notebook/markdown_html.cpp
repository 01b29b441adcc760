// cmark-gfm wrapper. Math is cut out before parsing (so `_` and `*` inside TeX are not
// emphasis) and put back, escaped, after rendering.
#include "notebook/markdown_html.hpp"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <fmt/format.h>

#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>
#include <utility>

#include "base/text_escape.hpp"
#include "notebook/executed.hpp"
#include "notebook/links.hpp"
#include "notebook/parse.hpp"

namespace llmlab::notebook {

namespace {

struct ProtectedMath {
  std::string text;                // markdown with placeholders
  std::vector<std::string> spans;  // HTML for each placeholder
};

std::string placeholder(std::size_t index) { return fmt::format("LLMLABMATH{}X", index); }

// Where the inline math span opened by the $ at `open` closes: on the same line, after a
// non-space, at a $ not followed by a digit. npos when it does not close.
std::size_t inline_math_close(std::string_view text, std::size_t open) {
  for (std::size_t close = open + 1; close < text.size() && text[close] != '\n'; ++close) {
    if (text[close] == '$' && text[close - 1] != ' ' && text[close - 1] != '\\' &&
        !(close + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[close + 1])))) {
      return close;
    }
  }
  return std::string_view::npos;
}

// The math span starting at i ($$…$$ or $…$), as its HTML and the index just past it; nothing
// when no span starts there.
std::optional<std::pair<std::string, std::size_t>> math_span_at(std::string_view text,
                                                                std::size_t i) {
  if (text.substr(i).starts_with("$$")) {
    const std::size_t close = text.find("$$", i + 2);
    if (close != std::string_view::npos) {
      return std::pair{"\\[" + xml_escape(text.substr(i + 2, close - i - 2)) + "\\]", close + 2};
    }
  }
  if (i + 1 < text.size() && text[i + 1] != ' ' && text[i + 1] != '$') {
    const std::size_t close = inline_math_close(text, i);
    if (close != std::string_view::npos) {
      return std::pair{"\\(" + xml_escape(text.substr(i + 1, close - i - 1)) + "\\)", close + 1};
    }
  }
  return std::nullopt;
}

// Cuts $$…$$ and $…$ spans (§1.6 rules) out of text outside code fences and code spans.
ProtectedMath protect_math(std::string_view text) {
  ProtectedMath result;
  bool in_fence = false;
  bool in_code = false;
  std::size_t i = 0;
  bool line_start = true;
  while (i < text.size()) {
    if (line_start && trim(text.substr(i, text.find('\n', i) - i)).starts_with("```")) {
      in_fence = !in_fence;
    }
    line_start = false;
    const char c = text[i];
    if (c == '\n' || in_fence) {
      line_start = c == '\n';
      result.text += c;
      ++i;
      continue;
    }
    if (c == '`') in_code = !in_code;
    if (!in_code && c == '\\' && i + 1 < text.size() && text[i + 1] == '$') {
      result.text += "\\$";
      i += 2;
      continue;
    }
    if (!in_code && c == '$') {
      if (auto span = math_span_at(text, i)) {
        result.spans.push_back(std::move(span->first));
        result.text += placeholder(result.spans.size() - 1);
        i = span->second;
        continue;
      }
    }
    result.text += c;
    ++i;
  }
  return result;
}

std::string cmark_render(const std::string& markdown, RawHtml raw_html) {
  static std::once_flag registered;
  std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
  int options = CMARK_OPT_FOOTNOTES | CMARK_OPT_GITHUB_PRE_LANG;
  if (raw_html == RawHtml::Keep) options |= CMARK_OPT_UNSAFE;
  cmark_parser* parser = cmark_parser_new(options);
  for (const char* name : {"table", "strikethrough", "autolink", "tasklist", "tagfilter"}) {
    if (cmark_syntax_extension* extension = cmark_find_syntax_extension(name)) {
      cmark_parser_attach_syntax_extension(parser, extension);
    }
  }
  cmark_parser_feed(parser, markdown.data(), markdown.size());
  cmark_node* document = cmark_parser_finish(parser);
  char* html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser));
  std::string result(html);
  std::free(html);
  cmark_node_free(document);
  cmark_parser_free(parser);
  return result;
}

std::string strip_tags(std::string_view html) {
  std::string out;
  bool in_tag = false;
  for (const char c : html) {
    if (c == '<') in_tag = true;
    if (!in_tag) out += c;
    if (c == '>') in_tag = false;
  }
  return out;
}

// A heading's id: its explicit {#id} (cut from inner), else a slug of its text, numbered
// when the page has it already (the later ones get -2, -3, ...).
std::string heading_id(std::string& inner, int* heading_counter,
                       const std::vector<Heading>* headings) {
  static const std::regex explicit_id(R"re(\s*\{#([A-Za-z0-9_\-]+)\}\s*$)re");
  std::smatch id_match;
  if (std::regex_search(inner, id_match, explicit_id)) {
    std::string id = id_match[1].str();
    inner = inner.substr(0, static_cast<std::size_t>(id_match.position()));
    return id;
  }
  std::string id = slugify(strip_tags(inner));
  if (id.empty()) id = fmt::format("heading-{}", ++*heading_counter);
  if (headings) {
    const auto taken = [&](const std::string& candidate) {
      for (const Heading& seen : *headings) {
        if (seen.id == candidate) return true;
      }
      return false;
    };
    const std::string base = id;
    for (int n = 2; taken(id); ++n) id = fmt::format("{}-{}", base, n);
  }
  return id;
}

// Heading ids, and the headings for the sidebar list.
std::string with_heading_ids(const std::string& html, int* heading_counter,
                             std::vector<Heading>* headings) {
  static const std::regex heading(R"re(<h([1-3])>([\s\S]*?)</h\1>)re");
  std::string with_ids;
  auto begin = std::sregex_iterator(html.begin(), html.end(), heading);
  std::size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    const std::smatch& match = *it;
    with_ids += html.substr(last, static_cast<std::size_t>(match.position()) - last);
    std::string inner = match[2].str();
    const std::string id = heading_id(inner, heading_counter, headings);
    const std::string level = match[1].str();
    with_ids += fmt::format("<h{0} id=\"{1}\">{2}</h{0}>", level, id, inner);
    if (headings) headings->push_back(Heading{level[0] - '0', id, strip_tags(inner)});
    last = static_cast<std::size_t>(match.position() + match.length());
  }
  with_ids += html.substr(last);
  return with_ids;
}

// The math spans back in place of their placeholders.
std::string restore_math(const std::string& html, const std::vector<std::string>& spans) {
  std::string out;
  out.reserve(html.size());
  std::size_t i = 0;
  while (i < html.size()) {
    if (html.compare(i, 10, "LLMLABMATH") == 0) {
      std::size_t j = i + 10;
      std::size_t index = 0;
      bool digits = false;
      while (j < html.size() && std::isdigit(static_cast<unsigned char>(html[j]))) {
        index = index * 10 + static_cast<std::size_t>(html[j] - '0');
        ++j;
        digits = true;
      }
      if (digits && j < html.size() && html[j] == 'X' && index < spans.size()) {
        out += spans[index];
        i = j + 1;
        continue;
      }
    }
    out += html[i++];
  }
  return out;
}

}  // namespace

std::string markdown_to_html(std::string_view markdown, int* heading_counter,
                             std::vector<Heading>* headings, RawHtml raw_html) {
  const ProtectedMath math = protect_math(markdown);
  std::string html = cmark_render(math.text, raw_html);
  // Links to sibling notebooks point at their HTML pages.
  static const std::regex md_link(R"re(href="([^"#:]+)\.md(#[^"]*)?")re");
  html = std::regex_replace(html, md_link, "href=\"$1.html$2\"");
  return restore_math(with_heading_ids(html, heading_counter, headings), math.spans);
}

}  // namespace llmlab::notebook
