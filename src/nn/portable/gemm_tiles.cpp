// Builds without the x86 kernels (LLMLAB_X86_KERNELS off: WebAssembly): the processor reports
// neither AVX2 nor AVX-512, so gemm.cpp runs the portable tile and never calls these.
#include "nn/gemm_tiles.hpp"

#include "base/error.hpp"

namespace llmlab::nn::detail {

GemmKernel gemm_detect_kernel() { return GemmKernel::Portable; }

void gemm_tile_avx2(const GemmOperands&, int, int, int, int, int, int) {
  assertion_failed("the AVX2 GEMM tile is not built on this platform", __FILE__, __LINE__);
}

void gemm_tile_avx512(const GemmOperands&, int, int, int, int, int, int) {
  assertion_failed("the AVX-512 GEMM tile is not built on this platform", __FILE__, __LINE__);
}

}  // namespace llmlab::nn::detail
