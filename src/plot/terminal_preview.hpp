// A text preview of a figure for terminals: lines and outlines drawn with Unicode braille dots
// (2×4 per character cell) and labels overlaid as text. Used by the REPL; no colours.
#pragma once

#include <string>

#include "plot/figure.hpp"

namespace llmlab::plot {

// `columns` × `rows` character cells, lines separated by '\n'.
std::string terminal_preview(const Figure& figure, int columns, int rows);

}  // namespace llmlab::plot
