// The differentiable operations of N-D arrays (issue #27): views between extents, broadcasting
// undone by summation and its transpose, and the row slices along a dim that the 2-D rules take.
#include "autodiff/graph_ops.hpp"
#include "autodiff/tape.hpp"
#include "num/nd_shape.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::autodiff {

using runtime::primal_of;

namespace {

bool is_nd(const num::Dims& dims) { return dims.size() > 2; }

// The dims along which `from` is summed to `to`: none means the same elements.
bool sums_over_some_dim(const num::Dims& from, const num::Dims& to) {
  for (std::size_t k = 0; k < from.size(); ++k) {
    if ((k < to.size() ? to[k] : 1) == 1 && from[k] != 1) return true;
  }
  return false;
}

}  // namespace

Matrix storage_of(const Value& value) {
  const Value& primal = primal_of(value);
  return primal.is_nd_array() ? primal.nd_value().pages() : primal.as_matrix();
}

Value from_storage(const Matrix& storage, const num::Dims& dims) {
  if (is_nd(dims)) {
    const auto [rows, columns] = num::storage_shape(dims);
    return Value::nd_array(num::NdArray::from_pages(dims, storage.with_shape(rows, columns)));
  }
  return plain_value(storage.with_shape(dims[0], dims[1]));
}

Value view_as(const Value& v, const num::Dims& dims) {
  const num::Dims from = runtime::dims_of(primal_of(v));
  if (from == dims) return v;
  return with_backward(from_storage(storage_of(v), dims), v,
                       [from](const Value& g, ValueSink& sink) { sink.add(0, view_as(g, from)); });
}

Value sum_to(const Value& g, const num::Dims& dims) {
  const Value& primal = primal_of(g);
  if (!is_nd(dims) && !primal.is_nd_array()) return sum_to(g, dims[0], dims[1]);
  const num::Dims from = runtime::dims_of(primal);
  if (!sums_over_some_dim(from, dims)) return view_as(g, dims);
  return with_backward(runtime::nd_result(num::summed_to(runtime::as_nd_array(primal), dims)), g,
                       [from](const Value& w, ValueSink& sink) { sink.add(0, expand(w, from)); });
}

Value expand(const Value& g, const num::Dims& dims) {
  const Value& primal = primal_of(g);
  if (!is_nd(dims) && !primal.is_nd_array()) return expand(g, dims[0], dims[1]);
  const num::Dims from = runtime::dims_of(primal);
  if (from == dims) return g;
  return with_backward(runtime::nd_result(num::expanded(runtime::as_nd_array(primal), dims)), g,
                       [from](const Value& w, ValueSink& sink) { sink.add(0, sum_to(w, from)); });
}

Value rows_along(const Value& x, int dim) {
  const Value& primal = primal_of(x);
  const num::Dims dims = runtime::dims_of(primal);
  return with_backward(
      Value::matrix(num::rows_along(runtime::as_nd_array(primal), dim)), x,
      [dims, dim](const Value& g, ValueSink& sink) { sink.add(0, from_rows_along(g, dims, dim)); });
}

Value reshaped_to(const Value& v, const num::Dims& dims) {
  const num::Dims from = runtime::dims_of(primal_of(v));
  return with_backward(
      runtime::nd_result(num::reshaped(runtime::as_nd_array(primal_of(v)), dims)), v,
      [from](const Value& g, ValueSink& sink) { sink.add(0, reshaped_to(g, from)); });
}

Value permuted_by(const Value& v, const std::vector<int>& order) {
  std::vector<int> inverse(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    inverse[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
  }
  return with_backward(
      runtime::nd_result(num::permuted(runtime::as_nd_array(primal_of(v)), order)), v,
      [inverse](const Value& g, ValueSink& sink) { sink.add(0, permuted_by(g, inverse)); });
}

Value from_rows_along(const Value& rows, const num::Dims& dims, int dim) {
  return with_backward(runtime::nd_result(num::from_rows_along(storage_of(rows), dims, dim)), rows,
                       [dim](const Value& g, ValueSink& sink) { sink.add(0, rows_along(g, dim)); });
}

}  // namespace llmlab::autodiff
