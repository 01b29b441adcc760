// Notebook source → Document (notebook.md §1), and removal of earlier render artifacts
// (§3.5) so that rendering a rendered file is idempotent.
#pragma once

#include <string>
#include <string_view>

#include "notebook/document.hpp"

namespace llmlab::notebook {

Document parse_notebook(std::string_view source);

// Removes generated-header lines, output regions between llmlab:/rustlab: sentinels, and
// legacy ```text blocks right after a ```rustlab block.
std::string strip_artifacts(std::string_view source);

// The trimmed text of a line (spaces, tabs and a trailing \r removed at both ends).
std::string_view trim(std::string_view text);

// True when `line` opens a fence of `language` (``` followed by the tag, then end of line or
// a space).
bool opens_fence(std::string_view line, std::string_view language);

}  // namespace llmlab::notebook
