// GELU (tanh form) and ReLU, forward and backward. The GELU formulas and their evaluation
// order are builtins.md §8 (gelu, gelu_grad). The fast forward and the backward use the logistic
// form: with s = 1 / (1 + exp(-2u)), 0.5 (1 + tanh u) = s and sech² u = 4 s (1 - s), so one
// vectorised exp per element (llm.c's gelu_backward needs tanh and cosh).
#include "nn/gelu.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "base/error.hpp"
#include "nn/target_clones.hpp"
#include "nn/threading.hpp"
#include "nn/vector_exp.hpp"

namespace llmlab::nn {
namespace {

bool worth_threads(std::size_t size) { return size >= detail::kParallelMinimumElements; }

// `negative` where u's sign bit is set, else `otherwise`, in integer bit operations: GCC
// if-converts no floating-point select in a loop built with -ftrapping-math ("control flow in
// loop"), and the loop would run one scalar lane at a time. u = -0 picks `negative`; the callers
// give both sides the same value there.
template <class T>
T pick_by_sign(T u, T negative, T otherwise) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::int64_t, std::int32_t>;
  const Bits mask = std::bit_cast<Bits>(u) >> (8 * sizeof(T) - 1);  // all ones when negative
  return std::bit_cast<T>((std::bit_cast<Bits>(negative) & mask) |
                          (std::bit_cast<Bits>(otherwise) & ~mask));
}

}  // namespace

template <class T>
LLMLAB_AVX512_CLONES void gelu_forward(std::span<T> out, std::span<const T> in) {
  LLMLAB_ASSERT(out.size() == in.size());
  const T c = gelu_scale<T>();
  const std::size_t size = in.size();
  const T* x = in.data();
  T* y = out.data();
#pragma omp parallel for simd schedule(static) if (worth_threads(size))
  for (std::size_t i = 0; i < size; ++i) {
    const T u = c * (x[i] + kGeluCubic<T> * (x[i] * (x[i] * x[i])));
    y[i] = x[i] / (T(1) + detail::exp_lane(T(-2) * u));
  }
}

template <class T>
void gelu_forward_reference(std::span<T> out, std::span<const T> in) {
  LLMLAB_ASSERT(out.size() == in.size());
  const T c = gelu_scale<T>();
  const std::size_t size = in.size();
  for (std::size_t i = 0; i < size; ++i) {
    const T x = in[i];
    const T u = c * (x + kGeluCubic<T> * (x * (x * x)));
    out[i] = (T(0.5) * x) * (T(1) + std::tanh(u));
  }
}

template <class T>
LLMLAB_AVX512_CLONES void gelu_backward(std::span<T> dinp, std::span<const T> inp,
                                        std::span<const T> dout) {
  LLMLAB_ASSERT(dinp.size() == inp.size() && dout.size() == inp.size());
  const T c = gelu_scale<T>();
  const T slope = kGeluCubic<T> * T(3);
  const std::size_t size = inp.size();
  const T* x = inp.data();
  const T* dy = dout.data();
  T* dx = dinp.data();
  // With a = exp(-2|u|) in (0, 1], never overflowing: 0.5 (1 + tanh u) is 1 / (1 + a) for u >= 0
  // and a / (1 + a) below, and 0.5 sech² u = 2 a / (1 + a)², with no cancellation on either
  // side (1 - tanh² u loses the small sech² u to rounding). At u = -0, a = 1 and both sides agree.
#pragma omp parallel for simd schedule(static) if (worth_threads(size))
  for (std::size_t i = 0; i < size; ++i) {
    const T u = c * (x[i] + kGeluCubic<T> * (x[i] * (x[i] * x[i])));
    const T a = detail::exp_lane(T(-2) * std::fabs(u));
    const T inverse = T(1) / (T(1) + a);
    const T half_one_plus_tanh = pick_by_sign(u, a, T(1)) * inverse;
    const T half_sech2 = (T(2) * a) * (inverse * inverse);
    const T local = half_one_plus_tanh + (x[i] * half_sech2) * (c * (T(1) + slope * (x[i] * x[i])));
    dx[i] = local * dy[i];
  }
}

template <class T>
void gelu_grad(std::span<T> out, std::span<const T> in) {
  LLMLAB_ASSERT(out.size() == in.size());
  const T c = gelu_scale<T>();
  const T slope = kGeluCubic<T> * T(3);  // 0.134145 as one rounded constant, as the spec says
  const std::size_t size = in.size();
  for (std::size_t i = 0; i < size; ++i) {
    const T z = in[i];
    const T th = std::tanh(c * (z + kGeluCubic<T> * std::pow(z, T(3))));
    const T g = c * (T(1) + slope * std::pow(z, T(2)));
    const T s = T(1) - std::pow(th, T(2));
    out[i] = T(0.5) * (T(1) + th) + ((T(0.5) * z) * s) * g;
  }
}

template <class T>
void relu_forward(std::span<T> out, std::span<const T> in) {
  LLMLAB_ASSERT(out.size() == in.size());
  const std::size_t size = in.size();
  for (std::size_t i = 0; i < size; ++i) out[i] = std::fmax(in[i], T(0));
}

template <class T>
void relu_backward(std::span<T> dinp, std::span<const T> inp, std::span<const T> dout) {
  LLMLAB_ASSERT(dinp.size() == inp.size() && dout.size() == inp.size());
  const std::size_t size = inp.size();
  for (std::size_t i = 0; i < size; ++i) dinp[i] = inp[i] > T(0) ? dout[i] : T(0);
}

#define LLMLAB_INSTANTIATE_GELU(T)                                                      \
  template void gelu_forward<T>(std::span<T>, std::span<const T>);                      \
  template void gelu_forward_reference<T>(std::span<T>, std::span<const T>);            \
  template void gelu_backward<T>(std::span<T>, std::span<const T>, std::span<const T>); \
  template void gelu_grad<T>(std::span<T>, std::span<const T>);                         \
  template void relu_forward<T>(std::span<T>, std::span<const T>);                      \
  template void relu_backward<T>(std::span<T>, std::span<const T>, std::span<const T>);
LLMLAB_INSTANTIATE_GELU(float)
LLMLAB_INSTANTIATE_GELU(double)
#undef LLMLAB_INSTANTIATE_GELU

}  // namespace llmlab::nn
