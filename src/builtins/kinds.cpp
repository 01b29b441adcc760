// The shared argument helpers that are not inline (see kinds.hpp).
#include "builtins/kinds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "base/messages/arguments.hpp"
#include "base/messages/classes.hpp"
#include "num/format.hpp"
#include "runtime/char_matrix.hpp"

namespace llmlab::builtins {

using runtime::Kind;
using runtime::Value;

num::Matrix real_matrix(runtime::Call& call, int index) {
  num::Matrix m = call.matrix(index);
  m.demote_if_real();
  if (m.is_complex()) {
    call.fail(fmt::format(messages::argument_must_be_real, index + 1));
  }
  return m;
}

Value same_shape(const Value& x, num::Matrix result) {
  if (x.is(Kind::Vector)) return Value::vector(std::move(result));
  if (x.is(Kind::Matrix)) return Value::matrix(std::move(result));
  return Value::like(x, std::move(result));
}

bool uniform_output(runtime::Call& call, int first) {
  bool uniform = true;
  call.name_value_options(first, {{"UniformOutput", [&](int k) { uniform = call.boolean(k); }}});
  return uniform;
}

std::optional<num::Dims> nd_size_arguments(const runtime::Call& call, int first) {
  const int given = call.count() - first;
  if (given >= 3) {
    num::Dims dims;
    const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
    for (int k = first; k < call.count(); ++k) {
      // MATLAB: a negative extent counts as 0 (ones(1, -2, 2) is 1×0×2).
      const bool negative = matlab && call.value(k).is_numeric() && call.scalar(k) < 0 &&
                            call.scalar(k) == std::floor(call.scalar(k));
      dims.push_back(negative ? 0 : call.count_argument(k));
    }
    return dims;
  }
  if (given != 1 || !call.value(first).is_array()) return std::nullopt;
  const num::Matrix& sizes = call.value(first).matrix_value();
  if (sizes.size() < 3) return std::nullopt;
  num::Dims dims;
  for (num::Index k = 0; k < sizes.size(); ++k) {
    // MATLAB's rule for an N-D size vector: whole numbers, a negative one counting as 0.
    const double extent = sizes[k];
    if (extent != std::floor(extent) || !(std::abs(extent) <= kLargestSize)) {
      call.fail(fmt::format(messages::must_be_integers_got, "size vector elements",
                            num::format_shortest(extent)));
    }
    dims.push_back(extent < 0 ? 0 : static_cast<num::Index>(extent));
  }
  return dims;
}

Value oriented_like(const runtime::Call& call, const Value& x, num::Matrix row) {
  if (call.session().dialect() != lang::Dialect::Matlab) return Value::vector(std::move(row));
  const num::Index rows = x.is_array() ? x.matrix_value().rows() : 1;
  const num::Index columns = x.is_array() ? x.matrix_value().columns() : 1;
  if (rows == 0 && columns == 0) return Value::matrix(num::Matrix(0, 0));
  if (rows == 1) return Value::matrix(std::move(row));
  const num::Index count = row.size();
  return Value::matrix(row.with_shape(count, 1));
}

bool makes_classes(const runtime::Call& call) {
  return call.session().dialect() == lang::Dialect::Matlab;
}

runtime::NumClass kept_class(runtime::Call& call, int operands) {
  const auto class_of = [&call](int k) {
    const Value& x = call.value(k);
    return x.is_numeric() || x.is_nd_array() ? x.num_class() : runtime::NumClass::Double;
  };
  runtime::NumClass cls = call.count() > 0 ? class_of(0) : runtime::NumClass::Double;
  if (operands == 2 && call.count() > 1) cls = runtime::arithmetic_class(cls, class_of(1));
  return runtime::is_special_class(cls) ? cls : runtime::NumClass::Double;
}

Value in_class(runtime::Call& call, runtime::BuiltinBody body, int operands,
               runtime::NumClass cls) {
  std::vector<Value> arguments(call.arguments().begin(), call.arguments().end());
  for (std::size_t k = 0; k < arguments.size() && k < static_cast<std::size_t>(operands); ++k) {
    arguments[k] = runtime::without_class(arguments[k]);
  }
  runtime::Call plain(call.interpreter(), call.name(), arguments, call.nargout());
  Value result = body(plain);
  if (!result.is(Kind::Tuple)) return runtime::converted_to_class(std::move(result), cls);
  std::vector<Value> items = result.tuple_items();
  if (!items.empty()) items[0] = runtime::converted_to_class(std::move(items[0]), cls);
  return Value::tuple(std::move(items));
}

bool rearranges_char(const runtime::Call& call) {
  if (!call.has(0)) return false;
  const Value& x = call.value(0);
  return runtime::is_char_matrix(x) || (x.is(Kind::String) && !x.is_string_class() &&
                                        call.session().dialect() == lang::Dialect::Matlab);
}

Value on_char_codes(runtime::Call& call, runtime::BuiltinBody body) {
  std::vector<Value> arguments(call.arguments().begin(), call.arguments().end());
  arguments[0] = Value::matrix(runtime::char_codes(arguments[0]));
  runtime::Call codes(call.interpreter(), call.name(), arguments, call.nargout());
  Value result = body(codes);
  if (!result.is(Kind::Tuple)) return runtime::tagged(std::move(result), runtime::NumClass::Char);
  std::vector<Value> items = result.tuple_items();
  if (!items.empty()) items[0] = runtime::tagged(std::move(items[0]), runtime::NumClass::Char);
  return Value::tuple(std::move(items));
}

void fail_char_argument(const runtime::Call& call) {
  const num::Matrix& codes = call.value(0).matrix_value();
  call.fail(fmt::format(messages::numeric_not_char_matrix, codes.rows(), codes.columns()));
}

void require_floats(runtime::Call& call, int operands) {
  for (int k = 0; k < operands && k < call.count(); ++k) {
    if (runtime::is_integer_class(call.value(k).num_class())) {
      call.fail(fmt::format(messages::not_double_or_single_class, k + 1,
                            runtime::class_name(call.value(k).num_class())));
    }
  }
}

Value with_class_argument(runtime::Call& call, Value (*make)(runtime::Call&), ClassRange range) {
  const std::span<const Value> arguments = call.arguments();
  const int count = call.count();
  std::size_t sizes = arguments.size();
  Value class_name;
  if (count >= 2 && runtime::is_word(call.value(count - 2), "like")) {
    class_name = call.invoke(Value::function_handle("class"), {call.value(count - 1)});
    sizes -= 2;
  } else if (count >= 1 && call.value(count - 1).is(Kind::String)) {
    class_name = call.value(count - 1);
    sizes -= 1;
  } else {
    return make(call);
  }
  const std::string& name = class_name.string_value();
  static constexpr std::array<std::string_view, 12> kClasses = {
      "double", "single", "logical", "int8",   "int16",  "int32",
      "int64",  "uint8",  "uint16",  "uint32", "uint64", "char"};
  if (range == ClassRange::Floating && name != "double" && name != "single") {
    call.fail(fmt::format(messages::class_not_precision, name));
  }
  if (std::find(kClasses.begin(), kClasses.end(), name) == kClasses.end()) {
    call.fail(fmt::format(messages::unknown_class, name));
  }
  // zeros("single") is one element, as zeros(1, 1) is.
  const Value one_by_one[] = {Value::scalar(1.0), Value::scalar(1.0)};
  const std::span<const Value> size_arguments =
      sizes == 0 ? std::span<const Value>(one_by_one) : arguments.first(sizes);
  runtime::Call sized(call.interpreter(), call.name(), size_arguments, call.nargout());
  Value made = make(sized);
  if (name == "double") return made;
  return call.invoke(Value::function_handle(name), {std::move(made)});
}

}  // namespace llmlab::builtins
