// Small whole-array helpers the gradient rules share: broadcasting undone by summation, element
// maps over equal shapes, and shape plumbing. Real matrices only (the tape rejects complex).
#pragma once

#include <cmath>
#include <span>

#include "num/matrix.hpp"

namespace llmlab::autodiff {

using num::Index;
using num::Matrix;

// The gradient of an operand that was broadcast to g's shape: g summed over the dimensions in
// which the operand had size 1 (rows × columns is the operand's shape).
Matrix sum_to(const Matrix& g, Index rows, Index columns);
// g broadcast to rows × columns (g's dimensions are equal or 1).
Matrix expand(const Matrix& g, Index rows, Index columns);
// r[i] = f(a[i], b[i]) over two matrices of one size (shapes taken from a).
template <class F>
Matrix zip(const Matrix& a, const Matrix& b, F&& f) {
  Matrix r(a.rows(), a.columns());
  std::span<double> out = r.mutable_real_values();
  std::span<const double> x = a.real_values();
  std::span<const double> y = b.real_values();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = f(x[i], y[i]);
  return r;
}
template <class F>
Matrix zip3(const Matrix& a, const Matrix& b, const Matrix& c, F&& f) {
  Matrix r(a.rows(), a.columns());
  std::span<double> out = r.mutable_real_values();
  std::span<const double> x = a.real_values();
  std::span<const double> y = b.real_values();
  std::span<const double> z = c.real_values();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = f(x[i], y[i], z[i]);
  return r;
}
Matrix scaled(const Matrix& a, double factor);
Matrix transposed(const Matrix& a);
Matrix product(const Matrix& a, const Matrix& b);  // BLAS a * b
// a * bᵀ and aᵀ * b straight from BLAS with its transpose flags (no transposed copy): the two
// products of a matrix product's backward pass.
Matrix product_transposed_right(const Matrix& a, const Matrix& b);
Matrix product_transposed_left(const Matrix& a, const Matrix& b);
Matrix identity(Index n);
// A real copy of the matrix (the real part of a complex one never reaches here; this only
// makes a 1×1 from a scalar Value shape-compatible).
Matrix reshaped(const Matrix& a, Index rows, Index columns);

}  // namespace llmlab::autodiff
