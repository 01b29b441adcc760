// Cell arrays (language.md §13.12): MATLAB's container of values of any kinds. `c{k}` reads
// and writes one element, `c(k)` selects a cell, `c(k) = []` deletes. Subscripts arrive
// evaluated; one subscript is a column-major linear position, two are (row, column).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/value.hpp"

namespace llmlab::runtime {

// c{subscripts}: the one element they select (an error when they select none or several).
Value cell_brace_read(const Value& cell, std::span<const Value> subscripts);

// c(subscripts): a cell of the selected elements (a row for one subscript).
Value cell_paren_read(const Value& cell, std::span<const Value> subscripts);

// c{subscripts} = v: stores v (any value, `[]` included) at one position, growing the cell and
// filling new positions with empty matrices. `target` may be undefined (`defined` false) or an
// empty array (`c = []; c{1} = 2`), which start an empty cell.
void cell_brace_assign(Value& target, bool defined, std::string_view name,
                       std::span<const Value> subscripts, Value rhs);

// The linear position c{subscripts} selects in an assignment that writes through the element
// (`c{2}.x = v`): the one element, or nullopt when it lies beyond `cell` (then the write grows
// it; anything but a Cell counts as empty). Selecting several elements, or a linear position
// past the end of a matrix of cells (which cannot grow), is an error worded with `name`.
std::optional<num::Index> cell_brace_position(const Value& cell, std::string_view name,
                                              std::span<const Value> subscripts);

// c(subscripts) = d with d a cell: its elements go to the selected positions, in order (one
// element to every position when d has one), with the same growth.
void cell_paren_assign(Value& target, bool defined, std::string_view name,
                       std::span<const Value> subscripts, const Value& rhs);

// c(subscripts) = []: removes the selected elements (one subscript, or whole rows/columns).
void cell_delete(Value& target, std::span<const Value> subscripts);

// How many d1×d2 pages an N-D cell has (1 for a 2-D one), and page `page` (0-based) of them.
num::Index cell_page_count(const CellArray& cells);
CellArray cell_page(const CellArray& cells, num::Index page);

// The value of `end` in subscript `position` of `count` subscripts (§6.3).
double cell_end_value(const CellArray& cells, int position, int count);

// Octave's layout: `{` then one line per element `  [r,c] = ⟨v⟩` (column-major) then `}`;
// an empty cell is `{}(RxC)`. An N-D cell shows page by page under `ans(:,:,k) =` headers:
// MATLAB's paged layout (Octave prints only `{2x1x2 Cell Array}`; MATLAB's documented form
// wins), each page in the 2-D layout, as N-D numeric arrays show.
void append_cell_display(std::string& out, const CellArray& cells);

// A cell of texts held as a string array, as the 1×N cell of strings it stands for.
CellArray cell_of_texts(const std::vector<std::string>& texts);

// Whether a value is a cell whose every element is one-row text (MATLAB's cellstr; an empty
// cell is one). A string array is the 1×N cell of texts rlab writes; this is any other shape.
bool is_text_cell(const Value& value);
// Texts in the shape of `like`, the argument they were computed from: a cell of like's rows ×
// columns when it is a cell, strings of like's shape when it is of MATLAB's string class,
// otherwise a string array.
Value texts_shaped_like(const Value& like, std::vector<std::string> texts);
// The N×1 cell of texts (MATLAB's column cellstr).
Value column_of_texts(std::vector<std::string> texts);
// A result whose texts MATLAB gives as a column: a string array becomes the N×1 cell of its
// texts, as does the first output of a tuple (a set result beside its index outputs); anything
// else is returned as it is.
Value texts_as_column(Value result);

// [c1, c2, ...] (horizontal) or [c1; c2] (vertical) of cells; a non-cell part joins as one
// element.
Value concatenate_cells(std::span<const Value> parts, bool vertical);

}  // namespace llmlab::runtime
