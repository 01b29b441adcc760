// The one Pango text setup (see pango_text.hpp).
#include "plot/cairo/pango_text.hpp"

#include <string>

#include "plot/backend.hpp"

namespace llmlab::plot {

void set_layout_text(PangoLayout* layout, std::string_view text, double size, bool bold) {
  PangoFontDescription* font = pango_font_description_new();
  pango_font_description_set_family(font, std::string(kFontFamily).c_str());
  pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
  pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description(layout, font);
  pango_font_description_free(font);
  // An empty view may carry a null pointer, which pango would read; pass a literal instead.
  pango_layout_set_text(layout, text.empty() ? "" : text.data(), static_cast<int>(text.size()));
}

}  // namespace llmlab::plot
