// MATLAB's string class: conversion to strings and the operators (string_class.hpp).
#include "runtime/string_class.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "runtime/char_matrix.hpp"

namespace llmlab::runtime {

std::string number_as_text(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Inf" : "-Inf";
  if (x == std::trunc(x) && std::abs(x) < 1e15) return fmt::format("{:.0f}", x);
  const int digits = std::clamp(static_cast<int>(std::floor(std::log10(std::abs(x)))) + 5, 1, 16);
  return fmt::format("{:.{}g}", x, digits);
}

StringGrid string_grid(const Value& value) {
  StringGrid grid;
  if (value.is(Kind::StringArray)) {
    grid.items = value.string_array_value();
    grid.rows = std::max<std::int64_t>(value.string_array_rows(), 1);
  } else if (value.is(Kind::String)) {
    grid.items = {value.string_value()};
  } else if (is_char_matrix(value)) {
    grid.items = text_rows(value);
    grid.rows = static_cast<std::int64_t>(grid.items.size());
  } else if (value.is(Kind::Bool)) {
    grid.items = {value.bool_value() ? "true" : "false"};
  } else if (value.is_numeric()) {
    const num::Matrix m = value.as_matrix();
    for (num::Index c = 0; c < m.columns(); ++c) {
      for (num::Index r = 0; r < m.rows(); ++r) grid.items.push_back(number_as_text(m(r, c)));
    }
    grid.rows = std::max<num::Index>(m.rows(), 1);
  } else {
    throw Error(fmt::format("cannot convert a {} to a string", value.kind_name()));
  }
  const auto count = static_cast<std::int64_t>(grid.items.size());
  if (count == 0) grid.rows = 0;
  grid.columns = grid.rows == 0 ? 0 : count / grid.rows;
  return grid;
}

Value string_value_of(StringGrid grid) {
  return Value::string_matrix(std::move(grid.items), grid.rows);
}

namespace {

// Whether `order` (a three-way comparison of two texts) satisfies the comparison operator.
bool compares(lang::BinaryOp op, int order) {
  switch (op) {
    case lang::BinaryOp::Equal:
      return order == 0;
    case lang::BinaryOp::NotEqual:
      return order != 0;
    case lang::BinaryOp::Less:
      return order < 0;
    case lang::BinaryOp::LessEqual:
      return order <= 0;
    case lang::BinaryOp::Greater:
      return order > 0;
    default:
      return order >= 0;
  }
}

bool is_string_comparison(lang::BinaryOp op) {
  return op == lang::BinaryOp::Equal || op == lang::BinaryOp::NotEqual ||
         op == lang::BinaryOp::Less || op == lang::BinaryOp::LessEqual ||
         op == lang::BinaryOp::Greater || op == lang::BinaryOp::GreaterEqual;
}

// The shape two grids pair up in: equal shapes, or one of them a single text.
StringGrid paired_shape(const StringGrid& a, const StringGrid& b) {
  if (a.items.size() == 1) return b;
  if (b.items.size() == 1 || (a.rows == b.rows && a.columns == b.columns)) return a;
  throw Error(fmt::format("string sizes do not match ({}x{} vs {}x{})", a.rows, a.columns, b.rows,
                          b.columns));
}

}  // namespace

Value string_binary_operation(lang::BinaryOp op, const Value& left, const Value& right) {
  const bool comparison = is_string_comparison(op);
  if (op != lang::BinaryOp::Add && !comparison) {
    throw Error("this operator is not defined for strings; + joins them and ==, <, ... compare");
  }
  const StringGrid a = string_grid(left);
  const StringGrid b = string_grid(right);
  StringGrid result = paired_shape(a, b);
  const std::size_t count = result.items.size();
  const auto at = [count](const StringGrid& grid, std::size_t k) -> const std::string& {
    return grid.items[grid.items.size() == 1 && count != 1 ? 0 : k];
  };
  if (!comparison) {
    for (std::size_t k = 0; k < count; ++k) result.items[k] = at(a, k) + at(b, k);
    return string_value_of(std::move(result));
  }
  num::Matrix truth(result.rows, result.columns);
  for (std::size_t k = 0; k < count; ++k) {
    const int order = at(a, k).compare(at(b, k));
    const auto flat = static_cast<num::Index>(k);
    truth.set(flat % result.rows, flat / result.rows, compares(op, order) ? 1.0 : 0.0);
  }
  if (count == 1) return Value::boolean(truth(0, 0) != 0.0);
  return Value::matrix(std::move(truth), true);
}

}  // namespace llmlab::runtime
