// Whether an executed notebook's prose template may come back on import (docs/security.md).
// Executing a notebook to .ipynb shows each markdown cell with its `${…}` already replaced and
// keeps the template in the cell's metadata, so that converting back restores it. The template
// runs again on the next render, but Jupyter shows only the replaced prose: importing it as it
// is would run code the reader never saw.
#pragma once

#include <string>
#include <string_view>

namespace llmlab::notebook {

// The markdown to import for a cell that shows `shown` and keeps `template_text`:
// - the template, when it still reads as the prose shown with each `${…}` standing for a value
//   and every interpolation only reads (see `check_interpolation`);
// - the prose shown, when the two no longer match (the cell was edited in Jupyter: what the
//   reader wrote wins over the stale template).
// Throws llmlab::Error naming the expression when a matching template's interpolation would do
// more than read.
std::string restorable_prose(std::string_view template_text, std::string_view shown);

// Throws llmlab::Error unless `expression` (the text of one `${…}`, format removed) is one
// expression that only reads: literals, variables, operators, ranges, indexing, fields, and calls
// of builtins that compute a value from their arguments (builtins::computes_only). No function
// handle, no anonymous function, no statement, no other builtin.
void check_interpolation(std::string_view expression);

}  // namespace llmlab::notebook
