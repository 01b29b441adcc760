// Value's tagged-union plumbing, factories and checked conversions.
#include "runtime/value.hpp"

#include <fmt/format.h>

#include <cmath>
#include <new>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/indexing.hpp"
#include "base/utf8.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime {

Value Object::index(std::span<const Value>) const {
  throw Error(fmt::format(messages::cannot_index_kind, kind_name()));
}

void Object::assign(std::span<const Value>, const Value&) {
  throw Error(fmt::format(messages::assignment_into_kind, kind_name()));
}

std::optional<Value> Object::property(std::string_view) const { return std::nullopt; }

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::None:
      return "none";
    case Kind::Scalar:
      return "scalar";
    case Kind::Complex:
      return "complex";
    case Kind::Bool:
      return "bool";
    case Kind::String:
      return "string";
    case Kind::StringArray:
      return "string_array";
    case Kind::Vector:
      return "vector";
    case Kind::Matrix:
      return "matrix";
    case Kind::Struct:
      return "struct";
    case Kind::StructArray:
      return "struct_array";
    case Kind::Tuple:
      return "tuple";
    case Kind::Lambda:
      return "lambda";
    case Kind::FunctionHandle:
      return "function_handle";
    case Kind::AllIndex:
      return "all-index";
    case Kind::Object:
      return "object";
    case Kind::Tracked:
      // In the user's words: the internal name leaked into messages ("cellfun: item 1 gave
      // tracked") and named nothing a script can see.
      return "value that depends on the input of grad";
    case Kind::Cell:
      return "cell";
    case Kind::NdArray:
      return "ndarray";
  }
  return "none";
}

void Value::assign_slow(const Value& other) {
  if (this == &other) return;
  Value copy(other);
  release();
  move_from(copy);
}

void Value::move_assign_slow(Value& other) noexcept {
  if (this == &other) return;
  release();
  move_from(other);
}

void Value::release() noexcept {
  if (holds_matrix()) {
    payload_.matrix.~Matrix();
  } else if (holds_heap()) {
    payload_.heap.~shared_ptr();
  }
  kind_ = Kind::None;
  class_ = NumClass::Double;
  payload_.number = 0.0;
}

void Value::copy_from(const Value& other) {
  if (other.holds_matrix()) {
    new (&payload_.matrix) num::Matrix(other.payload_.matrix);
  } else if (other.holds_heap()) {
    new (&payload_.heap) std::shared_ptr<void>(other.payload_.heap);
  } else {
    payload_.complex = other.payload_.complex;
  }
  kind_ = other.kind_;
  class_ = other.class_;
}

void Value::move_from(Value& other) noexcept {
  if (other.holds_matrix()) {
    new (&payload_.matrix) num::Matrix(std::move(other.payload_.matrix));
    other.payload_.matrix.~Matrix();
  } else if (other.holds_heap()) {
    new (&payload_.heap) std::shared_ptr<void>(std::move(other.payload_.heap));
    other.payload_.heap.~shared_ptr();
  } else {
    payload_.complex = other.payload_.complex;
  }
  kind_ = other.kind_;
  class_ = other.class_;
  other.kind_ = Kind::None;
  other.class_ = NumClass::Double;
  other.payload_.number = 0.0;
}

Value Value::complex(num::Complex value) {
  Value result;
  result.kind_ = Kind::Complex;
  result.payload_.complex = value;
  return result;
}

namespace {

template <class T>
std::shared_ptr<void> make_heap(T value) {
  return std::make_shared<T>(std::move(value));
}

// A struct array's elements (column-major) and its extents.
struct StructArrayData {
  std::vector<Value> items;
  num::Dims dims;
};

// A string's text with its character count, counted once: strings never change, and `end`,
// `length` and indexing need the count each time (text whose count equals its byte size is
// ASCII, which indexes by byte).
struct StringPayload {
  std::string text;
  std::int64_t characters;
};

// A StringArray's texts, column-major, and its rows (1 for a row; MATLAB's string arrays may
// have several).
struct StringArrayPayload {
  std::vector<std::string> items;
  std::int64_t rows;
};

}  // namespace

template <class T>
T& Value::writable_heap_as() {
  if (payload_.heap.use_count() > 1) payload_.heap = make_heap(heap_as<T>());
  return *static_cast<T*>(payload_.heap.get());
}

Value Value::on_heap(Kind kind, std::shared_ptr<void> heap, NumClass numeric_class) {
  Value result;
  new (&result.payload_.heap) std::shared_ptr<void>(std::move(heap));
  result.kind_ = kind;
  result.class_ = numeric_class;
  return result;
}

Value Value::string(std::string text) {
  const auto characters = static_cast<std::int64_t>(character_count(text));
  return on_heap(Kind::String, make_heap(StringPayload{std::move(text), characters}));
}

Value Value::string_array(std::vector<std::string> items) {
  return on_heap(Kind::StringArray, make_heap(StringArrayPayload{std::move(items), 1}));
}

Value Value::string_scalar(std::string text) {
  Value result = string(std::move(text));
  result.class_ = NumClass::String;
  return result;
}

Value Value::string_matrix(std::vector<std::string> items, std::int64_t rows) {
  if (items.size() == 1) return string_scalar(std::move(items.front()));
  if (items.empty()) rows = 0;
  return on_heap(Kind::StringArray, make_heap(StringArrayPayload{std::move(items), rows}),
                 NumClass::String);
}

Value Value::vector(num::Matrix row, bool logical) {
  if (row.rows() != 1) row = row.with_shape(1, row.size());
  Value result;
  new (&result.payload_.matrix) num::Matrix(std::move(row));
  result.kind_ = Kind::Vector;
  result.class_ = logical ? NumClass::Logical : NumClass::Double;
  return result;
}

Value Value::matrix(num::Matrix matrix, bool logical) {
  Value result;
  new (&result.payload_.matrix) num::Matrix(std::move(matrix));
  result.kind_ = Kind::Matrix;
  result.class_ = logical ? NumClass::Logical : NumClass::Double;
  return result;
}

Value Value::vector(num::Matrix row, NumClass cls) {
  Value result = vector(std::move(row));
  result.class_ = cls;
  return result;
}

Value Value::matrix(num::Matrix matrix, NumClass cls) {
  Value result = Value::matrix(std::move(matrix));
  result.class_ = cls;
  return result;
}

Value Value::structure(StructFields fields) {
  return on_heap(Kind::Struct, make_heap(std::move(fields)));
}

Value Value::struct_array(std::vector<Value> elements) {
  const auto count = static_cast<num::Index>(elements.size());
  return struct_array(std::move(elements), num::Dims{1, count});
}

Value Value::struct_array(std::vector<Value> elements, const num::Dims& dims) {
  if (elements.size() == 1) return std::move(elements.front());
  LLMLAB_ASSERT(static_cast<std::size_t>(num::element_count(dims)) == elements.size());
  return on_heap(Kind::StructArray,
                 make_heap(StructArrayData{std::move(elements), num::canonical_dims(dims)}));
}

Value Value::tuple(std::vector<Value> items) {
  return on_heap(Kind::Tuple, make_heap(std::move(items)));
}

Value Value::lambda(Lambda lambda) { return on_heap(Kind::Lambda, make_heap(std::move(lambda))); }

Value Value::function_handle(std::string name) {
  return on_heap(Kind::FunctionHandle, make_heap(std::move(name)));
}

Value Value::all_index() {
  Value result;
  result.kind_ = Kind::AllIndex;
  return result;
}

Value Value::object(std::shared_ptr<Object> object) {
  LLMLAB_ASSERT(object != nullptr);
  return on_heap(Kind::Object, make_heap(std::move(object)));
}

Value Value::tracked(Tracked tracked) {
  return on_heap(Kind::Tracked, make_heap(std::move(tracked)));
}

CellArray CellArray::shaped(const num::Dims& dims, std::vector<Value> values) {
  const num::Dims canonical = num::canonical_dims(dims);
  CellArray cells;
  cells.rows = canonical[0];
  cells.columns = canonical[1];
  cells.higher.assign(canonical.begin() + 2, canonical.end());
  cells.items = std::move(values);
  return cells;
}

num::Dims CellArray::dims() const {
  num::Dims out{rows, columns};
  out.insert(out.end(), higher.begin(), higher.end());
  return out;
}

Value Value::cell(CellArray cells) {
  LLMLAB_ASSERT(static_cast<std::size_t>(num::element_count(cells.dims())) == cells.items.size());
  return on_heap(Kind::Cell, make_heap(std::move(cells)));
}

Value Value::nd_array(num::NdArray array, bool logical) {
  LLMLAB_ASSERT(array.ndims() >= 3);
  return on_heap(Kind::NdArray, make_heap(std::move(array)),
                 logical ? NumClass::Logical : NumClass::Double);
}

Value Value::nd_array(num::NdArray array, NumClass cls) {
  Value result = nd_array(std::move(array));
  result.class_ = cls;
  return result;
}

const num::NdArray& Value::nd_value() const {
  LLMLAB_ASSERT(kind_ == Kind::NdArray);
  return heap_as<num::NdArray>();
}

num::NdArray& Value::mutable_nd() {
  LLMLAB_ASSERT(kind_ == Kind::NdArray);
  // The shell (extents and a storage handle) is cloned when shared; the elements stay shared
  // until the first write, by the Matrix's own copy-on-write.
  return writable_heap_as<num::NdArray>();
}

const CellArray& Value::cell_value() const {
  LLMLAB_ASSERT(kind_ == Kind::Cell);
  return heap_as<CellArray>();
}

CellArray& Value::mutable_cell() {
  LLMLAB_ASSERT(kind_ == Kind::Cell);
  // Cells are values, like structs: clone when another value still shares them.
  return writable_heap_as<CellArray>();
}

Value Value::like(const Value& input, num::Matrix result) {
  switch (input.kind()) {
    case Kind::Vector:
      return vector(std::move(result));
    case Kind::Scalar:
    case Kind::Bool:
    case Kind::Complex:
      if (result.rows() == 1 && result.columns() == 1) {
        if (result.is_complex()) {
          const num::Complex z = result.complex_at(0);
          if (z.imag() != 0.0) return complex(z);
          return scalar(z.real());
        }
        return scalar(result[0]);
      }
      return matrix(std::move(result));
    default:
      return matrix(std::move(result));
  }
}

num::Complex Value::complex_value() const {
  if (kind_ == Kind::Complex) return payload_.complex;
  LLMLAB_ASSERT(kind_ == Kind::Scalar || kind_ == Kind::Bool);
  return num::Complex(payload_.number, 0.0);
}

const num::Matrix& Value::matrix_value() const {
  LLMLAB_ASSERT(holds_matrix());
  return payload_.matrix;
}

num::Matrix& Value::mutable_matrix() {
  LLMLAB_ASSERT(holds_matrix());
  return payload_.matrix;
}

const std::string& Value::string_value() const {
  LLMLAB_ASSERT(kind_ == Kind::String);
  return heap_as<StringPayload>().text;
}

const std::vector<std::string>& Value::string_array_value() const {
  LLMLAB_ASSERT(kind_ == Kind::StringArray);
  return heap_as<StringArrayPayload>().items;
}

std::int64_t Value::string_array_rows() const {
  LLMLAB_ASSERT(kind_ == Kind::StringArray);
  return heap_as<StringArrayPayload>().rows;
}

const StructFields& Value::struct_fields() const {
  LLMLAB_ASSERT(kind_ == Kind::Struct);
  return heap_as<StructFields>();
}

StructFields& Value::mutable_struct_fields() {
  LLMLAB_ASSERT(kind_ == Kind::Struct);
  // Structs are values: clone the fields when another value still shares them.
  return writable_heap_as<StructFields>();
}

const std::vector<Value>& Value::struct_array_items() const {
  LLMLAB_ASSERT(kind_ == Kind::StructArray);
  return heap_as<StructArrayData>().items;
}

num::Dims Value::struct_array_dims() const {
  LLMLAB_ASSERT(kind_ == Kind::StructArray);
  return heap_as<StructArrayData>().dims;
}

std::vector<Value>& Value::mutable_struct_array_items() {
  LLMLAB_ASSERT(kind_ == Kind::StructArray);
  // Struct arrays are values too: clone the element list when another value shares it.
  return writable_heap_as<StructArrayData>().items;
}

const std::vector<Value>& Value::tuple_items() const {
  LLMLAB_ASSERT(kind_ == Kind::Tuple);
  return heap_as<std::vector<Value>>();
}

const Lambda& Value::lambda_value() const {
  LLMLAB_ASSERT(kind_ == Kind::Lambda);
  return heap_as<Lambda>();
}

const std::string& Value::handle_name() const {
  LLMLAB_ASSERT(kind_ == Kind::FunctionHandle);
  return heap_as<std::string>();
}

const std::shared_ptr<Object>& Value::object_value() const {
  LLMLAB_ASSERT(kind_ == Kind::Object);
  return heap_as<std::shared_ptr<Object>>();
}

const Tracked& Value::tracked_value() const {
  LLMLAB_ASSERT(kind_ == Kind::Tracked);
  return heap_as<Tracked>();
}

Tape* tape_of(std::span<const Value> values) {
  Tape* finished = nullptr;
  for (const Value& value : values) {
    if (!value.is(Kind::Tracked)) continue;
    Tape* tape = value.tracked_value().tape.get();
    if (!tape->finished()) return tape;
    if (finished == nullptr) finished = tape;
  }
  return finished;
}

const Value& primal_of(const Value& value) {
  return value.is(Kind::Tracked) ? value.tracked_value().primal : value;
}

num::Matrix Value::as_matrix() const {
  switch (kind_) {
    case Kind::Scalar:
    case Kind::Bool:
      return num::Matrix(1, 1, payload_.number);
    case Kind::Complex: {
      num::Matrix result(1, 1, num::Matrix::Element::ComplexValued);
      result.set(0, payload_.complex);
      return result;
    }
    case Kind::Vector:
    case Kind::Matrix:
      return payload_.matrix;
    default:
      throw Error(fmt::format(messages::expected_got, "numeric", kind_name()));
  }
}

double Value::as_scalar() const {
  switch (kind_) {
    case Kind::Scalar:
    case Kind::Bool:
      return payload_.number;
    case Kind::Complex:
      if (std::abs(payload_.complex.imag()) < 1e-10) return payload_.complex.real();
      break;
    default:
      break;
  }
  throw Error(fmt::format(messages::expected_got, "scalar", kind_name()));
}

const std::string& Value::as_string() const {
  if (kind_ != Kind::String)
    throw Error(fmt::format(messages::expected_got, "string", kind_name()));
  return heap_as<StringPayload>().text;
}

const Value* Value::field(std::string_view name) const {
  if (kind_ != Kind::Struct) return nullptr;
  const StructFields& fields = heap_as<StructFields>();
  auto it = fields.find(name);
  return it == fields.end() ? nullptr : &it->second;
}

void Value::set_field(std::string_view name, Value value) {
  StructFields& fields = mutable_struct_fields();
  auto it = fields.find(name);
  if (it == fields.end()) {
    fields.emplace(std::string(name), std::move(value));
  } else {
    it->second = std::move(value);
  }
}

std::int64_t Value::element_count() const {
  switch (kind_) {
    case Kind::Vector:
    case Kind::Matrix:
      return payload_.matrix.size();
    case Kind::String:  // a string scalar is one element, a char row one per character
      return class_ == NumClass::String ? 1 : heap_as<StringPayload>().characters;
    case Kind::StringArray:
      return static_cast<std::int64_t>(heap_as<StringArrayPayload>().items.size());
    case Kind::Tuple:
    case Kind::StructArray:
      return static_cast<std::int64_t>(heap_as<std::vector<Value>>().size());
    case Kind::Cell:
      return static_cast<std::int64_t>(heap_as<CellArray>().items.size());
    case Kind::NdArray:
      return heap_as<num::NdArray>().size();
    case Kind::None:
      return 0;
    default:
      return 1;
  }
}

}  // namespace llmlab::runtime
