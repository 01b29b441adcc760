// Shared dispatch of the MATLAB-compatible builtins: real-argument checks and the
// slices a per-column statistic or running operation works on, mapped back to rlab kinds. The
// numbers themselves are computed by each builtin on plain std::vector<double> slices.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "builtins/registry.hpp"

namespace llmlab::builtins::matlab {

// Which slices a per-slice builtin works on, as the extremum and running builtins of stats.cpp and
// sort_search.cpp decide it: a scalar is one slice; a Vector is one slice, or one slice per element
// under dim 1; a Matrix follows an explicit dim, else a 1-D shape is one slice and an R×C Matrix
// one per column.
enum class Slices { Whole, EachElement, Columns, Rows };

Slices plan_slices(const runtime::Value& x, std::optional<int> dim);

// The numeric argument at `index` as a real matrix (scalars and bools 1×1, Vectors 1×N); a
// complex value with a non-zero imaginary part is an error naming the builtin.
num::Matrix real_matrix(runtime::Call& call, int index);

// The elements of slice `k` (0-based) of `m` under `slices`, in order.
std::vector<double> slice_values(const num::Matrix& m, Slices slices, num::Index k);
num::Index slice_count(const num::Matrix& m, Slices slices);
num::Index slice_length(const num::Matrix& m, Slices slices);

// One number per slice: a Scalar for Whole, a Vector for EachElement, 1×C for Columns and R×1
// for Rows.
using SliceStatistic = std::function<double(std::span<const double>)>;
runtime::Value reduce_slices(const num::Matrix& m, Slices slices, const SliceStatistic& statistic);

// A slice-to-slice operation giving `output_length` values for every slice. The result keeps x's
// kind: Whole on a scalar gives a scalar when one element comes out, a Vector otherwise; Whole on a
// Vector a Vector; Whole on a 1×N or N×1 Matrix the same orientation; Columns an L×C Matrix; Rows
// an R×L Matrix; EachElement a Vector when L = 1, else an L×N Matrix.
using SliceTransform = std::function<std::vector<double>(std::span<const double>)>;
runtime::Value transform_slices(const runtime::Value& x, const num::Matrix& m, Slices slices,
                                num::Index output_length, const SliceTransform& transform);

// The result of an element-wise operation on x's elements, in x's kind and shape (a Bool or
// a logical array gives plain numbers).
runtime::Value same_shape(const runtime::Value& x, num::Matrix result);

}  // namespace llmlab::builtins::matlab
