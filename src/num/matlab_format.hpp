// MATLAB's `format short g | long g | short e | long e` number display (language.md §13.12):
// each element in C's %g (5 or 15 significant digits) or %e (4 or 15 decimals), so values of
// very different sizes stay distinct; arrays in right-aligned columns, every column shown,
// wrapped in "Columns a through b" blocks at a line width.
#pragma once

#include <string>
#include <vector>

#include "num/matrix.hpp"

namespace llmlab::num {

// Short and Long are MATLAB's default `format short` / `format long` (the matlab dialect's
// echo): an integer-valued number as an integer below 1e9; otherwise 4 (short) or 15 (long)
// decimals when 0.001 <= |x| < 1000, else e-notation with as many. An array takes one of the
// three forms for every element: integers when all are, else fixed when every finite magnitude
// fits, else e-notation.
enum class MatlabStyle { ShortG, LongG, ShortE, LongE, Short, Long, LongSingle };

// One real number: `3.1416`, `1e-07`, `3.1416e+00`; `NaN`, `Inf`, `-Inf`.
std::string matlab_number(double x, MatlabStyle style);
// A complex number: `3 + 4i`, `1 - 2i` (both parts in the style).
std::string matlab_complex(Complex c, MatlabStyle style);

// An array as rows of right-aligned columns, each line starting with three spaces and ending
// in a newline. When the columns do not fit in `width` characters they are shown in blocks,
// each introduced by "  Columns a through b" (or "  Column a") and a blank line, blocks
// separated by a blank line. An empty array is `[](RxC)` and a newline. A logical array's
// columns are two spaces apart ("  1  0"), Octave's layout for logicals.
std::string matlab_array(const Matrix& values, MatlabStyle style, int width, bool logical = false);
// LongSingle is `format long` for values of class single: 7 decimals where double shows 15
// (Octave's 3.1415927); every other style shows single as it shows double.

// Element texts already formatted (an integer class's digits), rows × columns in row-major
// order, in Octave's integer layout: each column right-aligned to the most digits (one more
// when any text has a minus sign), two spaces
// before every column, split into column blocks at `width` as matlab_array splits them.
std::string matlab_text_array(const std::vector<std::string>& cells, Index rows, Index columns,
                              int width);

}  // namespace llmlab::num
