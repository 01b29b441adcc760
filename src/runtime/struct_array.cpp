// Struct arrays (struct_array.hpp): reads, element writes with growth, and deletion, with the
// positions of §6.1 over the array's one dimension.
#include "runtime/struct_array.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string>

#include "base/error.hpp"
#include "runtime/display.hpp"

namespace llmlab::runtime {

namespace {

using num::Index;

// The positions one subscript (or (1, k)) selects in an array of `count` elements.
std::vector<Index> positions_of(std::span<const Value> subscripts, Index count, bool& was_scalar) {
  if (subscripts.size() == 2) {
    const Subscript rows = resolve_subscript(subscripts[0]);
    const bool first_row = rows.all || (rows.positions.size() == 1 && rows.positions[0] == 0);
    if (!first_row) throw Error("a struct array has one row: index it as s(k) or s(1, k)");
    subscripts = subscripts.subspan(1);
  }
  if (subscripts.size() != 1) {
    throw Error(
        fmt::format("struct array indexing takes 1 or 2 subscripts, got {}", subscripts.size()));
  }
  const Subscript s = resolve_subscript(subscripts[0]);
  was_scalar = s.scalar;
  if (s.all) {
    std::vector<Index> all(static_cast<std::size_t>(count));
    for (Index k = 0; k < count; ++k) all[static_cast<std::size_t>(k)] = k;
    return all;
  }
  return s.positions;
}

}  // namespace

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
  const std::vector<Value> items = struct_elements(container);
  const Index count = static_cast<Index>(items.size());
  bool scalar = false;
  const std::vector<Index> positions = positions_of(subscripts, count, scalar);
  std::vector<Value> picked;
  for (const Index p : positions) {
    if (p >= count) throw Error(fmt::format("index {} out of bounds (length {})", p + 1, count));
    picked.push_back(items[static_cast<std::size_t>(p)]);
  }
  if (scalar) return picked.front();
  if (picked.size() == 1) return picked.front();
  return Value::struct_array(std::move(picked));
}

Index single_struct_position(std::span<const Value> subscripts) {
  bool scalar = false;
  const std::vector<Index> positions = positions_of(subscripts, 0, scalar);
  if (positions.size() != 1) {
    throw Error("a field assignment into a struct array needs one element: s(k).name = value");
  }
  return positions.front();
}

AssignEcho struct_array_assign(Value& target, bool defined, std::string_view name,
                               std::span<const Value> subscripts, const Value& rhs) {
  const bool empty_array = defined && target.is_array() && target.matrix_value().empty();
  if (defined && !empty_array && !is_struct_like(target)) {
    throw Error(
        fmt::format("index assignment: right-hand side must be scalar, complex, or vector; "
                    "got {}",
                    rhs.kind_name()));
  }
  if (!is_struct_like(rhs)) {
    throw Error(
        fmt::format("index assignment: an element of struct array '{}' must be a struct, "
                    "got {}",
                    name, rhs.kind_name()));
  }
  std::vector<Value> items =
      defined && !empty_array ? struct_elements(target) : std::vector<Value>{};
  bool scalar = false;
  const std::vector<Index> positions =
      positions_of(subscripts, static_cast<Index>(items.size()), scalar);
  const std::vector<Value> sources = struct_elements(rhs);
  if (sources.size() != 1 && sources.size() != positions.size()) {
    throw Error(fmt::format("index assignment: {} structs for {} positions", sources.size(),
                            positions.size()));
  }
  std::vector<Value> model = items;
  model.insert(model.end(), sources.begin(), sources.end());
  const Value filler = empty_like(model);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const auto p = static_cast<std::size_t>(positions[k]);
    if (p >= items.size()) items.resize(p + 1, filler);
    items[p] = sources[sources.size() == 1 ? 0 : k];
  }
  target = make_struct_array(std::move(items));
  AssignEcho echo;
  echo.form = AssignEcho::Form::Whole;
  echo.text = display(target);
  return echo;
}

void struct_array_delete(Value& target, std::span<const Value> subscripts) {
  std::vector<Value> items = struct_elements(target);
  bool scalar = false;
  const std::vector<Index> positions =
      positions_of(subscripts, static_cast<Index>(items.size()), scalar);
  std::vector<bool> removed(items.size(), false);
  for (const Index p : positions) {
    if (p >= static_cast<Index>(items.size())) {
      throw Error(fmt::format("index {} out of bounds (length {})", p + 1, items.size()));
    }
    removed[static_cast<std::size_t>(p)] = true;
  }
  std::vector<Value> kept;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (!removed[k]) kept.push_back(std::move(items[k]));
  }
  target = Value::struct_array(std::move(kept));
}

}  // namespace llmlab::runtime
