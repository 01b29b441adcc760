// The BLAS and LAPACK table of blas_library.hpp computed by Eigen, for builds without OpenBLAS
// (WebAssembly). Each function keeps the routine's calling convention (column-major arrays with
// a leading dimension, results written in place, `info` for failures) so that num/ calls either
// table the same way; only the cases num/ uses are implemented (see eigen_library()).
#include <Eigen/Core>
#include <Eigen/LU>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <numeric>
#include <vector>

#include "num/blas_library.hpp"

namespace llmlab::num::blas {
namespace {

template <class T>
using Dense = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
template <class T>
using ColumnMajorMap = Eigen::Map<Dense<T>, 0, Eigen::OuterStride<>>;
template <class T>
using ConstColumnMajorMap = Eigen::Map<const Dense<T>, 0, Eigen::OuterStride<>>;
using RowMajorReal = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstRowMajorMap = Eigen::Map<const RowMajorReal, 0, Eigen::OuterStride<>>;

constexpr int kBadArgument = -1;

// op(X) of a GEMM operand stored `stored_rows` × `stored_columns` in `order`, as a dense copy.
Dense<double> gemm_operand(CBLAS_ORDER order, CBLAS_TRANSPOSE transpose, const double* data,
                           int stored_rows, int stored_columns, int lead) {
  Dense<double> stored = order == CblasRowMajor
                             ? Dense<double>(ConstRowMajorMap(data, stored_rows, stored_columns,
                                                              Eigen::OuterStride<>(lead)))
                             : Dense<double>(ConstColumnMajorMap<double>(
                                   data, stored_rows, stored_columns, Eigen::OuterStride<>(lead)));
  if (transpose == CblasNoTrans) return stored;
  return stored.transpose();
}

void dgemm(CBLAS_ORDER order, CBLAS_TRANSPOSE transpose_a, CBLAS_TRANSPOSE transpose_b, int m,
           int n, int k, double alpha, const double* a, int lda, const double* b, int ldb,
           double beta, double* c, int ldc) {
  const bool a_plain = transpose_a == CblasNoTrans;
  const bool b_plain = transpose_b == CblasNoTrans;
  const Dense<double> left =
      gemm_operand(order, transpose_a, a, a_plain ? m : k, a_plain ? k : m, lda);
  const Dense<double> right =
      gemm_operand(order, transpose_b, b, b_plain ? k : n, b_plain ? n : k, ldb);
  Dense<double> product = alpha * (left * right);
  // BLAS reads C only when beta is non-zero: C may hold anything, NaN included, otherwise.
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      double& target = order == CblasRowMajor ? c[static_cast<std::ptrdiff_t>(i) * ldc + j]
                                              : c[static_cast<std::ptrdiff_t>(j) * ldc + i];
      target = beta == 0.0 ? product(i, j) : product(i, j) + beta * target;
    }
  }
}

// A workspace query (lwork = -1): one element is enough for every routine here.
bool answer_query(const int* lwork, double* work, int* info) {
  if (*lwork != -1) return false;
  work[0] = 1.0;
  *info = 0;
  return true;
}

// The SVD behind gesvd and gesdd: `jobu` and `jobvt` are LAPACK's 'A' (all columns), 'S' (the
// first min(m, n)) or 'N' (none).
void svd(char jobu, char jobvt, int m, int n, double* a, int lda, double* s, double* u, int ldu,
         double* vt, int ldvt, int* info) {
  const auto valid = [](char job) { return job == 'A' || job == 'S' || job == 'N'; };
  if (!valid(jobu) || !valid(jobvt)) {
    *info = kBadArgument;
    return;
  }
  unsigned options = 0;
  if (jobu == 'A') options |= Eigen::ComputeFullU;
  if (jobu == 'S') options |= Eigen::ComputeThinU;
  if (jobvt == 'A') options |= Eigen::ComputeFullV;
  if (jobvt == 'S') options |= Eigen::ComputeThinV;
  const Dense<double> matrix = ColumnMajorMap<double>(a, m, n, Eigen::OuterStride<>(lda));
  Eigen::BDCSVD<Dense<double>> decomposition(matrix, options);
  const Eigen::VectorXd& values = decomposition.singularValues();
  std::copy(values.data(), values.data() + values.size(), s);
  if (jobu != 'N') {
    const Dense<double>& left = decomposition.matrixU();
    ColumnMajorMap<double>(u, left.rows(), left.cols(), Eigen::OuterStride<>(ldu)) = left;
  }
  if (jobvt != 'N') {
    const Dense<double>& right = decomposition.matrixV();
    ColumnMajorMap<double>(vt, right.cols(), right.rows(), Eigen::OuterStride<>(ldvt)) =
        right.transpose();
  }
  *info = 0;
}

void dgesvd(const char* jobu, const char* jobvt, const int* m, const int* n, double* a,
            const int* lda, double* s, double* u, const int* ldu, double* vt, const int* ldvt,
            double* work, const int* lwork, int* info, std::size_t, std::size_t) {
  if (answer_query(lwork, work, info)) return;
  svd(*jobu, *jobvt, *m, *n, a, *lda, s, u, *ldu, vt, *ldvt, info);
}

void dgesdd(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
            double* u, const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork,
            int*, int* info, std::size_t) {
  if (answer_query(lwork, work, info)) return;
  svd(*jobz, *jobz, *m, *n, a, *lda, s, u, *ldu, vt, *ldvt, info);
}

// LU with partial pivoting in place. Eigen gives the permutation whole; LAPACK's ipiv is the
// sequence of row swaps that builds it (row i swapped with ipiv[i] - 1 at step i), which getrs
// replays on the right-hand side.
template <class T>
void getrf(const int* m, const int* n, T* a, const int* lda, int* ipiv, int* info) {
  if (*m != *n) {
    *info = kBadArgument;
    return;
  }
  const int size = *n;
  ColumnMajorMap<T> matrix(a, size, size, Eigen::OuterStride<>(*lda));
  const Eigen::PartialPivLU<Dense<T>> lu{Dense<T>(matrix)};
  matrix = lu.matrixLU();
  // indices()[r] is the row of L·U that row r of A became; walk the swaps that move them there.
  std::vector<int> row_at(static_cast<std::size_t>(size));    // position -> original row
  std::vector<int> where_is(static_cast<std::size_t>(size));  // original row -> position
  std::iota(row_at.begin(), row_at.end(), 0);
  std::iota(where_is.begin(), where_is.end(), 0);
  std::vector<int> wanted(static_cast<std::size_t>(size));  // position -> original row, finally
  for (int r = 0; r < size; ++r)
    wanted[static_cast<std::size_t>(lu.permutationP().indices()(r))] = r;
  for (int i = 0; i < size; ++i) {
    const int from = where_is[static_cast<std::size_t>(wanted[static_cast<std::size_t>(i)])];
    ipiv[i] = from + 1;
    std::swap(row_at[static_cast<std::size_t>(i)], row_at[static_cast<std::size_t>(from)]);
    where_is[static_cast<std::size_t>(row_at[static_cast<std::size_t>(i)])] = i;
    where_is[static_cast<std::size_t>(row_at[static_cast<std::size_t>(from)])] = from;
  }
  // As LAPACK: the first exactly zero pivot, counted from 1 (the factors are still complete).
  *info = 0;
  for (int i = 0; i < size; ++i) {
    if (matrix(i, i) == T(0)) {
      *info = i + 1;
      break;
    }
  }
}

// Solves A·X = B from getrf's factors; a zero pivot divides by zero, giving Inf or NaN.
template <class T>
void getrs(const char* trans, const int* n, const int* nrhs, const T* a, const int* lda,
           const int* ipiv, T* b, const int* ldb, int* info) {
  if (*trans != 'N') {
    *info = kBadArgument;
    return;
  }
  const ConstColumnMajorMap<T> lu(a, *n, *n, Eigen::OuterStride<>(*lda));
  ColumnMajorMap<T> right(b, *n, *nrhs, Eigen::OuterStride<>(*ldb));
  for (int i = 0; i < *n; ++i) {
    if (ipiv[i] - 1 != i) right.row(i).swap(right.row(ipiv[i] - 1));
  }
  lu.template triangularView<Eigen::UnitLower>().solveInPlace(right);
  lu.template triangularView<Eigen::Upper>().solveInPlace(right);
  *info = 0;
}

void dgetrf(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info) {
  getrf(m, n, a, lda, ipiv, info);
}
void zgetrf(const int* m, const int* n, Complex* a, const int* lda, int* ipiv, int* info) {
  getrf(m, n, a, lda, ipiv, info);
}
void dgetrs(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda,
            const int* ipiv, double* b, const int* ldb, int* info, std::size_t) {
  getrs(trans, n, nrhs, a, lda, ipiv, b, ldb, info);
}
void zgetrs(const char* trans, const int* n, const int* nrhs, const Complex* a, const int* lda,
            const int* ipiv, Complex* b, const int* ldb, int* info, std::size_t) {
  getrs(trans, n, nrhs, a, lda, ipiv, b, ldb, info);
}

// LAPACK's lange: 'M' the largest |a_ij|, '1'/'O' the largest column sum of |a_ij|, 'I' the
// largest row sum, 'F' the Frobenius norm. NaN propagates, as a comparison-based max would not.
template <class T>
double lange(char norm, int m, int n, const T* a, int lda) {
  if (m == 0 || n == 0) return 0.0;
  const Dense<double> magnitudes =
      ConstColumnMajorMap<T>(a, m, n, Eigen::OuterStride<>(lda)).cwiseAbs();
  const auto largest = [](const Eigen::VectorXd& values) {
    double result = 0.0;
    for (double x : values) {
      if (std::isnan(x)) return x;
      result = std::max(result, x);
    }
    return result;
  };
  switch (norm) {
    case 'M':
      return largest(magnitudes.reshaped());
    case '1':
    case 'O':
      return largest(magnitudes.colwise().sum().transpose());
    case 'I':
      return largest(magnitudes.rowwise().sum());
    case 'F':
      return magnitudes.norm();
    default:
      return std::numeric_limits<double>::quiet_NaN();
  }
}

double dlange(const char* norm, const int* m, const int* n, const double* a, const int* lda,
              double*, std::size_t) {
  return lange(*norm, *m, *n, a, *lda);
}
double zlange(const char* norm, const int* m, const int* n, const Complex* a, const int* lda,
              double*, std::size_t) {
  return lange(*norm, *m, *n, a, *lda);
}

// The reciprocal condition number in the 1-norm, 1 / (‖A‖₁·‖A⁻¹‖₁), with A⁻¹ from the LU factors
// (exact, where LAPACK estimates ‖A⁻¹‖₁ from a few solves; the estimate is usually exact too).
template <class T>
void gecon(const char* norm, const int* n, const T* a, const int* lda, const double* anorm,
           double* rcond, int* info) {
  if (*norm != '1' && *norm != 'O') {
    *info = kBadArgument;
    return;
  }
  *info = 0;
  if (*n == 0) {
    *rcond = 1.0;
    return;
  }
  if (*anorm == 0.0) {
    *rcond = 0.0;
    return;
  }
  const ConstColumnMajorMap<T> lu(a, *n, *n, Eigen::OuterStride<>(*lda));
  // ‖A⁻¹‖₁ = ‖U⁻¹·L⁻¹‖₁: the row swaps only reorder A⁻¹'s columns, which leaves the norm alone.
  Dense<T> inverse = Dense<T>::Identity(*n, *n);
  lu.template triangularView<Eigen::UnitLower>().solveInPlace(inverse);
  lu.template triangularView<Eigen::Upper>().solveInPlace(inverse);
  const double inverse_norm = lange('1', *n, *n, inverse.data(), *n);
  *rcond = std::isfinite(inverse_norm) && inverse_norm > 0.0 ? 1.0 / (*anorm * inverse_norm) : 0.0;
}

void dgecon(const char* norm, const int* n, const double* a, const int* lda, const double* anorm,
            double* rcond, double*, int*, int* info, std::size_t) {
  gecon(norm, n, a, lda, anorm, rcond, info);
}
void zgecon(const char* norm, const int* n, const Complex* a, const int* lda, const double* anorm,
            double* rcond, Complex*, double*, int* info, std::size_t) {
  gecon(norm, n, a, lda, anorm, rcond, info);
}

// Minimum-norm least squares through the SVD: singular values at most rcond·σ₁ (machine
// epsilon·σ₁ when rcond < 0) count as zero; B's first n rows become X.
template <class T>
void gelsd(int m, int n, int nrhs, T* a, int lda, T* b, int ldb, double* s, double rcond, int* rank,
           int* info) {
  const Dense<T> matrix = ColumnMajorMap<T>(a, m, n, Eigen::OuterStride<>(lda));
  ColumnMajorMap<T> right(b, std::max(m, n), nrhs, Eigen::OuterStride<>(ldb));
  const Eigen::BDCSVD<Dense<T>> decomposition(matrix, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const Eigen::VectorXd& values = decomposition.singularValues();
  std::copy(values.data(), values.data() + values.size(), s);
  const double cut = (rcond < 0.0 ? std::numeric_limits<double>::epsilon() : rcond) *
                     (values.size() > 0 ? values(0) : 0.0);
  int kept = 0;
  while (kept < values.size() && values(kept) > cut) ++kept;
  *rank = kept;
  const Dense<T> projected = decomposition.matrixU().leftCols(kept).adjoint() * right.topRows(m);
  const Dense<T> scaled =
      values.head(kept).cwiseInverse().template cast<T>().asDiagonal() * projected;
  const Dense<T> solution = decomposition.matrixV().leftCols(kept) * scaled;
  right.topRows(n) = solution;
  *info = 0;
}

void dgelsd(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
            const int* ldb, double* s, const double* rcond, int* rank, double* work,
            const int* lwork, int* iwork, int* info) {
  if (answer_query(lwork, work, info)) {
    iwork[0] = 1;
    return;
  }
  gelsd(*m, *n, *nrhs, a, *lda, b, *ldb, s, *rcond, rank, info);
}

void zgelsd(const int* m, const int* n, const int* nrhs, Complex* a, const int* lda, Complex* b,
            const int* ldb, double* s, const double* rcond, int* rank, Complex* work,
            const int* lwork, double* rwork, int* iwork, int* info) {
  if (*lwork == -1) {
    work[0] = 1.0;
    rwork[0] = 1.0;
    iwork[0] = 1;
    *info = 0;
    return;
  }
  gelsd(*m, *n, *nrhs, a, *lda, b, *ldb, s, *rcond, rank, info);
}

// Eigen runs on the calling thread: there is no pool to size.
void set_num_threads(int) {}
int get_num_threads() { return 1; }

}  // namespace

const Library& eigen_library() {
  static const Library table{dgemm,  dgesvd, dgesdd, dgetrf,          zgetrf,
                             dgetrs, zgetrs, dlange, zlange,          dgecon,
                             zgecon, dgelsd, zgelsd, set_num_threads, get_num_threads};
  return table;
}

}  // namespace llmlab::num::blas
