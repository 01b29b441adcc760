// Inline interpolation of `${expr}` and `${expr:fmt}` in prose (notebook.md §1.7). The
// evaluation itself is a callback, so this file knows nothing about the interpreter.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace llmlab::notebook {

// Evaluates EXPR (trimmed, non-empty) and formats it: without FMT the value's display,
// with FMT sprintf(FMT, value). Returns the text, or throws llmlab::Error whose message
// becomes `<ERROR: message>` — written with entities (`&lt;ERROR: …&gt;`), so that markdown
// viewers and the HTML page show it as text; a formatting failure should be reported by the
// callback as an Error whose message starts with "format: ".
using Evaluator =
    std::function<std::string(std::string_view expression, std::optional<std::string_view> fmt)>;

// Called with each value that lands outside math, its expression and format as written: returns
// the text to insert instead of `value` (the HTML page marks the values it can update).
using ValueMarker = std::function<std::string(
    std::string_view expression, std::optional<std::string_view> fmt, std::string value)>;

// Values inserted into math (inside `$…$`, or made math by a `$` after the `}`) pass through
// math_numbers; the others through `mark`, when there is one.
std::string interpolate(std::string_view text, const Evaluator& evaluate,
                        const ValueMarker& mark = {});

// Numbers in e-notation as TeX powers of ten: `2.8e-17` → `2.8\times10^{-17}`, `1.0e+03` →
// `1.0\times10^{3}`, and `0.00e+00` → `0.00` (a zero exponent adds nothing). Other text,
// names like `e5` or `x1e3` included, is kept.
std::string math_numbers(std::string_view text);

}  // namespace llmlab::notebook
