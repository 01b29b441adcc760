// Messages: drawing figures out to files: layout, encoding, file types and backends (see
// base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_FIGURE_EXPORT_MESSAGES(M)                                                        \
  M(plot_axis_span_too_wide, "plot: the {} axis would run from {:g} to {:g}, a span too wide for a double; scale the data down") \
  M(plot_backend_cannot_load, "cannot load the plot backend (needed for PNG and PDF): {}")      \
  M(plot_backend_missing, "no such file")                                                       \
  M(plot_backend_wrong_version, "it has no {} (a module of another llmlab version?)")           \
  M(plot_file_type_unsupported, "unsupported file type '{}' (use .svg, .png, .pdf or .html)")   \
  M(plot_raster_not_built, "PNG and PDF figures are not in this build of llmlab (built without cairo); SVG is") \
  M(png_raster_size_mismatch, "encode_png: the raster's pixels do not match its size")
// clang-format on

namespace llmlab::messages {
LLMLAB_FIGURE_EXPORT_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
