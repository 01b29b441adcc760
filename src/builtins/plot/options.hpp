// builtins.md §13 Plotting, shared argument handling of the plotting builtins: option name/value
// pairs, MATLAB line-specs and colours (plotting.md §3.3), numeric data as plain vectors, and the
// hold-off / redraw bookkeeping every drawing call does. Internal to builtins/plot/.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plot/figure.hpp"
#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins::plotting {

struct SeriesOptions {
  std::optional<plot::Color> color;
  std::optional<std::string> label;
  std::optional<plot::LineStyle> style;
  std::optional<double> line_width;
  std::optional<plot::Marker> marker;
  std::optional<double> marker_size;
};

struct LineSpec {
  std::optional<plot::Color> color;
  std::optional<plot::LineStyle> style;
  std::optional<plot::Marker> marker;
};

// A line-spec string ("r--", "bo", "k:"): at most 4 characters, each a colour letter, a style or
// a marker, each kind at most once. nullopt when the text is not one.
std::optional<LineSpec> parse_line_spec(std::string_view text);
// "solid", "-", "dashed", "--", "dotted", ":", "dashdot", "-.", "none" (case-insensitive).
std::optional<plot::LineStyle> parse_line_style(std::string_view text);
std::optional<plot::Marker> parse_marker(std::string_view text);

// Reads option pairs from argument `first` to the end into `options`. Errors name the call:
// "<fn>: unknown option '<key>'", "<fn>: option '<key>' needs a value".
void parse_options(const runtime::Call& call, int first, SeriesOptions& options);

// A colour value: a name or "#RRGGBB" (unknown names warn and give nullopt), or a 3-element
// vector of components in [0, 1].
std::optional<plot::Color> color_argument(const runtime::Call& call, const runtime::Value& value,
                                          std::string_view option);

// The real parts of a numeric argument, flattened in storage order.
std::vector<double> real_data(const runtime::Call& call, int index);

// Applies options to a series, with the axes' next cycle colour as default.
void apply_options(plot::Series& series, const SeriesOptions& options, const plot::Color& fallback);

// The current figure of the call's session.
plot::FigureSet& figures(const runtime::Call& call);
// The current axes prepared for a data-adding call: cleared when hold is off (plotting.md §2.4).
plot::Axes& axes_for_data(const runtime::Call& call);
// Records the change (notebook snapshots, figure("x.html") rewrites).
void changed(const runtime::Call& call);
// Writes `figure` in the session's theme to `path`, a relative path being taken from the
// session's working directory (the script's or notebook's directory, plotting.md §3.20).
// Errors name the path as given.
void save_figure(const runtime::Call& call, plot::Figure figure, const std::string& path);
void warn(const runtime::Call& call, std::string_view message);

}  // namespace llmlab::builtins::plotting
