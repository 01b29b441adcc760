// Whole-array helpers for the gradient rules.
#include "autodiff/array_math.hpp"

#include "base/error.hpp"
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
  Matrix r(rows, columns);
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
  Matrix r(a.rows(), a.columns());
  std::span<double> out = r.mutable_real_values();
  std::span<const double> in = a.real_values();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = in[i] * factor;
  return r;
}

Matrix transposed(const Matrix& a) { return a.transposed(); }

Matrix product(const Matrix& a, const Matrix& b) { return num::matmul(a, b); }

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
