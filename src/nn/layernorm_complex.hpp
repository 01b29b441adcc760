// LayerNorm of complex rows, for the script builtin only (builtins.md §8 layernorm: "complex
// arithmetic; real inputs stay real"). Training never sees complex values, so no backward.
#pragma once

#include <complex>
#include <span>

namespace llmlab::nn {

// Per row: mu = sum(x) / C, var = sum(|x - mu|²) / C, y = (x - mu) / sqrt(var + eps), then
// y · gamma + beta with real gamma, beta of length C (or empty for 1 and 0).
// x, y: (N, C) row-major; y may alias x.
void layernorm_forward_complex(std::span<std::complex<double>> y,
                               std::span<const std::complex<double>> x,
                               std::span<const double> gamma, std::span<const double> beta, int N,
                               int C, double eps);

}  // namespace llmlab::nn
