// Internal to num/: the LAPACK routines llmlab calls (provided by OpenBLAS, which num links),
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
}
