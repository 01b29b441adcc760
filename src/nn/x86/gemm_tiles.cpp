// The AVX2 + FMA and AVX-512 register tiles of the GEMM (nn/gemm.cpp says why hand-written
// and how C is cut). Built for x86-64 only (LLMLAB_X86_KERNELS); each function carries its
// instruction set as a target attribute, whatever the build's -march, and runs only after
// gemm_detect_kernel() found that set on the processor.
#include "nn/gemm_tiles.hpp"

#include <immintrin.h>

#include <array>
#include <utility>

#include "nn/float8.hpp"

// Functions that use AVX2/FMA or AVX-512 intrinsics carry these targets, whatever the build's
// -march.
#define LLMLAB_AVX2_FMA __attribute__((target("avx2,fma")))
#define LLMLAB_AVX512 __attribute__((target("avx512f")))
// The tile kernels start on a cache line, so their inner loops sit at the same offset from a
// 64-byte boundary in every build. Left at the default 16-byte alignment, an unrelated change
// elsewhere in the binary moved them and their speed by 3-5 % (on Zen 5, whose instruction
// fetch and op cache work in 64-byte blocks), which no benchmark could tell from a real change.
#define LLMLAB_TILE_ALIGNED __attribute__((aligned(64)))

namespace llmlab::nn::detail {
namespace {

// Lane i of the mask is set when column `first + i` is one of the `columns` valid ones.
LLMLAB_AVX2_FMA inline __m256i column_mask(int first, int columns) {
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(columns - first), lanes);
}

// One tile: R rows (1..6) of C from `row`, 16 columns from `column` of which `columns` are
// valid, summing k in [k_begin, k_end). Masked is false for full tiles, whose loads and stores
// need no masks.
template <int R, bool Masked>
LLMLAB_AVX2_FMA LLMLAB_TILE_ALIGNED void tile(const GemmOperands& g, int row, int column,
                                              int columns, int k_begin, int k_end) {
  __m256 acc[R][2];
#pragma GCC unroll 6
  for (int r = 0; r < R; r++) acc[r][0] = acc[r][1] = _mm256_setzero_ps();
  const __m256i mask0 = Masked ? column_mask(0, columns) : __m256i{};
  const __m256i mask1 = Masked ? column_mask(8, columns) : __m256i{};
  const float* a = g.a + row * g.a_row_stride + k_begin * g.a_k_stride;
  const float* b = gemm_b_tile(g, column) + k_begin * g.ldb;
  for (int k = k_begin; k < k_end; k++) {
    const __m256 b0 = Masked ? _mm256_maskload_ps(b, mask0) : _mm256_loadu_ps(b);
    const __m256 b1 = Masked ? _mm256_maskload_ps(b + 8, mask1) : _mm256_loadu_ps(b + 8);
#pragma GCC unroll 6
    for (int r = 0; r < R; r++) {
      const __m256 av = _mm256_broadcast_ss(a + r * g.a_row_stride);
      acc[r][0] = _mm256_fmadd_ps(av, b0, acc[r][0]);
      acc[r][1] = _mm256_fmadd_ps(av, b1, acc[r][1]);
    }
    a += g.a_k_stride;
    b += g.ldb;
  }
  // The epilogue: the old C, or bias and residual, added once per element after the sum over k.
  __m256 add0 = _mm256_setzero_ps(), add1 = _mm256_setzero_ps();
  if (g.bias != nullptr) {
    add0 = Masked ? _mm256_maskload_ps(g.bias + column, mask0) : _mm256_loadu_ps(g.bias + column);
    add1 = Masked ? _mm256_maskload_ps(g.bias + column + 8, mask1)
                  : _mm256_loadu_ps(g.bias + column + 8);
  }
#pragma GCC unroll 6
  for (int r = 0; r < R; r++) {
    float* c = g.c + (row + r) * g.ldc + column;
    __m256 c0 = acc[r][0], c1 = acc[r][1];
    if (g.epilogue == Epilogue::Accumulate) {
      c0 = _mm256_add_ps(c0, Masked ? _mm256_maskload_ps(c, mask0) : _mm256_loadu_ps(c));
      c1 = _mm256_add_ps(c1, Masked ? _mm256_maskload_ps(c + 8, mask1) : _mm256_loadu_ps(c + 8));
    } else {
      if (g.bias != nullptr) {
        c0 = _mm256_add_ps(c0, add0);
        c1 = _mm256_add_ps(c1, add1);
      }
      if (g.residual != nullptr) {
        const float* r0 = g.residual + (row + r) * g.ldr + column;
        c0 = _mm256_add_ps(Masked ? _mm256_maskload_ps(r0, mask0) : _mm256_loadu_ps(r0), c0);
        c1 =
            _mm256_add_ps(Masked ? _mm256_maskload_ps(r0 + 8, mask1) : _mm256_loadu_ps(r0 + 8), c1);
      }
    }
    if (Masked) {
      _mm256_maskstore_ps(c, mask0, c0);
      _mm256_maskstore_ps(c + 8, mask1, c1);
    } else {
      _mm256_storeu_ps(c, c0);
      _mm256_storeu_ps(c + 8, c1);
    }
  }
}

template <bool Masked>
LLMLAB_AVX2_FMA void tile_of_rows(const GemmOperands& g, int row, int rows, int column, int columns,
                                  int k_begin, int k_end) {
  switch (rows) {
    case 6:
      return tile<6, Masked>(g, row, column, columns, k_begin, k_end);
    case 5:
      return tile<5, Masked>(g, row, column, columns, k_begin, k_end);
    case 4:
      return tile<4, Masked>(g, row, column, columns, k_begin, k_end);
    case 3:
      return tile<3, Masked>(g, row, column, columns, k_begin, k_end);
    case 2:
      return tile<2, Masked>(g, row, column, columns, k_begin, k_end);
    default:
      return tile<1, Masked>(g, row, column, columns, k_begin, k_end);
  }
}

// Lanes [0, valid) of a 16-lane mask (valid in 1..16).
inline __mmask16 first_lanes(int valid) { return static_cast<__mmask16>((1u << valid) - 1u); }

// Sixteen floats from p or, when masked, the lanes of `mask` (the others zero, unread).
LLMLAB_AVX512 inline __m512 load16(const float* p, bool masked, __mmask16 mask) {
  return masked ? _mm512_maskz_loadu_ps(mask, p) : _mm512_loadu_ps(p);
}

LLMLAB_AVX512 inline void store16(float* p, bool masked, __mmask16 mask, __m512 value) {
  if (masked) {
    _mm512_mask_storeu_ps(p, mask, value);
  } else {
    _mm512_storeu_ps(p, value);
  }
}

// One AVX-512 tile: R rows (1..8) of C from `row`, V registers of 16 columns (1 or 2) from
// `column`, summing k in [k_begin, k_end). With Masked, only the first `columns` columns are
// valid, and they end in the last register. The register v reads B's columns from v · 16 on,
// in place or in the next packed panel.
template <int R, int V, bool Masked>
LLMLAB_AVX512 LLMLAB_TILE_ALIGNED void tile_avx512(const GemmOperands& g, int row, int column,
                                                   int columns, int k_begin, int k_end) {
  __m512 acc[R][V];
#pragma GCC unroll 8
  for (int r = 0; r < R; r++) {
#pragma GCC unroll 2
    for (int v = 0; v < V; v++) acc[r][v] = _mm512_setzero_ps();
  }
  const __mmask16 last = Masked ? first_lanes(columns - (V - 1) * kTileColumns) : 0xFFFF;
  const std::ptrdiff_t half = g.b_panel_stride != 0 ? g.b_panel_stride : kTileColumns;
  const float* a = g.a + row * g.a_row_stride + k_begin * g.a_k_stride;
  const float* b = gemm_b_tile(g, column) + k_begin * g.ldb;
  for (int k = k_begin; k < k_end; k++) {
    __m512 bv[V];
#pragma GCC unroll 2
    for (int v = 0; v < V; v++) bv[v] = load16(b + v * half, Masked && v == V - 1, last);
#pragma GCC unroll 8
    for (int r = 0; r < R; r++) {
      const __m512 av = _mm512_set1_ps(a[r * g.a_row_stride]);
#pragma GCC unroll 2
      for (int v = 0; v < V; v++) acc[r][v] = _mm512_fmadd_ps(av, bv[v], acc[r][v]);
    }
    a += g.a_k_stride;
    b += g.ldb;
  }
  // The epilogue, in the AVX2 tile's order: the old C, or bias and then residual, added once
  // per element after the sum over k.
  __m512 add[V];
#pragma GCC unroll 2
  for (int v = 0; v < V; v++) {
    add[v] = g.bias == nullptr
                 ? _mm512_setzero_ps()
                 : load16(g.bias + column + v * kTileColumns, Masked && v == V - 1, last);
  }
#pragma GCC unroll 8
  for (int r = 0; r < R; r++) {
#pragma GCC unroll 2
    for (int v = 0; v < V; v++) {
      const bool masked = Masked && v == V - 1;
      float* c = g.c + (row + r) * g.ldc + column + v * kTileColumns;
      __m512 value = acc[r][v];
      if (g.epilogue == Epilogue::Accumulate) {
        value = _mm512_add_ps(value, load16(c, masked, last));
      } else {
        if (g.bias != nullptr) value = _mm512_add_ps(value, add[v]);
        if (g.residual != nullptr) {
          const float* residual = g.residual + (row + r) * g.ldr + column + v * kTileColumns;
          value = _mm512_add_ps(load16(residual, masked, last), value);
        }
      }
      store16(c, masked, last, value);
    }
  }
}

using TileFunction = void (*)(const GemmOperands&, int row, int column, int columns, int k_begin,
                              int k_end);

// The AVX-512 tiles of V registers for every row count, indexed by rows - 1.
template <int V, bool Masked, int... Rows>
constexpr std::array<TileFunction, sizeof...(Rows)> avx512_tiles(
    std::integer_sequence<int, Rows...>) {
  return {&tile_avx512<Rows + 1, V, Masked>...};
}
template <int V, bool Masked>
constexpr std::array<TileFunction, kAvx512Tile.rows> kAvx512Tiles =
    avx512_tiles<V, Masked>(std::make_integer_sequence<int, kAvx512Tile.rows>{});

}  // namespace

// The AVX-512 tile for `rows` × `columns` (up to 32): one register when 16 columns or fewer, so
// that a tile never reads past B's last panel, and masks only when the last register is partial.
void gemm_tile_avx512(const GemmOperands& g, int row, int rows, int column, int columns,
                      int k_begin, int k_end) {
  const bool masked = columns % kTileColumns != 0;
  const TileFunction tile =
      columns > kTileColumns ? (masked ? kAvx512Tiles<2, true> : kAvx512Tiles<2, false>)[rows - 1]
                             : (masked ? kAvx512Tiles<1, true> : kAvx512Tiles<1, false>)[rows - 1];
  tile(g, row, column, columns, k_begin, k_end);
}

void gemm_tile_avx2(const GemmOperands& g, int row, int rows, int column, int columns, int k_begin,
                    int k_end) {
  if (columns == kTileColumns) {
    tile_of_rows<false>(g, row, rows, column, columns, k_begin, k_end);
  } else {
    tile_of_rows<true>(g, row, rows, column, columns, k_begin, k_end);
  }
}

GemmKernel gemm_detect_kernel() {
  return __builtin_cpu_supports("avx512f")                                 ? GemmKernel::Avx512
         : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? GemmKernel::Avx2
                                                                           : GemmKernel::Portable;
}

}  // namespace llmlab::nn::detail
