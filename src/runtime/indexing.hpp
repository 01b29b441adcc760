// Indexing of script values (language.md §6, §13.7, §13.9): reads, indexed assignment with
// growth, deletion, and the value `end` takes. Subscripts arrive evaluated; the evaluator binds
// `end` through end_value() while it evaluates them.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/value.hpp"

namespace llmlab::runtime {

// One subscript converted per §6.1 (and §13.7 for masks): every position, or a list of 0-based
// positions. `scalar` marks a subscript written as one number (not a list, range or mask).
struct Subscript {
  bool all = false;
  bool scalar = false;
  std::vector<num::Index> positions;
};

Subscript resolve_subscript(const Value& subscript);

// The whole number a subscript value stands for: the value itself, or the nearest integer when
// the value lies within a few ulps of it (`0.1 * 30` is 3); NaN when it is no integer (1.5), so
// that a fractional index is an error, as in MATLAB, never a silent truncation.
inline double integral_subscript(double value) {
  const double nearest = std::nearbyint(value);
  const double tolerance = 4.0 * std::numeric_limits<double>::epsilon() * std::abs(nearest);
  return std::abs(value - nearest) <= tolerance ? nearest
                                                : std::numeric_limits<double>::quiet_NaN();
}

// The value of `end` in subscript `position` (0-based) of `count` subscripts of `container`
// (§6.3). `for_write` selects the write rules (a vector's first of two subscripts is 1).
double end_value(const Value& container, int position, int count, bool for_write);

// container(subscripts) (§6.2, §13.9).
Value index_read(const Value& container, std::span<const Value> subscripts);

// What an indexed assignment did, for its echo line (§8.6).
struct AssignEcho {
  // Whole: a write into text, echoed as the new value (`name = ⟨value⟩`, as a deletion is).
  // Variable: echoed as `name = value` echoes the variable (an N-D write), with no text made
  // unless the echo is shown.
  enum class Form { Element, Row, Positions, Region, Whole, Variable } form = Form::Element;
  std::array<std::int64_t, 2> subscripts{};  // 1-based, for Element and Row
  int subscript_count = 0;
  std::span<const std::int64_t> written() const {
    return {subscripts.data(), static_cast<std::size_t>(subscript_count)};
  }
  num::Complex value;                  // Element
  num::Matrix row;                     // Row
  std::int64_t count = 0;              // Positions
  std::int64_t rows = 0, columns = 0;  // Region
  std::string text;                    // Whole: the display of the new value
};

// name(subscripts) = rhs, writing through `target` (§6.4, §13.9). `defined` says whether the
// variable exists; `name` words the errors. The right side must not be an empty array (that is
// a deletion). Returns the echo description.
AssignEcho index_assign(Value& target, bool defined, std::string_view name,
                        std::span<const Value> subscripts, const Value& rhs);

// name(subscripts) = [] (§6.5).
void index_delete(Value& target, bool defined, std::string_view name,
                  std::span<const Value> subscripts);

// name(k) = text on a string (characters) or string array (elements), with growth at the end
// (MATLAB's meaning; index_assign() sends text targets here).
AssignEcho text_assign(Value& target, std::span<const Value> subscripts, const Value& rhs);

// name(k) = [] on a string or string array: removes those characters or elements.
void text_delete(Value& target, std::span<const Value> subscripts);

// True when an assignment's right side means deletion: an empty vector or matrix.
inline bool is_deletion_value(const Value& rhs) {
  return rhs.is_array() && rhs.matrix_value().empty();
}

}  // namespace llmlab::runtime
