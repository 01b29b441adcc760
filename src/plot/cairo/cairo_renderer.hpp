// The Renderer calls replayed on a cairo context, text through pango with the same font setup
// as the measurements (plotting.md §7.2). Part of the backend module (plot/backend.hpp).
#pragma once

#include <cairo.h>

#include <string>

#include "plot/renderer.hpp"

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

// A premultiplied ARGB32 image surface holding `raster`; the caller destroys it.
cairo_surface_t* surface_from_raster(const Raster& raster);

// A cairo write function appending to the std::string that `closure` points to.
cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length);

}  // namespace llmlab::plot
