// Error reports in the compiler style: location, message, quoted line, caret.
#include "base/error.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

namespace llmlab {

Error::Error(std::string message, std::optional<SourceLoc> where, ErrorKind kind)
    : std::runtime_error(std::move(message)), where_(std::move(where)), kind_(kind) {}

void Error::set_where_if_missing(const SourceLoc& loc) {
  if (!where_ || !where_->valid()) where_ = loc;
}

std::string format_location(const SourceLoc& loc) {
  if (loc.file && !loc.file->path().empty()) {
    return fmt::format("{}:{}:{}", loc.file->path(), loc.line, loc.column);
  }
  return fmt::format("line {}, column {}", loc.line, loc.column);
}

namespace {

struct Excerpt {
  std::string text;     // the quoted source
  std::string padding;  // what goes before the caret: a space per character, tabs kept
};

// The source line as a report quotes it: the characters around the column (a generated line of
// 10 MB would otherwise be printed twice over), "…" where it is cut, and control characters as
// '?', so the report stays plain text (a NUL would end it early for C-string writers) with the
// caret under the column. Tabs stay tabs in both lines, so the caret lines up under them too.
Excerpt excerpt_of(std::string_view line, int column) {
  constexpr std::size_t kBefore = 60;
  constexpr std::size_t kWidth = 160;
  const std::size_t caret = column > 1 ? static_cast<std::size_t>(column - 1) : 0;
  const std::size_t first = caret > kBefore ? caret - kBefore : 0;
  Excerpt out;
  if (first > 0) {
    out.text = "…";
    out.padding = " ";
  }
  std::size_t index = 0;  // the character the byte belongs to, counted from 1
  for (const char c : line) {
    const auto byte = static_cast<unsigned char>(c);
    const bool starts_character = (byte & 0xC0) != 0x80;
    if (starts_character) ++index;
    if (index <= first) continue;
    if (index > first + kWidth) {
      out.text += "…";
      break;
    }
    const bool control = (byte < 0x20 && c != '\t') || byte == 0x7F;
    out.text += control ? '?' : c;
    if (starts_character && index <= caret) out.padding += c == '\t' ? '\t' : ' ';
  }
  return out;
}

}  // namespace

std::string format_error_report(const Error& error) {
  std::string out;
  if (!error.where() || !error.where()->valid()) {
    out = fmt::format("error: {}\n", error.what());
  } else {
    const SourceLoc& loc = *error.where();
    out = fmt::format("{}: error: {}\n", format_location(loc), error.what());
    if (loc.file) {
      const std::string_view line = loc.file->line(loc.line);
      if (!line.empty()) {
        const Excerpt excerpt = excerpt_of(line, loc.column);
        out += fmt::format("    {}\n    {}^\n", excerpt.text, excerpt.padding);
      }
    }
  }
  for (const std::string& frame : error.trace()) out += fmt::format("  {}\n", frame);
  return out;
}

void assertion_failed(const char* expression, const char* file, int line) {
  std::fprintf(stderr, "llmlab: internal assertion failed: %s (%s:%d)\n", expression, file, line);
  std::abort();
}

}  // namespace llmlab
