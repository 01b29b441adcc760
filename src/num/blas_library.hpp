// The BLAS and LAPACK routines num/ calls, as one table of function pointers with two
// implementations, chosen when building (LLMLAB_OPENBLAS):
// - OpenBLAS (the native build), loaded the first time a routine is needed. Linked in, it cost
//   every start of llmlab about 4 ms (its 16 000 relocations, libgfortran, and the thread pool its
//   constructor starts), and most scripts never multiply two matrices larger than a row: num/
//   calls it through these pointers instead, resolved by dlopen on first use (bench/startup.py).
// - Eigen's own products and decompositions behind the same signatures (num/blas_eigen.cpp), for
//   the WebAssembly build, which has no OpenBLAS. The native build compiles it too, so that a unit
//   test compares the two on random problems.
//
// The LAPACK routines use the Fortran calling convention: every argument by pointer, column-major
// arrays, and a trailing hidden length for each character argument.
#pragma once

#if __has_include(<cblas.h>)
#include <cblas.h>
#else
// Without OpenBLAS's header (the WebAssembly build): the CBLAS standard's enumerations.
enum CBLAS_ORDER { CblasRowMajor = 101, CblasColMajor = 102 };
enum CBLAS_TRANSPOSE { CblasNoTrans = 111, CblasTrans = 112, CblasConjTrans = 113 };
#endif

#include <complex>
#include <cstddef>

namespace llmlab::num::blas {

using Complex = std::complex<double>;

struct Library {
  // C = alpha·op(A)·op(B) + beta·C, the CBLAS interface.
  void (*dgemm)(CBLAS_ORDER order, CBLAS_TRANSPOSE transpose_a, CBLAS_TRANSPOSE transpose_b, int m,
                int n, int k, double alpha, const double* a, int lda, const double* b, int ldb,
                double beta, double* c, int ldc);

  // Singular values and, on request, vectors by Golub–Kahan–Reinsch (bidiagonal QR).
  void (*dgesvd)(const char* jobu, const char* jobvt, const int* m, const int* n, double* a,
                 const int* lda, double* s, double* u, const int* ldu, double* vt, const int* ldvt,
                 double* work, const int* lwork, int* info, std::size_t jobu_length,
                 std::size_t jobvt_length);
  // The same decomposition by divide and conquer (faster when vectors are wanted).
  void (*dgesdd)(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
                 double* u, const int* ldu, double* vt, const int* ldvt, double* work,
                 const int* lwork, int* iwork, int* info, std::size_t jobz_length);

  // LU factorisation with partial pivoting, and the solve with its factors.
  void (*dgetrf)(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
  void (*zgetrf)(const int* m, const int* n, Complex* a, const int* lda, int* ipiv, int* info);
  void (*dgetrs)(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda,
                 const int* ipiv, double* b, const int* ldb, int* info, std::size_t trans_length);
  void (*zgetrs)(const char* trans, const int* n, const int* nrhs, const Complex* a, const int* lda,
                 const int* ipiv, Complex* b, const int* ldb, int* info, std::size_t trans_length);

  // A matrix norm, and the reciprocal condition number estimated from an LU factorisation.
  double (*dlange)(const char* norm, const int* m, const int* n, const double* a, const int* lda,
                   double* work, std::size_t norm_length);
  double (*zlange)(const char* norm, const int* m, const int* n, const Complex* a, const int* lda,
                   double* work, std::size_t norm_length);
  void (*dgecon)(const char* norm, const int* n, const double* a, const int* lda,
                 const double* anorm, double* rcond, double* work, int* iwork, int* info,
                 std::size_t norm_length);
  void (*zgecon)(const char* norm, const int* n, const Complex* a, const int* lda,
                 const double* anorm, double* rcond, Complex* work, double* rwork, int* info,
                 std::size_t norm_length);

  // Minimum-norm least squares through the SVD.
  void (*dgelsd)(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b,
                 const int* ldb, double* s, const double* rcond, int* rank, double* work,
                 const int* lwork, int* iwork, int* info);
  void (*zgelsd)(const int* m, const int* n, const int* nrhs, Complex* a, const int* lda,
                 Complex* b, const int* ldb, double* s, const double* rcond, int* rank,
                 Complex* work, const int* lwork, double* rwork, int* iwork, int* info);

  // OpenBLAS's process-wide thread count (Eigen's table: always one).
  void (*set_num_threads)(int threads);
  int (*get_num_threads)();
};

// The build's table: OpenBLAS's (openblas_library()) when LLMLAB_OPENBLAS is on, else Eigen's.
const Library& library();

// OpenBLAS, loaded on the first call (safe from several threads at once): $LLMLAB_BLAS if set
// (another OpenBLAS build, e.g. Debian's openblas-openmp), else the OpenBLAS llmlab was built
// against, by its soname. Throws Error naming the file and the loader's reason if it cannot be
// opened or lacks a routine; a later call tries again. Built only when LLMLAB_OPENBLAS is on.
const Library& openblas_library();

// The same routines computed by Eigen (products, PartialPivLU, BDCSVD), in every build. Only
// what num/ asks of LAPACK is implemented: workspace queries answer 1, the condition number is
// computed from the exact inverse's norm rather than estimated, and a request outside that
// (a non-square getrf, an unknown job letter) returns info = -1, as LAPACK does for a bad argument.
const Library& eigen_library();

}  // namespace llmlab::num::blas
