// builtins.md §2 Predefined constants, and the MATLAB functions that give the same numbers
// with a size or class: eps, realmax, realmin, flintmax, inf/Inf, nan/NaN, true, false
// (builtins.md §0.4 superset policy).
#include <fmt/format.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "base/messages/arrays.hpp"
#include "base/messages/classes.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "num/rng.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// eps(x): the distance from |x| to the next larger double (2^-1074 at 0, NaN for NaN and Inf).
double spacing(double x) {
  if (!std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
  const double magnitude = std::abs(x);
  // realmax has no finite number above it: its spacing is the one below, 2^971 (MATLAB's).
  if (magnitude == std::numeric_limits<double>::max()) {
    return magnitude - std::nextafter(magnitude, 0.0);
  }
  return std::nextafter(magnitude, std::numeric_limits<double>::infinity()) - magnitude;
}

// A precision class name, as eps("single") and realmax("double") take it.
enum class Precision { Double, Single };

Precision precision_argument(Call& call, int index) {
  const std::string& name = call.string(index);
  if (name == "double") return Precision::Double;
  if (name == "single") return Precision::Single;
  call.fail(fmt::format(messages::unsupported_class_not_precision, name));
}

bool names_precision(const Call& call, int index) {
  return call.has(index) && call.value(index).is(Kind::String);
}

// realmax(x), flintmax(x) ... of a floating-point value x in matlab code take x's class.
bool single_requested(Call& call) {
  if (!call.has(0)) return false;
  const Value& x = call.value(0);
  if (makes_classes(call) && (x.is_numeric() || x.is_nd_array()) && !x.is_logical() &&
      runtime::is_float_class(x.num_class())) {
    return x.num_class() == runtime::NumClass::Single;
  }
  return precision_argument(call, 0) == Precision::Single;
}

// A constant of single precision: in matlab code a value of class single (numeric_class.hpp).
Value precision_value(Call& call, double value, bool single) {
  if (single && makes_classes(call)) return Value::classed_scalar(value, runtime::NumClass::Single);
  return Value::scalar(value);
}

// eps(x) of a single x: the distance to the next larger float32.
double single_spacing(double x) {
  if (!std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
  const float magnitude = std::abs(static_cast<float>(x));
  if (magnitude == FLT_MAX) return static_cast<double>(magnitude - std::nextafter(magnitude, 0.0f));
  return static_cast<double>(std::nextafter(magnitude, std::numeric_limits<float>::infinity()) -
                             magnitude);
}

Value eps(Call& call) {
  if (names_precision(call, 0)) {
    const bool single = precision_argument(call, 0) == Precision::Single;
    return precision_value(call, single ? static_cast<double>(FLT_EPSILON) : DBL_EPSILON, single);
  }
  if (!call.has(0)) return Value::scalar(DBL_EPSILON);
  // The spacing of a class's numbers: MATLAB defines it for double and single only.
  if (call.value(0).is_logical() || runtime::is_integer_class(call.value(0).num_class())) {
    call.fail(messages::not_double_or_single);
  }
  const bool single = call.value(0).num_class() == runtime::NumClass::Single;
  num::Matrix m = real_matrix(call, 0);
  for (double& value : m.mutable_real_values())
    value = single ? single_spacing(value) : spacing(value);
  Value result = same_shape(call.value(0), std::move(m));
  return single ? runtime::tagged(std::move(result), runtime::NumClass::Single) : result;
}

// realmax, realmin and flintmax of double (the default) or of single, named as MATLAB names it.
// realmax, realmin and flintmax of double or, with "single", of float32. (Floating-point
// template parameters would say it in one line, but Clang 14, the fuzz build's, lacks them.)
template <class Float>
struct Largest {
  static constexpr double value = static_cast<double>(std::numeric_limits<Float>::max());
};

template <class Float>
struct SmallestNormal {
  static constexpr double value = static_cast<double>(std::numeric_limits<Float>::min());
};

// 2^digits: above it, not every integer is representable.
template <class Float>
struct LargestFlint {
  static constexpr double value = static_cast<double>(1ULL << std::numeric_limits<Float>::digits);
};

template <template <class> class Limit>
Value precision_limit(Call& call) {
  const bool single = single_requested(call);
  return precision_value(call, single ? Limit<float>::value : Limit<double>::value, single);
}

// inf/nan: () a scalar, (n) a Vector (n×n in the matlab dialect), (m, n) and ([m, n]) an m×n
// Matrix, as zeros shapes them.
Value filled(Call& call, double fill) {
  if (std::optional<num::Dims> dims = nd_size_arguments(call, 0)) {
    return runtime::nd_result(num::NdArray(std::move(*dims), fill));
  }
  if (call.count() == 0) return Value::scalar(fill);
  if (call.count() == 2) {
    return Value::matrix(num::Matrix(call.count_argument(0), call.count_argument(1), fill));
  }
  const Value& size = call.value(0);
  if (size.is_array()) {
    const num::Matrix& dims = size.matrix_value();
    if (dims.size() != 2) {
      call.fail(fmt::format(messages::size_not_scalar_or_pair, dims.size(), size.kind_name()));
    }
    return Value::matrix(num::Matrix(num::size_from_vector_element(dims[0]),
                                     num::size_from_vector_element(dims[1]), fill));
  }
  return lone_count_array(
      call, call.count_argument(0),
      [fill](num::Index rows, num::Index columns) { return num::Matrix(rows, columns, fill); });
}

Value inf(Call& call) { return filled(call, std::numeric_limits<double>::infinity()); }

Value nan(Call& call) { return filled(call, std::numeric_limits<double>::quiet_NaN()); }

// true(m, n) / false(n): logical arrays shaped as inf and nan shape them (a lone count is a
// Vector, as zeros(n) is); with no sizes the Bool itself.
Value truth_filled(Call& call, bool fill) {
  // MATLAB's trailing class: true(m, n, "logical"), true(m, n, "like", p).
  int sizes = call.count();
  if (call.session().dialect() == lang::Dialect::Matlab && sizes >= 1) {
    if (sizes >= 2 && runtime::is_word(call.value(sizes - 2), "like")) {
      if (!call.value(sizes - 1).is_logical()) call.fail(messages::like_prototype_not_logical);
      sizes -= 2;
    } else if (call.value(sizes - 1).is(Kind::String) &&
               call.value(sizes - 1).string_value() == "logical") {
      sizes -= 1;
    }
  }
  if (sizes < call.count()) {
    std::vector<Value> rest(call.arguments().begin(), call.arguments().begin() + sizes);
    runtime::Call inner(call.interpreter(), call.name(), rest, call.nargout());
    return truth_filled(inner, fill);
  }
  if (call.count() == 0) return Value::boolean(fill);
  Value result = filled(call, fill ? 1.0 : 0.0);
  result.set_logical(true);
  return result;
}

Value true_builtin(Call& call) { return truth_filled(call, true); }

Value false_builtin(Call& call) { return truth_filled(call, false); }

}  // namespace

extern const BuiltinTable kConstantBuiltins = {
    {"eps", element_wise<eps>, 0, 1,
     "Machine epsilon 2^-52 (eps(\"single\") 2^-23); eps(x) is the spacing of doubles at x. "
     "Example: eps(1000)"},
    {"realmax", precision_limit<Largest>, 0, 1,
     "Largest finite double; realmax(\"single\") the largest float32. Example: "
     "realmax(\"single\")"},
    {"realmin", precision_limit<SmallestNormal>, 0, 1,
     "Smallest normalised positive double; realmin(\"single\") that of float32. Example: realmin"},
    {"flintmax", precision_limit<LargestFlint>, 0, 1,
     "Largest consecutive integer in double, 2^53 (2^24 for \"single\"). Example: flintmax"},
    {"inf", class_aware<inf, ClassRange::Floating>, 0, -1,
     "Infinity: inf, inf(n) vector, inf(m, n) matrix. Example: x = inf(1, 3)"},
    {"nan", class_aware<nan, ClassRange::Floating>, 0, -1,
     "Not-a-number: nan, nan(n) vector, nan(m, n) matrix. Example: x = nan(2, 2)"},
    {"Inf", class_aware<inf, ClassRange::Floating>, 0, -1,
     "Infinity arrays: Inf(n) vector, Inf(m, n) matrix (as inf). Example: x = Inf(3)"},
    {"NaN", class_aware<nan, ClassRange::Floating>, 0, -1,
     "Not-a-number arrays: NaN(n) vector, NaN(m, n) matrix (as nan). Example: x = NaN(3)"},
    {"true", true_builtin, 0, -1,
     "Logical ones: true(n) vector, true(m, n) matrix. Example: mask = true(2, 3)"},
    {"false", false_builtin, 0, -1,
     "Logical zeros: false(n) vector, false(m, n) matrix. Example: mask = false(1, 4)"},
};

}  // namespace llmlab::builtins
