// Struct arrays (struct_array.hpp): reads, element writes with growth, and deletion. The
// elements go through the cell rules (cell_array.hpp, nd_cells.hpp) as a cell of the array's
// shape, so a struct array takes every subscript form a cell takes.
#include "runtime/struct_array.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string>

#include "base/error.hpp"
#include "base/messages/indexing.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/display.hpp"
#include "runtime/nd_cells.hpp"

namespace llmlab::runtime {

namespace {

using num::Index;

// `[]` where a cell growth left it, as an element with every field of the others, [].
std::vector<Value> filled(std::vector<Value> items) {
  std::vector<Value> structs;
  for (const Value& item : items) {
    if (item.is(Kind::Struct)) structs.push_back(item);
  }
  const Value filler = empty_like(structs);
  for (Value& item : items) {
    if (!item.is(Kind::Struct)) item = filler;
  }
  unify_struct_fields(items);
  return items;
}

}  // namespace

CellArray struct_cells(const Value& value) {
  if (value.is(Kind::StructArray)) {
    return CellArray::shaped(value.struct_array_dims(), value.struct_array_items());
  }
  if (value.is(Kind::Struct)) return CellArray::row({value});
  return CellArray{};
}

Value struct_array_of(const CellArray& cells) {
  return Value::struct_array(filled(cells.items), cells.dims());
}

std::vector<Value> struct_elements(const Value& value) {
  if (value.is(Kind::Struct)) return {value};
  if (value.is(Kind::StructArray)) return value.struct_array_items();
  return {};
}

Value empty_like(const std::vector<Value>& model) {
  Value element = Value::structure();
  for (const Value& item : model) {
    for (const auto& entry : item.struct_fields()) {
      if (!element.field(entry.first))
        element.set_field(entry.first, Value::vector(num::Matrix(1, 0)));
    }
  }
  return element;
}

void unify_struct_fields(std::vector<Value>& elements) {
  std::set<std::string, std::less<>> names;
  for (const Value& item : elements) {
    for (const auto& entry : item.struct_fields()) names.insert(entry.first);
  }
  for (Value& item : elements) {
    for (const std::string& name : names) {
      if (!item.field(name)) item.set_field(name, Value::vector(num::Matrix(1, 0)));
    }
  }
}

Value make_struct_array(std::vector<Value> elements) {
  unify_struct_fields(elements);
  return Value::struct_array(std::move(elements));
}

Value struct_array_read(const Value& container, std::span<const Value> subscripts) {
  const CellArray cells = struct_cells(container);
  // The N-D read gives MATLAB's shapes for one subscript too (s(:) a column).
  const Value picked = subscripts.size() == 1 || is_nd_cell_index(cells, subscripts.size())
                           ? nd_cell_paren_read(cells, subscripts)
                           : cell_paren_read(Value::cell(cells), subscripts);
  return struct_array_of(picked.cell_value());
}

std::optional<Index> struct_position(const Value& container, std::span<const Value> subscripts) {
  const CellArray cells = struct_cells(container);
  if (subscripts.size() == 1) {
    const Subscript s = resolve_subscript(subscripts[0]);
    if (s.all || s.positions.size() != 1) {
      throw Error(std::string(messages::struct_array_field_assignment));
    }
    const Index at = s.positions[0];
    if (at < static_cast<Index>(cells.items.size())) return at;
    return std::nullopt;
  }
  return nd_cell_position(cells, subscripts);
}

Value struct_array_grown(const Value& container, bool defined, std::span<const Value> subscripts,
                         Value element) {
  Value cells = Value::cell(defined ? struct_cells(container) : CellArray{});
  cell_paren_assign(cells, true, "struct array", subscripts,
                    Value::cell(CellArray::row({std::move(element)})));
  return struct_array_of(cells.cell_value());
}

AssignEcho struct_array_assign(Value& target, bool defined, std::string_view name,
                               std::span<const Value> subscripts, const Value& rhs) {
  const bool empty_array = defined && target.is_array() && target.matrix_value().empty();
  if (defined && !empty_array && !is_struct_like(target)) {
    throw Error(fmt::format(messages::assignment_needs_vector, rhs.kind_name()));
  }
  if (!is_struct_like(rhs)) {
    throw Error(fmt::format(messages::assignment_struct_element_kind, name, rhs.kind_name()));
  }
  Value cells = Value::cell(defined && !empty_array ? struct_cells(target) : CellArray{});
  cell_paren_assign(cells, true, name, subscripts, Value::cell(struct_cells(rhs)));
  target = struct_array_of(cells.cell_value());
  AssignEcho echo;
  echo.form = AssignEcho::Form::Whole;
  echo.text = display(target);
  return echo;
}

void struct_array_delete(Value& target, std::span<const Value> subscripts) {
  Value cells = Value::cell(struct_cells(target));
  cell_delete(cells, subscripts);
  target = struct_array_of(cells.cell_value());
}

}  // namespace llmlab::runtime
