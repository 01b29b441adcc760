// A label's extent from the backend's runs: the body, then a superscript at 75 % size raised by
// 0.4 em (the same placement the renderers draw).
#include "plot/text_metrics.hpp"

#include <algorithm>

namespace llmlab::plot {

TextMetrics::TextMetrics() : measurer_(backend().text_measurer()) {}

TextMetrics::~TextMetrics() = default;

TextExtent TextMetrics::measure(const Text& text, double size, bool bold) const {
  TextExtent extent = measurer_->measure(text.body, size, bold);
  if (!text.superscript.empty()) {
    const TextExtent sup = measurer_->measure(text.superscript, 0.75 * size, bold);
    extent.width += sup.width;
    extent.ascent = std::max(extent.ascent, 0.4 * size + sup.ascent);
  }
  return extent;
}

double TextMetrics::width(std::string_view text, double size) const {
  return measurer_->measure(text, size, false).width;
}

}  // namespace llmlab::plot
