// Values built from literal syntax: matrix literals and concatenation (language.md §3.4),
// string-array literals (§3.5) and ranges (§3.3).
#pragma once

#include <cstdint>
#include <vector>

#include "lang/dialect.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// [r1; r2; ...] with each written row a list of evaluated elements (§3.4). In the matlab
// dialect numbers beside text are character codes (MATLAB's char class wins a concatenation:
// ['a' 66 'c'] is 'aBc'); rlab rejects them.
Value concatenate(const std::vector<std::vector<Value>>& rows,
                  lang::Dialect dialect = lang::Dialect::Rlab);

// {e1, e2, ...} (§3.5).
Value make_string_array(const std::vector<Value>& elements);
// {a, b; c, d}: a rows × columns cell (rows of equal length; empty rows are dropped), or the
// one-dimensional string array of every element when one row is written, or in rlab code when
// all are strings (§13.12); matlab code keeps the rows of text ({'a'; 'b'} is 2×1).
Value make_cell_rows(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect);

// The elements of a:step:b (§3.3), calling `emit(double)` for each; the bounds are already
// scalar-converted. Throws on a zero step or an infinite bound.
template <class Emit>
void for_each_range_element(double start, double step, double stop, Emit&& emit);

// a:step:b as a vector.
Value make_range(double start, double step, double stop);

// Checks the range parameters; returns false when the range is empty (NaN bounds).
bool check_range(double start, double step, double stop);

// The number of elements of start:step:stop, counted before any is made (as MATLAB does), so
// that a range whose step vanishes next to its bounds (2^53:2^53+4) still ends: the largest k
// with start + k step within |step| 1e-10 of stop, plus one (§3.3). Checks the range first.
std::int64_t range_count(double start, double step, double stop);

// Element k (from 0) of a range: start + k step, rounded once, so no error accumulates.
inline double range_element(double start, double step, std::int64_t k) {
  return start + static_cast<double>(k) * step;
}

// The elements of a:step:b (§3.3), calling `emit(double)` for each; the bounds are already
// scalar-converted. Throws on a zero step or an infinite bound.
template <class Emit>
void for_each_range_element(double start, double step, double stop, Emit&& emit) {
  const std::int64_t count = range_count(start, step, stop);
  for (std::int64_t k = 0; k < count; ++k) emit(range_element(start, step, k));
}

}  // namespace llmlab::runtime
