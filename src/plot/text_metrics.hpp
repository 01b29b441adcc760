// Text measurement, shared by layout and every renderer so that SVG, PNG and PDF agree on where
// labels go. Pango measures (through the plot backend, backend.hpp); constructing a TextMetrics
// therefore loads the backend.
#pragma once

#include <memory>
#include <string_view>

#include "plot/backend.hpp"
#include "plot/renderer.hpp"

namespace llmlab::plot {

class TextMetrics {
 public:
  // Throws llmlab::Error when the backend cannot be loaded.
  TextMetrics();
  ~TextMetrics();
  TextMetrics(const TextMetrics&) = delete;
  TextMetrics& operator=(const TextMetrics&) = delete;

  // Logical extent of the text at `size` px, superscript included (75 % size).
  TextExtent measure(const Text& text, double size, bool bold = false) const;
  double width(std::string_view text, double size) const;

 private:
  std::unique_ptr<TextMeasurer> measurer_;
};

}  // namespace llmlab::plot
