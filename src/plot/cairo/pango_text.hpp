// The one Pango text setup of the plot backend: font family, size and weight for a run of text.
// Measurement (CairoMeasurer in backend.cpp) and drawing (cairo_renderer.cpp) both go through
// it, so a label is measured exactly as it is drawn.
#pragma once

#include <pango/pangocairo.h>

#include <string_view>

namespace llmlab::plot {

// Sets `layout` to show `text` in kFontFamily at `size` px, bold or regular.
void set_layout_text(PangoLayout* layout, std::string_view text, double size, bool bold);

}  // namespace llmlab::plot
