// Builds without the x86 kernels (LLMLAB_X86_KERNELS off: WebAssembly): attention_head16_applies
// is false there (gemm_best_kernel() is never Avx512), so attention.cpp takes its general path
// and never calls these.
#include "base/error.hpp"
#include "nn/attention_avx512.hpp"

namespace llmlab::nn::detail {

void attention_forward_head16(float*, std::ptrdiff_t, float*, const float*, const float*,
                              const float*, std::ptrdiff_t, int, float*) {
  assertion_failed("the AVX-512 attention kernels are not built on this platform", __FILE__,
                   __LINE__);
}

void attention_backward_head16(float*, float*, float*, const float*, std::ptrdiff_t, const float*,
                               const float*, const float*, std::ptrdiff_t, const float*, int,
                               float*) {
  assertion_failed("the AVX-512 attention kernels are not built on this platform", __FILE__,
                   __LINE__);
}

}  // namespace llmlab::nn::detail
