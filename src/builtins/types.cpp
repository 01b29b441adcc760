// builtins.md §10 Types, structs and predicates: the type predicates (isnumeric, ischar,
// islogical, isscalar, isvector, isreal, isrow, iscolumn, ismatrix, isequal, isvarname,
// isinteger, isfloat), class, isa, exist, and the class conversions single, double, logical,
// complex, int8 … uint64 and cast (with intmax/intmin). The class rules themselves are
// runtime/numeric_class's.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/classes.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/paths.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "lang/lexer.hpp"
#include "num/rng.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/class_values.hpp"
#include "runtime/display.hpp"
#include "runtime/literals.hpp"
#include "runtime/matlab_shapes.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"
#include "runtime/printf.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

bool all_real(const Value& value) {
  switch (value.kind()) {
    case Kind::Complex:
      return value.complex_value().imag() == 0.0;
    case Kind::Vector:
    case Kind::Matrix:
    case Kind::NdArray: {
      const num::Matrix& m = value.is_nd_array() ? value.nd_value().pages() : value.matrix_value();
      if (m.is_real()) return true;
      for (const num::Complex& z : m.complex_values()) {
        if (z.imag() != 0.0) return false;
      }
      return true;
    }
    default:
      return true;
  }
}

Value isnumeric(Call& call) {
  const Value& v = call.value(0);
  return Value::boolean(
      (v.is(Kind::Scalar) || v.is(Kind::Complex) || v.is_array() || v.is_nd_array()) &&
      !v.is_logical() && !runtime::is_char_matrix(v));
}

Value ischar(Call& call) { return Value::boolean(runtime::is_char(call.value(0))); }

// isstring(x): MATLAB's string class; rlab has one text kind, so there any text is a string.
Value isstring(Call& call) {
  const Value& v = call.value(0);
  const bool rlab = call.session().dialect() != lang::Dialect::Matlab;
  return Value::boolean(v.is_string_class() || (rlab && v.is(Kind::String)));
}

// isStringScalar(x): a 1×1 string (a char row is not one).
Value is_string_scalar(Call& call) {
  const Value& v = call.value(0);
  return Value::boolean(v.is(Kind::String) && v.is_string_class());
}

Value islogical(Call& call) { return Value::boolean(call.value(0).is_logical()); }

Value isscalar(Call& call) {
  const Value& v = call.value(0);
  // In matlab code a one-character char and a struct (1×1) are scalars too.
  if (call.session().dialect() == lang::Dialect::Matlab &&
      ((v.is(Kind::String) && v.element_count() == 1) || v.is(Kind::Struct) ||
       (v.is(Kind::Cell) && v.cell_value().items.size() == 1))) {
    return Value::boolean(true);
  }
  return Value::boolean(v.is(Kind::Scalar) || v.is(Kind::Complex) || v.is(Kind::Bool) ||
                        (v.is_array() && v.matrix_value().size() == 1));
}

Value isvector(Call& call) {
  const Value& v = call.value(0);
  // MATLAB: any 1×N or N×1 value (text, logicals, cells and structs too).
  if (call.session().dialect() == lang::Dialect::Matlab && !v.is_nd_array()) {
    const auto [rows, columns] = size_of(v);
    return Value::boolean(rows == 1 || columns == 1);
  }
  if (v.is(Kind::Vector) || v.is(Kind::Scalar)) return Value::boolean(true);
  if (v.is(Kind::Matrix)) {
    const num::Matrix& m = v.matrix_value();
    return Value::boolean(m.rows() == 1 || m.columns() == 1);
  }
  return Value::boolean(false);
}

Value isreal(Call& call) {
  const Value& v = call.value(0);
  if (v.is(Kind::Bool) || v.is(Kind::String)) return Value::boolean(true);
  return Value::boolean(runtime::is_numeric_or_nd(v) && all_real(v));
}

// MATLAB's iscomplex: a number or array with a non-zero imaginary part (the opposite of
// isreal for numbers; false for text, logicals, cells and structs).
Value iscomplex(Call& call) {
  const Value& v = call.value(0);
  return Value::boolean(runtime::is_numeric_or_nd(v) && !v.is(Kind::Bool) && !all_real(v));
}

Value class_of(Call& call) {
  const Value& v = call.value(0);
  if (v.is_logical()) return Value::string("logical");
  switch (v.kind()) {
    case Kind::Scalar:
    case Kind::Complex:
    case Kind::Vector:
    case Kind::Matrix:
    case Kind::NdArray:
      return Value::string(std::string(runtime::class_name(v.num_class())));
    case Kind::String:
    case Kind::StringArray:
      if (v.is_string_class()) return Value::string("string");
      return Value::string(v.is(Kind::String) ? "char" : "cell");
    case Kind::Struct:
    case Kind::StructArray:
      return Value::string("struct");
    case Kind::Lambda:
    case Kind::FunctionHandle:
      return Value::string("function_handle");
    case Kind::Object:
      return Value::string(v.object_value()->kind_name());
    default:
      return Value::string(std::string(v.kind_name()));
  }
}

// The numeric class of a number or numeric array, nullopt for logical values, chars and other
// kinds.
std::optional<runtime::NumClass> numeric_class_of(const Value& v) {
  if (v.is_logical() || runtime::is_char_matrix(v) || !(runtime::is_numeric_or_nd(v))) {
    return std::nullopt;
  }
  return v.num_class();
}

// isa(x, name): class(x) is name, or name is one of MATLAB's class groups: "numeric" (double,
// single and the integer classes), "float" (double and single), "integer".
bool is_a(Call& call, const std::string& name) {
  const std::string actual = class_of(call).string_value();
  const std::optional<runtime::NumClass> cls = numeric_class_of(call.value(0));
  if (name == "numeric") return cls.has_value();
  if (name == "float") return cls && runtime::is_float_class(*cls);
  if (name == "integer") return cls && runtime::is_integer_class(*cls);
  return actual == name;
}

// isa(x, names) with a cell of names: a logical row, one answer per name (Octave's and
// MATLAB's form).
Value isa(Call& call) {
  if (!call.value(1).is(Kind::StringArray)) return Value::boolean(is_a(call, call.string(1)));
  const std::vector<std::string>& names = call.value(1).string_array_value();
  num::Matrix answers(1, static_cast<num::Index>(names.size()));
  for (std::size_t k = 0; k < names.size(); ++k) {
    answers.set(static_cast<num::Index>(k), is_a(call, names[k]) ? 1.0 : 0.0);
  }
  return Value::vector(std::move(answers), /*logical=*/true);
}

Value isinteger(Call& call) {
  const std::optional<runtime::NumClass> cls = numeric_class_of(call.value(0));
  return Value::boolean(cls && runtime::is_integer_class(*cls));
}

Value isfloat(Call& call) {
  const std::optional<runtime::NumClass> cls = numeric_class_of(call.value(0));
  return Value::boolean(cls && runtime::is_float_class(*cls));
}

// isvarname(s): s is a valid variable name (a letter, then letters, digits or `_`), not a
// reserved word.
Value isvarname(Call& call) {
  const Value& x = call.value(0);
  if (!x.is(Kind::String)) return Value::boolean(false);
  return Value::boolean(lang::is_variable_name(x.string_value()));
}

Value exist(Call& call) {
  const std::string& name = call.string(0);
  runtime::Interpreter& interpreter = call.interpreter();
  // MATLAB's codes: 1 variable, 2 file (or a user function), 5 builtin, 7 folder, 0 none.
  const auto file_kind = [&call, &name] {
    std::error_code ignored;
    const std::filesystem::path path = session_path(call.session(), name);
    if (std::filesystem::is_directory(path, ignored)) return 7;
    return std::filesystem::exists(path, ignored) ? 2 : 0;
  };
  if (call.has(1)) {
    switch (call.choice(1, {"var", "builtin", "file", "dir"})) {
      case 0:
        return Value::scalar(interpreter.has_variable(name) ? 1 : 0);
      case 1:
        return Value::scalar(interpreter.find_builtin(name) ? 5 : 0);
      case 2:
        return Value::scalar(file_kind());
      default:
        return Value::scalar(file_kind() == 7 ? 7 : 0);
    }
  }
  if (interpreter.has_variable(name)) return Value::scalar(1);
  if (interpreter.has_user_function(name)) return Value::scalar(2);
  if (interpreter.find_builtin(name)) return Value::scalar(5);
  return Value::scalar(file_kind());
}

Value double_builtin(Call& call);  // a string's character codes, below

// Each element rounded to the nearest float32 (ties to even), numeric_class's rule: what rlab's
// single gives, for studying mixed-precision rounding (there the values stay doubles, so
// arithmetic on them is double arithmetic and class() says "double").
double round_to_single(double x) { return runtime::to_class(x, runtime::NumClass::Single); }

// single(x) in rlab code: each element rounded to float32, a complex element part by part (as
// MATLAB's single complex keeps a float32 real and imaginary part); the values stay doubles.
Value rounded_to_single(Call& call) {
  num::Matrix m = call.matrix(0);
  if (m.is_complex()) {
    for (num::Complex& value : m.mutable_complex_values()) {
      value = {round_to_single(value.real()), round_to_single(value.imag())};
    }
  } else {
    for (double& value : m.mutable_real_values()) value = round_to_single(value);
  }
  return same_shape(call.value(0), std::move(m));
}

// single(x): in matlab code a value of class single (numeric_class.hpp), an N-D array and a
// char's codes included; rlab keeps the rounded doubles.
Value single(Call& call) {
  const Value& x = call.value(0);
  if (makes_classes(call) && (x.is_numeric() || x.is_nd_array() || x.is(Kind::String))) {
    const Value numbers = x.is(Kind::String) ? double_builtin(call) : x;
    return runtime::converted_to_class(runtime::as_matlab_value(numbers),
                                       runtime::NumClass::Single);
  }
  return element_wise<rounded_to_single>(call);
}

// intmax/intmin: MATLAB's default class is int32. The class they name: a class name (int32 by
// default) or, in matlab code, a value of an integer class (intmax(x), Octave's and MATLAB's form).
std::string integer_type(Call& call) {
  if (!call.has(0)) return "int32";
  const Value& x = call.value(0);
  if (makes_classes(call) && (x.is_numeric() || x.is_nd_array())) {
    if (!runtime::is_integer_class(x.num_class())) {
      call.fail(messages::not_string_or_integer_variable);
    }
    return std::string(runtime::class_name(x.num_class()));
  }
  return call.string(0);
}

std::pair<double, double> integer_limits(Call& call) {
  const std::string type = integer_type(call);
  const std::optional<runtime::NumClass> cls = runtime::class_from_name(type);
  // rlab refuses int64 and uint64, whose limits a double does not hold; matlab code has them as
  // the nearest doubles, shown as the true limits (docs/octave_conformance.md).
  const bool wide = type == "int64" || type == "uint64";
  if (cls && runtime::is_integer_class(*cls) && (makes_classes(call) || !wide)) {
    return {runtime::integer_lowest(*cls), runtime::integer_highest(*cls)};
  }
  call.fail(fmt::format(messages::unsupported_integer_class, type));
}

// In matlab code intmax and intmin are values of the class they name.
Value integer_limit(Call& call, double limit) {
  if (!makes_classes(call)) return Value::scalar(limit);
  return Value::classed_scalar(limit, *runtime::class_from_name(integer_type(call)));
}

Value intmax(Call& call) { return integer_limit(call, integer_limits(call).second); }

Value intmin(Call& call) { return integer_limit(call, integer_limits(call).first); }

// int8(x) … uint64(x): MATLAB's integer conversion, element-wise — rounded to the nearest
// integer (halves away from zero), saturated at the class limits, NaN to 0; a string gives its
// character codes. In rlab code the values stay doubles (class() says "double"); in matlab
// code they are of the class (numeric_class.hpp).
Value double_builtin(Call& call);  // a string's character codes, below

// int8(x) … uint64(x): rounded, saturated at Int's limits (as the nearest doubles).
template <class Int>
Value rounded_doubles(Call& call);

// int8(x) … uint64(x) in matlab code: a value of that class; a logical, a char's codes and a
// number of any class convert, a complex number too (part by part).
template <class Int, runtime::NumClass cls>
Value integer_class(Call& call) {
  const Value& x = call.value(0);
  if (!makes_classes(call) || !(x.is_numeric() || x.is_nd_array() || x.is(Kind::String))) {
    return rounded_doubles<Int>(call);
  }
  const Value numbers = x.is(Kind::String) ? double_builtin(call) : x;
  return runtime::converted_to_class(runtime::as_matlab_value(numbers), cls);
}

template <class Int>
Value rounded_doubles(Call& call) {
  constexpr double kLowest = static_cast<double>(std::numeric_limits<Int>::min());
  constexpr double kHighest = static_cast<double>(std::numeric_limits<Int>::max());
  const Value& x = call.value(0);
  num::Matrix m = x.is(Kind::String) ? double_builtin(call).matrix_value() : real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) {
    value = std::isnan(value) ? 0.0 : std::clamp(std::round(value), kLowest, kHighest);
  }
  if (x.is(Kind::String)) return Value::vector(std::move(m));
  return same_shape(x, std::move(m));
}

// complex(a) and complex(a, b): a + b·j from real parts, element-wise, a scalar operand paired
// with every element of the other. A scalar result is a complex scalar even when b is 0, as
// MATLAB's complex(1, 0) is (it displays as 1+0j and stays complex through arithmetic).
Value complex_builtin(Call& call) {
  const num::Matrix re = real_matrix(call, 0);
  const num::Matrix im = call.has(1) ? real_matrix(call, 1) : num::Matrix(1, 1, 0.0);
  const bool re_scalar = re.size() == 1;
  const bool im_scalar = im.size() == 1;
  if (!re_scalar && !im_scalar && (re.rows() != im.rows() || re.columns() != im.columns())) {
    call.fail(fmt::format(messages::same_size_or_scalar, "real and imaginary parts"));
  }
  const num::Matrix& shape = re_scalar && call.has(1) ? im : re;
  const Value& model = re_scalar && call.has(1) ? call.value(1) : call.value(0);
  if (shape.size() == 1 && !model.is_array()) {
    return Value::complex(num::Complex(re[0], im[0]));
  }
  num::Matrix result(shape.rows(), shape.columns(), num::Matrix::Element::ComplexValued);
  for (num::Index k = 0; k < shape.size(); ++k) {
    result.set(k, num::Complex(re[re_scalar ? 0 : k], im[im_scalar ? 0 : k]));
  }
  return same_shape(model, std::move(result));
}

// logical(x): 1 where x is non-zero, as a Bool or a logical array; NaN has no truth value.
Value logical(Call& call) {
  const Value& x = call.value(0);
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values()) {
    if (std::isnan(value)) call.fail(messages::nan_to_logical);
    value = value != 0.0 ? 1.0 : 0.0;
  }
  if (x.is(Kind::Vector)) return Value::vector(std::move(m), /*logical=*/true);
  if (x.is(Kind::Matrix)) return Value::matrix(std::move(m), /*logical=*/true);
  return Value::boolean(m[0] != 0.0);
}

// double(x): numbers without the logical mark; a string gives its character codes.
Value double_builtin(Call& call) {
  const Value& x = call.value(0);
  // double of MATLAB's strings reads the numbers they spell, as str2double.
  if (x.is_string_class()) return call.interpreter().call("str2double", {x});
  if (x.is(Kind::String)) {
    const std::vector<std::string_view> characters = characters_of(x.string_value());
    num::Matrix codes(1, static_cast<num::Index>(characters.size()));
    for (std::size_t k = 0; k < characters.size(); ++k) {
      codes.set(static_cast<num::Index>(k), static_cast<double>(code_point_of(characters[k])));
    }
    return Value::vector(std::move(codes));
  }
  if (!x.is_numeric()) call.matrix(0);  // throws the uniform "expected numeric" error
  if (x.is(Kind::Bool)) return Value::scalar(x.scalar_value());
  if (x.has_special_class()) return runtime::without_class(x);
  if (x.is(Kind::Vector)) return Value::vector(x.matrix_value());
  if (x.is(Kind::Matrix)) return Value::matrix(x.matrix_value());
  return x;
}

// cast(x, "cls"): x converted by the conversion builtin of that class name; cast(x, "like", y)
// takes y's class, and complexity (Octave's cast(1, "like", 2i) is complex(1)).
Value cast(Call& call) {
  if (call.count() == 3) {
    if (!runtime::is_word(call.value(1), "like")) call.fail(messages::cast_call_forms);
    const Value& model = call.value(2);
    const Value name = call.invoke(Value::function_handle("class"), {model});
    const Value converted = call.invoke(Value::function_handle("cast"), {call.value(0), name});
    if (!runtime::is_numeric_or_nd(model) || all_real(model)) return converted;
    return call.invoke(Value::function_handle("complex"), {converted});
  }
  const std::string& name = call.string(1);
  if (!runtime::class_from_name(name) && name != "char") {
    call.fail(fmt::format(messages::unknown_class, name));
  }
  return call.invoke(Value::function_handle(name), {call.value(0)});
}

// An N-D array (issue #27) is never a row, a column or a matrix: MATLAB asks for two dims.
Value isrow(Call& call) {
  return Value::boolean(!call.value(0).is_nd_array() && size_of(call.value(0)).first == 1);
}

Value iscolumn(Call& call) {
  return Value::boolean(!call.value(0).is_nd_array() && size_of(call.value(0)).second == 1);
}

// Every other rlab value with a size is two-dimensional, which is all MATLAB's ismatrix asks.
Value ismatrix(Call& call) {
  return Value::boolean(!call.value(0).is_none() && !call.value(0).is_nd_array());
}

bool equal_values(const Value& a, const Value& b);

bool equal_numbers(const Value& a, const Value& b) {
  if (size_of(a) != size_of(b)) return false;
  const num::Matrix x = a.as_matrix();
  const num::Matrix y = b.as_matrix();
  for (num::Index k = 0; k < x.size(); ++k) {
    if (x.complex_at(k) != y.complex_at(k)) return false;
  }
  return true;
}

bool equal_structs(const runtime::StructFields& a, const runtime::StructFields& b) {
  if (a.size() != b.size()) return false;
  for (auto p = a.begin(), q = b.begin(); p != a.end(); ++p, ++q) {
    if (p->first != q->first || !equal_values(p->second, q->second)) return false;
  }
  return true;
}

bool equal_tuples(const std::vector<Value>& a, const std::vector<Value>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (!equal_values(a[k], b[k])) return false;
  }
  return true;
}

bool equal_cells(const runtime::CellArray& a, const runtime::CellArray& b) {
  return a.dims() == b.dims() && equal_tuples(a.items, b.items);
}

// MATLAB's isequal: numbers compare by size and value whatever their kind (a Vector equals the
// 1×N Matrix, true equals 1, NaN equals nothing); strings by text; structs field by field;
// cells by shape and then element by element.
bool equal_values(const Value& a, const Value& b) {
  if (a.is_numeric() && b.is_numeric()) return equal_numbers(a, b);
  // A cell of texts held as a string array equals the cell it stands for.
  if (a.is(Kind::StringArray) && b.is(Kind::Cell)) {
    return equal_cells(runtime::cell_of_texts(a.string_array_value()), b.cell_value());
  }
  if (a.is(Kind::Cell) && b.is(Kind::StringArray)) return equal_values(b, a);
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Kind::String:
      return a.string_value() == b.string_value();
    case Kind::StringArray:
      return a.string_array_value() == b.string_array_value();
    case Kind::Struct:
      return equal_structs(a.struct_fields(), b.struct_fields());
    case Kind::Tuple:
      return equal_tuples(a.tuple_items(), b.tuple_items());
    case Kind::StructArray:
      return a.struct_array_dims() == b.struct_array_dims() &&
             equal_tuples(a.struct_array_items(), b.struct_array_items());
    case Kind::Lambda:
      return a.lambda_value().parameters == b.lambda_value().parameters &&
             a.lambda_value().text == b.lambda_value().text;
    case Kind::FunctionHandle:
      return a.handle_name() == b.handle_name();
    case Kind::Object:
      return a.object_value() == b.object_value();
    case Kind::Cell:
      return equal_cells(a.cell_value(), b.cell_value());
    case Kind::NdArray:
      return a.nd_value() == b.nd_value();
    default:
      return true;
  }
}

Value isequal(Call& call) {
  // In matlab code a char beside a number compares as its character codes (isequal('a', 97)),
  // as MATLAB compares values whatever their class.
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  const auto comparable = [&](const Value& v, const Value& other) {
    if (matlab && v.is(Kind::String) && other.is_numeric()) {
      return call.invoke(Value::function_handle("double"), {v});
    }
    return v;
  };
  for (int k = 1; k < call.count(); ++k) {
    if (!equal_values(comparable(call.value(0), call.value(k)),
                      comparable(call.value(k), call.value(0)))) {
      return Value::boolean(false);
    }
  }
  return Value::boolean(true);
}

}  // namespace

extern const BuiltinTable kTypeBuiltins = {
    {"isnumeric", isnumeric, 1, 1,
     "True for numbers and numeric arrays (not bools). Example: isnumeric(5)"},
    {"ischar", ischar, 1, 1, "True for a string or a char matrix. Example: ischar(\"a\")"},
    {"isstring", isstring, 1, 1,
     "True for MATLAB's string class (any text in rlab). Example: isstring(\"a\")"},
    {"isStringScalar", is_string_scalar, 1, 1,
     "True for a 1x1 string (not a char row). Example: isStringScalar(\"a\")"},
    {"islogical", islogical, 1, 1, "True for a bool or a logical array. Example: islogical(true)"},
    {"isscalar", isscalar, 1, 1, "True for a one-element value. Example: isscalar(5)"},
    {"isvector", isvector, 1, 1,
     "True for a vector, a 1×N or N×1 matrix, or a scalar. Example: isvector([1, 2, 3])"},
    {"isreal", isreal, 1, 1,
     "True when every imaginary part is exactly 0. Example: isreal(3 + 0*i)"},
    {"iscomplex", iscomplex, 1, 1,
     "True for a number or array with a non-zero imaginary part. Example: iscomplex(3 + 2*j)"},
    {"class", class_of, 1, 1,
     "The MATLAB class name: double, logical, char, cell, struct, ... Example: class(true)"},
    {"isa", isa, 2, 2,
     "True when class(x) is the name, or the group \"numeric\" / \"float\". Example: isa(5, "
     "\"numeric\")"},
    {"isinteger", isinteger, 1, 1,
     "True for a value of an integer class (int8 … uint64). Example: isinteger(int8(5))"},
    {"isfloat", isfloat, 1, 1,
     "True for a value of class double or single. Example: isfloat(single(1))"},
    {"cast", cast, 2, 3, "x converted to the named class. Example: cast(3.7, \"int16\")"},
    {"isvarname", isvarname, 1, 1, "True for a valid variable name. Example: isvarname(\"x1\")"},
    {"exist", exist, 1, 2,
     "1 variable, 2 user function or file, 5 builtin, 7 folder, 0 otherwise (MATLAB's codes). "
     "Example: x = 1; exist(\"x\")"},
    {"complex", keeps_single<element_wise<complex_builtin, 2>, 2>, 1, 2,
     "a + b*j from real parts, element-wise: complex(a, b). Example: complex(1, 2)"},
    {"int8", integer_class<std::int8_t, runtime::NumClass::Int8>, 1, 1,
     "Round and saturate to int8 (class int8 in matlab code). Example: int8(200)"},
    {"uint8", integer_class<std::uint8_t, runtime::NumClass::UInt8>, 1, 1,
     "Round and saturate to uint8; a string's codes. Example: uint8(\"A\")"},
    {"int16", integer_class<std::int16_t, runtime::NumClass::Int16>, 1, 1,
     "Round and saturate to int16. Example: int16(-40000)"},
    {"uint16", integer_class<std::uint16_t, runtime::NumClass::UInt16>, 1, 1,
     "Round and saturate to uint16. Example: uint16(70000)"},
    {"int32", integer_class<std::int32_t, runtime::NumClass::Int32>, 1, 1,
     "Round and saturate to int32. Example: int32(2.5)"},
    {"uint32", integer_class<std::uint32_t, runtime::NumClass::UInt32>, 1, 1,
     "Round and saturate to uint32. Example: uint32(-1)"},
    {"int64", integer_class<std::int64_t, runtime::NumClass::Int64>, 1, 1,
     "Round and saturate to int64 (limits as the nearest doubles). Example: int64(3.7)"},
    {"uint64", integer_class<std::uint64_t, runtime::NumClass::UInt64>, 1, 1,
     "Round and saturate to uint64 (limits as the nearest doubles). Example: uint64(3.7)"},
    {"single", single, 1, 1,
     "Rounds to the nearest float32 (a complex value part by part); class single in matlab "
     "code. Example: single(0.1) - 0.1"},
    {"intmax", intmax, 0, 1,
     "Largest int32 value (of class int32 in matlab code); intmax(\"int8\") etc. Example: "
     "intmax(\"int8\")"},
    {"intmin", intmin, 0, 1,
     "Smallest int32 value (of class int32 in matlab code); intmin(\"int8\") etc. Example: "
     "intmin(\"int16\")"},
    {"logical", element_wise<logical>, 1, 1,
     "Truth values: a bool or a logical array (x != 0). Example: logical([0, 2, -1])"},
    {"double", element_wise<double_builtin>, 1, 1,
     "Plain numbers: class double (drops the logical mark); string to codes. Example: "
     "double(\"AB\")"},
    {"isrow", isrow, 1, 1, "True when size(x, 1) is 1. Example: isrow([1, 2, 3])"},
    {"iscolumn", iscolumn, 1, 1, "True when size(x, 2) is 1. Example: iscolumn([1; 2])"},
    {"ismatrix", ismatrix, 1, 1,
     "True for any two-dimensional value (every value with a size). Example: ismatrix(magic(3))"},
    {"isequal", isequal, 2, -1,
     "True when all arguments have equal sizes and values. Example: isequal([1, 2], [1, 2])"},
};

}  // namespace llmlab::builtins
