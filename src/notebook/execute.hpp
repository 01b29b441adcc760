// Runs a parsed notebook in one fresh session (notebook.md §2): code blocks in notebook
// mode with their output captured, prose interpolated when reached, figures captured per
// block through hooks the plotting builtins provide.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/output_cap.hpp"
#include "notebook/document.hpp"
#include "notebook/executed.hpp"
#include "notebook/render.hpp"
#include "runtime/session.hpp"

namespace llmlab::runtime {
class Interpreter;
}

namespace llmlab::notebook {

// Called with the interpreter that runs a page before its first block and with nullptr once the
// page ran, so the app can aim Ctrl-C at it (the library installs no signal handler). An
// interrupt then stops the whole render: Stop passes every block's error handling.
using InterpreterWatch = std::function<void(runtime::Interpreter*)>;

struct ExecuteOptions {
  std::string source_path;        // for messages and as the block files' names
  std::string working_directory;  // the notebook's directory: run/import/savefig resolve here
  std::string fallback_title;     // the file stem, when the page has no title
  Theme theme = Theme::Dark;      // figure colours
  // Seconds one block (or one `${…}`) may run before it stops with an error (0: no limit).
  double block_timeout_seconds = 600.0;
  // Bytes of printed output one block keeps; the rest is cut, with a marker saying how much.
  std::size_t max_output_bytes = kDefaultMaxOutput;
  bool png_figures = false;  // also render each figure as PNG (Figure::png), for .ipynb files
  bool mark_values = false;  // mark prose values for the runnable HTML page (ProseValue)
  InterpreterWatch watch_interpreter{};  // may be empty
};

ExecutedNotebook execute_notebook(const Document& document, const ExecuteOptions& options);

// A `${…}` value as it goes into the prose: `&`, `<` and `>` (and `[`, `]`, which could start a
// link) as character references, which read as the characters themselves in the HTML page and
// in markdown alike, so a value shows as text and never becomes markup.
std::string escape_value(std::string_view text);

}  // namespace llmlab::notebook
