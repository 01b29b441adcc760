// Pango measurement on a scratch cairo surface. Widths are rounded to 1/64 px so that layout,
// and therefore SVG text, does not depend on sub-pixel noise.
#include "plot/text_metrics.hpp"

#include <cairo.h>
#include <pango/pangocairo.h>

#include <cmath>
#include <string>

#include "plot/pango_text.hpp"

namespace llmlab::plot {

struct TextMetrics::State {
  cairo_surface_t* surface = nullptr;
  cairo_t* cairo = nullptr;
  PangoLayout* layout = nullptr;
};

TextMetrics::TextMetrics() : state_(std::make_unique<State>()) {
  state_->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
  state_->cairo = cairo_create(state_->surface);
  state_->layout = pango_cairo_create_layout(state_->cairo);
}

TextMetrics::~TextMetrics() {
  g_object_unref(state_->layout);
  cairo_destroy(state_->cairo);
  cairo_surface_destroy(state_->surface);
}

namespace {

TextExtent measure_run(PangoLayout* layout, std::string_view text, double size, bool bold) {
  set_layout_text(layout, text, size, bold);
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  const double baseline = pango_layout_get_baseline(layout) / static_cast<double>(PANGO_SCALE);
  auto quantise = [](double v) { return std::round(v * 64.0) / 64.0; };
  TextExtent extent;
  extent.width = quantise(logical.width / static_cast<double>(PANGO_SCALE));
  extent.ascent = quantise(baseline - logical.y / static_cast<double>(PANGO_SCALE));
  extent.descent =
      quantise((logical.y + logical.height) / static_cast<double>(PANGO_SCALE) - baseline);
  return extent;
}

}  // namespace

TextExtent TextMetrics::measure(const Text& text, double size, bool bold) const {
  TextExtent extent = measure_run(state_->layout, text.body, size, bold);
  if (!text.superscript.empty()) {
    const TextExtent sup = measure_run(state_->layout, text.superscript, 0.75 * size, bold);
    extent.width += sup.width;
    extent.ascent = std::max(extent.ascent, 0.4 * size + sup.ascent);
  }
  return extent;
}

double TextMetrics::width(std::string_view text, double size) const {
  return measure_run(state_->layout, text, size, false).width;
}

}  // namespace llmlab::plot
