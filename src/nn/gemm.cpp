// Hand-written float GEMM for the trainer's linear layers. Why not a library: Eigen's product
// packs both operands on every call (a tenth of a training step at K = 64) and has no bias or
// accumulate epilogue, and OpenBLAS's sgemm splits work by its own thread pool, so it neither
// fuses the epilogues nor promises results independent of the thread count. Here each tile of C
// lives in registers for the whole sum over k, reads A through strides (row-major or transposed,
// no packing) and B row-major or, for the weight gradient's long sums, from 16-column panels
// packed once per product, and is written once. Two register kernels, equal to the bit: AVX2 +
// FMA tiles of 6 × 16 (twelve of the sixteen ymm registers), ≈100 GFLOP/s on one thread on the
// trainer's shapes, as fast as OpenBLAS's sgemm; and AVX-512 tiles of 8 × 32 (sixteen of the
// thirty-two zmm registers), where each load of B or broadcast of A feeds 26 multiply-adds
// instead of 12, at 103-116 GFLOP/s, 99 % of a Zen 4 core's peak on the weight gradient. Both are
// compiled for their instruction sets in every build (the release build assumes only AVX2) and
// chosen at run time, so debug and sanitizer builds test them too; a portable tile with the same
// semantics serves processors with neither.
#include "nn/gemm.hpp"

#include <immintrin.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <cstring>
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

constexpr int kTileColumns = kGemmTileColumns;  // one panel of B: one zmm or two ymm registers

// Six rows of two ymm registers take twelve of the sixteen registers. Of the AVX-512 tiles
// tried (one thread, the trainer's shapes, bench/gemm_throughput.cpp), 6 × 32 and 8 × 32 ran
// fastest, 0-20 % faster than AVX2's tile (most on the weight gradient); 10 × 32 and 12 × 32
// ran 2-5 % slower than 8 × 32 (the compiler keeps fewer of their rows' A addresses in
// registers) and 16 × 16, which broadcasts an A element per multiply-add, at half speed. Eight
// rows divide all of the trainer's M. Products that want only C's lower triangle take tiles one
// register wide, which follow the diagonal more closely: on attention's 64 × 64 scores (K = 16)
// they compute a sixth fewer elements and ran ≈30 % faster than 8 × 32 tiles (the short sums
// make the extra broadcasts cheap). Software prefetch of A and B eight steps of k ahead made
// the weight gradient (K = 1024) ≈6 % slower: the hardware prefetchers already follow it.
constexpr GemmTileShape kAvx2Tile{6, kTileColumns};
constexpr GemmTileShape kAvx512Tile{8, 2 * kTileColumns};
constexpr GemmTileShape kAvx512LowerCTile{kAvx512Tile.rows, kTileColumns};
constexpr int kTileRows = kAvx2Tile.rows;  // of the AVX2 and portable tiles

// Where B's column `column`, the first of a tile, begins: in place or in its packed panel.
const float* b_tile(const GemmOperands& g, int column) {
  return g.b + (g.b_panel_stride != 0 ? (column / kTileColumns) * g.b_panel_stride : column);
}

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
  const float* b = b_tile(g, column) + k_begin * g.ldb;
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
  const float* b = b_tile(g, column) + k_begin * g.ldb;
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

// The AVX-512 tile for `rows` × `columns` (up to 32): one register when 16 columns or fewer, so
// that a tile never reads past B's last panel, and masks only when the last register is partial.
void tile_avx512_of(const GemmOperands& g, int row, int rows, int column, int columns, int k_begin,
                    int k_end) {
  const bool masked = columns % kTileColumns != 0;
  const TileFunction tile =
      columns > kTileColumns ? (masked ? kAvx512Tiles<2, true> : kAvx512Tiles<2, false>)[rows - 1]
                             : (masked ? kAvx512Tiles<1, true> : kAvx512Tiles<1, false>)[rows - 1];
  tile(g, row, column, columns, k_begin, k_end);
}

// The same tile in plain loops: products summed over k in order, then the epilogue.
void tile_portable(const GemmOperands& g, int row, int rows, int column, int columns, int k_begin,
                   int k_end) {
  float acc[kTileRows][kTileColumns] = {};
  for (int k = k_begin; k < k_end; k++) {
    const float* a = g.a + row * g.a_row_stride + k * g.a_k_stride;
    const float* b = b_tile(g, column) + k * g.ldb;
    for (int r = 0; r < rows; r++) {
      const float av = a[r * g.a_row_stride];
      for (int j = 0; j < columns; j++) acc[r][j] += av * b[j];
    }
  }
  for (int r = 0; r < rows; r++) {
    float* c = g.c + (row + r) * g.ldc + column;
    for (int j = 0; j < columns; j++) {
      if (g.epilogue == Epilogue::Accumulate) {
        c[j] = acc[r][j] + c[j];
        continue;
      }
      float value = acc[r][j];
      if (g.bias != nullptr) value = value + g.bias[column + j];
      if (g.residual != nullptr) value = g.residual[(row + r) * g.ldr + column + j] + value;
      c[j] = value;
    }
  }
}

}  // namespace

// The portable kernel stands in for the AVX2 one and cuts C alike.
GemmTileShape gemm_tile_shape(GemmKernel kernel, const GemmOperands& g) {
  if (kernel != GemmKernel::Avx512) return kAvx2Tile;
  return g.triangle == Triangle::LowerC ? kAvx512LowerCTile : kAvx512Tile;
}

int gemm_tile_count(const GemmOperands& g, GemmKernel kernel) {
  const GemmTileShape shape = gemm_tile_shape(kernel, g);
  return ((g.M + shape.rows - 1) / shape.rows) * ((g.N + shape.columns - 1) / shape.columns);
}

GemmKernel gemm_best_kernel() {
  static const GemmKernel best = __builtin_cpu_supports("avx512f") ? GemmKernel::Avx512
                                 : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")
                                     ? GemmKernel::Avx2
                                     : GemmKernel::Portable;
  return best;
}

void gemm_tiles(const GemmOperands& g, int begin, int end) {
  gemm_tiles_with(gemm_best_kernel(), g, begin, end);
}

void gemm_tiles_with(GemmKernel kernel, const GemmOperands& g, int begin, int end) {
  // Consecutive tiles share one operand's slice, which stays in cache while the other operand
  // streams past. Keep the larger operand still: with M <= N, A (M × K) is the smaller, so row
  // blocks vary fastest over one tile's columns of B (the weight gradient's long sums over the
  // batch); otherwise column blocks vary fastest over one tile's rows of A.
  const GemmTileShape shape = gemm_tile_shape(kernel, g);
  const bool rows_fastest = g.M <= g.N;
  const int fast_count = rows_fastest ? (g.M + shape.rows - 1) / shape.rows
                                      : (g.N + shape.columns - 1) / shape.columns;
  for (int t = begin; t < end; t++) {
    const int fast = t % fast_count, slow = t / fast_count;
    const int row = (rows_fastest ? fast : slow) * shape.rows;
    const int column = (rows_fastest ? slow : fast) * shape.columns;
    const int rows = std::min(shape.rows, g.M - row);
    const int columns = std::min(shape.columns, g.N - column);
    if (g.triangle == Triangle::LowerC && column >= row + rows) continue;
    const int k_begin = g.triangle == Triangle::UpperA ? std::min(row, g.K) : 0;
    const int k_end = g.triangle == Triangle::LowerA ? std::min(row + rows, g.K) : g.K;
    if (kernel == GemmKernel::Avx512) {
      tile_avx512_of(g, row, rows, column, columns, k_begin, k_end);
    } else if (kernel == GemmKernel::Portable) {
      tile_portable(g, row, rows, column, columns, k_begin, k_end);
    } else if (columns == kTileColumns) {
      tile_of_rows<false>(g, row, rows, column, columns, k_begin, k_end);
    } else {
      tile_of_rows<true>(g, row, rows, column, columns, k_begin, k_end);
    }
  }
}

void gemm_pack_transposed_b_panel(float* packed, const float* source, std::ptrdiff_t ld, int N,
                                  int K, int panel) {
  float* out = packed + static_cast<std::ptrdiff_t>(panel) * K * kTileColumns;
  const int rows = std::min(kTileColumns, N - panel * kTileColumns);
  const float* first = source + static_cast<std::ptrdiff_t>(panel) * kTileColumns * ld;
  constexpr int kLanes = kFloat8Lanes;
  if (rows == kTileColumns && K % kLanes == 0) {
    // Blocks of 8 rows × 8 k transposed in registers: eight vector loads and stores per 64
    // floats, where an element-by-element copy takes a load and a store each.
    for (int k0 = 0; k0 < K; k0 += kLanes) {
      for (int j0 = 0; j0 < kTileColumns; j0 += kLanes) {
        Float8 block[kLanes];
        for (int r = 0; r < kLanes; r++) {
          block[r] = load8(first + static_cast<std::ptrdiff_t>(j0 + r) * ld + k0);
        }
        transpose8(block);
        for (int i = 0; i < kLanes; i++) {
          store8(out + static_cast<std::ptrdiff_t>(k0 + i) * kTileColumns + j0, block[i]);
        }
      }
    }
    return;
  }
  for (int k = 0; k < K; k++) {
    float* line = out + static_cast<std::ptrdiff_t>(k) * kTileColumns;
    for (int j = 0; j < rows; j++) line[j] = first[static_cast<std::ptrdiff_t>(j) * ld + k];
    for (int j = rows; j < kTileColumns; j++) line[j] = 0.0f;
  }
}

void gemm_pack_b_panels(float* packed, const float* source, std::ptrdiff_t ldb, int N, int K,
                        int k_begin, int k_end) {
  const int panels = (N + kTileColumns - 1) / kTileColumns;
  for (int k = k_begin; k < k_end; k++) {
    const float* row = source + static_cast<std::ptrdiff_t>(k) * ldb;
    for (int p = 0; p < panels; p++) {
      float* out = packed + (static_cast<std::ptrdiff_t>(p) * K + k) * kTileColumns;
      const float* in = row + p * kTileColumns;
      const int columns = std::min(kTileColumns, N - p * kTileColumns);
      if (columns == kTileColumns) {
        // A copy of constant size, which the compiler turns into two vector moves.
        std::memcpy(out, in, sizeof(float) * kTileColumns);
        continue;
      }
      for (int j = 0; j < columns; j++) out[j] = in[j];
      for (int j = columns; j < kTileColumns; j++) out[j] = 0.0f;
    }
  }
}

void gemm_shared(const GemmOperands& g, GemmKernel kernel) {
  const int tiles = gemm_tile_count(g, kernel);
  // About eight chunks per thread: enough to balance, few enough that handing out is free.
  const int chunk = std::max(1, tiles / (8 * omp_get_num_threads()));
  const int chunks = (tiles + chunk - 1) / chunk;
#pragma omp for schedule(dynamic) nowait
  for (int i = 0; i < chunks; i++) {
    gemm_tiles_with(kernel, g, i * chunk, std::min(tiles, (i + 1) * chunk));
  }
}

}  // namespace llmlab::nn::detail
