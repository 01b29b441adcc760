// Kind dispatch for the binary and unary operators (language.md §5.2–§5.8, §13.5–§13.8).
#include "runtime/operators.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/messages/values.hpp"
#include "base/utf8.hpp"
#include "num/divide.hpp"
#include "num/ops.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/class_values.hpp"
#include "runtime/matrix_power.hpp"
#include "runtime/nd_operators.hpp"
#include "runtime/string_class.hpp"
#include "runtime/struct_array.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime {

namespace {

using lang::BinaryOp;
using lang::UnaryOp;

// The operator names of §5.2's `unsupported operand types for <Op>` message.
std::string_view operator_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
      return "Add";
    case BinaryOp::Subtract:
      return "Sub";
    case BinaryOp::Multiply:
      return "Mul";
    case BinaryOp::Divide:
      return "Div";
    case BinaryOp::LeftDivide:
      return "LeftDiv";
    case BinaryOp::Power:
      return "Pow";
    case BinaryOp::ElementMultiply:
      return "ElemMul";
    case BinaryOp::ElementDivide:
      return "ElemDiv";
    case BinaryOp::ElementPower:
      return "ElemPow";
    case BinaryOp::ElementAnd:
      return "And";
    case BinaryOp::ElementOr:
      return "Or";
    default:
      return "Cmp";
  }
}

[[noreturn]] void unsupported(BinaryOp op, const Value& left, const Value& right) {
  throw Error(
      fmt::format(messages::operand_kinds, operator_name(op), left.kind_name(), right.kind_name()));
}

bool is_real_number(const Value& v) { return v.is(Kind::Scalar) || v.is(Kind::Bool); }
bool is_number(const Value& v) { return is_real_number(v) || v.is(Kind::Complex); }

num::ArrayKind array_kind(const Value& v) {
  return v.is(Kind::Vector) ? num::ArrayKind::Vector : num::ArrayKind::Matrix;
}

// Array result of an operation between two arrays: vector ∘ vector stays a vector, every
// other pair broadcasts to a matrix (§5.3).
Value array_result(const Value& left, const Value& right, num::Matrix result, bool logical) {
  if (left.is(Kind::Vector) && right.is(Kind::Vector))
    return Value::vector(std::move(result), logical);
  return Value::matrix(std::move(result), logical);
}

// Array result of an operation between an array and a number: the array's kind.
Value shaped_like(const Value& array, num::Matrix result, bool logical = false) {
  return array.is(Kind::Vector) ? Value::vector(std::move(result), logical)
                                : Value::matrix(std::move(result), logical);
}

Value matrix_division(BinaryOp op, const Value& left, const Value& right, Warning* warning);

Value arithmetic(BinaryOp op, const Value& left, const Value& right) {
  const num::Arithmetic arith = arithmetic_operator(op).value_or(num::Arithmetic::Power);
  if (is_number(left) && is_number(right)) {
    if (is_real_number(left) && is_real_number(right)) {
      return Value::scalar(num::arithmetic(arith, left.scalar_value(), right.scalar_value()));
    }
    return Value::complex(num::arithmetic(arith, left.complex_value(), right.complex_value()));
  }
  if (left.is_array() && is_number(right)) {
    num::Matrix result = right.is(Kind::Complex)
                             ? num::elementwise(arith, left.matrix_value(), right.complex_value())
                             : num::elementwise(arith, left.matrix_value(), right.scalar_value());
    return shaped_like(left, std::move(result));
  }
  if (is_number(left) && right.is_array()) {
    num::Matrix result = left.is(Kind::Complex)
                             ? num::elementwise(arith, left.complex_value(), right.matrix_value())
                             : num::elementwise(arith, left.scalar_value(), right.matrix_value());
    return shaped_like(right, std::move(result));
  }
  if (left.is_array() && right.is_array()) {
    const num::Matrix& a = left.matrix_value();
    const num::Matrix& b = right.matrix_value();
    switch (op) {
      case BinaryOp::Multiply: {
        num::Matrix product = num::multiply(a, array_kind(left), b, array_kind(right));
        if (left.is(Kind::Vector) && right.is(Kind::Matrix)) {
          // Vector × matrix stays a vector, or a scalar when the matrix has one column (§4.3).
          if (product.size() == 1) return demote_element(product.complex_at(0));
          return Value::vector(std::move(product));
        }
        return Value::matrix(std::move(product));
      }
      case BinaryOp::Divide:
        return matrix_division(op, left, right, nullptr);
      case BinaryOp::Power:
        return Value::matrix(num::array_power(a, array_kind(left), b, array_kind(right)));
      default:
        return array_result(
            left, right, num::elementwise(arith, a, array_kind(left), b, array_kind(right)), false);
    }
  }
  if (op == BinaryOp::Add && left.is(Kind::String) && right.is(Kind::String)) {
    return Value::string(left.string_value() + right.string_value());
  }
  unsupported(op, left, right);
}

// MATLAB's A \ B and A / B (§13.12). An rlab vector is a row; as the right side of `\` whose
// length matches A's rows it is taken as the column MATLAB would need, and the solution comes
// back as a vector. A 1×1 result is a scalar.
Value matrix_division(BinaryOp op, const Value& left, const Value& right, Warning* warning) {
  const num::Matrix a = left.as_matrix();
  num::Matrix b = right.as_matrix();
  bool vector_result = false;
  num::Division division;
  if (op == BinaryOp::LeftDivide) {
    if (right.is(Kind::Vector) && a.rows() != 1 && b.columns() == a.rows()) {
      b = num::transpose(b);
      vector_result = true;
    }
    division = num::left_divide(a, b);
  } else {
    vector_result = left.is(Kind::Vector);
    division = num::right_divide(a, b);
  }
  if (warning) *warning = Warning{std::move(division.warning_id), std::move(division.warning)};
  num::Matrix& x = division.result;
  if (x.size() == 1) return demote_element(x.complex_at(0));
  if (vector_result && (x.rows() == 1 || x.columns() == 1)) return Value::vector(std::move(x));
  return Value::matrix(std::move(x));
}

Value comparison(BinaryOp op, const Value& left, const Value& right) {
  const num::Comparison cmp = comparison_operator(op).value_or(num::Comparison::GreaterEqual);
  if (is_number(left) && is_number(right)) {
    if (is_real_number(left) && is_real_number(right)) {
      return Value::boolean(num::compare(cmp, left.scalar_value(), right.scalar_value()));
    }
    return Value::boolean(num::compare(cmp, left.complex_value(), right.complex_value()));
  }
  if (left.is(Kind::String) && right.is(Kind::String)) {
    if (cmp == num::Comparison::Equal)
      return Value::boolean(left.string_value() == right.string_value());
    if (cmp == num::Comparison::NotEqual)
      return Value::boolean(left.string_value() != right.string_value());
    throw Error(std::string(messages::string_ordered_comparison));
  }
  // Array comparisons compare real parts (§13.6).
  if (left.is_array() && is_number(right)) {
    num::Matrix result = num::compare(cmp, left.matrix_value(), right.complex_value().real());
    return shaped_like(left, std::move(result), true);
  }
  if (is_number(left) && right.is_array()) {
    num::Matrix result = num::compare(cmp, left.complex_value().real(), right.matrix_value());
    return shaped_like(right, std::move(result), true);
  }
  if (left.is_array() && right.is_array()) {
    return array_result(left, right,
                        num::compare(cmp, left.matrix_value(), array_kind(left),
                                     right.matrix_value(), array_kind(right)),
                        true);
  }
  throw Error(fmt::format(messages::comparison_kinds, left.kind_name(), right.kind_name()));
}

Value element_logic(BinaryOp op, const Value& left, const Value& right) {
  const num::Logic logic = op == BinaryOp::ElementAnd ? num::Logic::And : num::Logic::Or;
  if (!left.is_numeric() || !right.is_numeric()) unsupported(op, left, right);
  if (is_number(left) && is_number(right)) {
    const bool a = num::is_nonzero(left.complex_value());
    const bool b = num::is_nonzero(right.complex_value());
    return Value::boolean(logic == num::Logic::And ? (a && b) : (a || b));
  }
  const num::Matrix a = left.as_matrix();
  const num::Matrix b = right.as_matrix();
  if (is_number(left)) {
    num::Matrix result = num::logic(logic, a, b);
    return shaped_like(right, std::move(result), true);
  }
  if (is_number(right)) {
    num::Matrix result = num::logic(logic, a, b);
    return shaped_like(left, std::move(result), true);
  }
  return array_result(left, right, num::logic(logic, a, array_kind(left), b, array_kind(right)),
                      true);
}

// MATLAB has no matrix product of integers: with an integer operand one side must be a scalar.
void check_integer_product(BinaryOp op, const Value& left, const Value& right) {
  if (op != BinaryOp::Multiply || left.element_count() == 1 || right.element_count() == 1) return;
  if (is_integer_class(left.num_class()) || is_integer_class(right.num_class())) {
    throw Error(std::string(messages::integer_mtimes));
  }
}

bool element_truth(const num::Matrix& m) {
  for (num::Index k = 0; k < m.size(); ++k) {
    if (!num::is_nonzero(m.complex_at(k))) return false;
  }
  return true;
}

}  // namespace

Value narrow_complex(Value value) {
  if (value.is(Kind::Complex)) {
    const num::Complex c = value.complex_value();
    return c.imag() == 0.0 ? Value::scalar(c.real()) : value;
  }
  // Copies the elements only when it narrows them.
  if (value.is_array()) value.mutable_matrix().demote_if_real();
  return value;
}

Value demote_element(num::Complex value) {
  if (std::abs(value.imag()) < 1e-12) return Value::scalar(value.real());
  return Value::complex(value);
}

// A char operand of an operator in matlab code as its character codes (MATLAB's char
// arithmetic: 'a' + 1 is 98, 'abc' == 'abd' is [1 1 0]): one code a number, more a row, ''
// the 0×0 [].
Value character_codes(const Value& text) {
  const std::vector<std::string_view> characters = characters_of(text.string_value());
  if (characters.size() == 1) return Value::scalar(code_point_of(characters.front()));
  const auto count = static_cast<num::Index>(characters.size());
  num::Matrix codes(count == 0 ? 0 : 1, count);
  for (num::Index k = 0; k < count; ++k) {
    codes.set(k, static_cast<double>(code_point_of(characters[static_cast<std::size_t>(k)])));
  }
  return Value::matrix(std::move(codes));
}

Value matlab_binary_operation(BinaryOp op, const Value& left, const Value& right,
                              Warning* warning) {
  if (left.is_string_class() || right.is_string_class()) {
    return string_binary_operation(op, left, right);
  }
  const auto operand = [](const Value& x) {
    return x.is_numeric() || x.is_nd_array() || x.is(Kind::String);
  };
  if ((left.is(Kind::String) || right.is(Kind::String)) && operand(left) && operand(right)) {
    return matlab_binary_operation(op, left.is(Kind::String) ? character_codes(left) : left,
                                   right.is(Kind::String) ? character_codes(right) : right,
                                   warning);
  }
  if (op == BinaryOp::Power && is_matrix_power(left, right)) {
    return matrix_power(left, right, warning);
  }
  // Arrays already take the complex power where an element needs it (num::array_power); a
  // real scalar base takes it here.
  const bool power = op == BinaryOp::Power || op == BinaryOp::ElementPower;
  if (power && is_real_number(left) && is_real_number(right) && left.scalar_value() < 0.0 &&
      right.scalar_value() != std::trunc(right.scalar_value())) {
    return binary_operation(op, Value::complex(num::Complex(left.scalar_value(), 0.0)), right,
                            warning);
  }
  return binary_operation(op, left, right, warning);
}

Value binary_operation(BinaryOp op, const Value& left, const Value& right, Warning* warning) {
  if (left.is(Kind::Tracked)) return left.tracked_value().tape->binary(op, left, right);
  if (right.is(Kind::Tracked)) return right.tracked_value().tape->binary(op, left, right);
  if (left.has_special_class() || right.has_special_class()) {
    check_integer_product(op, left, right);
    return classed_binary(op, left, right, [&](const Value& a, const Value& b) {
      return binary_operation(op, a, b, warning);
    });
  }
  if (left.is_nd_array() || right.is_nd_array()) return nd_binary_operation(op, left, right);
  if (comparison_operator(op)) return comparison(op, left, right);
  if (op == BinaryOp::LeftDivide) {
    if (!left.is_numeric() || !right.is_numeric()) unsupported(op, left, right);
    // s \ A is A / s, element-wise (§13.12).
    if (is_number(left)) return arithmetic(BinaryOp::Divide, right, left);
    return matrix_division(op, left, right, warning);
  }
  if (op == BinaryOp::Divide && left.is_array() && right.is_array()) {
    return matrix_division(op, left, right, warning);
  }
  if (op == BinaryOp::ElementAnd || op == BinaryOp::ElementOr) {
    return element_logic(op, left, right);
  }
  LLMLAB_ASSERT(op != BinaryOp::AndAnd && op != BinaryOp::OrOr);
  return arithmetic(op, left, right);
}

namespace {

// -x of a value that is not tracked, classed or N-D.
Value negated(const Value& operand) {
  switch (operand.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
      return Value::scalar(-operand.scalar_value());
    case Kind::Complex:
      return Value::complex(-operand.complex_value());
    case Kind::Vector:
      return Value::vector(num::negate(operand.matrix_value()));
    case Kind::Matrix:
      return Value::matrix(num::negate(operand.matrix_value()));
    default:
      throw Error(fmt::format(messages::negate_kind, operand.kind_name()));
  }
}

// !x of a value that is not tracked, classed or N-D: logical.
Value logical_not(const Value& operand) {
  switch (operand.kind()) {
    case Kind::Bool:
      return Value::boolean(!operand.bool_value());
    case Kind::Scalar:
    case Kind::Complex:
      return Value::boolean(!num::is_nonzero(operand.complex_value()));
    case Kind::Vector:
      return Value::vector(num::logical_not(operand.matrix_value()), true);
    case Kind::Matrix:
      return Value::matrix(num::logical_not(operand.matrix_value()), true);
    default:
      throw Error(fmt::format(messages::not_operand_kind, operand.kind_name()));
  }
}

// x' (conjugate) or x.' of a value that is not tracked, classed or N-D.
Value transposed(const Value& operand, bool conjugate) {
  if (operand.is_string_class()) {  // MATLAB's strings move as the cell of them would
    return strings_from_cell(Value::cell(transposed_cell(string_cells(operand))));
  }
  switch (operand.kind()) {
    case Kind::Scalar:
    case Kind::Bool:
      return operand;
    case Kind::Complex:
      return conjugate ? Value::complex(std::conj(operand.complex_value())) : operand;
    case Kind::Vector:
    case Kind::Matrix: {
      const num::Matrix& m = operand.matrix_value();
      return Value::matrix(conjugate ? num::conjugate_transpose(m) : num::transpose(m),
                           operand.is_logical());
    }
    case Kind::Cell:
      if (operand.cell_value().is_nd())
        throw Error(fmt::format(messages::nd_transpose_kind, "cell"));
      return Value::cell(transposed_cell(operand.cell_value()));
    case Kind::Struct:
      return operand;
    case Kind::StructArray: {  // s' and s.': the elements move as a cell's would
      if (operand.struct_array_dims().size() > 2) {
        throw Error(fmt::format(messages::nd_transpose_kind, "struct array"));
      }
      return struct_array_of(transposed_cell(struct_cells(operand)));
    }
    case Kind::StringArray: {
      // A cell of texts: a row becomes the N×1 cell it is to MATLAB code.
      std::vector<Value> texts;
      for (const std::string& text : operand.string_array_value()) {
        texts.push_back(Value::string(text));
      }
      return Value::cell(transposed_cell(CellArray::row(std::move(texts))));
    }
    default:
      throw Error(fmt::format(messages::transpose_kind, operand.kind_name()));
  }
}

bool is_transpose(UnaryOp op) {
  return op == UnaryOp::Transpose || op == UnaryOp::NonConjugateTranspose;
}

}  // namespace

Value matlab_unary_operation(UnaryOp op, const Value& operand) {
  if (operand.is_string_class()) return unary_operation(op, operand);  // not a char row
  if (operand.is(Kind::String) && is_transpose(op)) {
    return char_array(num::transpose(text_codes(operand.string_value())));
  }
  if (operand.is(Kind::String) && op != UnaryOp::Plus) {
    return unary_operation(op, character_codes(operand));
  }
  return unary_operation(op, operand);
}

Value unary_operation(UnaryOp op, const Value& operand) {
  if (operand.is(Kind::Tracked)) return operand.tracked_value().tape->unary(op, operand);
  // A char matrix transposes as char; every other operator gives numbers (double).
  if (is_char_matrix(operand) && is_transpose(op)) {
    return char_array(num::transpose(operand.matrix_value()));
  }
  // MATLAB's strings take no unary operator but the transposes (-"a" is an error, not -97).
  if (operand.is_string_class() && !is_transpose(op)) {
    throw Error(std::string(messages::string_operator_undefined));
  }
  if (operand.has_special_class() && op != UnaryOp::Plus) {
    return classed_unary(op, operand, [op](const Value& x) { return unary_operation(op, x); });
  }
  if (operand.is_nd_array()) return nd_unary_operation(op, operand);
  switch (op) {
    case UnaryOp::Plus:
      return operand;
    case UnaryOp::Negate:
      return negated(operand);
    case UnaryOp::Not:
      return logical_not(operand);
    case UnaryOp::Transpose:
      return transposed(operand, true);
    case UnaryOp::NonConjugateTranspose:
      return transposed(operand, false);
  }
  return operand;
}

CellArray transposed_cell(const CellArray& cells) {
  CellArray out;
  out.rows = cells.columns;
  out.columns = cells.rows;
  out.items.reserve(cells.items.size());
  for (num::Index r = 0; r < cells.rows; ++r) {
    for (num::Index c = 0; c < cells.columns; ++c) {
      out.items.push_back(cells.items[static_cast<std::size_t>(c * cells.rows + r)]);
    }
  }
  return out;
}

namespace {

// The truth of a one-number value (bool, scalar, complex, or a 1×1 array when one_element
// arrays count), tracked values by their primal (a branch has no gradient); nullopt otherwise.
std::optional<bool> number_truth(const Value& value, bool one_element_arrays) {
  const Value& plain = value.is(Kind::Tracked) ? primal_of(value) : value;
  switch (plain.kind()) {
    case Kind::Bool:
    case Kind::Scalar:
      return plain.scalar_value() != 0.0;
    case Kind::Complex:
      return num::is_nonzero(plain.complex_value());
    case Kind::Vector:
    case Kind::Matrix:
      if (!one_element_arrays || plain.matrix_value().size() != 1) return std::nullopt;
      return num::is_nonzero(plain.matrix_value().complex_at(0));
    default:
      return std::nullopt;
  }
}

}  // namespace

bool condition_truth(const Value& value, std::string_view statement) {
  if (const std::optional<bool> truth = number_truth(value, false)) return *truth;
  const Value& plain = value.is(Kind::Tracked) ? primal_of(value) : value;
  if (plain.is(Kind::Vector) || plain.is(Kind::Matrix)) {
    return !plain.matrix_value().empty() && element_truth(plain.matrix_value());
  }
  throw Error(fmt::format(messages::condition_kind, statement, plain.kind_name()));
}

bool short_circuit_truth(const Value& value) {
  if (const std::optional<bool> truth = number_truth(value, true)) return *truth;
  throw Error(fmt::format(messages::logical_operand_not_scalar,
                          (value.is(Kind::Tracked) ? primal_of(value) : value).kind_name()));
}

bool case_matches(const Value& subject, const Value& candidate) {
  if (subject.is(Kind::Tracked) || candidate.is(Kind::Tracked)) {
    return case_matches(primal_of(subject), primal_of(candidate));
  }
  if (is_number(subject) && is_number(candidate)) {
    if (subject.is(Kind::Bool) != candidate.is(Kind::Bool)) return false;
    return subject.complex_value() == candidate.complex_value();
  }
  if (subject.is(Kind::String) && candidate.is(Kind::String)) {
    return subject.string_value() == candidate.string_value();
  }
  // MATLAB's `case {a, b}`: any element of a cell (a cell of texts is a string array) matches.
  if (subject.is(Kind::String) && candidate.is(Kind::StringArray)) {
    const std::vector<std::string>& texts = candidate.string_array_value();
    return std::find(texts.begin(), texts.end(), subject.string_value()) != texts.end();
  }
  if (candidate.is(Kind::Cell)) {
    const std::vector<Value>& items = candidate.cell_value().items;
    return std::any_of(items.begin(), items.end(),
                       [&](const Value& item) { return case_matches(subject, item); });
  }
  return false;
}

}  // namespace llmlab::runtime
