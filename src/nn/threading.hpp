// How the row kernels of nn/ share their work: rows split across OpenMP threads only for buffers
// large enough that a thread team's start-up (a few microseconds) is repaid; feature ranges and
// row blocks for sums that must not depend on the number of threads; and a kernel's flags turned
// into template arguments.
#pragma once

#include <algorithm>
#include <cstddef>

namespace llmlab::nn::detail {

inline constexpr std::size_t kParallelMinimumElements = std::size_t{1} << 15;

inline bool worth_threads(int rows, int columns) {
  return rows > 1 && static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns) >=
                         kParallelMinimumElements;
}

// The half-open range [begin, end) of `count` features that thread `thread` of `threads` owns,
// in blocks of eight so that each thread's share is whole vectors.
struct Range {
  int begin;
  int end;
};
inline Range feature_range(int count, int thread, int threads) {
  const int blocks = (count + 7) / 8;
  const int per_thread = (blocks + threads - 1) / threads;
  const int begin = std::min(count, thread * per_thread * 8);
  return {begin, std::min(count, begin + per_thread * 8)};
}

// Row blocks for sums over all rows (a norm's parameter gradients): each block of kRowBlock rows
// sums into a partial of its own, in row order, and the partials are added in block order
// afterwards. The blocks do not depend on the number of threads, so neither do the sums, and
// every thread reads only its own rows.
inline constexpr int kRowBlock = 64;
inline int row_blocks(int rows) { return (rows + kRowBlock - 1) / kRowBlock; }

// Calls f.template operator()<A, B>() with two run-time flags as compile-time values, so that a
// row kernel is compiled once per case with no test inside its loops (a load under a condition
// keeps a loop from vectorising).
template <class F>
void with_flags(bool a, bool b, F&& f) {
  if (a) {
    b ? f.template operator()<true, true>() : f.template operator()<true, false>();
  } else {
    b ? f.template operator()<false, true>() : f.template operator()<false, false>();
  }
}

// Offset of row `row` in a row-major buffer of `columns` columns.
inline std::size_t row_offset(int row, int columns) {
  return static_cast<std::size_t>(row) * static_cast<std::size_t>(columns);
}

}  // namespace llmlab::nn::detail
