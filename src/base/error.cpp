// Error reports in the compiler style: location, message, quoted line, caret.
#include "base/error.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

#include "base/utf8.hpp"

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

// Number of bytes of `line` that make up its first `column - 1` characters.
std::size_t caret_offset(std::string_view line, int column) {
  std::size_t bytes = 0;
  int seen = 1;
  for (const std::string_view character : characters_of(line)) {
    if (seen++ >= column) break;
    bytes += character.size();
  }
  return bytes;
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
        // Keep tabs in the padding so the caret lines up under tab-indented code.
        std::string padding;
        const std::size_t offset = caret_offset(line, loc.column);
        for (std::size_t i = 0; i < offset; ++i) {
          const auto byte = static_cast<unsigned char>(line[i]);
          if (line[i] == '\t') {
            padding += '\t';
          } else if ((byte & 0xC0) != 0x80) {
            padding += ' ';
          }
        }
        out += fmt::format("    {}\n    {}^\n", line, padding);
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
