// A label's extent from the font table: the body, then a superscript at 75 % size raised by
// 0.4 em (the same placement the renderers draw).
#include "plot/text_metrics.hpp"

#include <algorithm>
#include <cmath>

#include "base/utf8.hpp"
#include "plot/text_metrics_table.hpp"

namespace llmlab::plot {
namespace {

double quantise(double pixels) { return std::round(pixels * 64.0) / 64.0; }

int advance_of(const detail::FontTable& font, char32_t code) {
  const auto found = std::lower_bound(font.advances.begin(), font.advances.end(), code,
                                      [](const std::pair<char32_t, std::uint16_t>& entry,
                                         char32_t key) { return entry.first < key; });
  return found != font.advances.end() && found->first == code ? found->second : font.missing_width;
}

// One run of text in one style, as pango's logical rectangle gives it: the advances' sum, and the
// font's ascent and descent whatever the characters.
TextExtent measure_run(std::string_view text, double size, bool bold) {
  const detail::FontTable& font = detail::font_table(bold);
  long units = 0;
  for (std::string_view character : characters_of(text)) {
    units += advance_of(font, code_point_of(character));
  }
  const double scale = size / font.units_per_em;
  return {quantise(static_cast<double>(units) * scale), quantise(font.ascent * scale),
          quantise(font.descent * scale)};
}

}  // namespace

TextExtent TextMetrics::measure(const Text& text, double size, bool bold) const {
  TextExtent extent = measure_run(text.body, size, bold);
  if (!text.superscript.empty()) {
    const TextExtent sup = measure_run(text.superscript, 0.75 * size, bold);
    extent.width += sup.width;
    extent.ascent = std::max(extent.ascent, 0.4 * size + sup.ascent);
  }
  return extent;
}

double TextMetrics::width(std::string_view text, double size) const {
  return measure_run(text, size, false).width;
}

}  // namespace llmlab::plot
