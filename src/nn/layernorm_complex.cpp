// Complex-row LayerNorm (see the header); the real kernels live in layernorm.cpp.
#include "nn/layernorm_complex.hpp"

#include <cmath>

#include "base/error.hpp"
#include "nn/threading.hpp"

namespace llmlab::nn {

void layernorm_forward_complex(std::span<std::complex<double>> y,
                               std::span<const std::complex<double>> x,
                               std::span<const double> gamma, std::span<const double> beta, int N,
                               int C, double eps) {
  LLMLAB_ASSERT(N >= 0 && C >= 0);
  LLMLAB_ASSERT(x.size() == detail::row_offset(N, C) && y.size() == x.size());
  LLMLAB_ASSERT(gamma.empty() || gamma.size() == static_cast<std::size_t>(C));
  LLMLAB_ASSERT(beta.empty() || beta.size() == static_cast<std::size_t>(C));
  for (int n = 0; n < N; ++n) {
    const std::complex<double>* xr = x.data() + detail::row_offset(n, C);
    std::complex<double>* yr = y.data() + detail::row_offset(n, C);
    std::complex<double> sum = 0.0;
    for (int c = 0; c < C; ++c) sum += xr[c];
    const std::complex<double> mu = sum / static_cast<double>(C);
    double squares = 0.0;
    for (int c = 0; c < C; ++c) squares += std::norm(xr[c] - mu);  // |z|² = re² + im²
    const double sd = std::sqrt(squares / static_cast<double>(C) + eps);
    for (int c = 0; c < C; ++c) {
      std::complex<double> value = (xr[c] - mu) / sd;
      if (!gamma.empty()) value *= gamma[static_cast<std::size_t>(c)];
      if (!beta.empty()) value += beta[static_cast<std::size_t>(c)];
      yr[c] = value;
    }
  }
}

}  // namespace llmlab::nn
