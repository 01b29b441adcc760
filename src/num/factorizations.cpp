// MATLAB's qr, chol and lu (linalg.hpp); lu on the real part of a matrix. QR is Eigen's Householder
// QR; Cholesky and LU are the textbook loops, short enough to read and exact about where a
// factorisation stops (chol's failure column, lu's pivot order).
#include <fmt/format.h>

#include <Eigen/QR>
#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "num/linalg.hpp"
#include "num/ops_detail.hpp"

namespace llmlab::num {

namespace {

Matrix from_eigen(const detail::RowMajorReal& m) {
  Matrix result(m.rows(), m.cols());
  std::copy(m.data(), m.data() + m.size(), result.mutable_real_values().begin());
  return result;
}

// A complex Eigen matrix (column-major) as a Matrix, demoted when every imaginary part is 0.
Matrix from_eigen_complex(const Eigen::MatrixXcd& m) {
  Matrix result(m.rows(), m.cols());
  result.to_complex();
  for (Index row = 0; row < m.rows(); ++row) {
    for (Index column = 0; column < m.cols(); ++column) result.set(row, column, m(row, column));
  }
  return result;
}

// Householder QR of a complex matrix: Q unitary, A = Q·R.
Qr complex_qr(const Matrix& a, SvdSize size) {
  const Index m = a.rows();
  const Index n = a.columns();
  Eigen::MatrixXcd input(m, n);
  for (Index row = 0; row < m; ++row) {
    for (Index column = 0; column < n; ++column) input(row, column) = a.complex_at(row, column);
  }
  const Eigen::HouseholderQR<Eigen::MatrixXcd> decomposition(input);
  const Index k = size == SvdSize::Economy ? std::min(m, n) : m;
  const Eigen::MatrixXcd q = decomposition.householderQ() * Eigen::MatrixXcd::Identity(m, k);
  Eigen::MatrixXcd r = decomposition.matrixQR().topRows(k);
  r.triangularView<Eigen::StrictlyLower>().setZero();
  return {from_eigen_complex(q), from_eigen_complex(r)};
}

}  // namespace

Qr qr(const Matrix& a, SvdSize size) {
  if (a.is_complex()) return complex_qr(a, size);
  const detail::RowMajorReal input = detail::real_map(a.real_part());
  const Eigen::HouseholderQR<Eigen::MatrixXd> decomposition(input);
  const Index m = a.rows();
  const Index n = a.columns();
  const Index k = size == SvdSize::Economy ? std::min(m, n) : m;
  const Eigen::MatrixXd q = decomposition.householderQ() * Eigen::MatrixXd::Identity(m, k);
  Eigen::MatrixXd r = decomposition.matrixQR().topRows(k);
  r.triangularView<Eigen::StrictlyLower>().setZero();
  return {from_eigen(q), from_eigen(r)};
}

namespace {

// The leading j×j block of r: what a failed factorization returns with its position.
Cholesky partial_factor(const Matrix& r, Index j) {
  Matrix partial(j, j);
  for (Index row = 0; row < j; ++row) {
    for (Index column = row; column < j; ++column) {
      partial.set(row, column, r.complex_at(row, column));
    }
  }
  return {std::move(partial), j + 1};
}

// A Hermitian positive definite A = Rᴴ·R, from its upper triangle (the diagonal's imaginary
// parts ignored, as LAPACK's zpotrf does).
Cholesky complex_chol(const Matrix& a) {
  const Index n = a.rows();
  Matrix r(n, n);
  r.to_complex();
  for (Index j = 0; j < n; ++j) {
    double diagonal = a.complex_at(j, j).real();
    for (Index k = 0; k < j; ++k) diagonal -= std::norm(r.complex_at(k, j));
    if (!(diagonal > 0.0)) return partial_factor(r, j);
    const double pivot = std::sqrt(diagonal);
    r.set(j, j, Complex(pivot, 0.0));
    for (Index i = j + 1; i < n; ++i) {
      Complex value = a.complex_at(j, i);
      for (Index k = 0; k < j; ++k) value -= std::conj(r.complex_at(k, j)) * r.complex_at(k, i);
      r.set(j, i, value / pivot);
    }
  }
  r.demote_if_real();
  return {std::move(r), 0};
}

}  // namespace

Cholesky chol(const Matrix& a) {
  if (a.rows() != a.columns()) {
    throw Error(fmt::format(messages::matrix_not_square, "chol", "matrix", a.rows(), a.columns()));
  }
  if (a.is_complex()) return complex_chol(a);
  const Index n = a.rows();
  const Matrix real = a.real_part();
  Matrix r(n, n);
  for (Index j = 0; j < n; ++j) {
    double diagonal = real(j, j);
    for (Index k = 0; k < j; ++k) diagonal -= r(k, j) * r(k, j);
    if (!(diagonal > 0.0)) {
      Matrix partial(j, j);
      for (Index row = 0; row < j; ++row) {
        for (Index column = row; column < j; ++column) partial.set(row, column, r(row, column));
      }
      return {std::move(partial), j + 1};
    }
    const double pivot = std::sqrt(diagonal);
    r.set(j, j, pivot);
    for (Index i = j + 1; i < n; ++i) {
      double value = real(j, i);
      for (Index k = 0; k < j; ++k) value -= r(k, j) * r(k, i);
      r.set(j, i, value / pivot);
    }
  }
  return {std::move(r), 0};
}

Lu lu(const Matrix& a) {
  const Index m = a.rows();
  const Index n = a.columns();
  const Index k = std::min(m, n);
  Matrix work = a.real_part();
  std::vector<Index> order(static_cast<std::size_t>(m));
  for (Index i = 0; i < m; ++i) order[static_cast<std::size_t>(i)] = i;
  for (Index column = 0; column < k; ++column) {
    Index pivot = column;
    for (Index row = column + 1; row < m; ++row) {
      if (std::abs(work(row, column)) > std::abs(work(pivot, column))) pivot = row;
    }
    if (pivot != column) {
      for (Index c = 0; c < n; ++c) {
        const double swapped = work(column, c);
        work.set(column, c, work(pivot, c));
        work.set(pivot, c, swapped);
      }
      std::swap(order[static_cast<std::size_t>(column)], order[static_cast<std::size_t>(pivot)]);
    }
    const double head = work(column, column);
    if (head == 0.0) continue;  // a zero column: nothing to eliminate, U keeps the zero pivot
    for (Index row = column + 1; row < m; ++row) {
      const double factor = work(row, column) / head;
      work.set(row, column, factor);
      for (Index c = column + 1; c < n; ++c) {
        work.set(row, c, work(row, c) - factor * work(column, c));
      }
    }
  }
  Lu result{Matrix(m, k), Matrix(k, n), Matrix(m, m)};
  for (Index row = 0; row < m; ++row) {
    for (Index c = 0; c < n; ++c) {
      if (c < row && c < k) {
        result.l.set(row, c, work(row, c));
      } else if (row < k) {
        result.u.set(row, c, work(row, c));
      }
    }
    if (row < k) result.l.set(row, row, 1.0);
    result.p.set(row, order[static_cast<std::size_t>(row)], 1.0);
  }
  return result;
}

}  // namespace llmlab::num
