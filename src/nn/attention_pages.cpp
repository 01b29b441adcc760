// Attention over pages: the general path (any scale, mask or page broadcast) in page products,
// and the causal self-attention of one T×C×B array through the fused kernels of attention.hpp,
// whose (B, T, C) buffers are exactly such an array's storage.
#include "nn/attention_pages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <limits>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/attention.hpp"
#include "base/messages/system.hpp"
#include "nn/attention.hpp"
#include "nn/softmax.hpp"
#include "num/nd_products.hpp"
#include "num/nd_shape.hpp"

namespace llmlab::nn {

using num::Dims;
using num::Index;
using num::Matrix;
using num::NdArray;
using num::PageOperation;

namespace {

int checked_int(Index value) {
  if (value > INT_MAX) throw Error(std::string(messages::attention_arrays_too_large));
  return static_cast<int>(value);
}

// x (T×C×…) as T×(C/H)×H×…: head h's columns are page h (MATLAB's reshape).
NdArray split_heads(const NdArray& x, Index heads) {
  Dims dims = {x.extent(0), x.extent(1) / heads, heads};
  dims.insert(dims.end(), x.dims().begin() + 2, x.dims().end());
  return num::reshaped(x, dims);
}

// The inverse: T×d×H×… as T×(H·d)×….
NdArray join_heads(const NdArray& x) {
  Dims dims = {x.extent(0), x.extent(1) * x.extent(2)};
  for (int k = 3; k < x.ndims(); ++k) dims.push_back(x.extent(k));
  return num::reshaped(x, dims);
}

// q, k and v's extents fit one another and the heads (the extents alone: the packed form checks
// its thirds without making them).
void check_extents(const Dims& q, const Dims& k, const Dims& v, const AttentionOptions& options) {
  const Index heads = options.heads;
  if (heads < 1)
    throw Error(fmt::format(messages::spoken_by, "attention",
                            fmt::format(messages::must_be_positive_integer, "heads")));
  if (q[1] % heads != 0 || v[1] % heads != 0) {
    throw Error(fmt::format(messages::attention_heads_do_not_divide, heads, q[1], v[1]));
  }
  if (q[1] != k[1]) {
    throw Error(fmt::format(messages::attention_query_key_columns_disagree, q[1], k[1]));
  }
  if (k[0] != v[0]) {
    throw Error(fmt::format(messages::attention_key_value_rows_disagree, k[0], v[0]));
  }
  if (options.causal && q[0] != k[0]) {
    throw Error(fmt::format(messages::attention_causal_needs_square, q[0], k[0]));
  }
  if (num::element_count(q) == 0 || num::element_count(k) == 0 || num::element_count(v) == 0) {
    throw Error(fmt::format(messages::spoken_by, "attention",
                            fmt::format(messages::must_be_non_empty, "q, k and v")));
  }
}

void check_shapes(const NdArray& q, const NdArray& k, const NdArray& v,
                  const AttentionOptions& options) {
  check_extents(q.dims(), k.dims(), v.dims(), options);
  if (q.is_complex() || k.is_complex() || v.is_complex()) {
    throw Error(fmt::format(messages::spoken_by, "attention",
                            fmt::format(messages::must_be_real, "q, k and v")));
  }
}

double scale_of(const NdArray& q, const AttentionOptions& options) {
  return options.scale ? *options.scale
                       : 1.0 / std::sqrt(static_cast<double>(q.extent(1) / options.heads));
}

// The fused kernels take causal self-attention with the default scale over one array of pages.
bool fused_applies(const Dims& q, const Dims& k, const Dims& v, const AttentionOptions& options) {
  return options.causal && !options.scale && q.size() <= 3 && q == k && q == v;
}

struct FusedShape {
  int B, T, C, NH;
};

// q's extents T×C×B (B 1 for a 2-D q).
FusedShape fused_shape(const Dims& q, const AttentionOptions& options) {
  return {checked_int(q.size() > 2 ? q[2] : 1), checked_int(q[0]), checked_int(q[1]),
          options.heads};
}

// (B, T, 3C): each token's q, k and v rows side by side.
std::vector<double> packed(const NdArray& q, const NdArray& k, const NdArray& v) {
  const auto C = static_cast<std::size_t>(q.extent(1));
  const auto rows = static_cast<std::size_t>(q.pages().rows());
  std::vector<double> inp(rows * 3 * C);
  const NdArray* parts[] = {&q, &k, &v};
  for (std::size_t part = 0; part < 3; ++part) {
    std::span<const double> from = parts[part]->pages().real_values();
    for (std::size_t r = 0; r < rows; ++r) {
      std::copy_n(from.begin() + static_cast<std::ptrdiff_t>(r * C), C,
                  inp.begin() + static_cast<std::ptrdiff_t>(r * 3 * C + part * C));
    }
  }
  return inp;
}

// The fused kernels over inp, the (B, T, 3C) buffer of q, k and v side by side; `dims` are q's
// extents (T×C×B).
AttentionResult fused_forward(std::span<const double> inp, const Dims& dims,
                              const AttentionOptions& options) {
  const FusedShape s = fused_shape(dims, options);
  // attention_forward writes every element of both, the weights above the diagonal as 0.
  NdArray output = NdArray::uninitialized(dims);
  NdArray weights = NdArray::uninitialized(Dims{s.T, s.T, s.NH, s.B});
  attention_forward<double>(output.mutable_pages().mutable_real_values(),
                            weights.mutable_pages().mutable_real_values(), inp, s.B, s.T, s.C,
                            s.NH);
  return {std::move(output), std::move(weights)};
}

// The gradient of inp (B, T, 3C), an array of extents `inp_dims` (T×3C×B), from the output's
// gradient. attention_backward writes every element, so the result starts uninitialised.
NdArray fused_backward(const NdArray& dy, std::span<const double> inp, const Dims& inp_dims,
                       const NdArray& weights, const AttentionOptions& options) {
  const FusedShape s = fused_shape(dy.dims(), options);
  NdArray dinp = NdArray::uninitialized(inp_dims);
  attention_backward<double>(dinp.mutable_pages().mutable_real_values(), dy.pages().real_values(),
                             inp, weights.pages().real_values(), s.B, s.T, s.C, s.NH);
  return dinp;
}

// Part `part` (0 q, 1 k, 2 v) of a (B, T, 3C) buffer as an array of extents `dims` (T×C×B).
NdArray unpacked(std::span<const double> inp, const Dims& dims, std::size_t part) {
  NdArray result = NdArray::uninitialized(dims);
  std::span<double> to = result.mutable_pages().mutable_real_values();
  const auto C = static_cast<std::size_t>(dims[1]);
  for (std::size_t r = 0; r < to.size() / C; ++r) {
    std::copy_n(inp.begin() + static_cast<std::ptrdiff_t>(r * 3 * C + part * C), C,
                to.begin() + static_cast<std::ptrdiff_t>(r * C));
  }
  return result;
}

// Every T×S page's entries above the diagonal set to -inf (query t sees keys u <= t).
void mask_future(NdArray& scores) {
  const Index T = scores.extent(0), S = scores.extent(1);
  std::span<double> values = scores.mutable_pages().mutable_real_values();
  for (Index page = 0; page < scores.page_count(); ++page) {
    for (Index t = 0; t < T; ++t) {
      for (Index u = t + 1; u < S; ++u) {
        values[static_cast<std::size_t>((page * T + t) * S + u)] =
            -std::numeric_limits<double>::infinity();
      }
    }
  }
}

void scale_in_place(NdArray& x, double factor) {
  for (double& value : x.mutable_pages().mutable_real_values()) value *= factor;
}

}  // namespace

AttentionResult attention_pages(const NdArray& q, const NdArray& k, const NdArray& v,
                                const AttentionOptions& options) {
  check_shapes(q, k, v, options);
  if (fused_applies(q.dims(), k.dims(), v.dims(), options))
    return fused_forward(packed(q, k, v), q.dims(), options);
  const NdArray q4 = split_heads(q, options.heads);
  const NdArray k4 = split_heads(k, options.heads);
  const NdArray v4 = split_heads(v, options.heads);
  NdArray scores = num::page_products(q4, PageOperation::None, k4, PageOperation::Transpose);
  scale_in_place(scores, scale_of(q, options));
  if (options.causal) mask_future(scores);
  // The rows of the T×S pages are the storage's rows: one softmax per query.
  const int S = checked_int(scores.extent(1));
  const int rows = checked_int(scores.pages().rows());
  NdArray weights = NdArray::uninitialized(scores.dims());
  softmax_forward<double>(weights.mutable_pages().mutable_real_values(),
                          scores.pages().real_values(), rows, S);
  NdArray y4 = num::page_products(weights, PageOperation::None, v4, PageOperation::None);
  return {join_heads(y4), std::move(weights)};
}

AttentionGradients attention_pages_backward(const NdArray& dy, const NdArray& q, const NdArray& k,
                                            const NdArray& v, const NdArray& weights,
                                            const AttentionOptions& options) {
  if (fused_applies(q.dims(), k.dims(), v.dims(), options)) {
    Dims packed_dims = q.dims();
    packed_dims[1] *= 3;
    const NdArray dinp = fused_backward(dy, packed(q, k, v), packed_dims, weights, options);
    std::span<const double> gradient = dinp.pages().real_values();
    return {unpacked(gradient, q.dims(), 0), unpacked(gradient, k.dims(), 1),
            unpacked(gradient, v.dims(), 2)};
  }
  const NdArray q4 = split_heads(q, options.heads);
  const NdArray k4 = split_heads(k, options.heads);
  const NdArray v4 = split_heads(v, options.heads);
  const NdArray dy4 = split_heads(dy, options.heads);
  const NdArray dv4 =
      num::page_products(weights, PageOperation::Transpose, dy4, PageOperation::None);
  const NdArray dweights =
      num::page_products(dy4, PageOperation::None, v4, PageOperation::Transpose);
  NdArray dscores(weights.dims());
  softmax_backward<double>(dscores.mutable_pages().mutable_real_values(),
                           weights.pages().real_values(), dweights.pages().real_values(),
                           checked_int(weights.pages().rows()), checked_int(weights.extent(1)));
  scale_in_place(dscores, scale_of(q, options));
  const NdArray dq4 = num::page_products(dscores, PageOperation::None, k4, PageOperation::None);
  const NdArray dk4 =
      num::page_products(dscores, PageOperation::Transpose, q4, PageOperation::None);
  // Operands whose pages served several output pages take the sum over those pages.
  return {join_heads(num::summed_to(dq4, q4.dims())), join_heads(num::summed_to(dk4, k4.dims())),
          join_heads(num::summed_to(dv4, v4.dims()))};
}

namespace {

// qkv (T×3C×…) as its three column blocks, each T×C×….
std::array<NdArray, 3> split_qkv(const NdArray& qkv) {
  const Index C = qkv.extent(1) / 3;
  std::array<NdArray, 3> parts;
  for (Index part = 0; part < 3; ++part) {
    num::Picks picks(qkv.dims().size());
    for (std::size_t k = 0; k < picks.size(); ++k) {
      const Index from = k == 1 ? part * C : 0;
      const Index count = k == 1 ? C : qkv.dims()[k];
      for (Index p = 0; p < count; ++p) picks[k].push_back(from + p);
    }
    parts[static_cast<std::size_t>(part)] = num::read_region(qkv, picks);
  }
  return parts;
}

void check_packed(const NdArray& qkv) {
  if (qkv.extent(1) % 3 != 0) {
    throw Error(fmt::format(messages::attention_packed_columns_not_triple, qkv.extent(1)));
  }
}

Dims third_of(const NdArray& qkv) {
  Dims dims = qkv.dims();
  dims[1] /= 3;
  return dims;
}

}  // namespace

AttentionResult attention_packed(const NdArray& qkv, const AttentionOptions& options) {
  check_packed(qkv);
  const Dims dims = third_of(qkv);
  if (fused_applies(dims, dims, dims, options) && !qkv.is_complex()) {
    check_extents(dims, dims, dims, options);
    return fused_forward(qkv.pages().real_values(), dims, options);
  }
  const auto [q, k, v] = split_qkv(qkv);
  return attention_pages(q, k, v, options);
}

NdArray attention_packed_backward(const NdArray& dy, const NdArray& qkv, const NdArray& weights,
                                  const AttentionOptions& options) {
  const Dims dims = third_of(qkv);
  if (fused_applies(dims, dims, dims, options)) {
    return fused_backward(dy, qkv.pages().real_values(), qkv.dims(), weights, options);
  }
  const auto [q, k, v] = split_qkv(qkv);
  const AttentionGradients gradients = attention_pages_backward(dy, q, k, v, weights, options);
  return num::concatenated(1, std::array<NdArray, 3>{gradients.dq, gradients.dk, gradients.dv});
}

}  // namespace llmlab::nn
