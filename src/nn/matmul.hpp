// The linear layer of a transformer, llm.c-shaped: out = inp · weightᵀ + bias over flat row-major
// buffers, with the weight stored (OC, C) as torch.nn.Linear does. No allocation; float and double.
// Letters: N rows (tokens, B·T), C input features, OC output features.
#pragma once

#include <span>

namespace llmlab::nn {

// out (N, OC) = inp (N, C) · weight (OC, C)ᵀ + bias (OC); bias may be empty (no bias).
// Float: nn/gemm.cpp's register tiles shared by the OpenMP team; double: blocked Eigen products.
template <class T>
void matmul_forward(std::span<T> out, std::span<const T> inp, std::span<const T> weight,
                    std::span<const T> bias, int N, int C, int OC);

// out (N, OC) = residual (N, OC) + (inp · weightᵀ + bias): the linear layer with the residual
// connection after it fused into one pass over out, rounding as the two steps would. out must not
// alias residual or inp.
template <class T>
void matmul_residual_forward(std::span<T> out, std::span<const T> residual, std::span<const T> inp,
                             std::span<const T> weight, std::span<const T> bias, int N, int C,
                             int OC);

// The reference: plain triple loop, one output at a time, no threads. matmul_forward is tested
// against it.
template <class T>
void matmul_forward_reference(std::span<T> out, std::span<const T> inp, std::span<const T> weight,
                              std::span<const T> bias, int N, int C, int OC);

// Whether matmul_backward adds the input gradient to dinp or writes it over dinp's old contents
// (for a buffer this product is the only contribution to: no zeroing pass first).
enum class InputGradient { Accumulate, Overwrite };

// Accumulates (+=) dinp (N, C) = dout · weight, dweight (OC, C) = doutᵀ · inp and
// dbias (OC) = column sums of dout; with InputGradient::Overwrite, dinp is written (=) instead.
// dinp, dweight or dbias may be empty when that gradient is not wanted. dout: (N, OC);
// inp: (N, C); weight: (OC, C).
template <class T>
void matmul_backward(std::span<T> dinp, std::span<T> dweight, std::span<T> dbias,
                     std::span<const T> dout, std::span<const T> inp, std::span<const T> weight,
                     int N, int C, int OC,
                     InputGradient input_gradient = InputGradient::Accumulate);

// The reference backward: plain loops, no threads.
template <class T>
void matmul_backward_reference(std::span<T> dinp, std::span<T> dweight, std::span<T> dbias,
                               std::span<const T> dout, std::span<const T> inp,
                               std::span<const T> weight, int N, int C, int OC);

}  // namespace llmlab::nn
