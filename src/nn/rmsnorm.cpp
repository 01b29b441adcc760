// RMSNorm forward (reference and fast) and backward. y = x / r · g with r = sqrt(mean(x²) + eps);
// dx = (g dy - x · mean(g dy x) / r²) / r, the derivative of x / r through r.
#include "nn/rmsnorm.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "base/error.hpp"
#include "nn/target_clones.hpp"
#include "nn/threading.hpp"

namespace llmlab::nn {
namespace {

template <class T>
void check_forward_shapes(std::span<T> y, std::span<T> rrms, std::span<const T> x,
                          std::span<const T> gamma, int N, int C) {
  LLMLAB_ASSERT(N >= 0 && C >= 0);
  LLMLAB_ASSERT(x.size() == detail::row_offset(N, C) && y.size() == x.size());
  LLMLAB_ASSERT(rrms.empty() || rrms.size() == static_cast<std::size_t>(N));
  LLMLAB_ASSERT(gamma.empty() || gamma.size() == static_cast<std::size_t>(C));
}

// One row of dx = base + (g dy - x · mean(g dy x) / r²) / r with r = 1/rrms, base the row of
// dx_in or nothing. The gamma and base tests are template arguments, not branches in the loops:
// a load under a condition keeps a loop from vectorising.
template <class T, bool HasGamma, bool HasBase>
void backward_row(T* dxr, const T* base, const T* dyr, const T* xr, const T* g, T r, int C) {
  T dot = 0;  // sum over the row of g dy x
#pragma omp simd reduction(+ : dot)
  for (int c = 0; c < C; ++c) dot += (HasGamma ? g[c] * dyr[c] : dyr[c]) * xr[c];
  const T correction = dot / static_cast<T>(C) * r * r;
#pragma omp simd
  for (int c = 0; c < C; ++c) {
    const T dnorm = HasGamma ? g[c] * dyr[c] : dyr[c];
    const T term = (dnorm - xr[c] * correction) * r;
    dxr[c] = HasBase ? base[c] + term : term;
  }
}

}  // namespace

template <class T>
void rmsnorm_forward_reference(std::span<T> y, std::span<T> rrms, std::span<const T> x,
                               std::span<const T> gamma, int N, int C, T eps) {
  check_forward_shapes(y, rrms, x, gamma, N, C);
  for (int n = 0; n < N; ++n) {
    const T* xr = x.data() + detail::row_offset(n, C);
    T* yr = y.data() + detail::row_offset(n, C);
    T squares = 0;
    for (int c = 0; c < C; ++c) squares += xr[c] * xr[c];
    const T r = std::sqrt(squares / static_cast<T>(C) + eps);
    for (int c = 0; c < C; ++c) {
      yr[c] = xr[c] / r;
      if (!gamma.empty()) yr[c] *= gamma[static_cast<std::size_t>(c)];
    }
    if (!rrms.empty()) rrms[static_cast<std::size_t>(n)] = T(1) / r;
  }
}

namespace {

// Row n of y = x / rms(x) (· gamma); rrms may be null.
template <class T>
[[gnu::always_inline]] inline void forward_row(T* y, T* rrms, const T* x, const T* g, int n, int C,
                                               T eps) {
  const T* xr = x + detail::row_offset(n, C);
  T* yr = y + detail::row_offset(n, C);
  T squares = 0;
#pragma omp simd reduction(+ : squares)
  for (int c = 0; c < C; ++c) squares += xr[c] * xr[c];
  const T r = std::sqrt(squares / static_cast<T>(C) + eps);
  if (g == nullptr) {
#pragma omp simd
    for (int c = 0; c < C; ++c) yr[c] = xr[c] / r;
  } else {
#pragma omp simd
    for (int c = 0; c < C; ++c) yr[c] = xr[c] / r * g[c];
  }
  if (rrms != nullptr) rrms[n] = T(1) / r;
}

// The rows, threaded; as in layernorm.cpp, only float rows get the AVX-512 clone, so the double
// rows the interpreter prints sum in one order on every machine.
template <class T>
void forward_rows(T* y, T* rrms, const T* x, const T* g, int N, int C, T eps) {
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) forward_row(y, rrms, x, g, n, C, eps);
}

LLMLAB_AVX512_CLONES void forward_rows_float(float* y, float* rrms, const float* x, const float* g,
                                             int N, int C, float eps) {
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) forward_row(y, rrms, x, g, n, C, eps);
}

}  // namespace

template <class T>
void rmsnorm_forward(std::span<T> y, std::span<T> rrms, std::span<const T> x,
                     std::span<const T> gamma, int N, int C, T eps) {
  check_forward_shapes(y, rrms, x, gamma, N, C);
  const T* g = gamma.empty() ? nullptr : gamma.data();
  T* r = rrms.empty() ? nullptr : rrms.data();
  if constexpr (std::is_same_v<T, float>) {
    forward_rows_float(y.data(), r, x.data(), g, N, C, eps);
  } else {
    forward_rows<T>(y.data(), r, x.data(), g, N, C, eps);
  }
}

template <class T>
LLMLAB_AVX512_CLONES void rmsnorm_backward(std::span<T> dx, std::span<T> dgamma,
                                           std::span<const T> dy, std::span<const T> x,
                                           std::span<const T> gamma, std::span<const T> rrms, int N,
                                           int C, std::span<const T> dx_in) {
  LLMLAB_ASSERT(N >= 0 && C >= 0);
  const std::size_t size = detail::row_offset(N, C);
  LLMLAB_ASSERT(dx.size() == size && dy.size() == size && x.size() == size);
  LLMLAB_ASSERT(rrms.size() == static_cast<std::size_t>(N));
  LLMLAB_ASSERT(gamma.empty() || gamma.size() == static_cast<std::size_t>(C));
  LLMLAB_ASSERT(dgamma.empty() || dgamma.size() == static_cast<std::size_t>(C));
  LLMLAB_ASSERT(dx_in.empty() || dx_in.size() == size);
  const T* g = gamma.empty() ? nullptr : gamma.data();
  const T* base = dx_in.empty() ? nullptr : dx_in.data();

  // One thread team for both parts, one pass over the rows, as layernorm_backward: rows for dx,
  // and dgamma summed by row blocks into partials added in block order (the same sums for any
  // number of threads).
  T* dg = dgamma.empty() ? nullptr : dgamma.data();
  const int blocks = detail::row_blocks(N);
  std::vector<T> partial_dg(dg == nullptr ? 0 : detail::row_offset(blocks, C), T(0));
#pragma omp parallel if (detail::worth_threads(N, C))
  {
#pragma omp for schedule(static)
    for (int block = 0; block < blocks; ++block) {
      T* pg = dg == nullptr ? nullptr : partial_dg.data() + detail::row_offset(block, C);
      const int end = std::min(N, (block + 1) * detail::kRowBlock);
      for (int n = block * detail::kRowBlock; n < end; ++n) {
        const std::size_t at = detail::row_offset(n, C);
        const T* xr = x.data() + at;
        const T* dyr = dy.data() + at;
        const T r = rrms[static_cast<std::size_t>(n)];
        const T* base_row = base == nullptr ? nullptr : base + at;
        detail::with_flags(g != nullptr, base != nullptr, [&]<bool HasGamma, bool HasBase>() {
          backward_row<T, HasGamma, HasBase>(dx.data() + at, base_row, dyr, xr, g, r, C);
        });
        if (pg != nullptr) {
#pragma omp simd
          for (int c = 0; c < C; ++c) pg[c] += xr[c] * r * dyr[c];
        }
      }
    }
    // The barrier above: every block's partial is complete.
    if (dg != nullptr) {
      const detail::Range features =
          detail::feature_range(C, omp_get_thread_num(), omp_get_num_threads());
      for (int block = 0; block < blocks; ++block) {
        const T* pg = partial_dg.data() + detail::row_offset(block, C);
#pragma omp simd
        for (int c = features.begin; c < features.end; ++c) dg[c] += pg[c];
      }
    }
  }
}

#define LLMLAB_INSTANTIATE_RMSNORM(T)                                                           \
  template void rmsnorm_forward<T>(std::span<T>, std::span<T>, std::span<const T>,              \
                                   std::span<const T>, int, int, T);                            \
  template void rmsnorm_forward_reference<T>(std::span<T>, std::span<T>, std::span<const T>,    \
                                             std::span<const T>, int, int, T);                  \
  template void rmsnorm_backward<T>(std::span<T>, std::span<T>, std::span<const T>,             \
                                    std::span<const T>, std::span<const T>, std::span<const T>, \
                                    int, int, std::span<const T>);
LLMLAB_INSTANTIATE_RMSNORM(float)
LLMLAB_INSTANTIATE_RMSNORM(double)
#undef LLMLAB_INSTANTIATE_RMSNORM

}  // namespace llmlab::nn
