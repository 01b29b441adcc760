// builtins.md §13 Plotting: option pairs, line-specs, colours and hold bookkeeping for the
// plotting builtins
// (plotting.md §2.4, §3.3).
#include "builtins/plot/options.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "base/error.hpp"
#include "base/messages/plot.hpp"
#include "base/text_case.hpp"
#include "builtins/paths.hpp"
#include "builtins/plot/session.hpp"
#include "plot/export.hpp"
#include "runtime/session.hpp"

namespace llmlab::builtins::plotting {

using plot::LineStyle;
using plot::Marker;
using runtime::Kind;
using runtime::Value;

std::optional<LineStyle> parse_line_style(std::string_view text) {
  static constexpr runtime::OptionWord<LineStyle> kStyles[] = {
      {"solid", LineStyle::Solid},     {"-", LineStyle::Solid},       {"dashed", LineStyle::Dashed},
      {"--", LineStyle::Dashed},       {"dotted", LineStyle::Dotted}, {":", LineStyle::Dotted},
      {"dashdot", LineStyle::DashDot}, {"-.", LineStyle::DashDot},    {"none", LineStyle::None}};
  return runtime::option_word(text, kStyles);
}

std::optional<Marker> parse_marker(std::string_view text) {
  const std::string key = lowercase(text);
  if (key == "none") return Marker::None;
  if (key.size() != 1) return std::nullopt;
  switch (key[0]) {
    case 'o':
      return Marker::Circle;
    case 'x':
      return Marker::Cross;
    case '+':
      return Marker::Plus;
    case '*':
      return Marker::Star;
    case '.':
      return Marker::Point;
    case 's':
      return Marker::Square;
    case 'd':
      return Marker::Diamond;
    case '^':
      return Marker::TriangleUp;
    case 'v':
      return Marker::TriangleDown;
    default:
      return std::nullopt;
  }
}

std::optional<LineSpec> parse_line_spec(std::string_view text) {
  if (text.empty() || text.size() > 4) return std::nullopt;
  LineSpec spec;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::string_view("rgbcmykw").find(c) != std::string_view::npos) {
      if (spec.color) return std::nullopt;
      spec.color = plot::parse_color(std::string(1, c));
      ++i;
    } else if (c == '-' || c == ':') {
      if (spec.style) return std::nullopt;
      const bool two =
          i + 1 < text.size() && (text[i + 1] == '-' || text[i + 1] == '.') && c == '-';
      spec.style = parse_line_style(text.substr(i, two ? 2 : 1));
      i += two ? 2 : 1;
    } else if (auto marker = parse_marker(text.substr(i, 1)); marker && c != 'n') {
      if (spec.marker) return std::nullopt;
      spec.marker = marker;
      ++i;
    } else {
      return std::nullopt;
    }
  }
  // A marker alone means markers only.
  if (spec.marker && !spec.style) spec.style = LineStyle::None;
  return spec;
}

void warn(const runtime::Call& call, std::string_view message) {
  call.session().write_error(fmt::format("warning: {}\n", message));
}

std::optional<plot::Color> color_argument(const runtime::Call& call, const Value& value,
                                          std::string_view option) {
  if (value.is(Kind::String)) {
    if (auto color = plot::parse_color(value.string_value())) return color;
    warn(call, fmt::format(messages::unknown_colour_using_default, value.string_value()));
    return std::nullopt;
  }
  if (value.is_numeric()) {
    const num::Matrix m = value.as_matrix();
    if (m.size() == 3 && m[0] >= 0 && m[0] <= 1 && m[1] >= 0 && m[1] <= 1 && m[2] >= 0 &&
        m[2] <= 1) {
      return plot::Color{m[0], m[1], m[2], 1.0};
    }
  }
  call.fail(fmt::format(messages::option_not_colour, option, value.kind_name()));
}

namespace {

double positive_option(const runtime::Call& call, const Value& value, std::string_view option) {
  if (value.is(Kind::Scalar) && value.scalar_value() > 0 && std::isfinite(value.scalar_value())) {
    return value.scalar_value();
  }
  call.fail(fmt::format(messages::option_not_positive_number, option, value.kind_name()));
}

const std::string& string_option(const runtime::Call& call, const Value& value,
                                 std::string_view option) {
  if (!value.is(Kind::String)) {
    call.fail(fmt::format(messages::option_not_string, option, value.kind_name()));
  }
  return value.string_value();
}

}  // namespace

void parse_options(const runtime::Call& call, int first, SeriesOptions& options) {
  // Each handler gets its value's index; the name as written is the argument before it.
  const auto color = [&](int k) {
    options.color = color_argument(call, call.value(k), call.string(k - 1));
  };
  const auto label = [&](int k) {
    options.label = string_option(call, call.value(k), call.string(k - 1));
  };
  const auto style = [&](int k) {
    const std::string& text = string_option(call, call.value(k), call.string(k - 1));
    options.style = parse_line_style(text);
    if (!options.style) {
      call.fail(fmt::format(messages::bad_line_style, call.string(k - 1), text));
    }
  };
  const auto marker = [&](int k) {
    const std::string& text = string_option(call, call.value(k), call.string(k - 1));
    options.marker = parse_marker(text);
    if (!options.marker) {
      call.fail(fmt::format(messages::bad_marker, call.string(k - 1), text));
    }
  };
  call.name_value_options(
      first, {{"color", color},
              {"colour", color},
              {"label", label},
              {"DisplayName", label},
              {"style", style},
              {"linestyle", style},
              {"linewidth",
               [&](int k) {
                 options.line_width = positive_option(call, call.value(k), call.string(k - 1));
               }},
              {"marker", marker},
              {"markersize", [&](int k) {
                 options.marker_size = positive_option(call, call.value(k), call.string(k - 1));
               }}});
}

std::vector<double> real_data(const runtime::Call& call, int index) {
  const num::Matrix m = call.matrix(index);
  std::vector<double> values(static_cast<std::size_t>(m.size()));
  for (num::Index i = 0; i < m.size(); ++i) values[static_cast<std::size_t>(i)] = m[i];
  return values;
}

void apply_options(plot::Series& series, const SeriesOptions& options,
                   const plot::Color& fallback) {
  series.color = options.color.value_or(fallback);
  if (options.label) {
    series.label = *options.label;
    series.explicit_label = true;
  }
  if (options.style) series.style = *options.style;
  if (options.line_width) series.line_width = *options.line_width;
  if (options.marker) series.marker = *options.marker;
  if (options.marker_size) series.marker_size = *options.marker_size;
}

plot::FigureSet& figures(const runtime::Call& call) { return session_figures(call.session()); }

plot::Axes& axes_for_data(const runtime::Call& call) {
  plot::Figure& figure = figures(call).current();
  plot::Axes& axes = figure.current_axes();
  if (!figure.hold) axes.clear_data();
  ++call.session().extension<PlotState>().data_draws;
  return axes;
}

void changed(const runtime::Call& call) {
  plot::FigureSet& set = figures(call);
  set.touch();
  const plot::Figure& figure = set.current();
  if (!figure.html_path.empty()) save_figure(call, figure, figure.html_path);
}

void save_figure(const runtime::Call& call, plot::Figure figure, const std::string& path) {
  const std::filesystem::path target = session_path(call.session(), path);
  figure.light_theme = call.session().extension<PlotState>().light_theme;
  try {
    plot::save(figure, target.string(), path, interrupt_check(call.interpreter()));
  } catch (const Error& error) {  // a Stop (Ctrl-C during the render) is not caught here
    call.fail(error.what());
  }
}

}  // namespace llmlab::builtins::plotting
