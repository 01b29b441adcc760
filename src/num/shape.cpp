// Constructors, shape operations and concatenation (builtins.md §3, language.md §3.4).
#include "num/shape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"

namespace llmlab::num {

namespace {

Matrix::Element element_of(const Matrix& a) {
  return a.is_complex() ? Matrix::Element::ComplexValued : Matrix::Element::Real;
}

// Copies element `from` of `source` to element `to` of `target` (flat, row-major); the target
// must be complex when the source is.
void copy_element(const Matrix& source, Index from, Matrix& target, Index to) {
  if (source.is_complex()) {
    target.set(to, source.complex_at(from));
  } else {
    target.set(to, source[from]);
  }
}

// Positive remainder of k modulo n (n > 0).
Index wrap(Index k, Index n) {
  const Index r = k % n;
  return r < 0 ? r + n : r;
}

[[noreturn]] void height_mismatch(Index a, Index b) {
  throw Error(fmt::format(messages::concat_height_mismatch, a, b));
}

Matrix triangle(const Matrix& a, Index k, bool lower) {
  Matrix result(a.rows(), a.columns(), element_of(a));
  for (Index i = 0; i < a.rows(); ++i) {
    for (Index j = 0; j < a.columns(); ++j) {
      const bool keep = lower ? (j - i <= k) : (j - i >= k);
      if (keep) copy_element(a, i * a.columns() + j, result, i * a.columns() + j);
    }
  }
  return result;
}

// a·b for sizes, refusing results past anything a Matrix can hold (and signed overflow).
Index checked_product(Index a, Index b, const char* name) {
  Index product = 0;
  if (__builtin_mul_overflow(a, b, &product) || product > (Index{1} << 40)) {
    throw Error(fmt::format(messages::result_too_large, name, a, b));
  }
  return product;
}

// |k| for a diagonal offset, bounded so that sizes derived from it cannot overflow.
Index offset_size(Index k) {
  if (k > (Index{1} << 40) || k < -(Index{1} << 40))
    throw Error(std::string(messages::diag_offset_too_large));
  return k < 0 ? -k : k;
}

}  // namespace

Matrix linspace(double a, double b, Index n) {
  if (n <= 0) return Matrix(1, 0);
  if (n == 1) return Matrix(1, 1, b);
  // The ends are a and b exactly; the inner points come from both ends symmetrically
  // (a + k·step in the first half, b - k·step in the second), as Octave builds them, so
  // linspace(-1, 1, n) is exactly antisymmetric. An infinite step makes the inner points NaN;
  // an odd count's middle point is 0 between opposite ends and the midpoint otherwise
  // (linspace(Inf, Inf, 3) is all Inf, linspace(-Inf, Inf, 3) is [-Inf, 0, Inf]).
  Matrix result(1, n);
  double step = (b - a) / static_cast<double>(n - 1);
  const bool infinite_step = std::isinf(step);
  if (infinite_step) step = std::numeric_limits<double>::quiet_NaN();
  std::span<double> out = result.mutable_real_values();
  const auto last = static_cast<std::size_t>(n - 1);
  out[0] = a;
  out[last] = b;
  for (std::size_t k = 1; k < static_cast<std::size_t>(n / 2); ++k) {
    out[k] = a + static_cast<double>(k) * step;
    out[last - k] = b - static_cast<double>(k) * step;
  }
  if (n % 2 == 1 && n > 1) {
    const double middle = a == -b          ? 0.0
                          : !infinite_step ? (a + b) / 2
                                           : std::numeric_limits<double>::quiet_NaN();
    out[last / 2] = middle;
  }
  return result;
}

Matrix logspace(double a, double b, Index n) {
  n = std::max<Index>(n, 1);
  Matrix result(1, n);
  std::span<double> out = result.mutable_real_values();
  for (Index k = 0; k < n; ++k) {
    const double t = n == 1 ? 0.0 : static_cast<double>(k) / static_cast<double>(n - 1);
    out[static_cast<std::size_t>(k)] = std::pow(10.0, a + t * (b - a));
  }
  return result;
}

Matrix repmat(const Matrix& a, Index m, Index n) {
  const Index rows = checked_product(a.rows(), m, "repmat");
  const Index columns = checked_product(a.columns(), n, "repmat");
  checked_product(rows, columns, "repmat");
  Matrix result(rows, columns, element_of(a));
  for (Index i = 0; i < rows; ++i) {
    for (Index j = 0; j < columns; ++j) {
      copy_element(a, (i % a.rows()) * a.columns() + j % a.columns(), result, i * columns + j);
    }
  }
  return result;
}

Matrix identity(Index rows, Index columns) {
  Matrix result(rows, columns);
  for (Index k = 0; k < std::min(rows, columns); ++k) result.set(k, k, 1.0);
  return result;
}

Matrix column_major_elements(const Matrix& a) {
  Matrix result(1, a.size(), element_of(a));
  Index k = 0;
  for (Index j = 0; j < a.columns(); ++j) {
    for (Index i = 0; i < a.rows(); ++i) copy_element(a, i * a.columns() + j, result, k++);
  }
  return result;
}

Matrix reshape(const Matrix& a, Index rows, Index columns) {
  if (rows < 0 || columns < 0 || checked_product(rows, columns, "reshape") != a.size()) {
    throw Error(
        fmt::format(messages::reshape_count_mismatch, a.size(), rows, columns, rows * columns));
  }
  const Matrix elements = column_major_elements(a);
  Matrix result(rows, columns, element_of(a));
  Index k = 0;
  for (Index j = 0; j < columns; ++j) {
    for (Index i = 0; i < rows; ++i) copy_element(elements, k++, result, i * columns + j);
  }
  return result;
}

Matrix diagonal_matrix(const Matrix& v, Index k) {
  const Index n = v.size() + offset_size(k);
  Matrix result(n, n, element_of(v));
  const Index row_offset = k < 0 ? -k : 0;
  const Index column_offset = k > 0 ? k : 0;
  for (Index p = 0; p < v.size(); ++p) {
    copy_element(v, p, result, (p + row_offset) * n + p + column_offset);
  }
  return result;
}

Matrix diagonal_of(const Matrix& m, Index k) {
  offset_size(k);
  const Index row_offset = k < 0 ? -k : 0;
  const Index column_offset = k > 0 ? k : 0;
  const Index length =
      std::max<Index>(0, std::min(m.rows() - row_offset, m.columns() - column_offset));
  Matrix result(1, length, element_of(m));
  for (Index p = 0; p < length; ++p) {
    copy_element(m, (p + row_offset) * m.columns() + p + column_offset, result, p);
  }
  return result;
}

std::pair<Matrix, Matrix> meshgrid(const Matrix& x, const Matrix& y) {
  const Index m = x.size();
  const Index n = y.size();
  Matrix grid_x(n, m, element_of(x));
  Matrix grid_y(n, m, element_of(y));
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < m; ++j) {
      copy_element(x, j, grid_x, i * m + j);
      copy_element(y, i, grid_y, i * m + j);
    }
  }
  return {grid_x, grid_y};
}

Matrix flip_columns(const Matrix& a) {
  Matrix result(a.rows(), a.columns(), element_of(a));
  for (Index i = 0; i < a.rows(); ++i) {
    for (Index j = 0; j < a.columns(); ++j) {
      copy_element(a, i * a.columns() + (a.columns() - 1 - j), result, i * a.columns() + j);
    }
  }
  return result;
}

Matrix flip_rows(const Matrix& a) {
  Matrix result(a.rows(), a.columns(), element_of(a));
  for (Index i = 0; i < a.rows(); ++i) {
    for (Index j = 0; j < a.columns(); ++j) {
      copy_element(a, (a.rows() - 1 - i) * a.columns() + j, result, i * a.columns() + j);
    }
  }
  return result;
}

Matrix circular_shift(const Matrix& a, Index k, Dimension dimension) {
  if (a.empty()) return a;
  // Reduce k first so that huge shifts cannot overflow.
  const Index row_shift = dimension == Dimension::Rows ? wrap(k, a.rows()) : 0;
  const Index column_shift = dimension == Dimension::Columns ? wrap(k, a.columns()) : 0;
  Matrix result(a.rows(), a.columns(), element_of(a));
  for (Index i = 0; i < a.rows(); ++i) {
    for (Index j = 0; j < a.columns(); ++j) {
      const Index to_row = (i + row_shift) % a.rows();
      const Index to_column = (j + column_shift) % a.columns();
      copy_element(a, i * a.columns() + j, result, to_row * a.columns() + to_column);
    }
  }
  return result;
}

Matrix lower_triangle(const Matrix& a, Index k) { return triangle(a, k, true); }
Matrix upper_triangle(const Matrix& a, Index k) { return triangle(a, k, false); }

Matrix hconcat(std::span<const Matrix> blocks) {
  Index rows = -1;
  Index columns = 0;
  bool complex = false;
  for (const Matrix& block : blocks) {
    if (block.empty()) continue;
    if (rows >= 0 && block.rows() != rows) height_mismatch(rows, block.rows());
    rows = block.rows();
    columns += block.columns();
    complex = complex || block.is_complex();
  }
  if (rows < 0) return Matrix(blocks.empty() ? 0 : 1, 0);
  Matrix result(rows, columns, complex ? Matrix::Element::ComplexValued : Matrix::Element::Real);
  Index offset = 0;
  for (const Matrix& block : blocks) {
    if (block.empty()) continue;
    for (Index i = 0; i < rows; ++i) {
      for (Index j = 0; j < block.columns(); ++j) {
        copy_element(block, i * block.columns() + j, result, i * columns + offset + j);
      }
    }
    offset += block.columns();
  }
  return result;
}

Matrix vconcat(std::span<const Matrix> blocks) {
  Index rows = 0;
  Index columns = -1;
  bool complex = false;
  for (const Matrix& block : blocks) {
    if (block.empty()) continue;
    if (columns >= 0 && block.columns() != columns) {
      throw Error(
          fmt::format(messages::concat_row_width_mismatch, rows + 1, block.columns(), columns));
    }
    columns = block.columns();
    rows += block.rows();
    complex = complex || block.is_complex();
  }
  if (columns < 0) return Matrix(0, 0);
  Matrix result(rows, columns, complex ? Matrix::Element::ComplexValued : Matrix::Element::Real);
  Index offset = 0;
  for (const Matrix& block : blocks) {
    if (block.empty()) continue;
    for (Index k = 0; k < block.size(); ++k) copy_element(block, k, result, offset + k);
    offset += block.size();
  }
  return result;
}

Matrix literal_row(std::span<const LiteralItem> items) {
  // Step 2: every (non-empty) matrix element must have the same height. rustlab crashed when a
  // 1-row matrix preceded a taller one; that is a mismatch here too.
  Index height = -1;
  for (const LiteralItem& item : items) {
    if (item.kind != LiteralKind::Matrix || item.value->empty()) continue;
    if (height < 0) {
      height = item.value->rows();
    } else if (item.value->rows() != height) {
      height_mismatch(height, item.value->rows());
    }
  }
  height = std::max<Index>(height, 1);
  // Step 3: scalars join every physical row; vectors need height 1; empty parts add nothing.
  std::vector<Matrix> blocks;
  blocks.reserve(items.size());
  for (const LiteralItem& item : items) {
    if (item.value->empty()) continue;
    switch (item.kind) {
      case LiteralKind::Scalar:
        blocks.push_back(height == 1 ? *item.value : repmat(*item.value, height, 1));
        break;
      case LiteralKind::Vector:
        if (height != 1) {
          throw Error(fmt::format(messages::concat_vector_with_blocks, height));
        }
        blocks.push_back(item.value->with_shape(1, item.value->size()));
        break;
      case LiteralKind::Matrix:
        blocks.push_back(*item.value);
        break;
    }
  }
  return hconcat(blocks);
}

}  // namespace llmlab::num
