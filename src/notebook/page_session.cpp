// PageSession: one Session and Interpreter per page, output captured per block through the
// session's sink (no global capture), errors turned into the block's error text.
#include "notebook/page_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/error.hpp"
#include "base/messages/notebook.hpp"
#include "base/messages/system.hpp"
#include "base/output_cap.hpp"
#include "base/stop.hpp"
#include "builtins/plot/session.hpp"
#include "builtins/registry.hpp"
#include "notebook/interpolate.hpp"
#include "notebook/parse.hpp"
#include "notebook/time_limit.hpp"
#include "plot/export.hpp"
#include "plot/layout.hpp"
#include "runtime/display.hpp"
#include "runtime/interpreter.hpp"
#include "runtime/printf.hpp"
#include "runtime/session.hpp"

namespace llmlab::notebook {

namespace {

// "line 3: message" with lines counted from the block's first source line (§2). A lex or
// parse error reads "parse error at line 3: detail" (language.md §9.1): the lexer and parser
// start their messages with "lex error: " / "parse error: ", which moves in front of the line.
// An error without a position is placed on `fallback_line` when one is given.
std::string block_error_text(const Error& error, int fallback_line = 0) {
  std::string text;
  std::string_view message = error.what();
  if (error.kind() == ErrorKind::Syntax) {
    std::string_view stage = "parse error";
    for (const std::string_view prefix : {"lex error", "parse error"}) {
      if (message.starts_with(prefix) && message.substr(prefix.size()).starts_with(": ")) {
        stage = prefix;
        message.remove_prefix(prefix.size() + 2);
      }
    }
    text = fmt::format("{} at ", stage);
  }
  if (error.where() && error.where()->valid()) {
    text += fmt::format("line {}: {}", error.where()->line, message);
  } else if (fallback_line > 0) {
    text += fmt::format("line {}: {}", fallback_line, message);
  } else {
    text += message;
  }
  for (const std::string& frame : error.trace()) text += "\n  " + frame;
  return text;
}

// The source line of a syntax error and a caret under its column, so that the reader sees
// where in the statement the lexer or parser stopped.
std::string caret_excerpt(const Error& error) {
  if (!error.where() || !error.where()->valid() || !error.where()->file) return {};
  const std::string_view line = error.where()->file->line(error.where()->line);
  if (trim(line).empty()) return {};
  std::string padding;
  int column = 1;
  for (std::size_t i = 0; i < line.size() && column < error.where()->column; ++i) {
    const auto byte = static_cast<unsigned char>(line[i]);
    if ((byte & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte: same character
    padding += line[i] == '\t' ? '\t' : ' ';
    ++column;
  }
  return fmt::format("\n    {}\n    {}^", line, padding);
}

// One panel's cell on a phone: about the width of a 390 px screen's text column, so the
// figure is shown near its own size and its text near its pixel size.
constexpr plot::CellSize kNarrowCell{360, 240};

// A figure as the pages show it: the file's SVG, one laid out 900 px wide in all, one for a
// phone's column with the subplots stacked (a grid's panels in reading order), and its PNG when
// asked for. `check` runs between drawing primitives: Ctrl-C ends a long render.
Figure page_figure(const plot::Figure& figure, bool with_png, const plot::InterruptCheck& check) {
  Figure shown{plot::render_svg(figure, check), {}, {}, {}};
  if (with_png) shown.png = plot::render_png(figure, check);
  const auto columns = static_cast<double>(figure.columns);
  if (figure.columns > 1) {
    const double width = plot::kCellWidth / columns;
    const double height = plot::kCellHeight * std::max(width / plot::kCellWidth, 0.6);
    shown.column_svg = plot::render_svg(figure, plot::CellSize{width, height}, check);
  } else {
    shown.column_svg = shown.svg;
  }
  plot::Figure stacked = figure;
  stacked.rows = figure.axes.size();
  stacked.columns = 1;
  shown.narrow_svg = plot::render_svg(stacked, kNarrowCell, check);
  return shown;
}

}  // namespace

class PageSession::State {
 public:
  explicit State(ExecuteOptions options)
      : options_(std::move(options)), interpreter_(session_), cap_(options_.max_output_bytes) {
    session_.set_base_directory(options_.working_directory);
    session_.set_output([this](std::string_view text) { captured_ += cap_.admit(text); });
    builtins::install_builtins(interpreter_);
    builtins::set_plot_theme(session_, options_.theme == Theme::Light);
    // savefig during a block snapshots the figure as it is then (plotting.md §8).
    builtins::set_savefig_observer(session_, [this](int, const plot::Figure& figure) {
      plot::Figure snapshot = figure;
      snapshot.light_theme = options_.theme == Theme::Light;
      snapshots_.push_back(page_figure(snapshot, options_.png_figures, interrupt_check_));
    });
  }

  runtime::Interpreter& interpreter() { return interpreter_; }

  // A block or `${…}` past its time limit fails alone, with this note; any other Stop (Ctrl-C)
  // is rethrown and ends the render.
  std::string time_limit_error(const Stop& stop, int line = 0) const {
    if (stop.reason() != StopReason::TimeLimit) throw stop;
    return block_error_text(stop.report(), line) +
           fmt::format(" (the block ran longer than {:g} s; see --block-timeout)",
                       options_.block_timeout_seconds);
  }

  ExecutedBlock run_code(const Block& block) {
    ExecutedBlock result;
    result.block = block;
    result.text = block.text;
    builtins::reset_unheld_figure(session_);
    const std::uint64_t mark = builtins::figure_mark(session_);
    captured_.clear();
    cap_.reset();
    snapshots_.clear();
    auto file = std::make_shared<const SourceFile>(
        fmt::format("{}:block@{}", options_.source_path, block.line), block.text);
    try {
      BlockTimeLimit limit(interpreter_, options_.block_timeout_seconds);
      interpreter_.run(file, runtime::ExecMode::Notebook);
    } catch (const std::bad_alloc&) {
      // Memory ran out outside any builtin (those report it themselves): this block fails,
      // and the page and the blocks after it still render.
      result.error = messages::out_of_memory;
    } catch (const Stop& stop) {
      result.error = time_limit_error(stop);
    } catch (const Error& error) {
      result.error = block_error_text(error);
      if (error.kind() == ErrorKind::Syntax) {
        // The statements before the one that does not lex or parse still run and show their
        // output, as if the block ended there; an error while they run comes first.
        if (std::optional<std::string> earlier = run_lines_before(block, error)) {
          result.error = *earlier;
        } else {
          result.error = block_error_text(error) + caret_excerpt(error);
        }
      }
    } catch (const runtime::ExitRequest&) {
      // A page keeps running: `exit` ends this block only, like an error would.
      result.error = messages::exit_in_notebook_block;
    }
    result.output = std::string(trim(captured_));
    if (cap_.cut() > 0) result.output += "\n" + cap_.marker();
    captured_.clear();
    // Figures are captured even when the block failed (§2): the savefig snapshots, or else
    // every figure drawn into during the block.
    result.figures = std::move(snapshots_);
    snapshots_.clear();
    if (result.figures.empty()) {
      for (const int handle : builtins::figures_drawn_since(session_, mark)) {
        const plot::Figure* drawn = builtins::session_figures(session_).find(handle);
        if (drawn == nullptr) continue;
        plot::Figure themed = *drawn;
        themed.light_theme = options_.theme == Theme::Light;
        result.figures.push_back(page_figure(themed, options_.png_figures, interrupt_check_));
      }
    }
    // A Ctrl-C after the block's last poll ends the render here, not after the next block.
    interrupt_check_();
    return result;
  }

  // Runs the lines of `block` before the line of its syntax error, when they form a complete
  // program of their own. Returns the text of an error they raised, if any.
  std::optional<std::string> run_lines_before(const Block& block, const Error& error) {
    if (!error.where() || !error.where()->valid() || error.where()->line <= 1) return std::nullopt;
    std::string prefix;
    std::size_t at = 0;
    for (int line = 1; line < error.where()->line && at < block.text.size(); ++line) {
      const std::size_t end = block.text.find('\n', at);
      if (end == std::string::npos) {
        at = block.text.size();
        break;
      }
      at = end + 1;
    }
    prefix = block.text.substr(0, at);
    if (trim(prefix).empty()) return std::nullopt;
    auto file = std::make_shared<const SourceFile>(
        fmt::format("{}:block@{}", options_.source_path, block.line), prefix);
    try {
      interpreter_.run(file, runtime::ExecMode::Notebook);
    } catch (const Error& earlier) {
      // A prefix that stops inside an unfinished block does not parse: nothing of it ran.
      if (earlier.kind() == ErrorKind::Syntax) return std::nullopt;
      return block_error_text(earlier);
    } catch (const runtime::ExitRequest&) {
      return std::string(messages::exit_in_notebook_block);
    } catch (const std::bad_alloc&) {
      return std::string(std::string(messages::out_of_memory));
    }
    return std::nullopt;
  }

  std::string value_text(std::string_view expression, std::optional<std::string_view> format) {
    // Anything the expression prints is discarded (§1.7).
    const std::size_t mark = captured_.size();
    cap_.reset();
    runtime::Value value;
    try {
      BlockTimeLimit limit(interpreter_, options_.block_timeout_seconds);
      value = interpreter_.evaluate(expression);
    } catch (const Error& error) {
      captured_.resize(mark);
      // The expression is one line of its own: `line 1: message` (§1.7). The interpolator
      // escapes the message where it shows it.
      throw Error(block_error_text(error, 1));
    } catch (const Stop& stop) {
      captured_.resize(mark);
      throw Error(time_limit_error(stop, 1));
    } catch (const runtime::ExitRequest&) {
      captured_.resize(mark);
      throw Error(std::string(messages::exit_in_notebook));
    }
    captured_.resize(mark);
    // `${x}` shows x as the session's format mode does (§13.12), escaped: a value may hold
    // markup.
    if (!format) return escape_value(runtime::echo_display(value, session_));
    try {
      const runtime::Value argument[] = {value};
      return escape_value(
          runtime::format_printf(*format, argument, runtime::printf_rules(session_.dialect())));
    } catch (const Error& error) {
      throw Error(fmt::format(messages::format_failed, error.what()));
    }
  }

 private:
  ExecuteOptions options_;
  runtime::Session session_;
  runtime::Interpreter interpreter_;
  std::string captured_;
  OutputCap cap_;  // on captured_, per block
  std::vector<Figure> snapshots_;
  // Ctrl-C during the figures' rendering (the interpreter's flag, raised as its Stop).
  const plot::InterruptCheck interrupt_check_ = builtins::interrupt_check(interpreter_);
};

PageSession::PageSession(ExecuteOptions options)
    : state_(std::make_unique<State>(std::move(options))) {}

PageSession::~PageSession() = default;

runtime::Interpreter& PageSession::interpreter() { return state_->interpreter(); }

ExecutedBlock PageSession::run_code(const Block& block) { return state_->run_code(block); }

std::string PageSession::value_text(std::string_view expression,
                                    std::optional<std::string_view> format) {
  return state_->value_text(expression, format);
}

std::string PageSession::interpolate_text(const std::string& text, const ValueMarker& mark) {
  return interpolate(
      text,
      [this](std::string_view expression, std::optional<std::string_view> format) {
        return state_->value_text(expression, format);
      },
      mark);
}

}  // namespace llmlab::notebook
