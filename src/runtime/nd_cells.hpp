// Cell arrays of any number of dims (issue #27). Every N-D subscript rule (linear index,
// trailing singletons, `end` per position, growth, deletion) is nd_indexing's: a cell's shape
// is carried through them as the numeric array of its 1-based linear positions, and the array
// that comes back says which element lands where (0 for a new element, `[]`). Reshaping
// builtins (reshape, permute, cat, repmat) take the same route through their numeric kernels.
#pragma once

#include <span>
#include <vector>

#include "runtime/value.hpp"

namespace llmlab::runtime {

// True when cells(subscripts) takes the N-D rules: the cell has 3 or more dims, or three or
// more subscripts are given.
inline bool is_nd_cell_index(const CellArray& cells, std::size_t subscript_count) {
  return cells.is_nd() || subscript_count >= 3;
}

// The numeric array of `cells`' extents whose element at each linear position k (0-based) is
// offset + k + 1.
Value cell_positions(const CellArray& cells, double offset = 0);

// The cell of the extents of `positions` (a numeric value or NdArray that cell_positions
// produced and a numeric kernel moved around): an element p > 0 is items[p - 1], an element
// p < 0 is written[-p - 1], and 0 (a position a growth added) is `[]`.
CellArray cell_from_positions(const Value& positions, std::span<const Value> items,
                              std::span<const Value> written = {});

// cells(subscripts) and cells{subscripts} under the N-D rules.
Value nd_cell_paren_read(const CellArray& cells, std::span<const Value> subscripts);
Value nd_cell_brace_read(const CellArray& cells, std::span<const Value> subscripts);

// cells(subscripts) = values (a cell with one element or one per selected position), growing.
void nd_cell_assign(CellArray& cells, std::span<const Value> subscripts, const CellArray& values);

// cells(subscripts) = [].
void nd_cell_delete(CellArray& cells, std::span<const Value> subscripts);

// The 0-based linear position cells{subscripts} names in an assignment target, nullopt when
// it lies beyond the cell (the write grows it).
std::optional<num::Index> nd_cell_position(const CellArray& cells,
                                           std::span<const Value> subscripts);

// cat(dim + 1, parts...) with a cell among the parts (dim 0-based): a part that is not a cell
// joins as one element, and 0×0 parts are left out (MATLAB's [] rule).
Value concatenate_cells_along(int dim, std::span<const Value> parts);

}  // namespace llmlab::runtime
