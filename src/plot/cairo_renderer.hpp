// PNG and PDF output: the Renderer calls replayed on a cairo surface, text through pango with
// the same font and hinting settings as layout's measurements (plotting.md §7.2).
#pragma once

#include <string>

#include "plot/figure.hpp"
#include "plot/renderer.hpp"

typedef struct _cairo cairo_t;

namespace llmlab::plot {

class CairoRenderer final : public Renderer {
 public:
  explicit CairoRenderer(cairo_t* cairo) : cairo_(cairo) {}
  void begin(double width, double height, Color background) override;
  void end() override;
  void path(const Path& path, const Stroke& stroke, std::optional<Color> fill) override;
  void text(Point at, const Text& text, const TextStyle& style) override;
  void image(const Rect& where, const Raster& pixels) override;
  void push_clip(const Rect& rect) override;
  void pop_clip() override;

 private:
  cairo_t* cairo_;
};

// The figure rasterised at its canvas size (900×500 px per cell), RGBA.
Raster render_raster(const Figure& figure);
// PNG and PDF file contents.
std::string render_png(const Figure& figure);
std::string render_pdf(const Figure& figure);

}  // namespace llmlab::plot
