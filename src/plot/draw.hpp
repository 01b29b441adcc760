// draw(): paints a laid-out figure through a Renderer — all panels' data first (grid, images,
// bars, lines, markers, reference lines, clipped to their data areas), then every label on top
// (axes, ticks, titles, legends, colorbars), as Signalsmith plot's writeData/writeLabel.
#pragma once

#include "plot/figure.hpp"
#include "plot/layout.hpp"
#include "plot/renderer.hpp"
#include "plot/text_metrics.hpp"

namespace llmlab::plot {

void draw(const Figure& figure, Renderer& renderer);
void draw(const FigureLayout& layout, Renderer& renderer);

// The glyph of a marker centred on the origin, and whether it is filled (else stroked).
Path marker_path(Marker marker, double size);
bool marker_filled(Marker marker);
std::vector<double> dash_pattern(LineStyle style);

// Surfaces are drawn by surface.cpp: a fixed-view 3-D projection (plotting.md §4.8).
void draw_surface(const PanelLayout& panel, const Surface& surface, const Theme& theme,
                  Renderer& renderer);

}  // namespace llmlab::plot
