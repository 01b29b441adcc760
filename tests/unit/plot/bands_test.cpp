// Error bars and filled bands (issue #16) in every backend: the SVG has the bars and the
// translucent polygon, the PNG has their colours where they are drawn, the PDF and HTML carry
// them, and the braille preview shows them.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>

#include "plot/export.hpp"
#include "plot/layout.hpp"
#include "plot/terminal_preview.hpp"

namespace llmlab::plot {
namespace {

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

Figure band_figure() {
  Figure f;
  Axes& a = f.axes[0];
  Series band;
  band.kind = SeriesKind::Fill;
  band.x = {1, 2, 3, 3, 2, 1};
  band.y = {1, 2, 1.5, 3.5, 4, 3};
  band.color = *parse_color("#ff0000");
  band.face_alpha = 0.3;
  a.series.push_back(band);
  Series bars;
  bars.kind = SeriesKind::ErrorBar;
  bars.x = {1, 2, 3};
  bars.y = {2, 3, 2.5};
  bars.error_below = {0.5, 1, 0.25};
  bars.error_above = {1, 0.5, 2};
  bars.color = *parse_color("#0000ff");
  a.series.push_back(bars);
  return f;
}

TEST(bands, svg_has_polygon_with_alpha_and_capped_bars) {
  const std::string svg = render_svg(band_figure());
  EXPECT_NE(svg.find("fill-opacity=\"0.3\""), std::string::npos) << svg;
  // The error bars are one path of 3 × (bar + 2 caps) = 9 sub-paths in blue.
  const std::size_t blue = svg.find("stroke=\"#0000ff\"");
  ASSERT_NE(blue, std::string::npos);
  const std::size_t start = svg.rfind("<path", blue);
  const std::string bars = svg.substr(start, blue - start);
  EXPECT_EQ(count(bars, "M"), 9u) << bars;
}

TEST(bands, limits_include_the_error_extents) {
  const TextMetrics metrics;
  const FigureLayout l = layout(band_figure(), metrics);
  // The highest bar top is 2.5 + 2 = 4.5, above every y and polygon point.
  EXPECT_GE(l.panels[0].y.high, 4.5);
  EXPECT_LE(l.panels[0].y.low, 1.0);
}

TEST(bands, png_draws_the_band_and_the_bars) {
  const Raster r = render_raster(band_figure());
  const TextMetrics metrics;
  const FigureLayout l = layout(band_figure(), metrics);
  const auto at = [&](double x, double y) {
    const Point p = l.panels[0].map(x, y);
    const std::size_t i =
        (static_cast<std::size_t>(std::lround(p.y)) * static_cast<std::size_t>(r.width) +
         static_cast<std::size_t>(std::lround(p.x))) *
        4;
    return std::array<int, 3>{r.rgba[i], r.rgba[i + 1], r.rgba[i + 2]};
  };
  // Inside the band, away from the line (x = 1.5, y = 3.2): red blended over the background.
  const auto inside = at(1.5, 3.2);
  EXPECT_GT(inside[0], inside[1] + 30);
  EXPECT_GT(inside[0], inside[2] + 30);
  // On the third bar, above the band and the line (x = 3, y = 4): blue.
  bool blue = false;
  for (int dx = -2; dx <= 2 && !blue; ++dx) {
    const auto c = at(3 + dx * 0.002, 4.0);
    blue = c[2] > 150 && c[0] < 120;
  }
  EXPECT_TRUE(blue);
}

TEST(bands, pdf_html_and_braille_carry_them) {
  const std::string pdf = render_pdf(band_figure());
  EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
  EXPECT_GT(pdf.size(), 1000u);
  const std::string html = render_html(band_figure());
  EXPECT_NE(html.find("fill-opacity=\"0.3\""), std::string::npos);
  // The bars and the band's outline set braille dots (U+2801..U+28FF) an empty figure lacks.
  const auto dots = [](const std::string& text) {
    std::size_t n = 0;
    for (std::size_t i = 0; i + 2 < text.size(); ++i) {
      const auto lead = static_cast<unsigned char>(text[i]);
      const auto second = static_cast<unsigned char>(text[i + 1]);
      const auto third = static_cast<unsigned char>(text[i + 2]);
      if (lead == 0xE2 && second >= 0xA0 && second <= 0xA3 && !(second == 0xA0 && third == 0x80))
        ++n;
    }
    return n;
  };
  const std::size_t dots_blank = dots(terminal_preview(Figure{}, 40, 12));
  const std::size_t dots_drawn = dots(terminal_preview(band_figure(), 40, 12));
  EXPECT_GT(dots_drawn, dots_blank + 5);
}

}  // namespace
}  // namespace llmlab::plot
