// Internal to num/reduce.cpp and num/sort.cpp: strided views of the slices an Along selects,
// so each statistic is written once over a slice and once per element type.
#pragma once

#include <span>
#include <type_traits>

#include "num/matrix.hpp"
#include "num/reduce.hpp"

namespace llmlab::num::detail {

// count elements starting at data, stride apart.
template <class T>
struct Slice {
  const T* data;
  Index count;
  Index stride;
  T operator[](Index k) const { return data[k * stride]; }
};

struct SliceLayout {
  Index slices;       // how many results
  Index count;        // elements per slice
  Index stride;       // between elements of a slice
  Index slice_step;   // between the first elements of consecutive slices
  Index result_rows;  // result shape
  Index result_columns;
};

inline SliceLayout slice_layout(const Matrix& x, Along along) {
  const Index rows = x.rows();
  const Index columns = x.columns();
  switch (along) {
    case Along::All:
      return {1, x.size(), 1, 0, 1, 1};
    case Along::Columns:
      return {columns, rows, columns, 1, 1, columns};
    case Along::Rows:
      return {rows, columns, 1, columns, rows, 1};
  }
  return {1, x.size(), 1, 0, 1, 1};
}

template <class T>
std::span<const T> values_of(const Matrix& x) {
  if constexpr (std::is_same_v<T, double>) {
    return x.real_values();
  } else {
    return x.complex_values();
  }
}

// Calls visit(slice_number, Slice<T>) for every slice, with T = double for real x and Complex
// for complex x: the one place where reductions dispatch on the element type.
template <class Visit>
void for_each_slice(const Matrix& x, Along along, Visit visit) {
  const SliceLayout layout = slice_layout(x, along);
  const auto run = [&](auto values) {
    using T = typename decltype(values)::value_type;
    for (Index s = 0; s < layout.slices; ++s) {
      const T* base = values.data() == nullptr ? nullptr : values.data() + s * layout.slice_step;
      visit(s, Slice<T>{base, layout.count, layout.stride});
    }
  };
  if (x.is_complex()) {
    run(values_of<Complex>(x));
  } else {
    run(values_of<double>(x));
  }
}

}  // namespace llmlab::num::detail
