// builtins.md §10 Types, structs and predicates: struct and its field functions (isstruct,
// isfield, rmfield, fieldnames, getfield, setfield, orderfields, numfields, struct2cell,
// cell2struct, structfun) and iscell.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/cells_structs.hpp"
#include "base/messages/language.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/display.hpp"
#include "runtime/literals.hpp"
#include "runtime/operators.hpp"
#include "runtime/printf.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// struct("f1", v1, ...). A cell value (MATLAB's form; rlab's {} of strings is a string array,
// a value as before) makes a struct array of the cell's shape, one element per cell element,
// where a one-element cell and any other value go to every element: struct("name", {"a", 1})
// is 1×2, struct("name", {"a"; 1}) 2×1.
Value make_struct(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) {
    // struct([]) is MATLAB's empty struct array.
    if (call.count() == 1 && call.value(0).is_array() && call.value(0).matrix_value().empty()) {
      return Value::struct_array({});
    }
    // A cell of texts ({} included) is a cell in matlab code: one element per text.
    const bool any_texts = std::any_of(call.arguments().begin(), call.arguments().end(),
                                       [](const Value& v) { return v.is(Kind::StringArray); });
    if (any_texts && call.count() % 2 == 0) {
      std::vector<Value> arguments(call.arguments().begin(), call.arguments().end());
      for (std::size_t k = 1; k < arguments.size(); k += 2) {
        if (!arguments[k].is(Kind::StringArray)) continue;
        arguments[k] = Value::cell(runtime::cell_of_texts(arguments[k].string_array_value()));
      }
      runtime::Call cells(call.interpreter(), call.name(), arguments, call.nargout());
      return make_struct(cells);
    }
  }
  if (call.count() % 2 != 0) {
    throw Error(std::string(messages::struct_odd_arguments));
  }
  std::optional<std::size_t> count;  // of the cells with other than one element
  num::Dims shape;                   // theirs: the struct array's (struct("a", {1; 2}) is 2×1)
  for (int k = 0; k < call.count(); k += 2) {
    const Value& name = call.value(k);
    if (!name.is(Kind::String))
      throw Error(fmt::format(messages::expected_string_got, name.kind_name()));
    const Value& value = call.value(k + 1);
    if (!value.is(Kind::Cell) || value.cell_value().items.size() == 1) continue;
    const std::size_t size = value.cell_value().items.size();
    if (count && *count != size) {
      throw Error(fmt::format(messages::struct_cell_counts_differ, *count, size));
    }
    count = size;
    shape = value.cell_value().dims();
  }
  const std::size_t elements = count.value_or(1);
  std::vector<Value> structs(elements, Value::structure());
  for (int k = 0; k < call.count(); k += 2) {
    const std::string& name = call.value(k).string_value();
    const Value& value = call.value(k + 1);
    for (std::size_t e = 0; e < elements; ++e) {
      if (!value.is(Kind::Cell)) {
        structs[e].set_field(name, value);
      } else {
        const std::vector<Value>& items = value.cell_value().items;
        structs[e].set_field(name, items.size() == 1 ? items.front() : items[e]);
      }
    }
  }
  if (elements == 1) return std::move(structs.front());
  return Value::struct_array(std::move(structs), shape);
}

const Value& struct_argument(Call& call, std::string_view function, int position = 0) {
  const Value& value = call.value(position);
  // The elements of a struct array share their field names, so its first element answers
  // isfield and fieldnames for all of them.
  if ((function == "isfield" || function == "fieldnames") && value.is(Kind::StructArray) &&
      !value.struct_array_items().empty()) {
    return value.struct_array_items().front();
  }
  if (!value.is(Kind::Struct)) {
    throw Error(fmt::format(messages::requires_struct, function, value.kind_name()));
  }
  return value;
}

Value isstruct(Call& call) { return Value::boolean(runtime::is_struct_like(call.value(0))); }

// A cell array, or a string array (rlab's cell of strings), as MATLAB's iscell({"a"}).
Value iscell(Call& call) {
  return Value::boolean(call.value(0).is(Kind::StringArray) || call.value(0).is(Kind::Cell));
}

// iscellstr(x): a string array, or in matlab code a cell whose every element is text (MATLAB's
// rule; rlab keeps its answer, true for any cell).
Value iscellstr(Call& call) {
  const Value& x = call.value(0);
  if (x.is(Kind::Cell) && call.session().dialect() == lang::Dialect::Matlab) {
    return Value::boolean(runtime::is_text_cell(x));
  }
  return iscell(call);
}

// isfield(s, name) → Bool; isfield(s, {names}) → a logical Vector, one truth per name (MATLAB).
Value isfield(Call& call) {
  // MATLAB: anything but a struct has no fields, and a name that is not text names none.
  if (call.session().dialect() == lang::Dialect::Matlab &&
      (!runtime::is_struct_like(call.value(0)) ||
       !(call.value(1).is_text() || call.value(1).is(Kind::Cell)))) {
    return Value::boolean(false);
  }
  const Value& s = struct_argument(call, "isfield");
  if (call.value(1).is(Kind::StringArray) || call.value(1).is(Kind::Cell)) {
    const std::vector<std::string> names = call.texts(1);
    num::Matrix found(1, static_cast<num::Index>(names.size()));
    for (std::size_t k = 0; k < names.size(); ++k) {
      found.set(static_cast<num::Index>(k), s.field(names[k]) != nullptr ? 1.0 : 0.0);
    }
    return Value::vector(std::move(found), /*logical=*/true);
  }
  return Value::boolean(s.field(call.string(1)) != nullptr);
}

// orderfields(s): s itself, since rlab's fields are always kept in ascending name order;
// numfields(s): how many fields s has.
Value orderfields(Call& call) { return struct_argument(call, "orderfields"); }

Value numfields(Call& call) {
  const Value& x = call.value(0);
  if (!runtime::is_struct_like(x)) return Value::scalar(0.0);
  const std::vector<Value> items = runtime::struct_elements(x);
  return Value::scalar(items.empty() ? 0.0
                                     : static_cast<double>(items.front().struct_fields().size()));
}

// getfield(s, name) is s.(name); setfield(s, name, v) a copy of s with that field set.
Value getfield(Call& call) {
  const Value& s = struct_argument(call, "getfield");
  const std::string& name = call.string(1);
  const Value* field = s.field(name);
  if (!field) throw Error(fmt::format(messages::no_such_field, name));
  return *field;
}

Value setfield(Call& call) {
  Value s = struct_argument(call, "setfield");
  s.set_field(call.string(1), call.value(2));
  return s;
}

Value rmfield(Call& call) {
  Value s = struct_argument(call, "rmfield");
  const std::string& name = call.string(1);
  runtime::StructFields& fields = s.mutable_struct_fields();
  auto it = fields.find(name);
  if (it == fields.end()) throw Error(fmt::format(messages::no_such_field, name));
  fields.erase(it);
  return s;
}

Value fieldnames(Call& call) {
  const Value& s = struct_argument(call, "fieldnames");
  std::vector<std::string> names;
  for (const auto& [name, value] : s.struct_fields()) names.push_back(name);
  // MATLAB's fieldnames is a column (0×1 for no fields); rlab's a string array.
  if (call.session().dialect() == lang::Dialect::Matlab) {
    return runtime::column_of_texts(std::move(names));
  }
  return Value::string_array(std::move(names));
}

// struct2cell(s): the field values as an N×1 cell, in the order fieldnames lists them.
Value struct2cell(Call& call) {
  const Value& s = struct_argument(call, "struct2cell");
  std::vector<Value> values;
  for (const auto& [name, value] : s.struct_fields()) values.push_back(value);
  runtime::CellArray cells;
  cells.rows = static_cast<std::int64_t>(values.size());
  cells.columns = values.empty() ? 0 : 1;
  cells.items = std::move(values);
  return Value::cell(std::move(cells));
}

// cell2struct(c, fields [, dim]): the values along dimension dim (1, Octave's default, or 2)
// become the fields; one struct for each position along the other dimension (a struct array
// when there are several).
Value cell2struct(Call& call) {
  const Value& input = call.value(0);
  runtime::CellArray cells;
  if (input.is(Kind::Cell)) {
    cells = input.cell_value();
  } else if (input.is(Kind::StringArray)) {
    cells = runtime::cell_of_texts(input.string_array_value());
  } else {
    call.fail(fmt::format(messages::must_be_cell_array_got, "argument 1", input.kind_name()));
  }
  const std::vector<std::string> names = call.texts(1);
  const std::int64_t dim = call.has(2) ? call.count_argument(2) : 1;
  if (dim != 1 && dim != 2) call.fail(messages::bad_cell2struct_dim);
  const std::int64_t along = dim == 1 ? cells.rows : cells.columns;
  const std::int64_t others = dim == 1 ? cells.columns : cells.rows;
  if (static_cast<std::int64_t>(names.size()) != along) {
    call.fail(fmt::format(messages::field_value_counts_differ, names.size(), along, dim));
  }
  std::vector<Value> structs;
  for (std::int64_t o = 0; o < others; ++o) {
    Value element = Value::structure();
    for (std::int64_t f = 0; f < along; ++f) {
      const std::int64_t row = dim == 1 ? f : o;
      const std::int64_t column = dim == 1 ? o : f;
      element.set_field(names[static_cast<std::size_t>(f)],
                        cells.items[static_cast<std::size_t>(column * cells.rows + row)]);
    }
    structs.push_back(std::move(element));
  }
  if (structs.size() == 1) return std::move(structs.front());
  return Value::struct_array(std::move(structs));
}

// structfun(f, s [, "UniformOutput", tf]): f on every field's value, in fieldnames order; the
// numbers as a column, or with "UniformOutput", false a struct of the results under the same
// names.
Value structfun(Call& call) {
  const Value& s = struct_argument(call, "structfun", 1);
  const bool uniform = uniform_output(call, 2);
  Value fields = Value::structure();
  num::Matrix numbers(static_cast<num::Index>(s.struct_fields().size()), 1, 0.0);
  bool all_bools = !s.struct_fields().empty();
  num::Index k = 0;
  for (const auto& [name, value] : s.struct_fields()) {
    Value result = call.invoke(call.value(0), {value});
    if (!uniform) {
      fields.set_field(name, std::move(result));
      continue;
    }
    if (!(result.is(Kind::Scalar) || result.is(Kind::Bool))) {
      call.fail(fmt::format(messages::field_gave_non_number, name, result.kind_name()));
    }
    all_bools = all_bools && result.is(Kind::Bool);
    numbers.set(k++, 0, result.scalar_value());
  }
  if (!uniform) return fields;
  return Value::matrix(std::move(numbers), all_bools);
}

}  // namespace

extern const BuiltinTable kStructBuiltins = {
    {"struct", make_struct, 0, -1,
     "struct(\"f1\", v1, ...): a struct with those fields. Example: s = struct(\"lr\", 0.001, "
     "\"steps\", 100)"},
    {"isstruct", isstruct, 1, 1, "True for a struct. Example: isstruct(struct(\"a\", 1))"},
    {"iscell", iscell, 1, 1,
     "True for a cell array or a string array. Example: iscell({1, \"a\"})"},
    {"iscellstr", iscellstr, 1, 1,
     "iscellstr(x): true for a string array or a cell of texts (in rlab code, any cell). "
     "Example: "
     "iscellstr({\"a\", \"b\"})"},
    {"isfield", isfield, 2, 2,
     "isfield(s, name): true when s has that field; a string array of names gives one each. "
     "Example: isfield(struct(\"a\", 1), \"a\")"},
    {"rmfield", rmfield, 2, 2,
     "rmfield(s, name): s without that field. Example: rmfield(struct(\"a\", 1, \"b\", 2), \"a\")"},
    {"orderfields", orderfields, 1, 1,
     "The struct with its fields in ascending order (as kept). Example: orderfields(struct(\"b\", "
     "2, \"a\", 1))"},
    {"numfields", numfields, 1, 1,
     "Number of fields of a struct (0 for other values). Example: numfields(struct(\"a\", 1, "
     "\"b\", 2))"},
    {"getfield", getfield, 2, 2,
     "getfield(s, name): the field's value, as s.(name). Example: getfield(struct(\"a\", 1), "
     "\"a\")"},
    {"setfield", setfield, 3, 3,
     "setfield(s, name, v): a copy of s with the field set to v. Example: setfield(struct(\"a\", "
     "1), \"a\", 5)"},
    {"struct2cell", struct2cell, 1, 1,
     "The field values of a struct as an N×1 cell, in fieldnames order. Example: "
     "struct2cell(struct(\"a\", 1, \"b\", \"x\"))"},
    {"cell2struct", cell2struct, 2, 3,
     "cell2struct(c, fields, dim): the values along dimension dim (1 by default, or 2) become "
     "the named fields; one struct per position along the other. Example: "
     "cell2struct({1, \"adam\"}, {\"lr\", \"opt\"}, 2)"},
    {"structfun", structfun, 2, 4,
     "structfun(f, s): f on every field's value, the numbers as a column; \"UniformOutput\", "
     "false gives a struct of the results. Example: structfun(@(v) v * 2, struct(\"a\", 1, "
     "\"b\", 2))"},
    {"fieldnames", fieldnames, 1, 1,
     "Field names in ascending order, as a string array. Example: fieldnames(struct(\"b\", 2, "
     "\"a\", 1))"},
};

}  // namespace llmlab::builtins
