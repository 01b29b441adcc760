// Conversions between the numeric value kinds and num::NdArray.
#include "runtime/nd_values.hpp"

#include <utility>

#include "num/nd_shape.hpp"

namespace llmlab::runtime {

num::NdArray as_nd_array(const Value& value) {
  if (value.is_nd_array()) return value.nd_value();
  return num::NdArray::from_matrix(value.as_matrix());
}

std::vector<double> linear_elements(const Value& value) {
  const num::NdArray array = as_nd_array(value);
  const num::Matrix& storage = array.pages();
  std::vector<double> elements(static_cast<std::size_t>(array.size()));
  for (num::Index k = 0; k < array.size(); ++k) {
    const num::Index at = num::offset_of(array.dims(), k);
    elements[static_cast<std::size_t>(k)] =
        storage.is_complex() ? storage.complex_at(at).real() : storage[at];
  }
  return elements;
}

num::Dims dims_of(const Value& value) {
  if (value.is_nd_array()) return value.nd_value().dims();
  const num::Matrix m = value.as_matrix();
  return {m.rows(), m.columns()};
}

Value nd_result(num::NdArray array, bool logical) {
  if (array.ndims() >= 3) return Value::nd_array(std::move(array), logical);
  return Value::matrix(array.to_matrix(), logical);
}

Value folded_to_matrix(const Value& value) {
  if (!value.is_nd_array()) return value;
  const num::NdArray& array = value.nd_value();
  const num::Dims folded = num::subscript_extents(array.dims(), 2);
  return Value::matrix(num::reshaped(array, folded).to_matrix(), value.num_class());
}

}  // namespace llmlab::runtime
