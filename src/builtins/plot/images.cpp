// builtins.md §13 Plotting: imagesc, heatmap, surf and contour (plotting.md §3.9–§3.11, §3.19):
// matrices become plain value grids for the plot library.
#include <fmt/format.h>

#include <cmath>

#include "base/messages/plot.hpp"
#include "builtins/plot/builtins.hpp"
#include "builtins/plot/options.hpp"
#include "plot/contour.hpp"

namespace llmlab::builtins::plotting {
namespace {

using runtime::Kind;

// Values for colouring: real parts of real matrices, magnitudes of complex ones; a vector is
// an N×1 column.
plot::Image image_of(const Call& call, int index) {
  const num::Matrix m = call.matrix(index);
  const bool vector = call.value(index).is(Kind::Vector);
  plot::Image image;
  image.rows = static_cast<std::size_t>(vector ? m.size() : m.rows());
  image.columns = static_cast<std::size_t>(vector ? 1 : m.columns());
  for (num::Index i = 0; i < m.size(); ++i) {
    image.values.push_back(m.is_complex() ? std::abs(m.complex_at(i)) : m[i]);
  }
  if (image.values.empty())
    call.fail(fmt::format(messages::expected_non_empty_matrix_argument, index + 1));
  return image;
}

Value show_image(const Call& call, plot::Image image, const std::string& title) {
  plot::Axes& axes = axes_for_data(call);
  axes.series.clear();
  axes.image = std::move(image);
  if (!title.empty() && axes.title.empty()) axes.title = title;
  changed(call);
  return Value::none();
}

std::vector<double> one_to(std::size_t n) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<double>(i + 1);
  return v;
}

// surf/contour grids: X, Y as vectors or meshgrid matrices (first row of X, first column of Y).
std::vector<double> grid_axis(const Call& call, int index, bool is_x, std::size_t expected) {
  const num::Matrix m = call.matrix(index);
  std::vector<double> axis;
  if (m.rows() > 1 && m.columns() > 1) {
    const num::Index n = is_x ? m.columns() : m.rows();
    for (num::Index i = 0; i < n; ++i) axis.push_back(is_x ? m(0, i) : m(i, 0));
  } else {
    for (num::Index i = 0; i < m.size(); ++i) axis.push_back(m[i]);
  }
  if (axis.size() != expected) {
    call.fail(fmt::format(messages::length_must_match, is_x ? "X" : "Y", "Z dimension", axis.size(),
                          expected));
  }
  return axis;
}

std::vector<double> z_values(const num::Matrix& z) {
  std::vector<double> values;
  for (num::Index i = 0; i < z.size(); ++i)
    values.push_back(z.is_complex() ? std::abs(z.complex_at(i)) : z[i]);
  return values;
}

}  // namespace

Value imagesc(Call& call) {
  plot::Image image = image_of(call, 0);
  if (call.has(1)) {
    const Value& second = call.value(1);
    if (second.is(Kind::String)) {
      image.colormap = plot::parse_colormap(second.string_value());
    } else {
      const num::Matrix limits = call.matrix(1);
      if (limits.size() != 2 || !(limits[0] < limits[1])) {
        call.fail(messages::bad_colormap_argument);
      }
      image.color_limits = std::pair{limits[0], limits[1]};
    }
  }
  return show_image(call, std::move(image), "");
}

Value heatmap(Call& call) {
  if (call.value(0).is(Kind::StringArray)) {
    if (call.count() < 3 || !call.value(1).is(Kind::StringArray)) {
      call.fail(messages::heatmap_call_form);
    }
    plot::Image image = image_of(call, 2);
    image.column_labels = call.value(0).string_array_value();
    image.row_labels = call.value(1).string_array_value();
    if (image.column_labels.size() != image.columns) {
      call.fail(fmt::format(messages::length_must_match, "xlabels", "column count",
                            image.column_labels.size(), image.columns));
    }
    if (image.row_labels.size() != image.rows) {
      call.fail(fmt::format(messages::length_must_match, "ylabels", "row count",
                            image.row_labels.size(), image.rows));
    }
    if (call.has(4)) image.colormap = plot::parse_colormap(call.string(4));
    return show_image(call, std::move(image), call.has(3) ? call.string(3) : "");
  }
  if (call.count() > 2) {
    call.fail(messages::heatmap_unlabeled_too_many);
  }
  plot::Image image = image_of(call, 0);
  return show_image(call, std::move(image), call.has(1) ? call.string(1) : "");
}

Value surf(Call& call) {
  if (call.count() != 1 && call.count() != 3 && call.count() != 4) {
    call.fail(fmt::format(messages::surface_argument_count, call.count()));
  }
  const int z_index = call.count() == 1 ? 0 : 2;
  const num::Matrix z = call.matrix(z_index);
  if (z.rows() < 2 || z.columns() < 2) call.fail(messages::grid_too_small);
  plot::Surface surface;
  const auto rows = static_cast<std::size_t>(z.rows());
  const auto columns = static_cast<std::size_t>(z.columns());
  surface.x = call.count() == 1 ? one_to(columns) : grid_axis(call, 0, true, columns);
  surface.y = call.count() == 1 ? one_to(rows) : grid_axis(call, 1, false, rows);
  surface.z = z_values(z);
  if (call.count() == 4) surface.colormap = plot::parse_colormap(call.string(3));
  plot::Axes& axes = axes_for_data(call);
  axes.surface = std::move(surface);
  changed(call);
  return Value::none();
}

Value contour(Call& call) {
  // contour(Z), contour(Z, levels), contour(X, Y, Z), contour(X, Y, Z, levels).
  if (call.count() > 4) {
    call.fail(fmt::format(messages::contour_call_forms, call.count()));
  }
  const bool gridded = call.count() >= 3;
  const int z_index = gridded ? 2 : 0;
  const int levels_index = gridded ? 3 : 1;
  const num::Matrix z = call.matrix(z_index);
  if (z.rows() < 2 || z.columns() < 2) call.fail(messages::grid_too_small);
  plot::ContourSet set;
  const auto rows = static_cast<std::size_t>(z.rows());
  const auto columns = static_cast<std::size_t>(z.columns());
  set.x = gridded ? grid_axis(call, 0, true, columns) : one_to(columns);
  set.y = gridded ? grid_axis(call, 1, false, rows) : one_to(rows);
  set.z = z_values(z);
  if (call.has(levels_index) && call.value(levels_index).is(Kind::Scalar)) {
    const double n = call.scalar(levels_index);
    if (!(n >= 1) || n != std::floor(n) || n > 1000) {
      call.fail(fmt::format(messages::bad_contour_levels, levels_index + 1, n));
    }
    set.levels = plot::contour_levels(set.z, static_cast<int>(n));
  } else if (call.has(levels_index)) {
    set.levels = real_data(call, levels_index);
  } else {
    set.levels = plot::contour_levels(set.z, 10);
  }
  plot::Axes& axes = axes_for_data(call);
  axes.contours.push_back(std::move(set));
  changed(call);
  return Value::none();
}

}  // namespace llmlab::builtins::plotting
