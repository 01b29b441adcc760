// Matrix literals with rlab's block rules (a scalar repeats down a block row, §3.4), string
// arrays and ranges.
#include "runtime/literals.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "base/messages/values.hpp"
#include "base/utf8.hpp"
#include "num/format.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/class_values.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/string_class.hpp"
#include "runtime/struct_array.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime {

namespace {

using num::Index;

bool is_number(const Value& v) {
  return v.is(Kind::Scalar) || v.is(Kind::Bool) || v.is(Kind::Complex);
}

// An empty array contributes nothing to a literal (`[[], 1]` is `[1]`).
bool contributes(const Value& v) { return !(v.is_array() && v.matrix_value().empty()); }

// The geometry of one written row: its physical height and width.
struct RowShape {
  Index height = 1;
  Index width = 0;
};

RowShape row_shape(const std::vector<Value>& row) {
  RowShape shape;
  bool height_set = false;
  for (const Value& element : row) {
    if (!element.is_numeric()) {
      throw Error(fmt::format(messages::matrix_element_kind, element.kind_name()));
    }
    if (!contributes(element)) continue;
    if (element.is(Kind::Matrix)) {
      const Index rows = element.matrix_value().rows();
      if (!height_set) {
        shape.height = rows;
        height_set = true;
      } else if (shape.height != rows) {
        throw Error(fmt::format(messages::concat_height_mismatch, shape.height, rows));
      }
    }
  }
  for (const Value& element : row) {
    if (!contributes(element)) continue;
    if (is_number(element)) {
      shape.width += 1;
    } else if (element.is(Kind::Vector)) {
      if (shape.height != 1) {
        throw Error(fmt::format(messages::concat_vector_with_blocks, shape.height));
      }
      shape.width += element.matrix_value().size();
    } else {
      shape.width += element.matrix_value().columns();
    }
  }
  return shape;
}

// The characters of the codes in a number or a one-row array joined with text in matlab code:
// a fraction is cut toward zero, as Octave does (['a' 66.7] is 'aB'); a code no character has
// is an error.
std::string character_codes(const Value& element) {
  const num::Matrix codes = element.as_matrix();
  if (element.is(Kind::Matrix) && codes.rows() != 1) {
    throw Error(std::string(messages::concat_text_rows));
  }
  std::string text;
  for (Index k = 0; k < codes.size(); ++k) {
    const double code = std::trunc(codes.is_real() ? codes[k] : codes.complex_at(k).real());
    if (!(code >= 0.0 && code <= 0x10FFFF)) {
      throw Error(fmt::format(messages::not_character_code, "matrix concat",
                              num::format_shortest(codes.is_real() ? codes[k] : code)));
    }
    append_utf8(text, static_cast<char32_t>(code));
  }
  return text;
}

Value concatenate_numbers(const std::vector<std::vector<Value>>& rows);

// Whether a literal with text makes a char matrix: one holds a char matrix, or in matlab code
// it has several written rows (['ab'; 'cd']); a string array among them keeps its own rules.
bool makes_char_matrix(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
  std::size_t written_rows = 0;
  bool char_matrix = false;
  for (const std::vector<Value>& row : rows) {
    bool any = false;
    for (const Value& element : row) {
      if (element.is(Kind::StringArray)) return false;
      if (!contributes(element)) continue;
      any = true;
      char_matrix = char_matrix || is_char_matrix(element);
    }
    if (any) ++written_rows;
  }
  return char_matrix || (dialect == lang::Dialect::Matlab && written_rows > 1);
}

// The block of character codes one element of a char literal gives (a number is its code), as
// a Matrix so that the numeric join below takes it as a block; nullopt when it is empty ('' and
// [] contribute nothing).
std::optional<Value> char_block(const Value& element) {
  if (element.is(Kind::String)) {
    if (element.string_value().empty()) return std::nullopt;
    return Value::matrix(text_codes(element.string_value()));
  }
  if (!element.is_numeric()) {
    throw Error(fmt::format(messages::concat_kind_with_text, element.kind_name()));
  }
  if (!contributes(element)) return std::nullopt;
  return Value::matrix(element.as_matrix());
}

// A char matrix literal (['ab'; 'cd'], [A; 'ef'], [A, A]): each element is its block of codes,
// the blocks join as numbers do, and the result is char. MATLAB's rule that every block of a
// written row has the row's height and every row the same width is checked first, in MATLAB's
// words (rlab's numeric rules would repeat a number down a row, and Octave pads ['a'; 'bc']).
Value concatenate_chars(const std::vector<std::vector<Value>>& rows) {
  std::vector<std::vector<Value>> blocks;
  Index total_rows = 0;
  Index width = -1;
  for (const std::vector<Value>& row : rows) {
    std::vector<Value> joined;
    Index height = -1;
    Index row_width = 0;
    for (const Value& element : row) {
      std::optional<Value> block = char_block(element);
      if (!block) continue;
      const num::Matrix& codes = block->matrix_value();
      if (height >= 0 && codes.rows() != height) {
        throw Error(inconsistent_dimensions(height, row_width, codes.rows(), codes.columns()));
      }
      height = codes.rows();
      row_width += codes.columns();
      joined.push_back(*std::move(block));
    }
    if (joined.empty()) continue;
    if (width >= 0 && row_width != width) {
      throw Error(inconsistent_dimensions(total_rows, width, height, row_width));
    }
    width = row_width;
    total_rows += height;
    blocks.push_back(std::move(joined));
  }
  if (blocks.empty()) return Value::string("");
  return char_array(concatenate_numbers(blocks).as_matrix(), "matrix concat");
}

// A literal whose elements are text (Octave's character concatenation, which rustlab rejects):
// strings alone join into one string, `["x = ", num2str(x)]`; with a string array among them
// the result is the string array of all their items, `[names, {"new"}]`. Empty numeric arrays
// contribute nothing; numbers mixed with text keep rlab's error, and are character codes in
// matlab code.
Value concatenate_text(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
  if (makes_char_matrix(rows, dialect)) return concatenate_chars(rows);
  const bool codes = dialect == lang::Dialect::Matlab;
  // rlab's error names the first element that is not a number.
  std::string_view rejected;
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      if (!element.is_numeric() && rejected.empty()) rejected = element.kind_name();
    }
  }
  bool any_array = false;
  std::size_t written_rows = 0;
  for (const std::vector<Value>& row : rows) {
    bool any = false;
    for (const Value& element : row) {
      if (!contributes(element)) continue;
      if (!element.is_text() && !(codes && element.is_numeric())) {
        throw Error(fmt::format(messages::matrix_element_kind, rejected));
      }
      any = true;
      any_array = any_array || element.is(Kind::StringArray);
    }
    if (any) ++written_rows;
  }
  if (written_rows > 1) {
    throw Error(std::string(messages::concat_text_rows));
  }
  std::vector<std::string> items;
  std::string text;
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      if (!contributes(element)) continue;
      if (element.is(Kind::StringArray)) {
        const std::vector<std::string>& more = element.string_array_value();
        items.insert(items.end(), more.begin(), more.end());
      } else if (!element.is_text()) {
        if (any_array) {
          throw Error(fmt::format(messages::concat_kind_with_string_array, element.kind_name()));
        }
        text += character_codes(element);
      } else if (any_array) {
        items.push_back(element.string_value());
      } else {
        text += element.string_value();
      }
    }
  }
  return any_array ? Value::string_array(std::move(items)) : Value::string(std::move(text));
}

}  // namespace

// [s1, s2; s3, s4] of structs and struct arrays (MATLAB): each row joins horizontally, then
// the rows vertically, as a cell literal's do (the elements go through the cell rules). rlab
// code keeps its one dimension: every element joins one row, in order.
Value concatenate_structs(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
  std::vector<Value> joined_rows;
  for (const std::vector<Value>& row : rows) {
    std::vector<Value> parts;
    for (const Value& element : row) {
      if (!contributes(element)) continue;
      if (!is_struct_like(element)) {
        throw Error(fmt::format(messages::concat_kind_with_structs, element.kind_name()));
      }
      parts.push_back(Value::cell(struct_cells(element)));
    }
    if (parts.empty()) continue;
    if (dialect == lang::Dialect::Matlab) {
      joined_rows.push_back(concatenate_cells(parts, false));
    } else {
      joined_rows.insert(joined_rows.end(), parts.begin(), parts.end());
    }
  }
  const Value joined = concatenate_cells(joined_rows, dialect == lang::Dialect::Matlab);
  return struct_array_of(joined.cell_value());
}

// [c1, c2; c3, c4] with cells: each row joins horizontally, then the rows vertically (§13.12).
Value concatenate_cell_rows(const std::vector<std::vector<Value>>& rows) {
  std::vector<Value> joined;
  for (const std::vector<Value>& row : rows) {
    if (!row.empty()) joined.push_back(concatenate_cells(row, false));
  }
  return concatenate_cells(joined, true);
}

namespace {

Value concatenate_values(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect);

bool any_string_class(const std::vector<std::vector<Value>>& rows) {
  return std::any_of(rows.begin(), rows.end(), [](const std::vector<Value>& row) {
    return std::any_of(row.begin(), row.end(), [](const Value& v) { return v.is_string_class(); });
  });
}

// The class of a concatenation with a part of single or an integer class (MATLAB's rules,
// numeric_class.hpp), or nullopt when text, cells or other kinds take part (their own rules).
std::optional<NumClass> classed_concatenation(const std::vector<std::vector<Value>>& rows) {
  bool special = false;
  std::optional<NumClass> cls;
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      // Text and char matrices join by their own rules (char wins, as MATLAB's [int8(65) 'a']).
      if (!element.is_numeric() && !element.is_nd_array()) return std::nullopt;
      if (is_char_matrix(element)) return std::nullopt;
      special = special || element.has_special_class();
      cls = cls ? concatenation_class(*cls, element.num_class()) : element.num_class();
    }
  }
  if (!special) return std::nullopt;
  return cls;
}

}  // namespace

namespace {

// The blocks of one written row side by side.
// Each part converts as MATLAB's rule says (string_grid); an empty part adds nothing.
StringGrid text_row(const std::vector<Value>& row) {
  StringGrid joined;
  bool height_set = false;
  for (const Value& element : row) {
    StringGrid block = string_grid(element);
    if (block.items.empty()) continue;
    if (height_set && block.rows != joined.rows) {
      throw Error(fmt::format(messages::vertical_concat_mismatch, joined.rows, block.rows));
    }
    joined.rows = block.rows;
    height_set = true;
    joined.columns += block.columns;
    joined.items.insert(joined.items.end(), block.items.begin(), block.items.end());
  }
  return joined;
}

// [ ... ] with a string among its parts: MATLAB's string array of every part's texts.
Value concatenate_strings(const std::vector<std::vector<Value>>& rows) {
  std::vector<StringGrid> blocks;
  for (const std::vector<Value>& row : rows) {
    StringGrid block = text_row(row);
    if (block.items.empty()) continue;
    if (!blocks.empty() && block.columns != blocks.front().columns) {
      throw Error(
          fmt::format(messages::horizontal_concat_mismatch, blocks.front().columns, block.columns));
    }
    blocks.push_back(std::move(block));
  }
  if (blocks.empty()) return Value::string_matrix({}, 0);
  std::int64_t height = 0;
  for (const StringGrid& block : blocks) height += block.rows;
  const std::int64_t width = blocks.front().columns;
  std::vector<std::string> items(static_cast<std::size_t>(height * width));
  std::int64_t row_base = 0;
  for (const StringGrid& block : blocks) {
    for (std::int64_t c = 0; c < width; ++c) {
      for (std::int64_t r = 0; r < block.rows; ++r) {
        items[static_cast<std::size_t>(c * height + row_base + r)] =
            block.items[static_cast<std::size_t>(c * block.rows + r)];
      }
    }
    row_base += block.rows;
  }
  return Value::string_matrix(std::move(items), height);
}

}  // namespace

Value concatenate(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
  if (any_string_class(rows)) return concatenate_strings(rows);
  const std::optional<NumClass> cls = classed_concatenation(rows);
  if (!cls) return concatenate_values(rows, dialect);
  std::vector<std::vector<Value>> plain(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (const Value& element : rows[r]) plain[r].push_back(without_class(element));
  }
  return converted_to_class(concatenate_values(plain, dialect), *cls);
}

namespace {

// What a literal's elements make; the first kind present decides, in this order.
enum class LiteralKind { Cells, Text, Tracked, NdArrays, Structs, Numbers };

template <class Test>
bool any_element(const std::vector<std::vector<Value>>& rows, Test test) {
  return std::any_of(rows.begin(), rows.end(), [&test](const std::vector<Value>& row) {
    return std::any_of(row.begin(), row.end(), test);
  });
}

LiteralKind literal_kind(const std::vector<std::vector<Value>>& rows) {
  if (any_element(rows, [](const Value& v) { return v.is(Kind::Cell); })) return LiteralKind::Cells;
  if (any_element(rows, [](const Value& v) { return v.is_text() || is_char_matrix(v); })) {
    return LiteralKind::Text;
  }
  if (std::any_of(rows.begin(), rows.end(),
                  [](const std::vector<Value>& row) { return any_tracked(row); })) {
    return LiteralKind::Tracked;
  }
  if (any_element(rows, [](const Value& v) { return v.is_nd_array(); })) {
    return LiteralKind::NdArrays;
  }
  if (any_element(rows, [](const Value& v) { return is_struct_like(v); })) {
    return LiteralKind::Structs;
  }
  return LiteralKind::Numbers;
}

Value concatenate_values(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
  switch (literal_kind(rows)) {
    case LiteralKind::Cells:
      return concatenate_cell_rows(rows);
    case LiteralKind::Text:
      return concatenate_text(rows, dialect);
    case LiteralKind::Tracked:
      return tracked_concatenate(rows);
    case LiteralKind::NdArrays:
      return concatenate_nd_rows(rows);  // N-D arrays in [ ] (#27)
    case LiteralKind::Structs:
      return concatenate_structs(rows, dialect);
    case LiteralKind::Numbers:
      break;
  }
  return concatenate_numbers(rows);
}

bool has_contribution(const std::vector<Value>& row) {
  return std::any_of(row.begin(), row.end(), contributes);
}

// The extents of a numeric literal: each written row's shape (rows of empty arrays left out),
// the result's rows and width, and whether it is complex or logical. Throws when the rows
// differ in width.
struct LiteralLayout {
  std::vector<RowShape> shapes;
  Index rows = 0;
  Index width = -1;
  bool complex = false;
  bool logical = false;
};

LiteralLayout literal_layout(const std::vector<std::vector<Value>>& rows) {
  LiteralLayout layout;
  layout.shapes.reserve(rows.size());
  bool all_logical = true;
  for (const std::vector<Value>& row : rows) {
    const RowShape shape = row_shape(row);
    if (!has_contribution(row)) continue;  // a written row of empty arrays adds no rows
    for (const Value& element : row) {
      if (!contributes(element)) continue;
      if (element.is(Kind::Complex) ||
          (element.is_array() && element.matrix_value().is_complex())) {
        layout.complex = true;
      }
      if (!element.is_logical()) all_logical = false;
    }
    if (layout.width < 0) layout.width = shape.width;
    if (shape.width != layout.width) {
      throw Error(fmt::format(messages::concat_row_width_mismatch, layout.rows + 1, shape.width,
                              layout.width));
    }
    layout.shapes.push_back(shape);
    layout.rows += shape.height;
  }
  layout.logical = !layout.shapes.empty() && all_logical;
  return layout;
}

// One block (a vector or matrix element) copied into the result at (row_base, column).
void copy_block(const Value& element, Index row_base, Index column, num::Matrix& result) {
  const num::Matrix& block = element.matrix_value();
  const Index block_rows = element.is(Kind::Vector) ? 1 : block.rows();
  const Index block_columns = element.is(Kind::Vector) ? block.size() : block.columns();
  if (result.is_real()) {
    // Real blocks: row by row into the result's storage (both are row-major).
    std::span<double> out = result.mutable_real_values();
    std::span<const double> in = block.real_values();
    for (Index r = 0; r < block_rows; ++r) {
      std::copy_n(in.begin() + r * block_columns, block_columns,
                  out.begin() + (row_base + r) * result.columns() + column);
    }
    return;
  }
  for (Index r = 0; r < block_rows; ++r) {
    for (Index c = 0; c < block_columns; ++c) {
      result.set(row_base + r, column + c, block.complex_at(r * block_columns + c));
    }
  }
}

// One written row copied into the result from row_base: a number repeats down the row's height
// (rlab's block rule, §3.4).
void copy_row(const std::vector<Value>& row, RowShape shape, Index row_base, num::Matrix& result) {
  Index column = 0;
  for (const Value& element : row) {
    if (!contributes(element)) continue;
    if (!is_number(element)) {
      copy_block(element, row_base, column, result);
      column += element.is(Kind::Vector) ? element.matrix_value().size()
                                         : element.matrix_value().columns();
      continue;
    }
    for (Index r = 0; r < shape.height; ++r) {
      if (result.is_complex()) {
        result.set(row_base + r, column, element.complex_value());
      } else {
        result.set(row_base + r, column, element.scalar_value());
      }
    }
    column += 1;
  }
}

Value concatenate_numbers(const std::vector<std::vector<Value>>& rows) {
  const LiteralLayout layout = literal_layout(rows);
  if (layout.rows == 0 || layout.width < 0) return Value::vector(num::Matrix(1, 0));
  // Every row checked above is as wide as the result and its blocks as tall as the row, so the
  // copies below write every element: a real result need not be zero-filled first.
  num::Matrix result =
      layout.complex ? num::Matrix(layout.rows, layout.width, num::Matrix::Element::ComplexValued)
                     : num::Matrix::uninitialized(layout.rows, layout.width);
  Index row_base = 0;
  std::size_t shape_index = 0;
  for (const std::vector<Value>& row : rows) {
    if (!has_contribution(row)) continue;
    const RowShape shape = layout.shapes[shape_index++];
    copy_row(row, shape, row_base, result);
    row_base += shape.height;
  }
  if (layout.rows == 1) return Value::vector(std::move(result), layout.logical);
  return Value::matrix(std::move(result), layout.logical);
}

}  // namespace

Value make_string_array(const std::vector<Value>& elements) {
  std::vector<std::string> items;
  items.reserve(elements.size());
  for (const Value& element : elements) {
    // Any other kind makes a cell array (§13.12); only strings keep rlab's string array.
    // So does a string of MATLAB's string class: {"a"} is a cell holding a string.
    if (!element.is(Kind::String) || element.is_string_class()) {
      return Value::cell(CellArray::row(elements));
    }
    items.push_back(element.string_value());
  }
  return Value::string_array(std::move(items));
}

Value make_cell_rows(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
  std::vector<Value> flat;
  std::vector<const std::vector<Value>*> kept;
  for (const std::vector<Value>& row : rows) {
    if (row.empty()) continue;
    kept.push_back(&row);
    flat.insert(flat.end(), row.begin(), row.end());
  }
  const bool strings = std::all_of(flat.begin(), flat.end(), [](const Value& v) {
    return v.is(Kind::String) && !v.is_string_class();
  });
  if ((strings && dialect != lang::Dialect::Matlab) || kept.size() <= 1) {
    return make_string_array(flat);
  }
  const std::size_t columns = kept.front()->size();
  for (const std::vector<Value>* row : kept) {
    if (row->size() != columns) {
      throw Error(fmt::format(messages::cell_literal_rows_mismatch, columns, row->size()));
    }
  }
  CellArray cells;
  cells.rows = static_cast<std::int64_t>(kept.size());
  cells.columns = static_cast<std::int64_t>(columns);
  cells.items.reserve(flat.size());
  for (std::size_t c = 0; c < columns; ++c) {
    for (const std::vector<Value>* row : kept) cells.items.push_back((*row)[c]);
  }
  return Value::cell(std::move(cells));
}

bool check_range(double start, double step, double stop) {
  if (step == 0.0) throw Error(std::string(messages::range_step_zero));
  if (std::isnan(start) || std::isnan(step) || std::isnan(stop)) return false;
  const double span = (stop - start) / step;
  if (std::isinf(start) || std::isinf(stop) || std::isinf(step) || span > 2.0e9) {
    if (span < 0) return false;
    throw Error(std::string(messages::range_too_long));
  }
  return true;
}

std::int64_t range_count(double start, double step, double stop) {
  if (!check_range(start, step, stop)) return 0;
  const double span = (stop - start) / step;
  if (span < -1e-10) return 0;
  return static_cast<std::int64_t>(std::floor(span + 1e-10)) + 1;
}

Value make_range(double start, double step, double stop) {
  std::vector<double> values;
  values.reserve(static_cast<std::size_t>(range_count(start, step, stop)));
  for_each_range_element(start, step, stop, [&](double x) { values.push_back(x); });
  return Value::vector(num::Matrix::row(values));
}

}  // namespace llmlab::runtime
