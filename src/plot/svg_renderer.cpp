// The SVG renderer: one element per Renderer call, in call order.
#include "plot/svg_renderer.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <string_view>

#include "base/hash.hpp"
#include "base/text_escape.hpp"
#include "plot/png_encode.hpp"
#include "plot/text_metrics.hpp"

namespace llmlab::plot {
namespace {

std::string paint(std::string_view attribute, const Color& color) {
  std::string result = fmt::format(" {}=\"{}\"", attribute, color.hex());
  if (color.alpha < 1.0)
    result += fmt::format(" {}-opacity=\"{}\"", attribute, svg_number(color.alpha));
  return result;
}

std::string path_data(const Path& path) {
  std::string d;
  std::size_t p = 0;
  auto point = [&](Point q) { return svg_number(q.x) + "," + svg_number(q.y); };
  for (Path::Verb verb : path.verbs) {
    switch (verb) {
      case Path::Verb::Move:
        d += "M" + point(path.points[p++]);
        break;
      case Path::Verb::Line:
        d += "L" + point(path.points[p++]);
        break;
      case Path::Verb::Cubic:
        d += "C" + point(path.points[p]) + " " + point(path.points[p + 1]) + " " +
             point(path.points[p + 2]);
        p += 3;
        break;
      case Path::Verb::Close:
        d += "Z";
        break;
    }
  }
  return d;
}

const char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(const std::string& bytes) {
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned n = (static_cast<unsigned char>(bytes[i]) << 16) |
                       (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += kBase64[(n >> 18) & 63];
    out += kBase64[(n >> 12) & 63];
    out += kBase64[(n >> 6) & 63];
    out += kBase64[n & 63];
  }
  if (i + 1 == bytes.size()) {
    const unsigned n = static_cast<unsigned>(static_cast<unsigned char>(bytes[i])) << 16;
    out += kBase64[(n >> 18) & 63];
    out += kBase64[(n >> 12) & 63];
    out += "==";
  } else if (i + 2 == bytes.size()) {
    const unsigned n = (static_cast<unsigned>(static_cast<unsigned char>(bytes[i])) << 16) |
                       (static_cast<unsigned>(static_cast<unsigned char>(bytes[i + 1])) << 8);
    out += kBase64[(n >> 18) & 63];
    out += kBase64[(n >> 12) & 63];
    out += kBase64[(n >> 6) & 63];
    out += '=';
  }
  return out;
}

}  // namespace

std::string svg_number(double value) {
  double rounded = std::round(value * 100.0) / 100.0;
  if (rounded == 0.0) rounded = 0.0;  // drops the sign of -0
  std::string text = fmt::format("{:.2f}", rounded);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

void SvgRenderer::begin(double width, double height, Color background) {
  out_ = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\" "
      "font-family=\"{2}, sans-serif\">\n",
      svg_number(width), svg_number(height), kFontFamily);
  out_ += fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\"{}/>\n", svg_number(width),
                      svg_number(height), paint("fill", background));
}

void SvgRenderer::end() {
  while (open_groups_ > 0) pop_clip();
  out_ += "</svg>\n";
  prefix_ids();
}

void SvgRenderer::path(const Path& path, const Stroke& stroke, std::optional<Color> fill) {
  if (path.empty()) return;
  out_ += "<path d=\"" + path_data(path) + "\"";
  out_ += fill ? paint("fill", *fill) : std::string(" fill=\"none\"");
  if (stroke.width > 0) {
    out_ += paint("stroke", stroke.color);
    if (stroke.width != 1.0) out_ += " stroke-width=\"" + svg_number(stroke.width) + "\"";
    if (stroke.round) out_ += " stroke-linejoin=\"round\" stroke-linecap=\"round\"";
    if (!stroke.dashes.empty()) {
      out_ += " stroke-dasharray=\"";
      for (std::size_t i = 0; i < stroke.dashes.size(); ++i) {
        out_ += (i ? "," : "") + svg_number(stroke.dashes[i]);
      }
      out_ += "\"";
    }
  }
  out_ += "/>\n";
}

void SvgRenderer::text(Point at, const Text& text, const TextStyle& style) {
  out_ += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}", svg_number(at.x),
                      svg_number(at.y), svg_number(style.size), paint("fill", style.color));
  if (style.anchor == Anchor::Middle) out_ += " text-anchor=\"middle\"";
  if (style.anchor == Anchor::End) out_ += " text-anchor=\"end\"";
  if (style.bold) out_ += " font-weight=\"bold\"";
  if (style.rotated) {
    out_ += fmt::format(" transform=\"rotate(-90 {} {})\"", svg_number(at.x), svg_number(at.y));
  }
  out_ += ">" + xml_escape(text.body);
  if (!text.superscript.empty()) {
    out_ += "<tspan baseline-shift=\"super\" font-size=\"75%\">" + xml_escape(text.superscript) +
            "</tspan>";
  }
  out_ += "</text>\n";
}

void SvgRenderer::image(const Rect& where, const Raster& pixels) {
  out_ += fmt::format(
      "<image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\" "
      "style=\"image-rendering:pixelated\" href=\"data:image/png;base64,{}\"/>\n",
      svg_number(where.x), svg_number(where.y), svg_number(where.width), svg_number(where.height),
      base64(encode_png(pixels)));
}

// Pages inline many figures, and ids are global to an HTML document: a figure that says
// url(#clip2) would otherwise pick up another figure's clip rectangle and draw nothing. Every id
// is therefore prefixed with a hash of the whole figure's text, computed once the text is complete
// (with the marker in place of the prefix, so the hash does not depend on itself).
void SvgRenderer::prefix_ids() {
  const std::string prefix = fmt::format("f{:08x}-", fold_to_32(fnv1a_64(out_)));
  std::string result;
  result.reserve(out_.size() + 16);
  std::size_t from = 0;
  for (std::size_t at = out_.find(kIdMarker); at != std::string::npos;
       at = out_.find(kIdMarker, from)) {
    result.append(out_, from, at - from);
    result += prefix;
    from = at + std::string_view(kIdMarker).size();
  }
  result.append(out_, from);
  out_ = std::move(result);
}

void SvgRenderer::push_clip(const Rect& rect) {
  const int id = next_clip_++;
  out_ += fmt::format(
      "<clipPath id=\"{}clip{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n",
      kIdMarker, id, svg_number(rect.x), svg_number(rect.y), svg_number(rect.width),
      svg_number(rect.height));
  out_ += fmt::format("<g clip-path=\"url(#{}clip{})\">\n", kIdMarker, id);
  ++open_groups_;
}

void SvgRenderer::pop_clip() {
  if (open_groups_ == 0) return;
  out_ += "</g>\n";
  --open_groups_;
}

}  // namespace llmlab::plot
