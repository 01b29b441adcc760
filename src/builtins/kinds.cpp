// The shared argument helpers that are not inline (see kinds.hpp).
#include "builtins/kinds.hpp"

#include <cmath>
#include <utility>

#include "num/format.hpp"

namespace llmlab::builtins {

using runtime::Kind;
using runtime::Value;

num::Matrix real_matrix(runtime::Call& call, int index) {
  num::Matrix m = call.matrix(index);
  m.demote_if_real();
  if (m.is_complex()) {
    call.fail("argument " + std::to_string(index + 1) + " must be real, got complex values");
  }
  return m;
}

Value same_shape(const Value& x, num::Matrix result) {
  if (x.is(Kind::Vector)) return Value::vector(std::move(result));
  if (x.is(Kind::Matrix)) return Value::matrix(std::move(result));
  return Value::like(x, std::move(result));
}

bool uniform_output(runtime::Call& call, int first) {
  bool uniform = true;
  for (int k = first; k < call.count(); k += 2) {
    if (!call.value(k).is(Kind::String) || call.string(k) != "UniformOutput" || !call.has(k + 1)) {
      call.fail("options are \"UniformOutput\", true or false");
    }
    uniform = call.value(k + 1).as_scalar() != 0.0;
  }
  return uniform;
}

std::optional<num::Dims> nd_size_arguments(const runtime::Call& call, int first) {
  const int given = call.count() - first;
  if (given >= 3) {
    num::Dims dims;
    for (int k = first; k < call.count(); ++k) dims.push_back(call.count_argument(k));
    return dims;
  }
  if (given != 1 || !call.value(first).is_array()) return std::nullopt;
  const num::Matrix& sizes = call.value(first).matrix_value();
  if (sizes.size() < 3) return std::nullopt;
  num::Dims dims;
  for (num::Index k = 0; k < sizes.size(); ++k) {
    // MATLAB's rule for an N-D size vector: whole numbers, a negative one counting as 0.
    const double extent = sizes[k];
    if (extent != std::floor(extent) || !(std::abs(extent) <= kLargestSize)) {
      call.fail("size vector elements must be integers, got " + num::format_shortest(extent));
    }
    dims.push_back(extent < 0 ? 0 : static_cast<num::Index>(extent));
  }
  return dims;
}

Value oriented_like(const runtime::Call& call, const Value& x, num::Matrix row) {
  if (call.session().dialect() != lang::Dialect::Matlab) return Value::vector(std::move(row));
  const num::Index rows = x.is_array() ? x.matrix_value().rows() : 1;
  const num::Index columns = x.is_array() ? x.matrix_value().columns() : 1;
  if (rows == 0 && columns == 0) return Value::matrix(num::Matrix(0, 0));
  if (rows == 1) return Value::matrix(std::move(row));
  const num::Index count = row.size();
  return Value::matrix(row.with_shape(count, 1));
}

}  // namespace llmlab::builtins
