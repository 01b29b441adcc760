// Gradient rules of the page-wise products (issue #27): pagemtimes and attention. With Y = op(A)
// op(B) page by page, dA and dB are again page products of the output's gradient with the other
// operand (the transpose options chosen so no page is transposed in memory), summed over the pages
// an operand of one page was expanded to.
#include <fmt/format.h>

#include "autodiff/array_math.hpp"
#include "autodiff/attention_arguments.hpp"
#include "autodiff/graph_ops.hpp"
#include "autodiff/rules.hpp"
#include "base/messages/autodiff.hpp"
#include "base/text_case.hpp"
#include "num/nd_products.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::autodiff {

using num::NdArray;
using num::PageOperation;
using runtime::Kind;
using runtime::primal_of;

namespace {

PageOperation page_option(const RuleCall& call, std::size_t k) {
  const Value& option = primal_of(call.arguments[k]);
  if (!option.is(Kind::String)) call.fail(messages::transpose_option_not_string);
  // In any letter case, as the builtin reads it.
  const std::string name = lowercase(option.string_value());
  if (name == "none") return PageOperation::None;
  if (name == "transpose" || name == "ctranspose") return PageOperation::Transpose;
  call.fail(fmt::format(messages::unknown_transpose_option, name));
}

// The other option: op(X)ᵀ as a page product reads X with the flipped flag (real values).
PageOperation flipped(PageOperation operation) {
  return operation == PageOperation::None ? PageOperation::Transpose : PageOperation::None;
}

// The gradient of an operand of extents `dims` from a page product shaped like the output's
// pages: summed over the pages the operand was expanded to.
Matrix operand_gradient(const NdArray& product, const num::Dims& dims) {
  return storage_of(sum_to(runtime::nd_result(product), dims));
}

Value pagemtimes_rule(RuleCall& call) {
  Value result = call.plain();
  const bool options = call.arguments.size() == 4;
  const std::size_t b_position = options ? 2 : 1;
  const NdArray a = runtime::as_nd_array(primal_of(call.arguments[0]));
  const NdArray b = runtime::as_nd_array(primal_of(call.arguments[b_position]));
  const PageOperation ta = options ? page_option(call, 1) : PageOperation::None;
  const PageOperation tb = options ? page_option(call, 3) : PageOperation::None;
  const num::Dims y_dims = runtime::dims_of(primal_of(result));
  const Value operands[] = {call.arguments[0], call.arguments[b_position]};
  return call.tape.record(
      std::move(result), operands, [a, b, ta, tb, y_dims](const Matrix& g, GradientSink& sink) {
        const NdArray dy = NdArray::from_pages(y_dims, g);
        if (sink.wants(0)) {
          // Y = X Z: dX = dY Zᵀ; A = X or Xᵀ.
          const NdArray da = ta == PageOperation::None
                                 ? num::page_products(dy, PageOperation::None, b, flipped(tb))
                                 : num::page_products(b, tb, dy, PageOperation::Transpose);
          sink.add(0, operand_gradient(da, a.dims()));
        }
        if (sink.wants(1) && b.page_count() == 1 && ta == PageOperation::None) {
          // One matrix B under every page of A: the sum over pages of the pages' products is
          // one GEMM over the stacked storage (dZ = Σ Aₚᵀ dYₚ).
          sink.add(1, tb == PageOperation::None ? product_transposed_left(a.pages(), dy.pages())
                                                : product_transposed_left(dy.pages(), a.pages()));
        } else if (sink.wants(1)) {
          // dZ = Xᵀ dY; B = Z or Zᵀ.
          const NdArray db = tb == PageOperation::None
                                 ? num::page_products(a, flipped(ta), dy, PageOperation::None)
                                 : num::page_products(dy, PageOperation::Transpose, a, ta);
          sink.add(1, operand_gradient(db, b.dims()));
        }
      });
}

// y = attention(q, k, v, ...): the backward pass of nn/attention_pages from the forward's
// weights. The weights output depends on q and k too but has no rule: asking for it inside a
// differentiated function is an error, never a value cut off from its gradient.
Value attention_rule(RuleCall& call) {
  if (call.nargout > 1) call.fail(messages::attention_weights_no_gradient);
  const std::vector<Value> primals = call.primals();
  const AttentionArguments arguments = read_attention_arguments(primals);
  nn::AttentionResult forward = attention_of(arguments);
  const num::Dims y_dims = forward.output.dims();
  Value result = runtime::nd_result(std::move(forward.output));
  call.tape.add_saved_bytes(static_cast<std::size_t>(forward.weights.size()) * sizeof(double));
  if (arguments.packed) {
    const Value operands[] = {call.arguments[0]};
    return call.tape.record(
        std::move(result), operands,
        [arguments, weights = std::move(forward.weights), y_dims](const Matrix& g,
                                                                  GradientSink& sink) {
          sink.add(0, nn::attention_packed_backward(NdArray::from_pages(y_dims, g), arguments.qkv,
                                                    weights, arguments.options)
                          .pages());
        });
  }
  const Value operands[] = {call.arguments[0], call.arguments[1], call.arguments[2]};
  return call.tape.record(std::move(result), operands,
                          [arguments, weights = std::move(forward.weights), y_dims](
                              const Matrix& g, GradientSink& sink) {
                            const nn::AttentionGradients gradients = nn::attention_pages_backward(
                                NdArray::from_pages(y_dims, g), arguments.q, arguments.k,
                                arguments.v, weights, arguments.options);
                            sink.add(0, gradients.dq.pages());
                            sink.add(1, gradients.dk.pages());
                            sink.add(2, gradients.dv.pages());
                          });
}

}  // namespace

extern const std::vector<NamedRule> kPageRules = {
    {"pagemtimes", pagemtimes_rule},
    {"attention", attention_rule},
};

}  // namespace llmlab::autodiff
