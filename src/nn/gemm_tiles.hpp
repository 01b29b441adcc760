// The GEMM's register tiles, shared by gemm.cpp (which cuts C into tiles and picks a kernel) and
// the files holding the vector kernels. nn/x86/gemm_tiles.cpp holds the AVX2 and AVX-512 tiles
// and is built when LLMLAB_X86_KERNELS is on; elsewhere (the WebAssembly build)
// nn/portable/gemm_tiles.cpp stands in, reporting that the processor has neither, so only the
// portable tile runs. Internal to nn/.
#pragma once

#include "nn/gemm.hpp"

namespace llmlab::nn::detail {

inline constexpr int kTileColumns = kGemmTileColumns;  // one panel of B: one zmm or two ymm

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
inline constexpr GemmTileShape kAvx2Tile{6, kTileColumns};
inline constexpr GemmTileShape kAvx512Tile{8, 2 * kTileColumns};
inline constexpr GemmTileShape kAvx512LowerCTile{kAvx512Tile.rows, kTileColumns};
inline constexpr int kTileRows = kAvx2Tile.rows;  // of the AVX2 and portable tiles

// Where B's column `column`, the first of a tile, begins: in place or in its packed panel.
inline const float* gemm_b_tile(const GemmOperands& g, int column) {
  return g.b + (g.b_panel_stride != 0 ? (column / kTileColumns) * g.b_panel_stride : column);
}

// The best vector kernel this processor runs: Avx512, else Avx2, else Portable.
GemmKernel gemm_detect_kernel();

// One tile of `rows` × `columns` of C from (row, column), summing k in [k_begin, k_end), in
// AVX2 + FMA registers (up to 6 × 16) or AVX-512 registers (up to 8 × 32). Called only when
// gemm_detect_kernel() or a test chose that kernel.
void gemm_tile_avx2(const GemmOperands& g, int row, int rows, int column, int columns, int k_begin,
                    int k_end);
void gemm_tile_avx512(const GemmOperands& g, int row, int rows, int column, int columns,
                      int k_begin, int k_end);

}  // namespace llmlab::nn::detail
