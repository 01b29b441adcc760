// N-D arrays (issue #27): d1×d2×…×dn doubles or complex doubles, copy-on-write.
//
// Storage is one Matrix of (d1·P)×d2 elements, P = d3·…·dn: page after page, each page a
// row-major d1×d2 matrix (the Matrix layout), the pages in MATLAB's column-major order of their
// trailing subscripts (page index i3 + d3·(i4 + d4·…)). So a 2-D array's storage is exactly its
// Matrix (no copy either way), and A(:, :, k) is one contiguous block: a page is a Matrix that
// one GEMM takes as it is. Extents are kept in MATLAB's canonical form: at least two, no
// trailing 1 past the second (zeros(2, 3, 1) is 2×3).
//
// Every N-D rule of element placement is written here once, in MATLAB's linear order: a
// region, a reshape or a growth maps 0-based linear indices to storage offsets (offset_of).
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "num/matrix.hpp"

namespace llmlab::num {

// An array's extents, d1 × d2 × … × dn.
using Dims = std::vector<Index>;

// MATLAB's canonical extents: at least two, no trailing 1 past the second.
Dims canonical_dims(Dims dims);
// The product of the extents; "out of memory" past the element limit, an error for a negative
// extent.
Index element_count(std::span<const Index> dims);
// The rows × columns of the storage Matrix of an array of extents `dims`: (d1·P)×d2.
std::pair<Index, Index> storage_shape(const Dims& dims);
// The storage offset of 0-based linear index `linear` in an array of extents `dims`.
Index offset_of(std::span<const Index> dims, Index linear);

class NdArray {
 public:
  NdArray();  // 0×0 real
  explicit NdArray(Dims dims, double fill = 0.0);
  NdArray(Dims dims, Matrix::Element element);  // zero-filled
  // A real array whose elements are not set, for kernels that write every element.
  static NdArray uninitialized(Dims dims);
  // A matrix as a 2-D array, sharing its storage.
  static NdArray from_matrix(Matrix matrix);
  // An array over `pages`, which must hold (d1·P)×d2 elements in the layout above.
  static NdArray from_pages(Dims dims, Matrix pages);

  const Dims& dims() const { return dims_; }
  int ndims() const { return static_cast<int>(dims_.size()); }
  // Extent along 0-based `dim`; 1 past the last (MATLAB's size(A, k) for k > ndims).
  Index extent(int dim) const;
  Index size() const { return pages_.size(); }
  bool empty() const { return size() == 0; }
  bool is_complex() const { return pages_.is_complex(); }
  Index page_count() const;

  // The storage, page after page.
  const Matrix& pages() const { return pages_; }
  Matrix& mutable_pages() { return pages_; }
  // Page k (0-based) as a d1×d2 matrix.
  Matrix page(Index k) const;
  // The array as a matrix; ndims() must be 2.
  Matrix to_matrix() const;

 private:
  Dims dims_;
  Matrix pages_;
};

bool operator==(const NdArray& a, const NdArray& b);  // same extents, same values

// For each subscript of a region, its 0-based positions (every one in range).
using Picks = std::vector<std::vector<Index>>;

// The extents an array of `dims` shows to `count` subscripts (MATLAB): padded with 1s, or with
// the last subscript spanning every trailing dim (a 2×3×4 array is 2×12 to two subscripts).
Dims subscript_extents(const Dims& dims, std::size_t count);

// A(I1, …, In): the elements at `picks` (positions within subscript_extents(A, n)), with
// extents |I1|×…×|In| (canonical).
NdArray read_region(const NdArray& source, const Picks& picks);

// A(I1, …, In) = values, in place: `values` has one element (written everywhere) or one per
// region element, taken in MATLAB's linear order. The positions must lie within
// subscript_extents(target, n); grow the target first (resized).
void write_region(NdArray& target, const Picks& picks, const NdArray& values);

// The transpose of read_region for gradients: adds `values` (the storage of the region `picks`
// selects, one pick list per dim of `dims`) into `target` (the storage of an array of extents
// `dims`) at the region's positions; a position picked twice takes both.
void add_to_region(std::span<double> target, const Dims& dims, const Picks& picks,
                   std::span<const double> values);

// The array with extents `dims` (each at least the current one), new elements zero.
NdArray resized(const NdArray& source, const Dims& dims);

// The array without positions `removed` (sorted, distinct, in range) along 0-based `dim`.
NdArray delete_along(const NdArray& source, int dim, const std::vector<Index>& removed);

}  // namespace llmlab::num
