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
#include "base/utf8.hpp"
#include "num/format.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/class_values.hpp"
#include "runtime/nd_values.hpp"
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
      throw Error(fmt::format("matrix elements must be scalar, complex, vector, or matrix; got {}",
                              element.kind_name()));
    }
    if (!contributes(element)) continue;
    if (element.is(Kind::Matrix)) {
      const Index rows = element.matrix_value().rows();
      if (!height_set) {
        shape.height = rows;
        height_set = true;
      } else if (shape.height != rows) {
        throw Error(fmt::format("matrix concat: vertical dimension mismatch ({} vs {} rows)",
                                shape.height, rows));
      }
    }
  }
  for (const Value& element : row) {
    if (!contributes(element)) continue;
    if (is_number(element)) {
      shape.width += 1;
    } else if (element.is(Kind::Vector)) {
      if (shape.height != 1) {
        throw Error(fmt::format(
            "matrix concat: cannot mix a vector with matrix blocks of height {}", shape.height));
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
    throw Error("matrix concat: text joins along one row (strings have no rows)");
  }
  std::string text;
  for (Index k = 0; k < codes.size(); ++k) {
    const double code = std::trunc(codes.is_real() ? codes[k] : codes.complex_at(k).real());
    if (!(code >= 0.0 && code <= 0x10FFFF)) {
      throw Error(fmt::format("matrix concat: {} is not a character code (0..1114111)",
                              num::format_shortest(codes.is_real() ? codes[k] : code)));
    }
    append_utf8(text, static_cast<char32_t>(code));
  }
  return text;
}

// A literal whose elements are text (Octave's character concatenation, which rustlab rejects):
// strings alone join into one string, `["x = ", num2str(x)]`; with a string array among them
// the result is the string array of all their items, `[names, {"new"}]`. Empty numeric arrays
// contribute nothing; numbers mixed with text keep rlab's error, and are character codes in
// matlab code.
Value concatenate_text(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
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
        throw Error(fmt::format(
            "matrix elements must be scalar, complex, vector, or matrix; got {}", rejected));
      }
      any = true;
      any_array = any_array || element.is(Kind::StringArray);
    }
    if (any) ++written_rows;
  }
  if (written_rows > 1) {
    throw Error("matrix concat: text joins along one row (strings have no rows)");
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
          throw Error(fmt::format("matrix concat: cannot join a {} with a string array",
                                  element.kind_name()));
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

// [s1, s2, people] of structs and struct arrays (MATLAB): one struct array, elements in order.
// Struct arrays have one dimension, so rows (`[s1; s2]`) join the same way, as a cell literal's
// rows do.
Value concatenate_structs(const std::vector<std::vector<Value>>& rows) {
  std::vector<Value> elements;
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      if (!contributes(element)) continue;
      if (!is_struct_like(element)) {
        throw Error(
            fmt::format("matrix concat: cannot join a {} with structs", element.kind_name()));
      }
      const std::vector<Value> more = struct_elements(element);
      elements.insert(elements.end(), more.begin(), more.end());
    }
  }
  return make_struct_array(std::move(elements));
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

// The class of a concatenation with a part of single or an integer class (MATLAB's rules,
// numeric_class.hpp), or nullopt when text, cells or other kinds take part (their own rules).
std::optional<NumClass> classed_concatenation(const std::vector<std::vector<Value>>& rows) {
  bool special = false;
  std::optional<NumClass> cls;
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      if (!element.is_numeric() && !element.is_nd_array()) return std::nullopt;
      special = special || element.has_special_class();
      cls = cls ? concatenation_class(*cls, element.num_class()) : element.num_class();
    }
  }
  if (!special) return std::nullopt;
  return cls;
}

}  // namespace

Value concatenate(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
  const std::optional<NumClass> cls = classed_concatenation(rows);
  if (!cls) return concatenate_values(rows, dialect);
  std::vector<std::vector<Value>> plain(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (const Value& element : rows[r]) plain[r].push_back(without_class(element));
  }
  return converted_to_class(concatenate_values(plain, dialect), *cls);
}

namespace {

// A literal of cells, text, tracked values, N-D arrays or structs joins by that kind's rules
// (the first present, in this order); nullopt for plain numbers.
std::optional<Value> concatenate_special(const std::vector<std::vector<Value>>& rows,
                                         lang::Dialect dialect) {
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      if (element.is(Kind::Cell)) return concatenate_cell_rows(rows);
    }
  }
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      if (element.is_text()) return concatenate_text(rows, dialect);
    }
  }
  for (const std::vector<Value>& row : rows) {
    if (any_tracked(row)) return tracked_concatenate(rows);
  }
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      if (element.is_nd_array()) return concatenate_nd_rows(rows);
    }
  }
  for (const std::vector<Value>& row : rows) {
    for (const Value& element : row) {
      if (is_struct_like(element)) return concatenate_structs(rows);
    }
  }
  return std::nullopt;
}

Value concatenate_values(const std::vector<std::vector<Value>>& rows, lang::Dialect dialect) {
  if (std::optional<Value> special = concatenate_special(rows, dialect)) return *std::move(special);
  std::vector<RowShape> shapes;
  shapes.reserve(rows.size());
  Index total_rows = 0;
  Index width = -1;
  bool complex = false;
  bool logical = false;
  bool all_logical = true;
  for (const std::vector<Value>& row : rows) {
    const RowShape shape = row_shape(row);
    bool any = false;
    for (const Value& element : row) {
      if (!contributes(element)) continue;
      any = true;
      if (element.is(Kind::Complex) ||
          (element.is_array() && element.matrix_value().is_complex())) {
        complex = true;
      }
      if (!element.is_logical()) all_logical = false;
    }
    if (!any) continue;  // a written row of empty arrays adds no physical rows
    logical = true;
    if (width < 0) width = shape.width;
    if (shape.width != width) {
      throw Error(fmt::format("matrix concat: row {} has {} columns, expected {}", total_rows + 1,
                              shape.width, width));
    }
    shapes.push_back(shape);
    total_rows += shape.height;
  }
  logical = logical && all_logical;
  if (total_rows == 0 || width < 0) return Value::vector(num::Matrix(1, 0));
  // Every row checked above is as wide as the result and its blocks as tall as the row, so the
  // copies below write every element: a real result need not be zero-filled first.
  num::Matrix result = complex ? num::Matrix(total_rows, width, num::Matrix::Element::ComplexValued)
                               : num::Matrix::uninitialized(total_rows, width);
  Index row_base = 0;
  std::size_t shape_index = 0;
  for (const std::vector<Value>& row : rows) {
    bool any = false;
    for (const Value& element : row) any = any || contributes(element);
    if (!any) continue;
    const RowShape shape = shapes[shape_index++];
    Index column = 0;
    for (const Value& element : row) {
      if (!contributes(element)) continue;
      if (is_number(element)) {
        for (Index r = 0; r < shape.height; ++r) {
          if (complex) {
            result.set(row_base + r, column, element.complex_value());
          } else {
            result.set(row_base + r, column, element.scalar_value());
          }
        }
        column += 1;
        continue;
      }
      const num::Matrix& block = element.matrix_value();
      const Index block_rows = element.is(Kind::Vector) ? 1 : block.rows();
      const Index block_columns = element.is(Kind::Vector) ? block.size() : block.columns();
      if (!complex) {
        // Real blocks: row by row into the result's storage (both are row-major).
        std::span<double> out = result.mutable_real_values();
        std::span<const double> in = block.real_values();
        for (Index r = 0; r < block_rows; ++r) {
          std::copy_n(in.begin() + r * block_columns, block_columns,
                      out.begin() + (row_base + r) * width + column);
        }
        column += block_columns;
        continue;
      }
      for (Index r = 0; r < block_rows; ++r) {
        for (Index c = 0; c < block_columns; ++c) {
          const Index flat = r * block_columns + c;
          if (complex) {
            result.set(row_base + r, column + c, block.complex_at(flat));
          } else {
            result.set(row_base + r, column + c, block[flat]);
          }
        }
      }
      column += block_columns;
    }
    row_base += shape.height;
  }
  if (total_rows == 1) return Value::vector(std::move(result), logical);
  return Value::matrix(std::move(result), logical);
}

}  // namespace

Value make_string_array(const std::vector<Value>& elements) {
  std::vector<std::string> items;
  items.reserve(elements.size());
  for (const Value& element : elements) {
    // Any other kind makes a cell array (§13.12); only strings keep rlab's string array.
    if (!element.is(Kind::String)) return Value::cell(CellArray::row(elements));
    items.push_back(element.string_value());
  }
  return Value::string_array(std::move(items));
}

Value make_cell_rows(const std::vector<std::vector<Value>>& rows) {
  std::vector<Value> flat;
  std::vector<const std::vector<Value>*> kept;
  for (const std::vector<Value>& row : rows) {
    if (row.empty()) continue;
    kept.push_back(&row);
    flat.insert(flat.end(), row.begin(), row.end());
  }
  const bool strings =
      std::all_of(flat.begin(), flat.end(), [](const Value& v) { return v.is(Kind::String); });
  if (strings || kept.size() <= 1) return make_string_array(flat);
  const std::size_t columns = kept.front()->size();
  for (const std::vector<Value>* row : kept) {
    if (row->size() != columns) {
      throw Error(fmt::format("vertical dimensions mismatch (1x{} vs 1x{}) in a cell literal",
                              columns, row->size()));
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
  if (step == 0.0) throw Error("range step cannot be zero");
  if (std::isnan(start) || std::isnan(step) || std::isnan(stop)) return false;
  const double span = (stop - start) / step;
  if (std::isinf(start) || std::isinf(stop) || std::isinf(step) || span > 2.0e9) {
    if (span < 0) return false;
    throw Error("range has too many elements");
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
