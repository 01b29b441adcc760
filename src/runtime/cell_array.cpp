// Cell arrays (language.md §13.12). Storage is column-major, so one subscript is MATLAB's linear
// position; a 1×N or N×1 cell grows along its long side, an empty one as a row.
#include "runtime/cell_array.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>

#include "base/error.hpp"
#include "base/messages/indexing.hpp"
#include "runtime/display.hpp"
#include "runtime/indexing.hpp"
#include "runtime/nd_cells.hpp"
#include "runtime/nd_indexing.hpp"

namespace llmlab::runtime {

namespace {

using Index = num::Index;

// The 0-based positions one subscript selects in a dimension of `extent` elements.
std::vector<Index> positions_of(const Value& subscript, Index extent) {
  Subscript resolved = resolve_subscript(subscript);
  if (!resolved.all) return std::move(resolved.positions);
  std::vector<Index> all(static_cast<std::size_t>(extent));
  for (Index k = 0; k < extent; ++k) all[static_cast<std::size_t>(k)] = k;
  return all;
}

void check_count(std::span<const Value> subscripts) {
  if (subscripts.empty() || subscripts.size() > 2) {
    throw Error(fmt::format(messages::cell_subscript_count, subscripts.size()));
  }
}

// Linear positions (column-major) of the elements the subscripts select; every one must exist.
std::vector<Index> read_positions(const CellArray& cells, std::span<const Value> subscripts) {
  check_count(subscripts);
  const Index count = static_cast<Index>(cells.items.size());
  std::vector<Index> out;
  if (subscripts.size() == 1) {
    out = positions_of(subscripts[0], count);
    for (const Index p : out) {
      if (p >= count) {
        throw Error(fmt::format(messages::cell_index_out_of_bounds, p + 1, count));
      }
    }
    return out;
  }
  const std::vector<Index> rows = positions_of(subscripts[0], cells.rows);
  const std::vector<Index> columns = positions_of(subscripts[1], cells.columns);
  for (const Index c : columns) {
    for (const Index r : rows) {
      if (r >= cells.rows || c >= cells.columns) {
        throw Error(fmt::format(messages::cell_index_pair_out_of_bounds, r + 1, c + 1, cells.rows,
                                cells.columns));
      }
      out.push_back(c * cells.rows + r);
    }
  }
  return out;
}

// Resizes to rows × columns, keeping every element at its (row, column), new ones `[]`.
void resize(CellArray& cells, Index rows, Index columns) {
  if (rows == cells.rows && columns == cells.columns) return;
  std::vector<Value> items(static_cast<std::size_t>(rows * columns),
                           Value::matrix(num::Matrix(0, 0)));
  for (Index c = 0; c < std::min(columns, cells.columns); ++c) {
    for (Index r = 0; r < std::min(rows, cells.rows); ++r) {
      items[static_cast<std::size_t>(c * rows + r)] =
          std::move(cells.items[static_cast<std::size_t>(c * cells.rows + r)]);
    }
  }
  cells.items = std::move(items);
  cells.rows = rows;
  cells.columns = columns;
}

// Linear positions for a write, growing the cell so that every one exists.
std::vector<Index> write_positions(CellArray& cells, std::string_view name,
                                   std::span<const Value> subscripts) {
  check_count(subscripts);
  std::vector<Index> out;
  if (subscripts.size() == 1) {
    out = positions_of(subscripts[0], static_cast<Index>(cells.items.size()));
    Index largest = -1;
    for (const Index p : out) largest = std::max(largest, p);
    const Index count = static_cast<Index>(cells.items.size());
    if (largest >= count) {
      if (cells.items.empty() || cells.rows == 1) {
        resize(cells, 1, largest + 1);
      } else if (cells.columns == 1) {
        resize(cells, largest + 1, 1);
      } else {
        throw Error(fmt::format(messages::cell_linear_index_cannot_grow, name, largest + 1,
                                cells.rows, cells.columns));
      }
    }
    return out;
  }
  const std::vector<Index> rows = positions_of(subscripts[0], cells.rows);
  const std::vector<Index> columns = positions_of(subscripts[1], cells.columns);
  Index need_rows = cells.rows, need_columns = cells.columns;
  for (const Index r : rows) need_rows = std::max(need_rows, r + 1);
  for (const Index c : columns) need_columns = std::max(need_columns, c + 1);
  resize(cells, need_rows, need_columns);
  for (const Index c : columns) {
    for (const Index r : rows) out.push_back(c * cells.rows + r);
  }
  return out;
}

// The cell an assignment writes into: the target itself, or a new empty one.
CellArray& cell_target(Value& target, bool defined, std::string_view name) {
  // `[]` and `{}` (an empty string array in rlab) both start a cell.
  const bool empty = (target.is_array() && target.matrix_value().empty()) ||
                     (target.is(Kind::StringArray) && target.string_array_value().empty());
  if (!defined || empty || target.is_none()) {
    target = Value::cell(CellArray{});
  } else if (!target.is(Kind::Cell)) {
    throw Error(fmt::format(messages::brace_target_not_cell, name, target.kind_name()));
  }
  return target.mutable_cell();
}

}  // namespace

std::optional<Index> cell_brace_position(const Value& cell, std::string_view name,
                                         std::span<const Value> subscripts) {
  const CellArray empty;
  const CellArray& cells = cell.is(Kind::Cell) ? cell.cell_value() : empty;
  if (is_nd_cell_index(cells, subscripts.size())) return nd_cell_position(cells, subscripts);
  check_count(subscripts);
  const auto count = static_cast<Index>(cells.items.size());
  std::vector<Index> rows, columns;
  if (subscripts.size() == 1) {
    rows = positions_of(subscripts[0], count);
    columns = {0};
  } else {
    rows = positions_of(subscripts[0], cells.rows);
    columns = positions_of(subscripts[1], cells.columns);
  }
  if (rows.size() * columns.size() != 1) {
    throw Error(fmt::format(messages::brace_target_selects_count, rows.size() * columns.size()));
  }
  if (subscripts.size() == 1) {
    if (rows[0] < count) return rows[0];
    if (cells.rows > 1 && cells.columns > 1) {
      throw Error(fmt::format(messages::cell_linear_index_cannot_grow, name, rows[0] + 1,
                              cells.rows, cells.columns));
    }
    return std::nullopt;
  }
  if (rows[0] < cells.rows && columns[0] < cells.columns) return columns[0] * cells.rows + rows[0];
  return std::nullopt;
}

Value cell_brace_read(const Value& cell, std::span<const Value> subscripts) {
  const CellArray& cells = cell.cell_value();
  if (is_nd_cell_index(cells, subscripts.size())) return nd_cell_brace_read(cells, subscripts);
  const std::vector<Index> positions = read_positions(cells, subscripts);
  if (positions.size() != 1) {
    throw Error(fmt::format(messages::brace_selects_several, positions.size()));
  }
  return cells.items[static_cast<std::size_t>(positions.front())];
}

Value cell_paren_read(const Value& cell, std::span<const Value> subscripts) {
  const CellArray& cells = cell.cell_value();
  if (is_nd_cell_index(cells, subscripts.size())) return nd_cell_paren_read(cells, subscripts);
  const std::vector<Index> positions = read_positions(cells, subscripts);
  CellArray out;
  if (subscripts.size() == 2) {
    out.rows = static_cast<Index>(positions_of(subscripts[0], cells.rows).size());
    out.columns = out.rows == 0 ? 0 : static_cast<Index>(positions.size()) / out.rows;
  } else {
    // MATLAB keeps a column cell a column; every other selection is a row.
    const bool column = cells.columns == 1 && cells.rows > 1;
    out.rows = column ? static_cast<Index>(positions.size()) : (positions.empty() ? 0 : 1);
    out.columns = column ? 1 : static_cast<Index>(positions.size());
  }
  for (const Index p : positions) out.items.push_back(cells.items[static_cast<std::size_t>(p)]);
  if (out.items.empty()) out.rows = out.columns = 0;
  return Value::cell(std::move(out));
}

void cell_brace_assign(Value& target, bool defined, std::string_view name,
                       std::span<const Value> subscripts, Value rhs) {
  // Every check comes before the first change, so a failing write leaves the target as it was.
  for (const Value& subscript : subscripts) {
    const Subscript resolved = resolve_subscript(subscript);
    if (resolved.all || resolved.positions.size() != 1) {
      throw Error(fmt::format(messages::brace_assignment_selects_several, name));
    }
  }
  CellArray& cells = cell_target(target, defined, name);
  if (is_nd_cell_index(cells, subscripts.size())) {
    nd_cell_assign(cells, subscripts, CellArray::row({std::move(rhs)}));
    return;
  }
  const std::vector<Index> positions = write_positions(cells, name, subscripts);
  cells.items[static_cast<std::size_t>(positions.front())] = std::move(rhs);
}

void cell_paren_assign(Value& target, bool defined, std::string_view name,
                       std::span<const Value> subscripts, const Value& rhs) {
  if (!rhs.is(Kind::Cell)) {
    throw Error(fmt::format(messages::cell_assignment_needs_cell, name, name));
  }
  Value staged = defined ? target : Value();
  CellArray& cells = cell_target(staged, defined, name);
  if (is_nd_cell_index(cells, subscripts.size())) {
    nd_cell_assign(cells, subscripts, rhs.cell_value());
    target = std::move(staged);
    return;
  }
  const std::vector<Index> positions = write_positions(cells, name, subscripts);
  const std::vector<Value>& values = rhs.cell_value().items;
  if (values.size() != 1 && values.size() != positions.size()) {
    throw Error(fmt::format(messages::cell_assignment_count_mismatch, name, positions.size(),
                            values.size()));
  }
  for (std::size_t k = 0; k < positions.size(); ++k) {
    cells.items[static_cast<std::size_t>(positions[k])] = values[values.size() == 1 ? 0 : k];
  }
  target = std::move(staged);
}

void cell_delete(Value& target, std::span<const Value> subscripts) {
  CellArray cells = target.cell_value();
  if (is_nd_cell_index(cells, subscripts.size())) {
    nd_cell_delete(cells, subscripts);
    target = Value::cell(std::move(cells));
    return;
  }
  check_count(subscripts);
  if (subscripts.size() == 1) {
    std::vector<Index> doomed = read_positions(cells, subscripts);
    std::vector<bool> remove(cells.items.size(), false);
    for (const Index p : doomed) remove[static_cast<std::size_t>(p)] = true;
    std::vector<Value> kept;
    for (std::size_t k = 0; k < cells.items.size(); ++k) {
      if (!remove[k]) kept.push_back(std::move(cells.items[k]));
    }
    const bool column = cells.columns == 1 && cells.rows > 1;
    const Index n = static_cast<Index>(kept.size());
    cells.items = std::move(kept);
    cells.rows = column ? n : (n == 0 ? 0 : 1);
    cells.columns = column ? 1 : n;
    if (n == 0) cells.rows = cells.columns = 0;
    target = Value::cell(std::move(cells));
    return;
  }
  const bool all_rows = resolve_subscript(subscripts[0]).all;
  const bool all_columns = resolve_subscript(subscripts[1]).all;
  if (!all_rows && !all_columns) {
    throw Error(std::string(messages::cell_deletion_needs_colon));
  }
  const bool by_column = all_rows;
  const std::vector<Index> doomed =
      positions_of(subscripts[by_column ? 1 : 0], by_column ? cells.columns : cells.rows);
  const Index extent = by_column ? cells.columns : cells.rows;
  std::vector<bool> remove(static_cast<std::size_t>(extent), false);
  for (const Index p : doomed) {
    if (p >= extent) throw Error(fmt::format(messages::deletion_index_out_of_bounds, p + 1));
    remove[static_cast<std::size_t>(p)] = true;
  }
  CellArray out;
  for (Index c = 0; c < cells.columns; ++c) {
    if (by_column && remove[static_cast<std::size_t>(c)]) continue;
    for (Index r = 0; r < cells.rows; ++r) {
      if (!by_column && remove[static_cast<std::size_t>(r)]) continue;
      out.items.push_back(cells.items[static_cast<std::size_t>(c * cells.rows + r)]);
    }
  }
  Index kept_extent = 0;
  for (const bool gone : remove) kept_extent += gone ? 0 : 1;
  out.rows = by_column ? cells.rows : kept_extent;
  out.columns = by_column ? kept_extent : cells.columns;
  if (out.items.empty()) out.rows = out.columns = 0;
  target = Value::cell(std::move(out));
}

Index cell_page_count(const CellArray& cells) {
  Index count = 1;
  for (const Index extent : cells.higher) count *= extent;
  return count;
}

CellArray cell_page(const CellArray& cells, Index page) {
  const Index size = cells.rows * cells.columns;
  const auto first = cells.items.begin() + static_cast<std::ptrdiff_t>(page * size);
  CellArray out;
  out.rows = cells.rows;
  out.columns = cells.columns;
  out.items.assign(first, first + static_cast<std::ptrdiff_t>(size));
  return out;
}

double cell_end_value(const CellArray& cells, int position, int count) {
  if (is_nd_cell_index(cells, static_cast<std::size_t>(count))) {
    return nd_end_value(cells.dims(), position, count);
  }
  if (count == 1) return static_cast<double>(cells.items.size());
  return static_cast<double>(position == 0 ? cells.rows : cells.columns);
}

void append_cell_display(std::string& out, const CellArray& cells) {
  if (cells.items.empty()) {
    out += fmt::format("{{}}({})", fmt::join(cells.dims(), "x"));
    return;
  }
  if (cells.is_nd()) {
    for (Index page = 0; page < cell_page_count(cells); ++page) {
      out += fmt::format("{}{} =\n", page > 0 ? "\n" : "", page_label(cells.dims(), page));
      append_cell_display(out, cell_page(cells, page));
    }
    return;
  }
  out += "{";
  for (Index c = 0; c < cells.columns; ++c) {
    for (Index r = 0; r < cells.rows; ++r) {
      out += fmt::format("\n  [{},{}] = ", r + 1, c + 1);
      append_display(out, cells.items[static_cast<std::size_t>(c * cells.rows + r)]);
    }
  }
  out += "\n}";
}

CellArray cell_of_texts(const std::vector<std::string>& texts) {
  std::vector<Value> items;
  items.reserve(texts.size());
  for (const std::string& text : texts) items.push_back(Value::string(text));
  return CellArray::row(std::move(items));
}

bool is_text_cell(const Value& value) {
  if (!value.is(Kind::Cell)) return false;
  const std::vector<Value>& items = value.cell_value().items;
  return std::all_of(items.begin(), items.end(), [](const Value& v) { return v.is(Kind::String); });
}

namespace {

// A rows × columns cell of texts (they are in column-major order).
Value text_cell(std::vector<std::string> texts, std::int64_t rows, std::int64_t columns) {
  CellArray cells;
  cells.rows = rows;
  cells.columns = columns;
  cells.items.reserve(texts.size());
  for (std::string& text : texts) cells.items.push_back(Value::string(std::move(text)));
  return Value::cell(std::move(cells));
}

}  // namespace

Value texts_shaped_like(const Value& like, std::vector<std::string> texts) {
  if (like.is_string_class()) {  // MATLAB's string array keeps its rows
    const std::int64_t rows = like.is(Kind::StringArray) ? like.string_array_rows() : 1;
    return Value::string_matrix(std::move(texts), rows);
  }
  if (!like.is(Kind::Cell)) return Value::string_array(std::move(texts));
  std::vector<Value> items;
  items.reserve(texts.size());
  for (std::string& text : texts) items.push_back(Value::string(std::move(text)));
  return Value::cell(CellArray::shaped(like.cell_value().dims(), std::move(items)));
}

Value column_of_texts(std::vector<std::string> texts) {
  const auto count = static_cast<std::int64_t>(texts.size());
  return text_cell(std::move(texts), count, 1);
}

Value texts_as_column(Value result) {
  if (result.is(Kind::Tuple)) {
    std::vector<Value> outputs = result.tuple_items();
    outputs[0] = texts_as_column(std::move(outputs[0]));
    return Value::tuple(std::move(outputs));
  }
  if (!result.is(Kind::StringArray)) return result;
  return column_of_texts(result.string_array_value());
}

Value concatenate_cells(std::span<const Value> parts, bool vertical) {
  const bool any_nd = std::any_of(parts.begin(), parts.end(), [](const Value& part) {
    return part.is(Kind::Cell) && part.cell_value().is_nd();
  });
  if (any_nd) return concatenate_cells_along(vertical ? 0 : 1, parts);
  CellArray out;
  for (const Value& part : parts) {
    CellArray piece = part.is(Kind::Cell) ? part.cell_value() : CellArray::row({part});
    if (piece.items.empty()) continue;
    if (out.items.empty()) {
      out = std::move(piece);
      continue;
    }
    if (vertical) {
      if (piece.columns != out.columns) {
        throw Error(
            fmt::format(messages::cell_vertical_concatenation_columns, out.columns, piece.columns));
      }
      CellArray joined;
      joined.rows = out.rows + piece.rows;
      joined.columns = out.columns;
      for (Index c = 0; c < out.columns; ++c) {
        for (Index r = 0; r < out.rows; ++r) {
          joined.items.push_back(out.items[static_cast<std::size_t>(c * out.rows + r)]);
        }
        for (Index r = 0; r < piece.rows; ++r) {
          joined.items.push_back(piece.items[static_cast<std::size_t>(c * piece.rows + r)]);
        }
      }
      out = std::move(joined);
    } else {
      if (piece.rows != out.rows) {
        throw Error(
            fmt::format(messages::cell_horizontal_concatenation_rows, out.rows, piece.rows));
      }
      out.columns += piece.columns;
      for (Value& item : piece.items) out.items.push_back(std::move(item));
    }
  }
  return Value::cell(std::move(out));
}

}  // namespace llmlab::runtime
