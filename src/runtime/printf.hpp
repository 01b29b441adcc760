// The sprintf/fprintf format engine (language.md §8.8): escapes, `%%`, conversions
// `%d %i %u %f %e %E %g %G %s %c %x %X %o` with flags, width, precision and `*`.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "runtime/value.hpp"

namespace llmlab::runtime {

// Formats `format` with `arguments` (the values after the format string). Errors are worded
// with `fprintf` for both builtins, as rustlab does.
//
// Scalars, bools and complex numbers with |im| < 1e-10 are numbers; strings feed `%s`/`%c`.
// rlab scans the format once and ignores surplus arguments. A vector or matrix argument, which
// rlab rejects, takes MATLAB's meaning instead: its elements become successive arguments
// (column-major) and the format is reused until every argument is consumed, stopping at the
// first conversion that has no argument left.
std::string format_printf(std::string_view format, std::span<const Value> arguments);

}  // namespace llmlab::runtime
