// builtins.md §13 Plotting: line, log, histogram, bar, scatter, stem and reference-line builtins
// (plotting.md §3.2–§3.8,
// §3.13). Argument shapes are decoded here; drawing is the plot library's.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/language.hpp"
#include "base/messages/plot.hpp"
#include "base/text_case.hpp"
#include "builtins/plot/builtins.hpp"
#include "builtins/plot/options.hpp"
#include "plot/histogram.hpp"
#include "runtime/session.hpp"

namespace llmlab::builtins::plotting {
namespace {

using plot::Scale;
using plot::Series;
using plot::SeriesKind;
using runtime::Kind;

std::vector<double> count_from(double first, std::size_t n) {
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = first + static_cast<double>(i);
  return x;
}

// The data of plot-like calls: x and one y per series, or categorical labels.
struct XyData {
  std::vector<double> x;
  std::vector<std::vector<double>> ys;
  std::vector<std::string> categories;
  bool complex_y = false;
  std::vector<double> real_of_complex;
};

bool is_data(const Value& v) { return v.is_numeric(); }

// Columns (or rows) of a matrix as series.
std::vector<std::vector<double>> split_matrix(const num::Matrix& m, bool by_rows) {
  std::vector<std::vector<double>> result;
  const num::Index outer = by_rows ? m.rows() : m.columns();
  const num::Index inner = by_rows ? m.columns() : m.rows();
  for (num::Index k = 0; k < outer; ++k) {
    std::vector<double> series(static_cast<std::size_t>(inner));
    for (num::Index i = 0; i < inner; ++i)
      series[static_cast<std::size_t>(i)] = by_rows ? m(k, i) : m(i, k);
    result.push_back(std::move(series));
  }
  return result;
}

// Reads plot(y), plot(x, y), plot(Y), plot(x, Y), plot(labels, y); returns the index of the
// first argument after the data.
int read_xy(const Call& call, XyData& data) {
  int next = 0;
  if (call.value(0).is(Kind::StringArray)) {
    data.categories = call.value(0).string_array_value();
    if (!call.has(1) || !is_data(call.value(1))) call.fail(messages::expected_y_after_labels);
    data.ys.push_back(real_data(call, 1));
    if (data.ys[0].size() != data.categories.size()) {
      call.fail(fmt::format(messages::length_must_match, "labels", "y-data length",
                            data.categories.size(), data.ys[0].size()));
    }
    data.x = count_from(1, data.ys[0].size());
    return 2;
  }
  const bool two = call.has(1) && is_data(call.value(1));
  const num::Matrix y = call.matrix(two ? 1 : 0);
  next = two ? 2 : 1;
  const bool matrix = y.rows() > 1 && y.columns() > 1;
  if (two) data.x = real_data(call, 0);
  if (!matrix) {
    if (y.is_complex()) {
      data.complex_y = true;
      std::vector<double> magnitude, real;
      for (num::Index i = 0; i < y.size(); ++i) {
        magnitude.push_back(std::abs(y.complex_at(i)));
        real.push_back(y.complex_at(i).real());
      }
      data.ys.push_back(std::move(magnitude));
      data.real_of_complex = std::move(real);
    } else {
      data.ys.push_back(real_data(call, two ? 1 : 0));
    }
    if (!two) data.x = count_from(0, data.ys[0].size());
    if (data.x.size() != data.ys[0].size()) {
      call.fail(fmt::format(messages::x_y_lengths_differ, data.x.size(), data.ys[0].size()));
    }
    return next;
  }
  const auto rows = static_cast<std::size_t>(y.rows());
  const auto columns = static_cast<std::size_t>(y.columns());
  const bool by_rows = two && data.x.size() == columns && data.x.size() != rows;
  data.ys = split_matrix(y, by_rows);
  if (!two) data.x = count_from(0, rows);
  if (data.x.size() != data.ys[0].size()) {
    call.fail(fmt::format(messages::x_y_lengths_differ, data.x.size(), data.ys[0].size()));
  }
  return next;
}

// After the data: a single line-spec or title string, or option pairs (a line-spec may also
// precede option pairs). No option key reads as a line-spec, so a leading line-spec is taken as
// one whatever follows: `plot(y, "r--", "linewidth")` then reports the key without a value.
void read_style(const Call& call, int first, SeriesOptions& options, std::string& title) {
  if (first >= call.count()) return;
  const Value& v = call.value(first);
  const int remaining = call.count() - first;
  if (v.is(Kind::String)) {
    const auto spec = parse_line_spec(v.string_value());
    if (spec) {
      options.color = spec->color ? spec->color : options.color;
      options.style = spec->style;
      options.marker = spec->marker;
      parse_options(call, first + 1, options);
      return;
    }
    if (remaining == 1) {
      title = v.string_value();
      return;
    }
  }
  parse_options(call, first, options);
}

// plot, semilogx, semilogy and loglog share everything but the scales they set.
Value line_plot(Call& call, std::optional<Scale> x_scale, std::optional<Scale> y_scale) {
  XyData data;
  const int next = read_xy(call, data);
  SeriesOptions options;
  std::string title;
  read_style(call, next, options, title);
  plot::Figure& figure = figures(call).current();
  const bool held = figure.hold;
  plot::Axes& axes = axes_for_data(call);
  if (!held) {
    axes.x.scale = Scale::Linear;
    axes.y.scale = Scale::Linear;
  }
  if (x_scale) axes.x.scale = *x_scale;
  if (y_scale) axes.y.scale = *y_scale;
  if (!data.categories.empty()) axes.x.categories = data.categories;
  // Non-positive values on a log axis are skipped; say so once per call.
  std::size_t skipped = 0;
  auto count_skipped = [&](const std::vector<double>& v, Scale scale) {
    if (scale != Scale::Log) return;
    for (double value : v) skipped += std::isfinite(value) && value <= 0 ? 1 : 0;
  };
  count_skipped(data.x, axes.x.scale);
  for (const auto& y : data.ys) count_skipped(y, axes.y.scale);
  if (skipped > 0) warn(call, fmt::format(messages::log_axis_skips_values, call.name(), skipped));

  auto add = [&](std::vector<double> y, std::optional<plot::Color> color,
                 std::optional<std::string> label) {
    Series series;
    series.x = data.x;
    series.y = std::move(y);
    SeriesOptions own = options;
    if (color) own.color = color;
    // The two parts of a complex plot are named for the legend (plotting.md §3.2), as in 0.3.6,
    // unlike automatic labels such as "data1", which are never shown.
    if (label && !own.label) own.label = label;
    apply_options(series, own, plot::cycle_color(axes.series.size()));
    axes.series.push_back(std::move(series));
  };
  if (data.complex_y) {
    add(data.ys[0], plot::parse_color("blue"), "magnitude");
    add(data.real_of_complex, plot::parse_color("green"), "real");
  } else {
    for (auto& y : data.ys) add(std::move(y), std::nullopt, std::nullopt);
  }
  if (!title.empty() && axes.title.empty()) axes.title = title;
  changed(call);
  return Value::none();
}

}  // namespace

Value plot(Call& call) { return line_plot(call, std::nullopt, std::nullopt); }
Value semilogy(Call& call) { return line_plot(call, std::nullopt, Scale::Log); }
Value semilogx(Call& call) { return line_plot(call, Scale::Log, std::nullopt); }
Value loglog(Call& call) { return line_plot(call, Scale::Log, Scale::Log); }

Value histogram(Call& call) {
  const std::vector<double> samples = real_data(call, 0);
  if (samples.empty()) call.fail(messages::no_data);
  std::size_t nbins = 10;
  if (call.has(1)) {
    const double n = call.scalar(1);
    if (!(n >= 1) || n != std::floor(n) || n > 1e6) {
      call.fail(fmt::format(messages::bad_bin_count, n));
    }
    nbins = static_cast<std::size_t>(n);
  }
  const plot::Histogram h = plot::bin_histogram(samples, nbins);
  plot::Figure& figure = figures(call).current();
  plot::Axes& axes = axes_for_data(call);
  if (!figure.hold) {
    axes.x.label.clear();
    axes.y.label.clear();
    axes.x.scale = axes.y.scale = Scale::Linear;
  }
  Series series;
  series.kind = SeriesKind::Histogram;
  series.x = h.centres;
  series.y = h.counts;
  series.bar_width = h.width;
  series.color = plot::cycle_color(axes.series.size());
  axes.series.push_back(std::move(series));
  if (axes.title.empty()) axes.title = "Histogram";
  if (axes.x.label.empty()) axes.x.label = "Value";
  if (axes.y.label.empty()) axes.y.label = "Count";
  changed(call);
  if (call.nargout() == 0) return Value::none();
  num::Matrix result(2, static_cast<num::Index>(nbins));
  for (std::size_t k = 0; k < nbins; ++k) {
    result.set(0, static_cast<num::Index>(k), h.centres[k]);
    result.set(1, static_cast<num::Index>(k), h.counts[k]);
  }
  return Value::matrix(std::move(result));
}

namespace {

// hist's bin centres, sorted: given (argument 2 a vector), or that many equal bins (10 by
// default) over y's finite range.
std::vector<double> hist_centres(Call& call, const num::Matrix& y) {
  double low = std::numeric_limits<double>::infinity();
  double high = -low;
  for (num::Index k = 0; k < y.size(); ++k) {
    if (std::isfinite(y[k])) {
      low = std::min(low, y[k]);
      high = std::max(high, y[k]);
    }
  }
  if (low > high) low = high = 0.0;
  std::vector<double> centres;
  if (call.has(1) && (!call.value(1).is_numeric() || call.value(1).as_matrix().is_complex())) {
    call.fail(messages::bins_not_numeric);
  }
  if (call.has(1) && call.value(1).element_count() > 1) {
    const num::Matrix given = call.matrix(1);
    if (given.rows() != 1 && given.columns() != 1) {
      call.fail(messages::bins_not_vector);
    }
    centres.assign(given.real_values().begin(), given.real_values().end());
    std::sort(centres.begin(), centres.end());
    return centres;
  }
  const double bins = call.has(1) ? std::trunc(call.scalar(1)) : 10.0;
  if (!(bins > 0.0) || bins > 1e6)
    call.fail(fmt::format(messages::must_be_positive, "number of bins NBINS"));
  const auto n = static_cast<num::Index>(bins);
  for (num::Index k = 1; k <= n; ++k) {
    centres.push_back(
        low != high
            ? ((high - low) * static_cast<double>(2 * k - 1) + 2.0 * bins * low) / (2.0 * bins)
            : static_cast<double>(k - 1) - std::floor(static_cast<double>(n - 1) / 2.0) + low);
  }
  return centres;
}

// Scales each column's counts to sum to NORM (argument 3: one value, or one per column);
// present[c] is how many elements column c counted.
void hist_normalise(Call& call, num::Matrix& counts, const std::vector<double>& present) {
  if (!call.value(2).is_numeric()) call.fail(messages::hist_norm_not_positive);
  const num::Matrix norm = call.matrix(2);
  const num::Index columns = counts.columns();
  if (norm.size() != 1 && norm.size() != columns) {
    call.fail(messages::hist_norm_wrong_length);
  }
  for (num::Index k = 0; k < norm.size(); ++k) {
    if (!(norm[k] > 0.0)) call.fail(messages::hist_norm_not_positive);
  }
  for (num::Index c = 0; c < columns; ++c) {
    for (num::Index b = 0; b < counts.rows(); ++b) {
      counts.set(
          b, c,
          counts(b, c) * norm[norm.size() == 1 ? 0 : c] / present[static_cast<std::size_t>(c)]);
    }
  }
}

}  // namespace

// [nn, xx] = hist(y, bins, norm) in matlab code, MATLAB's counts without a plot: bins is a
// count (10 by default; equal bins over y's finite range, xx their centres) or the centres
// themselves; an element on the midpoint between two centres counts in the lower bin, -Inf
// and Inf in the end bins, NaN in none; norm scales each column's counts to sum to it. A
// vector y gives rows, a matrix one column of counts per column of y.
Value matlab_hist_counts(Call& call) {
  const num::Matrix y = call.matrix(0);
  if (y.is_complex()) call.fail(messages::hist_y_not_real);
  const bool vector = y.rows() == 1 || y.columns() == 1;
  const num::Index rows = vector ? y.size() : y.rows();
  const num::Index columns = vector ? 1 : y.columns();
  const auto element = [&](num::Index r, num::Index c) { return vector ? y[r] : y(r, c); };
  const std::vector<double> centres = hist_centres(call, y);
  std::vector<double> cutoffs;
  for (std::size_t k = 1; k < centres.size(); ++k) {
    cutoffs.push_back((centres[k - 1] + centres[k]) / 2.0);
  }
  const auto bins = static_cast<num::Index>(centres.size());
  num::Matrix counts(bins, columns);
  std::vector<double> present(static_cast<std::size_t>(columns), 0.0);
  for (num::Index c = 0; c < columns; ++c) {
    for (num::Index r = 0; r < rows; ++r) {
      const double value = element(r, c);
      if (std::isnan(value)) continue;
      const auto bin = static_cast<num::Index>(
          std::lower_bound(cutoffs.begin(), cutoffs.end(), value) - cutoffs.begin());
      counts.set(bin, c, counts(bin, c) + 1.0);
      present[static_cast<std::size_t>(c)] += 1.0;
    }
  }
  if (call.has(2)) hist_normalise(call, counts, present);
  Value nn = Value::matrix(vector ? counts.with_shape(1, bins) : std::move(counts));
  if (call.nargout() < 2) return nn;
  num::Matrix xx = vector ? num::Matrix::row(centres) : num::Matrix::column(centres);
  return Value::tuple({std::move(nn), Value::matrix(std::move(xx))});
}

// hist: MATLAB's [nn, xx] = hist(...) counts in matlab code when outputs are asked for; else
// the histogram plot (which returns rlab's [centres; counts]), its arguments checked as
// MATLAB's first in matlab code.
Value hist(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) {
    if (call.nargout() >= 1) return matlab_hist_counts(call);
    runtime::Call counts(call.interpreter(), call.name(), call.arguments(), 1);
    matlab_hist_counts(counts);
    if (call.has(2) || (call.has(1) && call.value(1).element_count() > 1)) {
      call.fail(messages::hist_plot_takes_bin_count);
    }
  }
  if (call.has(2)) throw Error(fmt::format(messages::wrong_argument_count, "hist", "1..2", 3));
  return histogram(call);
}

Value bar(Call& call) {
  constexpr std::string_view kForms = messages::bar_call_forms;
  if (call.count() > 3) call.fail(kForms);
  std::string title;
  int data_count = call.count();
  if (call.value(call.count() - 1).is(Kind::String) && call.count() > 1) {
    title = call.value(call.count() - 1).string_value();
    --data_count;
  }
  std::vector<std::string> categories;
  std::vector<double> x;
  num::Matrix y;
  if (call.value(0).is(Kind::StringArray)) {
    if (data_count != 2) call.fail(kForms);
    categories = call.value(0).string_array_value();
    y = call.matrix(1);
    if (categories.size() != static_cast<std::size_t>(y.size())) {
      call.fail(fmt::format(messages::length_must_match, "labels", "y-data length",
                            categories.size(), y.size()));
    }
    x = count_from(1, categories.size());
  } else {
    for (int i = 0; i < data_count; ++i) {
      if (!call.value(i).is_numeric()) call.fail(kForms);
    }
    y = call.matrix(data_count - 1);
    if (data_count == 2) x = real_data(call, 0);
  }
  const bool grouped = y.rows() > 1 && y.columns() > 1;
  std::vector<std::vector<double>> groups =
      grouped ? split_matrix(y, false)
              : std::vector<std::vector<double>>{real_data(call, data_count - 1)};
  if (x.empty()) x = count_from(0, groups[0].size());
  if (x.size() != groups[0].size()) {
    call.fail(fmt::format(messages::x_y_lengths_differ, x.size(), groups[0].size()));
  }
  plot::Axes& axes = axes_for_data(call);
  if (!categories.empty()) axes.x.categories = categories;
  const double delta =
      x.size() > 1 ? (x.back() - x.front()) / static_cast<double>(x.size() - 1) : 1.0;
  const double group_count = static_cast<double>(groups.size());
  const double width = grouped ? 0.9 * 0.8 * delta / group_count : 0.8 * delta;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    Series series;
    series.kind = SeriesKind::Bar;
    const double offset = grouped ? (static_cast<double>(g) - (group_count - 1) / 2) * width : 0.0;
    for (double value : x) series.x.push_back(value + offset);
    series.y = std::move(groups[g]);
    series.bar_width = std::abs(width);
    series.color = plot::cycle_color(axes.series.size());
    if (grouped) series.label = fmt::format("group{}", g + 1);
    axes.series.push_back(std::move(series));
  }
  if (!title.empty() && axes.title.empty()) axes.title = title;
  changed(call);
  return Value::none();
}

Value scatter(Call& call) {
  constexpr std::string_view kForms = messages::scatter_call_forms;
  if (call.count() < 2 || !call.value(0).is_numeric() || !call.value(1).is_numeric())
    call.fail(kForms);
  std::vector<double> x = real_data(call, 0);
  std::vector<double> y = real_data(call, 1);
  if (x.size() != y.size())
    call.fail(fmt::format(messages::x_y_lengths_differ, x.size(), y.size()));
  SeriesOptions options;
  std::string title;
  if (call.count() == 3) {
    if (!call.value(2).is(Kind::String)) call.fail(kForms);
    title = call.string(2);
  } else {
    parse_options(call, 2, options);
  }
  plot::Axes& axes = axes_for_data(call);
  Series series;
  series.kind = SeriesKind::Scatter;
  series.x = std::move(x);
  series.y = std::move(y);
  series.style = plot::LineStyle::None;
  series.marker = plot::Marker::Circle;
  series.marker_size = 8;
  apply_options(series, options, plot::cycle_color(axes.series.size()));
  axes.series.push_back(std::move(series));
  if (!title.empty() && axes.title.empty()) axes.title = title;
  changed(call);
  return Value::none();
}

Value stem(Call& call) {
  const bool two = call.has(1) && call.value(1).is_numeric();
  std::vector<double> y = real_data(call, two ? 1 : 0);
  std::vector<double> x = two ? real_data(call, 0) : count_from(0, y.size());
  if (x.size() != y.size())
    call.fail(fmt::format(messages::x_y_lengths_differ, x.size(), y.size()));
  SeriesOptions options;
  std::string title;
  read_style(call, two ? 2 : 1, options, title);
  plot::Axes& axes = axes_for_data(call);
  Series series;
  series.kind = SeriesKind::Stem;
  series.x = std::move(x);
  series.y = std::move(y);
  apply_options(series, options, plot::cycle_color(axes.series.size()));
  axes.series.push_back(std::move(series));
  if (!title.empty() && axes.title.empty()) axes.title = title;
  changed(call);
  return Value::none();
}

namespace {

// yline(y), yline(y, colour_or_style), yline(y, colour_or_style, label), yline(y, options…);
// the colour slot also takes a line-spec without a marker (`"k:"`, `"r--"`).
Value reference_line(Call& call, plot::Orientation orientation) {
  const std::vector<double> values = real_data(call, 0);
  SeriesOptions options;
  const bool option_form =
      call.has(1) && call.value(1).is(Kind::String) && (call.count() - 1) % 2 == 0 && [&] {
        const std::string key = lowercase(call.value(1).string_value());
        return key == "color" || key == "colour" || key == "label" || key == "displayname" ||
               key == "style" || key == "linestyle" || key == "linewidth";
      }();
  if (option_form) {
    parse_options(call, 1, options);
  } else {
    if (call.count() > 3) call.fail(fmt::format(messages::mark_call_forms, call.name()));
    if (call.has(1)) {
      const Value& slot = call.value(1);
      const auto spec = slot.is(Kind::String) ? parse_line_spec(slot.string_value()) : std::nullopt;
      if (slot.is(Kind::String) && parse_line_style(slot.string_value())) {
        options.style = parse_line_style(slot.string_value());
      } else if (spec && !spec->marker) {
        // MATLAB's `yline(y, "k:")`: a line-spec of a colour letter and a style.
        options.color = spec->color;
        options.style = spec->style;
      } else {
        options.color = color_argument(call, slot, "colour");
      }
    }
    if (call.has(2)) options.label = call.string(2);
  }
  plot::Axes& axes = figures(call).current().current_axes();
  for (double value : values) {
    plot::ReferenceLine line;
    line.orientation = orientation;
    line.value = value;
    line.color =
        options.color.value_or(plot::cycle_color(axes.series.size() + axes.reference_lines.size()));
    line.style = options.style.value_or(plot::LineStyle::Dashed);
    line.line_width = options.line_width.value_or(1.5);
    line.label = options.label.value_or("");
    axes.reference_lines.push_back(std::move(line));
  }
  changed(call);
  return Value::none();
}

}  // namespace

Value yline(Call& call) { return reference_line(call, plot::Orientation::Horizontal); }
Value xline(Call& call) { return reference_line(call, plot::Orientation::Vertical); }

}  // namespace llmlab::builtins::plotting
