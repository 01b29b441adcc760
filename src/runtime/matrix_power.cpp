// MATLAB's matrix power (see matrix_power.hpp).
#include "runtime/matrix_power.hpp"

#include <fmt/format.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <utility>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "num/linalg.hpp"
#include "num/ops.hpp"
#include "num/shape.hpp"
#include "runtime/class_values.hpp"
#include "runtime/operators.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::runtime {

namespace {

using lang::BinaryOp;
using num::Complex;
using num::Index;

// The rows and columns of an operand (a tracked value's primal's); 1×1 for a number.
std::pair<Index, Index> shape_of(const Value& value) {
  const Value& plain = value.is(Kind::Tracked) ? value.tracked_value().primal : value;
  if (!plain.is_array()) return {1, 1};
  return {plain.matrix_value().rows(), plain.matrix_value().columns()};
}

bool is_square(const Value& value) {
  const auto [rows, columns] = shape_of(value);
  return rows == columns && !value.is_nd_array();
}

std::string shape_words(const Value& value) {
  if (value.is_nd_array()) return num::shape_text(value.nd_value().dims());
  const auto [rows, columns] = shape_of(value);
  return num::shape_text(rows, columns);
}

Value identity(Index n) { return Value::matrix(num::identity(n, n)); }

// A ^ p for an integral p, by squaring: the products are the evaluator's own `*`.
Value integer_power(const Value& a, double p, Warning* warning) {
  const Index n = shape_of(a).first;
  Value factor = p < 0.0 ? binary_operation(BinaryOp::LeftDivide, a, identity(n), warning) : a;
  auto remaining = static_cast<std::uint64_t>(std::abs(p));
  Value result;
  bool started = false;
  while (remaining != 0) {
    if ((remaining & 1U) != 0) {
      result = started ? binary_operation(BinaryOp::Multiply, result, factor, warning) : factor;
      started = true;
    }
    remaining >>= 1U;
    if (remaining != 0) factor = binary_operation(BinaryOp::Multiply, factor, factor, warning);
  }
  return started ? result : identity(n);
}

// f(A) = V·f(D)/V from A's eigendecomposition, f applied to each eigenvalue.
template <class Function>
Value eigen_function(const num::Matrix& a, Function f, Warning* warning) {
  const num::Eig decomposition = num::eig(a);
  num::Matrix scaled = decomposition.vectors;
  scaled.to_complex();
  for (Index k = 0; k < scaled.columns(); ++k) {
    const Complex factor = f(decomposition.values.complex_at(k));
    for (Index row = 0; row < scaled.rows(); ++row) {
      scaled.set(row, k, scaled.complex_at(row, k) * factor);
    }
  }
  Value result = binary_operation(BinaryOp::Divide, Value::matrix(std::move(scaled)),
                                  Value::matrix(decomposition.vectors), warning);
  if (result.is_array()) {
    num::Matrix m = result.matrix_value();
    m.demote_if_real();
    return Value::matrix(std::move(m));
  }
  return result;
}

bool is_one_element(const Value& value) {
  const auto [rows, columns] = shape_of(value);
  return rows * columns == 1 && !value.is_nd_array();
}

// The number a one-element operand holds.
Complex number_of(const Value& value) { return value.as_matrix().complex_at(0); }

Value plain_matrix_power(const Value& left, const Value& right, Warning* warning) {
  const bool matrix_base = !is_one_element(left);
  if (!(matrix_base ? is_square(left) && is_one_element(right) : is_square(right))) {
    throw Error(
        fmt::format(messages::matrix_power_operands, shape_words(left), shape_words(right)));
  }
  if (right.is(Kind::Tracked)) throw Error(std::string(messages::matrix_power_not_differentiable));
  if (matrix_base) {
    const Complex p = number_of(right);
    // Integral powers up to 2^53 by products; beyond (and ±Inf) through the eigenvalues.
    if (p.imag() == 0.0 && p.real() == std::trunc(p.real()) && std::abs(p.real()) <= 0x1p53) {
      return integer_power(left, p.real(), warning);
    }
    if (left.is(Kind::Tracked)) {
      throw Error(std::string(messages::matrix_power_not_differentiable));
    }
    return eigen_function(
        left.as_matrix(), [p](Complex d) { return std::pow(d, p); }, warning);
  }
  if (left.is(Kind::Tracked)) throw Error(std::string(messages::matrix_power_not_differentiable));
  const Complex base = number_of(left);
  return eigen_function(
      right.as_matrix(), [base](Complex d) { return std::pow(base, d); }, warning);
}

}  // namespace

bool is_matrix_power(const Value& left, const Value& right) {
  const auto numeric = [](const Value& value) {
    return value.is_numeric() || value.is_nd_array() || value.is(Kind::Tracked);
  };
  return numeric(left) && numeric(right) && (!is_one_element(left) || !is_one_element(right));
}

Value matrix_power(const Value& left, const Value& right, Warning* warning) {
  if (left.has_special_class() || right.has_special_class()) {
    return classed_binary(BinaryOp::Power, left, right, [warning](const Value& a, const Value& b) {
      return plain_matrix_power(a, b, warning);
    });
  }
  return plain_matrix_power(left, right, warning);
}

}  // namespace llmlab::runtime
