// ⟨v⟩ for every kind (language.md §8.2) and the echo lines of §8.5–§8.6.
#include "runtime/display.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>

#include "base/utf8.hpp"
#include "num/matlab_format.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime {

namespace {

constexpr std::size_t kShownStrings = 8;

void append_string_array(std::string& out, const std::vector<std::string>& items) {
  out += fmt::format("{{1\u00d7{}}} ", items.size());
  const std::size_t shown = std::min(items.size(), kShownStrings);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) out += ", ";
    out.push_back('"');
    out += items[i];
    out.push_back('"');
  }
  if (items.size() > kShownStrings) out += fmt::format(", ... ({} total)", items.size());
}

void append_struct(std::string& out, const StructFields& fields) {
  out += "struct {";
  bool first = true;
  for (const auto& [name, field] : fields) {
    if (!first) out += ", ";
    first = false;
    out += name;
    out += ": ";
    append_display(out, field);
  }
  out.push_back('}');
}

void append_lambda(std::string& out, const Lambda& lambda) {
  out += "@(";
  for (std::size_t i = 0; i < lambda.parameters.size(); ++i) {
    if (i > 0) out += ", ";
    out += lambda.parameters[i];
  }
  out += ") ";
  out += lambda.text;
}

}  // namespace

// A char matrix as MATLAB shows it: its rows, one a line; one without elements by its extents
// (MATLAB's "0×3 empty char array").
std::string char_lines(const Value& value) {
  const num::Matrix& codes = value.matrix_value();
  if (codes.empty()) {
    return fmt::format("{}\u00d7{} empty char array", codes.rows(), codes.columns());
  }
  return fmt::format("{}", fmt::join(text_rows(value), "\n"));
}

num::NumberStyle number_style(FormatMode mode) {
  switch (mode) {
    case FormatMode::Short:
      return num::NumberStyle::Short;
    case FormatMode::Long:
      return num::NumberStyle::Long;
    case FormatMode::Hex:
      return num::NumberStyle::Hex;
    case FormatMode::Commas:
      return num::NumberStyle::Commas;
    default:
      return num::NumberStyle::Short;  // MATLAB's modes lay numbers out in num/matlab_format
  }
}

namespace {

// MATLAB's string class: a string scalar in double quotes; a string array as its grid of quoted
// texts, each column as wide as its widest text, four spaces before each (lines end at their
// last text, without the padding MATLAB keeps).
std::string string_class_lines(const Value& value) {
  if (value.is(Kind::String)) return "\"" + value.string_value() + "\"";
  const std::vector<std::string>& items = value.string_array_value();
  const std::size_t rows =
      static_cast<std::size_t>(std::max<std::int64_t>(value.string_array_rows(), 1));
  const std::size_t columns = items.size() / rows;
  std::vector<std::size_t> widths(columns, 0);
  for (std::size_t k = 0; k < items.size(); ++k) {
    widths[k / rows] = std::max(widths[k / rows], character_count(items[k]) + 2);
  }
  std::string out;
  for (std::size_t r = 0; r < rows; ++r) {
    std::string line;
    for (std::size_t c = 0; c < columns; ++c) {
      const std::string& text = items[c * rows + r];
      line += "    \"" + text + "\"";
      if (c + 1 < columns) line += std::string(widths[c] - character_count(text) - 2, ' ');
    }
    out += (r > 0 ? "\n" : "") + line;
  }
  return out;
}

// `x = ` and MATLAB's lines for a string-class value: the text indented below the label, an
// array after its size line ("  2×3 string array").
std::string string_class_echo(std::string_view name, const Value& value) {
  std::string out = std::string(name) + " = \n";
  if (value.is(Kind::String)) return out + "    " + string_class_lines(value) + "\n";
  const std::int64_t count = value.element_count();
  if (count == 0) return out + "  0\u00d70 empty string array\n";
  const std::int64_t rows = value.string_array_rows();
  return out + fmt::format("  {}\u00d7{} string array\n", rows, count / rows) +
         string_class_lines(value) + "\n";
}

num::MatlabStyle matlab_style(FormatMode mode) {
  switch (mode) {
    case FormatMode::LongG:
      return num::MatlabStyle::LongG;
    case FormatMode::ShortE:
      return num::MatlabStyle::ShortE;
    case FormatMode::LongE:
      return num::MatlabStyle::LongE;
    case FormatMode::Short:
      return num::MatlabStyle::Short;
    case FormatMode::Long:
      return num::MatlabStyle::Long;
    default:
      return num::MatlabStyle::ShortG;
  }
}

// A number or array in a MATLAB mode; arrays span lines (no final newline). nullopt for the
// kinds the mode does not change.
// One struct field as MATLAB's struct display summarises it: numbers and short text in full,
// arrays and containers by their size and class, in MATLAB's words (`[8×93 double]`,
// `[1×1 struct]`, `{1×3 cell}`).
// `style` null: the default mode's numbers (⟨v⟩, §8.2).
std::string field_summary(const Value& value, const num::MatlabStyle* style) {
  switch (value.kind()) {
    case Kind::Scalar:
      return style ? num::matlab_number(value.scalar_value(), *style)
                   : num::format_shortest(value.scalar_value());
    case Kind::Complex:
      return style ? num::matlab_complex(value.complex_value(), *style)
                   : num::format_complex(value.complex_value());
    case Kind::Bool:
      return value.bool_value() ? "true" : "false";
    case Kind::String: {
      // MATLAB quotes a char field with single quotes and a string with double ones; rlab's
      // text is a string, in double ones.
      const char* quote = style && !value.is_string_class() ? "'" : "\"";
      return value.string_value().size() <= 60
                 ? quote + value.string_value() + quote
                 : fmt::format("[{}-character string]", value.element_count());
    }
    case Kind::Vector:
      return fmt::format("[1\u00d7{} {}]", value.matrix_value().size(),
                         value.is_logical() ? "logical" : "double");
    case Kind::Matrix:
      return fmt::format("[{}\u00d7{} {}]", value.matrix_value().rows(),
                         value.matrix_value().columns(), value.is_logical() ? "logical" : "double");
    case Kind::StringArray:
      if (value.is_string_class()) {
        const std::int64_t rows = value.string_array_rows();
        return fmt::format("[{}\u00d7{} string]", rows,
                           rows == 0 ? 0 : value.element_count() / rows);
      }
      return fmt::format("{{1\u00d7{} string array}}", value.string_array_value().size());
    case Kind::Struct:
      return "[1\u00d71 struct]";
    case Kind::StructArray:
      return fmt::format("[{} struct]", fmt::join(value.struct_array_dims(), "\u00d7"));
    case Kind::Cell:
      return fmt::format("{{{} cell}}", fmt::join(value.cell_value().dims(), "\u00d7"));
    default:
      return display(value);
  }
}

// MATLAB's struct layout: a header line, then one field per line, names right-aligned.
std::string struct_lines(const StructFields& fields, const num::MatlabStyle* style) {
  if (fields.empty()) return "struct with no fields";
  std::size_t width = 0;
  for (const auto& [name, field] : fields) width = std::max(width, name.size());
  std::string out = "struct with fields:";
  for (const auto& [name, field] : fields) {
    out += fmt::format("\n    {:>{}}: {}", name, width, field_summary(field, style));
  }
  return out;
}

// MATLAB's layout of a struct array: its size, then its field names one per line.
std::string struct_array_lines(const Value& array) {
  const std::vector<Value>& items = array.struct_array_items();
  std::string out =
      fmt::format("{} struct array with fields:", fmt::join(array.struct_array_dims(), "\u00d7"));
  for (const auto& [name, field] : items.front().struct_fields()) out += "\n    " + name;
  return out;
}

}  // namespace

std::string page_label(const num::Dims& dims, num::Index page) {
  std::string label = "ans(:,:";
  for (std::size_t k = 2; k < dims.size(); ++k) {
    label += fmt::format(",{}", page % dims[k] + 1);
    page /= dims[k];
  }
  return label + ")";
}

namespace {

// An N-D array as Octave shows one, without its blank lines (as llmlab shows a matrix): each
// page under its `ans(:,:,k) =` header, laid out by `show_page` on its own (Octave sizes each
// page's columns for that page); an empty array is `[](2x0x3)`.
template <class ShowPage>
std::string nd_pages(const Value& value, ShowPage show_page) {
  const num::NdArray& array = value.nd_value();
  if (array.empty()) return fmt::format("[]({})", fmt::join(array.dims(), "x"));
  std::string out;
  for (num::Index page = 0; page < array.page_count(); ++page) {
    if (page > 0) out += "\n";
    out += page_label(array.dims(), page);
    out += " =\n";
    std::string lines = show_page(Value::matrix(array.page(page), value.num_class()));
    if (!lines.empty() && lines.back() == '\n') lines.pop_back();
    out += lines;
  }
  return out;
}

std::optional<std::string> matlab_display(const Value& value, FormatMode mode, int width);

// `text` with `indent` spaces before each line.
std::string indented(std::string_view text, std::size_t indent) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string_view line =
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    out.append(indent, ' ');
    out += line;
    out.push_back('\n');
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  if (!out.empty()) out.pop_back();
  return out;
}

// A cell in Octave's layout, with MATLAB's layout for what it holds: `{`, then per element in
// column-major order `  [r,c] = v` (an array's rows, or a nested cell, on the lines below), then
// `}`; an empty cell is `{}(RxC)`.
std::string matlab_cell(const CellArray& cells, FormatMode mode, int width) {
  if (cells.items.empty()) return fmt::format("{{}}({})", fmt::join(cells.dims(), "x"));
  if (cells.is_nd()) {  // page by page, as append_cell_display lays an N-D cell out
    std::string out;
    for (num::Index page = 0; page < cell_page_count(cells); ++page) {
      out += fmt::format("{}{} =\n", page > 0 ? "\n" : "", page_label(cells.dims(), page));
      out += matlab_cell(cell_page(cells, page), mode, width);
    }
    return out;
  }
  std::string out = "{";
  for (num::Index c = 0; c < cells.columns; ++c) {
    for (num::Index r = 0; r < cells.rows; ++r) {
      const Value& item = cells.items[static_cast<std::size_t>(c * cells.rows + r)];
      const std::string shown = matlab_display(item, mode, width).value_or(display(item));
      const bool below = item.is(Kind::Cell) ? !item.cell_value().items.empty()
                                             : shown.find('\n') != std::string::npos ||
                                                   (item.is_array() && item.element_count() > 1);
      out += fmt::format("\n  [{},{}] =", r + 1, c + 1);
      if (below) {
        out += "\n" + indented(shown, 2);
      } else {
        out += " " + shown;
      }
    }
  }
  out += "\n}";
  return out;
}

// An array of an integer class in Octave's layout ("    1  -200    30"), whatever the mode.
std::string integer_array(const num::Matrix& values, NumClass cls, int width) {
  std::vector<std::string> cells;
  cells.reserve(static_cast<std::size_t>(values.size()));
  for (num::Index k = 0; k < values.size(); ++k) cells.push_back(integer_text(values[k], cls));
  std::string lines = num::matlab_text_array(cells, values.rows(), values.columns(), width);
  if (!lines.empty() && lines.back() == '\n') lines.pop_back();
  return lines;
}

std::optional<std::string> matlab_display(const Value& value, FormatMode mode, int width) {
  if (is_char_matrix(value)) return char_lines(value);
  if (value.is_string_class()) return string_class_lines(value);
  const NumClass cls = value.num_class();
  if (is_integer_class(cls) && value.is(Kind::Scalar))
    return integer_text(value.scalar_value(), cls);
  if (is_integer_class(cls) && value.is_array() && value.matrix_value().is_real()) {
    return integer_array(value.matrix_value(), cls, width);
  }
  num::MatlabStyle style = matlab_style(mode);
  if (cls == NumClass::Single && style == num::MatlabStyle::Long)
    style = num::MatlabStyle::LongSingle;
  const bool default_mode = mode == FormatMode::Short || mode == FormatMode::Long;
  switch (value.kind()) {
    case Kind::Bool:  // a logical scalar shows as 1 or 0 in the matlab dialect's short/long
      if (!default_mode) return std::nullopt;
      return std::string(value.bool_value() ? "1" : "0");
    case Kind::Struct:
      if (default_mode) return std::nullopt;  // structs keep their display (issue #26)
      return struct_lines(value.struct_fields(), &style);
    case Kind::Scalar:
      return num::matlab_number(value.scalar_value(), style);
    case Kind::Complex:
      return num::matlab_complex(value.complex_value(), style);
    case Kind::Vector:
    case Kind::Matrix: {
      std::string lines = num::matlab_array(value.matrix_value(), style, width, value.is_logical());
      if (!lines.empty() && lines.back() == '\n') lines.pop_back();
      return lines;
    }
    case Kind::NdArray:
      return nd_pages(value, [&](const Value& page) { return *matlab_display(page, mode, width); });
    case Kind::Cell:
      if (!default_mode) return std::nullopt;
      return matlab_cell(value.cell_value(), mode, width);
    case Kind::StringArray: {
      // A cell of texts is held as a string array: it shows as the cell it is to MATLAB code
      // (the empty one as `{}`, MATLAB's 0×0).
      if (!default_mode) return std::nullopt;
      std::vector<Value> items;
      for (const std::string& text : value.string_array_value()) {
        items.push_back(Value::string(text));
      }
      if (items.empty()) return std::string("{}(0x0)");
      return matlab_cell(CellArray::row(std::move(items)), mode, width);
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

bool matlab_layout(const Session& session) {
  const FormatMode mode = session.format_mode();
  return is_matlab_format(mode) || (session.dialect() == lang::Dialect::Matlab &&
                                    (mode == FormatMode::Short || mode == FormatMode::Long));
}

namespace {

// The echo and disp of a struct with more fields than this list them one per line (Octave's and
// MATLAB's layout) instead of rustlab's one-line `struct {...}`, in every rlab format mode (the
// MATLAB modes have their own struct layout); no struct in a program of rustlab's curriculum has
// as many, so what those programs print is unchanged.
constexpr std::size_t kInlineStructFields = 8;

// So does a struct with a field whose ⟨v⟩ spans lines (a matrix, a tensor, a cell, a struct
// holding one): inside `struct {...}` it would show a matrix's corner across a dozen lines
// (issue #30). No struct the curriculum prints holds one.
bool spans_lines(const Value& field) { return display(field).find('\n') != std::string::npos; }

bool shows_struct_lines(const Value& value, const Session& session) {
  if (!value.is(Kind::Struct) || is_matlab_format(session.format_mode())) return false;
  const StructFields& fields = value.struct_fields();
  return fields.size() > kInlineStructFields ||
         std::any_of(fields.begin(), fields.end(),
                     [](const auto& field) { return spans_lines(field.second); });
}

// The default mode's display with the session's shown rows and columns.
std::string limited_display(const Value& value, const Session& session) {
  const num::ShownLimits limits{session.shown_rows(), session.shown_columns()};
  if (value.is(Kind::Vector)) {
    return num::format_vector(value.matrix_value(), num::NumberStyle::Short, limits);
  }
  if (value.is(Kind::Matrix) && !is_char_matrix(value)) {
    return num::format_matrix(value.matrix_value(), num::NumberStyle::Short, limits);
  }
  return display(value);
}

// MATLAB's header line of a struct array, with the field names the elements share (in
// ascending order).
void append_struct_array(std::string& out, const Value& array) {
  const std::vector<Value>& items = array.struct_array_items();
  out += fmt::format("{} struct array", fmt::join(array.struct_array_dims(), "\u00d7"));
  if (items.empty() || items.front().struct_fields().empty()) return;
  out += " with fields: ";
  bool first = true;
  for (const auto& [name, field] : items.front().struct_fields()) {
    if (!first) out += ", ";
    out += name;
    first = false;
  }
}

void append_tuple(std::string& out, const std::vector<Value>& items) {
  out.push_back('(');
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    append_display(out, items[i]);
  }
  out.push_back(')');
}

}  // namespace

void append_display(std::string& out, const Value& value) {
  switch (value.kind()) {
    case Kind::None:
      out += "None";
      return;
    case Kind::Scalar:
      out += num::format_shortest(value.scalar_value());
      return;
    case Kind::Complex:
      out += num::format_complex(value.complex_value());
      return;
    case Kind::Bool:
      out += value.bool_value() ? "true" : "false";
      return;
    case Kind::String:
      out += value.string_value();
      return;
    case Kind::StringArray:
      append_string_array(out, value.string_array_value());
      return;
    case Kind::Vector:
      out += num::format_vector(value.matrix_value());
      return;
    case Kind::Matrix:
      out += is_char_matrix(value) ? char_lines(value) : num::format_matrix(value.matrix_value());
      return;
    case Kind::Struct:
      append_struct(out, value.struct_fields());
      return;
    case Kind::StructArray:
      append_struct_array(out, value);
      return;
    case Kind::Tuple:
      append_tuple(out, value.tuple_items());
      return;
    case Kind::Lambda:
      append_lambda(out, value.lambda_value());
      return;
    case Kind::FunctionHandle:
      out.push_back('@');
      out += value.handle_name();
      return;
    case Kind::AllIndex:
      out.push_back(':');
      return;
    case Kind::Object:
      out += value.object_value()->display();
      return;
    case Kind::Tracked:
      append_display(out, primal_of(value));
      return;
    case Kind::Cell:
      append_cell_display(out, value.cell_value());
      return;
    case Kind::NdArray:
      out += nd_pages(value, [](const Value& page) { return display(page); });
      return;
  }
}

std::string display(const Value& value) {
  // Strings are the common case of print labels: skip the generic path.
  if (value.kind() == Kind::String) return value.string_value();
  std::string out;
  append_display(out, value);
  return out;
}

std::string display_joined(std::span<const Value> values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out.push_back(' ');
    append_display(out, values[i]);
  }
  return out;
}

std::string echo_display(const Value& value, FormatMode mode) {
  if (value.is(Kind::Tracked)) return echo_display(primal_of(value), mode);
  if (mode == FormatMode::Short) return display(value);
  if (is_matlab_format(mode)) {
    if (std::optional<std::string> text = matlab_display(value, mode, 80)) return *std::move(text);
    return display(value);
  }
  const num::NumberStyle style = number_style(mode);
  switch (value.kind()) {
    case Kind::Scalar:
      return num::format_scalar(value.scalar_value(), style);
    case Kind::Complex:
      return num::format_complex(value.complex_value(), style);
    case Kind::Vector:
      return num::format_vector(value.matrix_value(), style);
    case Kind::Matrix:
      if (is_char_matrix(value)) return display(value);
      return num::format_matrix(value.matrix_value(), style);
    default:
      return display(value);
  }
}

namespace {

// matlab code shows a struct, and a struct array, in MATLAB's layout in every format mode.
bool shows_matlab_struct(const Value& value, const Session& session) {
  return session.dialect() == lang::Dialect::Matlab &&
         (value.is(Kind::Struct) ||
          (value.is(Kind::StructArray) && !value.struct_array_items().empty()));
}

std::optional<std::string> matlab_struct_display(const Value& value, const Session& session) {
  if (!shows_matlab_struct(value, session)) return std::nullopt;
  if (value.is(Kind::Struct)) {
    const num::MatlabStyle style = matlab_style(session.format_mode());
    return struct_lines(value.struct_fields(), &style);
  }
  return struct_array_lines(value);
}

// What echo and disp both show under the session's format; nullopt where they differ: rlab's
// long, hex and commas formats change the echo but never disp (§8.5).
std::optional<std::string> shared_display(const Value& value, const Session& session) {
  const FormatMode mode = session.format_mode();
  if (std::optional<std::string> text = matlab_struct_display(value, session)) return text;
  if (matlab_layout(session)) {
    if (std::optional<std::string> text =
            matlab_display(primal_of(value), mode, session.display_width())) {
      return text;
    }
  }
  if (shows_struct_lines(value, session)) return struct_lines(value.struct_fields(), nullptr);
  if (mode == FormatMode::Short) return limited_display(value, session);
  if (is_matlab_format(mode)) {
    if (std::optional<std::string> text = matlab_display(value, mode, session.display_width())) {
      return text;
    }
    return display(value);
  }
  return std::nullopt;
}

}  // namespace

std::string echo_display(const Value& value, const Session& session) {
  if (std::optional<std::string> text = shared_display(value, session)) return *std::move(text);
  return echo_display(value, session.format_mode());
}

std::string disp_display(const Value& value, const Session& session) {
  if (value.is_string_class()) {  // disp shows a string's text without quotes
    if (value.is(Kind::String)) return value.string_value();
    return value.element_count() == 0 ? std::string() : string_class_lines(value);
  }
  if (std::optional<std::string> text = shared_display(value, session)) return *std::move(text);
  return display(value);
}

std::string echo(std::string_view name, const Value& value, const Session& session) {
  if (value.is_string_class()) return string_class_echo(name, value);
  std::string out(name);
  const std::string shown = echo_display(value, session);
  // MATLAB's array layout starts on the line after `x =`.
  const bool matlab_lines =
      matlab_layout(session) &&
      (((value.is_array() || value.is_nd_array()) && value.element_count() > 0) ||
       (value.is(Kind::Cell) && !value.cell_value().items.empty()) ||
       (value.is(Kind::StringArray) && !value.string_array_value().empty()) ||
       (value.is(Kind::Struct) && is_matlab_format(session.format_mode())) ||
       shows_matlab_struct(value, session));
  // So do an N-D array's pages, in both dialects.
  const bool pages =
      (value.is_nd_array() || (value.is(Kind::Cell) && value.cell_value().is_nd())) &&
      value.element_count() > 0;
  if (matlab_lines || pages || shows_struct_lines(value, session)) {
    out += " =\n";
  } else {
    out += " = ";
  }
  out += shown;
  out.push_back('\n');
  return out;
}

std::string echo_element_write(std::string_view name, std::span<const std::int64_t> subscripts,
                               num::Complex value) {
  return fmt::format("{}({}) = {}\n", name, fmt::join(subscripts, ","), num::format_complex(value));
}

std::string echo_row_write(std::string_view name, std::int64_t row, const num::Matrix& values) {
  std::string out = fmt::format("{}({}) = [", name, row);
  for (num::Index i = 0; i < values.size(); ++i) {
    if (i > 0) out += ", ";
    out += num::format_complex(values.complex_at(i));
  }
  out += "]\n";
  return out;
}

std::string echo_positions_updated(std::string_view name, std::int64_t count) {
  return fmt::format("{}(...) = (vector positions {} updated)\n", name, count);
}

std::string echo_region_updated(std::string_view name, std::int64_t rows, std::int64_t columns) {
  return fmt::format("{}(...) = (region {}\u00d7{} updated)\n", name, rows, columns);
}

}  // namespace llmlab::runtime
