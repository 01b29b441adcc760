// Operators on Matrix values: element-wise arithmetic with broadcasting, comparisons, element-wise
// logic, unary minus, transposes and the matrix product (language.md §5.1–§5.8, §13.5–§13.6).
// The evaluator decides result kinds (scalar/vector/matrix); these functions only compute.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "num/matrix.hpp"
#include "num/scalar_ops.hpp"

namespace llmlab::num {

// Element-wise `&` and `|` (§13.5): an element is true when re != 0 or im != 0 (NaN is true).
enum class Logic { And, Or };

// How the evaluator sees an array operand; only the error texts and the vector rules of §5.2
// (no vector/vector broadcasting, equal lengths) depend on it.
enum class ArrayKind { Vector, Matrix };

// --- Element-wise arithmetic -------------------------------------------------------------
// Broadcasting per §5.3: equal dimensions, or one of them 1. Real operands use real IEEE
// arithmetic and C pow; a complex operand makes the operation complex. Power of arrays: a
// finite negative base with a finite non-integer exponent gives the complex principal value
// exp(b·log a), which promotes the result to complex (§5.1).
// Throws `implicit expansion: row dimensions [3] and [2] are incompatible (must match, or one
// must be 1)` (or `column dimensions`).
Matrix elementwise(Arithmetic op, const Matrix& a, const Matrix& b);
// Scalar expansion (array ∘ scalar and scalar ∘ array); a complex scalar makes the result
// complex. The result has the array's shape.
Matrix elementwise(Arithmetic op, const Matrix& a, double b);
Matrix elementwise(Arithmetic op, double a, const Matrix& b);
Matrix elementwise(Arithmetic op, const Matrix& a, Complex b);
Matrix elementwise(Arithmetic op, Complex a, const Matrix& b);

// The same with §5.2's kind rules for two arrays: vector ∘ vector requires equal lengths
// (`vector length mismatch: 3 vs 4`) and stays 1×n; any other pair broadcasts (§5.3).
Matrix elementwise(Arithmetic op, const Matrix& a, ArrayKind a_kind, const Matrix& b,
                   ArrayKind b_kind);

// Scalar arithmetic (real and complex, C ∘ S and C ∘ C of §5.2) is num/scalar_ops.hpp.

// --- Products and divisions between two arrays -------------------------------------------
// Plain matrix product A (r×k) * B (k×c) (Eigen/BLAS). Throws
// `matrix multiply: inner dimensions must match\n  left:  [r×k]\n  right: [k2×c]\n  hint:  use
// .* for element-wise multiply`.
Matrix matmul(const Matrix& a, const Matrix& b);
// `*` between two arrays with the shape table of §4.3 (a vector taken as 1×n):
//   vector * vector  -> error `cannot multiply two row vectors [1×m] * [1×n]` + hints
//   vector * matrix  -> 1×c product (rows(b) must equal the vector length, else the
//                       `vector-matrix multiply: ...` error)
//   matrix * vector  -> r×n outer product when a has one column, else the `cannot multiply
//                       matrix [r×k] by row vector [1×n]` error
//   matrix * matrix  -> matmul
Matrix multiply(const Matrix& a, ArrayKind a_kind, const Matrix& b, ArrayKind b_kind);
// `/` between two arrays is always an error (§5.2); this returns its message text for the
// operand kinds (`use ./ for element-wise matrix division; ...` etc.).
std::string array_division_error(ArrayKind a_kind, ArrayKind b_kind);
// `^` between two vectors is an error (`cannot raise two vectors with ^; use .^ for
// element-wise power`); any other array pair is element-wise power.
Matrix array_power(const Matrix& a, ArrayKind a_kind, const Matrix& b, ArrayKind b_kind);

// --- Comparisons and logic: 0/1 real matrices --------------------------------------------
Matrix compare(Comparison op, const Matrix& a, const Matrix& b);  // broadcasting
Matrix compare(Comparison op, const Matrix& a, double b);
Matrix compare(Comparison op, double a, const Matrix& b);
Matrix compare(Comparison op, const Matrix& a, ArrayKind a_kind, const Matrix& b,
               ArrayKind b_kind);  // vector/vector: equal lengths
// Comparison of two complex scalars: ==/!= compare both parts, ordered operators the real
// parts (two reals: num/scalar_ops.hpp).
bool compare(Comparison op, Complex a, Complex b);

Matrix logic(Logic op, const Matrix& a, const Matrix& b);  // broadcasting
Matrix logic(Logic op, const Matrix& a, ArrayKind a_kind, const Matrix& b, ArrayKind b_kind);
Matrix logical_not(const Matrix& a);  // 1 where the element is 0 (both parts)
bool is_nonzero(Complex value);       // re != 0 or im != 0 (NaN is non-zero)

// --- Unary operators and transposes ------------------------------------------------------
Matrix negate(const Matrix& a);               // -x, element-wise (0 becomes -0)
Matrix transpose(const Matrix& a);            // x.'
Matrix conjugate_transpose(const Matrix& a);  // x'
Matrix conjugate(const Matrix& a);

// --- Helpers shared with the evaluator ---------------------------------------------------
// Broadcast result dimension of two sizes, or the §5.3 error naming `row` or `column`.
Index broadcast_dimension(Index a, Index b, const char* which);
// "[r×c]" as the error messages print shapes; an N-D shape (a tensor's, a .npy array's) as
// "[d1×d2×...]", a 1-D one as "[n]".
std::string shape_text(const Matrix& m);
std::string shape_text(Index rows, Index columns);
std::string shape_text(std::span<const std::int64_t> extents);

}  // namespace llmlab::num
