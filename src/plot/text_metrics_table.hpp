// The advance widths of the font SVG text names (kFontFamily, DejaVu Sans, regular and bold),
// generated from the font files by tools/make_text_metrics.py into text_metrics_table.cpp.
// Internal to plot/ (text_metrics.cpp measures with it).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace llmlab::plot::detail {

struct FontTable {
  int units_per_em;
  int ascent;         // hhea ascender, font units above the baseline
  int descent;        // hhea descender, font units below the baseline (positive)
  int missing_width;  // the missing-glyph box's advance, for code points outside the table
  std::vector<std::pair<char32_t, std::uint16_t>> advances;  // sorted by code point
};

const FontTable& font_table(bool bold);

}  // namespace llmlab::plot::detail
