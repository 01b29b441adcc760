// The sprintf/fprintf format engine (language.md §8.8): escapes, `%%`, conversions
// `%d %i %u %f %e %E %g %G %s %c %x %X %o` with flags, width, precision and `*`.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "lang/dialect.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// Which conversions a format's `%` specs take (language.md §8.8 and §14). Rlab: rustlab's, where
// only the `-` and `,` flags act and `%g` is rlab's own. C: C's printf as MATLAB and Octave use
// it: the format is reused while arguments remain (not only for arrays), the `+`, space, `0`
// and `#` flags act, `%g` is C's, precision cuts `%s`, non-finite values
// print as `Inf`/`NaN`, and a value a conversion cannot show (a fraction for `%d`, a negative
// for `%u`/`%x`/`%o`, a number for `%s` that is no character) is shown `%g`-style in the same
// field, as Octave does.
enum class PrintfRules { Rlab, C };

PrintfRules printf_rules(lang::Dialect dialect);

// Formats `format` with `arguments` (the values after the format string). Errors are worded
// with `fprintf` for both builtins, as rustlab does.
//
// Scalars, bools and complex numbers with |im| < 1e-10 are numbers; strings feed `%s`/`%c`.
// rlab scans the format once and ignores surplus arguments. A vector or matrix argument, which
// rlab rejects, takes MATLAB's meaning instead: its elements become successive arguments
// (column-major) and the format is reused until every argument is consumed, stopping at the
// first conversion that has no argument left.
std::string format_printf(std::string_view format, std::span<const Value> arguments,
                          PrintfRules rules);

}  // namespace llmlab::runtime
