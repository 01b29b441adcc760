// Dense linear algebra on Matrix (builtins.md §7): products of vectors, norms, determinant,
// inverse, pseudo-inverse, rank, eigen- and singular-value decompositions, linear solves and the
// matrix exponential. SVD and symmetric eigenproblems go to LAPACK (OpenBLAS); the rest is Eigen
// or the spec's own elimination rules. Errors name the builtin, as the spec words them.
#pragma once

#include "num/matrix.hpp"

namespace llmlab::num {

// Σ u_k·v_k over both operands' elements in storage order, no conjugation. Throws
// `dot: vectors must have the same length (<a> vs <b>)`.
Complex dot(const Matrix& u, const Matrix& v);
// 1×3 cross product of two 3-element operands. Throws
// `cross: both vectors must have length 3 (got <a> and <b>)`.
Matrix cross(const Matrix& u, const Matrix& v);
// m×n matrix a(i)·b(j) of the elements of a (m of them) and b (n).
Matrix outer(const Matrix& a, const Matrix& b);
// Kronecker product: block (i, j) is A(i, j)·B.
Matrix kron(const Matrix& a, const Matrix& b);

// Vector p-norm over all elements: p = 2 (default), 1, ±inf, or any p > 0 as (Σ|v|^p)^(1/p).
double vector_norm(const Matrix& v, double p = 2.0);
enum class MatrixNorm { Frobenius, One, Two, Infinity };
double matrix_norm(const Matrix& m, MatrixNorm kind);

// Determinant by LU with partial pivoting (pivots below 1e-14 are skipped). Throws
// `det: matrix must be square (got <r>×<c>)`.
Complex det(const Matrix& a);
// Inverse by Gauss–Jordan elimination with partial pivoting. Throws
// `inv: matrix is singular or nearly singular` (pivot below 1e-14) and
// `inv: matrix must be square (got <r>×<c>)`.
Matrix inv(const Matrix& a);
// Moore–Penrose pseudo-inverse from the SVD of the real part (n×m).
Matrix pinv(const Matrix& a);
Complex trace(const Matrix& a);
// Singular values above sqrt(eps)·max(m, n)·σ_max.
Index rank(const Matrix& a);
// Orthonormal bases from the SVD, with rank's tolerance (so that null_space has n − rank(A)
// columns): of the null space (n×(n−r); 0×0 for no columns) and of the range (m×r).
Matrix null_space(const Matrix& a);
Matrix range_basis(const Matrix& a);

// Singular values of the real part, descending, as a 1×min(m, n) row.
Matrix singular_values(const Matrix& a);
enum class SvdSize { Full, Economy };
struct Svd {
  Matrix u;  // m×m (Full) or m×k (Economy)
  Matrix s;  // m×n (Full) or k×k (Economy), the singular values on the diagonal
  Matrix v;  // n×n (Full) or n×k (Economy); A ≈ U·S·V'
};
Svd svd(const Matrix& a, SvdSize size = SvdSize::Full);
// The largest |imag| relative to the largest |real|, for the svd/pinv warning; 0 when real.
double imaginary_ratio(const Matrix& a);
double largest_abs_imaginary(const Matrix& a);

// Eigenvalues as an N×1 column and unit-2-norm eigenvectors. Real symmetric (complex Hermitian)
// input: ascending real eigenvalues, each eigenvector with its largest-|·| component positive.
// General input: sorted by ascending real part, then imaginary part. Throws
// `eig: A must be square (got <r>×<c>)`.
struct Eig {
  Matrix values;   // N×1
  Matrix vectors;  // N×N, column k belongs to values(k)
};
Eig eig(const Matrix& a);
// Generalized problem A·v = λ·B·v through inv(B)·A.
Eig eig(const Matrix& a, const Matrix& b);

// Factorisations of the real part (MATLAB's qr, chol, lu). QR by Householder reflections (R's
// diagonal may be negative, as LAPACK's dgeqrf leaves it): Full gives Q m×m and R m×n,
// Economy Q m×k and R k×n with k = min(m, n); A = Q·R.
struct Qr {
  Matrix q;
  Matrix r;
};
Qr qr(const Matrix& a, SvdSize size = SvdSize::Full);
// Upper-triangular R with R'·R = A (R' the conjugate transpose for a complex Hermitian A),
// from A's upper triangle. `failed_at` is 0 on success, else
// the 1-based column where A stopped being positive definite, and R is the (failed_at − 1)-square
// factor found before it. Throws `chol: matrix must be square (got <r>×<c>)`.
struct Cholesky {
  Matrix r;
  Index failed_at = 0;
};
Cholesky chol(const Matrix& a);
// P·A = L·U by Gaussian elimination with partial pivoting (the first largest |pivot| wins):
// L m×k unit lower-triangular, U k×n upper-triangular, P m×m, k = min(m, n).
struct Lu {
  Matrix l;
  Matrix u;
  Matrix p;
};
Lu lu(const Matrix& a);

// Solve A·X = B by Gaussian elimination with partial pivoting; B is n×k. `name` words the
// errors (`linsolve: matrix is singular or nearly singular`, `linsolve: A must be square (got
// <r>×<c>)`, `linsolve: A is <n>×<n> but b has length <k>`).
Matrix linsolve(const Matrix& a, const Matrix& b, const char* name = "linsolve");

// Matrix exponential by scaling and squaring with the [6/6] Padé approximant (builtins.md §7).
// Throws `expm: matrix must be square (got <r>×<c>)`.
Matrix expm(const Matrix& a);

}  // namespace llmlab::num
