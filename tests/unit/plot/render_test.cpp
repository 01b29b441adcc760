// Renderers: SVG structure, PNG probes robust to font hinting, HTML page, terminal preview,
// save() by extension.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "base/error.hpp"
#include "base/text_escape.hpp"
#include "plot/export.hpp"
#include "plot/layout.hpp"
#include "plot/svg_renderer.hpp"
#include "plot/terminal_preview.hpp"
#include "seed_figures.hpp"

namespace llmlab::plot {
namespace {

std::array<int, 3> pixel(const Raster& r, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(r.width) +
                         static_cast<std::size_t>(x)) *
                        4;
  return {r.rgba[i], r.rgba[i + 1], r.rgba[i + 2]};
}

TEST(svg, numbers_round_to_two_decimals) {
  EXPECT_EQ(svg_number(1.0), "1");
  EXPECT_EQ(svg_number(1.005), "1");
  EXPECT_EQ(svg_number(2.5), "2.5");
  EXPECT_EQ(svg_number(-0.001), "0");
  EXPECT_EQ(svg_number(12.345678), "12.35");
}

TEST(svg, text_is_escaped_and_utf8_kept) {
  EXPECT_EQ(xml_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
  Figure f = testing::histogram_figure();
  const std::string svg = render_svg(f);
  EXPECT_NE(svg.find("mean ≈ 1.5"), std::string::npos);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"1000\"", 0),
            0u);
}

TEST(svg, dashed_series_use_a_dash_array) {
  const std::string svg = render_svg(testing::jacobian_figure());
  EXPECT_NE(svg.find("stroke-dasharray=\"8,5\""), std::string::npos);
  EXPECT_NE(svg.find(">singular value (log scale)</text>"), std::string::npos);
}

TEST(png, probes_find_background_and_series_colours) {
  const Raster r = render_raster(testing::magnitude_figure());
  const Theme theme = Theme::dark();
  // The top-left corner is background.
  const auto corner = pixel(r, 2, 2);
  EXPECT_EQ(corner[0], static_cast<int>(std::lround(theme.background.red * 255)));
  // Somewhere on the red line: it starts at (l = 0, y = 6) and is the only red thing.
  const TextMetrics metrics;
  const Figure f = testing::magnitude_figure();
  const FigureLayout l = layout(f, metrics);
  const Point p = l.panels[0].map(12, 6.0 * std::pow(0.497, 12));
  bool found_red = false;
  for (int dy = -3; dy <= 3; ++dy) {
    const auto c = pixel(r, static_cast<int>(p.x), static_cast<int>(p.y) + dy);
    found_red = found_red || (c[0] > 150 && c[1] < 90 && c[2] < 90);
  }
  EXPECT_TRUE(found_red);
}

TEST(png, file_has_signature_and_size) {
  const std::string png = render_png(testing::jacobian_figure());
  ASSERT_GT(png.size(), 1000u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  // IHDR: width and height big-endian at bytes 16..23.
  auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned char>(png[at]) << 24) |
           (static_cast<unsigned char>(png[at + 1]) << 16) |
           (static_cast<unsigned char>(png[at + 2]) << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  EXPECT_EQ(be32(16), 900);
  EXPECT_EQ(be32(20), 500);
}

TEST(pdf, starts_with_header) {
  const std::string pdf = render_pdf(testing::magnitude_figure());
  EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
}

TEST(html, page_is_self_contained_with_title_and_readout) {
  const std::string html = render_html(testing::magnitude_figure());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<meta charset=\"utf-8\">"), std::string::npos);
  EXPECT_NE(html.find("<title>Activation magnitude vs. depth"), std::string::npos);
  EXPECT_NE(html.find("\"ylog\":true"), std::string::npos);
  EXPECT_EQ(html.find("http://cdn"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
}

TEST(save, picks_format_from_extension_and_rejects_others) {
  EXPECT_EQ(format_for_path("a/b.SVG"), FileFormat::Svg);
  EXPECT_EQ(format_for_path("x.htm"), FileFormat::Html);
  EXPECT_FALSE(format_for_path("x.jpg").has_value());
  const auto dir = std::filesystem::temp_directory_path() / "llmlab_plot_save_test";
  std::filesystem::create_directories(dir);
  const Figure f = testing::jacobian_figure();
  save(f, (dir / "fig.png").string());
  EXPECT_GT(std::filesystem::file_size(dir / "fig.png"), 1000u);
  try {
    save(f, (dir / "fig.jpg").string());
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "unsupported file type '.jpg' (use .svg, .png, .pdf or .html)");
  }
  EXPECT_THROW(save(f, (dir / "missing" / "deeper" / "fig.svg").string()), Error);
  std::filesystem::remove_all(dir);
}

TEST(terminal, preview_has_requested_size_and_labels) {
  const std::string text = terminal_preview(testing::magnitude_figure(), 80, 24);
  int lines = 0;
  for (char c : text) lines += c == '\n' ? 1 : 0;
  EXPECT_EQ(lines, 24);
  EXPECT_NE(text.find("Activation magnitude"), std::string::npos);
  EXPECT_NE(text.find("10⁻⁶"), std::string::npos);
  EXPECT_NE(text.find("\xe2\xa0"), std::string::npos);  // braille block U+28xx
}

}  // namespace
}  // namespace llmlab::plot
