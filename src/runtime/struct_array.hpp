// Struct arrays: MATLAB's 1×N arrays of structs that share one set of field names
// (`layers(k).W = …`, `people(2) = struct("name", "bob")`). A Struct is the one-element case;
// Value::struct_array() keeps one element a plain Struct. rlab has no struct arrays (rustlab
// rejects every form that makes one), so they are a pure llmlab addition.
#pragma once

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

// container(subscripts) for a Struct or StructArray (one subscript, or (1, k)).
Value struct_array_read(const Value& container, std::span<const Value> subscripts);

// The one 0-based position that `subscripts` select in a struct array, for `s(k).f = v`.
num::Index single_struct_position(std::span<const Value> subscripts);

// name(subscripts) = rhs where rhs is a Struct or StructArray, or the target is a StructArray:
// writes elements, growing the array with empty-field structs.
AssignEcho struct_array_assign(Value& target, bool defined, std::string_view name,
                               std::span<const Value> subscripts, const Value& rhs);

// name(subscripts) = [] on a StructArray or Struct: removes those elements.
void struct_array_delete(Value& target, std::span<const Value> subscripts);

}  // namespace llmlab::runtime
