// The one slice dispatch (see slices.hpp).
#include "builtins/slices.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/messages/arguments.hpp"
#include "base/messages/arrays.hpp"
#include "builtins/kinds.hpp"
#include "num/nd_shape.hpp"
#include "runtime/nd_values.hpp"

namespace llmlab::builtins {

using num::Along;
using runtime::Kind;
using runtime::Value;

Plan plan_reduction(const Value& x, std::optional<int> dim) {
  if (is_scalar_kind(x)) return {Action::Unchanged, Along::All};
  const num::Matrix& m = x.matrix_value();
  if (x.is(Kind::Vector)) {
    if (dim == 1) return {Action::Unchanged, Along::All};
    return {Action::Reduce, Along::All};
  }
  if (is_one_dimensional(m)) {
    if (dim == 1 && m.rows() == 1 && m.columns() > 1) return {Action::Reduce, Along::Columns};
    if (dim == 2 && m.columns() == 1 && m.rows() > 1) return {Action::Reduce, Along::Rows};
    return {Action::Reduce, Along::All};
  }
  return {Action::Reduce, dim == 2 ? Along::Rows : Along::Columns};
}

Plan plan_slices(const Value& x, std::optional<int> dim) {
  if (is_scalar_kind(x) || !x.is_array()) return {Action::Unchanged, Along::All};
  const num::Matrix& m = x.matrix_value();
  if (x.is(Kind::Vector)) return {dim == 1 ? Action::Unchanged : Action::Reduce, Along::All};
  if (dim) return {Action::Reduce, *dim == 1 ? Along::Columns : Along::Rows};
  return {Action::Reduce, is_one_dimensional(m) ? Along::All : Along::Columns};
}

Along along_of(const Value& x, const Plan& plan) {
  if (plan.action == Action::Unchanged && x.is(Kind::Vector)) return Along::Columns;
  return plan.along;
}

Value per_slice_value(const Value& x, const Plan& plan, num::Matrix result) {
  if (along_of(x, plan) == Along::All) return Value::scalar(result[0]);
  if (x.is(Kind::Vector)) return Value::vector(std::move(result));
  return Value::matrix(std::move(result));
}

Value transformed_value(const Value& x, num::Matrix result) {
  if (!x.is_array()) {
    return result.size() == 1 ? Value::scalar(result[0]) : Value::vector(std::move(result));
  }
  if (x.is(Kind::Vector) && result.rows() == 1) return Value::vector(std::move(result));
  return Value::matrix(std::move(result));
}

bool matlab_trailing_dim(const runtime::Call& call, int index) {
  return call.has(index) && call.session().dialect() == lang::Dialect::Matlab &&
         !call.value(0).is_nd_array() && call.value(index).is(Kind::Scalar) &&
         call.value(index).scalar_value() > 2.0;
}

bool vecdim_flag(const runtime::Call& call, int index) {
  return call.has(index) && call.value(index).is_array() &&
         call.value(index).matrix_value().size() >= 2;
}

std::vector<int> nd_dims_argument(const runtime::Call& call, int index, const num::Dims& dims) {
  if (!call.has(index)) return {num::first_non_singleton_dim(dims)};
  if (!vecdim_flag(call, index)) return {call.nd_dim_argument(index)};
  const num::Matrix& given = call.value(index).matrix_value();
  std::vector<int> along;
  for (num::Index k = 0; k < given.size(); ++k) {
    const double dim = given.complex_at(k).real();
    const bool valid = dim >= 1.0 && dim == std::floor(dim) && dim <= 1e9 && given.is_real();
    if (!valid || std::find(along.begin(), along.end(), static_cast<int>(dim) - 1) != along.end()) {
      call.fail(messages::bad_vecdim);
    }
    along.push_back(static_cast<int>(dim) - 1);
  }
  return along;
}

Value nd_reduce(const num::NdArray& array, std::span<const int> along,
                const SliceStatistic& statistic, bool logical) {
  if (*std::min_element(along.begin(), along.end()) >= array.ndims()) {
    return runtime::nd_result(array);
  }
  num::Matrix reduced = statistic(num::slices_along(array, along), Along::Columns);
  reduced.demote_if_real();
  return runtime::nd_result(num::reshaped(num::NdArray::from_matrix(std::move(reduced)),
                                          num::reduced_dims(array.dims(), along)),
                            logical);
}

Value nd_reduce_call(runtime::Call& call, int dim_index, const SliceStatistic& statistic,
                     bool logical) {
  require_numeric_or_nd(call, call.value(0));
  const num::NdArray array = runtime::as_nd_array(call.value(0));
  return nd_reduce(array, nd_dims_argument(call, dim_index, array.dims()), statistic, logical);
}

std::vector<Value> nd_transform(const num::NdArray& array, int dim,
                                const SliceTransform& transform) {
  std::vector<Value> outputs;
  for (num::Matrix& slices : transform(num::slices_along(array, dim))) {
    num::Dims dims = array.dims();
    if (dims.size() <= static_cast<std::size_t>(dim))
      dims.resize(static_cast<std::size_t>(dim) + 1, 1);
    dims[static_cast<std::size_t>(dim)] = slices.rows();
    slices.demote_if_real();
    outputs.push_back(runtime::nd_result(num::from_slices_along(slices, dims, dim)));
  }
  return outputs;
}

std::optional<int> nd_transform_dim(const runtime::Call& call, int dim_index) {
  const Value& x = call.value(0);
  if (x.is_nd_array()) {
    if (!call.has(dim_index)) return num::first_non_singleton_dim(x.nd_value().dims());
    return call.nd_dim_argument(dim_index);
  }
  if (matlab_trailing_dim(call, dim_index)) return call.nd_dim_argument(dim_index);
  return std::nullopt;
}

Value nd_transform_call(runtime::Call& call, int dim, const SliceTransform& transform) {
  require_numeric_or_nd(call, call.value(0));
  const num::NdArray array = runtime::as_nd_array(call.value(0));
  if (array.is_complex()) call.fail(fmt::format(messages::argument_must_be_real, 1));
  std::vector<Value> outputs = nd_transform(array, dim, transform);
  // A 2-D value whose outputs keep its extents keeps its kind (cummax(v, 3) of a Vector).
  const Value& x = call.value(0);
  for (Value& output : outputs) {
    if (!x.is_nd_array() && !output.is_nd_array() && runtime::dims_of(output) == array.dims()) {
      output = same_shape(x, output.as_matrix());
    }
  }
  if (call.nargout() < 2 || outputs.size() < 2) return std::move(outputs.front());
  return Value::tuple(std::move(outputs));
}

}  // namespace llmlab::builtins
