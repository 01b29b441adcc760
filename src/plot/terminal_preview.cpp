// The braille preview: a Renderer that rasterises strokes onto a dot grid and places text in a
// character overlay, then merges the two.
#include "plot/terminal_preview.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "base/utf8.hpp"
#include "plot/draw.hpp"
#include "plot/layout.hpp"

namespace llmlab::plot {
namespace {

std::string utf8(char32_t c) {
  std::string out;
  append_utf8(out, c);
  return out;
}

// Text as one string per character (each taken as one cell wide).
std::vector<std::string> code_points(std::string_view text) {
  std::vector<std::string> result;
  for (const std::string_view character : characters_of(text)) result.emplace_back(character);
  return result;
}

std::string superscript_digits(std::string_view digits) {
  static const char32_t kDigits[] = {0x2070, 0x00B9, 0x00B2, 0x00B3, 0x2074,
                                     0x2075, 0x2076, 0x2077, 0x2078, 0x2079};
  std::string out;
  for (char c : digits) {
    if (c >= '0' && c <= '9')
      out += utf8(kDigits[c - '0']);
    else if (c == '-')
      out += utf8(0x207B);
    else
      out += c;
  }
  return out;
}

class BrailleRenderer final : public Renderer {
 public:
  BrailleRenderer(int columns, int rows)
      : columns_(columns),
        rows_(rows),
        dots_(static_cast<std::size_t>(columns * 2 * rows * 4), false),
        overlay_(static_cast<std::size_t>(columns * rows)) {}

  void begin(double width, double height, Color background) override {
    sx_ = columns_ * 2 / width;
    sy_ = rows_ * 4 / height;
    background_ = background;
  }
  void end() override {}

  void path(const Path& path, const Stroke& stroke, std::optional<Color> fill) override {
    // Faint strokes (grid lines, legend frames) would only clutter the preview.
    const bool visible_stroke = stroke.width > 0 && stroke.color.alpha >= 0.5;
    const bool visible_fill =
        fill && fill->alpha >= 0.5 && fill->with_alpha(1) != background_.with_alpha(1);
    if (!visible_stroke && !visible_fill) return;
    std::size_t p = 0;
    Point start{}, current{};
    for (Path::Verb verb : path.verbs) {
      switch (verb) {
        case Path::Verb::Move:
          start = current = path.points[p++];
          break;
        case Path::Verb::Line:
          line(current, path.points[p]);
          current = path.points[p++];
          break;
        case Path::Verb::Cubic:
          line(current, path.points[p + 2]);
          current = path.points[p + 2];
          p += 3;
          break;
        case Path::Verb::Close:
          line(current, start);
          current = start;
          break;
      }
    }
  }

  void text(Point at, const Text& text, const TextStyle& style) override {
    if (style.rotated) return;
    std::vector<std::string> cells = code_points(text.body);
    for (std::string& s : code_points(superscript_digits(text.superscript)))
      cells.push_back(std::move(s));
    const int row = static_cast<int>(std::floor((at.y - 0.35 * style.size) * sy_ / 4));
    int column = static_cast<int>(std::lround(at.x * sx_ / 2));
    const int length = static_cast<int>(cells.size());
    if (style.anchor == Anchor::Middle) column -= length / 2;
    if (style.anchor == Anchor::End) column -= length;
    if (row < 0 || row >= rows_) return;
    column = std::clamp(column, 0, std::max(0, columns_ - length));
    for (int i = 0; i < length && column + i < columns_; ++i) {
      overlay_[static_cast<std::size_t>(row * columns_ + column + i)] =
          cells[static_cast<std::size_t>(i)];
    }
  }

  void image(const Rect& where, const Raster&) override {
    // Images show as their outline; a braille cell cannot carry a colour scale.
    Path outline = Path::rectangle(where);
    path(outline, Stroke{Color{}, 1.0, {}, false}, std::nullopt);
  }
  void push_clip(const Rect& rect) override { clips_.push_back(rect); }
  void pop_clip() override {
    if (!clips_.empty()) clips_.pop_back();
  }

  std::string result() const {
    static const unsigned kBits[4][2] = {{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}};
    std::string out;
    for (int row = 0; row < rows_; ++row) {
      std::string line;
      for (int column = 0; column < columns_; ++column) {
        const std::string& over = overlay_[static_cast<std::size_t>(row * columns_ + column)];
        if (!over.empty()) {
          line += over;
          continue;
        }
        unsigned bits = 0;
        for (int dy = 0; dy < 4; ++dy) {
          for (int dx = 0; dx < 2; ++dx) {
            if (dot(column * 2 + dx, row * 4 + dy)) bits |= kBits[dy][dx];
          }
        }
        line += bits == 0 ? std::string(" ") : utf8(static_cast<char32_t>(0x2800 + bits));
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
    return out;
  }

 private:
  bool dot(int x, int y) const { return dots_[static_cast<std::size_t>(y * columns_ * 2 + x)]; }

  void set(double x, double y) {
    if (!clips_.empty()) {
      const Rect& c = clips_.back();
      if (x < c.x * sx_ - 0.5 || x > c.right() * sx_ + 0.5 || y < c.y * sy_ - 0.5 ||
          y > c.bottom() * sy_ + 0.5)
        return;
    }
    const int ix = static_cast<int>(std::floor(x));
    const int iy = static_cast<int>(std::floor(y));
    if (ix < 0 || iy < 0 || ix >= columns_ * 2 || iy >= rows_ * 4) return;
    dots_[static_cast<std::size_t>(iy * columns_ * 2 + ix)] = true;
  }

  void line(Point a, Point b) {
    const double x0 = a.x * sx_, y0 = a.y * sy_, x1 = b.x * sx_, y1 = b.y * sy_;
    const double steps = std::ceil(std::max(std::abs(x1 - x0), std::abs(y1 - y0)));
    if (!std::isfinite(steps) || steps > 1e5) return;
    for (double k = 0; k <= steps; k += 1) {
      const double t = steps == 0 ? 0 : k / steps;
      set(x0 + t * (x1 - x0), y0 + t * (y1 - y0));
    }
  }

  int columns_, rows_;
  double sx_ = 1, sy_ = 1;
  Color background_;
  std::vector<bool> dots_;
  std::vector<std::string> overlay_;
  std::vector<Rect> clips_;
};

}  // namespace

std::string terminal_preview(const Figure& figure, int columns, int rows) {
  BrailleRenderer renderer(std::max(columns, 10), std::max(rows, 4));
  draw(figure, renderer);
  return renderer.result();
}

}  // namespace llmlab::plot
