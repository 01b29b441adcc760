// LayerNorm forward (reference and fast) and backward. Formulas: Ba et al. 2016; the backward
// follows llm.c's layernorm_backward (dx = rstd (dnorm - mean(dnorm) - norm mean(dnorm norm))).
#include "nn/layernorm.hpp"

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
void check_forward_shapes(std::span<T> y, std::span<T> mean, std::span<T> rstd,
                          std::span<const T> x, std::span<const T> gamma, std::span<const T> beta,
                          int N, int C) {
  LLMLAB_ASSERT(N >= 0 && C >= 0);
  const std::size_t size = detail::row_offset(N, C);
  LLMLAB_ASSERT(x.size() == size && y.size() == size);
  LLMLAB_ASSERT(mean.empty() || mean.size() == static_cast<std::size_t>(N));
  LLMLAB_ASSERT(rstd.empty() || rstd.size() == static_cast<std::size_t>(N));
  LLMLAB_ASSERT(gamma.empty() || gamma.size() == static_cast<std::size_t>(C));
  LLMLAB_ASSERT(beta.empty() || beta.size() == static_cast<std::size_t>(C));
}

// y = (x - m) / sd, then the affine map when gamma or beta is given. One loop per case keeps
// each one a plain vectorisable stream. y may alias x.
template <class T>
void normalise_row(T* y, const T* x, const T* gamma, const T* beta, int C, T m, T sd) {
  if (gamma == nullptr && beta == nullptr) {
#pragma omp simd
    for (int c = 0; c < C; ++c) y[c] = (x[c] - m) / sd;
  } else if (beta == nullptr) {
#pragma omp simd
    for (int c = 0; c < C; ++c) y[c] = (x[c] - m) / sd * gamma[c];
  } else if (gamma == nullptr) {
#pragma omp simd
    for (int c = 0; c < C; ++c) y[c] = (x[c] - m) / sd + beta[c];
  } else {
#pragma omp simd
    for (int c = 0; c < C; ++c) y[c] = (x[c] - m) / sd * gamma[c] + beta[c];
  }
}

// One row of dx = base + rstd (dnorm - mean(dnorm) - norm mean(dnorm norm)), dnorm = gamma dy,
// base the row of dx_in (which may be dx's own) or nothing. The gamma and base tests are template
// arguments, not branches in the loops: a load under a condition keeps a loop from vectorising.
template <class T, bool HasGamma, bool HasBase>
void backward_row(T* dxr, const T* base, const T* dyr, const T* xr, const T* g, T m, T r, int C) {
  T dnorm_sum = 0;
  T dnorm_norm_sum = 0;
#pragma omp simd reduction(+ : dnorm_sum, dnorm_norm_sum)
  for (int c = 0; c < C; ++c) {
    const T dnorm = HasGamma ? g[c] * dyr[c] : dyr[c];
    dnorm_sum += dnorm;
    dnorm_norm_sum += dnorm * ((xr[c] - m) * r);
  }
  const T dnorm_mean = dnorm_sum / static_cast<T>(C);
  const T dnorm_norm_mean = dnorm_norm_sum / static_cast<T>(C);
#pragma omp simd
  for (int c = 0; c < C; ++c) {
    const T dnorm = HasGamma ? g[c] * dyr[c] : dyr[c];
    const T norm = (xr[c] - m) * r;
    const T term = (dnorm - dnorm_mean - norm * dnorm_norm_mean) * r;
    dxr[c] = HasBase ? base[c] + term : term;
  }
}

// Row n when its sum or its centred squares overflow (layernorm([1e308 -1e308 0]) came out as
// zeros, the variance being Inf): the row scaled by its largest magnitude s first, so that
// (x - m) / sqrt(v + eps) = (x/s - m/s) / sqrt(v/s² + eps/s²) is computed in range. A row
// holding Inf or NaN keeps the plain formula's NaN.
template <class T>
[[gnu::noinline]] void forward_row_scaled(T* y, T* mean, T* rstd, const T* x, const T* g,
                                          const T* b, int n, int C, T eps) {
  const T* xr = x + detail::row_offset(n, C);
  T scale = 0;
  for (int c = 0; c < C; ++c) scale = std::max(scale, std::abs(xr[c]));
  T m = 0;
  for (int c = 0; c < C; ++c) m += xr[c] / scale;
  m /= static_cast<T>(C);
  T squares = 0;
  for (int c = 0; c < C; ++c) squares += (xr[c] / scale - m) * (xr[c] / scale - m);
  const T sd = std::sqrt(squares / static_cast<T>(C) + eps / scale / scale);
  T* yr = y + detail::row_offset(n, C);
  for (int c = 0; c < C; ++c) {
    T value = (xr[c] / scale - m) / sd;
    if (g != nullptr) value *= g[c];
    if (b != nullptr) value += b[c];
    yr[c] = value;
  }
  if (mean != nullptr) mean[n] = m * scale;
  if (rstd != nullptr) rstd[n] = T(1) / sd / scale;
}

// Whether row n overflowed although all of its elements are finite.
template <class T>
bool overflowed(T sum, T squares, const T* xr, int C) {
  if (std::isfinite(sum) && std::isfinite(squares)) return false;
  for (int c = 0; c < C; ++c) {
    if (!std::isfinite(xr[c])) return false;
  }
  return true;
}

}  // namespace

template <class T>
void layernorm_forward_reference(std::span<T> y, std::span<T> mean, std::span<T> rstd,
                                 std::span<const T> x, std::span<const T> gamma,
                                 std::span<const T> beta, int N, int C, T eps) {
  check_forward_shapes(y, mean, rstd, x, gamma, beta, N, C);
  for (int n = 0; n < N; ++n) {
    const T* xr = x.data() + detail::row_offset(n, C);
    T* yr = y.data() + detail::row_offset(n, C);
    T sum = 0;
    for (int c = 0; c < C; ++c) sum += xr[c];
    const T m = sum / static_cast<T>(C);
    T squares = 0;
    for (int c = 0; c < C; ++c) squares += (xr[c] - m) * (xr[c] - m);
    if (overflowed(sum, squares, xr, C)) [[unlikely]] {
      forward_row_scaled(y.data(), mean.empty() ? nullptr : mean.data(),
                         rstd.empty() ? nullptr : rstd.data(), x.data(),
                         gamma.empty() ? nullptr : gamma.data(),
                         beta.empty() ? nullptr : beta.data(), n, C, eps);
      continue;
    }
    const T sd = std::sqrt(squares / static_cast<T>(C) + eps);
    for (int c = 0; c < C; ++c) {
      T value = (xr[c] - m) / sd;
      if (!gamma.empty()) value *= gamma[static_cast<std::size_t>(c)];
      if (!beta.empty()) value += beta[static_cast<std::size_t>(c)];
      yr[c] = value;
    }
    if (!mean.empty()) mean[static_cast<std::size_t>(n)] = m;
    if (!rstd.empty()) rstd[static_cast<std::size_t>(n)] = T(1) / sd;
  }
}

namespace {

// Two passes over row n (mean, then centred squares: no cancellation as in E[x²] - E[x]²),
// both reductions vectorised by `omp simd` (summation order is free, builtins.md §0.5); the
// row fits in L1, so the second pass costs no memory traffic. mean and rstd may be null.
template <class T>
[[gnu::always_inline]] inline void forward_row(T* y, T* mean, T* rstd, const T* x, const T* g,
                                               const T* b, int n, int C, T eps) {
  const T* xr = x + detail::row_offset(n, C);
  T sum = 0;
#pragma omp simd reduction(+ : sum)
  for (int c = 0; c < C; ++c) sum += xr[c];
  const T m = sum / static_cast<T>(C);
  T squares = 0;
#pragma omp simd reduction(+ : squares)
  for (int c = 0; c < C; ++c) squares += (xr[c] - m) * (xr[c] - m);
  if (overflowed(sum, squares, xr, C)) [[unlikely]] {
    forward_row_scaled(y, mean, rstd, x, g, b, n, C, eps);
    return;
  }
  const T sd = std::sqrt(squares / static_cast<T>(C) + eps);
  normalise_row(y + detail::row_offset(n, C), xr, g, b, C, m, sd);
  if (mean != nullptr) mean[n] = m;
  if (rstd != nullptr) rstd[n] = T(1) / sd;
}

// The rows, threaded. Double rows (the interpreter's `layernorm`, whose digits lessons print)
// sum in the same order on every machine the build runs on; float rows (the trainer's) also get
// an AVX-512 clone, whose wider reductions round differently.
template <class T>
void forward_rows(T* y, T* mean, T* rstd, const T* x, const T* g, const T* b, int N, int C, T eps) {
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) forward_row(y, mean, rstd, x, g, b, n, C, eps);
}

LLMLAB_AVX512_CLONES void forward_rows_float(float* y, float* mean, float* rstd, const float* x,
                                             const float* g, const float* b, int N, int C,
                                             float eps) {
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) forward_row(y, mean, rstd, x, g, b, n, C, eps);
}

template <class T>
T* data_or_null(std::span<T> s) {
  return s.empty() ? nullptr : s.data();
}

}  // namespace

template <class T>
void layernorm_forward(std::span<T> y, std::span<T> mean, std::span<T> rstd, std::span<const T> x,
                       std::span<const T> gamma, std::span<const T> beta, int N, int C, T eps) {
  check_forward_shapes(y, mean, rstd, x, gamma, beta, N, C);
  if constexpr (std::is_same_v<T, float>) {
    forward_rows_float(y.data(), data_or_null(mean), data_or_null(rstd), x.data(),
                       data_or_null(gamma), data_or_null(beta), N, C, eps);
  } else {
    forward_rows<T>(y.data(), data_or_null(mean), data_or_null(rstd), x.data(), data_or_null(gamma),
                    data_or_null(beta), N, C, eps);
  }
}

namespace {

// Inside a thread team: adds the blocks' partial sums (blocks × C, row-major) into total, this
// thread's range of features only, in block order, so the sums do not depend on the team size.
template <class T>
void add_block_partials(T* total, const T* partials, int blocks, int C) {
  const detail::Range features =
      detail::feature_range(C, omp_get_thread_num(), omp_get_num_threads());
  for (int block = 0; block < blocks; ++block) {
    const T* partial = partials + detail::row_offset(block, C);
#pragma omp simd
    for (int c = features.begin; c < features.end; ++c) total[c] += partial[c];
  }
}

}  // namespace

template <class T>
LLMLAB_AVX512_CLONES void layernorm_backward(std::span<T> dx, std::span<T> dgamma,
                                             std::span<T> dbeta, std::span<const T> dy,
                                             std::span<const T> x, std::span<const T> gamma,
                                             std::span<const T> mean, std::span<const T> rstd,
                                             int N, int C, std::span<const T> dx_in) {
  LLMLAB_ASSERT(N >= 0 && C >= 0);
  const std::size_t size = detail::row_offset(N, C);
  LLMLAB_ASSERT(dx.size() == size && dy.size() == size && x.size() == size);
  LLMLAB_ASSERT(mean.size() == static_cast<std::size_t>(N));
  LLMLAB_ASSERT(rstd.size() == static_cast<std::size_t>(N));
  LLMLAB_ASSERT(gamma.empty() || gamma.size() == static_cast<std::size_t>(C));
  LLMLAB_ASSERT(dgamma.empty() || dgamma.size() == static_cast<std::size_t>(C));
  LLMLAB_ASSERT(dbeta.empty() || dbeta.size() == static_cast<std::size_t>(C));
  LLMLAB_ASSERT(dx_in.empty() || dx_in.size() == size);
  const T* g = data_or_null(gamma);
  const T* base = data_or_null(dx_in);

  // One thread team for both parts, one pass over the rows. dx: rows are independent. dgamma and
  // dbeta: each block of rows sums its rows' terms, while they are in L1, into partials of its
  // own (detail::kRowBlock), which each thread then adds in block order for a range of features:
  // no two threads write the same element and the sums do not depend on the number of threads.
  T* dg = dgamma.empty() ? nullptr : dgamma.data();
  T* db = dbeta.empty() ? nullptr : dbeta.data();
  const int blocks = detail::row_blocks(N);
  std::vector<T> partial_dg(dg == nullptr ? 0 : detail::row_offset(blocks, C), T(0));
  std::vector<T> partial_db(db == nullptr ? 0 : detail::row_offset(blocks, C), T(0));
#pragma omp parallel if (detail::worth_threads(N, C))
  {
#pragma omp for schedule(static)
    for (int block = 0; block < blocks; ++block) {
      T* pg = dg == nullptr ? nullptr : partial_dg.data() + detail::row_offset(block, C);
      T* pb = db == nullptr ? nullptr : partial_db.data() + detail::row_offset(block, C);
      const int end = std::min(N, (block + 1) * detail::kRowBlock);
      for (int n = block * detail::kRowBlock; n < end; ++n) {
        const std::size_t at = detail::row_offset(n, C);
        const std::size_t row = static_cast<std::size_t>(n);
        const T* xr = x.data() + at;
        const T* dyr = dy.data() + at;
        const T m = mean[row], r = rstd[row];
        const T* base_row = base == nullptr ? nullptr : base + at;
        detail::with_flags(g != nullptr, base != nullptr, [&]<bool HasGamma, bool HasBase>() {
          backward_row<T, HasGamma, HasBase>(dx.data() + at, base_row, dyr, xr, g, m, r, C);
        });
        if (pg != nullptr) {
#pragma omp simd
          for (int c = 0; c < C; ++c) pg[c] += (xr[c] - m) * r * dyr[c];
        }
        if (pb != nullptr) {
#pragma omp simd
          for (int c = 0; c < C; ++c) pb[c] += dyr[c];
        }
      }
    }
    // The barrier above: every block's partial is complete.
    if (dg != nullptr) add_block_partials(dg, partial_dg.data(), blocks, C);
    if (db != nullptr) add_block_partials(db, partial_db.data(), blocks, C);
  }
}

#define LLMLAB_INSTANTIATE_LAYERNORM(T)                                                            \
  template void layernorm_forward<T>(std::span<T>, std::span<T>, std::span<T>, std::span<const T>, \
                                     std::span<const T>, std::span<const T>, int, int, T);         \
  template void layernorm_forward_reference<T>(std::span<T>, std::span<T>, std::span<T>,           \
                                               std::span<const T>, std::span<const T>,             \
                                               std::span<const T>, int, int, T);                   \
  template void layernorm_backward<T>(                                                             \
      std::span<T>, std::span<T>, std::span<T>, std::span<const T>, std::span<const T>,            \
      std::span<const T>, std::span<const T>, std::span<const T>, int, int, std::span<const T>);
LLMLAB_INSTANTIATE_LAYERNORM(float)
LLMLAB_INSTANTIATE_LAYERNORM(double)
#undef LLMLAB_INSTANTIATE_LAYERNORM

}  // namespace llmlab::nn
