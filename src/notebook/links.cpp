// Wikilink transformation: a small scanner that leaves code untouched.
#include "notebook/links.hpp"

#include <cctype>

#include "notebook/executed.hpp"
#include "notebook/parse.hpp"

namespace llmlab::notebook {

std::string slugify(std::string_view text) {
  std::string slug;
  bool dash = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    // A prose value's marks (executed.hpp) are no part of its text.
    if (text[i] == kValueOpen || text[i] == kValueClose) continue;
    if (c == '&') {
      const std::size_t end = text.find(';', i);
      if (end != std::string_view::npos && end - i < 10) {
        i = end;
        dash = true;
        continue;
      }
    }
    if (std::isalnum(c) || c >= 0x80) {
      if (dash && !slug.empty()) slug += '-';
      dash = false;
      slug += static_cast<char>(std::tolower(c));
    } else {
      dash = true;
    }
  }
  return slug;
}

namespace {

std::string link_target(std::string_view target) {
  const std::size_t slash = target.rfind('/');
  const std::string_view last = slash == std::string_view::npos ? target : target.substr(slash + 1);
  if (last.find('.') != std::string_view::npos) return std::string(target);
  return std::string(target) + ".md";
}

// One wikilink body (between [[ and ]]) as a markdown link.
std::string wikilink(std::string_view body, bool image) {
  std::string_view alias;
  if (const std::size_t bar = body.find('|'); bar != std::string_view::npos) {
    alias = body.substr(bar + 1);
    body = body.substr(0, bar);
  }
  if (image) {
    return "![" + std::string(alias) + "](" + std::string(body) + ")";
  }
  std::string_view section;
  if (const std::size_t hash = body.find('#'); hash != std::string_view::npos) {
    section = body.substr(hash + 1);
    body = body.substr(0, hash);
  }
  std::string target = link_target(body);
  std::string label = alias.empty() ? std::string(body) : std::string(alias);
  if (!section.empty()) {
    target += "#" + slugify(section);
    if (alias.empty()) label += " § " + std::string(section);
  }
  return "[" + label + "](" + target + ")";
}

std::string transform_line(std::string_view line) {
  std::string out;
  std::size_t i = 0;
  bool in_code = false;
  while (i < line.size()) {
    if (line[i] == '`') {
      in_code = !in_code;
      out += line[i++];
      continue;
    }
    if (!in_code) {
      const bool image = line.substr(i).starts_with("![[");
      if (image || line.substr(i).starts_with("[[")) {
        const std::size_t open = i + (image ? 3 : 2);
        const std::size_t close = line.find("]]", open);
        if (close != std::string_view::npos && close > open) {
          out += wikilink(line.substr(open, close - open), image);
          i = close + 2;
          continue;
        }
      }
    }
    out += line[i++];
  }
  return out;
}

}  // namespace

std::string transform_wikilinks(std::string_view text) {
  std::string out;
  bool in_fence = false;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    if (trim(line).starts_with("```")) in_fence = !in_fence;
    out += in_fence || trim(line).starts_with("```") ? std::string(line) : transform_line(line);
    if (end == text.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace llmlab::notebook
