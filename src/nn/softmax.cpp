// Row softmax, log-softmax and cross-entropy (forward and backward). Every row subtracts its
// maximum before exp, starting from -inf rather than llm.c's magic -10000, so exp never
// overflows and IEEE rules alone give builtins.md §8's results for -inf, +inf and NaN rows.
#include "nn/softmax.hpp"

#include <cmath>
#include <limits>

#include "base/error.hpp"
#include "nn/threading.hpp"
#include "nn/vector_exp.hpp"

namespace llmlab::nn {
namespace {

template <class T>
constexpr T kMinusInfinity = -std::numeric_limits<T>::infinity();

template <class T>
void check_rows(std::span<T> out, std::span<const T> in, int N, int C) {
  LLMLAB_ASSERT(N >= 0 && C >= 0);
  LLMLAB_ASSERT(in.size() == detail::row_offset(N, C) && out.size() == in.size());
}

// The row maximum, NaN entries ignored while the maximum is not NaN. Where a NaN slips into
// the vector reduction instead, the row is NaN either way (its sum is NaN), so the result is
// the same as with fmax. Clang's WebAssembly target cannot vectorise this compare-and-select
// reduction as `omp simd` demands (it would need NaNs ruled out) and fails the build over it, so
// there the loop is left to the optimiser; every other compiler here honours the pragma.
template <class T>
T row_maximum(const T* x, int C) {
  T m = kMinusInfinity<T>;
#if !defined(__wasm__)
#pragma omp simd reduction(max : m)
#endif
  for (int c = 0; c < C; ++c) m = x[c] > m ? x[c] : m;
  return m;
}

// out = exp(x - m), returning the sum, in one vectorised pass (detail::exp_lane, within 1 ulp
// of libm's exp as builtins.md §0.5 allows; summation order is free).
template <class T>
T exp_row(T* out, const T* x, int C, T m) {
  T sum = 0;
#pragma omp simd reduction(+ : sum)
  for (int c = 0; c < C; ++c) {
    out[c] = detail::exp_lane(x[c] - m);
    sum += out[c];
  }
  return sum;
}

// log(sum(exp(x - m))), the row's log-partition function relative to its maximum m.
template <class T>
T log_sum_exp_shifted(const T* x, int C, T m) {
  T sum = 0;
#pragma omp simd reduction(+ : sum)
  for (int c = 0; c < C; ++c) sum += detail::exp_lane(x[c] - m);
  return std::log(sum);
}

void check_targets(std::span<const int> targets, int N, int V) {
  LLMLAB_ASSERT(targets.size() == static_cast<std::size_t>(N));
  for (const int target : targets) LLMLAB_ASSERT(target >= 0 && target < V);
}

}  // namespace

template <class T>
void softmax_forward_reference(std::span<T> out, std::span<const T> in, int N, int C) {
  check_rows(out, in, N, C);
  for (int n = 0; n < N; ++n) {
    const T* x = in.data() + detail::row_offset(n, C);
    T* y = out.data() + detail::row_offset(n, C);
    T m = kMinusInfinity<T>;
    for (int c = 0; c < C; ++c) m = std::fmax(m, x[c]);
    T sum = 0;
    for (int c = 0; c < C; ++c) {
      y[c] = std::exp(x[c] - m);
      sum += y[c];
    }
    for (int c = 0; c < C; ++c) y[c] = y[c] / sum;
  }
}

template <class T>
void softmax_forward(std::span<T> out, std::span<const T> in, int N, int C) {
  check_rows(out, in, N, C);
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) {
    const T* x = in.data() + detail::row_offset(n, C);
    T* y = out.data() + detail::row_offset(n, C);
    const T sum = exp_row(y, x, C, row_maximum(x, C));
    // A division, not a multiply by 1/sum: p_k = e_k / S is the spec's arithmetic.
#pragma omp simd
    for (int c = 0; c < C; ++c) y[c] = y[c] / sum;
  }
}

template <class T>
void log_softmax_forward(std::span<T> out, std::span<const T> in, int N, int C) {
  check_rows(out, in, N, C);
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) {
    const T* x = in.data() + detail::row_offset(n, C);
    T* y = out.data() + detail::row_offset(n, C);
    const T m = row_maximum(x, C);
    const T log_sum = log_sum_exp_shifted(x, C, m);
#pragma omp simd
    for (int c = 0; c < C; ++c) y[c] = (x[c] - m) - log_sum;
  }
}

template <class T>
void softmax_backward(std::span<T> dinp, std::span<const T> probs, std::span<const T> dout, int N,
                      int C) {
  check_rows(dinp, probs, N, C);
  LLMLAB_ASSERT(dout.size() == probs.size());
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) {
    const T* p = probs.data() + detail::row_offset(n, C);
    const T* dy = dout.data() + detail::row_offset(n, C);
    T* dx = dinp.data() + detail::row_offset(n, C);
    T dot = 0;
#pragma omp simd reduction(+ : dot)
    for (int c = 0; c < C; ++c) dot += dy[c] * p[c];
#pragma omp simd
    for (int c = 0; c < C; ++c) dx[c] += p[c] * (dy[c] - dot);
  }
}

template <class T>
void log_softmax_backward(std::span<T> dinp, std::span<const T> out, std::span<const T> dout, int N,
                          int C) {
  check_rows(dinp, out, N, C);
  LLMLAB_ASSERT(dout.size() == out.size());
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, C))
  for (int n = 0; n < N; ++n) {
    const T* y = out.data() + detail::row_offset(n, C);
    const T* dy = dout.data() + detail::row_offset(n, C);
    T* dx = dinp.data() + detail::row_offset(n, C);
    T total = 0;
#pragma omp simd reduction(+ : total)
    for (int c = 0; c < C; ++c) total += dy[c];
#pragma omp simd
    for (int c = 0; c < C; ++c) dx[c] += dy[c] - detail::exp_lane(y[c]) * total;
  }
}

template <class T>
void crossentropy_forward(std::span<T> losses, std::span<const T> probs,
                          std::span<const int> targets, int N, int V) {
  LLMLAB_ASSERT(N >= 0 && V >= 0);
  LLMLAB_ASSERT(probs.size() == detail::row_offset(N, V));
  LLMLAB_ASSERT(losses.size() == static_cast<std::size_t>(N));
  check_targets(targets, N, V);
  for (int n = 0; n < N; ++n) {
    const std::size_t i = static_cast<std::size_t>(n);
    losses[i] = -std::log(probs[detail::row_offset(n, V) + static_cast<std::size_t>(targets[i])]);
  }
}

template <class T>
void crossentropy_from_logits_forward(std::span<T> losses, std::span<const T> logits,
                                      std::span<const int> targets, int N, int V) {
  LLMLAB_ASSERT(N >= 0 && V >= 0);
  LLMLAB_ASSERT(logits.size() == detail::row_offset(N, V));
  LLMLAB_ASSERT(losses.size() == static_cast<std::size_t>(N));
  check_targets(targets, N, V);
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, V))
  for (int n = 0; n < N; ++n) {
    const T* x = logits.data() + detail::row_offset(n, V);
    const std::size_t i = static_cast<std::size_t>(n);
    // The same arithmetic as -log_softmax_forward at the target, so the two agree exactly.
    const T m = row_maximum(x, V);
    losses[i] = log_sum_exp_shifted(x, V, m) - (x[targets[i]] - m);
  }
}

template <class T>
void crossentropy_softmax_backward(std::span<T> dlogits, std::span<const T> probs,
                                   std::span<const int> targets, std::span<const T> dlosses, int N,
                                   int V) {
  check_rows(dlogits, probs, N, V);
  LLMLAB_ASSERT(dlosses.size() == static_cast<std::size_t>(N));
  check_targets(targets, N, V);
#pragma omp parallel for schedule(static) if (detail::worth_threads(N, V))
  for (int n = 0; n < N; ++n) {
    const T* p = probs.data() + detail::row_offset(n, V);
    T* dx = dlogits.data() + detail::row_offset(n, V);
    const T dloss = dlosses[static_cast<std::size_t>(n)];
#pragma omp simd
    for (int v = 0; v < V; ++v) dx[v] += p[v] * dloss;
    dx[targets[static_cast<std::size_t>(n)]] -= dloss;
  }
}

#define LLMLAB_INSTANTIATE_SOFTMAX(T)                                                              \
  template void softmax_forward<T>(std::span<T>, std::span<const T>, int, int);                    \
  template void softmax_forward_reference<T>(std::span<T>, std::span<const T>, int, int);          \
  template void log_softmax_forward<T>(std::span<T>, std::span<const T>, int, int);                \
  template void softmax_backward<T>(std::span<T>, std::span<const T>, std::span<const T>, int,     \
                                    int);                                                          \
  template void log_softmax_backward<T>(std::span<T>, std::span<const T>, std::span<const T>, int, \
                                        int);                                                      \
  template void crossentropy_forward<T>(std::span<T>, std::span<const T>, std::span<const int>,    \
                                        int, int);                                                 \
  template void crossentropy_from_logits_forward<T>(std::span<T>, std::span<const T>,              \
                                                    std::span<const int>, int, int);               \
  template void crossentropy_softmax_backward<T>(                                                  \
      std::span<T>, std::span<const T>, std::span<const int>, std::span<const T>, int, int);
LLMLAB_INSTANTIATE_SOFTMAX(float)
LLMLAB_INSTANTIATE_SOFTMAX(double)
#undef LLMLAB_INSTANTIATE_SOFTMAX

}  // namespace llmlab::nn
