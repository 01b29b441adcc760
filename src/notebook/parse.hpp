// Notebook source → Document (notebook.md §1), and removal of earlier render artifacts
// (§3.5) so that rendering a rendered file is idempotent.
#pragma once

#include <string>
#include <string_view>

#include "base/text_trim.hpp"  // trim(), which the notebook readers use throughout
#include "notebook/document.hpp"

namespace llmlab::notebook {

Document parse_notebook(std::string_view source);

// Removes what a render added (§3.5): generated-header lines, output regions between
// llmlab:/rustlab: sentinels, and, in a file that carries the header, legacy ```text blocks
// right after a code block. Text inside fenced code is never touched, and a source with
// nothing to remove comes back byte for byte.
std::string strip_artifacts(std::string_view source);

// True when `line` opens a fence of `language` (``` followed by the tag, then end of line or
// a space).
bool opens_fence(std::string_view line, std::string_view language);

// Which lines are inside a fenced code block (CommonMark: a run of three or more backticks or
// tildes indented at most three spaces; it closes at a run of the same character at least as
// long with nothing after it), so that text quoted in a fence is never taken for an artifact
// or a sentinel.
class FenceTracker {
 public:
  // Feeds the next line; true when the line belongs to a fence (its opening and closing lines
  // included).
  bool feed(std::string_view line);
  bool inside() const { return open_length_ != 0; }

 private:
  static std::string_view without_indent(std::string_view line);
  static std::size_t run_length(std::string_view text);
  char open_char_ = 0;
  std::size_t open_length_ = 0;
};

}  // namespace llmlab::notebook
