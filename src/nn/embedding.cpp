// Embedding lookups and their scatter-add gradients.
#include "nn/embedding.hpp"

#include "base/error.hpp"

namespace llmlab::nn {

namespace {

// Both passes walk the (B, T) tokens in order: visit(at, word, position) gets the offsets of
// position (b, t)'s row in the (B, T, C) activations (out or dout), of its token's row in the
// (V, C) token table and of row t in the position table (which may be empty). The sizes are the
// elements of each.
template <class F>
void for_each_token(std::span<const int> tokens, std::size_t activations_size,
                    std::size_t table_size, std::size_t positions_size, int B, int Tn, int C,
                    F visit) {
  const size_t width = static_cast<size_t>(C);
  LLMLAB_ASSERT(tokens.size() == static_cast<size_t>(B) * static_cast<size_t>(Tn));
  LLMLAB_ASSERT(activations_size == tokens.size() * width);
  LLMLAB_ASSERT(positions_size == 0 || positions_size >= static_cast<size_t>(Tn) * width);
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < Tn; t++) {
      const size_t index =
          static_cast<size_t>(b) * static_cast<size_t>(Tn) + static_cast<size_t>(t);
      const size_t token = static_cast<size_t>(tokens[index]);
      LLMLAB_ASSERT((token + 1) * width <= table_size);
      visit(index * width, token * width, static_cast<size_t>(t) * width);
    }
  }
}

}  // namespace

template <class T>
void embedding_forward(std::span<T> out, std::span<const int> tokens, std::span<const T> wte,
                       std::span<const T> wpe, int B, int Tn, int C) {
  const size_t width = static_cast<size_t>(C);
  for_each_token(tokens, out.size(), wte.size(), wpe.size(), B, Tn, C,
                 [&](size_t at, size_t word_at, size_t position_at) {
                   const T* word = wte.data() + word_at;
                   T* y = out.data() + at;
                   if (wpe.empty()) {
                     for (size_t c = 0; c < width; c++) y[c] = word[c];
                   } else {
                     const T* position = wpe.data() + position_at;
                     for (size_t c = 0; c < width; c++) y[c] = word[c] + position[c];
                   }
                 });
}

template <class T>
void embedding_backward(std::span<T> dwte, std::span<T> dwpe, std::span<const T> dout,
                        std::span<const int> tokens, int B, int Tn, int C) {
  const size_t width = static_cast<size_t>(C);
  for_each_token(tokens, dout.size(), dwte.size(), dwpe.size(), B, Tn, C,
                 [&](size_t at, size_t word_at, size_t position_at) {
                   const T* dy = dout.data() + at;
                   T* dword = dwte.data() + word_at;
                   for (size_t c = 0; c < width; c++) dword[c] += dy[c];
                   if (!dwpe.empty()) {
                     T* dposition = dwpe.data() + position_at;
                     for (size_t c = 0; c < width; c++) dposition[c] += dy[c];
                   }
                 });
}

#define LLMLAB_INSTANTIATE(T)                                                                \
  template void embedding_forward<T>(std::span<T>, std::span<const int>, std::span<const T>, \
                                     std::span<const T>, int, int, int);                     \
  template void embedding_backward<T>(std::span<T>, std::span<T>, std::span<const T>,        \
                                      std::span<const int>, int, int, int);
LLMLAB_INSTANTIATE(float)
LLMLAB_INSTANTIATE(double)
#undef LLMLAB_INSTANTIATE

}  // namespace llmlab::nn
