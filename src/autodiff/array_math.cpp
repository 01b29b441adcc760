// Whole-array helpers for the gradient rules.
#include "autodiff/array_math.hpp"

#include "base/error.hpp"
#include "num/blas_library.hpp"
#include "num/ops.hpp"

namespace llmlab::autodiff {

Matrix sum_to(const Matrix& g, Index rows, Index columns) {
  if (g.rows() == rows && g.columns() == columns) return g;
  Matrix r(rows, columns);
  std::span<double> out = r.mutable_real_values();
  std::span<const double> in = g.real_values();
  const Index row_step = rows == 1 ? 0 : 1;
  const Index column_step = columns == 1 ? 0 : 1;
  if ((rows != 1 && rows != g.rows()) || (columns != 1 && columns != g.columns())) {
    throw Error("autodiff: internal error: gradient of shape " + num::shape_text(g) +
                " does not reduce to " + num::shape_text(rows, columns));
  }
  for (Index i = 0; i < g.rows(); ++i) {
    for (Index j = 0; j < g.columns(); ++j) {
      out[static_cast<std::size_t>(i * row_step * columns + j * column_step)] +=
          in[static_cast<std::size_t>(i * g.columns() + j)];
    }
  }
  return r;
}

Matrix expand(const Matrix& g, Index rows, Index columns) {
  if (g.rows() == rows && g.columns() == columns) return g;
  Matrix r = Matrix::uninitialized(rows, columns);  // every element is written below
  std::span<double> out = r.mutable_real_values();
  std::span<const double> in = g.real_values();
  const Index row_step = g.rows() == 1 ? 0 : 1;
  const Index column_step = g.columns() == 1 ? 0 : 1;
  for (Index i = 0; i < rows; ++i) {
    for (Index j = 0; j < columns; ++j) {
      out[static_cast<std::size_t>(i * columns + j)] =
          in[static_cast<std::size_t>(i * row_step * g.columns() + j * column_step)];
    }
  }
  return r;
}

Matrix scaled(const Matrix& a, double factor) {
  Matrix r = Matrix::uninitialized(a.rows(), a.columns());
  std::span<double> out = r.mutable_real_values();
  std::span<const double> in = a.real_values();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = in[i] * factor;
  return r;
}

Matrix transposed(const Matrix& a) { return a.transposed(); }

Matrix product(const Matrix& a, const Matrix& b) { return num::matmul(a, b); }

namespace {

int blas_size(Index n) { return static_cast<int>(n); }

}  // namespace

Matrix product_transposed_right(const Matrix& a, const Matrix& b) {
  if (a.columns() != b.columns()) {
    throw Error("autodiff: internal error: a * b' with " + num::shape_text(a) + " and " +
                num::shape_text(b));
  }
  if (a.rows() == 0 || b.rows() == 0 || a.columns() == 0) return Matrix(a.rows(), b.rows());
  Matrix c = Matrix::uninitialized(a.rows(), b.rows());  // GEMM writes every element
  num::blas::library().dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, blas_size(a.rows()),
                             blas_size(b.rows()), blas_size(a.columns()), 1.0,
                             a.real_values().data(), blas_size(a.columns()), b.real_values().data(),
                             blas_size(b.columns()), 0.0, c.mutable_real_values().data(),
                             blas_size(b.rows()));
  return c;
}

Matrix product_transposed_left(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows()) {
    throw Error("autodiff: internal error: a' * b with " + num::shape_text(a) + " and " +
                num::shape_text(b));
  }
  if (a.columns() == 0 || b.columns() == 0 || a.rows() == 0) {
    return Matrix(a.columns(), b.columns());
  }
  Matrix c = Matrix::uninitialized(a.columns(), b.columns());  // GEMM writes every element
  num::blas::library().dgemm(CblasRowMajor, CblasTrans, CblasNoTrans, blas_size(a.columns()),
                             blas_size(b.columns()), blas_size(a.rows()), 1.0,
                             a.real_values().data(), blas_size(a.columns()), b.real_values().data(),
                             blas_size(b.columns()), 0.0, c.mutable_real_values().data(),
                             blas_size(b.columns()));
  return c;
}

Matrix identity(Index n) {
  Matrix r(n, n);
  for (Index i = 0; i < n; ++i) r.set(i, i, 1.0);
  return r;
}

Matrix reshaped(const Matrix& a, Index rows, Index columns) {
  if (a.rows() == rows && a.columns() == columns) return a;
  return a.with_shape(rows, columns);
}

}  // namespace llmlab::autodiff
