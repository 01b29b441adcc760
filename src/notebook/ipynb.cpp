// md ↔ ipynb. A cell's "llmlab" metadata holds only what differs from the defaults
// (one blank line before a cell, a ```rustlab fence closed by ```), so notebooks authored in
// Jupyter, which carry none, convert to ordinary markdown.
#include "notebook/ipynb.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "base/error.hpp"
#include "base/messages/notebook.hpp"
#include "base/text_escape.hpp"
#include "notebook/parse.hpp"
#include "notebook/prose_template.hpp"
#include "plot/layout.hpp"

namespace llmlab::notebook {

namespace {

using nlohmann::json;

constexpr std::string_view kDefaultFence = "```rustlab";
constexpr std::string_view kClosingFence = "```";

struct Cell {
  bool code = false;
  std::vector<std::string_view> lines;       // the source, one entry per line
  std::vector<std::string_view> directives;  // code: the directive lines above the fence
  std::string_view fence = kDefaultFence;    // code: the opening line
  std::optional<std::string_view> closing;   // code: the closing line (none: left open)
  int blank_lines_before = 1;
};

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

bool opens_code(std::string_view line) {
  return opens_fence(line, "rustlab") || opens_fence(line, "rlab");
}

// §1.3: the four code-block directives, each an HTML comment on its own line.
bool is_directive(std::string_view line) {
  const std::string_view text = trim(line);
  if (!text.starts_with("<!--") || !text.ends_with("-->")) return false;
  const std::string_view body = trim(text.substr(4, text.size() - 7));
  return body == "hide" || body.starts_with("details:") || body.starts_with("grid:") ||
         body.starts_with("caption:");
}

bool is_heading(std::string_view line) { return line.starts_with("#"); }

// Prose lines [begin, end) as markdown cells; a new cell starts at a heading that follows a
// blank line outside a fence. `blanks` counts the empty lines since the last cell's last line, in
// and out: they are the next cell's blank_lines_before.
void add_prose(std::vector<Cell>& cells, const std::vector<std::string_view>& lines,
               std::size_t begin, std::size_t end, int& blanks) {
  bool open = false;
  bool in_fence = false;  // inside a ```text (or other) fence, where `#` is no heading
  for (std::size_t i = begin; i < end; ++i) {
    if (lines[i].empty()) {
      ++blanks;
      continue;
    }
    if (!open || (blanks > 0 && !in_fence && is_heading(lines[i]))) {
      cells.push_back(Cell{});
      cells.back().blank_lines_before = blanks;
      open = true;
    } else {
      cells.back().lines.insert(cells.back().lines.end(), static_cast<std::size_t>(blanks),
                                std::string_view());
    }
    blanks = 0;
    cells.back().lines.push_back(lines[i]);
    if (trim(lines[i]).starts_with("```")) in_fence = !in_fence;
  }
}

// Blank lines in front of a cell unless its metadata says otherwise: none at the very top of
// a file, one elsewhere.
int default_blank_lines(bool first_cell, bool has_frontmatter) {
  return first_cell && !has_frontmatter ? 0 : 1;
}

json source_lines(const std::vector<std::string_view>& lines) {
  json source = json::array();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string line(lines[i]);
    if (i + 1 < lines.size()) line += '\n';
    source.push_back(std::move(line));
  }
  return source;
}

json language_info() {
  return {{"name", "rlab"},
          {"file_extension", ".rlab"},
          {"mimetype", "text/x-rlab"},
          {"codemirror_mode", "octave"},
          {"pygments_lexer", "matlab"}};
}

// Reading an .ipynb. Every field the conversion uses is checked, its type and its bounds, before
// use, and a cell's "llmlab" metadata may only restore layout: blank lines, the fence's own line,
// the four directive comments of notebook.md §1.3. Text that would run on render but that Jupyter
// does not show as a cell's source (code in a directive, a fence or the frontmatter, an unclosed
// fence swallowing the cells after it) is refused, naming the cell: opening a notebook runs what
// its reader sees (docs/security.md).

// More blank lines than any layout needs: a count from the file is bounded, so a few bytes of
// JSON cannot ask for gigabytes of newlines.
constexpr int kMaxBlankLines = 1000;

[[noreturn]] void refuse(std::string_view where, std::string_view problem) {
  throw Error(fmt::format(messages::not_notebook, where, problem));
}

// "cell 3" or, when the cell has an id, "cell 3 (id "intro")", as the error names it.
std::string cell_name(const json& cell, std::size_t number) {
  if (cell.is_object() && cell.contains("id") && cell["id"].is_string()) {
    return fmt::format("cell {} (id {})", number,
                       json(cell["id"]).dump(-1, ' ', false, json::error_handler_t::replace));
  }
  return fmt::format("cell {}", number);
}

// parent[key] when it is an object, an empty object when absent; anything else is refused.
const json& object_field(const json& parent, const char* key, std::string_view where) {
  static const json kEmpty = json::object();
  if (!parent.contains(key)) return kEmpty;
  const json& value = parent[key];
  if (!value.is_object()) refuse(where, fmt::format(messages::ipynb_not_object, key));
  return value;
}

int blank_lines(const json& meta, const char* key, int fallback, std::string_view where) {
  if (!meta.contains(key)) return fallback;
  const json& value = meta[key];
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
      value.get<std::int64_t>() > kMaxBlankLines) {
    refuse(where, fmt::format(messages::ipynb_setting_not_count, key, kMaxBlankLines));
  }
  return value.get<int>();
}

bool flag(const json& meta, const char* key, std::string_view where) {
  if (!meta.contains(key)) return false;
  if (!meta[key].is_boolean()) refuse(where, fmt::format(messages::ipynb_setting_not_boolean, key));
  return meta[key].get<bool>();
}

// One line of layout (a fence, a directive): a string without a line break that `is_layout`
// accepts, so it cannot carry a line of code.
template <class Accepts>
std::string layout_line(const json& value, std::string_view name, std::string_view where,
                        Accepts is_layout, std::string_view expected) {
  if (!value.is_string()) refuse(where, fmt::format(messages::ipynb_setting_not_string, name));
  const std::string& line = value.get_ref<const std::string&>();
  if (line.find('\n') != std::string::npos || !is_layout(std::string_view(line))) {
    refuse(where, fmt::format(messages::ipynb_setting_not_one_line, name, expected));
  }
  return line;
}

// The frontmatter restores the `---` block at the top (§1.1): it must close on its last line, or
// what follows its closing `---` would be notebook body that no cell shows.
std::string read_frontmatter(const json& meta) {
  constexpr std::string_view kWhere = "the notebook's metadata";
  if (!meta.contains("frontmatter")) return {};
  const json& value = meta["frontmatter"];
  if (!value.is_string())
    refuse(kWhere, fmt::format(messages::ipynb_setting_not_string, "frontmatter"));
  const std::string& text = value.get_ref<const std::string&>();
  const std::vector<std::string_view> lines = split_lines(text);
  bool closed_once = lines.size() >= 2 && trim(lines.front()) == "---" &&
                     trim(lines.back()) == "---" && text.ends_with('\n');
  for (std::size_t i = 1; closed_once && i + 1 < lines.size(); ++i) {
    closed_once = trim(lines[i]) != "---";
  }
  if (!closed_once) {
    refuse(kWhere, messages::ipynb_frontmatter_not_block);
  }
  return text;
}

struct NotebookLayout {
  std::string frontmatter;
  int blank_lines_after = 0;
  bool no_final_newline = false;
};

NotebookLayout read_notebook_layout(const json& notebook) {
  constexpr std::string_view kWhere = "the notebook's metadata";
  const json& mine = object_field(object_field(notebook, "metadata", kWhere), "llmlab", kWhere);
  return {read_frontmatter(mine), blank_lines(mine, "blank_lines_after", 0, kWhere),
          flag(mine, "no_final_newline", kWhere)};
}

struct CellLayout {
  bool code = false;
  int blank_lines_before = 1;
  std::vector<std::string> directives;  // code: each one of §1.3's comments
  std::string fence;                    // code: the opening line
  std::string closing_fence;            // code: the closing line
  bool unclosed = false;                // code: the last cell, its fence left open
  bool one_empty_line = false;          // code: one empty line, not none
};

CellLayout read_cell_layout(const json& cell, std::string_view where, bool first,
                            bool has_frontmatter, bool last) {
  if (!cell.is_object()) refuse(where, messages::ipynb_cell_not_object);
  CellLayout layout;
  if (cell.contains("cell_type")) {
    if (!cell["cell_type"].is_string()) refuse(where, messages::ipynb_cell_type_not_string);
    layout.code = cell["cell_type"] == "code";
  }
  const json& mine = object_field(object_field(cell, "metadata", where), "llmlab", where);
  layout.blank_lines_before =
      blank_lines(mine, "blank_lines_before", default_blank_lines(first, has_frontmatter), where);
  if (!layout.code) return layout;
  if (mine.contains("directives")) {
    if (!mine["directives"].is_array()) {
      refuse(where, messages::ipynb_directives_not_strings);
    }
    for (const json& line : mine["directives"]) {
      layout.directives.push_back(layout_line(line, "directives", where, is_directive,
                                              "a hide, details, grid or caption comment"));
    }
  }
  layout.fence = mine.contains("fence") ? layout_line(mine["fence"], "fence", where, opens_code,
                                                      "a ```rlab or ```rustlab fence")
                                        : std::string(kDefaultFence);
  layout.closing_fence =
      mine.contains("closing_fence")
          ? layout_line(
                mine["closing_fence"], "closing_fence", where,
                [](std::string_view line) { return trim(line) == kClosingFence; }, "```")
          : std::string(kClosingFence);
  layout.unclosed = flag(mine, "unclosed", where);
  if (layout.unclosed && !last) {
    refuse(where, messages::ipynb_unclosed_not_last);
  }
  layout.one_empty_line = flag(mine, "one_empty_line", where);
  return layout;
}

// The cell's source: a string or a list of strings, joined.
std::string cell_text(const json& cell, std::string_view where) {
  if (!cell.contains("source")) refuse(where, messages::ipynb_cell_without_source);
  const json& source = cell["source"];
  if (source.is_string()) return source.get<std::string>();
  if (!source.is_array()) refuse(where, messages::ipynb_source_not_strings);
  std::string text;
  for (const json& line : source) {
    if (!line.is_string()) refuse(where, messages::ipynb_source_not_strings);
    text += line.get_ref<const std::string&>();
  }
  return text;
}

// A cell's markdown source: the template an executed notebook keeps in its metadata when the
// cell shows its prose rendered, if it may come back (notebook/prose_template.hpp), else the
// cell's own text.
std::string markdown_source(const json& cell, std::string_view where) {
  const json& mine = object_field(object_field(cell, "metadata", where), "llmlab", where);
  if (!mine.contains("source")) return cell_text(cell, where);
  if (!mine["source"].is_string())
    refuse(where, fmt::format(messages::ipynb_setting_not_string, "source"));
  try {
    return restorable_prose(mine["source"].get<std::string>(), cell_text(cell, where));
  } catch (const Error& error) {
    refuse(where, error.what());
  }
}

// The width a PNG's header declares (its IHDR chunk, bytes 16 to 19), 0 for bytes that are no
// PNG.
std::uint32_t png_width(std::string_view png) {
  constexpr std::size_t kWidthOffset = 16;
  if (png.size() < kWidthOffset + 4 || !png.starts_with("\x89PNG")) return 0;
  std::uint32_t width = 0;
  for (std::size_t i = kWidthOffset; i < kWidthOffset + 4; ++i) {
    width = width << 8 | static_cast<unsigned char>(png[i]);
  }
  return width;
}

// Printed text as nbformat's list of lines, the last ending in a newline too.
json stream_text(std::string_view text) {
  json lines = source_lines(split_lines(text));
  if (!lines.empty()) lines.back() = lines.back().get<std::string>() + "\n";
  return lines;
}

// A code cell's outputs, as a kernel would have sent them.
json cell_outputs(const ExecutedBlock& block) {
  json outputs = json::array();
  if (!block.output.empty()) {
    outputs.push_back(
        {{"output_type", "stream"}, {"name", "stdout"}, {"text", stream_text(block.output)}});
  }
  if (block.error) {
    outputs.push_back({{"output_type", "error"},
                       {"ename", "RuntimeError"},
                       {"evalue", *block.error},
                       {"traceback", json::array({"error: " + *block.error})}});
  }
  int number = 0;
  for (const Figure& figure : block.figures) {
    JupyterFigure bundle = jupyter_figure(figure.png, fmt::format("<figure {}>", ++number));
    outputs.push_back({{"output_type", "display_data"},
                       {"data", std::move(bundle.data)},
                       {"metadata", std::move(bundle.metadata)}});
  }
  return outputs;
}

// Frontmatter (§1.1): from a first line `---` to the next `---`, kept verbatim in the
// notebook's metadata. The index of the first line after it (0 when there is none).
std::size_t read_frontmatter(const std::vector<std::string_view>& lines, json& llmlab_meta) {
  if (lines.empty() || trim(lines[0]) != "---") return 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (trim(lines[i]) == "---") {
      std::string frontmatter;
      for (std::size_t k = 0; k <= i; ++k) frontmatter += std::string(lines[k]) + "\n";
      llmlab_meta["frontmatter"] = frontmatter;
      return i + 1;
    }
  }
  return 0;
}

// The lines from first on as cells: each code fence (with the directives right above it) a
// code cell, the prose between them markdown cells. pending_blank_lines: the blank lines
// after the last cell.
std::vector<Cell> split_cells(const std::vector<std::string_view>& lines, std::size_t first,
                              int& pending_blank_lines) {
  std::vector<Cell> cells;
  std::size_t prose_begin = first;
  std::size_t i = first;
  while (i < lines.size()) {
    if (!opens_code(lines[i])) {
      ++i;
      continue;
    }
    std::size_t directives_begin = i;
    while (directives_begin > prose_begin && is_directive(lines[directives_begin - 1])) {
      --directives_begin;
    }
    add_prose(cells, lines, prose_begin, directives_begin, pending_blank_lines);
    Cell cell;
    cell.code = true;
    cell.blank_lines_before = pending_blank_lines;
    cell.directives.assign(lines.begin() + static_cast<std::ptrdiff_t>(directives_begin),
                           lines.begin() + static_cast<std::ptrdiff_t>(i));
    cell.fence = lines[i];
    std::size_t k = i + 1;
    while (k < lines.size() && trim(lines[k]) != kClosingFence) cell.lines.push_back(lines[k++]);
    if (k < lines.size()) cell.closing = lines[k++];
    cells.push_back(std::move(cell));
    pending_blank_lines = 0;
    prose_begin = i = k;
  }
  add_prose(cells, lines, prose_begin, lines.size(), pending_blank_lines);
  return cells;
}

// What a code cell's fence and directives say beyond the defaults, into its "llmlab" metadata
// (mine) and Jupyter's own (meta).
void code_cell_metadata(const Cell& cell, json& meta, json& mine) {
  if (!cell.directives.empty()) {
    json directives = json::array();
    for (const std::string_view line : cell.directives) {
      directives.push_back(std::string(line));
      // Jupyter's own flag for a collapsed source, so front ends hide it too.
      if (trim(line) == "<!-- hide -->") meta["jupyter"] = {{"source_hidden", true}};
    }
    mine["directives"] = directives;
  }
  if (cell.fence != kDefaultFence) mine["fence"] = std::string(cell.fence);
  // One empty line and no line join to the same text; say which it was.
  if (cell.lines.size() == 1 && cell.lines[0].empty()) mine["one_empty_line"] = true;
  if (!cell.closing) {
    mine["unclosed"] = true;
  } else if (*cell.closing != kClosingFence) {
    mine["closing_fence"] = std::string(*cell.closing);
  }
}

json cell_json(const Cell& cell, int number, int default_blank_lines_before) {
  json meta = json::object();
  json mine = json::object();
  if (cell.blank_lines_before != default_blank_lines_before) {
    mine["blank_lines_before"] = cell.blank_lines_before;
  }
  json entry;
  entry["id"] = fmt::format("cell-{}", number);
  entry["source"] = source_lines(cell.lines);
  if (cell.code) {
    code_cell_metadata(cell, meta, mine);
    entry["cell_type"] = "code";
    entry["execution_count"] = nullptr;
    entry["outputs"] = json::array();
  } else {
    entry["cell_type"] = "markdown";
  }
  if (!mine.empty()) meta["llmlab"] = mine;
  entry["metadata"] = meta;
  return entry;
}

}  // namespace

JupyterFigure jupyter_figure(std::string_view png, std::string label) {
  JupyterFigure bundle{{{"image/png", base64(png)}, {"text/plain", std::move(label)}},
                       json::object()};
  if (const std::uint32_t width = png_width(png); width > 0) {
    const auto cell_width = static_cast<std::uint32_t>(plot::kCellWidth);
    bundle.metadata["image/png"] = {{"width", std::min(width, cell_width)}};
  }
  return bundle;
}

std::string markdown_to_executed_ipynb(std::string_view markdown, const ExecuteOptions& options) {
  json notebook = json::parse(markdown_to_ipynb(markdown));
  // The cells run in order as the blocks of one notebook: code executed, prose interpolated.
  Document document;
  for (const json& cell : notebook["cells"]) {
    Block block;
    block.kind = cell["cell_type"] == "code" ? BlockKind::Code : BlockKind::Prose;
    block.text = cell_text(cell, "a converted cell");
    block.line = static_cast<int>(document.blocks.size()) + 1;
    document.blocks.push_back(std::move(block));
  }
  ExecuteOptions run = options;
  run.png_figures = true;
  const ExecutedNotebook executed = execute_notebook(document, run);
  int execution_count = 0;
  for (std::size_t i = 0; i < executed.blocks.size(); ++i) {
    json& cell = notebook["cells"][i];
    const ExecutedBlock& block = executed.blocks[i];
    if (block.block.kind == BlockKind::Code) {
      cell["execution_count"] = ++execution_count;
      cell["outputs"] = cell_outputs(block);
    } else if (block.text != block.block.text) {
      cell["metadata"]["llmlab"]["source"] = block.block.text;
      cell["source"] = source_lines(split_lines(block.text));
    }
  }
  return notebook.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string markdown_to_ipynb(std::string_view markdown) {
  const std::vector<std::string_view> lines = split_lines(markdown);
  json notebook_meta = {
      {"kernelspec", {{"name", "llmlab"}, {"display_name", "llmlab (rlab)"}, {"language", "rlab"}}},
      {"language_info", language_info()}};
  json llmlab_meta = json::object();
  const std::size_t first = read_frontmatter(lines, llmlab_meta);
  const bool has_frontmatter = llmlab_meta.contains("frontmatter");
  int pending_blank_lines = 0;
  const std::vector<Cell> cells = split_cells(lines, first, pending_blank_lines);
  if (pending_blank_lines > 0) llmlab_meta["blank_lines_after"] = pending_blank_lines;
  if (!markdown.empty() && !markdown.ends_with('\n')) llmlab_meta["no_final_newline"] = true;

  json out_cells = json::array();
  int number = 0;
  for (const Cell& cell : cells) {
    out_cells.push_back(
        cell_json(cell, ++number, default_blank_lines(out_cells.empty(), has_frontmatter)));
  }
  if (!llmlab_meta.empty()) notebook_meta["llmlab"] = llmlab_meta;
  const json notebook = {
      {"cells", out_cells}, {"metadata", notebook_meta}, {"nbformat", 4}, {"nbformat_minor", 5}};
  return notebook.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string ipynb_to_markdown(std::string_view ipynb) {
  const json notebook = json::parse(ipynb, nullptr, false);
  if (notebook.is_discarded()) throw Error(std::string(messages::not_notebook_json));
  if (!notebook.is_object() || !notebook.contains("cells") || !notebook["cells"].is_array() ||
      !notebook.contains("nbformat") || notebook["nbformat"] != 4) {
    throw Error(std::string(messages::not_notebook_format));
  }
  const NotebookLayout layout = read_notebook_layout(notebook);
  std::string out = layout.frontmatter;
  const json& cells = notebook["cells"];
  for (std::size_t number = 1; number <= cells.size(); ++number) {
    const json& cell = cells[number - 1];
    const std::string where = cell_name(cell, number);
    const bool first = number == 1;
    const CellLayout cell_layout =
        read_cell_layout(cell, where, first, !layout.frontmatter.empty(), number == cells.size());
    if (!first) out += '\n';  // ends the previous cell's last line
    out.append(static_cast<std::size_t>(cell_layout.blank_lines_before), '\n');
    const std::string text =
        cell_layout.code ? cell_text(cell, where) : markdown_source(cell, where);
    if (!cell_layout.code) {
      out += text;
      continue;
    }
    for (const std::string& line : cell_layout.directives) out += line + "\n";
    out += cell_layout.fence;
    if (!text.empty() || cell_layout.one_empty_line) out += "\n" + text;
    if (!cell_layout.unclosed) out += "\n" + cell_layout.closing_fence;
  }
  if (!cells.empty()) out += '\n';
  out.append(static_cast<std::size_t>(layout.blank_lines_after), '\n');
  if (layout.no_final_newline && out.ends_with('\n')) out.pop_back();
  return out;
}

}  // namespace llmlab::notebook
