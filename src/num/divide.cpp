// Matrix division through LAPACK: getrf/getrs with gecon's reciprocal condition number for a
// square A (MATLAB warns below eps and still returns the answer), gelsd (SVD, minimum norm) for
// a rectangular one. Matrices are row-major here and column-major in LAPACK: the copies below
// transpose on the way in and out.
#include "num/divide.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <vector>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "num/lapack.hpp"
#include "num/ops.hpp"

namespace llmlab::num {

namespace {

template <class T>
T element(const Matrix& m, Index row, Index column) {
  if constexpr (std::is_same_v<T, double>) {
    return m(row, column);
  } else {
    return m.complex_at(row, column);
  }
}

// The rows×columns block of m, column-major with leading dimension `lead` (≥ rows), zero-padded.
template <class T>
std::vector<T> column_major(const Matrix& m, Index lead, Index columns) {
  std::vector<T> out(static_cast<std::size_t>(lead * std::max<Index>(columns, 1)), T(0));
  for (Index j = 0; j < m.columns(); ++j) {
    for (Index i = 0; i < m.rows(); ++i) {
      out[static_cast<std::size_t>(j * lead + i)] = element<T>(m, i, j);
    }
  }
  return out;
}

template <class T>
Matrix from_column_major(const std::vector<T>& data, Index lead, Index rows, Index columns) {
  Matrix out(rows, columns,
             std::is_same_v<T, double> ? Matrix::Element::Real : Matrix::Element::ComplexValued);
  for (Index i = 0; i < rows; ++i) {
    for (Index j = 0; j < columns; ++j) out.set(i, j, data[static_cast<std::size_t>(j * lead + i)]);
  }
  return out;
}

int as_int(Index n) { return static_cast<int>(n); }

template <class T>
Division solve_square(const Matrix& a, const Matrix& b) {
  const int n = as_int(a.rows());
  const int nrhs = as_int(b.columns());
  const int lead = std::max(n, 1);
  std::vector<T> lu = column_major<T>(a, lead, n);
  std::vector<T> x = column_major<T>(b, lead, nrhs);
  std::vector<int> pivots(static_cast<std::size_t>(lead));
  int info = 0;
  double anorm = 0.0;
  double rcond = 0.0;
  {
    detail::SingleThreadedBlas single;
    const blas::Library& lapack = blas::library();
    std::vector<double> work(static_cast<std::size_t>(lead));
    if constexpr (std::is_same_v<T, double>) {
      anorm = lapack.dlange("1", &n, &n, lu.data(), &lead, work.data(), 1);
      lapack.dgetrf(&n, &n, lu.data(), &lead, pivots.data(), &info);
    } else {
      anorm = lapack.zlange("1", &n, &n, lu.data(), &lead, work.data(), 1);
      lapack.zgetrf(&n, &n, lu.data(), &lead, pivots.data(), &info);
    }
    if (info == 0) {
      int con_info = 0;
      if constexpr (std::is_same_v<T, double>) {
        std::vector<double> con_work(static_cast<std::size_t>(4 * lead));
        std::vector<int> iwork(static_cast<std::size_t>(lead));
        lapack.dgecon("1", &n, lu.data(), &lead, &anorm, &rcond, con_work.data(), iwork.data(),
                      &con_info, 1);
      } else {
        std::vector<T> con_work(static_cast<std::size_t>(2 * lead));
        std::vector<double> rwork(static_cast<std::size_t>(2 * lead));
        lapack.zgecon("1", &n, lu.data(), &lead, &anorm, &rcond, con_work.data(), rwork.data(),
                      &con_info, 1);
      }
    }
    // getrs divides by the zero pivot of a singular A: MATLAB's Inf/NaN answer.
    int solve_info = 0;
    if constexpr (std::is_same_v<T, double>) {
      lapack.dgetrs("N", &n, &nrhs, lu.data(), &lead, pivots.data(), x.data(), &lead, &solve_info,
                    1);
    } else {
      lapack.zgetrs("N", &n, &nrhs, lu.data(), &lead, pivots.data(), x.data(), &lead, &solve_info,
                    1);
    }
  }
  Division out{from_column_major(x, lead, n, nrhs), {}, {}};
  out.rcond = info > 0 ? 0.0 : rcond;
  out.zero_pivot = info > 0;
  if (info > 0 || rcond == 0.0 || std::isnan(rcond)) {
    out.warning = messages::singular_matrix_warning;
    out.warning_id = "MATLAB:singularMatrix";
  } else if (rcond < std::numeric_limits<double>::epsilon()) {
    out.warning = fmt::format(messages::nearly_singular_warning, rcond);
    out.warning_id = "MATLAB:nearlySingularMatrix";
  }
  return out;
}

template <class T>
Division least_squares(const Matrix& a, const Matrix& b) {
  const int m = as_int(a.rows());
  const int n = as_int(a.columns());
  const int nrhs = as_int(b.columns());
  const int lead_a = std::max(m, 1);
  const int lead_b = std::max({m, n, 1});
  std::vector<T> work_a = column_major<T>(a, lead_a, n);
  std::vector<T> x = column_major<T>(b, lead_b, nrhs);
  std::vector<double> singular(static_cast<std::size_t>(std::max(std::min(m, n), 1)));
  const double rcond = -1.0;  // machine precision decides which singular values count as zero
  int rank = 0;
  int info = 0;
  {
    detail::SingleThreadedBlas single;
    const blas::Library& lapack = blas::library();
    int lwork = -1;
    T query(0);
    int iquery = 0;
    if constexpr (std::is_same_v<T, double>) {
      lapack.dgelsd(&m, &n, &nrhs, work_a.data(), &lead_a, x.data(), &lead_b, singular.data(),
                    &rcond, &rank, &query, &lwork, &iquery, &info);
      lwork = static_cast<int>(query) + 1;
      std::vector<double> work(static_cast<std::size_t>(lwork));
      std::vector<int> iwork(static_cast<std::size_t>(std::max(iquery, 1)));
      lapack.dgelsd(&m, &n, &nrhs, work_a.data(), &lead_a, x.data(), &lead_b, singular.data(),
                    &rcond, &rank, work.data(), &lwork, iwork.data(), &info);
    } else {
      double rquery = 0.0;
      // zgelsd reports the real workspace size in rwork[0]; pass one element for the query.
      lapack.zgelsd(&m, &n, &nrhs, work_a.data(), &lead_a, x.data(), &lead_b, singular.data(),
                    &rcond, &rank, &query, &lwork, &rquery, &iquery, &info);
      lwork = static_cast<int>(query.real()) + 1;
      std::vector<T> work(static_cast<std::size_t>(lwork));
      std::vector<double> rwork(static_cast<std::size_t>(std::max(rquery, 1.0)) + 1);
      std::vector<int> iwork(static_cast<std::size_t>(std::max(iquery, 1)));
      lapack.zgelsd(&m, &n, &nrhs, work_a.data(), &lead_a, x.data(), &lead_b, singular.data(),
                    &rcond, &rank, work.data(), &lwork, rwork.data(), iwork.data(), &info);
    }
  }
  if (info > 0) throw Error(std::string(messages::least_squares_no_convergence));
  Division out{from_column_major(x, lead_b, n, nrhs), {}, {}};
  if (rank < std::min(m, n)) {
    out.warning = fmt::format(messages::rank_deficient_warning, rank);
    out.warning_id = "MATLAB:rankDeficientMatrix";
  }
  return out;
}

}  // namespace

Division left_divide(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows()) {
    throw Error(fmt::format(messages::left_division_mismatch, a.rows(), a.columns(), b.rows()));
  }
  const bool complex = a.is_complex() || b.is_complex();
  if (a.rows() == a.columns()) {
    return complex ? solve_square<std::complex<double>>(a, b) : solve_square<double>(a, b);
  }
  return complex ? least_squares<std::complex<double>>(a, b) : least_squares<double>(a, b);
}

Division right_divide(const Matrix& a, const Matrix& b) {
  if (a.columns() != b.columns()) {
    throw Error(fmt::format(messages::right_division_mismatch, a.rows(), a.columns(), b.columns()));
  }
  Division transposed = left_divide(transpose(b), transpose(a));
  transposed.result = transpose(transposed.result);
  return transposed;
}

}  // namespace llmlab::num
