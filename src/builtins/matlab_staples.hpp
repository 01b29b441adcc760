// MATLAB forms of builtins whose rlab form lives elsewhere (issue #26).
#pragma once

#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

// bounds(x[, dim]) in matlab code: [min(x, [], dim), max(x, [], dim)], along the first
// non-singleton dimension by default, NaN omitted ("omitnan"; "includenan" is an error).
runtime::Value matlab_bounds(runtime::Call& call);

}  // namespace llmlab::builtins
