// Script values and num::NdArray (issue #27): the one place where the numeric kinds (Scalar,
// Bool, Complex, Vector, Matrix) and the NdArray kind meet N dims. A value of 3 or more dims is
// an NdArray; one of 2 dims keeps its kind and every rlab rule it has (language.md §4.3).
#pragma once

#include <vector>

#include "num/nd_array.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// A numeric value or an NdArray.
inline bool is_numeric_or_nd(const Value& value) {
  return value.is_numeric() || value.is_nd_array();
}

// Any numeric value as an array: a scalar is 1×1, a vector 1×N (sharing storage). Others: the
// type error `expected numeric, got <kind>`.
num::NdArray as_nd_array(const Value& value);

// The real parts of a numeric value's or an NdArray's elements in MATLAB's linear
// (column-major) order, for arguments read element by element (class targets).
std::vector<double> linear_elements(const Value& value);

// The extents of a numeric value or an NdArray as size() reports them.
num::Dims dims_of(const Value& value);

// An array result: an NdArray when it has 3 or more dims, otherwise a Matrix.
Value nd_result(num::NdArray array, bool logical = false);

// An NdArray as the d1×(d2·…·dn) matrix its trailing dims fold into, as two subscripts see it
// (find's rows and columns, MATLAB's); any other value as it is.
Value folded_to_matrix(const Value& value);

// [a, b; c, d] when a part has 3 or more dims: each written row joined along dim 2, then the rows
// along dim 1 (MATLAB's horzcat, then vertcat). Empty parts are left out; every part must be
// numeric, and the other extents must agree ("horizontal dimensions mismatch (2×2×2 vs 1×3)").
Value concatenate_nd_rows(const std::vector<std::vector<Value>>& rows);

}  // namespace llmlab::runtime
