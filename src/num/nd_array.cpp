// NdArray's storage and the N-D region rules (read, write, growth, deletion), each written
// once over MATLAB's linear order.
#include "num/nd_array.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <string>

#include "base/error.hpp"
#include "base/messages/numeric.hpp"

namespace llmlab::num {

namespace {

// Rows of the storage matrix: d1 · d3 · … · dn.
Index storage_rows(const Dims& dims) {
  Index rows = dims[0];
  for (std::size_t k = 2; k < dims.size(); ++k) {
    if (dims[k] != 0 && rows > std::numeric_limits<Index>::max() / dims[k]) {
      throw Error(std::string(messages::extents_too_large));
    }
    rows *= dims[k];
  }
  return rows;
}

std::string dims_text(std::span<const Index> dims) {
  std::string text;
  for (std::size_t k = 0; k < dims.size(); ++k) {
    if (k > 0) text += "x";
    text += std::to_string(dims[k]);
  }
  return text;
}

// For each element of the region `picks` selects in an array of extents `dims`, in MATLAB's
// order (first subscript fastest), the element's linear index in that array.
std::vector<Index> region_linear_indices(const Dims& dims, const Picks& picks) {
  const Dims shown = subscript_extents(dims, picks.size());
  Index count = 1;
  for (const std::vector<Index>& positions : picks) count *= static_cast<Index>(positions.size());
  std::vector<Index> linear;
  linear.reserve(static_cast<std::size_t>(count));
  if (count == 0) return linear;
  // An odometer over subscripts 2..n; the first subscript is the inner loop.
  std::vector<std::size_t> odometer(picks.size(), 0);
  while (true) {
    Index base = 0;
    for (std::size_t k = picks.size(); k-- > 1;)
      base = (base + picks[k][odometer[k]]) * shown[k - 1];
    for (Index first : picks[0]) linear.push_back(base + first);
    std::size_t k = 1;
    while (k < picks.size() && ++odometer[k] == picks[k].size()) odometer[k++] = 0;
    if (k == picks.size()) break;
  }
  return linear;
}

// out[offset_of(out_dims, k)] = in[in_offsets[k]] for every k: a gather in MATLAB order.
template <class T>
void gather_in_order(std::span<T> out, const Dims& out_dims, std::span<const T> in,
                     const std::vector<Index>& in_offsets) {
  for (std::size_t k = 0; k < in_offsets.size(); ++k) {
    out[static_cast<std::size_t>(offset_of(out_dims, static_cast<Index>(k)))] =
        in[static_cast<std::size_t>(in_offsets[k])];
  }
}

std::vector<Index> storage_offsets(const Dims& dims, const std::vector<Index>& linear) {
  std::vector<Index> offsets(linear.size());
  for (std::size_t k = 0; k < linear.size(); ++k) offsets[k] = offset_of(dims, linear[k]);
  return offsets;
}

// The elements of `source` at storage `offsets`, as an array of extents `dims`.
NdArray gather(const NdArray& source, const std::vector<Index>& offsets, Dims dims) {
  if (source.is_complex()) {
    NdArray result(std::move(dims), Matrix::Element::ComplexValued);
    gather_in_order(result.mutable_pages().mutable_complex_values(), result.dims(),
                    source.pages().complex_values(), offsets);
    result.mutable_pages().demote_if_real();
    return result;
  }
  NdArray result = NdArray::uninitialized(std::move(dims));
  gather_in_order(result.mutable_pages().mutable_real_values(), result.dims(),
                  source.pages().real_values(), offsets);
  return result;
}

// The value of `values` written at the k-th region element: its k-th, or its only one.
template <class T>
void scatter(std::span<T> out, const std::vector<Index>& offsets, std::span<const T> values,
             const Dims& value_dims) {
  if (values.size() == 1) {
    for (Index offset : offsets) out[static_cast<std::size_t>(offset)] = values[0];
    return;
  }
  for (std::size_t k = 0; k < offsets.size(); ++k) {
    out[static_cast<std::size_t>(offsets[k])] =
        values[static_cast<std::size_t>(offset_of(value_dims, static_cast<Index>(k)))];
  }
}

// The extents of the region `picks` selects.
Dims region_dims(const Picks& picks) {
  Dims dims;
  for (const std::vector<Index>& positions : picks) {
    dims.push_back(static_cast<Index>(positions.size()));
  }
  if (dims.size() == 1) dims.push_back(1);
  return dims;
}

// For a region with a pick list per dim of `dims` (no trailing dims folded), visits each row
// of each page of the region: visit(region_row, source_row), the storage offsets of the row's
// first element in the region (its pages packed) and of the source row it comes from (column
// 0; the region's column j is the source's column picks[1][j]). Rows are contiguous in both
// layouts, so a region read or write is a gather or scatter per row, no division per element.
template <class Visit>
void for_each_region_row(const Dims& dims, const Picks& picks, Visit&& visit) {
  const auto rows = static_cast<Index>(picks[0].size());
  const auto columns = static_cast<Index>(picks[1].size());
  Index pages = 1;
  for (std::size_t k = 2; k < picks.size(); ++k) pages *= static_cast<Index>(picks[k].size());
  if (rows == 0 || columns == 0 || pages == 0) return;
  std::vector<std::size_t> odometer(picks.size(), 0);
  for (Index page = 0; page < pages; ++page) {
    Index source_page = 0, stride = 1;
    for (std::size_t k = 2; k < picks.size(); ++k) {
      source_page += picks[k][odometer[k]] * stride;
      stride *= dims[k];
    }
    for (Index i = 0; i < rows; ++i) {
      visit((page * rows + i) * columns,
            (source_page * dims[0] + picks[0][static_cast<std::size_t>(i)]) * dims[1]);
    }
    for (std::size_t k = 2; k < picks.size() && ++odometer[k] == picks[k].size(); ++k) {
      odometer[k] = 0;
    }
  }
}

Picks every_position(const Dims& dims) {
  Picks picks(dims.size());
  for (std::size_t k = 0; k < dims.size(); ++k) {
    picks[k].resize(static_cast<std::size_t>(dims[k]));
    for (Index p = 0; p < dims[k]; ++p) picks[k][static_cast<std::size_t>(p)] = p;
  }
  return picks;
}

}  // namespace

Dims canonical_dims(Dims dims) {
  while (dims.size() > 2 && dims.back() == 1) dims.pop_back();
  while (dims.size() < 2) dims.push_back(dims.empty() ? 0 : 1);
  return dims;
}

Index element_count(std::span<const Index> dims) {
  Index count = 1;
  bool zero = false;
  for (Index extent : dims) {
    if (extent < 0) throw Error(fmt::format(messages::extents_negative, dims_text(dims)));
    if (extent == 0) zero = true;
  }
  if (zero) return 0;
  for (Index extent : dims) {
    if (count > (Index{1} << 31) / extent) {
      throw Error(fmt::format(messages::array_allocation_failed, dims_text(dims)));
    }
    count *= extent;
  }
  return count;
}

std::pair<Index, Index> storage_shape(const Dims& dims) {
  const Dims canonical = canonical_dims(dims);
  element_count(canonical);
  return {storage_rows(canonical), canonical[1]};
}

Index offset_of(std::span<const Index> dims, Index linear) {
  const Index rows = dims[0];
  const Index columns = dims.size() > 1 ? dims[1] : 1;
  const Index row = linear % rows;
  const Index rest = linear / rows;
  const Index column = rest % columns;
  const Index page = rest / columns;
  return (page * rows + row) * columns + column;
}

NdArray::NdArray() : dims_{0, 0} {}

NdArray::NdArray(Dims dims, double fill) : dims_(canonical_dims(std::move(dims))) {
  element_count(dims_);
  pages_ = Matrix(storage_rows(dims_), dims_[1], fill);
}

NdArray::NdArray(Dims dims, Matrix::Element element) : dims_(canonical_dims(std::move(dims))) {
  element_count(dims_);
  pages_ = Matrix(storage_rows(dims_), dims_[1], element);
}

NdArray NdArray::uninitialized(Dims dims) {
  NdArray result;
  result.dims_ = canonical_dims(std::move(dims));
  element_count(result.dims_);
  result.pages_ = Matrix::uninitialized(storage_rows(result.dims_), result.dims_[1]);
  return result;
}

NdArray NdArray::from_matrix(Matrix matrix) {
  NdArray result;
  result.dims_ = {matrix.rows(), matrix.columns()};
  result.pages_ = std::move(matrix);
  return result;
}

NdArray NdArray::from_pages(Dims dims, Matrix pages) {
  NdArray result;
  result.dims_ = canonical_dims(std::move(dims));
  LLMLAB_ASSERT(pages.rows() == storage_rows(result.dims_) && pages.columns() == result.dims_[1]);
  result.pages_ = std::move(pages);
  return result;
}

Index NdArray::extent(int dim) const {
  return dim < ndims() ? dims_[static_cast<std::size_t>(dim)] : 1;
}

Index NdArray::page_count() const {
  Index count = 1;
  for (std::size_t k = 2; k < dims_.size(); ++k) count *= dims_[k];
  return count;
}

Matrix NdArray::page(Index k) const {
  const Index rows = dims_[0], columns = dims_[1];
  if (page_count() == 1) return pages_;
  Matrix result = is_complex() ? Matrix(rows, columns, Matrix::Element::ComplexValued)
                               : Matrix::uninitialized(rows, columns);
  const auto first = static_cast<std::size_t>(k * rows * columns);
  const auto count = static_cast<std::size_t>(rows * columns);
  if (is_complex()) {
    std::span<const Complex> in = pages_.complex_values().subspan(first, count);
    std::copy(in.begin(), in.end(), result.mutable_complex_values().begin());
  } else {
    std::span<const double> in = pages_.real_values().subspan(first, count);
    std::copy(in.begin(), in.end(), result.mutable_real_values().begin());
  }
  return result;
}

Matrix NdArray::to_matrix() const {
  LLMLAB_ASSERT(ndims() == 2);
  return pages_;
}

bool operator==(const NdArray& a, const NdArray& b) {
  return a.dims() == b.dims() && a.pages() == b.pages();
}

Dims subscript_extents(const Dims& dims, std::size_t count) {
  LLMLAB_ASSERT(count >= 1);
  Dims shown(count, 1);
  for (std::size_t k = 0; k < dims.size(); ++k) {
    const std::size_t into = std::min(k, count - 1);
    shown[into] *= dims[k];
  }
  return shown;
}

NdArray read_region(const NdArray& source, const Picks& picks) {
  Dims dims = region_dims(picks);
  if (picks.size() == source.dims().size() && !source.is_complex()) {
    NdArray result = NdArray::uninitialized(dims);
    std::span<double> out = result.mutable_pages().mutable_real_values();
    std::span<const double> in = source.pages().real_values();
    const std::vector<Index>& columns = picks[1];
    for_each_region_row(source.dims(), picks, [&](Index to, Index from) {
      for (std::size_t j = 0; j < columns.size(); ++j) {
        out[static_cast<std::size_t>(to) + j] = in[static_cast<std::size_t>(from + columns[j])];
      }
    });
    return result;
  }
  const std::vector<Index> offsets =
      storage_offsets(source.dims(), region_linear_indices(source.dims(), picks));
  return gather(source, offsets, std::move(dims));
}

void write_region(NdArray& target, const Picks& picks, const NdArray& values) {
  if (picks.size() == target.dims().size() && !target.is_complex() && !values.is_complex() &&
      (values.size() == 1 || values.dims() == canonical_dims(region_dims(picks)))) {
    std::span<double> out = target.mutable_pages().mutable_real_values();
    std::span<const double> in = values.pages().real_values();
    const bool one = values.size() == 1;
    const std::vector<Index>& columns = picks[1];
    for_each_region_row(target.dims(), picks, [&](Index from, Index to) {
      for (std::size_t j = 0; j < columns.size(); ++j) {
        out[static_cast<std::size_t>(to + columns[j])] =
            in[one ? 0 : static_cast<std::size_t>(from) + j];
      }
    });
    return;
  }
  const std::vector<Index> offsets =
      storage_offsets(target.dims(), region_linear_indices(target.dims(), picks));
  LLMLAB_ASSERT(values.size() == 1 || values.size() == static_cast<Index>(offsets.size()));
  Matrix& pages = target.mutable_pages();
  if (values.is_complex() || pages.is_complex()) {
    pages.to_complex();
    const NdArray complex_values = [&] {
      if (values.is_complex()) return values;
      NdArray promoted = values;
      promoted.mutable_pages().to_complex();
      return promoted;
    }();
    scatter(pages.mutable_complex_values(), offsets, complex_values.pages().complex_values(),
            values.dims());
    pages.demote_if_real();
    return;
  }
  scatter(pages.mutable_real_values(), offsets, values.pages().real_values(), values.dims());
}

void add_to_region(std::span<double> target, const Dims& dims, const Picks& picks,
                   std::span<const double> values) {
  LLMLAB_ASSERT(picks.size() == dims.size());
  const std::vector<Index>& columns = picks[1];
  for_each_region_row(dims, picks, [&](Index from, Index to) {
    for (std::size_t j = 0; j < columns.size(); ++j) {
      target[static_cast<std::size_t>(to + columns[j])] +=
          values[static_cast<std::size_t>(from) + j];
    }
  });
}

NdArray resized(const NdArray& source, const Dims& dims) {
  NdArray result(dims,
                 source.is_complex() ? Matrix::Element::ComplexValued : Matrix::Element::Real);
  Dims padded = source.dims();
  padded.resize(std::max(padded.size(), result.dims().size()), 1);
  Picks picks = every_position(padded);
  write_region(result, picks, source);
  return result;
}

NdArray delete_along(const NdArray& source, int dim, const std::vector<Index>& removed) {
  Dims dims = source.dims();
  dims.resize(std::max(dims.size(), static_cast<std::size_t>(dim) + 1), 1);
  Picks picks = every_position(dims);
  std::vector<Index> kept;
  for (Index p : picks[static_cast<std::size_t>(dim)]) {
    if (!std::binary_search(removed.begin(), removed.end(), p)) kept.push_back(p);
  }
  picks[static_cast<std::size_t>(dim)] = std::move(kept);
  return read_region(source, picks);
}

}  // namespace llmlab::num
