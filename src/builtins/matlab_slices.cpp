// The slice dispatch shared by the MATLAB-compatible builtins (see matlab_slices.hpp).
#include "builtins/matlab_slices.hpp"

#include <string>

namespace llmlab::builtins::matlab {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

Slices plan_slices(const Value& x, std::optional<int> dim) {
  if (!x.is_array()) return Slices::Whole;
  if (x.is(Kind::Vector)) return dim == 1 ? Slices::EachElement : Slices::Whole;
  const num::Matrix& m = x.matrix_value();
  if (dim) return *dim == 1 ? Slices::Columns : Slices::Rows;
  if (!m.empty() && (m.rows() == 1 || m.columns() == 1)) return Slices::Whole;
  return Slices::Columns;
}

num::Matrix real_matrix(Call& call, int index) {
  num::Matrix m = call.matrix(index);
  m.demote_if_real();
  if (m.is_complex()) {
    call.fail("argument " + std::to_string(index + 1) + " must be real, got complex values");
  }
  return m;
}

num::Index slice_count(const num::Matrix& m, Slices slices) {
  switch (slices) {
    case Slices::Whole:
      return 1;
    case Slices::EachElement:
      return m.size();
    case Slices::Columns:
      return m.columns();
    case Slices::Rows:
      return m.rows();
  }
  return 0;
}

num::Index slice_length(const num::Matrix& m, Slices slices) {
  switch (slices) {
    case Slices::Whole:
      return m.size();
    case Slices::EachElement:
      return 1;
    case Slices::Columns:
      return m.rows();
    case Slices::Rows:
      return m.columns();
  }
  return 0;
}

std::vector<double> slice_values(const num::Matrix& m, Slices slices, num::Index k) {
  std::vector<double> values;
  values.reserve(static_cast<std::size_t>(slice_length(m, slices)));
  switch (slices) {
    case Slices::Whole:
      for (num::Index i = 0; i < m.size(); ++i) values.push_back(m[i]);
      break;
    case Slices::EachElement:
      values.push_back(m[k]);
      break;
    case Slices::Columns:
      for (num::Index row = 0; row < m.rows(); ++row) values.push_back(m(row, k));
      break;
    case Slices::Rows:
      for (num::Index column = 0; column < m.columns(); ++column) values.push_back(m(k, column));
      break;
  }
  return values;
}

Value reduce_slices(const num::Matrix& m, Slices slices, const SliceStatistic& statistic) {
  const num::Index count = slice_count(m, slices);
  std::vector<double> results;
  results.reserve(static_cast<std::size_t>(count));
  for (num::Index k = 0; k < count; ++k) results.push_back(statistic(slice_values(m, slices, k)));
  switch (slices) {
    case Slices::Whole:
      return Value::scalar(results[0]);
    case Slices::EachElement:
      return Value::vector(num::Matrix::row(results));
    case Slices::Columns:
      return Value::matrix(num::Matrix::row(results));
    case Slices::Rows:
      break;
  }
  return Value::matrix(num::Matrix::column(results));
}

Value transform_slices(const Value& x, const num::Matrix& m, Slices slices,
                       num::Index output_length, const SliceTransform& transform) {
  const num::Index count = slice_count(m, slices);
  // Slice k's outputs land in column k (Columns, EachElement) or row k (Rows, Whole).
  const bool by_columns = slices == Slices::Columns || slices == Slices::EachElement;
  num::Matrix result =
      by_columns ? num::Matrix(output_length, count) : num::Matrix(count, output_length);
  for (num::Index k = 0; k < count; ++k) {
    const std::vector<double> values = transform(slice_values(m, slices, k));
    for (num::Index i = 0; i < output_length; ++i) {
      const double value = values[static_cast<std::size_t>(i)];
      if (by_columns) {
        result.set(i, k, value);
      } else {
        result.set(k, i, value);
      }
    }
  }
  if (slices == Slices::EachElement) {
    return output_length == 1 ? Value::vector(std::move(result)) : Value::matrix(std::move(result));
  }
  if (slices == Slices::Whole) {
    if (x.is(Kind::Vector)) return Value::vector(std::move(result));
    if (!x.is_array()) {
      return output_length == 1 ? Value::scalar(result[0]) : Value::vector(std::move(result));
    }
    // A column-shaped Matrix keeps its orientation.
    if (m.columns() == 1 && m.rows() != 1) {
      return Value::matrix(result.with_shape(output_length, 1));
    }
  }
  return Value::matrix(std::move(result));
}

Value same_shape(const Value& x, num::Matrix result) {
  if (x.is(Kind::Vector)) return Value::vector(std::move(result));
  if (x.is(Kind::Matrix)) return Value::matrix(std::move(result));
  return Value::like(x, std::move(result));
}

}  // namespace llmlab::builtins::matlab
