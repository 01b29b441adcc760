// MATLAB's character matrices (language.md §14, issue #26): text of several rows. A text of one
// row stays the String value it has always been, so rlab and every string builtin see what they
// saw; a char of two or more rows, a column or no rows is a numeric Matrix of character codes
// (Unicode code points) tagged NumClass::Char. The 0×0 char is the empty text '' (MATLAB's
// isequal('', char([])) is true). Only matlab code makes one. Whatever gives a
// one-row result of chars gives the String back (`normalized_char`), so a Vector is never Char.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "num/matrix.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// A Matrix tagged char: the rows of a char matrix.
bool is_char_matrix(const Value& value);
// A String or a char matrix: what MATLAB's ischar is true for.
bool is_char(const Value& value);

// The rows of a String (one) or of a char matrix (UTF-8, padding kept); empty for other kinds.
std::vector<std::string> text_rows(const Value& value);

// The code points of a text, as a 1×N row.
num::Matrix text_codes(std::string_view text);
// The codes of a String (1×N) or a char matrix (its rows and columns).
num::Matrix char_codes(const Value& value);
// The UTF-8 text of these code points (each a valid code, as char matrices hold).
std::string codes_text(std::span<const double> codes);

// The char value of these codes: the String of a one-row matrix, a char matrix otherwise. The
// codes are checked: a fraction is cut toward zero and a code no character has is an error
// (`what` names the operation in it).
Value char_array(num::Matrix codes, std::string_view what = "char");

// A value that may carry the char tag (an element read, a reshape): one row of chars (or 0×0)
// becomes the String, anything else is returned as it is. The one place a char result is
// normalised.
Value normalized_char(Value value);

// Whether rows of text of different widths are an error (MATLAB's ['a'; 'bc']) or padded with
// spaces at the end (char('a', 'bcd'), strvcat).
enum class RowWidths { MustAgree, Padded };

// MATLAB's error for parts of a char concatenation whose extents do not fit together.
std::string inconsistent_dimensions(num::Index rows, num::Index columns, num::Index other_rows,
                                    num::Index other_columns);

// Rows of text as one char value: one row is its String, no rows the empty text.
Value char_rows(const std::vector<std::string>& rows, RowWidths widths);

// A String or char matrix without the columns that are whitespace (or NUL) in every row: the
// trailing ones, and the leading ones too when `leading` (MATLAB's deblank and strtrim of a char
// matrix, which keep its rows aligned). A char of blanks only gives the empty text, as
// Octave's deblank(['  '; '  ']) is ''.
Value trimmed_char_columns(const Value& chars, bool leading);

}  // namespace llmlab::runtime
