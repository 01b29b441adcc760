// Small argument helpers several builtin files share: which value kinds count as one number, the
// numeric check every reduction makes, real arguments, results in the argument's kind, NaN, the
// largest exact size or subscript, and the "UniformOutput" option.
#pragma once

#include <fmt/format.h>

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "base/messages/arguments.hpp"
#include "lang/dialect.hpp"
#include "num/matrix.hpp"
#include "num/nd_array.hpp"
#include "runtime/call.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/class_values.hpp"
#include "runtime/nd_element_wise.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/session.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

inline bool is_scalar_kind(const runtime::Value& x) {
  using runtime::Kind;
  return x.is(Kind::Scalar) || x.is(Kind::Complex) || x.is(Kind::Bool);
}

inline bool is_one_dimensional(const num::Matrix& m) { return m.rows() == 1 || m.columns() == 1; }

// Scalar kinds as numbers: a Bool counts as 1 or 0.
inline runtime::Value as_number(const runtime::Value& x) {
  return x.is(runtime::Kind::Bool) ? runtime::Value::scalar(x.scalar_value()) : x;
}

// A builtin on 2-D values alone: an N-D x is the error "<name>: the argument must be 2-D (a
// matrix); this one is 2×3×4".
inline void require_numeric(runtime::Call& call, const runtime::Value& x) {
  if (x.is_nd_array()) call.fail_not_two_dimensional(x, -1);
  if (!x.is_numeric()) call.fail(fmt::format(messages::unsupported_type, x.kind_name()));
}

inline void require_numeric_or_nd(runtime::Call& call, const runtime::Value& x) {
  if (!runtime::is_numeric_or_nd(x))
    call.fail(fmt::format(messages::unsupported_type, x.kind_name()));
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The numeric argument at `index` as a real matrix (scalars and bools 1×1, Vectors 1×N); a
// complex value with a non-zero imaginary part is an error naming the builtin.
num::Matrix real_matrix(runtime::Call& call, int index);

// The result of an element-wise operation on x's elements, in x's kind and shape (a Bool or
// a logical array gives plain numbers).
runtime::Value same_shape(const runtime::Value& x, num::Matrix result);

// cellfun's and structfun's option pairs from argument `first` on: "UniformOutput", tf (the
// last one counts). True, the default, gathers the results into an array.
bool uniform_output(runtime::Call& call, int first);

// The extents a constructor is given when they make an N-D array (issue #27): three or more
// sizes from argument `first` on (zeros(2, 3, 4)), or one size vector of three or more
// elements (rand([2 3 4])). nullopt for the 2-D forms, which keep their own rules. A separate
// size is a non-negative integer; a size-vector element a whole number, negative counting as 0.
std::optional<num::Dims> nd_size_arguments(const runtime::Call& call, int first);

// A constructor's result for one count n (zeros(n), rand(n), inf(n), true(n)): a length-n
// Vector in rlab (language.md §11 item 1), n×n in the matlab dialect (§14). `make(rows,
// columns)` builds the matrix.
template <class Make>
runtime::Value lone_count_array(const runtime::Call& call, num::Index n, Make make) {
  if (call.session().dialect() == lang::Dialect::Matlab) return runtime::Value::matrix(make(n, n));
  return runtime::Value::vector(make(1, n));
}

// A 1-D answer about x's elements (find, unique), made as a row: a Vector in rlab; in the
// matlab dialect a row for a row x and a column otherwise (0×0 for a 0×0 x), as MATLAB shapes
// it.
runtime::Value oriented_like(const runtime::Call& call, const runtime::Value& x, num::Matrix row);

// Which classes a constructor makes: any class, or (Inf, NaN) only floating-point ones.
enum class ClassRange { Any, Floating };

// A constructor with MATLAB's trailing class (zeros(2, 3, "single"), ones(n, "logical"),
// eye(n, "like", x)): `make` builds the array from the size arguments alone, and the builtin of
// that class name (single, logical, int8, ...) converts it; "like" takes x's class. Without
// a class argument it is `make` itself. A Floating constructor (inf, nan) takes "double" or
// "single", by name or "like".
runtime::Value with_class_argument(runtime::Call& call, runtime::Value (*make)(runtime::Call&),
                                   ClassRange range);

template <runtime::Value (*make)(runtime::Call&), ClassRange range = ClassRange::Any>
runtime::Value class_aware(runtime::Call& call) {
  return with_class_argument(call, make, range);
}

// Sizes and subscripts above 2^53 are not exact doubles (and would overflow the conversion to
// an integer); no array can have that many elements anyway.
constexpr double kLargestSize = 9007199254740992.0;

// An element-wise builtin that takes N-D arrays (issue #27): its table entry names
// `element_wise<body>` (or `element_wise<body, 2>` for two operands that expand against each
// other), and `body`, its 2-D definition, never sees an NdArray (runtime/nd_element_wise.hpp).
template <runtime::BuiltinBody body, int operands = 1>
runtime::Value element_wise(runtime::Call& call) {
  if (!runtime::has_nd_operand(call.arguments(), operands)) return body(call);
  return runtime::lift_element_wise(call, operands, body);
}

// A builtin that reads argument 0 as the list of its elements (unique, histcounts): an N-D array
// reaches its 2-D body as its d1×(d2·…·dn) fold (runtime::folded_to_matrix), whose elements and
// linear indices are the array's, as MATLAB reads them.
template <runtime::BuiltinBody body>
runtime::Value over_elements(runtime::Call& call) {
  if (!call.has(0) || !call.value(0).is_nd_array()) return body(call);
  std::vector<runtime::Value> arguments(call.arguments().begin(), call.arguments().end());
  arguments[0] = runtime::folded_to_matrix(arguments[0]);
  runtime::Call folded(call.interpreter(), call.name(), arguments, call.nargout());
  return body(folded);
}

// Whether the call's code is matlab: int8(...) … uint64(...), single(...) and the constants of
// a class give values of that class there (numeric_class.hpp). rlab code keeps the plain
// doubles it always printed (language.md §14: rlab is unchanged).
bool makes_classes(const runtime::Call& call);

// The class `keeps_class` gives a result: argument 1's, or with operands == 2 the class an
// arithmetic operator gives arguments 1 and 2 (max(int8(x), 3) is int8).
runtime::NumClass kept_class(runtime::Call& call, int operands);

// `body` run on the call with its first `operands` arguments untagged (their elements as
// doubles), its result (the first output of several) converted to `cls`.
runtime::Value in_class(runtime::Call& call, runtime::BuiltinBody body, int operands,
                        runtime::NumClass cls);

// A builtin whose result has its argument's numeric class (abs, round, reshape, max, ...:
// MATLAB's abs(int8(-5)) is int8): `body` computes in double, and its result is converted to the
// class. Doubles pass straight through.
template <runtime::BuiltinBody body, int operands = 1>
runtime::Value keeps_class(runtime::Call& call) {
  const runtime::NumClass cls = kept_class(call, operands);
  if (!runtime::is_special_class(cls)) return body(call);
  return in_class(call, body, operands, cls);
}

// Whether a builtin that rearranges elements sees its first argument as a char: a char matrix,
// or a text in matlab code (runtime/char_matrix.hpp).
bool rearranges_char(const runtime::Call& call);

// `body` run on the call with its first argument's character codes (a numeric array), its
// result (the first output of several) char again: one row is the text.
runtime::Value on_char_codes(runtime::Call& call, runtime::BuiltinBody body);

// A builtin that moves elements about (repmat, reshape, fliplr, circshift, sortrows, ...): of
// a char it gives a char, as MATLAB's repmat('ab', 2, 1) is the 2×2 char ['ab'; 'ab']. Other
// values pass straight through; rlab's strings too.
template <runtime::BuiltinBody body>
runtime::Value keeps_char(runtime::Call& call) {
  if (!rearranges_char(call)) return body(call);
  return on_char_codes(call, body);
}

// The error of a builtin that takes numbers only, given a char matrix (MATLAB's std, var,
// bounds, ... refuse chars where sum and max take their codes).
[[noreturn]] void fail_char_argument(const runtime::Call& call);

// A statistic of numbers only: a char matrix as its first argument is an error, not its codes.
template <runtime::BuiltinBody body>
runtime::Value numbers_only(runtime::Call& call) {
  if (call.has(0) && runtime::is_char_matrix(call.value(0))) fail_char_argument(call);
  return body(call);
}

// A floating-point function (sqrt, exp, sin, atan2, std, norm, ...): of single it is single,
// as in MATLAB and Octave; of an integer class it is double (Octave's exp(int8(1)) and
// dot(int8(x), int8(y))), computed on the integers' values as doubles.
template <runtime::BuiltinBody body, int operands = 1>
runtime::Value keeps_single(runtime::Call& call) {
  const runtime::NumClass cls = kept_class(call, operands);
  if (!runtime::is_special_class(cls)) return body(call);
  return in_class(call, body, operands,
                  cls == runtime::NumClass::Single ? cls : runtime::NumClass::Double);
}

// A function of floating-point arguments only (deg2rad, polyval: Octave refuses an integer
// class there): an integer argument among the first `operands` is an error.
void require_floats(runtime::Call& call, int operands);

template <runtime::BuiltinBody body, int operands = 1>
runtime::Value floats_only(runtime::Call& call) {
  require_floats(call, operands);
  return body(call);
}

}  // namespace llmlab::builtins
