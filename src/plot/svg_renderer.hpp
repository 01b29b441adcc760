// SVG output: deterministic text (coordinates rounded to 2 decimals, elements in drawing order,
// clip ids numbered in order,
// prefixed with a hash of the figure so that ids stay unique in a page of many figures) so golden
// tests can compare files as text (plotting.md §7.1).
#pragma once

#include <string>

#include "plot/renderer.hpp"

namespace llmlab::plot {

class SvgRenderer final : public Renderer {
 public:
  void begin(double width, double height, Color background) override;
  void end() override;
  void path(const Path& path, const Stroke& stroke, std::optional<Color> fill) override;
  void text(Point at, const Text& text, const TextStyle& style) override;
  void image(const Rect& where, const Raster& pixels) override;
  void push_clip(const Rect& rect) override;
  void pop_clip() override;

  const std::string& svg() const { return out_; }

 private:
  // Stands for the figure's id prefix until end() knows the hash of the finished text.
  static constexpr const char* kIdMarker = "@ID@";
  void prefix_ids();

  std::string out_;
  int next_clip_ = 1;
  int open_groups_ = 0;
};

// "1.5", "-3", "12.25": at most two decimals, no trailing zeros, no "-0".
std::string svg_number(double value);

}  // namespace llmlab::plot
