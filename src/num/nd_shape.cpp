// Reshape, permute, squeeze, cat and repmat over N dims (see nd_shape.hpp). Each walks the
// result in MATLAB's linear order with an odometer over its subscripts and reads the source
// element those subscripts name.
#include "num/nd_shape.hpp"

#include <algorithm>
#include <utility>

#include "base/error.hpp"

namespace llmlab::num {

namespace {

// Linear-index strides of `dims`: 1, d1, d1·d2, ...
std::vector<Index> linear_strides(const Dims& dims) {
  std::vector<Index> strides(dims.size(), 1);
  for (std::size_t k = 1; k < dims.size(); ++k) strides[k] = strides[k - 1] * dims[k - 1];
  return strides;
}

// A result of extents `dims` whose element L (MATLAB order) is source element
// source_linear(L), given as the source's linear index. `source_step[k]` is how far the
// source's linear index moves for a unit step of the result's subscript k, and `wraps[k]`
// (0 when none) the source extent at which that subscript wraps back (for repmat).
NdArray walk(const NdArray& source, Dims dims, const std::vector<Index>& source_step,
             const std::vector<Index>& wraps) {
  const bool complex = source.is_complex();
  NdArray result =
      complex ? NdArray(dims, Matrix::Element::ComplexValued) : NdArray::uninitialized(dims);
  if (result.empty()) return result;
  const Dims& out_dims = result.dims();
  LLMLAB_ASSERT(dims.size() >= 2 && source_step.size() == dims.size());
  std::vector<Index> subscript(dims.size(), 0);
  Index from = 0;
  for (Index linear = 0; linear < result.size(); ++linear) {
    const Index to = offset_of(out_dims, linear);
    const Index at = offset_of(source.dims(), from);
    if (complex) {
      result.mutable_pages().mutable_complex_values()[static_cast<std::size_t>(to)] =
          source.pages().complex_values()[static_cast<std::size_t>(at)];
    } else {
      result.mutable_pages().mutable_real_values()[static_cast<std::size_t>(to)] =
          source.pages().real_values()[static_cast<std::size_t>(at)];
    }
    for (std::size_t k = 0; k < dims.size(); ++k) {
      ++subscript[k];
      from += source_step[k];
      if (wraps[k] != 0 && subscript[k] % wraps[k] == 0) from -= wraps[k] * source_step[k];
      if (subscript[k] < dims[k]) break;
      if (wraps[k] == 0) from -= dims[k] * source_step[k];
      subscript[k] = 0;
    }
  }
  if (complex) result.mutable_pages().demote_if_real();
  return result;
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
  std::vector<Index> step(canonical.size(), 0);
  std::vector<Index> wraps(canonical.size(), 0);
  const std::vector<Index> strides = linear_strides(canonical);
  for (std::size_t k = 0; k < canonical.size(); ++k) step[k] = strides[k];
  return walk(source, canonical, step, wraps);
}

NdArray permuted(const NdArray& source, std::span<const int> order) {
  const Dims in = padded(source.dims(), order.size());
  const std::vector<Index> strides = linear_strides(in);
  Dims dims(order.size());
  std::vector<Index> step(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    dims[k] = in[static_cast<std::size_t>(order[k])];
    step[k] = strides[static_cast<std::size_t>(order[k])];
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
  const std::vector<Index> strides = linear_strides(in);
  Dims dims(in.size());
  std::vector<Index> step(in.size()), wraps(in.size());
  for (std::size_t k = 0; k < in.size(); ++k) {
    const Index rep = k < reps.size() ? reps[k] : 1;
    dims[k] = in[k] * rep;
    step[k] = strides[k];
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
  std::vector<Index> reps(dims.size());
  for (std::size_t k = 0; k < dims.size(); ++k) {
    LLMLAB_ASSERT(in[k] == dims[k] || in[k] == 1);
    reps[k] = in[k] == dims[k] ? 1 : dims[k];
  }
  return repeated(source, reps);
}

NdArray summed_to(const NdArray& source, const Dims& dims) {
  std::vector<int> along;
  for (std::size_t k = 0; k < source.dims().size(); ++k) {
    const Index target = k < dims.size() ? dims[k] : 1;
    if (target == 1 && source.dims()[k] != 1) along.push_back(static_cast<int>(k));
  }
  if (along.empty()) return reshaped(source, dims);
  const Matrix slices = slices_along(source, along);  // one column per result element
  Matrix totals(1, slices.columns());
  std::span<const double> in = slices.real_values();
  std::span<double> out = totals.mutable_real_values();
  const auto columns = static_cast<std::size_t>(slices.columns());
  for (std::size_t r = 0; r < static_cast<std::size_t>(slices.rows()); ++r) {
    for (std::size_t c = 0; c < columns; ++c) out[c] += in[r * columns + c];
  }
  // The columns are in MATLAB's linear order of the result.
  return reshaped(NdArray::from_matrix(std::move(totals)), dims);
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
