// Attention diagnostics and helpers: Shannon entropy of probability rows in bits, and the
// additive causal mask. No allocation; float and double.
#pragma once

#include <span>

namespace llmlab::nn {

// entropies[n] = -sum_{c : p > 0} p log2(p), p = probs[n, c], summed left to right (the
// order builtins.md §8 row_entropies_bits fixes). Entries <= 0 or NaN are skipped (0 log 0 := 0);
// rows are not renormalised. probs: (N, C); entropies: (N).
template <class T>
void row_entropies_bits(std::span<T> entropies, std::span<const T> probs, int N, int C);

// Additive causal mask for a (size, size) score matrix: mask[i, j] = 0 for j <= i and
// masked_value for j > i (the future). llmlab's builtin uses -1e9; -inf works with softmax too.
template <class T>
void causal_mask(std::span<T> mask, int size, T masked_value);

}  // namespace llmlab::nn
