// Conversions between the numeric value kinds and num::NdArray.
#include "runtime/nd_values.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>

#include "base/error.hpp"
#include "base/messages/values.hpp"
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

namespace {

std::string extents_text(const num::Dims& dims) {
  std::string text;
  for (std::size_t k = 0; k < dims.size(); ++k)
    text += (k > 0 ? "×" : "") + std::to_string(dims[k]);
  return text;
}

// The parts joined along 0-based `dim`, worded for `[ ]` when two disagree.
num::NdArray joined(int dim, const std::vector<num::NdArray>& parts) {
  const int mismatch = num::concatenation_mismatch(dim, parts);
  if (mismatch >= 0) {
    throw Error(fmt::format(messages::nd_concat_mismatch, dim == 1 ? "horizontal" : "vertical",
                            extents_text(parts[0].dims()),
                            extents_text(parts[static_cast<std::size_t>(mismatch)].dims())));
  }
  return num::concatenated(dim, parts);
}

}  // namespace

Value concatenate_nd_rows(const std::vector<std::vector<Value>>& rows) {
  bool logical = true;
  std::vector<num::NdArray> joined_rows;
  for (const std::vector<Value>& row : rows) {
    std::vector<num::NdArray> parts;
    for (const Value& element : row) {
      if (!is_numeric_or_nd(element)) {
        throw Error(fmt::format(messages::concat_with_nd_array, element.kind_name()));
      }
      logical = logical && element.is_logical();
      num::NdArray part = as_nd_array(element);
      if (!part.empty()) parts.push_back(std::move(part));
    }
    if (!parts.empty()) joined_rows.push_back(joined(1, parts));
  }
  if (joined_rows.empty()) return Value::matrix(num::Matrix(0, 0));
  return nd_result(joined(0, joined_rows), logical);
}

Value folded_to_matrix(const Value& value) {
  if (!value.is_nd_array()) return value;
  const num::NdArray& array = value.nd_value();
  const num::Dims folded = num::subscript_extents(array.dims(), 2);
  return Value::matrix(num::reshaped(array, folded).to_matrix(), value.num_class());
}

}  // namespace llmlab::runtime
