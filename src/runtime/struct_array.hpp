// Struct arrays: MATLAB's arrays of structs, of any shape, that share one set of field names
// (`layers(k).W = …`, `people(2) = struct("name", "bob")`, `s(2, 3).x = 1`). A Struct is the
// one-element case;
// Value::struct_array() keeps one element a plain Struct. rlab has no struct arrays (rustlab
// rejects every form that makes one), so they are a pure llmlab addition.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "runtime/indexing.hpp"
#include "runtime/value.hpp"

namespace llmlab::runtime {

// A Struct or a StructArray.
inline bool is_struct_like(const Value& value) {
  return value.is(Kind::Struct) || value.is(Kind::StructArray);
}

// The elements of a Struct (itself) or StructArray; none for anything else.
std::vector<Value> struct_elements(const Value& value);

// The struct array of these Struct elements with their field names unified: a field that some
// element lacks is added to it as [] (MATLAB's rule). One element gives that Struct.
Value make_struct_array(std::vector<Value> elements);

// Gives every element each field name some element has, as [] where it lacked it.
void unify_struct_fields(std::vector<Value>& elements);

// A struct with every field of `model`'s elements, each [] (what growth fills new elements with).
Value empty_like(const std::vector<Value>& model);

// The elements of a Struct or StructArray as a cell of the array's shape (none for others).
CellArray struct_cells(const Value& value);
// The struct array of a cell of structs; an element that is not a struct (the `[]` a growth
// left) becomes one with every field, [].
Value struct_array_of(const CellArray& cells);

// container(subscripts) for a Struct or StructArray, with a cell's subscript rules.
Value struct_array_read(const Value& container, std::span<const Value> subscripts);

// The 0-based linear position that `subscripts` select in a struct array, for `s(k).f = v`
// (one element; an error for several); nullopt when it lies beyond the array.
std::optional<num::Index> struct_position(const Value& container,
                                          std::span<const Value> subscripts);

// container with `element` stored at `subscripts`, grown (with empty-field structs) to hold
// it; `defined` false starts from nothing.
Value struct_array_grown(const Value& container, bool defined, std::span<const Value> subscripts,
                         Value element);

// name(subscripts) = rhs where rhs is a Struct or StructArray, or the target is a StructArray:
// writes elements, growing the array with empty-field structs.
AssignEcho struct_array_assign(Value& target, bool defined, std::string_view name,
                               std::span<const Value> subscripts, const Value& rhs);

// name(subscripts) = [] on a StructArray or Struct: removes those elements.
void struct_array_delete(Value& target, std::span<const Value> subscripts);

}  // namespace llmlab::runtime
