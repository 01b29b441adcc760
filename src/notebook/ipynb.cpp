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
#include "base/text_escape.hpp"
#include "notebook/parse.hpp"
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

std::string cell_text(const json& cell) {
  const json& source = cell.at("source");
  if (source.is_string()) return source.get<std::string>();
  std::string text;
  for (const json& line : source) text += line.get<std::string>();
  return text;
}

// A cell's markdown source: what an executed notebook keeps in its metadata when the cell shows
// its prose rendered, else the cell's own text.
std::string markdown_source(const json& cell, const json& cell_mine) {
  if (cell_mine.contains("source")) return cell_mine.at("source").get<std::string>();
  return cell_text(cell);
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
    block.text = cell_text(cell);
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
  std::size_t first = 0;
  // Frontmatter (§1.1): from a first line `---` to the next `---`, kept verbatim.
  if (!lines.empty() && trim(lines[0]) == "---") {
    for (std::size_t i = 1; i < lines.size(); ++i) {
      if (trim(lines[i]) == "---") {
        std::string frontmatter;
        for (std::size_t k = 0; k <= i; ++k) frontmatter += std::string(lines[k]) + "\n";
        llmlab_meta["frontmatter"] = frontmatter;
        first = i + 1;
        break;
      }
    }
  }
  const bool has_frontmatter = llmlab_meta.contains("frontmatter");
  std::vector<Cell> cells;
  int pending_blank_lines = 0;
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
  if (pending_blank_lines > 0) llmlab_meta["blank_lines_after"] = pending_blank_lines;
  if (!markdown.empty() && !markdown.ends_with('\n')) llmlab_meta["no_final_newline"] = true;

  json out_cells = json::array();
  int number = 0;
  for (const Cell& cell : cells) {
    json meta = json::object();
    json mine = json::object();
    if (cell.blank_lines_before != default_blank_lines(out_cells.empty(), has_frontmatter)) {
      mine["blank_lines_before"] = cell.blank_lines_before;
    }
    json entry;
    entry["id"] = fmt::format("cell-{}", ++number);
    entry["source"] = source_lines(cell.lines);
    if (cell.code) {
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
      entry["cell_type"] = "code";
      entry["execution_count"] = nullptr;
      entry["outputs"] = json::array();
    } else {
      entry["cell_type"] = "markdown";
    }
    if (!mine.empty()) meta["llmlab"] = mine;
    entry["metadata"] = meta;
    out_cells.push_back(std::move(entry));
  }
  if (!llmlab_meta.empty()) notebook_meta["llmlab"] = llmlab_meta;
  const json notebook = {
      {"cells", out_cells}, {"metadata", notebook_meta}, {"nbformat", 4}, {"nbformat_minor", 5}};
  return notebook.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string ipynb_to_markdown(std::string_view ipynb) {
  const json notebook = json::parse(ipynb, nullptr, false);
  if (notebook.is_discarded()) throw Error("not a notebook: the file is not valid JSON");
  if (!notebook.is_object() || !notebook.contains("cells") || !notebook["cells"].is_array() ||
      notebook.value("nbformat", 0) != 4) {
    throw Error("not a notebook: expected nbformat 4 JSON with a \"cells\" list");
  }
  const json empty = json::object();
  const json& meta = notebook.contains("metadata") && notebook["metadata"].is_object()
                         ? notebook["metadata"]
                         : empty;
  const json& mine = meta.contains("llmlab") ? meta["llmlab"] : empty;
  std::string out = mine.value("frontmatter", std::string());
  const bool has_frontmatter = !out.empty();
  bool first = true;
  try {
    for (const json& cell : notebook["cells"]) {
      const json& cell_meta = cell.contains("metadata") ? cell["metadata"] : empty;
      const json& cell_mine = cell_meta.contains("llmlab") ? cell_meta["llmlab"] : empty;
      const int blanks =
          cell_mine.value("blank_lines_before", default_blank_lines(first, has_frontmatter));
      if (!first) out += '\n';  // ends the previous cell's last line
      out.append(static_cast<std::size_t>(blanks), '\n');
      first = false;
      const std::string text = markdown_source(cell, cell_mine);
      if (cell.value("cell_type", "") != "code") {
        out += text;
        continue;
      }
      if (cell_mine.contains("directives")) {
        for (const json& line : cell_mine["directives"]) out += line.get<std::string>() + "\n";
      }
      out += cell_mine.value("fence", std::string(kDefaultFence));
      if (!text.empty() || cell_mine.value("one_empty_line", false)) out += "\n" + text;
      if (!cell_mine.value("unclosed", false)) {
        out += "\n" + cell_mine.value("closing_fence", std::string(kClosingFence));
      }
    }
  } catch (const json::exception& error) {
    throw Error(fmt::format("not a notebook: {}", error.what()));
  }
  if (!first) out += '\n';
  out.append(static_cast<std::size_t>(mine.value("blank_lines_after", 0)), '\n');
  if (mine.value("no_final_newline", false) && out.ends_with('\n')) out.pop_back();
  return out;
}

}  // namespace llmlab::notebook
