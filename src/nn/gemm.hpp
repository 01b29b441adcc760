// The float matrix product behind the linear layer's three shapes (forward, input gradient,
// weight gradient): C (=, +=) A · B (+ bias) with AVX2/FMA register tiles. Internal to nn/.
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
// (a_row_stride 1) without a copy; B is row-major with row stride ldb. With Epilogue::Store,
// bias (N) and residual (M, N; row stride ldr) may be given (else null):
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
};

// The number of register tiles C is cut into; tiles are independent units of work.
int gemm_tile_count(const GemmOperands& operands);

// The tile kernels: AVX2 + FMA registers, or plain loops for processors without them.
enum class GemmKernel { Avx2, Portable };

// Avx2 where the processor has AVX2 and FMA (checked once), else Portable.
GemmKernel gemm_best_kernel();

// Computes tiles [begin, end) of C with `kernel`; tests compare the two kernels.
void gemm_tiles_with(GemmKernel kernel, const GemmOperands& operands, int begin, int end);

// Computes tiles [begin, end) of C with the best kernel. Each element of C is summed by one tile
// over k = 0..K-1 in order, so a split of the tiles across threads never changes a result.
void gemm_tiles(const GemmOperands& operands, int begin, int end);

// Shares all tiles among the threads of the enclosing OpenMP team (all of them when called
// outside one), in chunks handed out on demand: on a busy machine a thread the OS delays takes
// fewer chunks instead of holding up the team. Returns without waiting for the other threads.
void gemm_shared(const GemmOperands& operands);

}  // namespace llmlab::nn::detail
