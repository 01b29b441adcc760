// The matlab dialect's array shapes (language.md §14): MATLAB has no vector kind, so every array
// that matlab code sees is an R×C matrix (or N-D). rlab's Vector (§4.3) stays the value model's
// 1-D kind; these functions turn it, and the shapes of index reads, into MATLAB's at the points
// where matlab code receives a value.
#pragma once

#include <span>
#include <string_view>

#include "runtime/value.hpp"

namespace llmlab::runtime {

// A Vector as the 1×N matrix it is to matlab code (the logical mark kept), a 1×1 array as its
// number, the items of a tuple (a builtin's outputs) likewise; any other value unchanged.
Value as_matlab_value(Value value);

// A builtin's result as matlab code receives it: as_matlab_value, except that an empty Vector
// answering a call given a 0×0 [] (or {}) is that 0×0 [] (unique([]), filter(b, a, [])), where
// rlab's empty vector stood for both.
Value as_matlab_output(Value result, std::span<const Value> arguments);

// container(subscripts) with MATLAB's result shapes: `A(:)` is a column; `A(r, c)` is
// numel(r)×numel(c); `A(I)` has the orientation of a vector A for a vector I, else the shape of
// I (a logical I counts as find(I): a row for a row mask, a column otherwise).
// An element of a logical array is a logical scalar.
Value matlab_index_read(const Value& container, std::span<const Value> subscripts);

// target(subscripts) = [] in matlab code: index_delete, except that one subscript deletes from
// any matrix by linear index, MATLAB's rule: a column stays a column, anything else becomes the
// row of the elements left, in column-major order.
void matlab_index_delete(Value& target, bool defined, std::string_view name,
                         std::span<const Value> subscripts);

// The value an indexed write of `rhs` into `target` stores in matlab code, where the written
// array keeps its class: into a logical array (or a logical scalar), a real number or array is
// written as its truth values (NaN has none: an error). Anything else is returned as it is.
Value matlab_written_value(const Value& target, Value rhs);

}  // namespace llmlab::runtime
