// The predefined variables of language.md §4.1 (i, j, pi, e, Inf, NaN; llmlab adds true and
// false): the values a session starts with, in one table, so that the evaluator that sets them
// and the builtins that list only what a user defined (who, whos) agree.
#pragma once

#include <optional>
#include <string_view>

#include "runtime/value.hpp"

namespace llmlab::runtime {

// The start-up value of predefined variable `name`, or nothing for any other name.
std::optional<Value> predefined_value(std::string_view name);

// Whether `name` is a predefined variable still holding its start-up value (NaN counts as
// equal to NaN): MATLAB's who and whos leave such variables out.
bool is_untouched_predefined(std::string_view name, const Value& value);

}  // namespace llmlab::runtime
