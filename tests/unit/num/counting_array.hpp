// The N-D tests' common input: the array 1:N laid out with extents `dims` in MATLAB's linear
// order, what Octave's reshape(1:N, dims) gives, so expected values can be printed by Octave.
#pragma once

#include "num/nd_array.hpp"

namespace llmlab::num {

inline NdArray counting(const Dims& dims) {
  NdArray array(dims);
  for (Index k = 0; k < array.size(); ++k) {
    array.mutable_pages().set(offset_of(array.dims(), k), static_cast<double>(k + 1));
  }
  return array;
}

}  // namespace llmlab::num
