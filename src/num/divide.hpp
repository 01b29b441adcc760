// MATLAB's matrix division (language.md §13.12): A \ B solves A·X = B and A / B solves X·B = A,
// by LU for a square A and by least squares (minimum norm when rank-deficient) otherwise.
#pragma once

#include <limits>
#include <string>

#include "num/matrix.hpp"

namespace llmlab::num {

struct Division {
  Matrix result;
  std::string warning;  // MATLAB's singular / badly conditioned / rank-deficient note, or empty
  // MATLAB's identifier of that note (MATLAB:singularMatrix, MATLAB:nearlySingularMatrix,
  // MATLAB:rankDeficientMatrix), which warning("off", id) names.
  std::string warning_id;
  // A square solve's reciprocal condition number in the 1-norm (LAPACK's gecon estimate): 0 for
  // an exactly singular A (a zero pivot), NaN when A holds a NaN; NaN for a least-squares solve.
  double rcond = std::numeric_limits<double>::quiet_NaN();
  // Whether LU met an exactly zero pivot.
  bool zero_pivot = false;
};

// A \ B; A is m×n and B has m rows. Errors on a row-count mismatch.
Division left_divide(const Matrix& a, const Matrix& b);

// A / B = (B.' \ A.').'; A has as many columns as B.
Division right_divide(const Matrix& a, const Matrix& b);

}  // namespace llmlab::num
