// MATLAB's string class (language.md §14, issue #26): a String or StringArray value tagged
// NumClass::String. This module owns its rules that are no builtin's: how a value converts to
// strings, and what the operators do with strings (+ joins, comparisons compare whole texts).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lang/ast.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// A number as MATLAB's string(x) and "a" + x write it: num2str's rule (num::format_num2str).
std::string number_as_text(double x);

// A value converted to strings, with its shape: a string array as it is, a char row as one
// string, a char matrix one string per row, a logical as "true"/"false", each number of a
// numeric value by number_as_text. Throws for any other kind.
struct StringGrid {
  std::int64_t rows = 1;
  std::int64_t columns = 0;
  std::vector<std::string> items;  // column-major
};
StringGrid string_grid(const Value& value);

// The string-class value of a grid: a string scalar when it holds one text.
Value string_value_of(StringGrid grid);

// The strings of a string-class value as a cell of its shape holding string scalars (the form
// its rearrangements and indexing go through), and a cell of texts back as a string-class value
// (an element a growth filled in, an empty matrix, is "").
CellArray string_cells(const Value& strings);
Value strings_from_cell(const Value& cell);

// `left op right` where either side is of the string class: + joins texts element-wise, the
// comparisons compare whole texts (code point order for < and the like), giving logicals; a
// string scalar pairs with every element of the other side. Other operators are an error.
Value string_binary_operation(lang::BinaryOp op, const Value& left, const Value& right);

// Indexing a string-class value: s(...) selects strings as a cell's ( ) selects its elements
// (so every subscript form of a cell works), s{k} the char row of one string.
Value string_class_read(const Value& strings, std::span<const Value> subscripts);
Value string_class_brace_read(const Value& strings, std::span<const Value> subscripts);
// s(...) = v with v converted to strings (string_grid); positions past the end grow the array,
// new ones holding "" (MATLAB's <missing>, which llmlab does not have). `target` may be
// undefined (`defined` false).
void string_class_assign(Value& target, bool defined, std::string_view name,
                         std::span<const Value> subscripts, const Value& rhs);
// s(...) = []: the selected strings removed.
void string_class_delete(Value& target, std::span<const Value> subscripts);
// The value of `end` in subscript `position` of `count`.
double string_class_end(const Value& strings, int position, int count);

}  // namespace llmlab::runtime
