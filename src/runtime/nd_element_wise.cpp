// The element-wise lifting over N dims (see nd_element_wise.hpp).
#include "runtime/nd_element_wise.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/messages/values.hpp"
#include "num/nd_shape.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::runtime {

namespace {

bool is_number(const Value& v) {
  return v.is(Kind::Scalar) || v.is(Kind::Bool) || v.is(Kind::Complex);
}

// An operand that takes part in the expansion: an array of any numeric kind.
bool is_array_operand(const Value& v) { return is_numeric_or_nd(v) && !is_number(v); }

// "op1 is 2x3x2, op2 is 3x2", as Octave words a nonconformant pair.
std::string operand_extents(std::span<const Value> operands) {
  std::vector<std::string> parts;
  for (std::size_t k = 0; k < operands.size(); ++k) {
    if (!is_numeric_or_nd(operands[k])) continue;
    parts.push_back(fmt::format("op{} is {}", k + 1, fmt::join(dims_of(operands[k]), "x")));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

// The value the builtin's result stands for, with the operands' extents `dims`: an array result
// of one element per position is laid out as those extents' storage.
Value with_extents(const Value& result, const num::Dims& dims) {
  if (!is_numeric_or_nd(result)) return result;
  const num::Matrix values = result.is_nd_array() ? result.nd_value().pages() : result.as_matrix();
  if (values.size() != num::element_count(dims)) return result;
  const auto [rows, columns] = num::storage_shape(dims);
  return nd_result(num::NdArray::from_pages(dims, values.with_shape(rows, columns)),
                   result.is_logical());
}

}  // namespace

bool has_nd_operand(std::span<const Value> arguments, int operands) {
  const std::size_t count = std::min(arguments.size(), static_cast<std::size_t>(operands));
  return std::any_of(arguments.begin(), arguments.begin() + static_cast<std::ptrdiff_t>(count),
                     [](const Value& v) { return v.is_nd_array(); });
}

Value lift_element_wise(Call& call, int operands, BuiltinBody body) {
  const std::span<const Value> given = call.arguments();
  const std::size_t count = std::min(given.size(), static_cast<std::size_t>(operands));
  std::optional<num::Dims> dims;
  for (std::size_t k = 0; k < count; ++k) {
    if (!is_array_operand(given[k])) continue;
    const num::Dims operand_dims = dims_of(given[k]);
    dims = dims ? num::broadcast_dims(*dims, operand_dims) : operand_dims;
    if (!dims) {
      call.fail(
          fmt::format(messages::nonconformant_arguments, operand_extents(given.first(count))));
    }
  }
  std::vector<Value> arguments(given.begin(), given.end());
  for (std::size_t k = 0; k < count; ++k) {
    if (!is_array_operand(given[k])) continue;
    arguments[k] =
        Value::matrix(num::expanded(as_nd_array(given[k]), *dims).pages(), given[k].is_logical());
  }
  Call lifted(call.interpreter(), call.name(), arguments, call.nargout());
  const Value result = body(lifted);
  if (!result.is(Kind::Tuple)) return with_extents(result, *dims);
  std::vector<Value> outputs;
  for (const Value& output : result.tuple_items()) outputs.push_back(with_extents(output, *dims));
  return Value::tuple(std::move(outputs));
}

}  // namespace llmlab::runtime
