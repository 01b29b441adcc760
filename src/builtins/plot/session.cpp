// builtins.md §13 Plotting: session-level access to figures for the app and notebook layers.
#include "builtins/plot/session.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "base/error.hpp"
#include "base/file.hpp"
#include "base/messages/system.hpp"
#include "plot/backend.hpp"
#include "plot/export.hpp"
#include "plot/terminal_preview.hpp"

namespace llmlab::builtins {
namespace {

std::optional<plot::Figure> themed(runtime::Session& session, int handle) {
  PlotState& state = session.extension<PlotState>();
  const plot::Figure* figure = state.figures.find(handle);
  if (figure == nullptr) return std::nullopt;
  plot::Figure copy = *figure;
  copy.light_theme = state.light_theme;
  return copy;
}

void write_file(const std::string& path, const std::string& bytes) {
  std::string reason;
  if (!llmlab::write_file(path, bytes, reason)) {
    throw Error(fmt::format(messages::cannot_write_file, path, reason));
  }
}

}  // namespace

plot::FigureSet& session_figures(runtime::Session& session) {
  return session.extension<PlotState>().figures;
}

void set_plot_theme(runtime::Session& session, bool light) {
  session.extension<PlotState>().light_theme = light;
}

std::uint64_t figure_mark(runtime::Session& session) { return session_figures(session).mark(); }

std::vector<int> figures_drawn_since(runtime::Session& session, std::uint64_t mark) {
  return session_figures(session).drawn_since(mark);
}

plot::InterruptCheck interrupt_check(runtime::Interpreter& interpreter) {
  return [&interpreter] {
    if (interpreter.interrupt_requested()) interpreter.raise_interrupt();
  };
}

std::uint64_t data_draw_count(runtime::Session& session) {
  return session.extension<PlotState>().data_draws;
}

std::string figure_svg(runtime::Session& session, int handle, const plot::InterruptCheck& check) {
  const auto figure = themed(session, handle);
  return figure ? plot::render_svg(*figure, check) : std::string();
}

std::string figure_png(runtime::Session& session, int handle, const plot::InterruptCheck& check) {
  const auto figure = themed(session, handle);
  return figure ? plot::render_png(*figure, check) : std::string();
}

std::vector<std::string> write_figures(runtime::Session& session, std::uint64_t mark,
                                       const std::string& directory, const std::string& stem,
                                       const plot::InterruptCheck& check) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error)
    throw Error(fmt::format(messages::cannot_create_directory, directory, error.message()));
  std::vector<std::string> paths;
  int n = 0;
  for (int handle : figures_drawn_since(session, mark)) {
    ++n;
    const std::string base =
        (std::filesystem::path(directory) / fmt::format("{}-{}", stem, n)).string();
    write_file(base + ".svg", figure_svg(session, handle, check));
    paths.push_back(base + ".svg");
    if (plot::backend_built()) {
      write_file(base + ".png", figure_png(session, handle, check));
      paths.push_back(base + ".png");
    }
  }
  return paths;
}

void set_savefig_observer(runtime::Session& session,
                          std::function<void(int handle, const plot::Figure& figure)> observer) {
  session.extension<PlotState>().on_savefig = std::move(observer);
}

void reset_unheld_figure(runtime::Session& session) {
  plot::Figure& figure = session_figures(session).current();
  if (!figure.hold) figure.clear();
}

std::string preview_current_figure(runtime::Session& session, int columns, int rows) {
  PlotState& state = session.extension<PlotState>();
  const plot::Figure& figure = state.figures.current();
  if (!figure.has_content()) return {};
  return plot::terminal_preview(figure, columns, rows);
}

}  // namespace llmlab::builtins
