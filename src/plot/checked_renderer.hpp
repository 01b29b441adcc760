// A Renderer that asks before each drawing primitive whether to go on, so that Ctrl-C, the
// kernel's stop button or a block's time limit can end a long render between primitives (a
// single primitive is bounded: lines are simplified first, simplify.hpp).
#pragma once

#include <functional>

#include "plot/renderer.hpp"

namespace llmlab::plot {

// Called between primitives; throws (the interpreter's interrupt) to stop the render. Empty:
// the render always runs to the end.
using InterruptCheck = std::function<void()>;

class CheckedRenderer final : public Renderer {
 public:
  CheckedRenderer(Renderer& inner, const InterruptCheck& check) : inner_(inner), check_(check) {}
  void begin(double width, double height, Color background) override;
  void end() override;
  void path(const Path& path, const Stroke& stroke, std::optional<Color> fill) override;
  void text(Point at, const Text& text, const TextStyle& style) override;
  void image(const Rect& where, const Raster& pixels) override;
  void push_clip(const Rect& rect) override;
  void pop_clip() override;
  // Passed on in batches, with a check between them.
  void markers(const Path& marker, std::span<const Point> at, const Stroke& stroke,
               std::optional<Color> fill) override;

 private:
  void check() const {
    if (check_) check_();
  }
  Renderer& inner_;
  const InterruptCheck& check_;
};

}  // namespace llmlab::plot
