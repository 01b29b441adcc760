// Numeric constructors and shape operations (builtins.md §3) and the concatenation behind matrix
// literals (language.md §3.4). MATLAB's column-major element order is arithmetic here; storage
// stays row-major. The evaluator and the builtin adapters decide vector-versus-matrix kinds.
#pragma once

#include <span>
#include <utility>

#include "num/matrix.hpp"

namespace llmlab::num {

// 1×n points a + step·k, step = (b − a)/(n − 1) computed once; n = 1 gives [b], n = 0 empty.
Matrix linspace(double a, double b, Index n);
// 1×n points 10^(a + t·(b − a)), t = k/(n − 1); n < 1 is taken as 1.
Matrix logspace(double a, double b, Index n);

// (r·m)×(c·n) tiling of a.
Matrix repmat(const Matrix& a, Index m, Index n);
// The elements of a in column-major order, laid out as rows×columns column-major. Throws
// `reshape: cannot reshape <k> elements into <m>×<n> (= <m·n> elements)`.
Matrix reshape(const Matrix& a, Index rows, Index columns);
// rows×columns with ones on the main diagonal (eye).
Matrix identity(Index rows, Index columns);
// The elements of a in column-major order as a 1×N row (`M(:)` flattening).
Matrix column_major_elements(const Matrix& a);

// Square matrix with v's elements on diagonal k (k > 0 above, k < 0 below), size N + |k|.
Matrix diagonal_matrix(const Matrix& v, Index k = 0);
// Diagonal k of m as a 1×L row.
Matrix diagonal_of(const Matrix& m, Index k = 0);

// X(i, j) = x(j), Y(i, j) = y(i): two n×m matrices for x with m and y with n elements.
std::pair<Matrix, Matrix> meshgrid(const Matrix& x, const Matrix& y);

Matrix flip_columns(const Matrix& a);  // fliplr
Matrix flip_rows(const Matrix& a);     // flipud
// Rotate rows down (dimension 1) or columns right (dimension 2) by k; negative k rotates back.
enum class Dimension { Rows = 1, Columns = 2 };
Matrix circular_shift(const Matrix& a, Index k, Dimension dimension);
// Keep entries with column − row <= k (lower) or >= k (upper); zeros elsewhere.
Matrix lower_triangle(const Matrix& a, Index k = 0);
Matrix upper_triangle(const Matrix& a, Index k = 0);

// Plain concatenation: blocks side by side (equal row counts) or stacked (equal column counts).
// Empty blocks (no elements) are skipped, as in MATLAB. Errors use the matrix-literal texts:
// `matrix concat: vertical dimension mismatch (3 vs 2 rows)` and
// `matrix concat: row 3 has 4 columns, expected 2` (1-based row of the result).
Matrix hconcat(std::span<const Matrix> blocks);
Matrix vconcat(std::span<const Matrix> blocks);

// One written row of a matrix literal (language.md §3.4 steps 2–3): scalars join every physical
// row, vectors need height 1, matrices contribute their rows. Throws
// `matrix concat: vertical dimension mismatch (3 vs 2 rows)` and
// `matrix concat: cannot mix a vector with matrix blocks of height 3`.
enum class LiteralKind { Scalar, Vector, Matrix };
struct LiteralItem {
  const Matrix* value;  // a 1×1 matrix for scalars, 1×n for vectors
  LiteralKind kind;
};
Matrix literal_row(std::span<const LiteralItem> items);
// Step 4 is vconcat over the written rows' results.

}  // namespace llmlab::num
