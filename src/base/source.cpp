// Line table for SourceFile, so errors can quote the offending line.
#include "base/source.hpp"

namespace llmlab {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (std::size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

std::string_view SourceFile::line(int line) const {
  if (line < 1 || static_cast<std::size_t>(line) > line_starts_.size()) return {};
  const std::size_t begin = line_starts_[static_cast<std::size_t>(line - 1)];
  std::size_t end = text_.find('\n', begin);
  if (end == std::string::npos) end = text_.size();
  std::string_view result(text_.data() + begin, end - begin);
  if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
  return result;
}

}  // namespace llmlab
