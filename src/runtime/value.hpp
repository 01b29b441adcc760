// runtime::Value, the one script value: a small tagged union (language.md §4). Scalars, bools and
// complex numbers live unboxed inside the value; arrays are COW num::Matrix; strings, structs,
// tuples, lambdas, handles and domain objects sit behind shared pointers, so copies are cheap.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "num/matrix.hpp"
#include "num/nd_array.hpp"
#include "runtime/numeric_class.hpp"

namespace llmlab::runtime {

enum class Kind : std::uint8_t {
  None,
  Scalar,
  Complex,
  Bool,
  String,
  StringArray,
  Vector,
  Matrix,
  Struct,
  StructArray,  // structs of any shape sharing their field names (MATLAB's struct array), N != 1
  Tuple,
  Lambda,
  FunctionHandle,
  AllIndex,
  Object,
  Tracked,  // a numeric value on an autodiff tape (runtime/tracked.hpp)
  Cell,     // MATLAB's cell array (language.md §13.12): R×C values of any kinds
  NdArray,  // a numeric array of 3 or more dims (issue #27; num/nd_array.hpp)
};

// The kind names of language.md §4.1, as error messages print them ("scalar", "vector", ...).
std::string_view kind_name(Kind kind);

class Value;

// Opaque domain objects (optimizer state, tokenizer, figure handles) enter Value through this one
// interface. They are shared by reference: copying the Value shares the object.
class Object {
 public:
  virtual ~Object() = default;
  // The kind name used in messages and by class() (e.g. "figure").
  virtual std::string kind_name() const = 0;
  // The display string ⟨v⟩ (language.md §8.2).
  virtual std::string display() const { return "<" + kind_name() + ">"; }
  // Objects a script indexes by key (containers.Map): obj(subscripts) reads, obj(subscripts) = v
  // writes into the shared object (MATLAB's handle semantics).
  virtual bool indexable() const { return false; }
  virtual Value index(std::span<const Value> subscripts) const;
  virtual void assign(std::span<const Value> subscripts, const Value& value);
  // obj.name for a property (Count, KeyType, ...); nullopt when there is none.
  virtual std::optional<Value> property(std::string_view name) const;
};

struct Tracked;
class Value;
struct CellArray;

// Field name → value. Ordered by name: rlab structs are unordered and display sorted (§4.1).
using StructFields = std::map<std::string, Value, std::less<>>;

// An anonymous function @(p1, ..., pn) body with a snapshot of the scope it was created in.
// `text` is the source text of the body, for display; `code` is the evaluator's compiled body.
struct Lambda {
  std::vector<std::string> parameters;
  std::string text;
  std::shared_ptr<const void> code;
};

class Value {
 public:
  Value() noexcept : kind_(Kind::None) { payload_.number = 0.0; }
  // Numbers (None, Scalar, Complex, Bool) hold no resources: copies and moves are a few stores,
  // inline, so scalar loops never leave the header.
  Value(const Value& other) : kind_(other.kind_), class_(other.class_) {
    if (other.is_plain()) {
      payload_.complex = other.payload_.complex;
    } else {
      kind_ = Kind::None;
      copy_from(other);
    }
  }
  Value(Value&& other) noexcept : kind_(other.kind_), class_(other.class_) {
    if (other.is_plain()) {
      payload_.complex = other.payload_.complex;
    } else {
      kind_ = Kind::None;
      move_from(other);
    }
  }
  Value& operator=(const Value& other) {
    if (!assign_if_plain(other)) assign_slow(other);
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    if (!assign_if_plain(other)) move_assign_slow(other);
    return *this;
  }
  ~Value() {
    if (!is_plain()) release();
  }

  // Factories.
  static Value none() { return Value(); }
  static Value scalar(double value) {
    Value result;
    result.kind_ = Kind::Scalar;
    result.payload_.number = value;
    return result;
  }
  static Value complex(num::Complex value);
  static Value boolean(bool value) {
    Value result;
    result.kind_ = Kind::Bool;
    result.payload_.number = value ? 1.0 : 0.0;
    return result;
  }
  static Value string(std::string text);
  static Value string_array(std::vector<std::string> items);
  // MATLAB's string class (language.md §14): a 1×1 string "abc", and a rows × (items / rows)
  // string array, items column-major (rows 0 for an empty one, 1 for a row).
  static Value string_scalar(std::string text);
  static Value string_matrix(std::vector<std::string> items, std::int64_t rows);
  // A 1-D vector (§4.3). `row` may have any shape; its elements are taken in storage order.
  static Value vector(num::Matrix row, bool logical = false);
  static Value matrix(num::Matrix matrix, bool logical = false);
  // The same arrays with a numeric class (numeric_class.hpp); the elements must already be
  // values of that class.
  static Value vector(num::Matrix row, NumClass cls);
  static Value matrix(num::Matrix matrix, NumClass cls);
  // A real scalar of a numeric class other than logical (x already a value of that class).
  static Value classed_scalar(double value, NumClass cls) {
    Value result = scalar(value);
    result.class_ = cls;
    return result;
  }
  static Value structure(StructFields fields = {});
  // A struct array of these Struct elements (runtime/struct_array.hpp builds them with the
  // field names unified); one element is not an array but that Struct.
  static Value struct_array(std::vector<Value> elements);
  // The same with extents `dims` (their product the element count; made canonical).
  static Value struct_array(std::vector<Value> elements, const num::Dims& dims);
  static Value tuple(std::vector<Value> items);
  static Value lambda(Lambda lambda);
  static Value function_handle(std::string name);
  static Value all_index();
  static Value object(std::shared_ptr<Object> object);
  static Value tracked(Tracked tracked);
  static Value cell(CellArray cells);
  // An array of 3 or more dims (array.ndims() >= 3); runtime/nd_values.hpp picks the kind of
  // an array of any ndims.
  static Value nd_array(num::NdArray array, bool logical = false);
  static Value nd_array(num::NdArray array, NumClass cls);
  // Shape-preserving result for element-wise builtins: vector in → vector out, matrix in →
  // matrix out, scalar/bool/complex in with a 1×1 result → a scalar (complex when it has an
  // imaginary part), otherwise a matrix.
  static Value like(const Value& input, num::Matrix result);

  Kind kind() const { return kind_; }
  std::string_view kind_name() const { return runtime::kind_name(kind_); }
  bool is(Kind kind) const { return kind_ == kind; }
  bool is_none() const { return kind_ == Kind::None; }
  // Scalar, Complex, Bool, Vector, Matrix.
  bool is_numeric() const {
    return kind_ == Kind::Scalar || kind_ == Kind::Complex || kind_ == Kind::Bool ||
           kind_ == Kind::Vector || kind_ == Kind::Matrix;
  }
  bool is_array() const { return kind_ == Kind::Vector || kind_ == Kind::Matrix; }
  // Not among is_numeric()'s kinds until every builtin that takes those takes N dims: a
  // builtin that does not know the kind says "got ndarray" instead of reading one page.
  bool is_nd_array() const { return kind_ == Kind::NdArray; }
  bool is_text() const { return kind_ == Kind::String || kind_ == Kind::StringArray; }
  // A value of MATLAB's string class: a string scalar or a string array (not a char row).
  bool is_string_class() const { return is_text() && class_ == NumClass::String; }
  // A Vector, Matrix or NdArray carrying the logical mark (§13.6), or a Bool.
  bool is_logical() const {
    return kind_ == Kind::Bool || ((is_array() || is_nd_array()) && class_ == NumClass::Logical);
  }
  // A real scalar of class double: what the evaluator's fast scalar paths compute with.
  bool is_double_scalar() const { return kind_ == Kind::Scalar && class_ == NumClass::Double; }
  // The numeric class of a number or numeric array (Bool is logical); double for other kinds.
  NumClass num_class() const { return kind_ == Kind::Bool ? NumClass::Logical : class_; }
  // A number or numeric array of single or an integer class (numeric_class.hpp).
  bool has_special_class() const { return is_special_class(class_); }
  bool is_callable() const { return kind_ == Kind::Lambda || kind_ == Kind::FunctionHandle; }

  // Unchecked accessors: the kind must match (LLMLAB_ASSERT in test mode).
  double scalar_value() const { return payload_.number; }  // Scalar or Bool (1/0)
  bool bool_value() const { return payload_.number != 0.0; }
  num::Complex complex_value() const;       // Scalar, Bool or Complex
  const num::Matrix& matrix_value() const;  // Vector or Matrix
  num::Matrix& mutable_matrix();            // Vector or Matrix; COW happens on element writes
  const std::string& string_value() const;
  const std::vector<std::string>& string_array_value() const;
  // The rows of a StringArray: 1 for rlab's lists and MATLAB's string rows.
  std::int64_t string_array_rows() const;
  const StructFields& struct_fields() const;
  StructFields& mutable_struct_fields();  // clones shared fields first
  const std::vector<Value>& struct_array_items() const;
  // A StructArray's extents (1×N unless it was made with others).
  num::Dims struct_array_dims() const;
  // The elements for writing in place (`s(k).f = v`); clones them first when shared.
  std::vector<Value>& mutable_struct_array_items();
  const std::vector<Value>& tuple_items() const;
  const Lambda& lambda_value() const;
  const std::string& handle_name() const;
  const std::shared_ptr<Object>& object_value() const;
  const Tracked& tracked_value() const;
  const CellArray& cell_value() const;
  CellArray& mutable_cell();  // clones cells another value still shares first
  const num::NdArray& nd_value() const;
  num::NdArray& mutable_nd();  // the array's storage is copy-on-write itself
  void set_logical(bool logical) { class_ = logical ? NumClass::Logical : NumClass::Double; }
  // Tags a number or numeric array (not a Bool) with a class; its elements must be values of it.
  void set_num_class(NumClass cls) { class_ = cls; }

  // Checked conversions that throw the uniform type errors of builtins.md §0.2.
  // Any numeric value as a matrix: scalar/bool/complex → 1×1, vector → 1×N. Others: type error
  // `expected numeric, got <kind>`.
  num::Matrix as_matrix() const;
  // Scalar conversion (§4.2): a Scalar, a Bool (1/0), or a Complex with |im| < 1e-10.
  // Otherwise `expected scalar, got <kind>`.
  double as_scalar() const;
  // A String. Otherwise `expected string, got <kind>`.
  const std::string& as_string() const;

  // Struct field access: nullptr when absent or when this is not a struct.
  const Value* field(std::string_view name) const;
  // Insert or replace a field; this must be a struct.
  void set_field(std::string_view name, Value value);

  // Element count as `numel` sees it (1 for scalars, strings count characters).
  std::int64_t element_count() const;

 private:
  bool is_plain() const { return kind_ <= Kind::Bool; }
  // A number assigned over a number: a few stores, nothing to release or share. False, and
  // nothing done, when either side holds a resource.
  bool assign_if_plain(const Value& other) noexcept {
    if (!is_plain() || !other.is_plain()) return false;
    kind_ = other.kind_;
    class_ = other.class_;
    payload_.complex = other.payload_.complex;
    return true;
  }
  // A value of `kind` whose payload is `heap` (each factory of a heap kind ends here).
  static Value on_heap(Kind kind, std::shared_ptr<void> heap,
                       NumClass numeric_class = NumClass::Double);
  void release() noexcept;
  void copy_from(const Value& other);
  void move_from(Value& other) noexcept;
  void assign_slow(const Value& other);
  void move_assign_slow(Value& other) noexcept;
  bool holds_matrix() const { return kind_ == Kind::Vector || kind_ == Kind::Matrix; }
  bool holds_heap() const {
    return kind_ >= Kind::String && !holds_matrix() && kind_ != Kind::AllIndex;
  }
  template <class T>
  const T& heap_as() const {
    return *static_cast<const T*>(payload_.heap.get());
  }
  // The heap payload for writing: cloned first when another value still shares it, as heap
  // kinds are values (value.cpp).
  template <class T>
  T& writable_heap_as();

  union Payload {
    Payload() : number(0.0) {}
    ~Payload() {}
    double number;
    num::Complex complex;
    num::Matrix matrix;
    std::shared_ptr<void> heap;
  };

  Kind kind_;
  // The numeric class of a Scalar, Complex, Vector, Matrix or NdArray; String for a text of
  // MATLAB's string class (is_string_class); Double for the rest.
  NumClass class_ = NumClass::Double;
  Payload payload_;
};

// The contents of a cell array: rows × columns × higher… values, column-major (MATLAB's linear
// order). `higher` holds the extents past the second (issue #27), none for a 2-D cell, so 2-D
// code reads rows and columns as before; it is kept canonical (no trailing 1).
struct CellArray {
  std::int64_t rows = 0;
  std::int64_t columns = 0;
  std::vector<std::int64_t> higher;
  std::vector<Value> items;

  // A 1×N row of these values.
  static CellArray row(std::vector<Value> values) {
    CellArray cells;
    cells.rows = values.empty() ? 0 : 1;
    cells.columns = static_cast<std::int64_t>(values.size());
    cells.items = std::move(values);
    return cells;
  }
  // A cell of extents `dims` (any count; made canonical) over `values` in linear order.
  static CellArray shaped(const num::Dims& dims, std::vector<Value> values);
  // Every extent: {rows, columns, higher…}.
  num::Dims dims() const;
  bool is_nd() const { return !higher.empty(); }
};

}  // namespace llmlab::runtime
