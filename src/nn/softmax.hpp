// Row softmax, log-softmax and cross-entropy, llm.c-shaped. No allocation; float and double.
// Letters: N rows, C (or V, the vocabulary) entries per row. All buffers are row-major.
#pragma once

#include <span>

namespace llmlab::nn {

// out[n, :] = exp(in[n, :] - m) / sum(exp(in[n, :] - m)), m the row maximum by fmax starting
// from -inf (NaN entries do not pick the maximum). Exactly IEEE, as builtins.md §8 requires:
// -inf entries get 0; a row of all -inf, any +inf or any NaN gives a row of NaN.
// in, out: (N, C); out may alias in.
template <class T>
void softmax_forward(std::span<T> out, std::span<const T> in, int N, int C);

// The reference: libm's exp, sequential sums, one row at a time, no threads.
template <class T>
void softmax_forward_reference(std::span<T> out, std::span<const T> in, int N, int C);

// out[n, k] = (in[n, k] - m) - log(sum_j exp(in[n, j] - m)). -inf entries give -inf; a row of
// all -inf gives NaN (as softmax). in, out: (N, C); out may alias in.
template <class T>
void log_softmax_forward(std::span<T> out, std::span<const T> in, int N, int C);

// Accumulates (+=) dinp = p * (dout - sum(dout * p)) per row. probs: (N, C) from
// softmax_forward; dinp, dout: (N, C).
template <class T>
void softmax_backward(std::span<T> dinp, std::span<const T> probs, std::span<const T> dout, int N,
                      int C);

// Accumulates (+=) dinp = dout - exp(out) * sum(dout) per row. out: (N, C) from
// log_softmax_forward; dinp, dout: (N, C).
template <class T>
void log_softmax_backward(std::span<T> dinp, std::span<const T> out, std::span<const T> dout, int N,
                          int C);

// llm.c's cross-entropy on probabilities: losses[n] = -log(probs[n, targets[n]]).
// probs: (N, V) from softmax_forward; targets: (N) 0-based classes in [0, V); losses: (N).
template <class T>
void crossentropy_forward(std::span<T> losses, std::span<const T> probs,
                          std::span<const int> targets, int N, int V);

// The same loss from logits without forming probabilities: losses[n] = logsumexp(logits[n, :])
// - logits[n, targets[n]], stable for large logits and exact where probs would underflow.
template <class T>
void crossentropy_from_logits_forward(std::span<T> losses, std::span<const T> logits,
                                      std::span<const int> targets, int N, int V);

// Fused softmax + cross-entropy backward: accumulates (+=)
// dlogits[n, v] = (probs[n, v] - [v == targets[n]]) * dlosses[n].
// dlogits, probs: (N, V); targets, dlosses: (N).
template <class T>
void crossentropy_softmax_backward(std::span<T> dlogits, std::span<const T> probs,
                                   std::span<const int> targets, std::span<const T> dlosses, int N,
                                   int V);

}  // namespace llmlab::nn
