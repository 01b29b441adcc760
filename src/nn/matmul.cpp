// Linear layer kernels: a readable reference and the Eigen-blocked version the trainer runs.
// Threads split independent output rows (never a reduction), so results do not depend on the
// number of threads.
#include "nn/matmul.hpp"

#include <omp.h>

#include <Eigen/Core>
#include <algorithm>

#include "base/error.hpp"

namespace llmlab::nn {
namespace {

template <class T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using ConstMap = Eigen::Map<const RowMatrix<T>>;
template <class T>
using MutableMap = Eigen::Map<RowMatrix<T>>;

// The half-open range [begin, end) of `count` items that thread `thread` of `threads` owns.
struct Range {
  int begin;
  int end;
};
Range thread_range(int count, int thread, int threads) {
  const int chunk = (count + threads - 1) / threads;
  const int begin = std::min(count, thread * chunk);
  return {begin, std::min(count, begin + chunk)};
}

// Splitting tiny products across threads costs more than it saves.
bool worth_threads(int N, int C, int OC) {
  return static_cast<double>(N) * static_cast<double>(C) * static_cast<double>(OC) > 1 << 16;
}

}  // namespace

template <class T>
void matmul_forward_reference(std::span<T> out, std::span<const T> inp, std::span<const T> weight,
                              std::span<const T> bias, int N, int C, int OC) {
  LLMLAB_ASSERT(out.size() == static_cast<size_t>(N) * static_cast<size_t>(OC));
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(N) * static_cast<size_t>(C));
  LLMLAB_ASSERT(weight.size() == static_cast<size_t>(OC) * static_cast<size_t>(C));
  LLMLAB_ASSERT(bias.empty() || bias.size() == static_cast<size_t>(OC));
  for (int n = 0; n < N; n++) {
    const T* row = inp.data() + static_cast<size_t>(n) * static_cast<size_t>(C);
    for (int o = 0; o < OC; o++) {
      const T* w = weight.data() + static_cast<size_t>(o) * static_cast<size_t>(C);
      T sum = bias.empty() ? T(0) : bias[static_cast<size_t>(o)];
      for (int c = 0; c < C; c++) sum += row[c] * w[c];
      out[static_cast<size_t>(n) * static_cast<size_t>(OC) + static_cast<size_t>(o)] = sum;
    }
  }
}

template <class T>
void matmul_forward(std::span<T> out, std::span<const T> inp, std::span<const T> weight,
                    std::span<const T> bias, int N, int C, int OC) {
  LLMLAB_ASSERT(out.size() == static_cast<size_t>(N) * static_cast<size_t>(OC));
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(N) * static_cast<size_t>(C));
  LLMLAB_ASSERT(weight.size() == static_cast<size_t>(OC) * static_cast<size_t>(C));
  LLMLAB_ASSERT(bias.empty() || bias.size() == static_cast<size_t>(OC));
  const ConstMap<T> w(weight.data(), OC, C);
  // Each thread owns a block of rows of out: an independent product inp_rows · wᵀ.
#pragma omp parallel if (worth_threads(N, C, OC))
  {
    const Range rows = thread_range(N, omp_get_thread_num(), omp_get_num_threads());
    if (rows.end > rows.begin) {
      const int count = rows.end - rows.begin;
      const ConstMap<T> x(inp.data() + static_cast<size_t>(rows.begin) * static_cast<size_t>(C),
                          count, C);
      MutableMap<T> y(out.data() + static_cast<size_t>(rows.begin) * static_cast<size_t>(OC), count,
                      OC);
      y.noalias() = x * w.transpose();
      if (!bias.empty()) {
        const Eigen::Map<const Eigen::Matrix<T, 1, Eigen::Dynamic>> b(bias.data(), OC);
        y.rowwise() += b;
      }
    }
  }
}

template <class T>
void matmul_backward_reference(std::span<T> dinp, std::span<T> dweight, std::span<T> dbias,
                               std::span<const T> dout, std::span<const T> inp,
                               std::span<const T> weight, int N, int C, int OC) {
  const auto at = [](int row, int width, int column) {
    return static_cast<size_t>(row) * static_cast<size_t>(width) + static_cast<size_t>(column);
  };
  for (int n = 0; n < N; n++) {
    for (int o = 0; o < OC; o++) {
      const T d = dout[at(n, OC, o)];
      if (!dbias.empty()) dbias[static_cast<size_t>(o)] += d;
      for (int c = 0; c < C; c++) {
        if (!dinp.empty()) dinp[at(n, C, c)] += d * weight[at(o, C, c)];
        if (!dweight.empty()) dweight[at(o, C, c)] += d * inp[at(n, C, c)];
      }
    }
  }
}

template <class T>
void matmul_backward(std::span<T> dinp, std::span<T> dweight, std::span<T> dbias,
                     std::span<const T> dout, std::span<const T> inp, std::span<const T> weight,
                     int N, int C, int OC) {
  LLMLAB_ASSERT(dout.size() == static_cast<size_t>(N) * static_cast<size_t>(OC));
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(N) * static_cast<size_t>(C));
  LLMLAB_ASSERT(weight.size() == static_cast<size_t>(OC) * static_cast<size_t>(C));
  LLMLAB_ASSERT(dinp.empty() || dinp.size() == inp.size());
  LLMLAB_ASSERT(dweight.empty() || dweight.size() == weight.size());
  LLMLAB_ASSERT(dbias.empty() || dbias.size() == static_cast<size_t>(OC));
  const ConstMap<T> dy(dout.data(), N, OC);
  const ConstMap<T> x(inp.data(), N, C);
  const ConstMap<T> w(weight.data(), OC, C);
#pragma omp parallel if (worth_threads(N, C, OC))
  {
    const int thread = omp_get_thread_num();
    const int threads = omp_get_num_threads();
    // dinp: rows of the batch are independent.
    if (!dinp.empty()) {
      const Range rows = thread_range(N, thread, threads);
      if (rows.end > rows.begin) {
        const int count = rows.end - rows.begin;
        MutableMap<T> dx(dinp.data() + static_cast<size_t>(rows.begin) * static_cast<size_t>(C),
                         count, C);
        dx.noalias() += dy.middleRows(rows.begin, count) * w;
      }
    }
    // dweight and dbias: each output feature's row sums over the whole batch in a fixed order,
    // so threads split output features, not the batch.
    const Range features = thread_range(OC, thread, threads);
    if (features.end > features.begin) {
      const int count = features.end - features.begin;
      if (!dweight.empty()) {
        MutableMap<T> dw(
            dweight.data() + static_cast<size_t>(features.begin) * static_cast<size_t>(C), count,
            C);
        dw.noalias() += dy.middleCols(features.begin, count).transpose() * x;
      }
      if (!dbias.empty()) {
        Eigen::Map<Eigen::Matrix<T, 1, Eigen::Dynamic>> db(dbias.data() + features.begin, count);
        db += dy.middleCols(features.begin, count).colwise().sum();
      }
    }
  }
}

#define LLMLAB_INSTANTIATE(T)                                                                     \
  template void matmul_forward<T>(std::span<T>, std::span<const T>, std::span<const T>,           \
                                  std::span<const T>, int, int, int);                             \
  template void matmul_forward_reference<T>(std::span<T>, std::span<const T>, std::span<const T>, \
                                            std::span<const T>, int, int, int);                   \
  template void matmul_backward<T>(std::span<T>, std::span<T>, std::span<T>, std::span<const T>,  \
                                   std::span<const T>, std::span<const T>, int, int, int);        \
  template void matmul_backward_reference<T>(std::span<T>, std::span<T>, std::span<T>,            \
                                             std::span<const T>, std::span<const T>,              \
                                             std::span<const T>, int, int, int);
LLMLAB_INSTANTIATE(float)
LLMLAB_INSTANTIATE(double)
#undef LLMLAB_INSTANTIATE

}  // namespace llmlab::nn
