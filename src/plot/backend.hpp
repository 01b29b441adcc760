// The part of plotting that needs cairo and pango (PNG and PDF), behind an interface; text is
// measured without them (plot/text_metrics.hpp). Its implementation (plot/cairo/) is a module,
// libllmlab_cairo.so, that backend() loads on first use: a script that draws nothing never maps
// cairo, pango, glib, fontconfig or X11, and the interpreter starts with half the shared objects
// (bench/startup.py).
//
// The module is built from this tree with the same compiler, so C++ types cross the boundary;
// kBackendEntry carries a version, bumped whenever these classes change, so that a stale module
// is refused with a message instead of called through the wrong vtable.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "plot/renderer.hpp"

namespace llmlab::plot {

inline constexpr std::string_view kFontFamily = "DejaVu Sans";

struct TextExtent {
  double width = 0.0;
  double ascent = 0.0;   // baseline to the top of the line box
  double descent = 0.0;  // baseline to the bottom of the line box
};

// A whole-pixel ARGB image to paint through renderer().
class ImageCanvas {
 public:
  virtual ~ImageCanvas() = default;
  virtual Renderer& renderer() = 0;
  // The pixels painted so far, unpremultiplied RGBA.
  virtual Raster pixels() = 0;
  virtual std::string png() = 0;
};

// A one-page PDF document to paint through renderer().
class DocumentCanvas {
 public:
  virtual ~DocumentCanvas() = default;
  virtual Renderer& renderer() = 0;
  // Ends the document and returns the file; call once, after the last drawing.
  virtual std::string finish() = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::unique_ptr<ImageCanvas> image_canvas(int width, int height) const = 0;
  virtual std::unique_ptr<DocumentCanvas> pdf_canvas(double width, double height) const = 0;
};

// The module's one exported symbol: `extern "C" const Backend* llmlab_plot_backend_v3()`.
inline constexpr const char* kBackendEntry = "llmlab_plot_backend_v3";
using BackendEntry = const Backend* (*)();

// The backend, loaded on the first call from $LLMLAB_PLOT_BACKEND when set, else
// libllmlab_cairo.so beside the running executable, else the installed one. Throws
// llmlab::Error naming each path tried and why it failed when none loads.
const Backend& backend();

// False in a build without the module (LLMLAB_CAIRO off: the WebAssembly build), where
// backend() always throws: SVG is that build's only figure format.
bool backend_built();

}  // namespace llmlab::plot
