// CheckedRenderer: each call checks, then forwards.
#include "plot/checked_renderer.hpp"

#include <algorithm>

namespace llmlab::plot {

void CheckedRenderer::begin(double width, double height, Color background) {
  check();
  inner_.begin(width, height, background);
}

void CheckedRenderer::end() { inner_.end(); }

void CheckedRenderer::path(const Path& path, const Stroke& stroke, std::optional<Color> fill) {
  check();
  inner_.path(path, stroke, fill);
}

void CheckedRenderer::text(Point at, const Text& text, const TextStyle& style) {
  check();
  inner_.text(at, text, style);
}

void CheckedRenderer::image(const Rect& where, const Raster& pixels) {
  check();
  inner_.image(where, pixels);
}

void CheckedRenderer::push_clip(const Rect& rect) { inner_.push_clip(rect); }

void CheckedRenderer::pop_clip() { inner_.pop_clip(); }

void CheckedRenderer::markers(const Path& marker, std::span<const Point> at, const Stroke& stroke,
                              std::optional<Color> fill) {
  constexpr std::size_t kBatch = 1024;  // about a millisecond of cairo fills
  for (std::size_t first = 0; first < at.size(); first += kBatch) {
    check();
    inner_.markers(marker, at.subspan(first, std::min(kBatch, at.size() - first)), stroke, fill);
  }
}

}  // namespace llmlab::plot
