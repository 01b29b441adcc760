// Linear layer kernels: a readable reference, the hand-written float GEMM (nn/gemm.cpp) the
// trainer runs, and Eigen-blocked products for double (gradient checks). Threads split
// independent output tiles or rows (never a reduction), so results do not depend on the number
// of threads.
#include "nn/matmul.hpp"

#include <omp.h>

#include <Eigen/Core>
#include <algorithm>
#include <memory>
#include <type_traits>

#include "base/error.hpp"
#include "nn/gemm.hpp"
#include "nn/target_clones.hpp"
#include "nn/threading.hpp"

namespace llmlab::nn {
namespace {

template <class T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using ConstMap = Eigen::Map<const RowMatrix<T>>;
template <class T>
using MutableMap = Eigen::Map<RowMatrix<T>>;

// The half-open range [begin, end) of `count` rows that thread `thread` of `threads` owns.
using detail::Range;
Range thread_range(int count, int thread, int threads) {
  const int chunk = (count + threads - 1) / threads;
  const int begin = std::min(count, thread * chunk);
  return {begin, std::min(count, begin + chunk)};
}

// The operand sizes of a linear layer: out (or dout) (N, OC), inp (N, C), weight (OC, C), and
// bias (or dbias) (OC) or empty.
void check_linear_sizes(size_t out, size_t inp, size_t weight, size_t bias, int N, int C, int OC) {
  LLMLAB_ASSERT(out == static_cast<size_t>(N) * static_cast<size_t>(OC));
  LLMLAB_ASSERT(inp == static_cast<size_t>(N) * static_cast<size_t>(C));
  LLMLAB_ASSERT(weight == static_cast<size_t>(OC) * static_cast<size_t>(C));
  LLMLAB_ASSERT(bias == 0 || bias == static_cast<size_t>(OC));
}

// Splitting tiny products across threads costs more than it saves.
bool worth_threads(int N, int C, int OC) {
  return static_cast<double>(N) * static_cast<double>(C) * static_cast<double>(OC) > 1 << 16;
}

// Double (gradient checks) by Eigen's blocked product.
template <class T>
void forward_eigen(std::span<T> out, std::span<const T> inp, std::span<const T> weight,
                   std::span<const T> bias, int N, int C, int OC) {
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

// Double by Eigen's blocked products.
template <class T>
void backward_eigen(std::span<T> dinp, std::span<T> dweight, std::span<T> dbias,
                    std::span<const T> dout, std::span<const T> inp, std::span<const T> weight,
                    int N, int C, int OC, InputGradient input_gradient) {
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
        if (input_gradient == InputGradient::Overwrite) {
          dx.noalias() = dy.middleRows(rows.begin, count) * w;
        } else {
          dx.noalias() += dy.middleRows(rows.begin, count) * w;
        }
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

// out = inp · weightᵀ + bias by the tile kernel, B = weightᵀ packed into the kernel's panels
// (the weights are usually out of cache, after the optimiser's pass over all parameters, and
// the packing reads them in sequential streams).
void forward_float(std::span<float> out, std::span<const float> inp, std::span<const float> weight,
                   std::span<const float> bias, std::span<const float> residual, int N, int C,
                   int OC) {
  constexpr int kColumns = detail::kGemmTileColumns;
  const int panels = (OC + kColumns - 1) / kColumns;
  const std::ptrdiff_t panel_size = static_cast<std::ptrdiff_t>(kColumns) * C;
  // Every element is written by the packing below, so the buffer is not zeroed first.
  const std::unique_ptr<float[]> packed =
      std::make_unique_for_overwrite<float[]>(static_cast<size_t>(panels * panel_size));
  const detail::GemmOperands product{.c = out.data(),
                                     .ldc = OC,
                                     .a = inp.data(),
                                     .a_row_stride = C,
                                     .a_k_stride = 1,
                                     .b = packed.get(),
                                     .ldb = kColumns,
                                     .bias = bias.empty() ? nullptr : bias.data(),
                                     .M = N,
                                     .N = OC,
                                     .K = C,
                                     .epilogue = detail::Epilogue::Store,
                                     .residual = residual.empty() ? nullptr : residual.data(),
                                     .ldr = OC,
                                     .b_panel_stride = panel_size};
#pragma omp parallel if (worth_threads(N, C, OC))
  {
#pragma omp for schedule(static)
    for (int p = 0; p < panels; p++) {
      detail::gemm_pack_transposed_b_panel(packed.get(), weight.data(), C, OC, C, p);
    }
    detail::gemm_shared(product);
  }
}

// dinp (=, +=) dout · weight: A = dout, B = weight as stored.
detail::GemmOperands input_gradient_product(float* dinp, const float* dout, const float* weight,
                                            int N, int C, int OC, InputGradient input_gradient) {
  return {.c = dinp,
          .ldc = C,
          .a = dout,
          .a_row_stride = OC,
          .a_k_stride = 1,
          .b = weight,
          .ldb = C,
          .bias = nullptr,
          .M = N,
          .N = C,
          .K = OC,
          .epilogue = input_gradient == InputGradient::Overwrite ? detail::Epilogue::Store
                                                                 : detail::Epilogue::Accumulate};
}

// dweight += doutᵀ · inp: A = dout read transposed, B = inp in place or packed into panels of
// kGemmTileColumns columns (packed_b non-null).
detail::GemmOperands weight_gradient_product(float* dweight, const float* dout, const float* inp,
                                             const float* packed_b, int N, int C, int OC) {
  constexpr int kColumns = detail::kGemmTileColumns;
  const bool pack = packed_b != nullptr;
  return {.c = dweight,
          .ldc = C,
          .a = dout,
          .a_row_stride = 1,
          .a_k_stride = OC,
          .b = pack ? packed_b : inp,
          .ldb = pack ? kColumns : C,
          .bias = nullptr,
          .M = OC,
          .N = C,
          .K = N,
          .epilogue = detail::Epilogue::Accumulate,
          .b_panel_stride = pack ? static_cast<std::ptrdiff_t>(kColumns) * N : 0};
}

// dbias += column sums of dout over this thread's features. Each feature sums the batch in row
// order, whichever thread owns it.
void bias_gradient_share(float* dbias, const float* dout, int N, int OC) {
  const Range features = detail::feature_range(OC, omp_get_thread_num(), omp_get_num_threads());
  for (int n = 0; n < N; n++) {
    const float* row = dout + static_cast<size_t>(n) * static_cast<size_t>(OC);
    // dbias and dout never overlap: the sum vectorises across features.
#pragma omp simd
    for (int o = features.begin; o < features.end; o++) dbias[o] += row[o];
  }
}

// dinp (=, +=) dout · weight, dweight += doutᵀ · inp, dbias += column sums of dout: three
// independent outputs in one thread team.
LLMLAB_AVX512_CLONES void backward_float(std::span<float> dinp, std::span<float> dweight,
                                         std::span<float> dbias, std::span<const float> dout,
                                         std::span<const float> inp, std::span<const float> weight,
                                         int N, int C, int OC, InputGradient input_gradient) {
  // The weight gradient sums over the whole batch (K = N, a thousand and more). Read in place,
  // each step of a tile loads two cache lines of inp's row, at a stride of C floats. For wide
  // rows (C = 256: two lines of sixteen) the prefetcher follows that poorly, and B is packed into
  // panels the tile streams contiguously: ≈5 % faster on two threads, packing included. Rows of
  // up to 64 floats are read in place: with the trainer's buffers in huge pages that is as fast
  // on one thread and up to 10 % faster on two, and saves the packing pass and the barrier
  // after it. Packing dout's transposed rows as well was ≈10 % slower than not packing at all.
  constexpr int kColumns = detail::kGemmTileColumns;
  constexpr int kInPlaceColumns = 64;
  const bool pack = !dweight.empty() && C > kInPlaceColumns;
  const int b_panels = pack ? (C + kColumns - 1) / kColumns : 0;
  // Every element is written by the packing, so the buffer is not zeroed first.
  const std::unique_ptr<float[]> packed_b = std::make_unique_for_overwrite<float[]>(
      static_cast<size_t>(b_panels) * static_cast<size_t>(kColumns) * static_cast<size_t>(N));
  const detail::GemmOperands input_product =
      input_gradient_product(dinp.data(), dout.data(), weight.data(), N, C, OC, input_gradient);
  const detail::GemmOperands weight_gradient = weight_gradient_product(
      dweight.data(), dout.data(), inp.data(), pack ? packed_b.get() : nullptr, N, C, OC);
#pragma omp parallel if (worth_threads(N, C, OC))
  {
    // Panels are packed while other threads start on the input gradient; the barrier then
    // waits for every panel before any weight-gradient tile reads them.
    if (pack) {
      // In blocks of batch rows, each read once, contiguously, and scattered over the panels.
      constexpr int kRowBlock = 64;
#pragma omp for schedule(dynamic) nowait
      for (int n = 0; n < N; n += kRowBlock) {
        detail::gemm_pack_b_panels(packed_b.get(), inp.data(), C, C, N, n,
                                   std::min(N, n + kRowBlock));
      }
    }
    if (!dinp.empty()) detail::gemm_shared(input_product);
    if (pack) {
#pragma omp barrier
    }
    if (!dweight.empty()) detail::gemm_shared(weight_gradient);
    if (!dbias.empty()) bias_gradient_share(dbias.data(), dout.data(), N, OC);
  }
}

}  // namespace

template <class T>
void matmul_forward_reference(std::span<T> out, std::span<const T> inp, std::span<const T> weight,
                              std::span<const T> bias, int N, int C, int OC) {
  check_linear_sizes(out.size(), inp.size(), weight.size(), bias.size(), N, C, OC);
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
  check_linear_sizes(out.size(), inp.size(), weight.size(), bias.size(), N, C, OC);
  if constexpr (std::is_same_v<T, float>) {
    forward_float(out, inp, weight, bias, {}, N, C, OC);
  } else {
    forward_eigen(out, inp, weight, bias, N, C, OC);
  }
}

template <class T>
void matmul_residual_forward(std::span<T> out, std::span<const T> residual, std::span<const T> inp,
                             std::span<const T> weight, std::span<const T> bias, int N, int C,
                             int OC) {
  check_linear_sizes(out.size(), inp.size(), weight.size(), bias.size(), N, C, OC);
  LLMLAB_ASSERT(residual.size() == out.size());
  if constexpr (std::is_same_v<T, float>) {
    forward_float(out, inp, weight, bias, residual, N, C, OC);
  } else {
    forward_eigen(out, inp, weight, bias, N, C, OC);
    for (size_t i = 0; i < out.size(); i++) out[i] = residual[i] + out[i];
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
                     int N, int C, int OC, InputGradient input_gradient) {
  check_linear_sizes(dout.size(), inp.size(), weight.size(), dbias.size(), N, C, OC);
  LLMLAB_ASSERT(dinp.empty() || dinp.size() == inp.size());
  LLMLAB_ASSERT(dweight.empty() || dweight.size() == weight.size());
  if constexpr (std::is_same_v<T, float>) {
    backward_float(dinp, dweight, dbias, dout, inp, weight, N, C, OC, input_gradient);
  } else {
    backward_eigen(dinp, dweight, dbias, dout, inp, weight, N, C, OC, input_gradient);
  }
}

#define LLMLAB_INSTANTIATE(T)                                                                      \
  template void matmul_forward<T>(std::span<T>, std::span<const T>, std::span<const T>,            \
                                  std::span<const T>, int, int, int);                              \
  template void matmul_residual_forward<T>(std::span<T>, std::span<const T>, std::span<const T>,   \
                                           std::span<const T>, std::span<const T>, int, int, int); \
  template void matmul_forward_reference<T>(std::span<T>, std::span<const T>, std::span<const T>,  \
                                            std::span<const T>, int, int, int);                    \
  template void matmul_backward<T>(std::span<T>, std::span<T>, std::span<T>, std::span<const T>,   \
                                   std::span<const T>, std::span<const T>, int, int, int,          \
                                   InputGradient);                                                 \
  template void matmul_backward_reference<T>(std::span<T>, std::span<T>, std::span<T>,             \
                                             std::span<const T>, std::span<const T>,               \
                                             std::span<const T>, int, int, int);
LLMLAB_INSTANTIATE(float)
LLMLAB_INSTANTIATE(double)
#undef LLMLAB_INSTANTIATE

}  // namespace llmlab::nn
