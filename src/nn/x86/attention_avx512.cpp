// Causal attention, forward and backward, for 16-channel heads in AVX-512 registers. With one
// register per query, key or value row, a (batch, head) pair needs none of the general tile
// kernel's machinery, whose per-tile overheads outweigh sums only 16 long: queries (and, going
// back, the output's gradient) are copied to a contiguous block, so the score products
// broadcast them at constant offsets; keys (values) are transposed by 16 × 16 blocks in
// registers; each block of 16 rows keeps its 16 sums in registers; the softmax and its Jacobian
// run on 16 lanes. Sums run in the tile kernel's order (over k from zero by fused
// multiply-adds), so the scores and the products equal the general path's; only the softmax's
// row sums, reduced over 16 lanes instead of 8, may round differently.
#include "nn/attention_avx512.hpp"

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <limits>

#include "nn/vector_exp.hpp"

// The whole file is compiled for AVX-512 (src/CMakeLists.txt), so that exp_single_of's
// instantiation for sixteen lanes is too; nothing here may run before attention_head16_applies
// has said yes (the header's inline functions run in their callers' code). The attribute says
// the same on each function for the reader, and for a build that lacks the flag.
#define LLMLAB_AVX512 __attribute__((target("avx512f")))

// GCC 12's AVX-512 intrinsics pass _mm512_undefined_ps() as the unused merge source of their
// unmasked forms, which -W(maybe-)uninitialized reports at inlined calls (GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace llmlab::nn::detail {
namespace {

constexpr int kHead = kHead16;  // channels per head = float lanes per register

using Lanes = float __attribute__((vector_size(64)));
using LaneBits = std::uint32_t __attribute__((vector_size(64)));

}  // namespace

// exp_single_of's exponent arithmetic on sixteen lanes.
template <>
struct SingleBits<Lanes> {
  using type = LaneBits;
};

namespace {

// Lane j of a register taken from a (j < 16) or b (j - 16), for _mm512_permutex2var_ps: stage s
// of a 16 × 16 transpose swaps the s × s blocks off the diagonal of every 2s × 2s block, between
// rows r and r + s (r & s == 0). Four stages (s = 8, 4, 2, 1) transpose the whole block.
struct BlockSwap {
  std::array<std::int32_t, kHead> low, high;
};
constexpr BlockSwap block_swap(int s) {
  BlockSwap swap{};
  for (int j = 0; j < kHead; j++) {
    swap.low[static_cast<size_t>(j)] = (j & s) == 0 ? j : kHead + j - s;
    swap.high[static_cast<size_t>(j)] = (j & s) == 0 ? j + s : kHead + j;
  }
  return swap;
}

template <int S>
LLMLAB_AVX512 inline void swap_blocks(__m512 (&rows)[kHead]) {
  static constexpr BlockSwap kSwap = block_swap(S);
  const __m512i low = _mm512_loadu_si512(kSwap.low.data());
  const __m512i high = _mm512_loadu_si512(kSwap.high.data());
  for (int r = 0; r < kHead; r++) {
    if ((r & S) != 0) continue;
    const __m512 a = rows[r], b = rows[r + S];
    rows[r] = _mm512_permutex2var_ps(a, low, b);
    rows[r + S] = _mm512_permutex2var_ps(a, high, b);
  }
}

LLMLAB_AVX512 inline void transpose16(__m512 (&rows)[kHead]) {
  swap_blocks<8>(rows);
  swap_blocks<4>(rows);
  swap_blocks<2>(rows);
  swap_blocks<1>(rows);
}

// kt (16, Tn) = (k · factor)ᵀ for k (Tn, 16) with row stride `stride`.
LLMLAB_AVX512 void pack_keys(float* kt, const float* k, std::ptrdiff_t stride, int Tn,
                             float factor) {
  const __m512 scale = _mm512_set1_ps(factor);
  for (int u0 = 0; u0 < Tn; u0 += kHead) {
    __m512 rows[kHead];
    for (int r = 0; r < kHead; r++) {
      rows[r] = _mm512_mul_ps(_mm512_loadu_ps(k + (u0 + r) * stride), scale);
    }
    transpose16(rows);
    for (int i = 0; i < kHead; i++) _mm512_store_ps(kt + i * Tn + u0, rows[i]);
  }
}

// exp of sixteen lanes by exp_single_of, the float exp of the general path.
LLMLAB_AVX512 inline __m512 exp16(__m512 x) {
  return reinterpret_cast<__m512>(exp_single_of(reinterpret_cast<Lanes>(x)));
}

// Scores of query rows t0..t0+15 against keys u0..u0+15 into block (row stride Tn).
LLMLAB_AVX512 inline void score_tile(float* block, const float* queries, const float* kt, int Tn,
                                     int t0, int u0) {
  __m512 acc[kHead];
#pragma GCC unroll 16
  for (int r = 0; r < kHead; r++) acc[r] = _mm512_setzero_ps();
  const float* q = queries + t0 * kHead;
#pragma GCC unroll 16
  for (int i = 0; i < kHead; i++) {
    const __m512 keys = _mm512_load_ps(kt + i * Tn + u0);
#pragma GCC unroll 16
    for (int r = 0; r < kHead; r++) {
      acc[r] = _mm512_fmadd_ps(_mm512_set1_ps(q[r * kHead + i]), keys, acc[r]);
    }
  }
#pragma GCC unroll 16
  for (int r = 0; r < kHead; r++) _mm512_store_ps(block + (t0 + r) * Tn + u0, acc[r]);
}

// One combining round of reduce_rows: lane j of the result is a[j] ∘ a[j + w] where j & w is
// 0, else b[j - w] ∘ b[j] (the lanes block_swap(w) picks).
template <int W, class Combine>
LLMLAB_AVX512 inline __m512 combine_halves(__m512 a, __m512 b, Combine combine) {
  static constexpr BlockSwap kSwap = block_swap(W);
  const __m512i low = _mm512_loadu_si512(kSwap.low.data());
  const __m512i high = _mm512_loadu_si512(kSwap.high.data());
  return combine(_mm512_permutex2var_ps(a, low, b), _mm512_permutex2var_ps(a, high, b));
}

// Sixteen horizontal reductions at once: lane r of the result is `combine` over the lanes of
// rows[r]. Four rounds pair up rows and halve the lanes each covers (15 combines and 30
// permutes for all sixteen, against 4 dependent combines and 4 shuffles per row alone), so
// the rows' latency chains overlap.
template <class Combine>
LLMLAB_AVX512 inline __m512 reduce_rows(const __m512 (&rows)[kHead], Combine combine) {
  __m512 pairs[8], quads[4], octs[2];
  for (int p = 0; p < 8; p++) pairs[p] = combine_halves<1>(rows[2 * p], rows[2 * p + 1], combine);
  for (int q = 0; q < 4; q++) quads[q] = combine_halves<2>(pairs[2 * q], pairs[2 * q + 1], combine);
  for (int o = 0; o < 2; o++) octs[o] = combine_halves<4>(quads[2 * o], quads[2 * o + 1], combine);
  return combine_halves<8>(octs[0], octs[1], combine);
}

// The combining operations of reduce_rows (lambdas would not carry the target attribute).
struct Maximum {
  LLMLAB_AVX512 __m512 operator()(__m512 a, __m512 b) const { return _mm512_max_ps(a, b); }
};
struct Sum {
  LLMLAB_AVX512 __m512 operator()(__m512 a, __m512 b) const { return _mm512_add_ps(a, b); }
};

// The diagonal vector of the row at `row`, lanes 0..r visible (r = t - t0), -inf elsewhere.
LLMLAB_AVX512 inline __m512 diagonal_vector(const float* row, int t0, int r) {
  const __mmask16 visible = static_cast<__mmask16>((2u << r) - 1u);
  return _mm512_mask_loadu_ps(_mm512_set1_ps(-std::numeric_limits<float>::infinity()), visible,
                              row + t0);
}

// Rows t0..t0+15 of block = softmax over each row's visible past u <= t, which ends in the
// vector at t0 (masked lane by lane); nothing past that vector is read or written. Each pass
// takes the sixteen rows together, so their dependency chains (maximum, exp, sum, division)
// overlap instead of running one row after another.
LLMLAB_AVX512 inline void softmax_rows(float* block, int Tn, int t0) {
  alignas(64) float per_row[kHead];
  __m512 lanes[kHead];
  for (int r = 0; r < kHead; r++) {
    const float* row = block + (t0 + r) * Tn;
    lanes[r] = diagonal_vector(row, t0, r);
    for (int u = 0; u < t0; u += kHead) lanes[r] = _mm512_max_ps(lanes[r], _mm512_load_ps(row + u));
  }
  _mm512_store_ps(per_row, reduce_rows(lanes, Maximum{}));
  // Subtracting the row maximum keeps exp finite; masked lanes give exp(-inf) = 0.
  for (int r = 0; r < kHead; r++) {
    float* row = block + (t0 + r) * Tn;
    const __m512 shift = _mm512_set1_ps(per_row[r]);
    lanes[r] = _mm512_setzero_ps();
    for (int u = 0; u < t0; u += kHead) {
      const __m512 e = exp16(_mm512_sub_ps(_mm512_load_ps(row + u), shift));
      _mm512_store_ps(row + u, e);
      lanes[r] = _mm512_add_ps(lanes[r], e);
    }
    const __m512 e = exp16(_mm512_sub_ps(diagonal_vector(row, t0, r), shift));
    _mm512_store_ps(row + t0, e);
    lanes[r] = _mm512_add_ps(lanes[r], e);
  }
  _mm512_store_ps(per_row, _mm512_div_ps(_mm512_set1_ps(1.0f), reduce_rows(lanes, Sum{})));
  for (int r = 0; r < kHead; r++) {
    float* row = block + (t0 + r) * Tn;
    const __m512 inverse = _mm512_set1_ps(per_row[r]);
    for (int u = 0; u <= t0; u += kHead) {
      _mm512_store_ps(row + u, _mm512_mul_ps(_mm512_load_ps(row + u), inverse));
    }
  }
}

// y rows t0..t0+15 = block rows · v over u < t0 + 16 (the weights past each row's diagonal are
// zero).
LLMLAB_AVX512 inline void weighted_values(float* y, std::ptrdiff_t out_stride, const float* block,
                                          const float* v, std::ptrdiff_t stride, int Tn, int t0) {
  __m512 acc[kHead];
#pragma GCC unroll 16
  for (int r = 0; r < kHead; r++) acc[r] = _mm512_setzero_ps();
  const float* weights = block + t0 * Tn;
  for (int u = 0; u < t0 + kHead; u++) {
    const __m512 values = _mm512_loadu_ps(v + u * stride);
#pragma GCC unroll 16
    for (int r = 0; r < kHead; r++) {
      acc[r] = _mm512_fmadd_ps(_mm512_set1_ps(weights[r * Tn + u]), values, acc[r]);
    }
  }
#pragma GCC unroll 16
  for (int r = 0; r < kHead; r++) _mm512_storeu_ps(y + (t0 + r) * out_stride, acc[r]);
}

// att rows t0..t0+15 from block, zero past each block row's last visible vector. When att is
// aligned, by stores that bypass the caches: the backward pass reads att only after every other
// layer has run (the caller orders these stores before its team's closing barrier).
LLMLAB_AVX512 inline void store_weights(float* att, const float* block, int Tn, int t0) {
  const bool aligned = reinterpret_cast<std::uintptr_t>(att) % 64 == 0;
  for (int r = 0; r < kHead; r++) {
    const float* from = block + (t0 + r) * Tn;
    float* to = att + (t0 + r) * Tn;
    for (int u = 0; u < Tn; u += kHead) {
      const __m512 value = u <= t0 ? _mm512_load_ps(from + u) : _mm512_setzero_ps();
      if (aligned) {
        _mm512_stream_ps(to + u, value);
      } else {
        _mm512_storeu_ps(to + u, value);
      }
    }
  }
}

LLMLAB_AVX512 void forward_pair(float* y, std::ptrdiff_t out_stride, float* att, const float* q,
                                const float* k, const float* v, std::ptrdiff_t stride, int Tn,
                                float* scratch) {
  float* queries = scratch;          // (Tn, 16)
  float* kt = queries + Tn * kHead;  // (16, Tn)
  float* block = kt + kHead * Tn;    // (Tn, Tn)
  for (int t = 0; t < Tn; t++)
    _mm512_store_ps(queries + t * kHead, _mm512_loadu_ps(q + t * stride));
  pack_keys(kt, k, stride, Tn, 1.0f / 4.0f);  // 1 / sqrt(16)
  for (int t0 = 0; t0 < Tn; t0 += kHead) {
    for (int u0 = 0; u0 <= t0; u0 += kHead) score_tile(block, queries, kt, Tn, t0, u0);
    softmax_rows(block, Tn, t0);
    weighted_values(y, out_stride, block, v, stride, Tn, t0);
    store_weights(att, block, Tn, t0);
  }
}

// out rows u0..u0+15 = Σ_t weights[t][u] · values[t] over t >= u0 (weights (Tn, Tn) row-major,
// zero where t < u, so the block's first rows add exact zeros), the transposed product.
LLMLAB_AVX512 inline void transposed_weighted_rows(float* out, std::ptrdiff_t out_stride,
                                                   const float* weights, const float* values,
                                                   std::ptrdiff_t stride, int Tn, int u0) {
  __m512 acc[kHead];
#pragma GCC unroll 16
  for (int r = 0; r < kHead; r++) acc[r] = _mm512_setzero_ps();
  for (int t = u0; t < Tn; t++) {
    const __m512 row = _mm512_loadu_ps(values + t * stride);
    const float* w = weights + t * Tn + u0;
#pragma GCC unroll 16
    for (int r = 0; r < kHead; r++) acc[r] = _mm512_fmadd_ps(_mm512_set1_ps(w[r]), row, acc[r]);
  }
#pragma GCC unroll 16
  for (int r = 0; r < kHead; r++) _mm512_storeu_ps(out + (u0 + r) * out_stride, acc[r]);
}

// The softmax Jacobian on rows t0..t0+15: ds = a ⊙ (da - Σ_u a da) · scale over u <= t, with
// da given in ds (block, row stride Tn) and a the saved weights (zero past t); lanes past t in
// the diagonal vector are masked, so whatever da holds there never enters a sum. att may be
// unaligned (the block is the caller's aligned scratch).
LLMLAB_AVX512 inline void softmax_backward_rows(float* block, const float* att, int Tn, int t0,
                                                float scale) {
  alignas(64) float per_row[kHead];
  __m512 lanes[kHead];
  for (int r = 0; r < kHead; r++) {
    const float* da = block + (t0 + r) * Tn;
    const float* a = att + (t0 + r) * Tn;
    const __mmask16 visible = static_cast<__mmask16>((2u << r) - 1u);
    lanes[r] = _mm512_maskz_mul_ps(visible, _mm512_loadu_ps(a + t0), _mm512_load_ps(da + t0));
    for (int u = 0; u < t0; u += kHead) {
      lanes[r] = _mm512_fmadd_ps(_mm512_loadu_ps(a + u), _mm512_load_ps(da + u), lanes[r]);
    }
  }
  _mm512_store_ps(per_row, reduce_rows(lanes, Sum{}));
  const __m512 factor = _mm512_set1_ps(scale);
  for (int r = 0; r < kHead; r++) {
    float* ds = block + (t0 + r) * Tn;
    const float* a = att + (t0 + r) * Tn;
    const __m512 weighted = _mm512_set1_ps(per_row[r]);
    const __mmask16 visible = static_cast<__mmask16>((2u << r) - 1u);
    for (int u = 0; u <= t0; u += kHead) {
      const __m512 value = _mm512_mul_ps(
          _mm512_mul_ps(_mm512_loadu_ps(a + u), _mm512_sub_ps(_mm512_load_ps(ds + u), weighted)),
          factor);
      _mm512_store_ps(ds + u, u == t0 ? _mm512_maskz_mov_ps(visible, value) : value);
    }
  }
}

LLMLAB_AVX512 void backward_pair(float* dq, float* dk, float* dv, const float* dy,
                                 std::ptrdiff_t dy_stride, const float* q, const float* k,
                                 const float* v, std::ptrdiff_t stride, const float* att, int Tn,
                                 float* scratch) {
  float* gradients = scratch;          // dy (Tn, 16), contiguous
  float* vt = gradients + Tn * kHead;  // (16, Tn)
  float* block = vt + kHead * Tn;      // the scores' gradient (Tn, Tn)
  for (int t = 0; t < Tn; t++) {
    _mm512_store_ps(gradients + t * kHead, _mm512_loadu_ps(dy + t * dy_stride));
  }
  pack_keys(vt, v, stride, Tn, 1.0f);
  // y = a v: da = dy vᵀ, then the softmax Jacobian (1/sqrt(16) folded in), block by block of
  // rows: att, cold since the forward pass, is first read here, row after row, as the
  // prefetchers like it; the column-wise reads of aᵀ below then find it in cache.
  for (int t0 = 0; t0 < Tn; t0 += kHead) {
    for (int u0 = 0; u0 <= t0; u0 += kHead) score_tile(block, gradients, vt, Tn, t0, u0);
    softmax_backward_rows(block, att, Tn, t0, 1.0f / 4.0f);
  }
  // dv = aᵀ dy; scores = q kᵀ: dq = ds k, dk = dsᵀ q.
  for (int t0 = 0; t0 < Tn; t0 += kHead) {
    transposed_weighted_rows(dv, stride, att, gradients, kHead, Tn, t0);
    weighted_values(dq, stride, block, k, stride, Tn, t0);
    transposed_weighted_rows(dk, stride, block, q, stride, Tn, t0);
  }
}

}  // namespace

void attention_forward_head16(float* y, std::ptrdiff_t out_stride, float* att, const float* q,
                              const float* k, const float* v, std::ptrdiff_t stride, int Tn,
                              float* scratch) {
  forward_pair(y, out_stride, att, q, k, v, stride, Tn, scratch);
}

void attention_backward_head16(float* dq, float* dk, float* dv, const float* dy,
                               std::ptrdiff_t dy_stride, const float* q, const float* k,
                               const float* v, std::ptrdiff_t stride, const float* att, int Tn,
                               float* scratch) {
  backward_pair(dq, dk, dv, dy, dy_stride, q, k, v, stride, att, Tn, scratch);
}

}  // namespace llmlab::nn::detail
