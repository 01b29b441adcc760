// builtins.md §13 Plotting: the table (kPlotBuiltins) and the figure/axes state calls: figure,
// subplot, hold, legend, labels, limits, axis, set_default_axis, grid, colorbar, close, clf,
// savefig (plotting.md §2, §3). Series calls are in series.cpp, image calls in images.cpp.
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "base/error.hpp"
#include "base/messages/plot.hpp"
#include "base/text_case.hpp"
#include "builtins/plot/builtins.hpp"
#include "builtins/plot/options.hpp"
#include "builtins/plot/session.hpp"
#include "builtins/registry.hpp"
#include "plot/export.hpp"
#include "plot/layout.hpp"

namespace llmlab::builtins {
namespace plotting {
namespace {

using runtime::Kind;

plot::Axes& current_axes(const Call& call) { return figures(call).current().current_axes(); }

// "on"/"off", 1/0, true/false (plotting.md §2.4: "1" means on, any other string off).
bool on_off(const Call& call, int index) {
  const Value& v = call.value(index);
  if (v.is(Kind::String)) {
    const std::string text = lowercase(v.string_value());
    return text == "on" || text == "1";
  }
  return call.boolean(index);
}

Value figure(Call& call) {
  plot::FigureSet& set = figures(call);
  int handle = 0;
  if (!call.has(0)) {
    handle = set.new_figure();
  } else if (call.value(0).is(Kind::String)) {
    handle = set.new_figure();
    set.current().html_path = call.string(0);
    call.session().write_error(fmt::format("HTML figure active: {}\n", call.string(0)));
    changed(call);
  } else {
    const double n = call.scalar(0);
    if (!(n >= 1) || n != std::floor(n) || n > 1e9) {
      call.fail(fmt::format(messages::figure_handle_not_positive_integer, n));
    }
    handle = set.select_figure(static_cast<int>(n));
  }
  return call.nargout() == 0 ? Value::none() : Value::scalar(handle);
}

Value subplot(Call& call) {
  const std::int64_t rows = call.integer(0);
  const std::int64_t columns = call.integer(1);
  const std::int64_t k = call.integer(2);
  if (rows < 1 || columns < 1 || rows * columns > 10000) {
    call.fail(fmt::format(messages::subplot_grid_too_small, rows, columns));
  }
  plot::Figure& figure = figures(call).current();
  if (!figure.select_subplot(static_cast<std::size_t>(rows), static_cast<std::size_t>(columns),
                             k < 1 ? 0 : static_cast<std::size_t>(k))) {
    call.fail(fmt::format(messages::subplot_index_out_of_range, k, rows, columns));
  }
  return Value::none();
}

Value hold(Call& call) {
  plot::Figure& figure = figures(call).current();
  figure.hold = call.has(0) ? on_off(call, 0) : !figure.hold;
  return Value::none();
}

std::optional<plot::LegendLocation> parse_location(std::string_view text) {
  using plot::LegendLocation;
  static constexpr runtime::OptionWord<LegendLocation> kLocations[] = {
      {"best", LegendLocation::Best},
      {"northeast", LegendLocation::NorthEast},
      {"northwest", LegendLocation::NorthWest},
      {"southeast", LegendLocation::SouthEast},
      {"southwest", LegendLocation::SouthWest}};
  return runtime::option_word(text, kLocations);
}

Value legend(Call& call) {
  plot::Axes& axes = current_axes(call);
  int end = call.count();
  if (end >= 2 && call.value(end - 2).is(Kind::String) &&
      lowercase(call.value(end - 2).string_value()) == "location") {
    const auto location = parse_location(call.string(end - 1));
    if (!location) {
      call.fail(fmt::format(messages::bad_legend_location, call.string(end - 1)));
    }
    axes.legend_location = *location;
    end -= 2;
  }
  if (end == 1 && call.value(0).is(Kind::String)) {
    const std::string word = lowercase(call.value(0).string_value());
    if (word == "off" || word == "hide") {
      axes.legend = plot::LegendVisibility::Hidden;
      changed(call);
      return Value::none();
    }
    if (word == "show" || word == "on") {
      axes.legend = plot::LegendVisibility::Shown;
      changed(call);
      return Value::none();
    }
  }
  std::vector<std::string> labels;
  for (int i = 0; i < end; ++i) {
    const Value& v = call.value(i);
    if (v.is(Kind::StringArray)) {
      for (const std::string& s : v.string_array_value()) labels.push_back(s);
    } else {
      labels.push_back(call.string(i));
    }
  }
  for (std::size_t i = 0; i < labels.size() && i < axes.series.size(); ++i) {
    axes.series[i].label = labels[i];
    axes.series[i].explicit_label = true;
  }
  axes.legend = plot::LegendVisibility::Shown;
  changed(call);
  return Value::none();
}

Value title(Call& call) {
  current_axes(call).title = call.string(0);
  changed(call);
  return Value::none();
}

Value xlabel(Call& call) {
  current_axes(call).x.label = call.string(0);
  changed(call);
  return Value::none();
}

Value ylabel(Call& call) {
  current_axes(call).y.label = call.string(0);
  changed(call);
  return Value::none();
}

// The limits the renderer would use now (explicit or automatic).
std::pair<double, double> effective_limits(const Call& call, bool x_axis) {
  const plot::Figure& figure = figures(call).current();
  const plot::TextMetrics metrics;
  const plot::FigureLayout laid_out = plot::layout(figure, metrics);
  const plot::PanelLayout& panel = laid_out.panels[figure.current];
  return x_axis ? std::pair{panel.x.low, panel.x.high} : std::pair{panel.y.low, panel.y.high};
}

void check_limits(const Call& call, double low, double high, plot::Scale scale) {
  if (!(low < high)) call.fail(messages::limits_out_of_order);
  if (scale == plot::Scale::Log && low <= 0) call.fail(messages::log_axis_limits_not_positive);
}

Value limits(Call& call, bool x_axis) {
  plot::Axes& axes = current_axes(call);
  plot::AxisState& axis = x_axis ? axes.x : axes.y;
  if (!call.has(0)) {
    const auto [low, high] = effective_limits(call, x_axis);
    return Value::vector(num::Matrix::from_rows({{low, high}}));
  }
  if (call.value(0).is(Kind::String)) {
    if (lowercase(call.string(0)) != "auto") call.fail(messages::expected_limits_pair);
    axis.limits.reset();
  } else if (call.count() == 2) {
    check_limits(call, call.scalar(0), call.scalar(1), axis.scale);
    axis.limits = std::pair{call.scalar(0), call.scalar(1)};
  } else {
    const std::vector<double> v = real_data(call, 0);
    if (v.size() != 2) call.fail(messages::expected_limits_pair);
    check_limits(call, v[0], v[1], axis.scale);
    axis.limits = std::pair{v[0], v[1]};
  }
  changed(call);
  return Value::none();
}

Value xlim(Call& call) { return limits(call, true); }
Value ylim(Call& call) { return limits(call, false); }

Value axis(Call& call) {
  plot::Axes& axes = current_axes(call);
  const Value& v = call.value(0);
  if (v.is(Kind::String)) {
    const std::string word = lowercase(v.string_value());
    if (word == "equal") {
      axes.equal_aspect = true;
    } else if (word == "auto") {
      axes.equal_aspect = axes.tight = false;
      axes.x.limits.reset();
      axes.y.limits.reset();
    } else if (word == "xy" || word == "ij") {
      axes.image_rows_down = word == "ij";
    } else if (word == "tight") {
      axes.tight = true;
    } else {
      call.fail(fmt::format(messages::bad_axis_argument, v.string_value()));
    }
  } else {
    const std::vector<double> l = real_data(call, 0);
    if (l.size() != 4) call.fail(messages::expected_axis_limits);
    if (!(l[0] < l[1])) call.fail(fmt::format(messages::axis_min_not_below_max, "x", l[0], l[1]));
    if (!(l[2] < l[3])) call.fail(fmt::format(messages::axis_min_not_below_max, "y", l[2], l[3]));
    axes.x.limits = std::pair{l[0], l[1]};
    axes.y.limits = std::pair{l[2], l[3]};
  }
  changed(call);
  return Value::none();
}

// set_default_axis("xy" | "ij") (plotting.md §3.16): image orientation for the current figure
// and for every axes created afterwards.
Value set_default_axis(Call& call) {
  const std::string word = lowercase(call.string(0));
  if (word != "xy" && word != "ij") {
    call.fail(fmt::format(messages::bad_axis_direction, call.string(0)));
  }
  figures(call).set_default_image_rows_down(word == "ij");
  changed(call);
  return Value::none();
}

Value grid(Call& call) {
  plot::Axes& axes = current_axes(call);
  axes.grid = call.has(0) ? on_off(call, 0) : !axes.grid;
  changed(call);
  return Value::none();
}

Value colorbar(Call& call) {
  current_axes(call).colorbar = call.has(0) ? on_off(call, 0) : true;
  changed(call);
  return Value::none();
}

Value close(Call& call) {
  plot::FigureSet& set = figures(call);
  if (!call.has(0)) {
    set.close_current();
  } else if (call.value(0).is(Kind::String)) {
    const std::string word = lowercase(call.string(0));
    if (word == "all") {
      set.close_all();
    } else {
      const char* text = word.c_str();
      char* end = nullptr;
      const long handle = std::strtol(text, &end, 10);
      if (end == text || *end != '\0')
        call.fail(fmt::format(messages::expected_figure_handle_or_all, word));
      set.close(static_cast<int>(handle));
    }
  } else {
    set.close(static_cast<int>(call.integer(0)));
  }
  return Value::none();
}

Value clf(Call& call) {
  figures(call).current().clear();
  changed(call);
  return Value::none();
}

Value savefig(Call& call) {
  const plot::Figure& figure = figures(call).current();
  save_figure(call, figure, call.string(0));
  figures(call).touch();
  const PlotState& state = call.session().extension<PlotState>();
  if (state.on_savefig) state.on_savefig(figures(call).current_handle(), figure);
  return Value::none();
}

// gcf: the current figure's handle (a new figure when there is none, as MATLAB's).
Value gcf(Call& call) {
  plot::FigureSet& set = figures(call);
  set.current();
  return Value::scalar(static_cast<double>(set.current_handle()));
}

// saveas(h, file[, format]) and exportgraphics(h, file): figure h written to file, its format
// from the extension (saveas appends `format` to a file name without one).
Value saveas(Call& call) {
  const auto handle = static_cast<int>(call.integer(0));
  const plot::Figure* figure = figures(call).find(handle);
  if (figure == nullptr) call.fail(fmt::format(messages::no_figure_with_handle, handle));
  std::string path = call.string(1);
  if (call.has(2) && std::filesystem::path(path).extension().empty()) {
    path += "." + call.string(2);
  }
  save_figure(call, *figure, path);
  const PlotState& state = call.session().extension<PlotState>();
  if (state.on_savefig) state.on_savefig(handle, *figure);
  return Value::none();
}

// drawnow and shg: figures are drawn when the script ends or a notebook block finishes, so
// there is nothing to flush or raise.
Value nothing_to_draw(Call&) { return Value::none(); }

}  // namespace
}  // namespace plotting

using namespace plotting;

// A bare call of these shows nothing (NativeFunction::quiet).
constexpr bool kQuiet = true;

extern const BuiltinTable kPlotBuiltins = {
    // name       function   arity    help
    {"figure",
     figure,
     0,
     1,
     "Create or select a figure; returns its handle. Example: h = figure()",
     {},
     kQuiet},
    {"subplot", subplot, 3, 3,
     "subplot(rows, cols, k): select panel k of a grid. Example: subplot(1, 2, 1); plot([1, 2, "
     "3])"},
    {"hold", hold, 0, 1,
     "hold on/off: add to the current axes or replace. Example: plot([1, 2]); hold on; plot([2, "
     "1]); hold off"},
    {"plot", plotting::plot, 1, -1,
     "Line plot of y or (x, y) with options. Example: plot(1:5, (1:5) .^ 2, \"r-\")"},
    {"semilogy", semilogy, 2, -1,
     "Line plot with a logarithmic y axis. Example: semilogy(1:4, [1, 10, 100, 1000])"},
    {"semilogx", semilogx, 2, -1,
     "Line plot with a logarithmic x axis. Example: semilogx([1, 10, 100], [1, 2, 3])"},
    {"loglog", loglog, 2, -1,
     "Line plot with logarithmic x and y axes. Example: loglog([1, 10, 100], [1, 100, 10000])"},
    {"histogram",
     histogram,
     1,
     2,
     "Histogram of v in nbins bins; returns [centres; counts]. Example: histogram(randn(1, 100), "
     "10)",
     {},
     kQuiet},
    {"hist",
     hist,
     1,
     3,
     "Alias of histogram; in matlab code [nn, xx] = hist(y, bins, norm) gives MATLAB's counts "
     "and centres without a plot. Example: hist([1, 2, 2, 3, 3, 3], 3)",
     {},
     kQuiet},
    {"bar", bar, 1, -1,
     "Bar chart of y, (x, y), (labels, y) or grouped columns of M. Example: bar([3, 1, 2])"},
    {"scatter", scatter, 1, -1, "Scatter plot of (x, y). Example: scatter([1, 2, 3], [3, 1, 2])"},
    {"stem", stem, 1, -1, "Stem plot of y or (x, y). Example: stem([1, 3, 2])"},
    {"imagesc", imagesc, 1, 2,
     "Show a matrix as a colour image with a colorbar. Example: imagesc(magic(4))"},
    {"heatmap", heatmap, 1, 5,
     "Heatmap of a matrix, optionally with row/column labels. Example: heatmap([1, 2; 3, 4])"},
    {"surf", surf, 1, 4,
     "3-D surface of Z over a grid. Example: [X, Y] = meshgrid(1:3, 1:3); surf(X .* Y)"},
    {"contour", contour, 1, 4,
     "Contour lines of Z. Example: [X, Y] = meshgrid(-2:2, -2:2); contour(X .^ 2 + Y .^ 2)"},
    {"legend", legend, 0, -1,
     "Show the legend, set its labels, or hide it. Example: plot([1, 2]); legend(\"rising\")"},
    {"yline", yline, 1, -1, "Horizontal reference line(s) at y. Example: plot([1, 3]); yline(2)"},
    {"hline", yline, 1, -1, "Alias of yline. Example: plot([1, 3]); hline(2)"},
    {"xline", xline, 1, -1, "Vertical reference line(s) at x. Example: plot([1, 3]); xline(1.5)"},
    {"title", title, 1, 1,
     "Set the title of the current axes. Example: plot([1, 2]); title(\"a line\")"},
    {"xlabel", xlabel, 1, 1, "Set the x-axis label. Example: plot([1, 2]); xlabel(\"step\")"},
    {"ylabel", ylabel, 1, 1, "Set the y-axis label. Example: plot([1, 2]); ylabel(\"loss\")"},
    {"xlim", xlim, 0, 2, "Set or query the x-axis limits. Example: plot([1, 2, 3]); xlim([0, 4])"},
    {"ylim", ylim, 0, 2, "Set or query the y-axis limits. Example: plot([1, 2, 3]); ylim([0, 5])"},
    {"axis", axis, 1, 1,
     "axis([xmin xmax ymin ymax]), \"equal\", \"auto\", \"tight\", \"xy\", \"ij\". Example: "
     "plot([1, 2, 3]); axis(\"tight\")"},
    {"set_default_axis", set_default_axis, 1, 1,
     "Default image orientation, \"xy\" or \"ij\", for the current and later axes. Example: "
     "set_default_axis(\"ij\")"},
    {"grid", grid, 0, 1, "grid on/off for the current axes. Example: plot([1, 2]); grid on"},
    {"colorbar", colorbar, 0, 1,
     "Show or hide the colorbar of an image panel. Example: imagesc(magic(3)); colorbar(\"off\")"},
    {"close", close, 0, 1,
     "Close the current figure, figure N, or all. Example: figure(); close(\"all\")"},
    {"clf", clf, 0, 0, "Clear the current figure. Example: plot([1, 2]); clf"},
    {"gcf", gcf, 0, 0, "The current figure's handle. Example: plot([1, 2]); h = gcf()"},
    {"saveas", saveas, 2, 3,
     "saveas(h, file[, format]): write figure h to .svg, .png, .pdf or .html. Example: "
     "plot([1, 2]); saveas(gcf(), \"line.svg\")"},
    {"exportgraphics", saveas, 2, 2,
     "exportgraphics(h, file): write figure h, as saveas. Example: plot([1, 2]); "
     "exportgraphics(gcf(), \"line.png\")"},
    {"drawnow",
     nothing_to_draw,
     0,
     1,
     "Nothing to do: figures are drawn when the script or notebook block ends. Example: "
     "plot([1, 2]); drawnow",
     {},
     kQuiet},
    {"shg",
     nothing_to_draw,
     0,
     0,
     "Nothing to do: figures are shown when the script or notebook block ends. Example: "
     "plot([1, 2]); shg",
     {},
     kQuiet},
    {"savefig", savefig, 1, 1,
     "Write the current figure to .svg, .png, .pdf or .html. Example: plot([1, 2, 3]); "
     "savefig(\"line.svg\")"},
};

}  // namespace llmlab::builtins
