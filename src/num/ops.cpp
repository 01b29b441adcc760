// Element-wise arithmetic, comparisons and logic with broadcasting; the matrix product on Eigen.
// Real data stay real (IEEE double arithmetic, C pow); complex arithmetic only when an operand
// is complex or an array power needs the principal value of a negative base (language.md §5.1).
#include "num/ops.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "num/ops_detail.hpp"

namespace llmlab::num {

namespace {

using detail::Broadcast;

bool is_integer(double x) { return std::isfinite(x) && std::trunc(x) == x; }

// Binary exponentiation for small integer exponents keeps (1+2j)^2 exactly -3+4j.
Complex integer_power(Complex base, long exponent) {
  const bool invert = exponent < 0;
  unsigned long n = static_cast<unsigned long>(invert ? -exponent : exponent);
  Complex result(1.0, 0.0);
  while (n != 0) {
    if (n & 1UL) result *= base;
    base *= base;
    n >>= 1;
  }
  return invert ? Complex(1.0, 0.0) / result : result;
}

// Array power of two reals: C pow, except a finite negative base with a finite non-integer
// exponent, whose principal value |a|^b · e^{iπb} is complex.
bool needs_complex_power(double a, double b) {
  return std::isfinite(a) && a < 0.0 && std::isfinite(b) && !is_integer(b);
}

Complex negative_base_power(double a, double b) {
  return std::polar(std::pow(-a, b), b * std::numbers::pi);
}

// The operation as a functor so the broadcast loops inline it.
template <Arithmetic op>
struct Kernel {
  template <typename T>
  T operator()(T a, T b) const {
    return arithmetic<op>(a, b);
  }
};

template <Arithmetic op>
Matrix real_elementwise(const Broadcast& shape, const Matrix& a, const Matrix& b) {
  Matrix result = Matrix::uninitialized(shape.rows, shape.columns);
  detail::broadcast_loop(shape, a.real_values().data(), b.real_values().data(),
                         result.mutable_real_values().data(), Kernel<op>{});
  return result;
}

template <Arithmetic op>
Matrix complex_elementwise(const Broadcast& shape, const Matrix& a, const Matrix& b) {
  const std::vector<Complex> a_values = detail::complex_copy(a);
  const std::vector<Complex> b_values = detail::complex_copy(b);
  Matrix result(shape.rows, shape.columns, Matrix::Element::ComplexValued);
  detail::broadcast_loop(shape, a_values.data(), b_values.data(),
                         result.mutable_complex_values().data(), Kernel<op>{});
  return result;
}

// Real .^ real: real pow everywhere unless some pair needs the complex principal value.
Matrix real_power(const Broadcast& shape, const Matrix& a, const Matrix& b) {
  bool complex_needed = false;
  detail::broadcast_visit(shape, a.real_values().data(), b.real_values().data(),
                          [&](Index, double x, double y) {
                            complex_needed = complex_needed || needs_complex_power(x, y);
                          });
  if (!complex_needed) return real_elementwise<Arithmetic::Power>(shape, a, b);
  Matrix promoted(shape.rows, shape.columns, Matrix::Element::ComplexValued);
  detail::broadcast_loop(shape, a.real_values().data(), b.real_values().data(),
                         promoted.mutable_complex_values().data(), [](double x, double y) {
                           return needs_complex_power(x, y)
                                      ? negative_base_power(x, y)
                                      : Complex(arithmetic<Arithmetic::Power>(x, y), 0.0);
                         });
  return promoted;
}

template <Arithmetic op>
Matrix dispatch(const Broadcast& shape, const Matrix& a, const Matrix& b) {
  if (a.is_complex() || b.is_complex()) return complex_elementwise<op>(shape, a, b);
  if constexpr (op == Arithmetic::Power) {
    return real_power(shape, a, b);
  } else {
    return real_elementwise<op>(shape, a, b);
  }
}

Matrix scalar_matrix(double value) { return Matrix(1, 1, value); }
Matrix scalar_matrix(Complex value) {
  Matrix result(1, 1, Matrix::Element::ComplexValued);
  result.mutable_complex_values()[0] = value;
  return result;
}

[[noreturn]] void vector_length_mismatch(const Matrix& a, const Matrix& b) {
  throw Error(fmt::format(messages::vector_length_mismatch, a.size(), b.size()));
}

void check_vector_lengths(const Matrix& a, ArrayKind a_kind, const Matrix& b, ArrayKind b_kind) {
  if (a_kind == ArrayKind::Vector && b_kind == ArrayKind::Vector && a.size() != b.size()) {
    vector_length_mismatch(a, b);
  }
}

// A vector operand is a 1×n row for every operator (§4.3).
Matrix as_row(const Matrix& m, ArrayKind kind) {
  return kind == ArrayKind::Vector && m.rows() != 1 ? m.with_shape(1, m.size()) : m;
}

// Real parts of a matrix, for comparisons (§13.6 compares real parts of array elements).
Matrix real_view(const Matrix& m) { return m.is_complex() ? m.real_part() : m; }

}  // namespace

Index broadcast_dimension(Index a, Index b, const char* which) {
  if (a == b) return a;
  if (a == 1) return b;
  if (b == 1) return a;
  throw Error(fmt::format(messages::expansion_incompatible, which, a, b));
}

std::string shape_text(Index rows, Index columns) {
  return "[" + std::to_string(rows) + "\u00d7" + std::to_string(columns) + "]";
}
std::string shape_text(const Matrix& m) { return shape_text(m.rows(), m.columns()); }
std::string shape_text(std::span<const std::int64_t> extents) {
  std::string out = "[";
  for (std::size_t i = 0; i < extents.size(); ++i) {
    out += (i > 0 ? "\u00d7" : "") + std::to_string(extents[i]);
  }
  return out + "]";
}

// Binary exponentiation keeps small integer powers exact; otherwise exp(b·log a).
Complex complex_power(Complex a, Complex b) {
  if (b == Complex(0.0, 0.0)) return {1.0, 0.0};
  if (b.imag() == 0.0) {
    const double exponent = b.real();
    if (a.imag() == 0.0 && (a.real() >= 0.0 || is_integer(exponent))) {
      return {std::pow(a.real(), exponent), 0.0};
    }
    if (is_integer(exponent) && std::abs(exponent) <= 1024.0) {
      return integer_power(a, static_cast<long>(exponent));
    }
  }
  if (a == Complex(0.0, 0.0)) {
    if (b.real() > 0.0) return {0.0, 0.0};
  }
  return std::exp(b * std::log(a));
}

Complex arithmetic(Arithmetic op, Complex a, Complex b) {
  return detail::arithmetic_switch(op, a, b);
}

Matrix elementwise(Arithmetic op, const Matrix& a, const Matrix& b) {
  const Broadcast shape = detail::broadcast_shape(a, b);
  switch (op) {
    case Arithmetic::Add:
      return dispatch<Arithmetic::Add>(shape, a, b);
    case Arithmetic::Subtract:
      return dispatch<Arithmetic::Subtract>(shape, a, b);
    case Arithmetic::Multiply:
      return dispatch<Arithmetic::Multiply>(shape, a, b);
    case Arithmetic::Divide:
      return dispatch<Arithmetic::Divide>(shape, a, b);
    case Arithmetic::Power:
      return dispatch<Arithmetic::Power>(shape, a, b);
  }
  return {};
}

Matrix elementwise(Arithmetic op, const Matrix& a, double b) {
  return elementwise(op, a, scalar_matrix(b));
}
Matrix elementwise(Arithmetic op, double a, const Matrix& b) {
  return elementwise(op, scalar_matrix(a), b);
}
Matrix elementwise(Arithmetic op, const Matrix& a, Complex b) {
  return elementwise(op, a, scalar_matrix(b));
}
Matrix elementwise(Arithmetic op, Complex a, const Matrix& b) {
  return elementwise(op, scalar_matrix(a), b);
}

Matrix elementwise(Arithmetic op, const Matrix& a, ArrayKind a_kind, const Matrix& b,
                   ArrayKind b_kind) {
  check_vector_lengths(a, a_kind, b, b_kind);
  return elementwise(op, as_row(a, a_kind), as_row(b, b_kind));
}

Matrix multiply(const Matrix& a, ArrayKind a_kind, const Matrix& b, ArrayKind b_kind) {
  if (a_kind == ArrayKind::Vector && b_kind == ArrayKind::Vector) {
    const std::string m = std::to_string(a.size());
    const std::string n = std::to_string(b.size());
    throw Error(fmt::format(messages::row_vector_times_row_vector, m, n, n));
  }
  if (a_kind == ArrayKind::Vector) {
    if (a.size() != b.rows()) {
      throw Error(
          fmt::format(messages::row_vector_times_matrix, shape_text(1, a.size()), shape_text(b)));
    }
    return matmul(as_row(a, a_kind), b);
  }
  if (b_kind == ArrayKind::Vector) {
    if (a.columns() != 1) {
      throw Error(fmt::format(messages::matrix_times_row_vector, shape_text(a),
                              shape_text(1, b.size()), shape_text(b.size(), 1)));
    }
    return matmul(a, as_row(b, b_kind));
  }
  return matmul(a, b);
}

std::string array_division_error(ArrayKind a_kind, ArrayKind b_kind) {
  if (a_kind == ArrayKind::Vector && b_kind == ArrayKind::Vector) {
    return std::string(messages::vector_division);
  }
  if (a_kind == ArrayKind::Matrix && b_kind == ArrayKind::Matrix) {
    return std::string(messages::matrix_division_hint);
  }
  if (a_kind == ArrayKind::Matrix) {
    return fmt::format(messages::division_kinds, "matrix", "vector");
  }
  return fmt::format(messages::division_kinds, "vector", "matrix");
}

Matrix array_power(const Matrix& a, ArrayKind a_kind, const Matrix& b, ArrayKind b_kind) {
  if (a_kind == ArrayKind::Vector && b_kind == ArrayKind::Vector) {
    throw Error(std::string(messages::vector_power));
  }
  return elementwise(Arithmetic::Power, a, a_kind, b, b_kind);
}

Matrix compare(Comparison op, const Matrix& a, const Matrix& b) {
  const Broadcast shape = detail::broadcast_shape(a, b);
  const Matrix a_real = real_view(a);
  const Matrix b_real = real_view(b);
  Matrix result(shape.rows, shape.columns);
  detail::broadcast_loop(shape, a_real.real_values().data(), b_real.real_values().data(),
                         result.mutable_real_values().data(),
                         [op](double x, double y) { return compare(op, x, y) ? 1.0 : 0.0; });
  return result;
}
Matrix compare(Comparison op, const Matrix& a, double b) {
  return compare(op, a, scalar_matrix(b));
}
Matrix compare(Comparison op, double a, const Matrix& b) {
  return compare(op, scalar_matrix(a), b);
}
Matrix compare(Comparison op, const Matrix& a, ArrayKind a_kind, const Matrix& b,
               ArrayKind b_kind) {
  check_vector_lengths(a, a_kind, b, b_kind);
  return compare(op, as_row(a, a_kind), as_row(b, b_kind));
}

bool compare(Comparison op, Complex a, Complex b) {
  if (op == Comparison::Equal) return a == b;
  if (op == Comparison::NotEqual) return a != b;
  return compare(op, a.real(), b.real());
}

bool is_nonzero(Complex value) { return value.real() != 0.0 || value.imag() != 0.0; }

Matrix logic(Logic op, const Matrix& a, const Matrix& b) {
  const Broadcast shape = detail::broadcast_shape(a, b);
  const Matrix a_truth = logical_not(logical_not(a));
  const Matrix b_truth = logical_not(logical_not(b));
  Matrix result(shape.rows, shape.columns);
  detail::broadcast_loop(shape, a_truth.real_values().data(), b_truth.real_values().data(),
                         result.mutable_real_values().data(), [op](double x, double y) {
                           const bool value =
                               op == Logic::And ? (x != 0.0 && y != 0.0) : (x != 0.0 || y != 0.0);
                           return value ? 1.0 : 0.0;
                         });
  return result;
}
Matrix logic(Logic op, const Matrix& a, ArrayKind a_kind, const Matrix& b, ArrayKind b_kind) {
  check_vector_lengths(a, a_kind, b, b_kind);
  return logic(op, as_row(a, a_kind), as_row(b, b_kind));
}

Matrix logical_not(const Matrix& a) {
  Matrix result(a.rows(), a.columns());
  std::span<double> out = result.mutable_real_values();
  if (a.is_complex()) {
    std::span<const Complex> in = a.complex_values();
    for (std::size_t k = 0; k < in.size(); ++k) out[k] = is_nonzero(in[k]) ? 0.0 : 1.0;
  } else {
    std::span<const double> in = a.real_values();
    for (std::size_t k = 0; k < in.size(); ++k) out[k] = in[k] != 0.0 ? 0.0 : 1.0;
  }
  return result;
}

Matrix negate(const Matrix& a) {
  if (a.is_complex()) {
    Matrix result(a.rows(), a.columns(), Matrix::Element::ComplexValued);
    std::span<const Complex> in = a.complex_values();
    std::span<Complex> out = result.mutable_complex_values();
    for (std::size_t k = 0; k < in.size(); ++k) out[k] = -in[k];
    return result;
  }
  Matrix result = Matrix::uninitialized(a.rows(), a.columns());
  std::span<const double> in = a.real_values();
  std::span<double> out = result.mutable_real_values();
  for (std::size_t k = 0; k < in.size(); ++k) out[k] = -in[k];
  return result;
}

Matrix conjugate(const Matrix& a) {
  if (a.is_real()) return a;
  Matrix result(a.rows(), a.columns(), Matrix::Element::ComplexValued);
  std::span<const Complex> in = a.complex_values();
  std::span<Complex> out = result.mutable_complex_values();
  for (std::size_t k = 0; k < in.size(); ++k) out[k] = std::conj(in[k]);
  return result;
}

Matrix transpose(const Matrix& a) { return a.transposed(); }
Matrix conjugate_transpose(const Matrix& a) { return conjugate(a.transposed()); }

}  // namespace llmlab::num
