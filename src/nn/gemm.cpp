// Hand-written float GEMM for the trainer's linear layers. Why not a library: Eigen's product
// packs both operands on every call (a tenth of a training step at K = 64) and has no bias or
// accumulate epilogue, and OpenBLAS's sgemm splits work by its own thread pool, so it neither
// fuses the epilogues nor promises results independent of the thread count. Here each
// 6 × 16 tile of C lives in twelve AVX2 registers for the whole sum over k, reads A through
// strides (row-major or transposed, no packing) and B row-major or, for the weight gradient's
// long sums, from 16-column panels packed once per product, and is written once. On the
// trainer's shapes, one thread, it runs at ≈100 GFLOP/s, as fast as OpenBLAS's sgemm. The AVX2
// kernels are compiled for AVX2 + FMA in every build (the release build assumes them anyway) and
// chosen at run time, so debug and sanitizer builds test them too; a portable tile with the same
// semantics serves processors without them.
#include "nn/gemm.hpp"

#include <immintrin.h>
#include <omp.h>

#include <algorithm>
#include <cstring>

// Functions that use AVX2/FMA intrinsics carry this target, whatever the build's -march.
#define LLMLAB_AVX2_FMA __attribute__((target("avx2,fma")))

namespace llmlab::nn::detail {
namespace {

constexpr int kTileRows = kGemmTileRows;
constexpr int kTileColumns = kGemmTileColumns;  // two 8-float vectors

int row_blocks(const GemmOperands& g) { return (g.M + kTileRows - 1) / kTileRows; }
int column_blocks(const GemmOperands& g) { return (g.N + kTileColumns - 1) / kTileColumns; }

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
LLMLAB_AVX2_FMA void tile(const GemmOperands& g, int row, int column, int columns, int k_begin,
                          int k_end) {
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

int gemm_tile_count(const GemmOperands& g) { return row_blocks(g) * column_blocks(g); }

GemmKernel gemm_best_kernel() {
  static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return avx2 ? GemmKernel::Avx2 : GemmKernel::Portable;
}

void gemm_tiles(const GemmOperands& g, int begin, int end) {
  gemm_tiles_with(gemm_best_kernel(), g, begin, end);
}

void gemm_tiles_with(GemmKernel kernel, const GemmOperands& g, int begin, int end) {
  // Consecutive tiles share one operand's slice, which stays in cache while the other operand
  // streams past. Keep the larger operand still: with M <= N, A (M × K) is the smaller, so row
  // blocks vary fastest over one K × 16 panel of B (the weight gradient's long sums over the
  // batch); otherwise column blocks vary fastest over one 6 × K slice of A.
  const bool rows_fastest = g.M <= g.N;
  const int fast_count = rows_fastest ? row_blocks(g) : column_blocks(g);
  for (int t = begin; t < end; t++) {
    const int fast = t % fast_count, slow = t / fast_count;
    const int row = (rows_fastest ? fast : slow) * kTileRows;
    const int column = (rows_fastest ? slow : fast) * kTileColumns;
    const int rows = std::min(kTileRows, g.M - row);
    const int columns = std::min(kTileColumns, g.N - column);
    if (g.triangle == Triangle::LowerC && column >= row + rows) continue;
    const int k_begin = g.triangle == Triangle::UpperA ? std::min(row, g.K) : 0;
    const int k_end = g.triangle == Triangle::LowerA ? std::min(row + rows, g.K) : g.K;
    if (kernel == GemmKernel::Portable) {
      tile_portable(g, row, rows, column, columns, k_begin, k_end);
    } else if (columns == kTileColumns) {
      tile_of_rows<false>(g, row, rows, column, columns, k_begin, k_end);
    } else {
      tile_of_rows<true>(g, row, rows, column, columns, k_begin, k_end);
    }
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

void gemm_shared(const GemmOperands& g) {
  const int tiles = gemm_tile_count(g);
  // About eight chunks per thread: enough to balance, few enough that handing out is free.
  const int chunk = std::max(1, tiles / (8 * omp_get_num_threads()));
  const int chunks = (tiles + chunk - 1) / chunk;
#pragma omp for schedule(dynamic) nowait
  for (int i = 0; i < chunks; i++) gemm_tiles(g, i * chunk, std::min(tiles, (i + 1) * chunk));
}

}  // namespace llmlab::nn::detail
