// Figure files: SVG, PNG, PDF and a self-contained HTML page (plotting.md §7), chosen by file
// extension in save().
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "plot/checked_renderer.hpp"
#include "plot/figure.hpp"
#include "plot/layout.hpp"
#include "plot/renderer.hpp"

namespace llmlab::plot {

enum class FileFormat { Svg, Png, Pdf, Html };

// From the extension, case-insensitive (.svg .png .pdf .html .htm); nullopt otherwise.
std::optional<FileFormat> format_for_path(std::string_view path);

// Each render calls `check` between drawing primitives (checked_renderer.hpp): whatever it
// throws ends the render.
std::string render_svg(const Figure& figure, const InterruptCheck& check = {});
// The SVG laid out in cells of `cell` instead of 900×500.
std::string render_svg(const Figure& figure, CellSize cell, const InterruptCheck& check = {});
// PNG and PDF file contents, painted by the plot backend (backend.hpp).
std::string render_png(const Figure& figure, const InterruptCheck& check = {});
std::string render_pdf(const Figure& figure, const InterruptCheck& check = {});
// The figure rasterised at its canvas size (900×500 px per cell), RGBA.
Raster render_raster(const Figure& figure, const InterruptCheck& check = {});
// The SVG inline in a page with a hover readout of data coordinates; no network resources.
std::string render_html(const Figure& figure, const InterruptCheck& check = {});
std::string render(const Figure& figure, FileFormat format, const InterruptCheck& check = {});

// Writes the file at `path`. Throws llmlab::Error "unsupported file type '<ext>' (use .svg, .png,
// .pdf or .html)" or "cannot write '<shown>': <reason>", where `shown` is the path as the user
// wrote it (default: `path`); callers prefix their own name.
void save(const Figure& figure, const std::string& path, std::string_view shown = {},
          const InterruptCheck& check = {});

}  // namespace llmlab::plot
