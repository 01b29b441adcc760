// Error bars and filled regions for confidence bands (issue #16): errorbar, fill, area. They
// add Series of the kinds ErrorBar and Fill, which plot/draw.cpp paints in every backend (SVG,
// PNG, PDF, HTML and the braille preview).
#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "base/messages/plot.hpp"
#include "base/text_case.hpp"
#include "builtins/plot/options.hpp"
#include "builtins/registry.hpp"

namespace llmlab::builtins {

namespace {

using plot::Series;
using plot::SeriesKind;
using plotting::SeriesOptions;
using runtime::Call;
using runtime::Kind;
using runtime::Value;

// The numeric arguments at the front of the call: up to `most` of them.
int leading_numbers(const Call& call, int most) {
  int n = 0;
  while (n < most && call.has(n) && call.value(n).is_numeric()) ++n;
  return n;
}

std::vector<double> same_length(const Call& call, int index, std::size_t n, const char* what) {
  std::vector<double> values = plotting::real_data(call, index);
  if (values.size() == 1 && n > 1) values.assign(n, values.front());
  if (values.size() != n) {
    call.fail(fmt::format(messages::error_has_wrong_length, what, values.size(), n));
  }
  for (const double v : values) {
    if (v < 0) call.fail(fmt::format(messages::must_not_be_negative_got, what, v));
  }
  return values;
}

// A line-spec ("r--", "o") or option pairs after the data.
void read_options(const Call& call, int first, SeriesOptions& options) {
  if (first < call.count() && call.value(first).is(Kind::String)) {
    if (const auto spec = plotting::parse_line_spec(call.value(first).string_value())) {
      options.color = spec->color ? spec->color : options.color;
      options.style = spec->style;
      options.marker = spec->marker;
      ++first;
    }
  }
  plotting::parse_options(call, first, options);
}

// errorbar(y, err), errorbar(x, y, err), errorbar(x, y, neg, pos), then a line-spec or options.
Value errorbar(Call& call) {
  const int numbers = leading_numbers(call, 4);
  if (numbers < 2) {
    call.fail(messages::errorbar_call_forms);
  }
  std::vector<double> x, y, below, above;
  if (numbers == 2) {
    y = plotting::real_data(call, 0);
    for (std::size_t k = 0; k < y.size(); ++k) x.push_back(static_cast<double>(k + 1));
    below = above = same_length(call, 1, y.size(), "err");
  } else {
    x = plotting::real_data(call, 0);
    y = plotting::real_data(call, 1);
    if (x.size() != y.size()) {
      call.fail(fmt::format(messages::x_y_lengths_differ, x.size(), y.size()));
    }
    below = same_length(call, 2, y.size(), numbers == 4 ? "neg" : "err");
    above = numbers == 4 ? same_length(call, 3, y.size(), "pos") : below;
  }
  SeriesOptions options;
  read_options(call, numbers, options);
  plot::Axes& axes = plotting::axes_for_data(call);
  Series series;
  series.kind = SeriesKind::ErrorBar;
  series.x = std::move(x);
  series.y = std::move(y);
  series.error_below = std::move(below);
  series.error_above = std::move(above);
  series.line_width = 1.5;
  plotting::apply_options(series, options, plot::cycle_color(axes.series.size()));
  axes.series.push_back(std::move(series));
  plotting::changed(call);
  return Value::none();
}

// "FaceAlpha", a and the usual options ("label", "color", ...) after fill's or area's data.
double read_fill_options(const Call& call, int first, SeriesOptions& options) {
  double alpha = 1.0;
  const auto label = [&](int k) { options.label = call.value(k).as_string(); };
  const auto color = [&](int k) {
    options.color = plotting::color_argument(call, call.value(k), call.string(k - 1));
  };
  // The edge takes the face's colour: EdgeColor and LineStyle are accepted for MATLAB code.
  const auto accepted = [](int) {};
  call.name_value_options(first,
                          {{"FaceAlpha",
                            [&](int k) {
                              alpha = call.scalar(k);
                              if (!(alpha >= 0 && alpha <= 1)) {
                                call.fail(fmt::format(messages::face_alpha_out_of_range, alpha));
                              }
                            }},
                           {"color", color},
                           {"colour", color},
                           {"label", label},
                           {"DisplayName", label},
                           {"EdgeColor", accepted},
                           {"LineStyle", accepted}});
  return alpha;
}

Value add_fill(Call& call, std::vector<double> x, std::vector<double> y,
               std::optional<plot::Color> color, int options_from) {
  SeriesOptions options;
  options.color = color;
  const double alpha = read_fill_options(call, options_from, options);
  plot::Axes& axes = plotting::axes_for_data(call);
  Series series;
  series.kind = SeriesKind::Fill;
  series.x = std::move(x);
  series.y = std::move(y);
  series.face_alpha = alpha;
  plotting::apply_options(series, options, plot::cycle_color(axes.series.size()));
  axes.series.push_back(std::move(series));
  plotting::changed(call);
  return Value::none();
}

// fill(x, y, color [, "FaceAlpha", a, ...]): the polygon through (x, y), closed.
Value fill(Call& call) {
  if (call.count() < 3) call.fail(messages::fill_call_form);
  std::vector<double> x = plotting::real_data(call, 0);
  std::vector<double> y = plotting::real_data(call, 1);
  if (x.size() != y.size()) {
    call.fail(fmt::format(messages::x_y_lengths_differ, x.size(), y.size()));
  }
  if (x.size() < 3) call.fail(messages::polygon_too_few_points);
  std::optional<plot::Color> color;
  const Value& spec = call.value(2);
  if (spec.is(Kind::String) && spec.string_value().size() == 1) {
    const auto line_spec = plotting::parse_line_spec(spec.string_value());
    if (!line_spec || !line_spec->color) {
      call.fail(fmt::format(messages::unknown_colour, spec.string_value()));
    }
    color = line_spec->color;
  } else {
    color = plotting::color_argument(call, spec, "color");
  }
  return add_fill(call, std::move(x), std::move(y), color, 3);
}

// area(y) or area(x, y): the region between the curve and zero.
Value area(Call& call) {
  const int numbers = leading_numbers(call, 2);
  if (numbers == 0) call.fail(messages::area_call_forms);
  std::vector<double> y = plotting::real_data(call, numbers - 1);
  std::vector<double> x;
  if (numbers == 2) {
    x = plotting::real_data(call, 0);
    if (x.size() != y.size()) {
      call.fail(fmt::format(messages::x_y_lengths_differ, x.size(), y.size()));
    }
  } else {
    for (std::size_t k = 0; k < y.size(); ++k) x.push_back(static_cast<double>(k + 1));
  }
  if (x.empty()) call.fail(messages::area_needs_a_point);
  // Along the curve, then back along zero.
  std::vector<double> px = x, py = y;
  for (std::size_t k = x.size(); k-- > 0;) {
    px.push_back(x[k]);
    py.push_back(0.0);
  }
  return add_fill(call, std::move(px), std::move(py), std::nullopt, numbers);
}

}  // namespace

const BuiltinTable kPlotBandBuiltins = {
    {"errorbar", errorbar, 2, -1,
     "errorbar(x, y, err) or errorbar(x, y, neg, pos): a line with vertical error bars; "
     "errorbar(y, err) at 1..n. Example: errorbar(1:3, [2 3 2], [0.5 0.2 0.4])"},
    {"fill", fill, 3, -1,
     "fill(x, y, color, \"FaceAlpha\", a): the closed polygon through (x, y), its face a "
     "translucent for a < 1 (a confidence band). Example: fill([1 2 2 1], [0 0 1 1], \"b\", "
     "\"FaceAlpha\", 0.3)"},
    {"area", area, 1, -1,
     "area(y) or area(x, y): the region between the curve and zero, filled. "
     "Example: area(1:4, [1 3 2 4])"},
};

}  // namespace llmlab::builtins
