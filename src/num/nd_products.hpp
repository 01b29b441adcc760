// Products page by page (issue #27): MATLAB's pagemtimes and pagetranspose. A page of an
// NdArray is a contiguous row-major matrix, so each page product is one matmul (one GEMM) on
// storage as it lies.
#pragma once

#include "num/nd_array.hpp"

namespace llmlab::num {

enum class PageOperation { None, Transpose, ConjugateTranspose };

// Z(:, :, i, ...) = op(X(:, :, i, ...)) * op(Y(:, :, i, ...)). The trailing dims expand as
// element-wise operands do (a page extent of 1 serves every page). Throws
// "pagemtimes: inner dimensions must match: ..." or "pagemtimes: page dims do not agree: ...".
NdArray page_products(const NdArray& x, PageOperation x_operation, const NdArray& y,
                      PageOperation y_operation);

// Every page transposed (MATLAB's pagetranspose).
NdArray page_transposed(const NdArray& x);

}  // namespace llmlab::num
