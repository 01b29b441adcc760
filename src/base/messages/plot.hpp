// Messages: plotting builtins: their call forms, data shapes and options (see base/message.hpp).
#pragma once

#include "base/message.hpp"

// clang-format off
#define LLMLAB_PLOT_MESSAGES(M)                                                                \
  M(error_has_wrong_length, "{} has {} elements but y has {}")                                 \
  M(must_not_be_negative_got, "{} must not be negative, got {}")                               \
  M(errorbar_call_forms, "expected errorbar(y, err), errorbar(x, y, err) or errorbar(x, y, neg, pos)") \
  M(x_y_lengths_differ, "x and y lengths differ ({} vs {})")                                   \
  M(face_alpha_out_of_range, "FaceAlpha must be between 0 and 1, got {}")                      \
  M(fill_call_form, "expected fill(x, y, color) with optional \"FaceAlpha\", a")               \
  M(polygon_too_few_points, "a filled polygon needs at least 3 points")                        \
  M(unknown_colour, "unknown colour '{}'")                                                     \
  M(area_call_forms, "expected area(y) or area(x, y)")                                         \
  M(area_needs_a_point, "area needs at least one point")                                       \
  M(figure_handle_not_positive_integer, "argument 1: expected a positive integer handle, got {}") \
  M(no_figure_with_handle, "no figure has handle {}")                                          \
  M(print_needs_file, "writes a figure to a file: give its name, as print(\"out.png\") or print(\"-dpng\", \"out\")") \
  M(subplot_grid_too_small, "grid must be at least 1×1, got {}×{}")                            \
  M(subplot_index_out_of_range, "index {} out of range for a {}×{} grid")                      \
  M(bad_legend_location, "option 'Location' must be northeast, northwest, southeast, southwest or best, got '{}'") \
  M(limits_out_of_order, "lo must be less than hi")                                            \
  M(log_axis_limits_not_positive, "limits must be positive on a log axis")                     \
  M(expected_limits_pair, "expected [lo, hi] vector")                                          \
  M(bad_axis_argument, "expected \"equal\", \"auto\", \"xy\", \"ij\", or [xmin, xmax, ymin, ymax]; got \"{}\"") \
  M(expected_axis_limits, "expected [xmin, xmax, ymin, ymax]")                                 \
  M(axis_min_not_below_max, "{0}min ({1}) must be less than {0}max ({2})")                     \
  M(bad_axis_direction, "expected \"xy\" or \"ij\"; got \"{}\"")                               \
  M(expected_figure_handle_or_all, "expected a figure handle or \"all\", got \"{}\"")          \
  M(expected_non_empty_matrix_argument, "argument {}: expected a non-empty matrix")            \
  M(length_must_match, "{0} length ({2}) must match {1} ({3})")                                \
  M(bad_colormap_argument, "argument 2: expected a colormap name or colour limits [lo, hi] with lo < hi") \
  M(heatmap_call_form, "expected heatmap(xlabels, ylabels, M, ...)")                           \
  M(heatmap_unlabeled_too_many, "unlabeled form is heatmap(M) or heatmap(M, title); use heatmap(xlabels, ylabels, M, ...) for categorical labels") \
  M(surface_argument_count, "expected 1, 3, or 4 arguments, got {}")                           \
  M(grid_too_small, "Z must have at least 2 rows and 2 columns")                               \
  M(contour_call_forms, "expected contour(Z), contour(X, Y, Z) or contour(X, Y, Z, levels), got {} arguments") \
  M(bad_contour_levels, "argument {} (levels) must be a positive integer or a vector, got {}") \
  M(option_not_colour, "option '{}' must be a colour name, '#RRGGBB' or [r, g, b] in [0, 1], got {}") \
  M(option_not_positive_number, "option '{}' must be a positive number, got {}")               \
  M(option_not_string, "option '{}' must be a string, got {}")                                 \
  M(bad_line_style, "option '{}' must be solid, dashed, dotted, dashdot or none, got '{}'")    \
  M(bad_marker, "option '{}' must be one of none o x + * . s d ^ v, got '{}'")                 \
  M(expected_y_after_labels, "expected y data after the labels")                               \
  M(no_data, "no data")                                                                        \
  M(bad_bin_count, "argument 2 (nbins) must be a positive integer, got {}")                    \
  M(bins_not_numeric, "bin specification must be a numeric scalar or vector")                  \
  M(bins_not_vector, "bin specification must be a scalar or vector")                           \
  M(hist_norm_not_positive, "NORM must be a numeric constant > 0")                             \
  M(hist_norm_wrong_length, "NORM must be scalar or vector of length 'columns (Y)'")           \
  M(hist_y_not_real, "Y must be real-valued")                                                  \
  M(hist_plot_takes_bin_count, "the plot takes a number of bins (ask for [nn, xx] for centres or a norm)") \
  M(mark_call_forms, "expected {0}(value), {0}(value, colour), {0}(value, colour, label) or option pairs") \
  M(bar_call_forms, "expected bar(y), bar(x,y), bar(labels,y), bar(M), bar(x,M), or bar(...,title)") \
  M(scatter_call_forms, "expected scatter(x, y) or scatter(x, y, title)")                      \
  M(log_axis_skips_values, "{}: ignoring {} non-positive value(s) on a log axis")              \
  M(unknown_colour_using_default, "unknown colour '{}', using default")
// clang-format on

namespace llmlab::messages {
LLMLAB_PLOT_MESSAGES(LLMLAB_MESSAGE_CONSTANT)
}  // namespace llmlab::messages
