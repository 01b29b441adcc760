// The parsed form of a notebook source (notebook.md §1): frontmatter and a flat list of
// blocks in document order. Plain data; parse.cpp builds it, execute.cpp and the renderers
// read it.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace llmlab::notebook {

enum class BlockKind {
  Prose,          // markdown text (interpolated when reached)
  Code,           // ```rustlab / ```rlab: executed
  Mermaid,        // ```mermaid: shown, never executed
  Callout,        // > [!NOTE] ... (body interpolated)
  ExerciseStart,  // <!-- exercise -->
  SolutionStart,  // <!-- solution -->
};

// Directives written on the lines right above a fence (§1.3).
struct CodeDirectives {
  bool hide = false;
  std::optional<std::string> details;  // collapsible wrapper title
  std::optional<int> grid;             // figures per row (HTML)
  std::optional<std::string> caption;
};

struct Block {
  BlockKind kind = BlockKind::Prose;
  std::string text;  // prose text, code source, mermaid source or callout body
  int line = 0;      // 1-based source line of the block's first text line
  CodeDirectives directives;
  bool closed = true;         // Code/Mermaid: false when the fence was never closed
  std::string callout_type;   // Callout: NOTE, TIP, IMPORTANT, WARNING, CAUTION
  std::string callout_title;  // Callout: custom title (may be empty)
};

struct Document {
  std::optional<std::string> title;  // frontmatter title
  std::optional<long> order;         // frontmatter order/weight
  bool frontmatter_unclosed = false;
  std::vector<Block> blocks;
  // Title for pages: frontmatter title, else the first "# " heading, else empty.
  std::string page_title() const;
};

}  // namespace llmlab::notebook
