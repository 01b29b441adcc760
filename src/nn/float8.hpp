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

// Lanes of a and b (numbered 0..7 and 8..15) picked into one vector; GCC 12 and Clang both
// provide __builtin_shufflevector.
template <int... Lanes>
inline Float8 shuffle(Float8 a, Float8 b) {
  static_assert(sizeof...(Lanes) == kFloat8Lanes);
  return __builtin_shufflevector(a, b, Lanes...);
}

// Eight horizontal reductions at once: lane r of the result is `combine` over the lanes of
// v[r]. Three rounds of shuffles pair up lanes of two vectors at a time (7 combines and 14
// shuffles in all, against 8 × 7 combines of lanes taken out one by one), so eight rows' sums or
// maxima cost about as much as one row's. Each lane reduces in the order ((0 1)(2 3))((4 5)(6 7)).
template <class Combine>
inline Float8 reduce_lanes_of_eight(const Float8 (&v)[kFloat8Lanes], Combine combine) {
  const auto pairs = [&](Float8 a, Float8 b) {
    return combine(shuffle<0, 8, 2, 10, 4, 12, 6, 14>(a, b),
                   shuffle<1, 9, 3, 11, 5, 13, 7, 15>(a, b));
  };
  const auto quads = [&](Float8 a, Float8 b) {
    return combine(shuffle<0, 1, 8, 9, 4, 5, 12, 13>(a, b),
                   shuffle<2, 3, 10, 11, 6, 7, 14, 15>(a, b));
  };
  const Float8 low = quads(pairs(v[0], v[1]), pairs(v[2], v[3]));
  const Float8 high = quads(pairs(v[4], v[5]), pairs(v[6], v[7]));
  return combine(shuffle<0, 1, 2, 3, 8, 9, 10, 11>(low, high),
                 shuffle<4, 5, 6, 7, 12, 13, 14, 15>(low, high));
}

// Transposes the 8 × 8 block held in rows[0..7] in place: rows[j][r] becomes the old rows[r][j].
// Pairs of rows interleave, then pairs of pairs, then the 128-bit halves swap (24 shuffles).
inline void transpose8(Float8 (&rows)[kFloat8Lanes]) {
  Float8 pairs[kFloat8Lanes], quads[kFloat8Lanes];
  for (int r = 0; r < kFloat8Lanes; r += 2) {
    pairs[r] = shuffle<0, 8, 1, 9, 4, 12, 5, 13>(rows[r], rows[r + 1]);
    pairs[r + 1] = shuffle<2, 10, 3, 11, 6, 14, 7, 15>(rows[r], rows[r + 1]);
  }
  // quads[4h + j]: column j (or j + 4 in the upper half) of rows 4h..4h+3.
  for (int h = 0; h < 2; h++) {
    const Float8* p = pairs + 4 * h;
    quads[4 * h + 0] = shuffle<0, 1, 8, 9, 4, 5, 12, 13>(p[0], p[2]);
    quads[4 * h + 1] = shuffle<2, 3, 10, 11, 6, 7, 14, 15>(p[0], p[2]);
    quads[4 * h + 2] = shuffle<0, 1, 8, 9, 4, 5, 12, 13>(p[1], p[3]);
    quads[4 * h + 3] = shuffle<2, 3, 10, 11, 6, 7, 14, 15>(p[1], p[3]);
  }
  for (int j = 0; j < 4; j++) {
    rows[j] = shuffle<0, 1, 2, 3, 8, 9, 10, 11>(quads[j], quads[4 + j]);
    rows[j + 4] = shuffle<4, 5, 6, 7, 12, 13, 14, 15>(quads[j], quads[4 + j]);
  }
}

inline Float8 sums_of_eight(const Float8 (&v)[kFloat8Lanes]) {
  return reduce_lanes_of_eight(v, [](Float8 a, Float8 b) { return a + b; });
}

inline Float8 maxima_of_eight(const Float8 (&v)[kFloat8Lanes]) {
  return reduce_lanes_of_eight(v, [](Float8 a, Float8 b) { return a > b ? a : b; });
}

}  // namespace llmlab::nn::detail
