// SVG/PNG/PDF/HTML export and save() by extension.
#include "plot/export.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/figure_export.hpp"
#include "base/messages/system.hpp"
#include "base/text_case.hpp"
#include "base/text_escape.hpp"
#include "plot/backend.hpp"
#include "plot/draw.hpp"
#include "plot/layout.hpp"
#include "plot/svg_renderer.hpp"
#include "plot/text_metrics.hpp"

namespace llmlab::plot {
namespace {

// Per-panel mapping for the hover readout: data rectangle, limits and scales.
std::string panel_json(const FigureLayout& laid_out) {
  std::string json = "[";
  bool first = true;
  for (const PanelLayout& p : laid_out.panels) {
    if (!p.axes->has_content() || p.axes->surface) continue;
    json += fmt::format(
        "{}{{\"x\":{},\"y\":{},\"w\":{},\"h\":{},\"x0\":{},\"x1\":{},\"y0\":{},\"y1\":{},"
        "\"xlog\":{},\"ylog\":{},\"rev\":{}}}",
        first ? "" : ",", svg_number(p.data.x), svg_number(p.data.y), svg_number(p.data.width),
        svg_number(p.data.height), p.x.low, p.x.high, p.y.low, p.y.high, p.x.scale == Scale::Log,
        p.y.scale == Scale::Log, p.y.reversed);
    first = false;
  }
  return json + "]";
}

constexpr std::string_view kReadoutScript = R"(<script>
(function () {
  const svg = document.querySelector("svg");
  const out = document.getElementById("readout");
  const inv = (t, lo, hi, log) => log ? Math.pow(10, Math.log10(lo) + t * (Math.log10(hi) - Math.log10(lo))) : lo + t * (hi - lo);
  svg.addEventListener("mousemove", (e) => {
    const pt = svg.createSVGPoint(); pt.x = e.clientX; pt.y = e.clientY;
    const q = pt.matrixTransform(svg.getScreenCTM().inverse());
    const p = PANELS.find((p) => q.x >= p.x && q.x <= p.x + p.w && q.y >= p.y && q.y <= p.y + p.h);
    if (!p) { out.textContent = ""; return; }
    const x = inv((q.x - p.x) / p.w, p.x0, p.x1, p.xlog);
    const ty = p.rev ? (q.y - p.y) / p.h : (p.y + p.h - q.y) / p.h;
    const y = inv(ty, p.y0, p.y1, p.ylog);
    out.textContent = "x = " + x.toPrecision(5) + ", y = " + y.toPrecision(5);
  });
})();
</script>
)";

std::string lowercase_extension(std::string_view path) {
  return lowercase(std::filesystem::path(std::string(path)).extension().string());
}

}  // namespace

std::optional<FileFormat> format_for_path(std::string_view path) {
  const std::string extension = lowercase_extension(path);
  if (extension == ".svg") return FileFormat::Svg;
  if (extension == ".png") return FileFormat::Png;
  if (extension == ".pdf") return FileFormat::Pdf;
  if (extension == ".html" || extension == ".htm") return FileFormat::Html;
  return std::nullopt;
}

std::string render_svg(const Figure& figure, const InterruptCheck& check) {
  SvgRenderer renderer;
  CheckedRenderer checked(renderer, check);
  draw(figure, checked);
  return renderer.svg();
}

std::string render_svg(const Figure& figure, CellSize cell, const InterruptCheck& check) {
  const TextMetrics metrics;
  SvgRenderer renderer;
  CheckedRenderer checked(renderer, check);
  draw(layout(figure, metrics, cell), checked);
  return renderer.svg();
}

namespace {

std::unique_ptr<ImageCanvas> paint_image(const Figure& figure, const InterruptCheck& check) {
  const TextMetrics metrics;
  const FigureLayout laid_out = layout(figure, metrics);
  std::unique_ptr<ImageCanvas> canvas =
      backend().image_canvas(static_cast<int>(laid_out.width), static_cast<int>(laid_out.height));
  CheckedRenderer checked(canvas->renderer(), check);
  draw(laid_out, checked);
  return canvas;
}

}  // namespace

std::string render_png(const Figure& figure, const InterruptCheck& check) {
  return paint_image(figure, check)->png();
}

Raster render_raster(const Figure& figure, const InterruptCheck& check) {
  return paint_image(figure, check)->pixels();
}

std::string render_pdf(const Figure& figure, const InterruptCheck& check) {
  const TextMetrics metrics;
  const FigureLayout laid_out = layout(figure, metrics);
  std::unique_ptr<DocumentCanvas> canvas = backend().pdf_canvas(laid_out.width, laid_out.height);
  CheckedRenderer checked(canvas->renderer(), check);
  draw(laid_out, checked);
  return canvas->finish();
}

std::string render_html(const Figure& figure, const InterruptCheck& check) {
  const TextMetrics metrics;
  const FigureLayout laid_out = layout(figure, metrics);
  SvgRenderer renderer;
  CheckedRenderer checked(renderer, check);
  draw(laid_out, checked);
  std::string title = "llmlab figure";
  for (const Axes& axes : figure.axes) {
    if (!axes.title.empty()) {
      title = axes.title;
      break;
    }
  }
  return fmt::format(
      "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n"
      "body {{ background: {}; color: {}; font-family: '{}', sans-serif; margin: 16px; }}\n"
      "svg {{ max-width: 100%; height: auto; }}\n#readout {{ min-height: 1.4em; font-size: 13px; "
      "}}\n"
      "</style>\n</head>\n<body>\n{}<div id=\"readout\"></div>\n<script>const PANELS = "
      "{};</script>\n{}"
      "</body>\n</html>\n",
      xml_escape(title), laid_out.theme.background.hex(), laid_out.theme.foreground.hex(),
      kFontFamily, renderer.svg(), panel_json(laid_out), kReadoutScript);
}

std::string render(const Figure& figure, FileFormat format, const InterruptCheck& check) {
  switch (format) {
    case FileFormat::Svg:
      return render_svg(figure, check);
    case FileFormat::Png:
      return render_png(figure, check);
    case FileFormat::Pdf:
      return render_pdf(figure, check);
    case FileFormat::Html:
      return render_html(figure, check);
  }
  return {};
}

void save(const Figure& figure, const std::string& path, std::string_view shown,
          const InterruptCheck& check) {
  if (shown.empty()) shown = path;
  const std::optional<FileFormat> format = format_for_path(path);
  if (!format) {
    throw Error(fmt::format(messages::plot_file_type_unsupported, lowercase_extension(path)));
  }
  std::string reason;
  if (!write_file(path, render(figure, *format, check), reason)) {
    throw Error(fmt::format(messages::cannot_write_file, shown, reason));
  }
}

}  // namespace llmlab::plot
