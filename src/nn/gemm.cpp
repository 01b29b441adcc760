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
// compiled for their instruction sets in every x86-64 build (the release build assumes only AVX2;
// nn/x86/gemm_tiles.cpp) and chosen at run time, so debug and sanitizer builds test them too; a
// portable tile with the same semantics serves processors with neither, and WebAssembly.
#include "nn/gemm.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "nn/float8.hpp"
#include "nn/gemm_tiles.hpp"

namespace llmlab::nn::detail {
namespace {

// The same tile in plain loops: products summed over k in order, then the epilogue.
void tile_portable(const GemmOperands& g, int row, int rows, int column, int columns, int k_begin,
                   int k_end) {
  float acc[kTileRows][kTileColumns] = {};
  for (int k = k_begin; k < k_end; k++) {
    const float* a = g.a + row * g.a_row_stride + k * g.a_k_stride;
    const float* b = gemm_b_tile(g, column) + k * g.ldb;
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
  static const GemmKernel best = gemm_detect_kernel();
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
    switch (kernel) {
      case GemmKernel::Avx512:
        gemm_tile_avx512(g, row, rows, column, columns, k_begin, k_end);
        break;
      case GemmKernel::Avx2:
        gemm_tile_avx2(g, row, rows, column, columns, k_begin, k_end);
        break;
      case GemmKernel::Portable:
        tile_portable(g, row, rows, column, columns, k_begin, k_end);
        break;
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
