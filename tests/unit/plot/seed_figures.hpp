// The seed lesson's four figures built directly on the model, with data of the same shape as
// the lesson's (deterministic stand-ins, not the lesson's random streams).
#pragma once

#include <cmath>
#include <string>

#include "plot/figure.hpp"
#include "plot/histogram.hpp"

namespace llmlab::plot::testing {

inline Series line(std::vector<double> x, std::vector<double> y, const char* color,
                   std::string label, LineStyle style = LineStyle::Solid) {
  Series s;
  s.x = std::move(x);
  s.y = std::move(y);
  s.color = *parse_color(color);
  s.label = std::move(label);
  s.explicit_label = true;
  s.style = style;
  return s;
}

inline std::vector<double> range(int first, int last) {
  std::vector<double> v;
  for (int i = first; i <= last; ++i) v.push_back(i);
  return v;
}

inline void add_histogram(Axes& axes, const std::vector<double>& samples, const char* title,
                          const char* xlabel) {
  const Histogram h = bin_histogram(samples, 10);
  Series s;
  s.kind = SeriesKind::Histogram;
  s.x = h.centres;
  s.y = h.counts;
  s.bar_width = h.width;
  s.color = cycle_color(0);
  axes.series.push_back(s);
  axes.title = title;
  axes.x.label = xlabel;
  axes.y.label = "count";
}

inline Figure histogram_figure() {
  Figure f;
  f.select_subplot(2, 1, 1);
  std::vector<double> pre, post;
  for (int i = 0; i < 24; ++i) {
    pre.push_back(1.5 + 3.0 * std::sin(1.7 * i + 0.3) * std::cos(0.37 * i));
    post.push_back(std::sin(1.7 * i + 0.3) * std::cos(0.37 * i) * 1.4 - 0.05);
  }
  add_histogram(f.axes[0], pre, "Pre-LN activation distribution (mean ≈ 1.5, std ≈ 3)", "Value");
  add_histogram(f.axes[1], post, "Post-LN activation distribution (mean ≈ 0, std ≈ 1)",
                "activation value");
  return f;
}

inline Figure magnitude_figure() {
  Figure f;
  Axes& a = f.axes[0];
  a.y.scale = Scale::Log;
  std::vector<double> no_res, res, res1;
  for (int l = 0; l <= 24; ++l) {
    no_res.push_back(6.0 * std::pow(0.497, l));
    res.push_back(6.0 + 2.0 * l / 24.0 + 0.3 * std::sin(l));
    res1.push_back(6.0 * std::pow(1.43, l));
  }
  a.series.push_back(line(range(0, 24), no_res, "red", "no residual: x <- f(x)"));
  a.series.push_back(line(range(0, 24), res, "blue", "x <- x + 0.1 f(x)"));
  a.series.push_back(line(range(0, 24), res1, "green", "x <- x + 1.0 f(x)"));
  a.title = "Activation magnitude vs. depth (24 random GELU sublayers, d = 32)";
  a.x.label = "layer index l";
  a.y.label = "|x_l| (log scale)";
  a.legend = LegendVisibility::Shown;
  return f;
}

inline Figure pre_post_figure() {
  Figure f;
  f.select_subplot(1, 2, 1);
  std::vector<double> pre, post, dc, pred_dc, ac, pred_ac;
  for (int l = 0; l <= 48; ++l) {
    pre.push_back(std::sqrt(34.8 + 0.80 * l * l));
    post.push_back(5.66 + 0.002 * std::sin(l));
    dc.push_back(0.8 * l + 0.4 * std::sin(0.7 * l));
    pred_dc.push_back(0.8 * l);
    ac.push_back(5.9 * std::sqrt(1.0 + l) + 0.5 * std::cos(l));
    pred_ac.push_back(5.9 * std::sqrt(1.0 + l));
  }
  Axes& left = f.axes[0];
  left.series.push_back(line(range(0, 48), pre, "blue", "Pre-LN |x_l|"));
  left.series.push_back(line(range(0, 48), post, "red", "Post-LN |x_l|"));
  left.reference_lines.push_back({Orientation::Horizontal, std::sqrt(32.0), *parse_color("gray"),
                                  LineStyle::Dashed, 1.5, "sqrt(d)"});
  left.title = "Residual-stream magnitude vs. depth";
  left.x.label = "layer index l";
  left.y.label = "|x_l|";
  left.legend = LegendVisibility::Shown;
  Axes& right = f.axes[1];
  right.series.push_back(line(range(0, 48), dc, "orange", "DC part (measured)"));
  right.series.push_back(
      line(range(0, 48), pred_dc, "orange", "coherent: linear in l", LineStyle::Dashed));
  right.series.push_back(line(range(0, 48), ac, "blue", "AC part (measured)"));
  right.series.push_back(
      line(range(0, 48), pred_ac, "blue", "random walk: sqrt(l)", LineStyle::Dashed));
  right.title = "Pre-LN stream split into DC and AC parts";
  right.x.label = "layer index l";
  right.legend = LegendVisibility::Shown;
  return f;
}

inline Figure jacobian_figure() {
  Figure f;
  Axes& a = f.axes[0];
  a.y.scale = Scale::Log;
  std::vector<double> smax_plain, smax_res, smin_res;
  for (int l = 1; l <= 24; ++l) {
    smax_plain.push_back(0.62 * std::pow(0.52, l - 1));
    smax_res.push_back(1.0 + 0.05 * l);
    smin_res.push_back(0.98 - 0.0145 * l);
  }
  a.series.push_back(line(range(1, 24), smax_plain, "red", "no residual: sigma_max"));
  a.series.push_back(line(range(1, 24), smax_res, "blue", "h = 0.1: sigma_max", LineStyle::Dashed));
  a.series.push_back(line(range(1, 24), smin_res, "blue", "h = 0.1: sigma_min"));
  a.reference_lines.push_back(
      {Orientation::Horizontal, 1.0, *parse_color("gray"), LineStyle::Dashed, 1.5, "1"});
  a.title = "Cumulative Jacobian product: extreme singular values vs. depth";
  a.x.label = "layer index l";
  a.y.label = "singular value (log scale)";
  a.legend = LegendVisibility::Shown;
  return f;
}

}  // namespace llmlab::plot::testing
