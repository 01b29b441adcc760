// A notebook after execution: each block with the text to show (prose interpolated) and,
// for code blocks, the captured output, error and figures. What the renderers consume.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "notebook/document.hpp"

namespace llmlab::notebook {

struct Figure {
  std::string svg;  // the figure rendered as SVG (plotting.md §7.1), 900×500 per subplot
  // For HTML pages, laid out for the width they are shown at so that the text keeps its size
  // (plot::CellSize): `column_svg` 900 px wide in all, its subplots side by side as in `svg`;
  // `narrow_svg` for a phone, about 360 px wide, its subplots stacked one per row.
  std::string column_svg;
  std::string narrow_svg;
  std::string png;  // when ExecuteOptions::png_figures asks for it (.ipynb outputs)
};

struct ExecutedBlock {
  Block block;
  std::string text;                  // Prose/Callout: interpolated text; Code: source
  std::string output;                // Code: captured text, trimmed
  std::optional<std::string> error;  // Code: the block's error message
  std::vector<Figure> figures;       // Code: figures captured from the block
  int exercise_number = 0;           // ExerciseStart: 1, 2, …
};

// A `${…}` value in the prose of an HTML page, which the runnable page evaluates again when the
// code block before it reruns. In the executed text it stands between kValueOpen and kValueClose
// (characters no prose holds), the n-th pair for the n-th value; the HTML renderer turns each
// pair into an element the page finds (runnable_page.hpp).
struct ProseValue {
  std::string expression;
  std::optional<std::string> format;
  int after_block = -1;  // the code block it follows (0-based among code blocks), or -1
};
inline constexpr char kValueOpen = '\x1e';
inline constexpr char kValueClose = '\x1f';

struct ExecutedNotebook {
  std::string title;  // page title (frontmatter, first "# " heading, or file stem)
  std::vector<ExecutedBlock> blocks;
  int code_blocks = 0;
  int figures = 0;
  int errors = 0;
  std::vector<ProseValue> values;  // when ExecuteOptions::mark_values asked for them
};

}  // namespace llmlab::notebook
