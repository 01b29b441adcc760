// Token and position embeddings, llm.c's "encoder": each token's row of wte plus its position's
// row of wpe. No allocation; float and double.
// Letters: B batch, T time (sequence), C channels, V vocabulary, maxT rows of wpe (≥ T).
#pragma once

#include <span>

namespace llmlab::nn {

// out[b, t, :] = wte[tokens[b, t], :] + wpe[t, :]. tokens: (B, T) in [0, V); wte: (V, C);
// wpe: (maxT, C), or empty for no position embedding; out: (B, T, C).
template <class T>
void embedding_forward(std::span<T> out, std::span<const int> tokens, std::span<const T> wte,
                       std::span<const T> wpe, int B, int Tn, int C);

// Accumulates (+=) dwte[tokens[b, t], :] and dwpe[t, :] (may be empty) from dout (B, T, C).
// Sequential over tokens: a token that repeats adds to the same row, so no threads.
template <class T>
void embedding_backward(std::span<T> dwte, std::span<T> dwpe, std::span<const T> dout,
                        std::span<const int> tokens, int B, int Tn, int C);

}  // namespace llmlab::nn
