// The trainer's causal attention forward and backward passes for heads of 16 channels (one
// AVX-512 register) and T a multiple of 16, written for AVX-512 registers directly. Internal to
// nn/ (attention.cpp calls them).
#pragma once

#include <cstddef>

#include "nn/gemm.hpp"

namespace llmlab::nn::detail {

inline constexpr int kHead16 = 16;

// Whether attention_forward_head16 and attention_backward_head16 serve these shapes on this
// processor: AVX-512, C / NH = 16 and Tn a multiple of 16. Inline, so that it runs in the
// caller's instruction set: nn/x86/attention_avx512.cpp is compiled for AVX-512 whole.
inline bool attention_head16_applies(int Tn, int C, int NH) {
  return gemm_best_kernel() == GemmKernel::Avx512 && NH > 0 && C == kHead16 * NH &&
         Tn % kHead16 == 0;
}

// The floats of scratch both passes need, for one thread: two (Tn, 16) blocks and a (Tn, Tn) one.
inline std::size_t attention_head16_scratch(int Tn) {
  const auto T = static_cast<std::size_t>(Tn);
  return 2 * T * kHead16 + T * T;
}

// One (batch, head) pair of attention_forward's float path: q, k, v are its (Tn, 16) slices of
// the fused input (row stride `stride`), y its (Tn, 16) slice of out (row stride `out_stride`),
// att its (Tn, Tn) weights (row-major, written whole: zero above the diagonal). `scratch` holds
// attention_head16_scratch(Tn) floats, 64-byte aligned, reused from pair to pair. Stores to
// att may bypass the caches: the caller fences them (_mm_sfence) before other threads read att.
void attention_forward_head16(float* y, std::ptrdiff_t out_stride, float* att, const float* q,
                              const float* k, const float* v, std::ptrdiff_t stride, int Tn,
                              float* scratch);

// The backward pass of one pair: dq, dk, dv (Tn, 16), row stride `stride` like q, k, v, written
// whole (not added to) from dy (row stride dy_stride) and the pair's saved weights att.
// `scratch` as for the forward pass.
void attention_backward_head16(float* dq, float* dk, float* dv, const float* dy,
                               std::ptrdiff_t dy_stride, const float* q, const float* k,
                               const float* v, std::ptrdiff_t stride, const float* att, int Tn,
                               float* scratch);

}  // namespace llmlab::nn::detail
