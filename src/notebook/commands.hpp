// The `llmlab notebook` subcommands as library calls (notebook.md §4): render, check, clean.
// The CLI parses flags into these option structs, prints the messages and chooses the exit
// status (src/app/notebook_command.cpp); everything else happens here.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "base/output_cap.hpp"
#include "notebook/execute.hpp"

namespace llmlab::notebook {

enum class Format { Html, Markdown };

struct RenderOptions {
  std::string input;   // a .md file or a directory of them
  std::string output;  // file (single input) or directory; empty: next to the input
  Format format = Format::Html;
  bool light_theme = false;
  std::string title;                                 // directory index title
  bool quiet = false;                                // no "Rendered …" lines
  double block_timeout_seconds = 600.0;              // per block; 0: no limit
  std::size_t max_output_bytes = kDefaultMaxOutput;  // printed output kept per block
  bool unsafe_html = false;              // pass raw HTML in prose through (markdown_html.hpp)
  InterpreterWatch watch_interpreter{};  // ExecuteOptions::watch_interpreter, for every page
};

// Where the commands' messages go: results and progress to `out`, warnings and errors to
// `err`. The app layer connects them to stdout and stderr and picks the exit status from the
// reports below; the library never writes to the process's streams or chooses an exit code.
struct Messages {
  std::function<void(std::string_view)> out;
  std::function<void(std::string_view)> err;
};

struct RenderReport {
  bool failed = false;    // unreadable input, unwritable output, or a refused request
  int failed_blocks = 0;  // code blocks whose run raised an error
};
// Renders a notebook, or every notebook of a directory (with an index page for HTML).
RenderReport render_notebooks(const RenderOptions& options, const Messages& messages);

struct CheckReport {
  bool failed = false;  // a file could not be read, or not be fixed
  int errors = 0;
  int warnings = 0;
};
// Lints notebook sources. With `fix`, files with fixable findings are cleaned in place first
// (notebook.md §4.2) and what remains is reported.
CheckReport check_notebooks(const std::string& input, bool fix, const Messages& messages);

struct CleanReport {
  bool failed = false;
  int changed = 0;  // files cleaned, or with check_only that would be
};
// Removes render artifacts in place or into `output`; with `check_only`, writes nothing.
CleanReport clean_notebooks(const std::string& input, const std::string& output, bool check_only,
                            const Messages& messages);

// `convert X.md --to ipynb` / `convert X.ipynb --to md` (notebook/ipynb.hpp): writes `output`,
// or X with the new extension next to the input, or messages.out for "-". With `execute`
// (markdown to ipynb only) the notebook runs first, in its own folder, and the .ipynb holds its
// outputs and rendered prose. The report says whether the request was refused (a wrong pairing
// of input and --to) or failed.
struct ConvertReport {
  bool refused = false;  // a usage error: the wrong extension or direction
  bool failed = false;   // unreadable input, a malformed notebook, or an unwritable output
};
ConvertReport convert_notebook(const std::string& input, const std::string& to,
                               const std::string& output, bool execute, const Messages& messages);

}  // namespace llmlab::notebook
