// The one slice dispatch of the builtins (builtins.md §5.0 and the min/max table of §5): which
// num::Along a per-slice builtin computes along, and how its numbers map back to value kinds.
// Every per-slice builtin (the reductions, min/max, the running and sorting operations, mode,
// range, quantiles, zscore, diff, maxk, ...) goes through here; num/ computes.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "num/matrix.hpp"
#include "num/nd_array.hpp"
#include "num/reduce.hpp"
#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

// Unchanged: each element is its own slice (a scalar; a Vector under dim 1).
enum class Action { Unchanged, Reduce };

struct Plan {
  Action action;
  num::Along along;
};

// sum, prod, mean, median, std, var (§5.0): a Vector reduces whole unless dim is 1; a 1×N or
// N×1 Matrix reduces whole (one number) unless dim runs across its one dimension, where each
// element is its own slice (sum(M, 1) of a 1×N M is M, as max(M, [], 1), cumsum(M, 1) and
// MATLAB give); other matrices follow dim (default columns).
Plan plan_reduction(const runtime::Value& x, std::optional<int> dim);

// min/max and every other per-slice builtin (§5 min/max table): a Vector reduces whole unless
// dim is 1; a Matrix follows an explicit dim, else reduces a 1-D shape whole and columns
// otherwise.
Plan plan_slices(const runtime::Value& x, std::optional<int> dim);

// The Along that computes `plan` on x's matrix: an Unchanged Vector is its elements one by one,
// i.e. the columns of its 1×N matrix.
num::Along along_of(const runtime::Value& x, const Plan& plan);

// One number per slice in x's terms: a Scalar for Along::All, a Vector of one number per element
// for an Unchanged Vector, else the 1×C or R×1 Matrix.
runtime::Value per_slice_value(const runtime::Value& x, const Plan& plan, num::Matrix result);

// A slice-to-slice result in x's terms: from a scalar a Scalar (1×1) or a Vector; from a Vector
// a Vector when one row comes out; from a Matrix a Matrix.
runtime::Value transformed_value(const runtime::Value& x, num::Matrix result);

// --- N-D arrays (issue #27): a slice runs along any dim, or along several at once. ---

// A 2-D statistic along the columns or rows of a matrix (num::sum, num::median, ...).
using SliceStatistic = std::function<num::Matrix(const num::Matrix&, num::Along)>;

// MATLAB's vecdim in place of a dim (`sum(A, [1 3])`): argument `index` is a numeric array of
// two or more dims.
bool vecdim_flag(const runtime::Call& call, int index);

// A dim past the second for a 2-D value in matlab code (sum(M, 3)): MATLAB reduces along that
// singleton dim, so the per-slice builtins take their N-D path, where it is one. rlab keeps
// its "dim must be 1 or 2" error.
bool matlab_trailing_dim(const runtime::Call& call, int index);

// The 0-based dims a per-slice builtin on `dims` runs along: argument `index` as a dim or a
// vecdim (distinct positive integers), or the first non-singleton dim when it is absent.
std::vector<int> nd_dims_argument(const runtime::Call& call, int index, const num::Dims& dims);

// The reduction of an array over the dims `along`: each slice across them is a column of
// num::slices_along, reduced by the 2-D statistic, and the results take the array's extents
// with 1 at each of `along`. Dims past the last leave the array as it is.
runtime::Value nd_reduce(const num::NdArray& array, std::span<const int> along,
                         const SliceStatistic& statistic, bool logical = false);

// nd_reduce of argument 0 (any numeric value or N-D array) over the dims of argument
// `dim_index` (nd_dims_argument).
runtime::Value nd_reduce_call(runtime::Call& call, int dim_index, const SliceStatistic& statistic,
                              bool logical = false);

// A slice-to-slice builtin along one dim (cummax, diff, maxk, movmean): each slice of the array
// is a column of num::slices_along, `transform` maps those columns to one or more matrices of
// one column per slice (their rows the new extent along `dim`: diff's shorter slices, maxk's k),
// and each is put back with the array's other extents (num::from_slices_along).
using SliceTransform = std::function<std::vector<num::Matrix>(const num::Matrix& slices)>;
std::vector<runtime::Value> nd_transform(const num::NdArray& array, int dim,
                                         const SliceTransform& transform);

// The 0-based dim a slice-to-slice builtin takes its N-D path along: for an N-D argument 0,
// argument `dim_index` (or the first non-singleton dim when it is absent); for a 2-D value, a
// dim past the second in matlab code (matlab_trailing_dim). nullopt: the 2-D path.
std::optional<int> nd_transform_dim(const runtime::Call& call, int dim_index);

// nd_transform of argument 0 along nd_transform_dim, its outputs as the call asks for them
// (the first, or a tuple when nargout is 2 or more). Argument 0 must be real.
runtime::Value nd_transform_call(runtime::Call& call, int dim, const SliceTransform& transform);

}  // namespace llmlab::builtins
