// The matrix product. Real products go to OpenBLAS dgemm (Eigen's GEMV for a single row), which
// measured 2-4× faster than Eigen's GEMM at 256×256 here; complex ones to Eigen. A diagonal
// operand, as in the seed's `W * diag(g)`, scales columns or rows instead: O(n²), not O(n³).
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "num/blas_library.hpp"
#include "num/ops.hpp"
#include "num/ops_detail.hpp"

namespace llmlab::num {

namespace {

int blas_size(Index n) {
  if (n > std::numeric_limits<int>::max()) throw Error(std::string(messages::product_too_large));
  return static_cast<int>(n);
}

bool all_finite(std::span<const double> values) {
  for (double x : values) {
    if (!std::isfinite(x)) return false;
  }
  return true;
}

// A real square matrix whose off-diagonal elements are all exactly zero and whose diagonal is
// finite. Dense matrices fail on their first non-zero off-diagonal element, so the check
// costs nothing when it does not apply.
bool is_finite_diagonal(const Matrix& m) {
  if (m.is_complex() || m.rows() != m.columns() || m.rows() < 2) return false;
  std::span<const double> values = m.real_values();
  const Index n = m.rows();
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < n; ++j) {
      const double x = values[static_cast<std::size_t>(i * n + j)];
      if (i == j ? !std::isfinite(x) : x != 0.0) return false;
    }
  }
  return true;
}

// A·D with D diagonal: column j of A times d_j. "+ 0.0" turns -0 into +0, as a sum that starts
// from zero would; with finite data the products are otherwise exactly the GEMM's.
Matrix scale_columns(const Matrix& a, const Matrix& diagonal) {
  const Index rows = a.rows();
  const Index n = a.columns();
  Matrix result(rows, n);
  std::vector<double> d(static_cast<std::size_t>(n));
  for (Index j = 0; j < n; ++j) d[static_cast<std::size_t>(j)] = diagonal(j, j);
  std::span<const double> in = a.real_values();
  std::span<double> out = result.mutable_real_values();
  for (Index i = 0; i < rows; ++i) {
    const double* row = in.data() + i * n;
    double* target = out.data() + i * n;
    for (Index j = 0; j < n; ++j) target[j] = row[j] * d[static_cast<std::size_t>(j)] + 0.0;
  }
  return result;
}

// D·B with D diagonal: row i of B times d_i.
Matrix scale_rows(const Matrix& diagonal, const Matrix& b) {
  const Index n = b.rows();
  const Index columns = b.columns();
  Matrix result(n, columns);
  std::span<const double> in = b.real_values();
  std::span<double> out = result.mutable_real_values();
  for (Index i = 0; i < n; ++i) {
    const double d = diagonal(i, i);
    for (Index j = 0; j < columns; ++j) {
      const auto k = static_cast<std::size_t>(i * columns + j);
      out[k] = d * in[k] + 0.0;
    }
  }
  return result;
}

Matrix real_product(const Matrix& a, const Matrix& b) {
  const Index m = a.rows();
  const Index k = a.columns();
  const Index n = b.columns();
  if (m == 0 || n == 0 || k == 0) return Matrix(m, n);
  if (is_finite_diagonal(b) && all_finite(a.real_values())) return scale_columns(a, b);
  if (is_finite_diagonal(a) && all_finite(b.real_values())) return scale_rows(a, b);
  Matrix result = Matrix::uninitialized(m, n);  // GEMM and GEMV write every element
  const double* a_data = a.real_values().data();
  const double* b_data = b.real_values().data();
  double* out = result.mutable_real_values().data();
  if (m == 1) {
    // Row vector times matrix (the curriculum's `x * W`): Eigen's single-threaded GEMV, since
    // waking BLAS threads for O(n²) work costs more than it saves, badly so on a busy machine.
    detail::RealMap row(out, 1, n);
    row.noalias() = detail::real_map(a) * detail::real_map(b);
  } else {
    blas::library().dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, blas_size(m), blas_size(n),
                          blas_size(k), 1.0, a_data, blas_size(k), b_data, blas_size(n), 0.0, out,
                          blas_size(n));
  }
  return result;
}

Matrix complex_product(const Matrix& a, const Matrix& b) {
  const std::vector<Complex> a_values = detail::complex_copy(a);
  const std::vector<Complex> b_values = detail::complex_copy(b);
  Matrix result(a.rows(), b.columns(), Matrix::Element::ComplexValued);
  detail::ComplexMap out(result.mutable_complex_values().data(), a.rows(), b.columns());
  out.noalias() = detail::ConstComplexMap(a_values.data(), a.rows(), a.columns()) *
                  detail::ConstComplexMap(b_values.data(), b.rows(), b.columns());
  return result;
}

}  // namespace

Matrix matmul(const Matrix& a, const Matrix& b) {
  if (a.columns() != b.rows()) {
    throw Error(fmt::format(messages::inner_dimensions_mismatch, shape_text(a), shape_text(b)));
  }
  if (a.is_real() && b.is_real()) return real_product(a, b);
  return complex_product(a, b);
}

}  // namespace llmlab::num
