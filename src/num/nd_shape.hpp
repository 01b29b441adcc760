// Shape operations on N-D arrays (issue #27): reshape, permute, squeeze, cat along any dim
// and repmat with N reps, each over MATLAB's linear order (num/nd_array.hpp's offset_of).
#pragma once

#include <optional>
#include <span>

#include "num/nd_array.hpp"

namespace llmlab::num {

// The same elements in MATLAB's order with extents `dims` (their product must be the element
// count). Shares the storage when the first two extents stay, since only the page grouping
// changes.
NdArray reshaped(const NdArray& source, Dims dims);

// Dims reordered: result extent k is source extent order[k]. `order` is a permutation of
// 0..n-1 with n >= source.ndims() (checked by the caller).
NdArray permuted(const NdArray& source, std::span<const int> order);

// Without its singleton dims (MATLAB's squeeze): a 2-D array is returned as it is, 1×1×3 is 3×1.
NdArray squeezed(const NdArray& source);

// The arrays joined along 0-based `dim`; every other extent must agree, except that 0×0
// arrays are left out (MATLAB's [] rule) unless every part is one. The caller words mismatch errors
// from concatenation_mismatch.
NdArray concatenated(int dim, std::span<const NdArray> parts);
// The index of the first part whose extents (other than `dim`) differ from the first kept
// part's, or -1 when they all agree.
int concatenation_mismatch(int dim, std::span<const NdArray> parts);

// MATLAB's implicit expansion: the extents of an element-wise result of arrays of extents `a`
// and `b` (equal extents, or one of them 1, along each dim); nullopt when they do not agree.
std::optional<Dims> broadcast_dims(const Dims& a, const Dims& b);
// The array expanded to extents `dims` (each extent of the source is 1 or that extent).
NdArray expanded(const NdArray& source, const Dims& dims);
// Its transpose: a real array summed over the dims where `dims` has extent 1 and the source
// does not (the gradient of an operand that implicit expansion broadcast), with extents `dims`.
NdArray summed_to(const NdArray& source, const Dims& dims);

// The array as a matrix whose columns are its slices along 0-based `dim` (extent(dim) rows, one
// column per slice), the columns in MATLAB's order of the slices: reducing each column gives
// the elements of the reduction along `dim` in that result's linear order.
Matrix slices_along(const NdArray& source, int dim);
// slices_along over several distinct dims at once (MATLAB's vecdim, sum(A, [1 3])): each
// column holds one slice across all of `along`, the columns in the order of the other dims.
Matrix slices_along(const NdArray& source, std::span<const int> along);
// The inverse of slices_along: an array of extents `dims` whose slices along `dim` are the
// columns of `slices` (for running operations such as cumsum, which keep the extents).
NdArray from_slices_along(const Matrix& slices, const Dims& dims, int dim);
// The array as a matrix whose rows are its slices along 0-based `dim`, for row kernels (softmax,
// layernorm). Along dim 1 (MATLAB's dim 2) the slices are the rows of every page: the storage
// itself, shared, no copy. The rows' order is this pair's own; from_rows_along undoes it.
Matrix rows_along(const NdArray& source, int dim);
NdArray from_rows_along(const Matrix& rows, const Dims& dims, int dim);
// MATLAB's default dim of a reduction or running operation: the first (0-based) whose extent
// is not 1; 0 when every extent is 1.
int first_non_singleton_dim(const Dims& dims);
// The extents of a reduction along `dim`: the source's with extent 1 at `dim`.
Dims reduced_dims(const Dims& dims, int dim);
// The extents of a reduction over every dim of `along`.
Dims reduced_dims(const Dims& dims, std::span<const int> along);

// The array tiled reps[k] times along dim k (MATLAB's repmat(A, [r1 r2 ...])).
NdArray repeated(const NdArray& source, std::span<const Index> reps);

// The elements in C order (the last subscript fastest, NumPy's default layout), as one 1×N row:
// element (i1, …, in) of MATLAB's A lands where NumPy's A[i1-1, …, in-1] reads it.
Matrix c_order_elements(const NdArray& source);
// The inverse: an array of extents `dims` from its elements in C order (any shape of matrix,
// read by its flat index).
NdArray from_c_order(const Dims& dims, const Matrix& elements);

}  // namespace llmlab::num
