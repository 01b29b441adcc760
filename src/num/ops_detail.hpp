// Internal to num/: the broadcast iteration behind every element-wise operator, and Eigen views
// of Matrix storage. Not for use outside src/num (Eigen stays inside num/, STYLE.md).
#pragma once

#include <Eigen/Core>
#include <vector>

#include "num/matrix.hpp"
#include "num/ops.hpp"

namespace llmlab::num::detail {

using RowMajorReal = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMajorComplex = Eigen::Matrix<Complex, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RealMap = Eigen::Map<RowMajorReal>;
using ConstRealMap = Eigen::Map<const RowMajorReal>;
using ComplexMap = Eigen::Map<RowMajorComplex>;
using ConstComplexMap = Eigen::Map<const RowMajorComplex>;

inline ConstRealMap real_map(const Matrix& m) {
  return ConstRealMap(m.real_values().data(), m.rows(), m.columns());
}

// The elements of m as complex numbers, in row-major order (a copy for real matrices).
inline std::vector<Complex> complex_copy(const Matrix& m) {
  if (m.is_complex()) return {m.complex_values().begin(), m.complex_values().end()};
  std::vector<Complex> values(static_cast<std::size_t>(m.size()));
  std::span<const double> real = m.real_values();
  for (std::size_t k = 0; k < values.size(); ++k) values[k] = Complex(real[k], 0.0);
  return values;
}

// Result shape and the operands' shapes of a broadcast (§5.3).
struct Broadcast {
  Index rows = 0;
  Index columns = 0;
  Index a_rows = 0, a_columns = 0;
  Index b_rows = 0, b_columns = 0;
};

inline Broadcast broadcast_shape(const Matrix& a, const Matrix& b) {
  Broadcast shape;
  shape.rows = broadcast_dimension(a.rows(), b.rows(), "row");
  shape.columns = broadcast_dimension(a.columns(), b.columns(), "column");
  shape.a_rows = a.rows();
  shape.a_columns = a.columns();
  shape.b_rows = b.rows();
  shape.b_columns = b.columns();
  return shape;
}

// Calls visit(k, a_element, b_element) for every result element k (row-major), repeating
// singleton dimensions. Equal shapes and scalar operands take flat loops.
template <class A, class B, class Visit>
void broadcast_visit(const Broadcast& shape, const A* a, const B* b, Visit&& visit) {
  const Index count = shape.rows * shape.columns;
  const bool a_full = shape.a_rows == shape.rows && shape.a_columns == shape.columns;
  const bool b_full = shape.b_rows == shape.rows && shape.b_columns == shape.columns;
  const bool a_single = shape.a_rows * shape.a_columns == 1;
  const bool b_single = shape.b_rows * shape.b_columns == 1;
  if (a_full && b_full) {
    for (Index k = 0; k < count; ++k) visit(k, a[k], b[k]);
  } else if (a_full && b_single) {
    const B y = b[0];
    for (Index k = 0; k < count; ++k) visit(k, a[k], y);
  } else if (a_single && b_full) {
    const A x = a[0];
    for (Index k = 0; k < count; ++k) visit(k, x, b[k]);
  } else {
    // Strides of 0 repeat a singleton row or column.
    const Index a_row_step = shape.a_rows == 1 ? 0 : shape.a_columns;
    const Index a_column_step = shape.a_columns == 1 ? 0 : 1;
    const Index b_row_step = shape.b_rows == 1 ? 0 : shape.b_columns;
    const Index b_column_step = shape.b_columns == 1 ? 0 : 1;
    Index k = 0;
    for (Index row = 0; row < shape.rows; ++row) {
      const A* a_row = a + row * a_row_step;
      const B* b_row = b + row * b_row_step;
      for (Index column = 0; column < shape.columns; ++column, ++k) {
        visit(k, a_row[column * a_column_step], b_row[column * b_column_step]);
      }
    }
  }
}

// out[count] = f(x, y) along one contiguous run, where a step of 0 repeats that operand's element.
// The restrict-qualified pointers and constant unit steps are what let the compiler vectorise
// + - * / (the visit form above stores through a pointer captured by reference, which it cannot
// prove apart from the operands, and steps by a run-time stride).
template <class A, class B, class R, class F>
void run_loop(Index count, const A* __restrict x, bool x_repeats, const B* __restrict y,
              bool y_repeats, R* __restrict out, F f) {
  if (!x_repeats && !y_repeats) {
    for (Index k = 0; k < count; ++k) out[k] = f(x[k], y[k]);
  } else if (!x_repeats) {
    const B y0 = *y;
    for (Index k = 0; k < count; ++k) out[k] = f(x[k], y0);
  } else if (!y_repeats) {
    const A x0 = *x;
    for (Index k = 0; k < count; ++k) out[k] = f(x0, y[k]);
  } else if (count > 0) {
    const R value = f(*x, *y);
    for (Index k = 0; k < count; ++k) out[k] = value;
  }
}

// out[k] = f(a_element, b_element) over the broadcast, in the order broadcast_visit visits.
// out is fresh storage: it aliases neither operand.
template <class A, class B, class R, class F>
void broadcast_loop(const Broadcast& shape, const A* a, const B* b, R* out, F f) {
  const bool a_single = shape.a_rows * shape.a_columns == 1;
  const bool b_single = shape.b_rows * shape.b_columns == 1;
  const bool a_full = shape.a_rows == shape.rows && shape.a_columns == shape.columns;
  const bool b_full = shape.b_rows == shape.rows && shape.b_columns == shape.columns;
  if ((a_full || a_single) && (b_full || b_single)) {
    run_loop(shape.rows * shape.columns, a, a_single && !a_full, b, b_single && !b_full, out, f);
    return;
  }
  // One row of the result at a time; a singleton row or column of an operand repeats.
  const Index a_row_step = shape.a_rows == 1 ? 0 : shape.a_columns;
  const Index b_row_step = shape.b_rows == 1 ? 0 : shape.b_columns;
  for (Index row = 0; row < shape.rows; ++row) {
    run_loop(shape.columns, a + row * a_row_step, shape.a_columns == 1 && shape.columns != 1,
             b + row * b_row_step, shape.b_columns == 1 && shape.columns != 1,
             out + row * shape.columns, f);
  }
}

}  // namespace llmlab::num::detail
