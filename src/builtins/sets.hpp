// The set operations' entry for unique (sort_search.cpp): MATLAB's forms of numeric sets.
#pragma once

#include <optional>

#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

// unique(x, options) of a real numeric x in matlab code (MATLAB's orientation, "rows",
// "first"/"last", column index outputs); nullopt elsewhere, for unique's own forms.
std::optional<runtime::Value> matlab_unique(runtime::Call& call);

}  // namespace llmlab::builtins
