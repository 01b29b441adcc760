// Element-wise operators over N dims (see nd_operators.hpp).
#include "runtime/nd_operators.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <utility>

#include "base/error.hpp"
#include "base/messages/values.hpp"
#include "num/nd_shape.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"

namespace llmlab::runtime {

namespace {

using lang::BinaryOp;

bool is_number(const Value& v) {
  return v.is(Kind::Scalar) || v.is(Kind::Bool) || v.is(Kind::Complex);
}

// The element-wise operator a scalar operand of *, /, \ and ^ stands for.
BinaryOp element_wise(BinaryOp op) {
  switch (op) {
    case BinaryOp::Multiply:
      return BinaryOp::ElementMultiply;
    case BinaryOp::Divide:
      return BinaryOp::ElementDivide;
    case BinaryOp::Power:
      return BinaryOp::ElementPower;
    default:
      return op;
  }
}

// True when an array of extents `source` is one row repeated under every row of the storage
// of an array of extents `dims`: 1×d2 with d2 the result's, nothing past dim 2 (a bias).
bool repeats_as_storage_row(const num::Dims& source, const num::Dims& dims) {
  if (source.size() < 2 || source[0] != 1 || source[1] != dims[1]) return false;
  for (std::size_t k = 2; k < source.size(); ++k) {
    if (source[k] != 1) return false;
  }
  return true;
}

// An operand as the 2-D operator takes it: a number as it is, an array as its storage matrix
// expanded to `dims`. A row repeated under every storage row is left to the 2-D operator's own
// implicit expansion, which repeats it without making the copy (the other operand then has
// the full storage: a result with pages takes them from an operand).
Value operand_over(const Value& operand, const num::Dims& dims) {
  if (is_number(operand)) return operand;
  const num::NdArray array = as_nd_array(operand);
  if (repeats_as_storage_row(array.dims(), dims)) {
    return Value::matrix(array.pages(), operand.is_logical());
  }
  return Value::matrix(num::expanded(array, dims).pages(), operand.is_logical());
}

}  // namespace

Value nd_binary_operation(BinaryOp op, const Value& left, const Value& right) {
  if (!is_numeric_or_nd(left) || !is_numeric_or_nd(right)) {
    throw Error(
        fmt::format(messages::operand_kinds, "an N-D array", left.kind_name(), right.kind_name()));
  }
  if (op == BinaryOp::LeftDivide) {
    if (!is_number(left)) {
      throw Error(std::string(messages::mldivide_on_nd));
    }
    return nd_binary_operation(BinaryOp::ElementDivide, right, left);
  }
  const bool matrix_operator =
      op == BinaryOp::Multiply || op == BinaryOp::Divide || op == BinaryOp::Power;
  if (matrix_operator && !is_number(left) && !is_number(right)) {
    throw Error(std::string(messages::matrix_operator_on_nd));
  }
  const num::Dims left_dims = dims_of(left), right_dims = dims_of(right);
  const std::optional<num::Dims> dims = num::broadcast_dims(left_dims, right_dims);
  if (!dims) {
    throw Error(fmt::format(messages::nonconformant_operands, fmt::join(left_dims, "×"),
                            fmt::join(right_dims, "×")));
  }
  const Value result =
      binary_operation(element_wise(op), operand_over(left, *dims), operand_over(right, *dims));
  return nd_result(num::NdArray::from_pages(*dims, result.as_matrix()), result.is_logical());
}

Value nd_unary_operation(lang::UnaryOp op, const Value& operand) {
  if (op == lang::UnaryOp::Plus) return operand;
  if (op != lang::UnaryOp::Negate && op != lang::UnaryOp::Not) {
    throw Error(std::string(messages::nd_transpose));
  }
  const num::NdArray& array = operand.nd_value();
  const Value result = unary_operation(op, Value::matrix(array.pages(), operand.is_logical()));
  return nd_result(num::NdArray::from_pages(array.dims(), result.as_matrix()), result.is_logical());
}

}  // namespace llmlab::runtime
