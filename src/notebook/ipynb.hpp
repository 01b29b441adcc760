// Notebook sources in Jupyter's format (nbformat 4.5) and back. The markdown source is cut into
// cells line by line without interpreting it: prose between code blocks becomes markdown cells
// (split before headings), each ```rustlab block a code cell whose directive lines above the
// fence travel in the cell's metadata, and whatever layout the cuts would lose (frontmatter,
// blank lines between cells, the fence's info string) is kept in "llmlab" metadata, so that
// md → ipynb → md gives back the same bytes.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "notebook/execute.hpp"

namespace llmlab::notebook {

// The .ipynb text (JSON, one-space indent, keys sorted, as nbformat writes it).
std::string markdown_to_ipynb(std::string_view markdown);

// markdown_to_ipynb's notebook run (`notebook convert --execute`), as shipped beside each lesson
// so that GitHub and a Notebook opened without a kernel show the results: each markdown cell
// holds its prose rendered as the book has it (`${…}` values filled in), its source kept in the
// cell's "llmlab" metadata for ipynb_to_markdown; each code cell holds its execution count, what
// it printed (a stdout stream), its error and its figures (jupyter_figure).
std::string markdown_to_executed_ipynb(std::string_view markdown, const ExecuteOptions& options);

// A figure's Jupyter MIME bundle: image/png and a text/plain label only, since nbconvert before 7
// (Debian 12 ships 6.5) prefers SVG to PNG and then strips the SVG's elements as unsafe HTML,
// leaving an empty box, and GitHub shows PNG. The width metadata shrinks a figure of several
// subplots to one subplot's 900 px, about a Notebook cell; the front ends' `max-width: 100%`
// narrows it further in a smaller window.
struct JupyterFigure {
  nlohmann::json data;
  nlohmann::json metadata;
};
JupyterFigure jupyter_figure(std::string_view png, std::string label);

// The markdown source of an .ipynb. Cells written by markdown_to_ipynb (or its executed form)
// come back exactly; other notebooks' code cells become ```rlab blocks and their outputs are
// dropped. Throws llmlab::Error "not a notebook: …" for JSON that is not an nbformat 4 notebook.
std::string ipynb_to_markdown(std::string_view ipynb);

}  // namespace llmlab::notebook
