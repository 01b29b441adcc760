// pagemtimes and pagetranspose over the page layout (see nd_products.hpp).
#include "num/nd_products.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"
#include "num/nd_shape.hpp"
#include "num/ops.hpp"

namespace llmlab::num {

namespace {

Matrix operated(Matrix page, PageOperation operation) {
  switch (operation) {
    case PageOperation::None:
      return page;
    case PageOperation::Transpose:
      return page.transposed();
    case PageOperation::ConjugateTranspose:
      return conjugate_transpose(page);
  }
  return page;
}

// The trailing extents (dims 3 and up) of `dims`, as extents of their own.
Dims trailing(const Dims& dims) {
  Dims result = {1, 1};
  result.insert(result.end(), dims.begin() + 2, dims.end());
  return result;
}

// The page of an array with trailing extents `own` that serves page `page` of a result with
// trailing extents `result` (a page extent of 1 serves every index).
Index source_page(const Dims& own, const Dims& result, Index page) {
  Index index = 0, stride = 1;
  for (std::size_t k = 2; k < result.size(); ++k) {
    const Index subscript = page % result[k];
    page /= result[k];
    const Index extent = k < own.size() ? own[k] : 1;
    if (extent != 1) index += subscript * stride;
    stride *= extent;
  }
  return index;
}

// Copies `page` into page `k` of `result` (whose pages have its shape).
void store_page(NdArray& result, Index k, const Matrix& page) {
  const auto first = static_cast<std::size_t>(k * page.size());
  if (result.is_complex()) {
    std::span<Complex> out = result.mutable_pages().mutable_complex_values();
    for (Index e = 0; e < page.size(); ++e) {
      out[first + static_cast<std::size_t>(e)] = page.complex_at(e);
    }
    return;
  }
  std::span<const double> in = page.real_values();
  std::copy(
      in.begin(), in.end(),
      result.mutable_pages().mutable_real_values().begin() + static_cast<std::ptrdiff_t>(first));
}

}  // namespace

NdArray page_products(const NdArray& x, PageOperation x_operation, const NdArray& y,
                      PageOperation y_operation) {
  const bool x_turned = x_operation != PageOperation::None;
  const bool y_turned = y_operation != PageOperation::None;
  const Index rows = x.dims()[x_turned ? 1 : 0], inner = x.dims()[x_turned ? 0 : 1];
  const Index y_inner = y.dims()[y_turned ? 1 : 0], columns = y.dims()[y_turned ? 0 : 1];
  if (inner != y_inner) {
    throw Error(
        fmt::format(messages::page_inner_dimensions_mismatch, rows, inner, y_inner, columns));
  }
  const Dims x_pages = trailing(x.dims()), y_pages = trailing(y.dims());
  const std::optional<Dims> pages = broadcast_dims(x_pages, y_pages);
  if (!pages) {
    throw Error(fmt::format(messages::page_dims_mismatch, fmt::join(x.dims(), "×"),
                            fmt::join(y.dims(), "×")));
  }
  Dims dims = {rows, columns};
  Dims page_dims = *pages;
  page_dims.resize(std::max<std::size_t>(page_dims.size(), 2), 1);
  dims.insert(dims.end(), page_dims.begin() + 2, page_dims.end());
  const bool complex = x.is_complex() || y.is_complex();
  // X's pages under one matrix Y: X's storage stacks its pages' rows, so the whole product is
  // one GEMM of (pages·rows)×inner by inner×columns, whose result is the output's storage.
  if (x_operation == PageOperation::None && y.page_count() == 1 && inner > 0 && !complex) {
    return NdArray::from_pages(dims, matmul(x.pages(), operated(y.page(0), y_operation)));
  }
  NdArray result =
      complex ? NdArray(dims, Matrix::Element::ComplexValued) : NdArray::uninitialized(dims);
  if (result.empty()) return result;
  for (Index k = 0; k < result.page_count(); ++k) {
    const Matrix left = operated(x.page(source_page(x_pages, page_dims, k)), x_operation);
    const Matrix right = operated(y.page(source_page(y_pages, page_dims, k)), y_operation);
    store_page(result, k, inner == 0 ? Matrix(rows, columns) : matmul(left, right));
  }
  if (complex) result.mutable_pages().demote_if_real();
  return result;
}

NdArray page_transposed(const NdArray& x) {
  Dims dims = x.dims();
  std::swap(dims[0], dims[1]);
  NdArray result =
      x.is_complex() ? NdArray(dims, Matrix::Element::ComplexValued) : NdArray::uninitialized(dims);
  for (Index k = 0; k < x.page_count() && !x.empty(); ++k) {
    store_page(result, k, x.page(k).transposed());
  }
  return result;
}

}  // namespace llmlab::num
