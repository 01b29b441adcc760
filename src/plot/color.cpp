// Named colours, the colour cycle, themes and colormaps (plotting.md §2.5, §3.3, §3.9, §4.1).
#include "plot/color.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include "base/text_case.hpp"

namespace llmlab::plot {
namespace {

struct NamedColor {
  std::string_view name;
  int red, green, blue;
};

constexpr std::array kNamedColors = {
    NamedColor{"blue", 31, 119, 180},     NamedColor{"b", 31, 119, 180},
    NamedColor{"red", 214, 39, 40},       NamedColor{"r", 214, 39, 40},
    NamedColor{"green", 44, 160, 44},     NamedColor{"g", 44, 160, 44},
    NamedColor{"cyan", 23, 190, 207},     NamedColor{"c", 23, 190, 207},
    NamedColor{"magenta", 148, 103, 189}, NamedColor{"m", 148, 103, 189},
    NamedColor{"yellow", 188, 189, 34},   NamedColor{"y", 188, 189, 34},
    NamedColor{"black", 0, 0, 0},         NamedColor{"k", 0, 0, 0},
    NamedColor{"white", 255, 255, 255},   NamedColor{"w", 255, 255, 255},
    NamedColor{"orange", 255, 127, 14},   NamedColor{"gray", 127, 127, 127},
    NamedColor{"grey", 127, 127, 127},    NamedColor{"purple", 148, 103, 189},
    NamedColor{"brown", 140, 86, 75},     NamedColor{"pink", 227, 119, 194},
    NamedColor{"olive", 188, 189, 34},
};

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

struct Stop {
  double at;
  int red, green, blue;
};

}  // namespace

Color Color::rgb(int r, int g, int b, double alpha) {
  return {r / 255.0, g / 255.0, b / 255.0, alpha};
}

std::string Color::hex() const {
  auto channel = [](double v) {
    return static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255));
  };
  return fmt::format("#{:02x}{:02x}{:02x}", channel(red), channel(green), channel(blue));
}

std::optional<Color> parse_color(std::string_view name) {
  const std::string key = lowercase(name);
  for (const NamedColor& named : kNamedColors) {
    if (named.name == key) return Color::rgb(named.red, named.green, named.blue);
  }
  if (key.size() == 7 && key[0] == '#') {
    int channels[3];
    for (int i = 0; i < 3; ++i) {
      const int high = hex_digit(key[static_cast<std::size_t>(1 + 2 * i)]);
      const int low = hex_digit(key[static_cast<std::size_t>(2 + 2 * i)]);
      if (high < 0 || low < 0) return std::nullopt;
      channels[i] = high * 16 + low;
    }
    return Color::rgb(channels[0], channels[1], channels[2]);
  }
  return std::nullopt;
}

Color cycle_color(std::size_t index) {
  static constexpr std::array<std::string_view, 6> kCycle = {"cyan",    "yellow", "green",
                                                             "magenta", "red",    "blue"};
  return *parse_color(kCycle[index % kCycle.size()]);
}

Theme Theme::dark() {
  return {Color::rgb(0x1E, 0x1E, 0x2E), Color::rgb(0xCD, 0xD6, 0xF4),
          Color::rgb(150, 150, 180, 0.3)};
}

Theme Theme::light() {
  return {Color::rgb(0xEF, 0xF1, 0xF5), Color::rgb(0x4C, 0x4F, 0x69),
          Color::rgb(100, 100, 120, 0.2)};
}

Colormap parse_colormap(std::string_view name) {
  const std::string key = lowercase(name);
  if (key == "jet") return Colormap::Jet;
  if (key == "hot") return Colormap::Hot;
  if (key == "gray" || key == "grey") return Colormap::Gray;
  return Colormap::Viridis;
}

Color colormap_color(Colormap map, double t) {
  static constexpr std::array<Stop, 5> kViridis = {
      Stop{0.00, 68, 1, 84}, Stop{0.25, 59, 82, 139}, Stop{0.50, 33, 145, 140},
      Stop{0.75, 94, 201, 98}, Stop{1.00, 253, 231, 37}};
  static constexpr std::array<Stop, 5> kJet = {Stop{0.00, 0, 0, 128}, Stop{0.25, 0, 128, 255},
                                               Stop{0.50, 0, 255, 128}, Stop{0.75, 255, 255, 0},
                                               Stop{1.00, 128, 0, 0}};
  static constexpr std::array<Stop, 4> kHot = {Stop{0.00, 0, 0, 0}, Stop{0.33, 255, 0, 0},
                                               Stop{0.67, 255, 255, 0}, Stop{1.00, 255, 255, 255}};
  static constexpr std::array<Stop, 2> kGray = {Stop{0.0, 0, 0, 0}, Stop{1.0, 255, 255, 255}};
  std::span<const Stop> stops = kViridis;
  if (map == Colormap::Jet) stops = kJet;
  if (map == Colormap::Hot) stops = kHot;
  if (map == Colormap::Gray) stops = kGray;
  const double u = std::isfinite(t) ? std::clamp(t, 0.0, 1.0) : 0.0;
  std::size_t upper = 1;
  while (upper + 1 < stops.size() && stops[upper].at < u) ++upper;
  const Stop& a = stops[upper - 1];
  const Stop& b = stops[upper];
  const double f = std::clamp((u - a.at) / (b.at - a.at), 0.0, 1.0);
  auto mix = [f](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * f)); };
  return Color::rgb(mix(a.red, b.red), mix(a.green, b.green), mix(a.blue, b.blue));
}

}  // namespace llmlab::plot
