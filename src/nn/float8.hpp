// Eight floats as one value (the GCC/Clang vector extension): one AVX register in the release
// build (x86-64-v3), two SSE registers elsewhere, with no run-time dispatch. For short row
// kernels of varying length (the causal softmax rows), where an `omp simd` reduction's set-up
// and lane-combining loops cost more than the row's own arithmetic. Internal to nn/ (the
// library is built with -Wno-psabi: these values never cross differently compiled code).
#pragma once

#include <cstdint>
#include <cstring>

#include "nn/vector_exp.hpp"

namespace llmlab::nn::detail {

using Float8 = float __attribute__((vector_size(32)));
using Int8 = std::int32_t __attribute__((vector_size(32)));
using Bits8 = std::uint32_t __attribute__((vector_size(32)));

template <>
struct SingleBits<Float8> {
  using type = Bits8;
};

inline constexpr int kFloat8Lanes = 8;

inline Float8 load8(const float* source) {
  Float8 value;
  std::memcpy(&value, source, sizeof value);
  return value;
}

inline void store8(float* destination, Float8 value) {
  std::memcpy(destination, &value, sizeof value);
}

// The lane numbers 0..7 plus `first`: with a comparison, a mask of the lanes before a bound.
inline Int8 lane_indices(std::int32_t first) { return Int8{0, 1, 2, 3, 4, 5, 6, 7} + first; }

inline float horizontal_sum(Float8 v) {
  return ((v[0] + v[4]) + (v[1] + v[5])) + ((v[2] + v[6]) + (v[3] + v[7]));
}

inline float horizontal_max(Float8 v) {
  float maximum = v[0];
  for (int lane = 1; lane < kFloat8Lanes; lane++) maximum = v[lane] > maximum ? v[lane] : maximum;
  return maximum;
}

}  // namespace llmlab::nn::detail
