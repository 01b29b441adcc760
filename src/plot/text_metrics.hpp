// Text measurement with pango (DejaVu Sans), shared by layout and every renderer so that SVG,
// PNG and PDF agree on where labels go.
#pragma once

#include <memory>
#include <string_view>

#include "plot/renderer.hpp"

namespace llmlab::plot {

inline constexpr std::string_view kFontFamily = "DejaVu Sans";

struct TextExtent {
  double width = 0.0;
  double ascent = 0.0;   // baseline to the top of the line box
  double descent = 0.0;  // baseline to the bottom of the line box
};

class TextMetrics {
 public:
  TextMetrics();
  ~TextMetrics();
  TextMetrics(const TextMetrics&) = delete;
  TextMetrics& operator=(const TextMetrics&) = delete;

  // Logical extent of the text at `size` px, superscript included (75 % size).
  TextExtent measure(const Text& text, double size, bool bold = false) const;
  double width(std::string_view text, double size) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace llmlab::plot
