// The cairo/pango plot backend: what plot/backend.hpp asks for, and the module's one exported
// symbol. Everything else in the module is hidden (CMake builds it with hidden visibility).
#include "plot/backend.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <cmath>
#include <cstdint>

#include "plot/cairo/cairo_renderer.hpp"

namespace llmlab::plot {
namespace {

class CairoImage final : public ImageCanvas {
 public:
  CairoImage(int width, int height)
      : surface_(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)),
        cairo_(cairo_create(surface_)),
        renderer_(cairo_) {}
  ~CairoImage() override {
    cairo_destroy(cairo_);
    cairo_surface_destroy(surface_);
  }
  CairoImage(const CairoImage&) = delete;
  CairoImage& operator=(const CairoImage&) = delete;

  Renderer& renderer() override { return renderer_; }

  Raster pixels() override {
    cairo_surface_flush(surface_);
    Raster raster;
    raster.width = cairo_image_surface_get_width(surface_);
    raster.height = cairo_image_surface_get_height(surface_);
    raster.rgba.resize(static_cast<std::size_t>(raster.width) *
                       static_cast<std::size_t>(raster.height) * 4);
    const unsigned char* data = cairo_image_surface_get_data(surface_);
    const int stride = cairo_image_surface_get_stride(surface_);
    for (int y = 0; y < raster.height; ++y) {
      const auto* row =
          reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
      for (int x = 0; x < raster.width; ++x) {
        const std::uint32_t v = row[x];
        const unsigned a = v >> 24;
        auto unpremultiply = [a](unsigned c) { return a == 0 ? 0u : (c * 255 + a / 2) / a; };
        std::uint8_t* px =
            &raster.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(raster.width) +
                          static_cast<std::size_t>(x)) *
                         4];
        px[0] = static_cast<std::uint8_t>(unpremultiply((v >> 16) & 255));
        px[1] = static_cast<std::uint8_t>(unpremultiply((v >> 8) & 255));
        px[2] = static_cast<std::uint8_t>(unpremultiply(v & 255));
        px[3] = static_cast<std::uint8_t>(a);
      }
    }
    return raster;
  }

  std::string png() override {
    cairo_surface_flush(surface_);
    std::string bytes;
    cairo_surface_write_to_png_stream(surface_, append_to_string, &bytes);
    return bytes;
  }

 private:
  cairo_surface_t* surface_;
  cairo_t* cairo_;
  CairoRenderer renderer_;
};

class CairoDocument final : public DocumentCanvas {
 public:
  CairoDocument(double width, double height)
      : surface_(cairo_pdf_surface_create_for_stream(append_to_string, &bytes_, width, height)),
        cairo_(cairo_create(surface_)),
        renderer_(cairo_) {}
  ~CairoDocument() override {
    if (cairo_ != nullptr) cairo_destroy(cairo_);
    cairo_surface_destroy(surface_);
  }
  CairoDocument(const CairoDocument&) = delete;
  CairoDocument& operator=(const CairoDocument&) = delete;

  Renderer& renderer() override { return renderer_; }

  std::string finish() override {
    if (cairo_ != nullptr) {
      cairo_destroy(cairo_);
      cairo_ = nullptr;
      cairo_surface_finish(surface_);
    }
    return std::move(bytes_);
  }

 private:
  // Declared first: the surface's write function appends to it until the surface is finished.
  std::string bytes_;
  cairo_surface_t* surface_;
  cairo_t* cairo_;
  CairoRenderer renderer_;
};

class CairoBackend final : public Backend {
 public:
  std::unique_ptr<ImageCanvas> image_canvas(int width, int height) const override {
    return std::make_unique<CairoImage>(width, height);
  }
  std::unique_ptr<DocumentCanvas> pdf_canvas(double width, double height) const override {
    return std::make_unique<CairoDocument>(width, height);
  }
};

}  // namespace
}  // namespace llmlab::plot

extern "C" __attribute__((visibility("default"))) const llmlab::plot::Backend*
llmlab_plot_backend_v3() {
  // No state: nothing for the process's exit to tear down in a particular order.
  static const llmlab::plot::CairoBackend backend;
  return &backend;
}
