// Colours for plots: RGBA values, the named colours and default cycle of plotting.md §2.5/§3.3,
// the two themes of §4.1 and the colormaps of §3.9. Pure data; no drawing here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace llmlab::plot {

// Components in [0, 1]; alpha 1 is opaque.
struct Color {
  double red = 0.0;
  double green = 0.0;
  double blue = 0.0;
  double alpha = 1.0;

  static Color rgb(int red, int green, int blue, double alpha = 1.0);
  Color with_alpha(double new_alpha) const { return {red, green, blue, new_alpha}; }
  // "#rrggbb", the form SVG and HTML take (alpha is written separately).
  std::string hex() const;
  bool operator==(const Color&) const = default;
};

// A colour name of plotting.md §3.3 (case-insensitive, one-letter forms included) or "#RRGGBB".
std::optional<Color> parse_color(std::string_view name);

// The default cycle: cyan, yellow, green, magenta, red, blue (index taken modulo 6).
Color cycle_color(std::size_t index);

struct Theme {
  Color background;
  Color foreground;
  Color grid;
  static Theme dark();   // Catppuccin Mocha, the default
  static Theme light();  // Catppuccin Latte
};

enum class Colormap { Viridis, Jet, Hot, Gray };

// Unknown names fall back to viridis; "parula" is an alias of viridis.
Colormap parse_colormap(std::string_view name);
// t in [0, 1] (clamped); channels interpolated linearly between stops and rounded.
Color colormap_color(Colormap map, double t);

}  // namespace llmlab::plot
