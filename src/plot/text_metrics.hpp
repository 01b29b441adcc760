// Text measurement, shared by layout and every renderer so that SVG, PNG and PDF agree on where
// labels go. Widths come from a table of the font's advance widths (text_metrics_table.hpp), the
// same in every build, so layout, and therefore an SVG, is the same bytes from the native and
// the WebAssembly build, and needs neither pango nor the plot backend. Kerning and hinting are
// left out: a label's width is the sum of its characters' advances, rounded to 1/64 px.
#pragma once

#include <string_view>

#include "plot/backend.hpp"
#include "plot/renderer.hpp"

namespace llmlab::plot {

class TextMetrics {
 public:
  // Logical extent of the text at `size` px, superscript included (75 % size).
  TextExtent measure(const Text& text, double size, bool bold = false) const;
  double width(std::string_view text, double size) const;
};

}  // namespace llmlab::plot
