// Small whole-array helpers the gradient rules share: broadcasting undone by summation, element
// maps over equal shapes, and shape plumbing. Real matrices only (the tape rejects complex).
#pragma once

#include <cmath>
#include <optional>
#include <span>

#include "num/matrix.hpp"
#include "runtime/value.hpp"

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
// A real copy of the matrix (the real part of a complex one never reaches here; this only
// makes a 1×1 from a scalar Value shape-compatible).
Matrix reshaped(const Matrix& a, Index rows, Index columns);

// The slices a reduction ran over: each element alone (a dim across a Vector or a 1×N row:
// the output has x's shape), along columns of each row, down rows of each column, or
// everything as one slice. Read off the shapes, so every kind and dim (Vector, 1×N, N×1, "all")
// lands on the slices the builtin reduced.
enum class Along { Elements, RowSlices, ColumnSlices, Whole };

inline Along reduced_along(const Matrix& x, Index output_rows, Index output_columns) {
  if (output_rows == x.rows() && output_columns == x.columns()) return Along::Elements;
  if (output_rows == 1 && output_columns == 1) return Along::Whole;
  if (output_rows == 1) return Along::ColumnSlices;
  return Along::RowSlices;
}

// Visits every slice as (start, stride, count, slice) flat positions of x; `slice` is the
// flat position of the slice's result (0 for Whole).
template <class F>
void for_each_slice(const Matrix& x, Along along, F&& visit) {
  switch (along) {
    case Along::Elements:
      for (Index i = 0; i < x.size(); ++i) visit(i, Index{1}, Index{1}, i);
      return;
    case Along::Whole:
      visit(Index{0}, Index{1}, x.size(), Index{0});
      return;
    case Along::RowSlices:
      for (Index r = 0; r < x.rows(); ++r) visit(r * x.columns(), Index{1}, x.columns(), r);
      return;
    case Along::ColumnSlices:
      for (Index c = 0; c < x.columns(); ++c) visit(c, x.columns(), x.rows(), c);
      return;
  }
}

// The slices a running or sorting builtin (cumsum, cumprod, cummax, sort, maxk) walks: an
// explicit dim 1 (columns) or 2 (rows), else a Vector's or a 1×N row's length, an N×1 column or
// a matrix's columns.
inline Along running_along(const runtime::Value& x, const Matrix& m, std::optional<double> dim) {
  if (dim) return *dim == 2.0 ? Along::RowSlices : Along::ColumnSlices;
  return (x.is(runtime::Kind::Vector) || m.rows() == 1) ? Along::RowSlices : Along::ColumnSlices;
}

}  // namespace llmlab::autodiff
