// Internal to num/: the LAPACK routines llmlab calls (provided by OpenBLAS, which num links)
// and a guard for OpenBLAS's thread count. Routines are
// declared with the Fortran calling convention: every argument by pointer, column-major
// arrays, and a trailing hidden length for each character argument.
#pragma once

#include <cstddef>

extern "C" {

// Singular values and, on request, vectors by Golub–Kahan–Reinsch (bidiagonal QR).
void dgesvd_(const char* jobu, const char* jobvt, const int* m, const int* n, double* a,
             const int* lda, double* s, double* u, const int* ldu, double* vt, const int* ldvt,
             double* work, const int* lwork, int* info, std::size_t jobu_length,
             std::size_t jobvt_length);

// The same decomposition by divide and conquer (faster when vectors are wanted).
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
             double* u, const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork,
             int* iwork, int* info, std::size_t jobz_length);

// OpenBLAS's thread-count controls (also declared by its cblas.h).
void openblas_set_num_threads(int num_threads);
int openblas_get_num_threads(void);
}

namespace llmlab::num::detail {

// Runs the enclosing scope's BLAS calls on one thread. LAPACK's SVD of a lab-sized matrix is a
// stream of small BLAS-2 calls: with 2 threads a 256×256 SVD measured 3-5× the CPU time of one
// thread, and over 10× the wall time on a loaded machine. Not for concurrent callers: the
// thread count is process-wide (the interpreter is single-threaded).
class SingleThreadedBlas {
 public:
  SingleThreadedBlas() : saved_(openblas_get_num_threads()) { openblas_set_num_threads(1); }
  ~SingleThreadedBlas() { openblas_set_num_threads(saved_); }
  SingleThreadedBlas(const SingleThreadedBlas&) = delete;
  SingleThreadedBlas& operator=(const SingleThreadedBlas&) = delete;

 private:
  int saved_;
};

}  // namespace llmlab::num::detail
