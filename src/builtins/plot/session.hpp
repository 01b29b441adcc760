// builtins.md §13 Plotting: the plotting state of one Session and what the app and notebook layers
// need from it: which figures a run or a notebook block drew since a mark, writing them out as
// files, and a terminal preview. The state lives in Session::extension<PlotState>(), never in a
// global.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "plot/checked_renderer.hpp"
#include "plot/figure.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/session.hpp"

namespace llmlab::builtins {

struct PlotState {
  plot::FigureSet figures;
  bool light_theme = false;  // `--theme light`; applies to every figure this session renders
  // Called by savefig after writing the file, with the figure as saved (notebook snapshots,
  // plotting.md §8). Empty: nobody listens.
  std::function<void(int handle, const plot::Figure& figure)> on_savefig;
  // Calls that put data into an axes (plot, bar, imagesc, ...), not decorations (labels, grid).
  std::uint64_t data_draws = 0;
};

plot::FigureSet& session_figures(runtime::Session& session);
void set_plot_theme(runtime::Session& session, bool light);

// A mark to pass to figures_drawn_since: take one before running code.
std::uint64_t figure_mark(runtime::Session& session);
// Handles of figures with content that changed after `mark`, in the order first drawn into.
std::vector<int> figures_drawn_since(runtime::Session& session, std::uint64_t mark);
// How many calls have put data into a figure so far (PlotState::data_draws): a front end that
// compares two counts knows whether an entry drew data or only decorated a figure.
std::uint64_t data_draw_count(runtime::Session& session);

// Raises `interpreter`'s pending interrupt, if any: pass it to renders so that Ctrl-C, the
// kernel's stop or a time limit ends a long one.
plot::InterruptCheck interrupt_check(runtime::Interpreter& interpreter);

// Rendered copies of a figure (the session theme applied); empty if the handle is unknown.
std::string figure_svg(runtime::Session& session, int handle,
                       const plot::InterruptCheck& check = {});
std::string figure_png(runtime::Session& session, int handle,
                       const plot::InterruptCheck& check = {});

// Writes every figure drawn since `mark` to `directory` as <stem>-<n>.svg and, in a build with
// the PNG backend (not the WebAssembly build), <stem>-<n>.png, n = 1, 2, … in drawing order;
// returns the paths written. Throws llmlab::Error when the
// directory cannot be created or a file cannot be written.
std::vector<std::string> write_figures(runtime::Session& session, std::uint64_t mark,
                                       const std::string& directory,
                                       const std::string& stem = "figure",
                                       const plot::InterruptCheck& check = {});

// Installs (or, with an empty function, removes) the savefig listener.
void set_savefig_observer(runtime::Session& session,
                          std::function<void(int handle, const plot::Figure& figure)> observer);

// Notebook rule (plotting.md §8): before a code block, empty the current figure unless hold is on.
void reset_unheld_figure(runtime::Session& session);

// The current figure as braille text, `columns` × `rows` cells (empty string when it has no
// content).
std::string preview_current_figure(runtime::Session& session, int columns, int rows);

}  // namespace llmlab::builtins
