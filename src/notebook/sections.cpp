// Heading levels of prose lines, skipping fenced code (a `# comment` in a ```python fence is
// not a heading).
#include "notebook/sections.hpp"

#include <vector>

namespace llmlab::notebook {

namespace {

std::string_view trimmed_start(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && i < 3 && line[i] == ' ') ++i;  // up to three spaces of indent
  return line.substr(i);
}

bool is_fence(std::string_view line) {
  const std::string_view text = trimmed_start(line);
  return text.starts_with("```") || text.starts_with("~~~");
}

// Calls `visit(offset, line)` for every line outside fences until it returns true; returns the
// offset of that line, or npos.
template <class Visit>
std::size_t find_line(std::string_view text, Visit visit) {
  bool in_fence = false;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = text.find('\n', at);
    const std::string_view line =
        text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    if (is_fence(line)) {
      in_fence = !in_fence;
    } else if (!in_fence && visit(line)) {
      return at;
    }
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return std::string_view::npos;
}

}  // namespace

int heading_level(std::string_view line) {
  const std::string_view text = trimmed_start(line);
  int level = 0;
  while (static_cast<std::size_t>(level) < text.size() &&
         text[static_cast<std::size_t>(level)] == '#') {
    ++level;
  }
  if (level == 0 || level > 6) return 0;
  const auto after = static_cast<std::size_t>(level);
  if (after < text.size() && text[after] != ' ' && text[after] != '\t') return 0;
  return level;
}

int last_heading_level(std::string_view text, int current) {
  find_line(text, [&](std::string_view line) {
    if (const int level = heading_level(line)) current = level;
    return false;
  });
  return current;
}

std::pair<std::string, std::string> split_at_heading(std::string_view text, int max_level) {
  if (max_level <= 0) return {std::string(text), {}};
  const std::size_t at = find_line(text, [&](std::string_view line) {
    const int level = heading_level(line);
    return level > 0 && level <= max_level;
  });
  if (at == std::string_view::npos) return {std::string(text), {}};
  return {std::string(text.substr(0, at)), std::string(text.substr(at))};
}

}  // namespace llmlab::notebook
