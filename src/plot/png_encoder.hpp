// PNG encoding of an RGBA raster through cairo (used to embed images in SVG).
#pragma once

#include <string>

#include "plot/renderer.hpp"

namespace llmlab::plot {

std::string encode_png(const Raster& raster);

}  // namespace llmlab::plot
