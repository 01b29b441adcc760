// Row entropies in bits and the causal mask (builtins.md §8 row_entropies_bits, causal_mask).
#include "nn/entropy.hpp"

#include <cmath>

#include "base/error.hpp"
#include "nn/threading.hpp"

namespace llmlab::nn {

// Each row left to right with C's log2, the order that reproduces the seed lesson bit-exactly
// (builtins.md §15); rows are independent, so threads split rows without changing any digit.
template <class T>
void row_entropies_bits(std::span<T> entropies, std::span<const T> probs, int N, int C) {
  LLMLAB_ASSERT(N >= 0 && C >= 0);
  LLMLAB_ASSERT(probs.size() == detail::row_offset(N, C));
  LLMLAB_ASSERT(entropies.size() == static_cast<std::size_t>(N));
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) {
    const T* p = probs.data() + detail::row_offset(n, C);
    T entropy = 0;
    for (int c = 0; c < C; ++c) {
      if (p[c] > T(0)) entropy = entropy - p[c] * std::log2(p[c]);  // skips 0 and NaN
    }
    entropies[static_cast<std::size_t>(n)] = entropy;
  }
}

template <class T>
void causal_mask(std::span<T> mask, int size, T masked_value) {
  LLMLAB_ASSERT(size >= 0);
  LLMLAB_ASSERT(mask.size() == detail::row_offset(size, size));
  for (int i = 0; i < size; ++i) {
    T* row = mask.data() + detail::row_offset(i, size);
    for (int j = 0; j < size; ++j) row[j] = j <= i ? T(0) : masked_value;
  }
}

template void row_entropies_bits<float>(std::span<float>, std::span<const float>, int, int);
template void row_entropies_bits<double>(std::span<double>, std::span<const double>, int, int);
template void causal_mask<float>(std::span<float>, int, float);
template void causal_mask<double>(std::span<double>, int, double);

}  // namespace llmlab::nn
