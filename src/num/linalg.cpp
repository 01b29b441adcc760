// Vector products, norms, and the elimination-based routines of builtins.md §7 (det, inv,
// linsolve, trace, expm). Decompositions (svd, eig, pinv, rank) are in decompositions.cpp.
#include "num/linalg.hpp"

#include <fmt/format.h>

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "num/ops.hpp"
#include "num/ops_detail.hpp"
#include "num/shape.hpp"

namespace llmlab::num {

namespace {

// Pivots smaller than this count as zero in det, inv and linsolve (builtins.md §7).
constexpr double kPivotTolerance = 1e-14;

void require_square(const Matrix& a, const char* name, const char* what = "matrix") {
  if (a.rows() != a.columns()) {
    throw Error(fmt::format(messages::matrix_not_square, name, what, a.rows(), a.columns()));
  }
}

// A dense row-major working copy, real or complex, for the elimination routines.
template <class T>
std::vector<T> working_copy(const Matrix& m) {
  if constexpr (std::is_same_v<T, double>) {
    return {m.real_values().begin(), m.real_values().end()};
  } else {
    return detail::complex_copy(m);
  }
}

template <class T>
Matrix to_matrix(const std::vector<T>& values, Index rows, Index columns) {
  if constexpr (std::is_same_v<T, double>) {
    Matrix result(rows, columns);
    std::copy(values.begin(), values.end(), result.mutable_real_values().begin());
    return result;
  } else {
    Matrix result(rows, columns, Matrix::Element::ComplexValued);
    std::copy(values.begin(), values.end(), result.mutable_complex_values().begin());
    return result;
  }
}

// The first row at or below `k` with the largest |a(i, k)| (first one on ties).
template <class T>
Index pivot_row(const std::vector<T>& a, Index n, Index columns, Index k) {
  Index best = k;
  double best_size = std::abs(a[static_cast<std::size_t>(k * columns + k)]);
  for (Index i = k + 1; i < n; ++i) {
    const double size = std::abs(a[static_cast<std::size_t>(i * columns + k)]);
    if (size > best_size) {
      best = i;
      best_size = size;
    }
  }
  return best;
}

template <class T>
void swap_rows(std::vector<T>& a, Index columns, Index i, Index j) {
  std::swap_ranges(a.begin() + i * columns, a.begin() + (i + 1) * columns, a.begin() + j * columns);
}

template <class T>
Complex determinant(const Matrix& m) {
  const Index n = m.rows();
  std::vector<T> a = working_copy<T>(m);
  T product(1.0);
  for (Index k = 0; k < n; ++k) {
    const Index p = pivot_row(a, n, n, k);
    const T pivot = a[static_cast<std::size_t>(p * n + k)];
    if (std::abs(pivot) < kPivotTolerance) {
      // A (numerically) zero column: skip elimination, keep the tiny diagonal entry.
      product *= a[static_cast<std::size_t>(k * n + k)];
      continue;
    }
    if (p != k) {
      swap_rows(a, n, p, k);
      product = -product;
    }
    product *= pivot;
    for (Index i = k + 1; i < n; ++i) {
      const T factor = a[static_cast<std::size_t>(i * n + k)] / pivot;
      if (factor == T(0.0)) continue;
      for (Index j = k; j < n; ++j) {
        a[static_cast<std::size_t>(i * n + j)] -= factor * a[static_cast<std::size_t>(k * n + j)];
      }
    }
  }
  return Complex(product);
}

// Gaussian elimination with partial pivoting on the augmented [A | B] (n×(n+k)); with
// `jordan` the pivot rows are normalised and eliminated above as well (Gauss–Jordan), so the
// right block ends as A⁻¹B without back substitution.
template <class T>
Matrix eliminate(const Matrix& a_matrix, const Matrix& b_matrix, const char* name) {
  const Index n = a_matrix.rows();
  const Index k = b_matrix.columns();
  const Index width = n + k;
  const std::vector<T> a_values = working_copy<T>(a_matrix);
  const std::vector<T> b_values = working_copy<T>(b_matrix);
  std::vector<T> w(static_cast<std::size_t>(n * width));
  for (Index i = 0; i < n; ++i) {
    std::copy_n(a_values.begin() + i * n, n, w.begin() + i * width);
    std::copy_n(b_values.begin() + i * k, k, w.begin() + i * width + n);
  }
  for (Index column = 0; column < n; ++column) {
    const Index p = pivot_row(w, n, width, column);
    if (std::abs(w[static_cast<std::size_t>(p * width + column)]) < kPivotTolerance) {
      throw Error(fmt::format(messages::matrix_singular, name));
    }
    if (p != column) swap_rows(w, width, p, column);
    T* pivot_row_values = w.data() + column * width;
    const T pivot = pivot_row_values[column];
    for (Index j = column; j < width; ++j) pivot_row_values[j] /= pivot;
    for (Index i = 0; i < n; ++i) {
      if (i == column) continue;
      T* row = w.data() + i * width;
      const T factor = row[column];
      if (factor == T(0.0)) continue;
      for (Index j = column; j < width; ++j) row[j] -= factor * pivot_row_values[j];
    }
  }
  std::vector<T> x(static_cast<std::size_t>(n * k));
  for (Index i = 0; i < n; ++i) std::copy_n(w.begin() + i * width + n, k, x.begin() + i * k);
  return to_matrix(x, n, k);
}

Matrix solve_square(const Matrix& a, const Matrix& b, const char* name) {
  // Elimination through an Inf pivot turns the rest into finite numbers that mean nothing
  // (inv([1 Inf; 2 3]) came out finite); such a system has no useful solution to report.
  for (Index k = 0; k < a.size(); ++k) {
    const Complex element = a.complex_at(k);
    if (!std::isfinite(element.real()) || !std::isfinite(element.imag())) {
      throw Error(fmt::format(messages::matrix_not_finite, name));
    }
  }
  if (a.is_real() && b.is_real()) return eliminate<double>(a, b, name);
  return eliminate<Complex>(a, b, name);
}

enum class Line { Column, Row };

// The largest sum of |a_ij| along a column (‖A‖₁) or a row (‖A‖∞).
double largest_absolute_sum(const Matrix& m, Line line) {
  const bool rows = line == Line::Row;
  double best = 0.0;
  for (Index outer = 0; outer < (rows ? m.rows() : m.columns()); ++outer) {
    double sum = 0.0;
    for (Index k = 0; k < (rows ? m.columns() : m.rows()); ++k) {
      sum += std::abs(rows ? m.complex_at(outer, k) : m.complex_at(k, outer));
    }
    best = std::max(best, sum);
  }
  return best;
}

double one_norm(const Matrix& m) { return largest_absolute_sum(m, Line::Column); }
double infinity_norm(const Matrix& m) { return largest_absolute_sum(m, Line::Row); }

}  // namespace

Complex dot(const Matrix& u, const Matrix& v) {
  if (u.size() != v.size()) {
    throw Error(fmt::format(messages::dot_length_mismatch, u.size(), v.size()));
  }
  if (u.is_real() && v.is_real()) {
    std::span<const double> a = u.real_values();
    std::span<const double> b = v.real_values();
    double sum = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) sum += a[k] * b[k];
    return {sum, 0.0};
  }
  Complex sum(0.0, 0.0);
  for (Index k = 0; k < u.size(); ++k) sum += u.complex_at(k) * v.complex_at(k);
  return sum;
}

Matrix cross(const Matrix& u, const Matrix& v) {
  if (u.size() != 3 || v.size() != 3) {
    throw Error(fmt::format(messages::cross_needs_length_three, u.size(), v.size()));
  }
  const Complex u1 = u.complex_at(0), u2 = u.complex_at(1), u3 = u.complex_at(2);
  const Complex v1 = v.complex_at(0), v2 = v.complex_at(1), v3 = v.complex_at(2);
  Matrix result(1, 3, Matrix::Element::ComplexValued);
  result.set(0, u2 * v3 - u3 * v2);
  result.set(1, u3 * v1 - u1 * v3);
  result.set(2, u1 * v2 - u2 * v1);
  result.demote_if_real();
  return result;
}

Matrix outer(const Matrix& a, const Matrix& b) {
  return matmul(a.with_shape(a.size(), 1), b.with_shape(1, b.size()));
}

Matrix kron(const Matrix& a, const Matrix& b) {
  const Index rows = a.rows() * b.rows();
  const Index columns = a.columns() * b.columns();
  const bool complex = a.is_complex() || b.is_complex();
  Matrix result(rows, columns, complex ? Matrix::Element::ComplexValued : Matrix::Element::Real);
  for (Index i = 0; i < a.rows(); ++i) {
    for (Index j = 0; j < a.columns(); ++j) {
      for (Index p = 0; p < b.rows(); ++p) {
        for (Index q = 0; q < b.columns(); ++q) {
          const Index row = i * b.rows() + p;
          const Index column = j * b.columns() + q;
          if (complex) {
            result.set(row, column, a.complex_at(i, j) * b.complex_at(p, q));
          } else {
            result.set(row, column, a(i, j) * b(p, q));
          }
        }
      }
    }
  }
  return result;
}

double vector_norm(const Matrix& v, double p) {
  if (p == 2.0) {
    // Σ (re² + im²) in storage order, then one square root (builtins.md §7).
    double sum = 0.0;
    if (v.is_real()) {
      for (double x : v.real_values()) sum += x * x;
    } else {
      for (Complex z : v.complex_values()) sum += z.real() * z.real() + z.imag() * z.imag();
    }
    if (std::isfinite(sum) && sum >= std::numeric_limits<double>::min()) {
      return std::sqrt(sum);
    }
    // The squares overflowed (1e200) or lost digits to underflow (1e-170): the same sum over
    // elements scaled by the largest magnitude. NaN and Inf elements give NaN and Inf here too.
    double largest = 0.0;
    for (Index k = 0; k < v.size(); ++k) {
      const Complex z = v.complex_at(k);
      largest = std::max({largest, std::abs(z.real()), std::abs(z.imag())});
    }
    if (!std::isfinite(largest) || largest == 0.0) return std::sqrt(sum);
    double scaled = 0.0;
    for (Index k = 0; k < v.size(); ++k) {
      const Complex z = v.complex_at(k) / largest;
      scaled += z.real() * z.real() + z.imag() * z.imag();
    }
    return largest * std::sqrt(scaled);
  }
  if (std::isinf(p)) {
    double best = p > 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
    for (Index k = 0; k < v.size(); ++k) {
      const double size = std::abs(v.complex_at(k));
      best = p > 0.0 ? std::max(best, size) : std::min(best, size);
    }
    return best;
  }
  if (!(p > 0.0)) throw Error(std::string(messages::norm_p_invalid));
  double sum = 0.0;
  for (Index k = 0; k < v.size(); ++k) {
    const double size = std::abs(v.complex_at(k));
    sum += p == 1.0 ? size : std::pow(size, p);
  }
  return p == 1.0 ? sum : std::pow(sum, 1.0 / p);
}

double matrix_norm(const Matrix& m, MatrixNorm kind) {
  switch (kind) {
    case MatrixNorm::Frobenius:
      return vector_norm(m, 2.0);
    case MatrixNorm::One:
      return one_norm(m);
    case MatrixNorm::Infinity:
      return infinity_norm(m);
    case MatrixNorm::Two: {
      if (m.empty()) return 0.0;
      // The SVD is undefined for NaN or Inf elements; MATLAB's answer is NaN if any element is
      // NaN, else Inf.
      bool infinite = false;
      for (Index k = 0; k < m.size(); ++k) {
        const Complex z = m.complex_at(k);
        if (std::isnan(z.real()) || std::isnan(z.imag())) return std::nan("");
        infinite = infinite || std::isinf(z.real()) || std::isinf(z.imag());
      }
      if (infinite) return std::numeric_limits<double>::infinity();
      if (m.is_real()) return singular_values(m)[0];
      const std::vector<Complex> values = detail::complex_copy(m);
      const detail::RowMajorComplex copy =
          detail::ConstComplexMap(values.data(), m.rows(), m.columns());
      Eigen::BDCSVD<Eigen::MatrixXcd> decomposition(copy);
      return decomposition.singularValues()(0);
    }
  }
  return 0.0;
}

Complex det(const Matrix& a) {
  require_square(a, "det");
  if (a.is_real()) return determinant<double>(a);
  return determinant<Complex>(a);
}

Matrix inv(const Matrix& a) {
  require_square(a, "inv");
  const Matrix eye = identity(a.rows(), a.rows());
  return solve_square(a, eye, "inv");
}

Complex trace(const Matrix& a) {
  Complex sum(0.0, 0.0);
  for (Index k = 0; k < std::min(a.rows(), a.columns()); ++k) sum += a.complex_at(k, k);
  return sum;
}

Matrix linsolve(const Matrix& a, const Matrix& b, const char* name) {
  require_square(a, name, "A");
  if (b.rows() != a.rows()) {
    throw Error(fmt::format(messages::solve_length_mismatch, name, a.rows(), a.rows(), b.rows()));
  }
  return solve_square(a, b, name);
}

Matrix expm(const Matrix& a) {
  require_square(a, "expm");
  const Index n = a.rows();
  // Scaling and squaring with the [6/6] Padé approximant: θ is where its error reaches eps.
  constexpr double kTheta = 0.5371920351148152;
  constexpr double kC[] = {1.0,         1.0 / 2.0,     5.0 / 44.0,    1.0 / 66.0,
                           1.0 / 792.0, 1.0 / 15840.0, 1.0 / 665280.0};
  const double size = one_norm(a);
  int squarings = 0;
  if (size > kTheta) squarings = std::max(0, static_cast<int>(std::ceil(std::log2(size / kTheta))));
  const Matrix b = elementwise(Arithmetic::Divide, a, std::ldexp(1.0, squarings));
  const Matrix eye = identity(n, n);
  const Matrix b2 = matmul(b, b);
  const Matrix b4 = matmul(b2, b2);
  const Matrix b6 = matmul(b4, b2);
  auto scaled = [](const Matrix& m, double c) { return elementwise(Arithmetic::Multiply, m, c); };
  auto plus = [](const Matrix& x, const Matrix& y) { return elementwise(Arithmetic::Add, x, y); };
  const Matrix u_inner = plus(plus(scaled(eye, kC[1]), scaled(b2, kC[3])), scaled(b4, kC[5]));
  const Matrix u = matmul(b, u_inner);
  const Matrix v =
      plus(plus(scaled(eye, kC[0]), scaled(b2, kC[2])), plus(scaled(b4, kC[4]), scaled(b6, kC[6])));
  Matrix result = solve_square(elementwise(Arithmetic::Subtract, v, u), plus(v, u), "expm");
  for (int k = 0; k < squarings; ++k) result = matmul(result, result);
  return result;
}

}  // namespace llmlab::num
