// The one slice dispatch (see slices.hpp).
#include "builtins/slices.hpp"

#include "builtins/kinds.hpp"

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

}  // namespace llmlab::builtins
