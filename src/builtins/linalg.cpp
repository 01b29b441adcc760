// The linear-algebra builtins (builtins.md §7): adapters from script values to num/linalg.hpp.
// Kinds follow the spec: one-number results collapse to a Scalar when |imag| < 1e-12.
#include "num/linalg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/autodiff.hpp"
#include "base/messages/language.hpp"
#include "base/messages/linalg.hpp"
#include "base/text_case.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "builtins/slices.hpp"
#include "num/divide.hpp"
#include "num/nd_products.hpp"
#include "num/ops.hpp"
#include "num/shape.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/numeric_class.hpp"
#include "runtime/operators.hpp"

namespace llmlab::builtins {

namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// Complex collapse (builtins.md §0.4).
Value collapse(num::Complex z) {
  return std::abs(z.imag()) < 1e-12 ? Value::scalar(z.real()) : Value::complex(z);
}

// A Vector, Scalar or 1-D-shaped Matrix, as its elements in storage order.
num::Matrix vector_like(const Call& call, int index) {
  const num::Matrix m = call.matrix(index);
  if (m.rows() > 1 && m.columns() > 1) {
    call.fail(fmt::format(messages::argument_not_vector, index + 1, m.rows(), m.columns()));
  }
  return m;
}

bool is_vector_shaped(const Value& x) {
  return !x.is(Kind::Matrix) || x.matrix_value().rows() == 1 || x.matrix_value().columns() == 1;
}

// svd and pinv work on real matrices: a complex one with a non-zero imaginary part is an error,
// never the decomposition of its real part (which a warning on stderr used to announce).
num::Matrix real_input(const Call& call, int index) {
  const num::Matrix a = call.matrix(index);
  if (num::imaginary_ratio(a) > 0.0) {
    call.fail(messages::complex_unsupported);
  }
  return a.real_part();
}

// dot(x, y): the dot product of vectors; in matlab code of matrices (or with dim), MATLAB's
// sum(conj(x) .* y, dim) along the first non-singleton dim.
Value dot(Call& call) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  const auto vector_shaped = [](const Value& v) {
    if (!v.is_array()) return true;
    const num::Matrix& m = v.matrix_value();
    return m.rows() == 1 || m.columns() == 1;
  };
  if (matlab && (call.has(2) || !vector_shaped(call.value(0)) || !vector_shaped(call.value(1)))) {
    if (size_of(call.value(0)) != size_of(call.value(1))) {
      call.fail(messages::pagemtimes_sizes_differ);
    }
    const Value product = runtime::binary_operation(
        lang::BinaryOp::ElementMultiply,
        call.invoke(Value::function_handle("conj"), {call.value(0)}), call.value(1));
    std::vector<Value> arguments = {product};
    if (call.has(2)) arguments.push_back(call.value(2));
    return call.invoke(Value::function_handle("sum"), std::move(arguments));
  }
  num::Matrix first = vector_like(call, 0);
  // MATLAB conjugates the first vector (dot(x, x) is |x|^2); rlab's dot does not.
  if (matlab && first.is_complex()) {
    for (num::Index k = 0; k < first.size(); ++k) first.set(k, std::conj(first.complex_at(k)));
  }
  return collapse(num::dot(first, vector_like(call, 1)));
}
Value cross(Call& call) {
  return Value::vector(num::cross(vector_like(call, 0), vector_like(call, 1)));
}
Value outer(Call& call) {
  return Value::matrix(num::outer(vector_like(call, 0), vector_like(call, 1)));
}

// A Vector operand of kron is an N×1 column (rustlab convention).
num::Matrix kron_operand(const Call& call, int index) {
  const num::Matrix m = call.matrix(index);
  return call.value(index).is(Kind::Vector) ? m.with_shape(m.size(), 1) : m;
}
// kron(A, B), and kron(A, B, C, ...) folded left to right.
Value kron(Call& call) {
  num::Matrix product = num::kron(kron_operand(call, 0), kron_operand(call, 1));
  for (int k = 2; k < call.count(); ++k) product = num::kron(product, kron_operand(call, k));
  return Value::matrix(std::move(product));
}

// A p-norm of the elements of v as MATLAB and Octave take it: p = 0 counts the non-zero
// elements, any other p is num::vector_norm's.
double elements_norm(const num::Matrix& v, double p) {
  if (p != 0.0) return num::vector_norm(v, p);
  double count = 0.0;
  for (num::Index k = 0; k < v.size(); ++k) count += v.complex_at(k) != num::Complex(0.0, 0.0);
  return count;
}

// norm in matlab code: norm(v, p) of a vector for any p (0 counts non-zeros, Inf, -Inf, "fro"
// as 2), norm(M) the 2-norm (largest singular value), norm(M, 1 | 2 | Inf | "fro"), the type
// named in any letter case ("inf", "-Inf") or [] for 2, and norm(M, p, "rows" | "columns" |
// "cols") the p-norm of each row (a column) or column (a row).
Value matlab_norm(Call& call) {
  const Value& x = call.value(0);
  if (!x.is_numeric()) call.fail(fmt::format(messages::unsupported_type, x.kind_name()));
  const num::Matrix m = x.as_matrix();
  double p = 2.0;
  bool frobenius = false;
  if (call.has(1) && call.value(1).is(Kind::String)) {
    const std::string type = lowercase(call.string(1));
    if (type == "fro") {
      frobenius = true;
    } else if (type == "inf" || type == "+inf") {
      p = std::numeric_limits<double>::infinity();
    } else if (type == "-inf") {
      p = -std::numeric_limits<double>::infinity();
    } else {
      call.fail(fmt::format(messages::unknown_norm_type, call.string(1)));
    }
  } else if (call.has(1) && !(call.value(1).is_array() && call.value(1).matrix_value().empty())) {
    p = call.scalar(1);
  }
  if (call.has(2)) {
    const bool rows = call.choice(2, {"rows", "columns", "cols"}, "the third argument") == 0;
    const num::Index slices = rows ? m.rows() : m.columns();
    const num::Index length = rows ? m.columns() : m.rows();
    num::Matrix result = rows ? num::Matrix(slices, 1) : num::Matrix(1, slices);
    for (num::Index s = 0; s < slices; ++s) {
      num::Matrix slice(
          1, length,
          m.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
      for (num::Index k = 0; k < length; ++k)
        slice.set(k, rows ? m.complex_at(s, k) : m.complex_at(k, s));
      result.set(s, elements_norm(slice, frobenius ? 2.0 : p));
    }
    return Value::matrix(std::move(result));
  }
  if (m.rows() == 1 || m.columns() == 1 || m.empty()) {
    return Value::scalar(m.empty() ? 0.0 : elements_norm(m, frobenius ? 2.0 : p));
  }
  if (frobenius) return Value::scalar(num::matrix_norm(m, num::MatrixNorm::Frobenius));
  if (p == 1.0) return Value::scalar(num::matrix_norm(m, num::MatrixNorm::One));
  if (p == 2.0) return Value::scalar(num::matrix_norm(m, num::MatrixNorm::Two));
  if (std::isinf(p) && p > 0) return Value::scalar(num::matrix_norm(m, num::MatrixNorm::Infinity));
  call.fail(fmt::format(messages::bad_norm_type, "matrix norm type"));
}

Value norm(Call& call) {
  if (call.value(0).is_nd_array()) call.fail_not_two_dimensional(call.value(0), 0);
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_norm(call);
  if (call.has(2)) throw Error(fmt::format(messages::wrong_argument_count, "norm", "1..2", 3));
  const Value& x = call.value(0);
  if (!x.is_numeric()) call.fail(fmt::format(messages::unsupported_type, x.kind_name()));
  const num::Matrix m = x.as_matrix();
  const bool frobenius = call.has(1) && call.value(1).is(Kind::String);
  if (frobenius && !runtime::is_word(call.value(1), "fro")) {
    call.fail(fmt::format(messages::unknown_norm_type_not_fro, call.string(1)));
  }
  const double p = call.has(1) && !frobenius ? call.scalar(1) : 2.0;
  if (is_vector_shaped(x)) return Value::scalar(num::vector_norm(m, p));
  if (frobenius || !call.has(1)) {
    return Value::scalar(num::matrix_norm(m, num::MatrixNorm::Frobenius));
  }
  if (p == 1.0) return Value::scalar(num::matrix_norm(m, num::MatrixNorm::One));
  if (p == 2.0) return Value::scalar(num::matrix_norm(m, num::MatrixNorm::Two));
  if (std::isinf(p) && p > 0) return Value::scalar(num::matrix_norm(m, num::MatrixNorm::Infinity));
  call.fail(fmt::format(messages::bad_norm_type, "matrix norm type"));
}

// The p-norm of each column (or row) of m, as a 1×C (or R×1) matrix.
num::Matrix slice_norms(const num::Matrix& m, double p, bool columns) {
  const num::Index count = columns ? m.columns() : m.rows();
  const num::Index length = columns ? m.rows() : m.columns();
  num::Matrix result(columns ? 1 : count, columns ? count : 1, 0.0);
  for (num::Index k = 0; k < count; ++k) {
    num::Matrix slice(1, length, num::Matrix::Element::ComplexValued);
    for (num::Index i = 0; i < length; ++i) {
      slice.set(i, columns ? m.complex_at(i, k) : m.complex_at(k, i));
    }
    result.set(k, num::vector_norm(slice, p));
  }
  return result;
}

// vecnorm(A, p, dim): MATLAB's p-norm of each column (dim 1, the default for a matrix) or row
// (dim 2), as a 1×C or R×1 matrix; a vector (or a 1-D-shaped matrix along its length) gives one
// number, as norm(v, p) does. An N-D array: along dim (the first non-singleton by default).
Value vecnorm(Call& call) {
  const Value& x = call.value(0);
  if (!runtime::is_numeric_or_nd(x))
    call.fail(fmt::format(messages::unsupported_type, x.kind_name()));
  const double p = call.has(1) && call.value(1).element_count() > 0 ? call.scalar(1) : 2.0;
  if (!(p > 0.0)) call.fail(fmt::format(messages::must_be_positive, "p"));
  if (x.is_nd_array() || matlab_trailing_dim(call, 2)) {
    const num::NdArray array = runtime::as_nd_array(x);
    const std::vector<int> along = nd_dims_argument(call, 2, array.dims());
    if (*std::min_element(along.begin(), along.end()) >= array.ndims()) {
      // Each element is its own slice: its norm is |x|.
      const num::Matrix& pages = array.pages();
      const num::Matrix norms = slice_norms(pages.with_shape(1, pages.size()), p, true);
      return runtime::nd_result(
          num::NdArray::from_pages(array.dims(), norms.with_shape(pages.rows(), pages.columns())));
    }
    return nd_reduce_call(call, 2, [p](const num::Matrix& slices, num::Along) {
      return slice_norms(slices, p, true);
    });
  }
  const num::Matrix m = x.as_matrix();
  const std::optional<int> dim = call.has(2) ? call.dim_argument(2) : std::nullopt;
  // One slice: the whole of a vector-shaped value, or a vector along its length.
  if ((!dim && is_vector_shaped(x)) || (!x.is(Kind::Matrix) && dim.value_or(0) == 2)) {
    return Value::scalar(num::vector_norm(m, p));
  }
  num::Matrix result = slice_norms(m, p, dim ? *dim == 1 : true);
  if (!x.is(Kind::Matrix)) return Value::vector(std::move(result));
  return Value::matrix(std::move(result));
}

Value det(Call& call) { return collapse(num::det(call.matrix(0))); }
Value trace(Call& call) {
  const Value& x = call.value(0);
  if (x.is_nd_array()) call.fail_not_two_dimensional(x, 0);
  if (!x.is_numeric()) call.fail(fmt::format(messages::expected_matrix_got, x.kind_name()));
  return collapse(num::trace(call.matrix(0)));
}

// MATLAB's inv of a number, with its reciprocal condition number: 1 for a finite non-zero x,
// 0 for 0 (whose inverse is Inf with its sign) and for Inf (0), NaN for NaN.
Value scalar_inverse(const Call& call, const Value& x) {
  const num::Complex z = x.complex_value();
  double rcond = 1.0;
  Value inverse;
  if (std::isnan(z.real()) || std::isnan(z.imag())) {
    rcond = std::numeric_limits<double>::quiet_NaN();
    inverse = x.is(Kind::Complex) ? Value::complex({rcond, rcond}) : Value::scalar(rcond);
  } else if (std::isinf(z.real()) || std::isinf(z.imag())) {
    rcond = 0.0;
    inverse = Value::scalar(0.0);
  } else if (z == num::Complex(0.0, 0.0)) {
    rcond = 0.0;
    inverse = Value::scalar(std::copysign(std::numeric_limits<double>::infinity(), z.real()));
  } else {
    inverse = x.is(Kind::Complex) ? Value::complex(1.0 / z) : Value::scalar(1.0 / z.real());
  }
  if (call.nargout() < 2) return inverse;
  return Value::tuple({std::move(inverse), Value::scalar(rcond)});
}

// inv in matlab code, as Octave computes it: [X, rcond] = inv(A) by LU with gecon's estimate. A
// singular A (rcond 0) gives Inf in every element and, when rcond is not asked for, "warning:
// matrix singular to machine precision"; a nearly singular one (rcond + 1 == 1, or NaN) warns
// with its rcond and keeps the computed inverse.
Value matlab_inv(Call& call) {
  const Value& x = call.value(0);
  if (x.is(Kind::Scalar) || x.is(Kind::Bool) || x.is(Kind::Complex)) {
    return scalar_inverse(call, x);
  }
  const num::Matrix a = call.matrix(0);
  if (a.empty()) {
    if (call.nargout() < 2) return Value::matrix(num::Matrix(0, 0));
    return Value::tuple({Value::matrix(num::Matrix(0, 0)), Value::scalar(0.0)});
  }
  if (a.rows() != a.columns()) {
    call.fail(fmt::format(messages::not_square_matrix, a.rows(), a.columns()));
  }
  const num::Index n = a.rows();
  num::Division division = num::left_divide(a, num::identity(n, n));
  const double rcond = division.rcond;
  if (rcond == 0.0) {
    division.result = num::Matrix(n, n, std::numeric_limits<double>::infinity());
  }
  if (call.nargout() < 2 && n > 0) {
    if (rcond == 0.0) {
      call.session().warn({"Octave:singular-matrix", std::string(messages::singular_matrix)});
    } else if (rcond + 1.0 == 1.0 || std::isnan(rcond)) {
      call.session().warn({"Octave:singular-matrix",
                           fmt::format(messages::singular_matrix_rcond,
                                       std::isnan(rcond) ? "nan" : fmt::format("{:g}", rcond))});
    }
  }
  Value inverse = Value::matrix(std::move(division.result));
  if (call.nargout() < 2) return inverse;
  return Value::tuple({std::move(inverse), Value::scalar(n == 0 ? 0.0 : rcond)});
}

Value inv(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_inv(call);
  const Value& x = call.value(0);
  if (x.is(Kind::Scalar) || x.is(Kind::Bool) || x.is(Kind::Complex)) {
    if (x.complex_value() == num::Complex(0.0, 0.0)) call.fail(messages::singular_scalar);
    return x.is(Kind::Complex) ? Value::complex(1.0 / x.complex_value())
                               : Value::scalar(1.0 / x.scalar_value());
  }
  return Value::matrix(num::inv(call.matrix(0)));
}

Value pinv(Call& call) { return Value::matrix(num::pinv(real_input(call, 0))); }

Value rank(Call& call) {
  const Value& x = call.value(0);
  if (x.is_nd_array()) call.fail_not_two_dimensional(x, 0);
  if (!x.is(Kind::Matrix)) return Value::scalar(x.as_matrix().empty() ? 0.0 : 1.0);
  return Value::scalar(static_cast<double>(num::rank(x.matrix_value())));
}

Value null_space(Call& call) { return Value::matrix(num::null_space(real_input(call, 0))); }

Value orth(Call& call) { return Value::matrix(num::range_basis(real_input(call, 0))); }

// cond(A): the 2-norm condition number s_max / s_min from the singular values (Inf when A is
// singular, 0 for an empty A); cond(A, p) with p 1, Inf, "inf" or "fro" (in any letter case) is
// norm(A, p) * norm(inv(A), p).
Value cond(Call& call) {
  const num::Matrix a = real_input(call, 0);
  if (a.empty()) return Value::scalar(0.0);
  std::optional<num::MatrixNorm> kind;
  if (call.has(1)) {
    if (call.value(1).is(Kind::String)) {
      // Octave's and MATLAB's norm read "inf" as Inf, and cond passes p on to norm.
      static constexpr runtime::OptionWord<num::MatrixNorm> kKinds[] = {
          {"fro", num::MatrixNorm::Frobenius}, {"inf", num::MatrixNorm::Infinity}};
      kind = runtime::option_word(call.string(1), kKinds);
      if (!kind) call.fail(fmt::format(messages::unknown_cond_norm_type, call.string(1)));
    } else {
      const double p = call.scalar(1);
      if (p == 1.0) {
        kind = num::MatrixNorm::One;
      } else if (std::isinf(p) && p > 0) {
        kind = num::MatrixNorm::Infinity;
      } else if (p != 2.0) {
        call.fail(fmt::format(messages::bad_norm_type, "norm type"));
      }
    }
  }
  if (!kind) {
    const num::Matrix s = num::singular_values(a);
    const double smallest = s[s.size() - 1];
    return Value::scalar(smallest == 0.0 ? std::numeric_limits<double>::infinity()
                                         : s[0] / smallest);
  }
  if (a.rows() != a.columns()) call.fail(messages::cond_needs_square);
  if (num::rank(a) < a.rows()) return Value::scalar(std::numeric_limits<double>::infinity());
  return Value::scalar(num::matrix_norm(a, *kind) * num::matrix_norm(num::inv(a), *kind));
}

// eig(A), eig(A, B), and a trailing "vector"/"matrix" output-form flag.
Value eig(Call& call) {
  int count = call.count();
  // MATLAB's eig takes double or single matrices, then option strings only.
  for (int k = 0; k < count; ++k) {
    const Value& argument = call.value(k);
    if (argument.is(Kind::String)) continue;
    if (k >= 2) call.fail(fmt::format(messages::must_be_strings, "options after A and B"));
    if (argument.is_logical() || runtime::is_integer_class(argument.num_class())) {
      call.fail(messages::not_double_or_single_matrices);
    }
  }
  bool as_matrix = call.nargout() >= 2;
  // MATLAB's balancing choice: the eigenvalues do not depend on it (balancing only improves
  // their accuracy), so both are accepted and solved the same way.
  int balance_flags = 0;
  for (int k = 1; k < count; ++k) {
    if (!call.value(k).is(Kind::String)) continue;
    const std::string flag = lowercase(call.string(k));
    balance_flags += flag == "balance" || flag == "nobalance";
  }
  if (balance_flags > 1) call.fail(messages::balance_option);
  for (int k = count - 1; k >= 1 && call.value(k).is(Kind::String); --k) {
    const std::string balance = lowercase(call.string(k));
    if (balance != "balance" && balance != "nobalance") continue;
    std::vector<Value> rest(call.arguments().begin(), call.arguments().end());
    rest.erase(rest.begin() + k);
    runtime::Call inner(call.interpreter(), call.name(), rest, call.nargout());
    return eig(inner);
  }
  if (call.value(count - 1).is(Kind::String)) {
    as_matrix = call.choice(count - 1, {"vector", "matrix"}, "output-form flag") == 1;
    --count;
  }
  const num::Eig result =
      count >= 2 ? num::eig(call.matrix(0), call.matrix(1)) : num::eig(call.matrix(0));
  Value values = Value::matrix(as_matrix ? num::diagonal_matrix(result.values) : result.values);
  if (call.nargout() < 2) return values;
  return Value::tuple({Value::matrix(result.vectors), std::move(values)});
}

// s = svd(A) is the Vector of singular values; [U, S, V] = svd(A) or svd(A, "econ").
Value svd(Call& call) {
  const num::Matrix a = real_input(call, 0);
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  // svd(A, 0) asks for the economy size as "econ" does (MATLAB; Octave takes any number).
  const bool numeric_economy = matlab && call.has(1) && call.value(1).is_numeric();
  if (call.has(1) && !numeric_economy) call.choice(1, {"econ"}, "option");
  if (call.nargout() < 2) {
    num::Matrix values = num::singular_values(a);
    // MATLAB's singular values are a column.
    if (matlab) return Value::matrix(values.with_shape(values.size(), 1));
    return Value::vector(std::move(values));
  }
  // svd(A, 0) economizes only a tall A (MATLAB's rule; "econ" any A).
  const bool economy = numeric_economy ? a.rows() > a.columns() : call.has(1);
  num::Svd parts = num::svd(a, economy ? num::SvdSize::Economy : num::SvdSize::Full);
  return Value::tuple({Value::matrix(std::move(parts.u)), Value::matrix(std::move(parts.s)),
                       Value::matrix(std::move(parts.v))});
}

// The column order of QR with column pivoting: at each step the remaining column with the most
// left after removing the chosen ones (modified Gram-Schmidt with pivoting), so R's diagonal
// falls in magnitude.
std::vector<num::Index> pivot_order(const num::Matrix& a) {
  const num::Index rows = a.rows();
  const num::Index columns = a.columns();
  std::vector<std::vector<double>> remaining(static_cast<std::size_t>(columns));
  for (num::Index c = 0; c < columns; ++c) {
    for (num::Index r = 0; r < rows; ++r) remaining[static_cast<std::size_t>(c)].push_back(a(r, c));
  }
  std::vector<num::Index> order(static_cast<std::size_t>(columns));
  for (num::Index c = 0; c < columns; ++c) order[static_cast<std::size_t>(c)] = c;
  const auto squared = [](const std::vector<double>& v) {
    double sum = 0.0;
    for (const double x : v) sum += x * x;
    return sum;
  };
  for (num::Index k = 0; k < std::min(rows, columns); ++k) {
    auto best = static_cast<std::size_t>(k);
    for (auto j = static_cast<std::size_t>(k) + 1; j < order.size(); ++j) {
      if (squared(remaining[j]) > squared(remaining[best])) best = j;
    }
    std::swap(order[static_cast<std::size_t>(k)], order[best]);
    std::swap(remaining[static_cast<std::size_t>(k)], remaining[best]);
    const std::vector<double>& chosen = remaining[static_cast<std::size_t>(k)];
    const double size = squared(chosen);
    if (size == 0.0) continue;
    for (auto j = static_cast<std::size_t>(k) + 1; j < order.size(); ++j) {
      double dot = 0.0;
      for (num::Index r = 0; r < rows; ++r)
        dot += chosen[static_cast<std::size_t>(r)] * remaining[j][static_cast<std::size_t>(r)];
      for (num::Index r = 0; r < rows; ++r) {
        remaining[j][static_cast<std::size_t>(r)] -=
            dot / size * chosen[static_cast<std::size_t>(r)];
      }
    }
  }
  return order;
}

// [Q, R, P] = qr(A) with A·P = Q·R (P a permutation matrix), or [Q, R, p] = qr(A, 0) with
// A(:, p) = Q·R in the economy size (p a row of column numbers), as MATLAB gives them.
Value pivoted_qr(Call& call, const num::Matrix& a, bool vector) {
  const std::vector<num::Index> order = pivot_order(a);
  const auto columns = static_cast<num::Index>(order.size());
  num::Matrix permuted(a.rows(), columns);
  for (num::Index c = 0; c < columns; ++c) {
    for (num::Index r = 0; r < a.rows(); ++r)
      permuted.set(r, c, a(r, order[static_cast<std::size_t>(c)]));
  }
  const bool economy = call.has(1);
  num::Qr parts = num::qr(permuted, economy ? num::SvdSize::Economy : num::SvdSize::Full);
  Value permutation;
  if (vector) {
    std::vector<double> positions;
    for (const num::Index c : order) positions.push_back(static_cast<double>(c + 1));
    permutation = Value::matrix(num::Matrix::row(positions));
  } else {
    num::Matrix p(columns, columns);
    for (num::Index c = 0; c < columns; ++c) p.set(order[static_cast<std::size_t>(c)], c, 1.0);
    permutation = Value::matrix(std::move(p));
  }
  return Value::tuple({Value::matrix(std::move(parts.q)), Value::matrix(std::move(parts.r)),
                       std::move(permutation)});
}

// [Q, R] = qr(A), qr(A, 0) or qr(A, "econ") (economy size); R = qr(A) alone is the R factor.
// [C, R] = qr(A, B): R of A and C = Q'·B (MATLAB's least-squares form), B as given.
Value qr_applied(Call& call, const num::Matrix& a) {
  const num::Matrix b = call.matrix(1);
  if (b.rows() != a.rows()) call.fail(messages::row_counts_differ);
  const bool economy =
      call.has(2) && (call.value(2).is(Kind::String) ? runtime::is_word(call.value(2), "econ")
                                                     : call.scalar(2) == 0.0);
  num::Qr parts = num::qr(a, economy ? num::SvdSize::Economy : num::SvdSize::Full);
  num::Matrix c = num::matmul(num::conjugate_transpose(parts.q), b);
  if (call.nargout() < 2) return Value::matrix(std::move(parts.r));
  return Value::tuple({Value::matrix(std::move(c)), Value::matrix(std::move(parts.r))});
}

Value qr(Call& call) {
  num::Matrix a = call.matrix(0);
  if (num::imaginary_ratio(a) == 0.0) a = a.real_part();
  if (call.has(1) && call.value(1).is_array() && call.nargout() < 3) return qr_applied(call, a);
  if (call.has(2)) call.fail(messages::qr_third_argument);
  bool economy = false;
  if (call.has(1)) {
    const Value& option = call.value(1);
    economy = option.is(Kind::String) ? runtime::is_word(option, "econ") : call.scalar(1) == 0.0;
    if (!economy) {
      call.fail(messages::bad_economy_option);
    }
  }
  if (call.nargout() >= 3) {
    if (a.is_complex()) {
      call.fail(messages::complex_with_permutation);
    }
    return pivoted_qr(call, a, economy && !call.value(1).is(Kind::String));
  }
  num::Qr parts = num::qr(a, economy ? num::SvdSize::Economy : num::SvdSize::Full);
  if (call.nargout() < 2) return Value::matrix(std::move(parts.r));
  return Value::tuple({Value::matrix(std::move(parts.q)), Value::matrix(std::move(parts.r))});
}

// R = chol(A) with R'·R = A; [R, p] = chol(A) reports failure in p instead of raising it.
// chol(A), chol(A, "upper") = R with R'R = A from A's upper triangle; chol(A, "lower") = L with
// L L' = A from its lower triangle (the option in any letter case); [R, p] = chol(...).
Value chol(Call& call) {
  bool lower = false;
  if (call.has(1)) {
    lower = call.choice(1, {"upper", "lower"}, "the second argument") == 1;
  }
  // A complex A is Hermitian: R'·R = A with R' the conjugate transpose, and the lower factor
  // is the conjugate transpose of the upper factor of A'.
  num::Matrix a = call.matrix(0);
  if (num::imaginary_ratio(a) == 0.0) a = a.real_part();
  num::Cholesky factor = num::chol(lower ? num::conjugate_transpose(a) : a);
  if (lower) factor.r = num::conjugate_transpose(factor.r);
  if (call.nargout() >= 2) {
    return Value::tuple(
        {Value::matrix(std::move(factor.r)), Value::scalar(static_cast<double>(factor.failed_at))});
  }
  if (factor.failed_at != 0) call.fail(messages::not_positive_definite);
  return Value::matrix(std::move(factor.r));
}

// cholupdate(R, x[, "+"|"-"]): the Cholesky factor of R'·R + x·x' (or − x·x'), refactored
// (MATLAB's rank-one update, to rounding); [R1, p] gives p = 1 and R where the downdate leaves
// no positive definite matrix, which alone is an error.
Value cholupdate(Call& call) {
  const num::Matrix r = call.matrix(0);
  const num::Matrix x = call.matrix(1);
  const std::string op = call.has(2) && call.choice(2, {"+", "-"}, "OP") == 1 ? "-" : "+";
  if (r.rows() != r.columns() || x.size() != r.rows() || (x.rows() != 1 && x.columns() != 1)) {
    call.fail(messages::cholupdate_shapes);
  }
  const num::Matrix column = x.with_shape(x.size(), 1);
  const num::Matrix outer = num::matmul(column, num::conjugate_transpose(column));
  const num::Matrix gram = num::matmul(num::conjugate_transpose(r), r);
  num::Matrix a =
      num::elementwise(op == "+" ? num::Arithmetic::Add : num::Arithmetic::Subtract, gram, outer);
  if (num::imaginary_ratio(a) == 0.0) a = a.real_part();
  num::Cholesky factor = num::chol(a);
  if (call.nargout() >= 2) {
    const bool failed = factor.failed_at != 0;
    return Value::tuple(
        {Value::matrix(failed ? r : std::move(factor.r)), Value::scalar(failed ? 1.0 : 0.0)});
  }
  if (factor.failed_at != 0) call.fail(messages::downdate_not_positive_definite);
  return Value::matrix(std::move(factor.r));
}

// [L, U, P] = lu(A) with P·A = L·U; [L, U] = lu(A) folds P into L (L = P'·L, as MATLAB);
// Y = lu(A) is L − I + U, both factors in one matrix.
// The permutation matrix P as MATLAB's "vector" form: p with A(p, :) = L·U, a column (Octave's
// and MATLAB's shape for it).
num::Matrix permutation_vector(const num::Matrix& p) {
  num::Matrix vector(p.rows(), 1);
  for (num::Index row = 0; row < p.rows(); ++row) {
    for (num::Index column = 0; column < p.columns(); ++column) {
      if (p(row, column) == 1.0) vector.set(row, static_cast<double>(column + 1));
    }
  }
  return vector;
}

Value lu(Call& call) {
  const bool as_vector = call.has(1) && call.choice(1, {"vector", "matrix"}, "the option") == 0;
  num::Lu parts = num::lu(real_input(call, 0));
  if (call.nargout() >= 3) {
    return Value::tuple({Value::matrix(std::move(parts.l)), Value::matrix(std::move(parts.u)),
                         Value::matrix(as_vector ? permutation_vector(parts.p) : parts.p)});
  }
  if (call.nargout() == 2) {
    num::Matrix permuted_l(parts.l.rows(), parts.l.columns());
    for (num::Index row = 0; row < parts.p.rows(); ++row) {
      for (num::Index source = 0; source < parts.p.columns(); ++source) {
        if (parts.p(row, source) != 1.0) continue;
        for (num::Index c = 0; c < parts.l.columns(); ++c) {
          permuted_l.set(source, c, parts.l(row, c));
        }
      }
    }
    return Value::tuple({Value::matrix(std::move(permuted_l)), Value::matrix(std::move(parts.u))});
  }
  num::Matrix combined(parts.l.rows(), parts.u.columns());
  for (num::Index row = 0; row < combined.rows(); ++row) {
    for (num::Index c = 0; c < combined.columns(); ++c) {
      const bool below = c < row && c < parts.l.columns();
      combined.set(row, c,
                   below ? parts.l(row, c) : (row < parts.u.rows() ? parts.u(row, c) : 0.0));
    }
  }
  return Value::matrix(std::move(combined));
}

// x = linsolve(A, b): a vector-like b gives a Vector (a Scalar when n = 1); a matrix b a matrix.
Value solve_with(Call& call, const char* name) {
  const num::Matrix a = call.matrix(0);
  const Value& b = call.value(1);
  const bool vector_rhs = is_vector_shaped(b);
  num::Matrix rhs = call.matrix(1);
  if (vector_rhs) rhs = rhs.with_shape(rhs.size(), 1);
  num::Matrix x = num::linsolve(a, rhs, name);
  if (!vector_rhs) return Value::matrix(std::move(x));
  if (x.size() == 1) return collapse(x.complex_at(0));
  return Value::vector(std::move(x));
}
Value linsolve(Call& call) { return solve_with(call, "linsolve"); }
Value solve(Call& call) { return solve_with(call, "solve"); }

Value expm(Call& call) {
  const Value& x = call.value(0);
  if (x.is(Kind::Scalar) || x.is(Kind::Bool)) return Value::scalar(std::exp(x.scalar_value()));
  if (x.is(Kind::Complex)) return Value::complex(std::exp(x.complex_value()));
  return Value::matrix(num::expm(call.matrix(0)));
}

// A pagemtimes operand: any numeric value or N-D array.
num::NdArray page_operand(const Call& call, int index) {
  const Value& x = call.value(index);
  if (!runtime::is_numeric_or_nd(x)) {
    call.fail(fmt::format(messages::rule_argument_not_numeric, index + 1, x.kind_name()));
  }
  return runtime::as_nd_array(x);
}

// MATLAB's transpose option of pagemtimes: "none", "transpose" or "ctranspose".
num::PageOperation page_operation(const Call& call, int index) {
  static constexpr num::PageOperation kOperations[] = {num::PageOperation::None,
                                                       num::PageOperation::Transpose,
                                                       num::PageOperation::ConjugateTranspose};
  return kOperations[call.choice(index, {"none", "transpose", "ctranspose"}, "transpose option")];
}

// pagemtimes(X, Y) or pagemtimes(X, transpX, Y, transpY): one matrix product per page.
Value pagemtimes(Call& call) {
  if (call.count() == 3) call.fail(messages::pagemtimes_call_forms);
  const bool options = call.count() == 4;
  const num::NdArray x = page_operand(call, 0);
  const num::NdArray y = page_operand(call, options ? 2 : 1);
  const num::PageOperation x_operation =
      options ? page_operation(call, 1) : num::PageOperation::None;
  const num::PageOperation y_operation =
      options ? page_operation(call, 3) : num::PageOperation::None;
  return runtime::nd_result(num::page_products(x, x_operation, y, y_operation));
}

Value pagetranspose(Call& call) {
  return runtime::nd_result(num::page_transposed(page_operand(call, 0)));
}

}  // namespace

extern const BuiltinTable kLinalgBuiltins = {
    {"pagemtimes", pagemtimes, 2, 4,
     "Matrix product page by page: Z(:,:,i) = X(:,:,i) * Y(:,:,i); options \"none\", "
     "\"transpose\", \"ctranspose\" per operand. Example: pagemtimes(ones(2, 3, 4), ones(3, 2))"},
    {"pagetranspose", pagetranspose, 1, 1,
     "Transpose every page of an N-D array. Example: pagetranspose(ones(2, 3, 4))"},
    // name       function  min max help
    {"dot", keeps_single<dot, 2>, 2, 3,
     "Sum of u(k)*v(k) (no conjugation; in matlab code MATLAB's sum(conj(u) .* v, dim), of "
     "matrices too). Example: dot([1, 2, 3], [4, 5, 6])"},
    {"cross", keeps_single<cross, 2>, 2, 2,
     "Cross product of two 3-element vectors. Example: cross([1, 0, 0], [0, 1, 0])"},
    {"outer", outer, 2, 2, "Outer product: M(i, j) = a(i)*b(j). Example: outer([1, 2], [3, 4, 5])"},
    {"kron", kron, 2, -1,
     "Kronecker product (of every argument in turn). Example: kron(eye(2), [1, 2])"},
    {"norm", keeps_single<norm>, 1, 3,
     "Vector p-norm; matrix Frobenius (default; the 2-norm in matlab code), 1, 2, Inf or \"fro\" "
     "norm; in matlab code norm(M, p, \"rows\" | \"columns\"). Example: norm([3, 4])"},
    {"vecnorm", vecnorm, 1, 3,
     "p-norm of each column (or row, dim 2): vecnorm(A, p, dim), along any dim of an N-D array. "
     "Example: vecnorm([3, 0; 4, 1])"},
    {"det", det, 1, 1, "Determinant (LU with partial pivoting). Example: det([1, 2; 3, 4])"},
    {"inv", inv, 1, 1,
     "Matrix inverse (Gauss-Jordan with partial pivoting). Example: inv([2, 0; 0, 4])"},
    {"pinv", pinv, 1, 1, "Moore-Penrose pseudo-inverse via the SVD. Example: pinv([1, 2; 2, 4])"},
    {"trace", trace, 1, 1, "Sum of the main diagonal. Example: trace(magic(3))"},
    {"cond", cond, 1, 2,
     "Condition number: s_max / s_min, or norm(A, p) * norm(inv(A), p). Example: cond([1, 2; 3, "
     "4])"},
    {"rank", rank, 1, 1,
     "Number of singular values above the tolerance. Example: rank([1, 2; 2, 4])"},
    {"null", null_space, 1, 1,
     "Orthonormal basis of the null space (A * null(A) ≈ 0), with rank's tolerance. Example: "
     "null([1, 1; 1, 1])"},
    {"orth", orth, 1, 1,
     "Orthonormal basis of the range of A (as many columns as rank(A)). Example: orth([1, 1; 1, "
     "1])"},
    {"eig", eig, 1, 3,
     "Eigenvalues (N×1), or [V, D] = eig(A); eig(A, B) generalized. Example: eig([2, 0; 0, 3])"},
    {"svd", svd, 1, 2,
     "Singular values (descending Vector), or [U, S, V] = svd(A[, \"econ\"]). Example: svd([3, 0; "
     "0, 4])"},
    {"qr", qr, 1, 3,
     "QR factorisation: [Q, R] = qr(A), qr(A, 0) or qr(A, \"econ\"); [C, R] = qr(A, B) gives "
     "C = Q'*B. Example: [Q, R] = qr([1, 2; "
     "3, 4])"},
    {"cholupdate", cholupdate, 2, 3,
     "Rank-one update of a Cholesky factor: cholupdate(R, x) is chol(R'*R + x*x'), "
     "cholupdate(R, x, \"-\") the downdate. Example: cholupdate(chol([2 1; 1 2]), [1; 0])"},
    {"chol", chol, 1, 2,
     "Cholesky factor R with R'*R = A (chol(A, \"lower\"): L with L*L' = A); [R, p] = chol(A) "
     "reports failure. Example: chol([4, 2; 2, 3])"},
    {"lu", lu, 1, 2,
     "LU with partial pivoting: [L, U, P] = lu(A), P*A = L*U; [L, U] = lu(A); lu(A, \"vector\") "
     "gives P as the row order p, A(p, :) = L*U. Example: [L, U, P] = "
     "lu([1, 2; 3, 4])"},
    {"linsolve", linsolve, 2, 2,
     "Solve A*x = b by Gaussian elimination. Example: linsolve([2, 1; 1, 3], [3; 5])"},
    {"solve", solve, 2, 2,
     "Solve A*x = b (alias of linsolve for dense A). Example: solve([2, 1; 1, 3], [3; 5])"},
    {"expm", expm, 1, 1,
     "Matrix exponential (scaling and squaring, [6/6] Pade). Example: expm(zeros(2, 2))"},
};

}  // namespace llmlab::builtins
