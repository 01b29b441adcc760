// Whole-array helpers for the gradient rules.
#include "autodiff/array_math.hpp"

#include <fmt/format.h>

#include "base/error.hpp"
#include "base/messages/autodiff.hpp"
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
    throw Error(fmt::format(messages::internal_gradient_not_reducible, num::shape_text(g),
                            num::shape_text(rows, columns)));
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

// op(a) · op(b) by one row-major GEMM, op the matrix itself or its transpose; an empty product
// is zeros.
Matrix gemm_product(const Matrix& a, CBLAS_TRANSPOSE a_op, const Matrix& b, CBLAS_TRANSPOSE b_op) {
  const Index m = a_op == CblasTrans ? a.columns() : a.rows();
  const Index k = a_op == CblasTrans ? a.rows() : a.columns();
  const Index n = b_op == CblasTrans ? b.rows() : b.columns();
  if (m == 0 || n == 0 || k == 0) return Matrix(m, n);
  Matrix c = Matrix::uninitialized(m, n);  // GEMM writes every element
  num::blas::library().dgemm(CblasRowMajor, a_op, b_op, blas_size(m), blas_size(n), blas_size(k),
                             1.0, a.real_values().data(), blas_size(a.columns()),
                             b.real_values().data(), blas_size(b.columns()), 0.0,
                             c.mutable_real_values().data(), blas_size(n));
  return c;
}

}  // namespace

Matrix product_transposed_right(const Matrix& a, const Matrix& b) {
  if (a.columns() != b.columns()) {
    throw Error(fmt::format(messages::internal_product_shapes, "a * b'", num::shape_text(a),
                            num::shape_text(b)));
  }
  return gemm_product(a, CblasNoTrans, b, CblasTrans);
}

Matrix product_transposed_left(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows()) {
    throw Error(fmt::format(messages::internal_product_shapes, "a' * b", num::shape_text(a),
                            num::shape_text(b)));
  }
  return gemm_product(a, CblasTrans, b, CblasNoTrans);
}

Matrix reshaped(const Matrix& a, Index rows, Index columns) {
  if (a.rows() == rows && a.columns() == columns) return a;
  return a.with_shape(rows, columns);
}

}  // namespace llmlab::autodiff
