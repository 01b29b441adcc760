// Reshape, permute, squeeze, cat and repmat over N dims (see nd_shape.hpp). Each walks the
// result in MATLAB's linear order with an odometer over its subscripts and reads the source
// element those subscripts name.
#include "num/nd_shape.hpp"

#include <algorithm>
#include <utility>

#include "base/error.hpp"

namespace llmlab::num {

namespace {

// How far the storage offset moves for a unit step of subscript `dim` in an array of extents
// `dims` (num/nd_array.hpp's layout: a row is d2 apart, a column 1, a page d1·d2).
Index storage_stride(const Dims& dims, std::size_t dim) {
  if (dim == 1) return 1;
  Index stride = dims.size() > 1 ? dims[1] : 1;
  if (dim == 0) return stride;
  stride *= dims[0];
  for (std::size_t k = 2; k < dim; ++k) stride *= dims[k];
  return stride;
}

// A result of extents `dims` whose element L (MATLAB order) is a source element found by
// steps: `source_step[k]` is how far the source's storage offset moves for a unit step of the
// result's subscript k, and `wraps[k]` (0 when none) the source extent at which that subscript
// wraps back (for repmat).
// The storage offsets of an array's elements in MATLAB's linear order, one after another.
class LinearOrder {
 public:
  explicit LinearOrder(const Dims& dims)
      : rows_(dims[0]), columns_(dims.size() > 1 ? dims[1] : 1) {}
  std::size_t offset() const {
    return static_cast<std::size_t>(page_start_ + row_ * columns_ + column_);
  }
  void next() {
    if (++row_ < rows_) return;
    row_ = 0;
    if (++column_ < columns_) return;
    column_ = 0;
    page_start_ += rows_ * columns_;
  }

 private:
  Index rows_, columns_, row_ = 0, column_ = 0, page_start_ = 0;
};

// out's elements in MATLAB's order are in's in the same order (a reshape).
template <class T>
void copy_in_linear_order(std::span<T> out, const Dims& out_dims, std::span<const T> in,
                          const Dims& in_dims) {
  LinearOrder to(out_dims), from(in_dims);
  for (std::size_t k = 0; k < out.size(); ++k, to.next(), from.next())
    out[to.offset()] = in[from.offset()];
}

// walk's loop over the storage spans: the result in its storage order (columns fastest, then
// rows, then pages), so it is written straight through; the source's offset moves by the steps
// (a source subscript that wraps is counted, not divided).
template <class T>
void walk_into(std::span<T> out, const Dims& out_dims, std::span<const T> in,
               const std::vector<Index>& source_step, const std::vector<Index>& wraps) {
  if (out.empty()) return;
  LLMLAB_ASSERT(out_dims.size() >= 2 && source_step.size() >= out_dims.size());
  std::vector<std::size_t> storage_order = {1, 0};
  for (std::size_t k = 2; k < out_dims.size(); ++k) storage_order.push_back(k);
  std::vector<Index> subscript(out_dims.size(), 0), source_subscript(out_dims.size(), 0);
  Index from = 0;
  for (std::size_t to = 0; to < out.size(); ++to) {
    out[to] = in[static_cast<std::size_t>(from)];
    for (const std::size_t k : storage_order) {
      from += source_step[k];
      if (wraps[k] != 0 && ++source_subscript[k] == wraps[k]) {
        source_subscript[k] = 0;
        from -= wraps[k] * source_step[k];
      }
      if (++subscript[k] < out_dims[k]) break;
      if (wraps[k] == 0) from -= out_dims[k] * source_step[k];
      subscript[k] = 0;
    }
  }
}

NdArray walk(const NdArray& source, Dims dims, const std::vector<Index>& source_step,
             const std::vector<Index>& wraps) {
  if (source.is_complex()) {
    NdArray result(dims, Matrix::Element::ComplexValued);
    walk_into(result.mutable_pages().mutable_complex_values(), result.dims(),
              source.pages().complex_values(), source_step, wraps);
    result.mutable_pages().demote_if_real();
    return result;
  }
  NdArray result = NdArray::uninitialized(dims);
  walk_into(result.mutable_pages().mutable_real_values(), result.dims(),
            source.pages().real_values(), source_step, wraps);
  return result;
}

// Whether an array of extents `in` expanded to `out` is its storage repeated: a 1×C row under
// every row of every page, or one page under every page.
bool storage_tiles(const Dims& in, const Dims& out) {
  bool row = in[1] == out[1], page = in[0] == out[0] && in[1] == out[1];
  for (std::size_t k = 0; k < in.size(); ++k) {
    if (k != 1 && in[k] != 1) row = false;
    if (k >= 2 && in[k] != 1) page = false;
  }
  return row || page;
}

Dims padded(const Dims& dims, std::size_t count) {
  Dims result = dims;
  result.resize(std::max(result.size(), count), 1);
  return result;
}

}  // namespace

NdArray reshaped(const NdArray& source, Dims dims) {
  LLMLAB_ASSERT(element_count(dims) == source.size());
  const Dims canonical = canonical_dims(dims);
  if (source.size() > 0 && canonical[0] == source.dims()[0] && canonical[1] == source.dims()[1]) {
    return NdArray::from_pages(canonical, source.pages());
  }
  if (source.is_complex()) {
    NdArray result(canonical, Matrix::Element::ComplexValued);
    copy_in_linear_order(result.mutable_pages().mutable_complex_values(), canonical,
                         source.pages().complex_values(), source.dims());
    result.mutable_pages().demote_if_real();
    return result;
  }
  NdArray result = NdArray::uninitialized(canonical);
  copy_in_linear_order(result.mutable_pages().mutable_real_values(), canonical,
                       source.pages().real_values(), source.dims());
  return result;
}

NdArray permuted(const NdArray& source, std::span<const int> order) {
  const Dims in = padded(source.dims(), order.size());
  Dims dims(order.size());
  std::vector<Index> step(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    dims[k] = in[static_cast<std::size_t>(order[k])];
    step[k] = storage_stride(in, static_cast<std::size_t>(order[k]));
  }
  return walk(source, dims, step, std::vector<Index>(order.size(), 0));
}

NdArray squeezed(const NdArray& source) {
  if (source.ndims() <= 2) return source;
  Dims dims;
  for (Index extent : source.dims()) {
    if (extent != 1) dims.push_back(extent);
  }
  if (dims.size() == 1) dims.push_back(1);
  return reshaped(source, canonical_dims(std::move(dims)));
}

int concatenation_mismatch(int dim, std::span<const NdArray> parts) {
  const NdArray* first = nullptr;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const NdArray& part = parts[k];
    if (part.dims() == Dims{0, 0}) continue;
    if (first == nullptr) {
      first = &part;
      continue;
    }
    const std::size_t count =
        std::max({first->dims().size(), part.dims().size(), static_cast<std::size_t>(dim) + 1});
    for (std::size_t d = 0; d < count; ++d) {
      if (static_cast<int>(d) == dim) continue;
      if (first->extent(static_cast<int>(d)) != part.extent(static_cast<int>(d))) {
        return static_cast<int>(k);
      }
    }
  }
  return -1;
}

NdArray concatenated(int dim, std::span<const NdArray> parts) {
  LLMLAB_ASSERT(concatenation_mismatch(dim, parts) < 0);
  std::vector<const NdArray*> kept;
  for (const NdArray& part : parts) {
    if (part.dims() != Dims{0, 0}) kept.push_back(&part);
  }
  // Only empties: they stack along `dim` as Octave stacks them (cat(3, [], []) is 0×0×2).
  if (kept.empty()) {
    Dims dims = padded(Dims{0, 0}, static_cast<std::size_t>(dim) + 1);
    dims[static_cast<std::size_t>(dim)] = 0;
    for (const NdArray& part : parts) dims[static_cast<std::size_t>(dim)] += part.extent(dim);
    return NdArray(dims);
  }
  const auto along = static_cast<std::size_t>(dim);
  Dims dims = padded(kept.front()->dims(), along + 1);
  dims[along] = 0;
  bool complex = false;
  for (const NdArray* part : kept) {
    dims[along] += part->extent(dim);
    complex = complex || part->is_complex();
  }
  NdArray result(dims, complex ? Matrix::Element::ComplexValued : Matrix::Element::Real);
  Index start = 0;
  for (const NdArray* part : kept) {
    Picks picks(dims.size());
    for (std::size_t d = 0; d < dims.size(); ++d) {
      const Index extent = part->extent(static_cast<int>(d));
      const Index first = d == along ? start : 0;
      for (Index p = 0; p < extent; ++p) picks[d].push_back(first + p);
    }
    if (part->size() > 0) write_region(result, picks, *part);
    start += part->extent(dim);
  }
  return result;
}

NdArray repeated(const NdArray& source, std::span<const Index> reps) {
  const Dims in = padded(source.dims(), reps.size());
  Dims dims(in.size());
  std::vector<Index> step(in.size()), wraps(in.size());
  for (std::size_t k = 0; k < in.size(); ++k) {
    const Index rep = k < reps.size() ? reps[k] : 1;
    dims[k] = in[k] * rep;
    step[k] = storage_stride(in, k);
    wraps[k] = in[k];
  }
  element_count(dims);
  return walk(source, dims, step, wraps);
}

std::optional<Dims> broadcast_dims(const Dims& a, const Dims& b) {
  const std::size_t count = std::max(a.size(), b.size());
  const Dims left = padded(a, count), right = padded(b, count);
  Dims dims(count);
  for (std::size_t k = 0; k < count; ++k) {
    if (left[k] != right[k] && left[k] != 1 && right[k] != 1) return std::nullopt;
    dims[k] = left[k] == 1 ? right[k] : left[k];
  }
  return canonical_dims(std::move(dims));
}

NdArray expanded(const NdArray& source, const Dims& dims) {
  if (source.dims() == dims) return source;
  const Dims in = padded(source.dims(), dims.size());
  if (storage_tiles(in, dims) && !source.is_complex() && !source.empty()) {
    // The source's storage repeats through the result's: a bias row under every row, a page
    // under every page. Copied whole, no walk.
    NdArray result = NdArray::uninitialized(dims);
    std::span<const double> from = source.pages().real_values();
    std::span<double> to = result.mutable_pages().mutable_real_values();
    for (std::size_t at = 0; at < to.size(); at += from.size()) {
      std::copy(from.begin(), from.end(), to.begin() + static_cast<std::ptrdiff_t>(at));
    }
    return result;
  }
  std::vector<Index> reps(dims.size());
  for (std::size_t k = 0; k < dims.size(); ++k) {
    LLMLAB_ASSERT(in[k] == dims[k] || in[k] == 1);
    reps[k] = in[k] == dims[k] ? 1 : dims[k];
  }
  return repeated(source, reps);
}

NdArray summed_to(const NdArray& source, const Dims& dims) {
  LLMLAB_ASSERT(!source.is_complex());
  NdArray result(dims);
  const Dims in = source.dims();
  const Dims target = padded(result.dims(), in.size());
  if (source.empty()) return result;
  // The source in storage order, page by page and row by row; each element lands where its
  // subscripts point in the target, with 0 for every subscript along a summed dim.
  std::span<const double> from = source.pages().real_values();
  std::span<double> to = result.mutable_pages().mutable_real_values();
  const Index rows = in[0], columns = in[1];
  const bool sum_rows = target[0] == 1, sum_columns = target[1] == 1;
  std::vector<Index> page_subscript(in.size(), 0);
  for (Index page = 0; page < source.page_count(); ++page) {
    Index target_page = 0, stride = target[0] * target[1];
    for (std::size_t k = 2; k < in.size(); ++k) {
      if (target[k] != 1) target_page += page_subscript[k] * stride;
      stride *= target[k];
    }
    for (Index r = 0; r < rows; ++r) {
      const Index row = target_page + (sum_rows ? 0 : r) * target[1];
      const double* values = from.data() + (page * rows + r) * columns;
      double* out = to.data() + row;
      if (sum_columns) {
        double total = out[0];
        for (Index c = 0; c < columns; ++c) total += values[c];
        out[0] = total;
      } else {
        for (Index c = 0; c < columns; ++c) out[c] += values[c];
      }
    }
    for (std::size_t k = 2; k < in.size() && ++page_subscript[k] == in[k]; ++k) {
      page_subscript[k] = 0;
    }
  }
  return result;
}

namespace {

// The dim order that brings `front` to the front of `count` dims, the others after it in order.
std::vector<int> front_order(std::span<const int> front, std::size_t count) {
  std::vector<int> order(front.begin(), front.end());
  for (int k = 0; k < static_cast<int>(count); ++k) {
    if (std::find(front.begin(), front.end(), k) == front.end()) order.push_back(k);
  }
  return order;
}

std::vector<int> front_order(int dim, std::size_t count) {
  return front_order(std::span<const int>(&dim, 1), count);
}

// How many dims an array of `dims` shows when `along` names dims past its last.
std::size_t span_of(const Dims& dims, std::span<const int> along) {
  const int last = along.empty() ? 0 : *std::max_element(along.begin(), along.end());
  return std::max(dims.size(), static_cast<std::size_t>(last) + 1);
}

}  // namespace

Matrix slices_along(const NdArray& source, int dim) {
  return slices_along(source, std::span<const int>(&dim, 1));
}

Matrix slices_along(const NdArray& source, std::span<const int> along) {
  LLMLAB_ASSERT(!along.empty());
  const Dims dims = padded(source.dims(), span_of(source.dims(), along));
  const std::vector<int> order = front_order(along, dims.size());
  Index extent = 1;
  for (int dim : along) extent *= dims[static_cast<std::size_t>(dim)];
  const NdArray front = permuted(source, order);
  const Index rest =
      extent == 0 ? element_count(reduced_dims(dims, along)) : source.size() / extent;
  return reshaped(front, Dims{extent, rest}).to_matrix();
}

Dims reduced_dims(const Dims& dims, int dim) {
  return reduced_dims(dims, std::span<const int>(&dim, 1));
}

Dims reduced_dims(const Dims& dims, std::span<const int> along) {
  Dims result = padded(dims, span_of(dims, along));
  for (int dim : along) result[static_cast<std::size_t>(dim)] = 1;
  return canonical_dims(std::move(result));
}

NdArray from_slices_along(const Matrix& slices, const Dims& dims, int dim) {
  const Dims full = padded(dims, static_cast<std::size_t>(dim) + 1);
  const std::vector<int> order = front_order(dim, full.size());
  Dims front(full.size());
  std::vector<int> inverse(full.size());
  for (std::size_t k = 0; k < full.size(); ++k) {
    front[k] = full[static_cast<std::size_t>(order[k])];
    inverse[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
  }
  return permuted(reshaped(NdArray::from_matrix(slices), front), inverse);
}

Matrix rows_along(const NdArray& source, int dim) {
  if (dim == 1) return source.pages();
  return slices_along(source, dim).transposed();
}

NdArray from_rows_along(const Matrix& rows, const Dims& dims, int dim) {
  if (dim == 1) return NdArray::from_pages(dims, rows);
  return from_slices_along(rows.transposed(), dims, dim);
}

int first_non_singleton_dim(const Dims& dims) {
  for (std::size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] != 1) return static_cast<int>(k);
  }
  return 0;
}

namespace {

// The dim order that reverses `count` dims: MATLAB's order of the reversed array is C order.
std::vector<int> reversed_order(std::size_t count) {
  std::vector<int> order(count);
  for (std::size_t k = 0; k < count; ++k) order[k] = static_cast<int>(count - 1 - k);
  return order;
}

}  // namespace

Matrix c_order_elements(const NdArray& source) {
  const NdArray reversed = permuted(source, reversed_order(source.dims().size()));
  return reshaped(reversed, Dims{1, source.size()}).to_matrix();
}

NdArray from_c_order(const Dims& dims, const Matrix& elements) {
  LLMLAB_ASSERT(element_count(dims) == elements.size());
  const Dims reversed_dims(dims.rbegin(), dims.rend());
  const NdArray reversed =
      reshaped(NdArray::from_matrix(elements.with_shape(1, elements.size())), reversed_dims);
  return permuted(reversed, reversed_order(dims.size()));
}

}  // namespace llmlab::num
