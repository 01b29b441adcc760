// Causal attention kernels: plain-loop references, and the Eigen versions the trainer runs with
// one (batch, head) pair per OpenMP task. Each pair writes only its own slices of out, att and
// dinp, so results do not depend on the number of threads.
#include "nn/attention.hpp"

#include <Eigen/Core>
#include <cmath>
#include <limits>

#include "base/error.hpp"

namespace llmlab::nn {
namespace {

using Index = Eigen::Index;
using Stride = Eigen::OuterStride<>;
template <class T>
using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using Strided = Eigen::Map<RowMatrix<T>, 0, Stride>;
template <class T>
using StridedConst = Eigen::Map<const RowMatrix<T>, 0, Stride>;
template <class T>
using Square = Eigen::Map<RowMatrix<T>>;
template <class T>
using SquareConst = Eigen::Map<const RowMatrix<T>>;
template <class T>
using RowArray = Eigen::Map<Eigen::Array<T, 1, Eigen::Dynamic>>;
template <class T>
using RowArrayConst = Eigen::Map<const Eigen::Array<T, 1, Eigen::Dynamic>>;

// About B·T²·C multiply-adds; below this a thread team costs more than it saves.
bool worth_threads(int B, int Tn, int C) {
  return static_cast<double>(B) * static_cast<double>(Tn) * static_cast<double>(Tn) *
             static_cast<double>(C) >
         1 << 16;
}

}  // namespace

template <class T>
void attention_forward_reference(std::span<T> out, std::span<T> att, std::span<const T> inp, int B,
                                 int Tn, int C, int NH) {
  LLMLAB_ASSERT(C % NH == 0);
  const size_t S = static_cast<size_t>(Tn);
  const size_t C3 = 3 * static_cast<size_t>(C);
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(B) * S * C3);
  LLMLAB_ASSERT(out.size() == static_cast<size_t>(B) * S * static_cast<size_t>(C));
  LLMLAB_ASSERT(att.size() == static_cast<size_t>(B) * static_cast<size_t>(NH) * S * S);
  const int hs = C / NH;
  const T scale = T(1) / std::sqrt(static_cast<T>(hs));
  for (int b = 0; b < B; b++) {
    for (int h = 0; h < NH; h++) {
      const T* base = inp.data() + static_cast<size_t>(b) * S * C3 + static_cast<size_t>(h * hs);
      T* att_bh =
          att.data() +
          (static_cast<size_t>(b) * static_cast<size_t>(NH) + static_cast<size_t>(h)) * S * S;
      for (int t = 0; t < Tn; t++) {
        const T* q = base + static_cast<size_t>(t) * C3;
        T* row = att_bh + static_cast<size_t>(t) * S;
        // Scores q·k/sqrt(hs) for u ≤ t; the row maximum starts at -inf (no magic constant).
        T maximum = -std::numeric_limits<T>::infinity();
        for (int u = 0; u <= t; u++) {
          const T* k = base + static_cast<size_t>(u) * C3 + static_cast<size_t>(C);
          T dot = 0;
          for (int i = 0; i < hs; i++) dot += q[i] * k[i];
          row[u] = dot * scale;
          maximum = std::fmax(maximum, row[u]);
        }
        // Softmax over the visible past; subtracting the maximum keeps exp from overflowing.
        T sum = 0;
        for (int u = 0; u <= t; u++) {
          row[u] = std::exp(row[u] - maximum);
          sum += row[u];
        }
        const T inverse = T(1) / sum;
        for (int u = 0; u <= t; u++) row[u] *= inverse;
        for (int u = t + 1; u < Tn; u++) row[u] = 0;
        // out_t = Σ_u att[t, u] v_u.
        T* y = out.data() +
               (static_cast<size_t>(b) * S + static_cast<size_t>(t)) * static_cast<size_t>(C) +
               static_cast<size_t>(h * hs);
        for (int i = 0; i < hs; i++) y[i] = 0;
        for (int u = 0; u <= t; u++) {
          const T* v = base + static_cast<size_t>(u) * C3 + 2 * static_cast<size_t>(C);
          const T a = row[u];
          for (int i = 0; i < hs; i++) y[i] += a * v[i];
        }
      }
    }
  }
}

template <class T>
void attention_backward_reference(std::span<T> dinp, std::span<const T> dout,
                                  std::span<const T> inp, std::span<const T> att, int B, int Tn,
                                  int C, int NH) {
  LLMLAB_ASSERT(C % NH == 0);
  const size_t S = static_cast<size_t>(Tn);
  const size_t C3 = 3 * static_cast<size_t>(C);
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(B) * S * C3);
  LLMLAB_ASSERT(dinp.size() == inp.size());
  LLMLAB_ASSERT(dout.size() == static_cast<size_t>(B) * S * static_cast<size_t>(C));
  LLMLAB_ASSERT(att.size() == static_cast<size_t>(B) * static_cast<size_t>(NH) * S * S);
  const int hs = C / NH;
  const T scale = T(1) / std::sqrt(static_cast<T>(hs));
  for (int b = 0; b < B; b++) {
    for (int h = 0; h < NH; h++) {
      const size_t offset = static_cast<size_t>(b) * S * C3 + static_cast<size_t>(h * hs);
      const T* base = inp.data() + offset;
      T* dbase = dinp.data() + offset;
      const T* att_bh =
          att.data() +
          (static_cast<size_t>(b) * static_cast<size_t>(NH) + static_cast<size_t>(h)) * S * S;
      for (int t = 0; t < Tn; t++) {
        const T* row = att_bh + static_cast<size_t>(t) * S;
        const T* dy =
            dout.data() +
            (static_cast<size_t>(b) * S + static_cast<size_t>(t)) * static_cast<size_t>(C) +
            static_cast<size_t>(h * hs);
        // datt[u] = dy · v_u, and dv_u += att[t, u] dy.
        // The softmax Jacobian then gives dscore[u] = att[u] (datt[u] - Σ_w att[w] datt[w]).
        T weighted = 0;
        for (int u = 0; u <= t; u++) {
          const T* v = base + static_cast<size_t>(u) * C3 + 2 * static_cast<size_t>(C);
          T* dv = dbase + static_cast<size_t>(u) * C3 + 2 * static_cast<size_t>(C);
          T datt = 0;
          for (int i = 0; i < hs; i++) {
            datt += dy[i] * v[i];
            dv[i] += row[u] * dy[i];
          }
          weighted += row[u] * datt;
        }
        const T* q = base + static_cast<size_t>(t) * C3;
        T* dq = dbase + static_cast<size_t>(t) * C3;
        for (int u = 0; u <= t; u++) {
          const T* v = base + static_cast<size_t>(u) * C3 + 2 * static_cast<size_t>(C);
          const T* k = base + static_cast<size_t>(u) * C3 + static_cast<size_t>(C);
          T* dk = dbase + static_cast<size_t>(u) * C3 + static_cast<size_t>(C);
          // Recompute datt[u] rather than store a (T) scratch row: hs multiply-adds are cheap.
          T datt = 0;
          for (int i = 0; i < hs; i++) datt += dy[i] * v[i];
          const T dscore = row[u] * (datt - weighted) * scale;
          for (int i = 0; i < hs; i++) {
            dq[i] += dscore * k[i];
            dk[i] += dscore * q[i];
          }
        }
      }
    }
  }
}

// The fast versions: per (batch, head) pair, Eigen products over strided views of q, k, v (each
// row of inp holds q | k | v, so a head's q is a (T, hs) block with row stride 3C).
template <class T>
void attention_forward(std::span<T> out, std::span<T> att, std::span<const T> inp, int B, int Tn,
                       int C, int NH) {
  LLMLAB_ASSERT(C % NH == 0);
  const Index S = Tn, C3 = 3 * static_cast<Index>(C), hs = C / NH;
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(B * S * C3));
  LLMLAB_ASSERT(out.size() == static_cast<size_t>(B * S * C));
  LLMLAB_ASSERT(att.size() == static_cast<size_t>(B * NH * S * S));
  const T scale = T(1) / std::sqrt(static_cast<T>(hs));
#pragma omp parallel for collapse(2) schedule(static) if (worth_threads(B, Tn, C))
  for (int b = 0; b < B; b++) {
    for (int h = 0; h < NH; h++) {
      const T* base = inp.data() + b * S * C3 + h * hs;
      const StridedConst<T> q(base, S, hs, Stride(C3));
      const StridedConst<T> k(base + C, S, hs, Stride(C3));
      const StridedConst<T> v(base + 2 * C, S, hs, Stride(C3));
      Square<T> a(att.data() + (b * NH + h) * S * S, S, S);
      a.noalias() = (q * k.transpose()) * scale;
      for (Index t = 0; t < S; t++) {
        // Softmax over the visible past u ≤ t; subtracting the row maximum keeps exp finite.
        RowArray<T> visible(a.row(t).data(), t + 1);
        const T maximum = visible.maxCoeff();
        visible = (visible - maximum).exp();
        visible /= visible.sum();
        a.row(t).tail(S - t - 1).setZero();
      }
      Strided<T> y(out.data() + b * S * C + h * hs, S, hs, Stride(C));
      y.noalias() = a.template triangularView<Eigen::Lower>() * v;
    }
  }
}

template <class T>
void attention_backward(std::span<T> dinp, std::span<T> scratch, std::span<const T> dout,
                        std::span<const T> inp, std::span<const T> att, int B, int Tn, int C,
                        int NH) {
  LLMLAB_ASSERT(C % NH == 0);
  const Index S = Tn, C3 = 3 * static_cast<Index>(C), hs = C / NH;
  LLMLAB_ASSERT(inp.size() == static_cast<size_t>(B * S * C3));
  LLMLAB_ASSERT(dinp.size() == inp.size());
  LLMLAB_ASSERT(dout.size() == static_cast<size_t>(B * S * C));
  LLMLAB_ASSERT(att.size() == static_cast<size_t>(B * NH * S * S));
  LLMLAB_ASSERT(scratch.size() == att.size());
  const T scale = T(1) / std::sqrt(static_cast<T>(hs));
#pragma omp parallel for collapse(2) schedule(static) if (worth_threads(B, Tn, C))
  for (int b = 0; b < B; b++) {
    for (int h = 0; h < NH; h++) {
      const Index offset = b * S * C3 + h * hs;
      const StridedConst<T> q(inp.data() + offset, S, hs, Stride(C3));
      const StridedConst<T> k(inp.data() + offset + C, S, hs, Stride(C3));
      const StridedConst<T> v(inp.data() + offset + 2 * C, S, hs, Stride(C3));
      Strided<T> dq(dinp.data() + offset, S, hs, Stride(C3));
      Strided<T> dk(dinp.data() + offset + C, S, hs, Stride(C3));
      Strided<T> dv(dinp.data() + offset + 2 * C, S, hs, Stride(C3));
      const StridedConst<T> dy(dout.data() + b * S * C + h * hs, S, hs, Stride(C));
      const SquareConst<T> a(att.data() + (b * NH + h) * S * S, S, S);
      Square<T> ds(scratch.data() + (b * NH + h) * S * S, S, S);
      // y = a v: dv += aᵀ dy, da = dy vᵀ.
      dv.noalias() += a.transpose() * dy;
      ds.noalias() = dy * v.transpose();
      // Softmax Jacobian per row: ds = a ⊙ (da - Σ_u a da), then the 1/sqrt(hs) scale.
      // Entries above the diagonal have a = 0, so they vanish.
      for (Index t = 0; t < S; t++) {
        const RowArrayConst<T> weights(a.row(t).data(), t + 1);
        RowArray<T> dscores(ds.row(t).data(), t + 1);
        const T weighted = (weights * dscores).sum();
        dscores = weights * (dscores - weighted) * scale;
        ds.row(t).tail(S - t - 1).setZero();
      }
      // scores = q kᵀ: dq += ds k, dk += dsᵀ q.
      dq.noalias() += ds * k;
      dk.noalias() += ds.transpose() * q;
    }
  }
}

#define LLMLAB_INSTANTIATE(T)                                                                      \
  template void attention_forward<T>(std::span<T>, std::span<T>, std::span<const T>, int, int,     \
                                     int, int);                                                    \
  template void attention_backward<T>(std::span<T>, std::span<T>, std::span<const T>,              \
                                      std::span<const T>, std::span<const T>, int, int, int, int); \
  template void attention_forward_reference<T>(std::span<T>, std::span<T>, std::span<const T>,     \
                                               int, int, int, int);                                \
  template void attention_backward_reference<T>(std::span<T>, std::span<const T>,                  \
                                                std::span<const T>, std::span<const T>, int, int,  \
                                                int, int);
LLMLAB_INSTANTIATE(float)
LLMLAB_INSTANTIATE(double)
#undef LLMLAB_INSTANTIATE

}  // namespace llmlab::nn
