// Causal attention kernels: plain-loop references, the float version the trainer runs (nn/gemm's
// tile kernel per (batch, head) pair) and Eigen products for double (gradient checks), one pair
// per OpenMP task. Each pair writes only its own slices of out, att and dinp, so results do not
// depend on the number of threads.
#include "nn/attention.hpp"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <new>
#include <type_traits>
#include <vector>

#include "base/error.hpp"
#include "nn/attention_avx512.hpp"
#include "nn/float8.hpp"
#include "nn/gemm.hpp"
#include "nn/vector_exp.hpp"

#if defined(__SSE__)
#include <immintrin.h>
#endif

namespace llmlab::nn {
namespace {

using Index = Eigen::Index;
using Stride = Eigen::OuterStride<>;
template <class T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using Strided = Eigen::Map<RowMatrix<T>, 0, Stride>;
template <class T>
using StridedConst = Eigen::Map<const RowMatrix<T>, 0, Stride>;
template <class T>
using Square = Eigen::Map<RowMatrix<T>>;
template <class T>
using SquareConst = Eigen::Map<const RowMatrix<T>>;
template <class T>
using RowArray = Eigen::Map<Eigen::Array<T, 1, Eigen::Dynamic>>;
template <class T>
using RowArrayConst = Eigen::Map<const Eigen::Array<T, 1, Eigen::Dynamic>>;

// About B·T²·C multiply-adds; below this a thread team costs more than it saves.
bool worth_threads(int B, int Tn, int C) {
  return static_cast<double>(B) * static_cast<double>(Tn) * static_cast<double>(Tn) *
             static_cast<double>(C) >
         1 << 16;
}

// src (T, hs) with row stride `stride`, times `factor`, into dst (hs, T): the tile kernel reads
// B row-major, so kᵀ and vᵀ are packed per head (T · hs floats, small beside the products).
// In 8 × 8 blocks transposed in registers when T and hs allow, else element by element.
void pack_transposed(float* dst, const float* src, Index stride, int Tn, int hs, float factor) {
  constexpr int kLanes = detail::kFloat8Lanes;
  if (Tn % kLanes != 0 || hs % kLanes != 0) {
    for (int u = 0; u < Tn; u++) {
      for (int i = 0; i < hs; i++) dst[i * Tn + u] = src[u * stride + i] * factor;
    }
    return;
  }
  for (int u0 = 0; u0 < Tn; u0 += kLanes) {
    for (int i0 = 0; i0 < hs; i0 += kLanes) {
      detail::Float8 block[kLanes];
      for (int r = 0; r < kLanes; r++)
        block[r] = detail::load8(src + (u0 + r) * stride + i0) * factor;
      detail::transpose8(block);
      for (int j = 0; j < kLanes; j++) detail::store8(dst + (i0 + j) * Tn + u0, block[j]);
    }
  }
}

// C (=, +=) A · B with the causal structure `triangle`.
detail::GemmOperands product(float* c, Index ldc, const float* a, Index a_row_stride,
                             Index a_k_stride, const float* b, Index ldb, int M, int N, int K,
                             detail::Epilogue epilogue, detail::Triangle triangle) {
  return {.c = c,
          .ldc = ldc,
          .a = a,
          .a_row_stride = a_row_stride,
          .a_k_stride = a_k_stride,
          .b = b,
          .ldb = ldb,
          .bias = nullptr,
          .M = M,
          .N = N,
          .K = K,
          .epilogue = epilogue,
          .triangle = triangle};
}
void run(const detail::GemmOperands& g) { detail::gemm_tiles(g, 0, detail::gemm_tile_count(g)); }

// The causal softmax over a whole (T, T) score matrix, in passes over all rows: the row maxima,
// then the exponentials and their sums, then the scaling. Within one row each step waits for
// the one before (maximum, exp, sum, division), and a row of at most T elements is too short to
// hide those latencies; the rows of one pass are independent, so the processor overlaps them.
// Rows are handled in whole eight-lane vectors: row t's visible past u <= t is rounded up to a
// multiple of eight and the lanes past t are masked (-inf before exp, 0 after), so no row has a
// scalar remainder. Elements past t may hold anything on entry (the products leave tiles above
// the diagonal unwritten): they are only ever selected away, never computed with.
Index visible_width(Index t) {
  const Index lanes = detail::kFloat8Lanes;
  return (t + lanes) / lanes * lanes;
}

// The lanes u <= t of the eight from u0.
detail::Int8 visible_lanes(Index u0, Index t) {
  return detail::lane_indices(static_cast<std::int32_t>(u0)) <= static_cast<std::int32_t>(t);
}

// Plain loops for T not a multiple of eight, row by row.
void softmax_causal_plain(float* a, Index S) {
  for (Index t = 0; t < S; t++) {
    float* row = a + t * S;
    float maximum = -std::numeric_limits<float>::infinity();
    for (Index u = 0; u <= t; u++) maximum = std::max(maximum, row[u]);
    float sum = 0.0f;
    for (Index u = 0; u <= t; u++) sum += row[u] = detail::exp_single(row[u] - maximum);
    const float inverse = 1.0f / sum;
    for (Index u = 0; u <= t; u++) row[u] *= inverse;
    std::fill(row + t + 1, row + S, 0.0f);
  }
}

// a (S, S): row t = softmax(row t over u <= t), zero past t. `per_row` holds S floats. Each
// pass takes its rows eight at a time and reduces their eight lane vectors together
// (detail::reduce_lanes_of_eight): one row's horizontal maximum or sum alone is a chain of
// dependent lane operations longer than the row's vector work.
void softmax_causal(float* a, Index S, float* per_row) {
  using detail::Float8;
  constexpr Index kLanes = detail::kFloat8Lanes;
  if (S % kLanes != 0) return softmax_causal_plain(a, S);
  const float minus_infinity = -std::numeric_limits<float>::infinity();
  const auto visible = [&](const float* row, Index u, Index t) {
    return visible_lanes(u, t) ? detail::load8(row + u) : minus_infinity;
  };
  for (Index t0 = 0; t0 < S; t0 += kLanes) {
    Float8 maxima[kLanes];
    for (Index r = 0; r < kLanes; r++) {
      const Index t = t0 + r;
      const float* row = a + t * S;
      maxima[r] = visible(row, 0, t);
      for (Index u = kLanes; u < visible_width(t); u += kLanes) {
        const Float8 value = visible(row, u, t);
        maxima[r] = value > maxima[r] ? value : maxima[r];
      }
    }
    detail::store8(per_row + t0, detail::maxima_of_eight(maxima));
  }
  // Subtracting the row maximum keeps exp finite; masked lanes give exp(-inf) = 0.
  for (Index t0 = 0; t0 < S; t0 += kLanes) {
    Float8 sums[kLanes];
    for (Index r = 0; r < kLanes; r++) {
      const Index t = t0 + r;
      float* row = a + t * S;
      sums[r] = Float8{};
      for (Index u = 0; u < visible_width(t); u += kLanes) {
        const Float8 e = detail::exp_single_of(visible(row, u, t) - per_row[t]);
        detail::store8(row + u, e);
        sums[r] += e;
      }
    }
    detail::store8(per_row + t0, 1.0f / detail::sums_of_eight(sums));
  }
  for (Index t = 0; t < S; t++) {
    float* row = a + t * S;
    for (Index u = 0; u < visible_width(t); u += kLanes) {
      detail::store8(row + u, detail::load8(row + u) * per_row[t]);
    }
    std::fill(row + visible_width(t), row + S, 0.0f);
  }
}

// The softmax Jacobian on every row: ds = a ⊙ (da - Σ_u a da) · scale over u <= t, 0 past t,
// with da given in ds; a is zero past t, da may hold anything there. Two passes, as above.
void softmax_causal_backward(float* ds, const float* a, Index S, float scale, float* per_row) {
  using detail::Float8;
  constexpr Index kLanes = detail::kFloat8Lanes;
  if (S % kLanes != 0) {
    for (Index t = 0; t < S; t++) {
      float* row = ds + t * S;
      const float* weights = a + t * S;
      float weighted = 0.0f;
      for (Index u = 0; u <= t; u++) weighted += weights[u] * row[u];
      for (Index u = 0; u <= t; u++) row[u] = weights[u] * (row[u] - weighted) * scale;
      std::fill(row + t + 1, row + S, 0.0f);
    }
    return;
  }
  for (Index t0 = 0; t0 < S; t0 += kLanes) {
    Float8 sums[kLanes];
    for (Index r = 0; r < kLanes; r++) {
      const Index t = t0 + r;
      const float* row = ds + t * S;
      const float* weights = a + t * S;
      sums[r] = Float8{};
      for (Index u = 0; u < visible_width(t); u += kLanes) {
        sums[r] += visible_lanes(u, t) ? detail::load8(weights + u) * detail::load8(row + u) : 0.0f;
      }
    }
    detail::store8(per_row + t0, detail::sums_of_eight(sums));
  }
  for (Index t = 0; t < S; t++) {
    float* row = ds + t * S;
    const float* weights = a + t * S;
    for (Index u = 0; u < visible_width(t); u += kLanes) {
      const Float8 value =
          detail::load8(weights + u) * (detail::load8(row + u) - per_row[t]) * scale;
      detail::store8(row + u, visible_lanes(u, t) ? value : 0.0f);
    }
    std::fill(row + visible_width(t), row + S, 0.0f);
  }
}

// A block of floats aligned to a cache line, for per-thread scratch.
class AlignedBlock {
 public:
  explicit AlignedBlock(size_t count)
      : data_(static_cast<float*>(::operator new[](count * sizeof(float), kAlignment))) {}
  ~AlignedBlock() { ::operator delete[](data_, kAlignment); }
  AlignedBlock(const AlignedBlock&) = delete;
  AlignedBlock& operator=(const AlignedBlock&) = delete;
  float* data() { return data_; }

 private:
  static constexpr std::align_val_t kAlignment{64};
  float* data_;
};

// Copies `count` floats from an aligned block to `destination`, which the backward pass reads
// only after every other layer has run. When the destination is aligned, by stores that bypass
// the caches: writing a line the caches lost long ago then neither reads it from memory first
// nor evicts data the next kernels want. finish_copies() orders those stores before the team's
// closing barrier, after which other threads may read them.
void copy_out(float* destination, const float* source, Index count) {
#if defined(__SSE__)
  const bool aligned = reinterpret_cast<std::uintptr_t>(destination) % sizeof(__m128) == 0;
  if (aligned && count % 4 == 0) {
    for (Index i = 0; i < count; i += 4) _mm_stream_ps(destination + i, _mm_load_ps(source + i));
    return;
  }
#endif
  std::copy(source, source + count, destination);
}

void finish_copies() {
#if defined(__SSE__)
  _mm_sfence();
#endif
}

// Runs f(pair, b, h, scratch) for every (batch, head) pair, one OpenMP task each, with the
// 16-channel-head kernels' scratch per thread; their streaming stores are fenced before the
// team's closing barrier.
template <class F>
void for_each_head16_pair(int B, int Tn, int C, int NH, F f) {
#pragma omp parallel if (worth_threads(B, Tn, C))
  {
    AlignedBlock scratch(detail::attention_head16_scratch(Tn));
#pragma omp for schedule(dynamic)
    for (int pair = 0; pair < B * NH; pair++) f(pair, pair / NH, pair % NH, scratch.data());
    finish_copies();
  }
}

// Float: scores = q · (kᵀ / sqrt(hs)) with the scale folded into the packed kᵀ, a row softmax
// over the visible past, then y = att · v. The products skip the tiles and terms that the
// causal mask makes zero (detail::Triangle).
void forward_float(std::span<float> out, std::span<float> att, std::span<const float> inp, int B,
                   int Tn, int C, int NH) {
  const Index S = Tn, C3 = 3 * static_cast<Index>(C);
  const int hs = C / NH;
  const float scale = 1.0f / std::sqrt(static_cast<float>(hs));
  if (detail::attention_head16_applies(Tn, C, NH)) {
    for_each_head16_pair(B, Tn, C, NH, [&](int pair, int b, int h, float* scratch) {
      const float* q = inp.data() + b * S * C3 + h * hs;
      detail::attention_forward_head16(out.data() + b * S * C + h * hs, C,
                                       att.data() + pair * S * S, q, q + C, q + 2 * C, C3, Tn,
                                       scratch);
    });
    return;
  }
#pragma omp parallel if (worth_threads(B, Tn, C))
  {
    std::vector<float> kt(static_cast<size_t>(hs) * static_cast<size_t>(Tn));
    std::vector<float> per_row(static_cast<size_t>(Tn));
    // One pair's weights are computed in a (T, T) block that stays in L1, and copied out once.
    AlignedBlock weights(static_cast<size_t>(S * S));
#pragma omp for schedule(dynamic)
    for (int pair = 0; pair < B * NH; pair++) {
      const int b = pair / NH, h = pair % NH;
      const float* q = inp.data() + b * S * C3 + h * hs;
      float* a = weights.data();
      pack_transposed(kt.data(), q + C, C3, Tn, hs, scale);
      run(product(a, S, q, C3, 1, kt.data(), S, Tn, Tn, hs, detail::Epilogue::Store,
                  detail::Triangle::LowerC));
      softmax_causal(a, S, per_row.data());
      run(product(out.data() + b * S * C + h * hs, C, a, S, 1, q + 2 * C, C3, Tn, hs, Tn,
                  detail::Epilogue::Store, detail::Triangle::LowerA));
      copy_out(att.data() + pair * S * S, a, S * S);
    }
    finish_copies();
  }
}

// Float backward, the products of the double version below through the tile kernel; vᵀ is
// packed for ds = dy · vᵀ.
void backward_float(std::span<float> dinp, std::span<const float> dout, std::span<const float> inp,
                    std::span<const float> att, int B, int Tn, int C, int NH) {
  const Index S = Tn, C3 = 3 * static_cast<Index>(C);
  const int hs = C / NH;
  const float scale = 1.0f / std::sqrt(static_cast<float>(hs));
  // Every element of dinp is written once, by a whole tile (Triangle::LowerA/UpperA only narrow
  // the sums), so dinp needs no zeroing first.
  const detail::Epilogue store = detail::Epilogue::Store;
  if (detail::attention_head16_applies(Tn, C, NH)) {
    for_each_head16_pair(B, Tn, C, NH, [&](int pair, int b, int h, float* scratch) {
      const Index offset = b * S * C3 + h * hs;
      const float* q = inp.data() + offset;
      float* dq = dinp.data() + offset;
      detail::attention_backward_head16(dq, dq + C, dq + 2 * C, dout.data() + b * S * C + h * hs, C,
                                        q, q + C, q + 2 * C, C3, att.data() + pair * S * S, Tn,
                                        scratch);
    });
    return;
  }
#pragma omp parallel if (worth_threads(B, Tn, C))
  {
    std::vector<float> vt(static_cast<size_t>(hs) * static_cast<size_t>(Tn));
    std::vector<float> per_row(static_cast<size_t>(Tn));
    // The gradient of one pair's scores, (T, T): small enough to stay in L1 between the products.
    std::vector<float> scores_gradient(static_cast<size_t>(S * S));
#pragma omp for schedule(dynamic)
    for (int pair = 0; pair < B * NH; pair++) {
      const int b = pair / NH, h = pair % NH;
      const Index offset = b * S * C3 + h * hs;
      const float* q = inp.data() + offset;
      const float* k = q + C;
      float* dq = dinp.data() + offset;
      float* dk = dq + C;
      float* dv = dq + 2 * C;
      const float* dy = dout.data() + b * S * C + h * hs;
      const float* a = att.data() + pair * S * S;
      float* ds = scores_gradient.data();
      // y = a v: dv = aᵀ dy, da = dy vᵀ.
      run(product(dv, C3, a, 1, S, dy, C, Tn, hs, Tn, store, detail::Triangle::UpperA));
      pack_transposed(vt.data(), q + 2 * C, C3, Tn, hs, 1.0f);
      run(product(ds, S, dy, C, 1, vt.data(), S, Tn, Tn, hs, store, detail::Triangle::LowerC));
      // Softmax Jacobian per row: ds = a ⊙ (da - Σ_u a da) / sqrt(hs); zero above the diagonal.
      softmax_causal_backward(ds, a, S, scale, per_row.data());
      // scores = q kᵀ: dq = ds k, dk = dsᵀ q.
      run(product(dq, C3, ds, S, 1, k, C3, Tn, hs, Tn, store, detail::Triangle::LowerA));
      run(product(dk, C3, ds, 1, S, q, C3, Tn, hs, Tn, store, detail::Triangle::UpperA));
    }
  }
}

}  // namespace

template <class T>
void attention_forward_reference(std::span<T> out, std::span<T> att, std::span<const T> inp, int B,
                                 int Tn, int C, int NH) {
  LLMLAB_ASSERT(C % NH == 0);
  const size_t S = static_cast<size_t>(Tn);
  const size_t C3 = 3 * static_cast<size_t>(C);
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(B) * S * C3);
  LLMLAB_ASSERT(out.size() == static_cast<size_t>(B) * S * static_cast<size_t>(C));
  LLMLAB_ASSERT(att.size() == static_cast<size_t>(B) * static_cast<size_t>(NH) * S * S);
  const int hs = C / NH;
  const T scale = T(1) / std::sqrt(static_cast<T>(hs));
  for (int b = 0; b < B; b++) {
    for (int h = 0; h < NH; h++) {
      const T* base = inp.data() + static_cast<size_t>(b) * S * C3 + static_cast<size_t>(h * hs);
      T* att_bh =
          att.data() +
          (static_cast<size_t>(b) * static_cast<size_t>(NH) + static_cast<size_t>(h)) * S * S;
      for (int t = 0; t < Tn; t++) {
        const T* q = base + static_cast<size_t>(t) * C3;
        T* row = att_bh + static_cast<size_t>(t) * S;
        // Scores q·k/sqrt(hs) for u ≤ t; the row maximum starts at -inf (no magic constant).
        T maximum = -std::numeric_limits<T>::infinity();
        for (int u = 0; u <= t; u++) {
          const T* k = base + static_cast<size_t>(u) * C3 + static_cast<size_t>(C);
          T dot = 0;
          for (int i = 0; i < hs; i++) dot += q[i] * k[i];
          row[u] = dot * scale;
          maximum = std::fmax(maximum, row[u]);
        }
        // Softmax over the visible past; subtracting the maximum keeps exp from overflowing.
        T sum = 0;
        for (int u = 0; u <= t; u++) {
          row[u] = std::exp(row[u] - maximum);
          sum += row[u];
        }
        const T inverse = T(1) / sum;
        for (int u = 0; u <= t; u++) row[u] *= inverse;
        for (int u = t + 1; u < Tn; u++) row[u] = 0;
        // out_t = Σ_u att[t, u] v_u.
        T* y = out.data() +
               (static_cast<size_t>(b) * S + static_cast<size_t>(t)) * static_cast<size_t>(C) +
               static_cast<size_t>(h * hs);
        for (int i = 0; i < hs; i++) y[i] = 0;
        for (int u = 0; u <= t; u++) {
          const T* v = base + static_cast<size_t>(u) * C3 + 2 * static_cast<size_t>(C);
          const T a = row[u];
          for (int i = 0; i < hs; i++) y[i] += a * v[i];
        }
      }
    }
  }
}

template <class T>
void attention_backward_reference(std::span<T> dinp, std::span<const T> dout,
                                  std::span<const T> inp, std::span<const T> att, int B, int Tn,
                                  int C, int NH) {
  LLMLAB_ASSERT(C % NH == 0);
  const size_t S = static_cast<size_t>(Tn);
  const size_t C3 = 3 * static_cast<size_t>(C);
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(B) * S * C3);
  LLMLAB_ASSERT(dinp.size() == inp.size());
  LLMLAB_ASSERT(dout.size() == static_cast<size_t>(B) * S * static_cast<size_t>(C));
  LLMLAB_ASSERT(att.size() == static_cast<size_t>(B) * static_cast<size_t>(NH) * S * S);
  const int hs = C / NH;
  const T scale = T(1) / std::sqrt(static_cast<T>(hs));
  std::fill(dinp.begin(), dinp.end(), T(0));
  for (int b = 0; b < B; b++) {
    for (int h = 0; h < NH; h++) {
      const size_t offset = static_cast<size_t>(b) * S * C3 + static_cast<size_t>(h * hs);
      const T* base = inp.data() + offset;
      T* dbase = dinp.data() + offset;
      const T* att_bh =
          att.data() +
          (static_cast<size_t>(b) * static_cast<size_t>(NH) + static_cast<size_t>(h)) * S * S;
      for (int t = 0; t < Tn; t++) {
        const T* row = att_bh + static_cast<size_t>(t) * S;
        const T* dy =
            dout.data() +
            (static_cast<size_t>(b) * S + static_cast<size_t>(t)) * static_cast<size_t>(C) +
            static_cast<size_t>(h * hs);
        // datt[u] = dy · v_u, and dv_u += att[t, u] dy.
        // The softmax Jacobian then gives dscore[u] = att[u] (datt[u] - Σ_w att[w] datt[w]).
        T weighted = 0;
        for (int u = 0; u <= t; u++) {
          const T* v = base + static_cast<size_t>(u) * C3 + 2 * static_cast<size_t>(C);
          T* dv = dbase + static_cast<size_t>(u) * C3 + 2 * static_cast<size_t>(C);
          T datt = 0;
          for (int i = 0; i < hs; i++) {
            datt += dy[i] * v[i];
            dv[i] += row[u] * dy[i];
          }
          weighted += row[u] * datt;
        }
        const T* q = base + static_cast<size_t>(t) * C3;
        T* dq = dbase + static_cast<size_t>(t) * C3;
        for (int u = 0; u <= t; u++) {
          const T* v = base + static_cast<size_t>(u) * C3 + 2 * static_cast<size_t>(C);
          const T* k = base + static_cast<size_t>(u) * C3 + static_cast<size_t>(C);
          T* dk = dbase + static_cast<size_t>(u) * C3 + static_cast<size_t>(C);
          // Recompute datt[u] rather than store a (T) scratch row: hs multiply-adds are cheap.
          T datt = 0;
          for (int i = 0; i < hs; i++) datt += dy[i] * v[i];
          const T dscore = row[u] * (datt - weighted) * scale;
          for (int i = 0; i < hs; i++) {
            dq[i] += dscore * k[i];
            dk[i] += dscore * q[i];
          }
        }
      }
    }
  }
}

namespace {

// Double: per (batch, head) pair, Eigen products over strided views of q, k, v (each row of inp
// holds q | k | v, so a head's q is a (T, hs) block with row stride 3C).
template <class T>
void forward_eigen(std::span<T> out, std::span<T> att, std::span<const T> inp, int B, int Tn, int C,
                   int NH) {
  const Index S = Tn, C3 = 3 * static_cast<Index>(C), hs = C / NH;
  const T scale = T(1) / std::sqrt(static_cast<T>(hs));
#pragma omp parallel for collapse(2) schedule(static) if (worth_threads(B, Tn, C))
  for (int b = 0; b < B; b++) {
    for (int h = 0; h < NH; h++) {
      const T* base = inp.data() + b * S * C3 + h * hs;
      const StridedConst<T> q(base, S, hs, Stride(C3));
      const StridedConst<T> k(base + C, S, hs, Stride(C3));
      const StridedConst<T> v(base + 2 * C, S, hs, Stride(C3));
      Square<T> a(att.data() + (b * NH + h) * S * S, S, S);
      a.noalias() = (q * k.transpose()) * scale;
      for (Index t = 0; t < S; t++) {
        // Softmax over the visible past u ≤ t; subtracting the row maximum keeps exp finite.
        RowArray<T> visible(a.row(t).data(), t + 1);
        const T maximum = visible.maxCoeff();
        visible = (visible - maximum).exp();
        visible /= visible.sum();
        a.row(t).tail(S - t - 1).setZero();
      }
      Strided<T> y(out.data() + b * S * C + h * hs, S, hs, Stride(C));
      y.noalias() = a.template triangularView<Eigen::Lower>() * v;
    }
  }
}

template <class T>
void backward_eigen(std::span<T> dinp, std::span<const T> dout, std::span<const T> inp,
                    std::span<const T> att, int B, int Tn, int C, int NH) {
  const Index S = Tn, C3 = 3 * static_cast<Index>(C), hs = C / NH;
  const T scale = T(1) / std::sqrt(static_cast<T>(hs));
#pragma omp parallel if (worth_threads(B, Tn, C))
  {
    RowMatrix<T> ds(S, S);  // the gradient of one pair's scores
#pragma omp for collapse(2) schedule(static)
    for (int b = 0; b < B; b++) {
      for (int h = 0; h < NH; h++) {
        const Index offset = b * S * C3 + h * hs;
        const StridedConst<T> q(inp.data() + offset, S, hs, Stride(C3));
        const StridedConst<T> k(inp.data() + offset + C, S, hs, Stride(C3));
        const StridedConst<T> v(inp.data() + offset + 2 * C, S, hs, Stride(C3));
        Strided<T> dq(dinp.data() + offset, S, hs, Stride(C3));
        Strided<T> dk(dinp.data() + offset + C, S, hs, Stride(C3));
        Strided<T> dv(dinp.data() + offset + 2 * C, S, hs, Stride(C3));
        const StridedConst<T> dy(dout.data() + b * S * C + h * hs, S, hs, Stride(C));
        const SquareConst<T> a(att.data() + (b * NH + h) * S * S, S, S);
        // y = a v: dv = aᵀ dy, da = dy vᵀ.
        dv.noalias() = a.transpose() * dy;
        ds.noalias() = dy * v.transpose();
        // Softmax Jacobian per row: ds = a ⊙ (da - Σ_u a da), then the 1/sqrt(hs) scale.
        // Entries above the diagonal have a = 0, so they vanish.
        for (Index t = 0; t < S; t++) {
          const RowArrayConst<T> weights(a.row(t).data(), t + 1);
          RowArray<T> dscores(ds.row(t).data(), t + 1);
          const T weighted = (weights * dscores).sum();
          dscores = weights * (dscores - weighted) * scale;
          ds.row(t).tail(S - t - 1).setZero();
        }
        // scores = q kᵀ: dq = ds k, dk = dsᵀ q.
        dq.noalias() = ds * k;
        dk.noalias() = ds.transpose() * q;
      }
    }
  }
}

}  // namespace

template <class T>
void attention_forward(std::span<T> out, std::span<T> att, std::span<const T> inp, int B, int Tn,
                       int C, int NH) {
  LLMLAB_ASSERT(C % NH == 0);
  const size_t S = static_cast<size_t>(Tn), C3 = 3 * static_cast<size_t>(C);
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(B) * S * C3);
  LLMLAB_ASSERT(out.size() == static_cast<size_t>(B) * S * static_cast<size_t>(C));
  LLMLAB_ASSERT(att.size() == static_cast<size_t>(B) * static_cast<size_t>(NH) * S * S);
  if constexpr (std::is_same_v<T, float>) {
    forward_float(out, att, inp, B, Tn, C, NH);
  } else {
    forward_eigen(out, att, inp, B, Tn, C, NH);
  }
}

template <class T>
void attention_backward(std::span<T> dinp, std::span<const T> dout, std::span<const T> inp,
                        std::span<const T> att, int B, int Tn, int C, int NH) {
  LLMLAB_ASSERT(C % NH == 0);
  const size_t S = static_cast<size_t>(Tn), C3 = 3 * static_cast<size_t>(C);
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(B) * S * C3);
  LLMLAB_ASSERT(dinp.size() == inp.size());
  LLMLAB_ASSERT(dout.size() == static_cast<size_t>(B) * S * static_cast<size_t>(C));
  LLMLAB_ASSERT(att.size() == static_cast<size_t>(B) * static_cast<size_t>(NH) * S * S);
  if constexpr (std::is_same_v<T, float>) {
    backward_float(dinp, dout, inp, att, B, Tn, C, NH);
  } else {
    backward_eigen(dinp, dout, inp, att, B, Tn, C, NH);
  }
}

#define LLMLAB_INSTANTIATE(T)                                                                     \
  template void attention_forward<T>(std::span<T>, std::span<T>, std::span<const T>, int, int,    \
                                     int, int);                                                   \
  template void attention_backward<T>(std::span<T>, std::span<const T>, std::span<const T>,       \
                                      std::span<const T>, int, int, int, int);                    \
  template void attention_forward_reference<T>(std::span<T>, std::span<T>, std::span<const T>,    \
                                               int, int, int, int);                               \
  template void attention_backward_reference<T>(std::span<T>, std::span<const T>,                 \
                                                std::span<const T>, std::span<const T>, int, int, \
                                                int, int);
LLMLAB_INSTANTIATE(float)
LLMLAB_INSTANTIATE(double)
#undef LLMLAB_INSTANTIATE

}  // namespace llmlab::nn
