// Polyline simplification for stroking: a noisy line of 1e6 points becomes a few thousand vertices
// whose stroke covers the same pixels, so a rasteriser's cost no longer grows with the data (cairo
// tessellates every self-intersection of a zigzag: 1e5 raw points took 100 s).
//
// The rule, in canvas pixels: consecutive points that stay within `kSimplifyTolerance` of one
// straight line are one run, and the run is drawn through its real vertices that reach furthest
// forward and furthest back along that line, then its last point. A stroke is the union of its
// segments, and the union of collinear segments is the interval between those extremes, so the
// drawing moves by at most the tolerance (a tenth of a pixel: a few antialiased grey levels on
// the line's edge). Points closer than the tolerance to the run's start are merged into it.
// Segments whose two ends lie beyond the same edge of the visible rectangle, widened by the
// furthest a cap or mitre join can reach, are invisible under the clip and become a pen move.
// A dashed line keeps its look except where a run folds back on itself, where its dashes
// restart at another phase; no one can see a dash in a stroke that retraces itself.
#pragma once

#include <span>
#include <vector>

#include "plot/renderer.hpp"

namespace llmlab::plot {

inline constexpr double kSimplifyTolerance = 0.1;  // px
// Shorter polylines are drawn as given: cheap to stroke, and their SVG keeps every data point.
inline constexpr std::size_t kSimplifyFrom = 512;
// A simplified noisy line is still thousands of overlapping near-vertical segments, and a
// rasteriser's cost grows with the square of the crossings inside one stroke; an opaque solid
// line with round joins paints the same pixels as consecutive strokes of this many vertices
// each (a round join is two round caps), up to the antialiased edges where two strokes overlap.
// draw() cuts only lines of kSimplifyFrom vertices or more.
inline constexpr std::size_t kStrokeChunk = 64;

// Appends the polyline through `points` to `path` (a move to the first point, lines after),
// simplified for a stroke of `line_width` px clipped to `visible` when it has kSimplifyFrom
// points or more.
void append_simplified_polyline(Path& path, std::span<const Point> points, const Rect& visible,
                                double line_width);

// `path` (moves and lines only) cut into consecutive paths of at most `vertices` vertices, each
// starting where the previous one ended.
std::vector<Path> split_path(const Path& path, std::size_t vertices);

}  // namespace llmlab::plot
