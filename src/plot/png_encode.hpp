// A Raster as a PNG file: the pixels an SVG embeds for imagesc, heatmap and surf's colour map.
// Written here rather than taken from cairo or libpng so that both builds embed the same bytes
// (the WebAssembly build has neither: emscripten's zlib and libpng are ports fetched from the
// network, which its Debian package cannot do), and an SVG is one file whichever build drew it.
#pragma once

#include <string>

#include "plot/renderer.hpp"

namespace llmlab::plot {

// An 8-bit RGBA PNG (colour type 6) of `raster`, its rows unfiltered and its image data in
// stored (uncompressed) deflate blocks: a few kilobytes for a data-sized raster, which any PNG
// reader decodes.
std::string encode_png(const Raster& raster);

}  // namespace llmlab::plot
