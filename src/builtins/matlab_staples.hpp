// MATLAB forms of builtins whose rlab form lives elsewhere (issue #26).
#pragma once

#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

// bounds(x[, dim]) in matlab code: [min(x, [], dim), max(x, [], dim)], along the first
// non-singleton dimension by default, NaN omitted ("omitnan"; "includenan" is an error).
runtime::Value matlab_bounds(runtime::Call& call);

// trapz and cumtrapz of an N-D array (MATLAB's trapz(y, dim), trapz(x, y, dim)): the slices
// along dim become the columns of a matrix, `f` integrates them down the columns, and the
// result takes y's extents again (dim collapsed to 1 for trapz, kept for the running form).
runtime::Value integrate_nd_slices(runtime::Call& call, runtime::Value (*f)(runtime::Call&),
                                   bool running);

template <runtime::Value (*f)(runtime::Call&), bool running>
runtime::Value along_nd_slices(runtime::Call& call) {
  return integrate_nd_slices(call, f, running);
}

}  // namespace llmlab::builtins
