// Cairo/pango implementation of the Renderer.
#include "plot/cairo/cairo_renderer.hpp"

#include <pango/pangocairo.h>

#include <cmath>
#include <cstring>
#include <numbers>

#include "plot/cairo/pango_text.hpp"

namespace llmlab::plot {
namespace {

void set_color(cairo_t* cairo, const Color& c) {
  cairo_set_source_rgba(cairo, c.red, c.green, c.blue, c.alpha);
}

void add_path(cairo_t* cairo, const Path& path) {
  std::size_t p = 0;
  for (Path::Verb verb : path.verbs) {
    switch (verb) {
      case Path::Verb::Move:
        cairo_move_to(cairo, path.points[p].x, path.points[p].y);
        ++p;
        break;
      case Path::Verb::Line:
        cairo_line_to(cairo, path.points[p].x, path.points[p].y);
        ++p;
        break;
      case Path::Verb::Cubic:
        cairo_curve_to(cairo, path.points[p].x, path.points[p].y, path.points[p + 1].x,
                       path.points[p + 1].y, path.points[p + 2].x, path.points[p + 2].y);
        p += 3;
        break;
      case Path::Verb::Close:
        cairo_close_path(cairo);
        break;
    }
  }
}

PangoLayout* text_layout(cairo_t* cairo, std::string_view text, double size, bool bold) {
  PangoLayout* layout = pango_cairo_create_layout(cairo);
  set_layout_text(layout, text, size, bold);
  return layout;
}

double layout_width(PangoLayout* layout) {
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  return logical.width / static_cast<double>(PANGO_SCALE);
}

// Draws with the baseline's left end at (x, y).
void show_layout(cairo_t* cairo, PangoLayout* layout, double x, double y) {
  const double baseline = pango_layout_get_baseline(layout) / static_cast<double>(PANGO_SCALE);
  cairo_move_to(cairo, x, y - baseline);
  pango_cairo_show_layout(cairo, layout);
}

}  // namespace

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// Premultiplied ARGB32, the layout cairo image surfaces use.
cairo_surface_t* surface_from_raster(const Raster& raster) {
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, raster.width, raster.height);
  cairo_surface_flush(surface);
  unsigned char* data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  for (int y = 0; y < raster.height; ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < raster.width; ++x) {
      const std::uint8_t* px =
          &raster.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(raster.width) +
                        static_cast<std::size_t>(x)) *
                       4];
      const unsigned a = px[3];
      auto pre = [a](unsigned v) { return (v * a + 127) / 255; };
      row[x] = (a << 24) | (pre(px[0]) << 16) | (pre(px[1]) << 8) | pre(px[2]);
    }
  }
  cairo_surface_mark_dirty(surface);
  return surface;
}

void CairoRenderer::begin(double width, double height, Color background) {
  set_color(cairo_, background);
  cairo_rectangle(cairo_, 0, 0, width, height);
  cairo_fill(cairo_);
}

void CairoRenderer::end() { cairo_reset_clip(cairo_); }

void CairoRenderer::path(const Path& path, const Stroke& stroke, std::optional<Color> fill) {
  if (path.empty()) return;
  cairo_new_path(cairo_);
  add_path(cairo_, path);
  if (fill) {
    set_color(cairo_, *fill);
    if (stroke.width > 0) {
      cairo_fill_preserve(cairo_);
    } else {
      cairo_fill(cairo_);
    }
  }
  if (stroke.width > 0) {
    set_color(cairo_, stroke.color);
    cairo_set_line_width(cairo_, stroke.width);
    cairo_set_line_join(cairo_, stroke.round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER);
    cairo_set_line_cap(cairo_, stroke.round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
    cairo_set_dash(cairo_, stroke.dashes.data(), static_cast<int>(stroke.dashes.size()), 0);
    cairo_stroke(cairo_);
  }
  cairo_new_path(cairo_);
}

void CairoRenderer::text(Point at, const Text& text, const TextStyle& style) {
  cairo_save(cairo_);
  cairo_translate(cairo_, at.x, at.y);
  if (style.rotated) cairo_rotate(cairo_, -std::numbers::pi / 2);
  PangoLayout* body = text_layout(cairo_, text.body, style.size, style.bold);
  PangoLayout* superscript = text.superscript.empty() ? nullptr
                                                      : text_layout(cairo_, text.superscript,
                                                                    0.75 * style.size, style.bold);
  const double body_width = layout_width(body);
  const double width = body_width + (superscript ? layout_width(superscript) : 0.0);
  double x = 0;
  if (style.anchor == Anchor::Middle) x = -width / 2;
  if (style.anchor == Anchor::End) x = -width;
  set_color(cairo_, style.color);
  show_layout(cairo_, body, x, 0);
  if (superscript) {
    show_layout(cairo_, superscript, x + body_width, -0.4 * style.size);
    g_object_unref(superscript);
  }
  g_object_unref(body);
  cairo_restore(cairo_);
}

void CairoRenderer::image(const Rect& where, const Raster& pixels) {
  if (pixels.width <= 0 || pixels.height <= 0) return;
  cairo_surface_t* surface = surface_from_raster(pixels);
  cairo_save(cairo_);
  cairo_translate(cairo_, where.x, where.y);
  cairo_scale(cairo_, where.width / pixels.width, where.height / pixels.height);
  cairo_set_source_surface(cairo_, surface, 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cairo_), CAIRO_FILTER_NEAREST);
  cairo_rectangle(cairo_, 0, 0, pixels.width, pixels.height);
  cairo_fill(cairo_);
  cairo_restore(cairo_);
  cairo_surface_destroy(surface);
}

void CairoRenderer::push_clip(const Rect& rect) {
  cairo_save(cairo_);
  cairo_rectangle(cairo_, rect.x, rect.y, rect.width, rect.height);
  cairo_clip(cairo_);
}

void CairoRenderer::pop_clip() { cairo_restore(cairo_); }

}  // namespace llmlab::plot
