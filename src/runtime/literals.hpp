// Values built from literal syntax: matrix literals and concatenation (language.md §3.4),
// string-array literals (§3.5) and ranges (§3.3).
#pragma once

#include <vector>

#include "runtime/value.hpp"

namespace llmlab::runtime {

// [r1; r2; ...] with each written row a list of evaluated elements (§3.4).
Value concatenate(const std::vector<std::vector<Value>>& rows);

// {e1, e2, ...} (§3.5).
Value make_string_array(const std::vector<Value>& elements);

// The elements of a:step:b by repeated addition (§3.3), calling `emit(double)` for each; the
// bounds are already scalar-converted. Throws on a zero step or an infinite bound.
template <class Emit>
void for_each_range_element(double start, double step, double stop, Emit&& emit);

// a:step:b as a vector.
Value make_range(double start, double step, double stop);

// Checks the range parameters; returns false when the range is empty (NaN bounds).
bool check_range(double start, double step, double stop);

template <class Emit>
void for_each_range_element(double start, double step, double stop, Emit&& emit) {
  if (!check_range(start, step, stop)) return;
  const double eps = (step < 0 ? -step : step) * 1e-10;
  double current = start;
  if (step > 0) {
    while (current <= stop + eps) {
      emit(current);
      current += step;
    }
  } else {
    while (current >= stop - eps) {
      emit(current);
      current += step;
    }
  }
}

}  // namespace llmlab::runtime
