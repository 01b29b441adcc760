// Text forms of numbers and numeric arrays (language.md §8.2–§8.5, §8.8 conversions, builtins.md
// §9 num2str): the shortest round-trip form S(x), fixed forms, the `format` modes and the
// vector/matrix blocks. Knows nothing of script values; runtime/display.cpp adds the kinds.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "num/matrix.hpp"

namespace llmlab::num {

// How echo shows numbers (language.md §8.5). Mirrors runtime::FormatMode without depending on it.
enum class NumberStyle { Short, Long, Hex, Commas };

// S(x) (§8.3): the positional, never exponential, form of the shortest digit string that reads
// back as x; an exact tie between two shortest candidates takes the larger magnitude.
// NaN → `NaN`, ±∞ → `inf`/`-inf`, −0 → `-0`.
std::string format_shortest(double x);

// F_p: x rounded from its exact binary value to `decimals` digits after the point, ties to even
// (glibc `%.pf`), sign kept on values that round to zero; NaN → `NaN`, ±∞ → `inf`/`-inf`.
std::string format_fixed(double x, int decimals);
// F6 (§8.4).
inline std::string format_fixed6(double x) { return format_fixed(x, 6); }

// The 64 bits of x as 16 lowercase hex digits (`format hex`, §8.5).
std::string format_hex(double x);

// Inserts `,` between groups of three digits of the integer part (§8.5): a leading `-` is split
// off, the integer part ends at the first `.` (or `e`/`E`); NaN and inf come back unchanged.
std::string insert_commas(std::string_view text);

// A real scalar as echo shows it under a style: S, 15 decimals, hex, or S with commas.
std::string format_scalar(double x, NumberStyle style = NumberStyle::Short);

// A complex scalar (§8.2, §8.5): `re` then `+` when im >= 0 (true for −0, false for NaN), then
// `im`, then `j` — `3+4j`, `-1+0j`; under Hex only the real part when im is exactly 0.
std::string format_complex(Complex c, NumberStyle style = NumberStyle::Short);

// E6 (§8.4) and its mode variants: one array element, F6 when |im| < 1e-12, else `re±imj`.
std::string format_element(Complex c, NumberStyle style = NumberStyle::Short);
std::string format_element(double x, NumberStyle style = NumberStyle::Short);

// How many elements a vector block and how many rows and columns a matrix block show: 8 each
// in §8.2; `format("cols", n)` / `format("rows", n)` raise them for the default mode's echo
// and disp (language.md §13.12).
struct ShownLimits {
  Index rows = 8;
  Index columns = 8;
};

// A vector block (§8.2): `[1×n]`, then each of the first 8 elements after two spaces, then
// `  ... (n total)` when n > 8. Elements are taken in storage order, whatever the shape.
std::string format_vector(const Matrix& values, NumberStyle style = NumberStyle::Short,
                          ShownLimits limits = {});

// A matrix block (§8.2): `Matrix(RxC)`, then up to 8 rows `\n  [e, e, ...]` of up to 8
// elements (`, ...` when C > 8), then `\n  ... (R rows total)` when R > 8. No final newline.
std::string format_matrix(const Matrix& values, NumberStyle style = NumberStyle::Short,
                          ShownLimits limits = {});

// sprintf conversions (§8.8) for one number with precision p.
// `%e`: mantissa with p decimals, `e`, signed exponent of at least two digits.
std::string format_exponential(double x, int precision);
// rlab's `%g` (not C's): for 0 or 1e-4 <= |x| < 1e6 the `%.pf` form stripped of trailing zeros
// and point, otherwise the `%e` mantissa and an un-normalised exponent (`1.234567e6`).
std::string format_general(double x, int precision);
// `%d`: x truncated toward zero to a 64-bit integer (NaN → 0, ±∞ saturate), in decimal.
std::string format_integer(double x);
// Integer conversion shared by %d, %x, %o, %c: truncation toward zero with saturation.
std::int64_t truncate_to_int64(double x);

// C's `%.pg` (builtins.md §9 num2str only): p significant digits, exponent form when the decimal
// exponent is < -4 or >= p, trailing zeros removed; `NaN`, `Inf`, `-Inf` for non-finite values.
std::string format_c_general(double x, int significant_digits);

// num2str (builtins.md §9): integral finite values as integer digits, others as C `%.Ng` with
// N = max(floor(log10(|x|)) + 5, 5) capped at 16. `magnitude` picks N (an array passes its
// largest |x|; a scalar passes |x|).
std::string format_num2str(double x, double magnitude);
std::string format_num2str(double x);

}  // namespace llmlab::num
