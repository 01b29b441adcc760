// Singular-value and eigen decompositions (builtins.md §7: svd, pinv, rank, eig). SVD is LAPACK
// (dgesvd for values, as the spec's accuracy reference; dgesdd when vectors are wanted); eig is
// Eigen's self-adjoint solver for symmetric/Hermitian input and its QR solvers otherwise.
#include <fmt/format.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "num/lapack.hpp"
#include "num/linalg.hpp"
#include "num/ops.hpp"
#include "num/ops_detail.hpp"

namespace llmlab::num {

namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
// Up to this many singular values, the SVD runs on one BLAS thread (see SingleThreadedBlas);
// larger problems have enough BLAS-3 work in the bidiagonalisation to gain from threads.
constexpr Index kSingleThreadedSvd = 512;

int lapack_size(Index n) {
  if (n > std::numeric_limits<int>::max()) throw Error(std::string(messages::svd_too_large));
  return static_cast<int>(n);
}

// The real part of m in column-major order, as LAPACK wants it.
std::vector<double> column_major_real(const Matrix& m) {
  std::vector<double> values(static_cast<std::size_t>(m.size()));
  for (Index i = 0; i < m.rows(); ++i) {
    for (Index j = 0; j < m.columns(); ++j) {
      values[static_cast<std::size_t>(j * m.rows() + i)] = m(i, j);
    }
  }
  return values;
}

Matrix from_column_major(const std::vector<double>& values, Index rows, Index columns) {
  Matrix result(rows, columns);
  std::span<double> out = result.mutable_real_values();
  for (Index i = 0; i < rows; ++i) {
    for (Index j = 0; j < columns; ++j) {
      out[static_cast<std::size_t>(i * columns + j)] =
          values[static_cast<std::size_t>(j * rows + i)];
    }
  }
  return result;
}

// LAPACK's SVD rejects NaN and Inf as an illegal argument, and eigenvalues of such a matrix are
// undefined; like MATLAB, say so instead of returning noise.
void require_finite(const Matrix& a, const char* routine) {
  // std::all_of over iterators: the WebAssembly build's libc++ 14 lacks std::ranges' algorithms.
  const std::span<const double> real = a.is_real() ? a.real_values() : std::span<const double>();
  const std::span<const Complex> complex =
      a.is_real() ? std::span<const Complex>() : a.complex_values();
  const bool finite =
      std::all_of(real.begin(), real.end(), [](double x) { return std::isfinite(x); }) &&
      std::all_of(complex.begin(), complex.end(),
                  [](Complex z) { return std::isfinite(z.real()) && std::isfinite(z.imag()); });
  if (!finite) throw Error(fmt::format(messages::lapack_not_finite, routine));
}

void check_info(int info, const char* routine) {
  if (info > 0) throw Error(fmt::format(messages::svd_no_convergence, routine));
  LLMLAB_ASSERT(info == 0);
}

// A LAPACK SVD routine run by its workspace protocol: `call(lapack, work, lwork, info)` once with
// lwork = -1, which leaves the optimal workspace size in work[0], then with a workspace of that
// size; each call checked as `routine`. A small problem (k singular values) runs the BLAS on one
// thread.
template <class Call>
void svd_with_workspace(const char* routine, Index k, Call call) {
  std::optional<detail::SingleThreadedBlas> single_threaded;
  if (k <= kSingleThreadedSvd) single_threaded.emplace();
  const blas::Library& lapack = blas::library();
  int info = 0;
  double optimal = 0.0;
  int lwork = -1;
  call(lapack, &optimal, &lwork, &info);
  check_info(info, routine);
  lwork = static_cast<int>(optimal);
  std::vector<double> work(static_cast<std::size_t>(std::max(lwork, 1)));
  call(lapack, work.data(), &lwork, &info);
  check_info(info, routine);
}

bool is_hermitian(const Matrix& a) {
  for (Index i = 0; i < a.rows(); ++i) {
    for (Index j = i + 1; j < a.columns(); ++j) {
      if (a.complex_at(i, j) != std::conj(a.complex_at(j, i))) return false;
    }
    if (a.complex_at(i, i).imag() != 0.0) return false;
  }
  return true;
}

// Scale eigenvector columns so that the largest-|·| component (first on ties) is real and
// positive, which makes symmetric results unique up to repeated eigenvalues.
void normalise_signs(Eigen::MatrixXcd& vectors) {
  for (Eigen::Index column = 0; column < vectors.cols(); ++column) {
    Eigen::Index best = 0;
    for (Eigen::Index row = 1; row < vectors.rows(); ++row) {
      if (std::abs(vectors(row, column)) > std::abs(vectors(best, column))) best = row;
    }
    const Complex lead = vectors(best, column);
    if (std::abs(lead) == 0.0) continue;
    vectors.col(column) *= std::abs(lead) / lead;
  }
}

Eig to_eig(const Eigen::VectorXcd& values, const Eigen::MatrixXcd& vectors,
           const std::vector<Eigen::Index>& order) {
  const Index n = values.size();
  Eig result{Matrix(n, 1, Matrix::Element::ComplexValued),
             Matrix(n, n, Matrix::Element::ComplexValued)};
  for (Index k = 0; k < n; ++k) {
    const Eigen::Index source = order[static_cast<std::size_t>(k)];
    result.values.set(k, values(source));
    for (Index row = 0; row < n; ++row) result.vectors.set(row, k, vectors(row, source));
  }
  result.values.demote_if_real();
  result.vectors.demote_if_real();
  return result;
}

Eigen::MatrixXcd to_eigen_complex(const Matrix& a) {
  const std::vector<Complex> values = detail::complex_copy(a);
  return detail::ConstComplexMap(values.data(), a.rows(), a.columns());
}

}  // namespace

double imaginary_ratio(const Matrix& a) {
  if (a.is_real()) return 0.0;
  double largest_imaginary = 0.0;
  double largest_real = 0.0;
  for (Complex z : a.complex_values()) {
    largest_imaginary = std::max(largest_imaginary, std::abs(z.imag()));
    largest_real = std::max(largest_real, std::abs(z.real()));
  }
  if (largest_imaginary == 0.0) return 0.0;
  return largest_real == 0.0 ? std::numeric_limits<double>::infinity()
                             : largest_imaginary / largest_real;
}

double largest_abs_imaginary(const Matrix& a) {
  double largest = 0.0;
  if (a.is_complex()) {
    for (Complex z : a.complex_values()) largest = std::max(largest, std::abs(z.imag()));
  }
  return largest;
}

Matrix singular_values(const Matrix& a) {
  require_finite(a, "svd");
  const Index k = std::min(a.rows(), a.columns());
  Matrix result(1, k);
  if (k == 0) return result;
  std::vector<double> work_matrix = column_major_real(a);
  const int m = lapack_size(a.rows());
  const int n = lapack_size(a.columns());
  const int one = 1;
  svd_with_workspace(
      "dgesvd", k, [&](const blas::Library& lapack, double* work, int* lwork, int* info) {
        lapack.dgesvd("N", "N", &m, &n, work_matrix.data(), &m, result.mutable_real_values().data(),
                      nullptr, &one, nullptr, &one, work, lwork, info, 1, 1);
      });
  return result;
}

Svd svd(const Matrix& a, SvdSize size) {
  require_finite(a, "svd");
  const Index rows = a.rows();
  const Index columns = a.columns();
  const Index k = std::min(rows, columns);
  const bool full = size == SvdSize::Full;
  const Index u_columns = full ? rows : k;
  const Index vt_rows = full ? columns : k;
  std::vector<double> work_matrix = column_major_real(a);
  std::vector<double> s(static_cast<std::size_t>(k));
  std::vector<double> u(static_cast<std::size_t>(std::max<Index>(rows * u_columns, 1)));
  std::vector<double> vt(static_cast<std::size_t>(std::max<Index>(vt_rows * columns, 1)));
  if (k > 0) {
    const int m = lapack_size(rows);
    const int n = lapack_size(columns);
    const int ldvt = std::max(1, lapack_size(vt_rows));
    const char* job = full ? "A" : "S";
    std::vector<int> iwork(static_cast<std::size_t>(8 * k));
    svd_with_workspace("dgesdd", k,
                       [&](const blas::Library& lapack, double* work, int* lwork, int* info) {
                         lapack.dgesdd(job, &m, &n, work_matrix.data(), &m, s.data(), u.data(), &m,
                                       vt.data(), &ldvt, work, lwork, iwork.data(), info, 1);
                       });
  } else {
    // No singular values: U and V are identities of their sizes (any orthonormal basis).
    for (Index i = 0; i < std::min(rows, u_columns); ++i)
      u[static_cast<std::size_t>(i * rows + i)] = 1.0;
    for (Index i = 0; i < std::min(columns, vt_rows); ++i) {
      vt[static_cast<std::size_t>(i * vt_rows + i)] = 1.0;
    }
  }
  Svd result;
  result.u = from_column_major(u, rows, u_columns);
  const Matrix vt_matrix = from_column_major(vt, vt_rows, columns);
  result.v = vt_matrix.transposed();
  result.s = full ? Matrix(rows, columns) : Matrix(k, k);
  for (Index i = 0; i < k; ++i) result.s.set(i, i, s[static_cast<std::size_t>(i)]);
  return result;
}

Matrix pinv(const Matrix& a) {
  const Index m = a.rows();
  const Index n = a.columns();
  const Svd parts = svd(a, SvdSize::Economy);
  const Index k = std::min(m, n);
  const double largest = k > 0 ? parts.s(0, 0) : 0.0;
  const double tolerance = static_cast<double>(std::max(m, n)) * largest * kEpsilon;
  // V·diag(1/σ)·Uᵀ over the singular values above the tolerance.
  Matrix scaled_v = parts.v;  // n×k
  for (Index j = 0; j < k; ++j) {
    const double sigma = parts.s(j, j);
    const double factor = sigma > tolerance ? 1.0 / sigma : 0.0;
    for (Index i = 0; i < n; ++i) scaled_v.set(i, j, scaled_v(i, j) * factor);
  }
  return matmul(scaled_v, parts.u.transposed());
}

namespace {

// How many of the descending singular values `s` of `a` count: those above rank's tolerance.
Index count_above_tolerance(const Matrix& a, std::span<const double> s) {
  if (s.empty()) return 0;
  const double tolerance =
      std::sqrt(kEpsilon) * static_cast<double>(std::max(a.rows(), a.columns())) * s[0];
  Index count = 0;
  for (double sigma : s) count += sigma > tolerance ? 1 : 0;
  return count;
}

// Columns [first, last) of m.
Matrix columns_of(const Matrix& m, Index first, Index last) {
  Matrix out(m.rows(), last - first);
  for (Index r = 0; r < m.rows(); ++r) {
    for (Index c = first; c < last; ++c) out.set(r, c - first, m(r, c));
  }
  return out;
}

}  // namespace

Index rank(const Matrix& a) {
  if (a.empty()) return 0;
  const Matrix s = singular_values(a);
  return count_above_tolerance(a, s.real_values());
}

// The right singular vectors past the rank: V(:, r+1:n).
Matrix null_space(const Matrix& a) {
  if (a.columns() == 0) return Matrix(0, 0);
  const Svd parts = svd(a, SvdSize::Full);
  std::vector<double> s;
  for (Index k = 0; k < std::min(a.rows(), a.columns()); ++k) s.push_back(parts.s(k, k));
  return columns_of(parts.v, count_above_tolerance(a, s), a.columns());
}

// The left singular vectors up to the rank: U(:, 1:r).
Matrix range_basis(const Matrix& a) {
  if (a.rows() == 0) return Matrix(0, 0);
  const Svd parts = svd(a, SvdSize::Economy);
  std::vector<double> s;
  for (Index k = 0; k < std::min(a.rows(), a.columns()); ++k) s.push_back(parts.s(k, k));
  return columns_of(parts.u, 0, count_above_tolerance(a, s));
}

Eig eig(const Matrix& a) {
  if (a.rows() != a.columns()) {
    throw Error(fmt::format(messages::matrix_not_square, "eig", "A", a.rows(), a.columns()));
  }
  require_finite(a, "eig");
  const Index n = a.rows();
  if (n == 0) return {Matrix(0, 1), Matrix(0, 0)};
  std::vector<Eigen::Index> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  if (is_hermitian(a)) {
    // Self-adjoint: real eigenvalues, already ascending.
    Eigen::VectorXcd values;
    Eigen::MatrixXcd vectors;
    if (a.is_real()) {
      const Eigen::MatrixXd dense = detail::real_map(a);
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(dense);
      values = solver.eigenvalues().cast<Complex>();
      vectors = solver.eigenvectors().cast<Complex>();
    } else {
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXcd> solver(to_eigen_complex(a));
      values = solver.eigenvalues().cast<Complex>();
      vectors = solver.eigenvectors();
    }
    normalise_signs(vectors);
    return to_eig(values, vectors, order);
  }
  Eigen::VectorXcd values;
  Eigen::MatrixXcd vectors;
  if (a.is_real()) {
    const Eigen::MatrixXd dense = detail::real_map(a);
    Eigen::EigenSolver<Eigen::MatrixXd> solver(dense);
    values = solver.eigenvalues();
    vectors = solver.eigenvectors();
  } else {
    Eigen::ComplexEigenSolver<Eigen::MatrixXcd> solver(to_eigen_complex(a));
    values = solver.eigenvalues();
    vectors = solver.eigenvectors();
  }
  for (Eigen::Index column = 0; column < vectors.cols(); ++column) {
    const double length = vectors.col(column).norm();
    if (length > 0.0) vectors.col(column) /= length;
  }
  std::stable_sort(order.begin(), order.end(), [&](Eigen::Index x, Eigen::Index y) {
    if (values(x).real() != values(y).real()) return values(x).real() < values(y).real();
    return values(x).imag() < values(y).imag();
  });
  return to_eig(values, vectors, order);
}

Eig eig(const Matrix& a, const Matrix& b) {
  if (b.rows() != b.columns() || b.rows() != a.rows()) {
    throw Error(fmt::format(messages::eig_b_mismatch, b.rows(), b.columns()));
  }
  return eig(matmul(inv(b), a));
}

}  // namespace llmlab::num
