// Source text and positions: every token, AST node and error points back into a SourceFile.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace llmlab {

// One loaded script (a file, a REPL line, a notebook block). Immutable once made.
class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  // The text of 1-based line `line`, without its newline; empty when out of range.
  std::string_view line(int line) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<std::size_t> line_starts_;
};

// A 1-based line and column (column counts UTF-8 code points) in a file.
struct SourceLoc {
  std::shared_ptr<const SourceFile> file;
  int line = 0;
  int column = 0;

  bool valid() const { return line > 0; }
};

}  // namespace llmlab
