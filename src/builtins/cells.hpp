// The cell builtins' element-mapping engine, shared with arrayfun (functional.cpp).
#pragma once

#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

// arrayfun(f, A1, A2, ... [, "UniformOutput", tf] [, "ErrorHandler", h]) in matlab code:
// cellfun's rules over the elements of arrays of one size (a number's elements, a char's
// characters, a cell's elements as 1×1 cells, a struct array's structs), so results,
// outputs, options and errors are cellfun's.
runtime::Value matlab_arrayfun(runtime::Call& call);

}  // namespace llmlab::builtins
