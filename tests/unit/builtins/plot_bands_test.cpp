// errorbar, fill and area as scripts call them (issue #16): the series they add to the current
// axes, their argument forms and errors.
#include <gtest/gtest.h>

#include "base/error.hpp"
#include "builtins/plot/session.hpp"
#include "lab.hpp"

namespace llmlab::builtins {
namespace {

using testing::Lab;

std::string error_of(Lab& lab, const std::string& code) {
  try {
    lab.run(code);
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

const plot::Axes& current_axes(Lab& lab) {
  return session_figures(lab.session).current().current_axes();
}

TEST(plot_bands, errorbar_symmetric_and_asymmetric) {
  Lab lab;
  lab.run(
      "errorbar([1 2 3], [2 4 3], [0.5 1 0.2]); hold on; errorbar([1 2], [1 1], [0.1 0.2], [0.3 "
      "0.4], \"r--\");");
  const plot::Axes& axes = current_axes(lab);
  ASSERT_EQ(axes.series.size(), 2u);
  EXPECT_EQ(axes.series[0].kind, plot::SeriesKind::ErrorBar);
  EXPECT_EQ(axes.series[0].error_below, (std::vector<double>{0.5, 1, 0.2}));
  EXPECT_EQ(axes.series[0].error_above, (std::vector<double>{0.5, 1, 0.2}));
  EXPECT_EQ(axes.series[1].error_below, (std::vector<double>{0.1, 0.2}));
  EXPECT_EQ(axes.series[1].error_above, (std::vector<double>{0.3, 0.4}));
  EXPECT_EQ(axes.series[1].style, plot::LineStyle::Dashed);
  EXPECT_EQ(error_of(lab, "errorbar([1 2], [1 2], [1 2 3])"),
            "errorbar: err has 3 elements but y has 2");
  EXPECT_EQ(error_of(lab, "errorbar([1 2], [1 2], [-1 1])"),
            "errorbar: err must not be negative, got -1");
}

TEST(plot_bands, fill_with_face_alpha_and_area_down_to_zero) {
  Lab lab;
  lab.run(
      "fill([1 2 2 1], [0 0 1 1], \"g\", \"FaceAlpha\", 0.25); hold on; area([1 2 3], [2 1 3]);");
  const plot::Axes& axes = current_axes(lab);
  ASSERT_EQ(axes.series.size(), 2u);
  EXPECT_EQ(axes.series[0].kind, plot::SeriesKind::Fill);
  EXPECT_DOUBLE_EQ(axes.series[0].face_alpha, 0.25);
  EXPECT_EQ(axes.series[1].x, (std::vector<double>{1, 2, 3, 3, 2, 1}));
  EXPECT_EQ(axes.series[1].y, (std::vector<double>{2, 1, 3, 0, 0, 0}));
  const std::string svg = figure_svg(lab.session, session_figures(lab.session).current_handle());
  EXPECT_NE(svg.find("fill-opacity=\"0.25\""), std::string::npos);
  EXPECT_EQ(error_of(lab, "fill([1 2 3], [1 2 3], \"g\", \"FaceAlpha\", 2)"),
            "fill: FaceAlpha must be between 0 and 1, got 2");
}

}  // namespace
}  // namespace llmlab::builtins
