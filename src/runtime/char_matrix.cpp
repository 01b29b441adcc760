// Character matrices (char_matrix.hpp): reading and building text rows, and the one
// normalising step that gives a one-row char back as a String.
#include "runtime/char_matrix.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "base/messages/values.hpp"
#include "base/utf8.hpp"
#include "num/format.hpp"

namespace llmlab::runtime {

using num::Index;

bool is_char_matrix(const Value& value) {
  return value.is(Kind::Matrix) && value.num_class() == NumClass::Char;
}

bool is_char(const Value& value) {
  return (value.is(Kind::String) && !value.is_string_class()) || is_char_matrix(value);
}

num::Matrix text_codes(std::string_view text) {
  const std::vector<std::string_view> characters = characters_of(text);
  num::Matrix codes(1, static_cast<Index>(characters.size()));
  for (std::size_t k = 0; k < characters.size(); ++k) {
    codes.set(static_cast<Index>(k), static_cast<double>(code_point_of(characters[k])));
  }
  return codes;
}

num::Matrix char_codes(const Value& value) {
  if (value.is(Kind::String)) return text_codes(value.string_value());
  return value.matrix_value();
}

std::string codes_text(std::span<const double> codes) {
  std::string text;
  for (const double code : codes) append_utf8(text, static_cast<char32_t>(code));
  return text;
}

std::vector<std::string> text_rows(const Value& value) {
  if (value.is(Kind::String)) return {value.string_value()};
  if (!is_char_matrix(value)) return {};
  const num::Matrix& codes = value.matrix_value();
  std::vector<std::string> rows;
  rows.reserve(static_cast<std::size_t>(codes.rows()));
  const std::span<const double> all = codes.real_values();
  for (Index r = 0; r < codes.rows(); ++r) {
    rows.push_back(codes_text(all.subspan(static_cast<std::size_t>(r * codes.columns()),
                                          static_cast<std::size_t>(codes.columns()))));
  }
  return rows;
}

namespace {

// The codes of a char result, each cut toward zero and checked (Octave's ['a' 66.7] is 'aB').
num::Matrix checked_codes(num::Matrix codes, std::string_view what) {
  if (codes.is_complex()) {
    num::Matrix real(codes.rows(), codes.columns());
    for (Index k = 0; k < codes.size(); ++k) real.set(k, codes.complex_at(k).real());
    codes = std::move(real);
  }
  for (double& code : codes.mutable_real_values()) {
    const double whole = std::trunc(code);
    if (!(whole >= 0.0 && whole <= 0x10FFFF)) {
      throw Error(fmt::format(messages::not_character_code, what, num::format_shortest(code)));
    }
    code = whole + 0.0;
  }
  return codes;
}

}  // namespace

std::string inconsistent_dimensions(Index rows, Index columns, Index other_rows,
                                    Index other_columns) {
  return fmt::format(messages::text_concat_mismatch, rows, columns, other_rows, other_columns);
}

Value char_array(num::Matrix codes, std::string_view what) {
  return normalized_char(Value::matrix(checked_codes(std::move(codes), what), NumClass::Char));
}

Value normalized_char(Value value) {
  if (value.num_class() != NumClass::Char) return value;
  if (value.is(Kind::Scalar)) {
    std::string text;
    append_utf8(text, static_cast<char32_t>(value.scalar_value()));
    return Value::string(std::move(text));
  }
  if (!value.is_array()) return value;
  const num::Matrix& codes = value.matrix_value();
  const bool one_row = value.is(Kind::Vector) || codes.rows() == 1;
  if (!one_row && !(codes.rows() == 0 && codes.columns() == 0)) return value;
  return Value::string(codes_text(value.matrix_value().real_values()));
}

Value char_rows(const std::vector<std::string>& rows, RowWidths widths) {
  if (rows.size() == 1) return Value::string(rows.front());
  if (rows.empty()) return Value::string("");
  std::vector<num::Matrix> codes;
  codes.reserve(rows.size());
  Index width = 0;
  for (const std::string& row : rows) {
    codes.push_back(text_codes(row));
    if (widths == RowWidths::MustAgree && codes.back().columns() != codes.front().columns()) {
      throw Error(inconsistent_dimensions(1, codes.front().columns(), 1, codes.back().columns()));
    }
    width = std::max(width, codes.back().columns());
  }
  num::Matrix result(static_cast<Index>(rows.size()), width, static_cast<double>(' '));
  for (std::size_t r = 0; r < codes.size(); ++r) {
    for (Index c = 0; c < codes[r].columns(); ++c) {
      result.set(static_cast<Index>(r), c, codes[r][c]);
    }
  }
  return Value::matrix(std::move(result), NumClass::Char);
}

}  // namespace llmlab::runtime

namespace llmlab::runtime {

Value trimmed_char_columns(const Value& chars, bool leading) {
  const num::Matrix codes = char_codes(chars);
  const auto blank_column = [&codes](Index c) {
    for (Index r = 0; r < codes.rows(); ++r) {
      const double code = codes(r, c);
      if (!(code == 0.0 || code == 32.0 || (code >= 9.0 && code <= 13.0))) return false;
    }
    return true;
  };
  Index first = 0;
  Index last = codes.columns();
  while (leading && first < last && blank_column(first)) ++first;
  while (last > first && blank_column(last - 1)) --last;
  if (first == last) return Value::string("");  // nothing but blanks: the empty text
  num::Matrix kept(codes.rows(), last - first);
  for (Index r = 0; r < codes.rows(); ++r) {
    for (Index c = first; c < last; ++c) kept.set(r, c - first, codes(r, c));
  }
  return char_array(std::move(kept));
}

}  // namespace llmlab::runtime
