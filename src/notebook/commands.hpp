// The `llmlab notebook` subcommands as library calls (notebook.md §4): render, check, clean.
// The CLI parses flags into these option structs; everything else happens here.
#pragma once

#include <string>

namespace llmlab::notebook {

enum class Format { Html, Markdown };

struct RenderOptions {
  std::string input;   // a .md file or a directory of them
  std::string output;  // file (single input) or directory; empty: next to the input
  Format format = Format::Html;
  bool light_theme = false;
  std::string title;                     // directory index title
  bool strict = false;                   // exit 1 when any block failed
  bool quiet = false;                    // no "Rendered …" lines
  double block_timeout_seconds = 600.0;  // per block; 0: no limit
  bool unsafe_html = false;              // pass raw HTML in prose through (markdown_html.hpp)
};

// Returns the exit status (0, or 1 for unreadable input, unwritable output, or --strict with
// failed blocks). Messages go to stdout/stderr.
int render_command(const RenderOptions& options);

// Lints notebook sources; returns 0 clean, 1 warnings (or any finding with strict), 2 errors.
// With `fix`, files with fixable findings are cleaned in place first (notebook.md §4.2) and
// what remains is reported.
int check_command(const std::string& input, bool strict, bool fix = false);

// Removes render artifacts in place or into `output`; with `check_only`, exits 1 if any file
// would change.
int clean_command(const std::string& input, const std::string& output, bool check_only);

// `convert X.md --to ipynb` / `convert X.ipynb --to md` (notebook/ipynb.hpp): writes `output`,
// or X with the new extension next to the input, or standard output for "-". Returns 0, 1 for
// unreadable input or unwritable output, 2 for a wrong pairing of input and --to.
int convert_command(const std::string& input, const std::string& to, const std::string& output);

}  // namespace llmlab::notebook
