// The float matrix product behind the linear layer's three shapes (forward, input gradient,
// weight gradient): C (=, +=) A · B (+ bias) with AVX-512 or AVX2/FMA register tiles. Internal
// to nn/.
// Letters: M rows of C, N columns of C, K the summed dimension.
#pragma once

#include <cstddef>

namespace llmlab::nn::detail {

// What the tile kernel writes into C.
enum class Epilogue {
  Store,       // C = A·B (+ bias, + residual)
  Accumulate,  // C += A·B
};

// The triangular structure of a product, from causal attention, that lets tiles skip work.
// Skipped terms are exact zeros, so results equal the full product's.
enum class Triangle {
  None,
  LowerC,  // only C's lower triangle (column <= row) is wanted; tiles wholly above it are
           // skipped and their elements left unwritten
  LowerA,  // A (i, k) = 0 for k > i: a tile's sums stop after its last row's k
  UpperA,  // A (i, k) = 0 for k < i: a tile's sums start at its first row's k
};

// C (M, N), row stride ldc, from A (M, K) and B (K, N). A's element (i, k) lies at
// a[i · a_row_stride + k · a_k_stride], so A may be read row-major (a_k_stride 1) or transposed
// (a_row_stride 1) without a copy; B is row-major with row stride ldb, or packed in 16-column
// panels (gemm_pack_b_panels) so that a tile streams contiguous memory: a nonzero
// b_panel_stride places B's element (k, j) at b[(j / 16) · b_panel_stride + k · ldb + j % 16].
// With Epilogue::Store, bias (N) and residual (M, N; row stride ldr) may be given (else null):
// C = residual + (A·B + bias), the linear layer and the residual connection after it.
struct GemmOperands {
  float* c;
  std::ptrdiff_t ldc;
  const float* a;
  std::ptrdiff_t a_row_stride;
  std::ptrdiff_t a_k_stride;
  const float* b;
  std::ptrdiff_t ldb;
  const float* bias;
  int M, N, K;
  Epilogue epilogue;
  Triangle triangle = Triangle::None;
  const float* residual = nullptr;
  std::ptrdiff_t ldr = 0;
  std::ptrdiff_t b_panel_stride = 0;
};

// The width of B's packed panels: one AVX-512 register, two AVX2 registers. The AVX-512 tile,
// two registers wide, reads its halves from two neighbouring panels.
inline constexpr int kGemmTileColumns = 16;

// Packs B (K, N), row-major with row stride ldb, into panels of sixteen columns: panel p holds
// columns 16p..16p+15 row by row in packed[p · 16K, (p + 1) · 16K), columns past N zero. Only
// k in [k_begin, k_end); operands for the packed B: b_panel_stride 16K, ldb 16.
void gemm_pack_b_panels(float* packed, const float* source, std::ptrdiff_t ldb, int N, int K,
                        int k_begin, int k_end);

// The same panels for B = sourceᵀ, source (N, K) row-major with row stride ld (a linear layer's
// weight, (OC, C)): panel p is source's rows 16p..16p+15 side by side, one k after another.
// Only panel `panel`. Each panel reads sixteen rows from start to end, sequential streams the
// prefetcher follows (a blocked transpose jumps between lines).
void gemm_pack_transposed_b_panel(float* packed, const float* source, std::ptrdiff_t ld, int N,
                                  int K, int panel);

// The tile kernels: AVX-512 registers (tiles of 8 × 32, 8 × 16 for Triangle::LowerC), AVX2 +
// FMA registers (6 × 16), or plain loops (6 × 16) for processors with neither. Both vector
// kernels sum each element of C in k order by fused multiply-adds from zero, then add the
// epilogue's terms in the same order, so they agree to the bit.
enum class GemmKernel { Avx512, Avx2, Portable };

// The rows and the columns of the register tiles `kernel` cuts C into.
struct GemmTileShape {
  int rows, columns;
};
GemmTileShape gemm_tile_shape(GemmKernel kernel, const GemmOperands& operands);

// The best kernel the processor runs (checked once): Avx512, else Avx2, else Portable.
GemmKernel gemm_best_kernel();

// The number of register tiles `kernel` cuts C into; tiles are independent units of work.
int gemm_tile_count(const GemmOperands& operands, GemmKernel kernel = gemm_best_kernel());

// Computes tiles [begin, end) of C with `kernel`, numbered as gemm_tile_count(operands, kernel)
// counts them; tests compare the kernels.
void gemm_tiles_with(GemmKernel kernel, const GemmOperands& operands, int begin, int end);

// Computes tiles [begin, end) of C with the best kernel. Each element of C is summed by one tile
// over k = 0..K-1 in order, so a split of the tiles across threads never changes a result.
void gemm_tiles(const GemmOperands& operands, int begin, int end);

// Shares all tiles among the threads of the enclosing OpenMP team (all of them when called
// outside one), in chunks handed out on demand: on a busy machine a thread the OS delays takes
// fewer chunks instead of holding up the team. Returns without waiting for the other threads.
void gemm_shared(const GemmOperands& operands, GemmKernel kernel = gemm_best_kernel());

}  // namespace llmlab::nn::detail
