// The plotting session API used by `llmlab run --figures` and notebooks: figures drawn since a
// mark, writing them out, the savefig listener, the notebook reset rule and the text preview.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "builtins/plot/session.hpp"
#include "builtins/registry.hpp"
#include "lab.hpp"

namespace llmlab::builtins {
namespace {

using testing::Lab;

TEST(plot_session, lists_figures_drawn_since_a_mark_in_drawing_order) {
  Lab lab;
  lab.run("figure(5); plot([1 2 3]);");
  const auto mark = figure_mark(lab.session);
  lab.run("figure(); bar([1 2]); figure(5); title(\"again\"); figure(); ");
  EXPECT_EQ(figures_drawn_since(lab.session, mark), (std::vector<int>{5, 6}));
  EXPECT_TRUE(figures_drawn_since(lab.session, figure_mark(lab.session)).empty());
}

TEST(plot_session, complex_plot_names_its_two_parts_in_the_legend) {
  Lab lab;
  lab.run("plot([3 1 0] + j * [4 0 1]);");
  const plot::Axes& axes = session_figures(lab.session).current().current_axes();
  ASSERT_EQ(axes.series.size(), 2u);
  EXPECT_EQ(axes.series[0].label, "magnitude");
  EXPECT_EQ(axes.series[0].y, (std::vector<double>{5, 1, 1}));
  EXPECT_EQ(axes.series[1].label, "real");
  EXPECT_TRUE(axes.series[0].explicit_label && axes.series[1].explicit_label);
  const std::string svg = figure_svg(lab.session, session_figures(lab.session).current_handle());
  EXPECT_NE(svg.find(">magnitude</text>"), std::string::npos);
  EXPECT_NE(svg.find(">real</text>"), std::string::npos);
}

TEST(plot_session, writes_svg_and_png_per_figure) {
  Lab lab;
  const auto mark = figure_mark(lab.session);
  lab.run("plot([1 2 3]); figure(); semilogy([1 2 3], [1 10 100]);");
  const auto dir = std::filesystem::temp_directory_path() / "llmlab_plot_session_test";
  std::filesystem::remove_all(dir);
  const std::vector<std::string> paths = write_figures(lab.session, mark, dir.string(), "fig");
  ASSERT_EQ(paths.size(), 4u);
  EXPECT_TRUE(std::filesystem::exists(dir / "fig-1.svg"));
  EXPECT_TRUE(std::filesystem::exists(dir / "fig-2.png"));
  EXPECT_GT(std::filesystem::file_size(dir / "fig-2.png"), 1000u);
  std::filesystem::remove_all(dir);
}

TEST(plot_session, savefig_notifies_the_listener) {
  Lab lab;
  int saved = -1;
  set_savefig_observer(lab.session, [&](int handle, const plot::Figure& figure) {
    saved = handle;
    EXPECT_TRUE(figure.has_content());
  });
  const auto dir = std::filesystem::temp_directory_path() / "llmlab_plot_session_savefig";
  std::filesystem::create_directories(dir);
  lab.run("h = figure(); plot([1 2]); savefig(\"" + (dir / "a.svg").string() + "\");");
  EXPECT_EQ(saved, 2);
  std::filesystem::remove_all(dir);
}

TEST(plot_session, notebook_reset_keeps_held_figures) {
  Lab lab;
  lab.run("plot([1 2]);");
  reset_unheld_figure(lab.session);
  EXPECT_FALSE(session_figures(lab.session).current().has_content());
  lab.run("hold on; plot([1 2]);");
  reset_unheld_figure(lab.session);
  EXPECT_TRUE(session_figures(lab.session).current().has_content());
}

TEST(plot_session, preview_and_theme) {
  Lab lab;
  EXPECT_EQ(preview_current_figure(lab.session, 60, 20), "");
  lab.run("plot([1 4 9]); title(\"squares\");");
  EXPECT_NE(preview_current_figure(lab.session, 60, 20).find("squares"), std::string::npos);
  set_plot_theme(lab.session, true);
  const int handle = session_figures(lab.session).current_handle();
  EXPECT_NE(figure_svg(lab.session, handle).find("#eff1f5"), std::string::npos);  // light bg
}

TEST(plot_session, reference_line_takes_a_line_spec_in_its_colour_slot) {
  Lab lab;
  lab.run("figure(1); plot([1 2 3]); yline(2, \"k:\");");
  const std::string svg = figure_svg(lab.session, 1);
  EXPECT_NE(svg.find("stroke=\"#000000\""), std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray=\"2"), std::string::npos);
  // A plain colour name still sets only the colour; the default style stays dashed.
  lab.run("figure(2); plot([1 2 3]); yline(2, \"red\");");
  const std::string red = figure_svg(lab.session, 2);
  EXPECT_NE(red.find("stroke=\"#d62728\""), std::string::npos);
  EXPECT_NE(red.find("stroke-dasharray=\"8"), std::string::npos);
}

}  // namespace
}  // namespace llmlab::builtins
