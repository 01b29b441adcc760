// Conversion of values to a numeric class (class_values.hpp).
#include "runtime/class_values.hpp"

#include <utility>

#include "runtime/char_matrix.hpp"

namespace llmlab::runtime {

Value converted_to_class(Value value, NumClass cls) {
  if (!is_special_class(cls)) return without_class(std::move(value));
  switch (value.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
      return Value::classed_scalar(to_class(value.scalar_value(), cls), cls);
    case Kind::Complex: {
      const num::Complex z = value.complex_value();
      Value result = Value::complex({to_class(z.real(), cls), to_class(z.imag(), cls)});
      result.set_num_class(cls);
      return result;
    }
    case Kind::Vector:
    case Kind::Matrix:
      convert_to_class(value.mutable_matrix(), cls);
      value.set_num_class(cls);
      return value;
    case Kind::NdArray:
      convert_to_class(value.mutable_nd().mutable_pages(), cls);
      value.set_num_class(cls);
      return value;
    default:
      return value;
  }
}

Value without_class(Value value) {
  if (value.is(Kind::Bool)) return value;
  if (value.is_numeric() || value.is_nd_array()) value.set_num_class(NumClass::Double);
  return value;
}

Value tagged(Value value, NumClass cls) {
  if (value.is(Kind::Scalar) || value.is(Kind::Complex) || value.is_array() ||
      value.is_nd_array()) {
    value.set_num_class(cls);
  }
  return cls == NumClass::Char ? normalized_char(std::move(value)) : value;
}

Value compared_operand(const Value& operand, const Value& other) {
  const NumClass a = operand.num_class();
  const NumClass b = other.num_class();
  const bool single = (a == NumClass::Single || b == NumClass::Single) && !is_integer_class(a) &&
                      !is_integer_class(b);
  if (!single) return without_class(operand);
  return without_class(converted_to_class(operand, NumClass::Single));
}

bool gives_logical(lang::BinaryOp op) {
  switch (op) {
    case lang::BinaryOp::Equal:
    case lang::BinaryOp::NotEqual:
    case lang::BinaryOp::Less:
    case lang::BinaryOp::LessEqual:
    case lang::BinaryOp::Greater:
    case lang::BinaryOp::GreaterEqual:
    case lang::BinaryOp::ElementAnd:
    case lang::BinaryOp::ElementOr:
    case lang::BinaryOp::AndAnd:
    case lang::BinaryOp::OrOr:
      return true;
    default:
      return false;
  }
}

}  // namespace llmlab::runtime
