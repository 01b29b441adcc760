// Notebook sources in Jupyter's format (nbformat 4.5) and back. The markdown source is cut into
// cells line by line without interpreting it: prose between code blocks becomes markdown cells
// (split before headings), each ```rustlab block a code cell whose directive lines above the
// fence travel in the cell's metadata, and whatever layout the cuts would lose (frontmatter,
// blank lines between cells, the fence's info string) is kept in "llmlab" metadata, so that
// md → ipynb → md gives back the same bytes.
#pragma once

#include <string>
#include <string_view>

namespace llmlab::notebook {

// The .ipynb text (JSON, one-space indent, keys sorted, as nbformat writes it).
std::string markdown_to_ipynb(std::string_view markdown);

// The markdown source of an .ipynb. Cells written by markdown_to_ipynb come back exactly; other
// notebooks' code cells become ```rlab blocks and their outputs are dropped. Throws
// llmlab::Error "not a notebook: …" for JSON that is not an nbformat 4 notebook.
std::string ipynb_to_markdown(std::string_view ipynb);

}  // namespace llmlab::notebook
