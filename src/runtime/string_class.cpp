// MATLAB's string class: conversion to strings and the operators (string_class.hpp).
#include "runtime/string_class.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string_view>

#include "base/error.hpp"
#include "base/messages/values.hpp"
#include "num/format.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"

namespace llmlab::runtime {

std::string number_as_text(double x) { return num::format_num2str(x); }

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
    throw Error(fmt::format(messages::string_conversion_kind, value.kind_name()));
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
  throw Error(fmt::format(messages::string_sizes_mismatch, a.rows, a.columns, b.rows, b.columns));
}

}  // namespace

Value string_binary_operation(lang::BinaryOp op, const Value& left, const Value& right) {
  const bool comparison = is_string_comparison(op);
  if (op != lang::BinaryOp::Add && !comparison) {
    throw Error(std::string(messages::string_operator_undefined));
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

namespace {

enum class Element { String, Char };

// The strings of a string-class value (or any value string_grid converts) as a cell of their
// shape holding string scalars or char rows.
CellArray strings_as_cell(const Value& strings, Element element) {
  StringGrid grid = string_grid(strings);
  CellArray cells;
  cells.rows = grid.rows;
  cells.columns = grid.columns;
  for (std::string& text : grid.items) {
    cells.items.push_back(element == Element::String ? Value::string_scalar(std::move(text))
                                                     : Value::string(std::move(text)));
  }
  return cells;
}

}  // namespace

CellArray string_cells(const Value& strings) { return strings_as_cell(strings, Element::String); }

Value strings_from_cell(const Value& cell) {
  const CellArray& cells = cell.cell_value();
  StringGrid grid;
  grid.rows = cells.rows;
  grid.columns = cells.columns;
  for (const Value& item : cells.items)
    grid.items.push_back(item.is_text() ? item.string_value() : "");
  return string_value_of(std::move(grid));
}

namespace {

// f() run on the cell that stands for a string array, its errors worded for the string array
// ("index 5 out of bounds (string array has 2 elements)", not "(cell has ...").
template <class F>
auto worded_for_strings(F f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& error) {
    std::string message = error.what();
    for (const std::string_view cell : {"cell arrays", "cell"}) {
      const std::size_t at = message.find(cell);
      if (at == std::string::npos) continue;
      message.replace(at, cell.size(), cell.size() == 4 ? "string array" : "string arrays");
      break;
    }
    throw Error(message);
  }
}

}  // namespace

Value string_class_read(const Value& strings, std::span<const Value> subscripts) {
  const Value cell = Value::cell(strings_as_cell(strings, Element::String));
  return strings_from_cell(worded_for_strings([&] { return cell_paren_read(cell, subscripts); }));
}

Value string_class_brace_read(const Value& strings, std::span<const Value> subscripts) {
  const Value cell = Value::cell(strings_as_cell(strings, Element::Char));
  return worded_for_strings([&] { return cell_brace_read(cell, subscripts); });
}

void string_class_assign(Value& target, bool defined, std::string_view name,
                         std::span<const Value> subscripts, const Value& rhs) {
  Value cell = Value::cell(defined ? strings_as_cell(target, Element::String) : CellArray{});
  const Value strings = Value::cell(strings_as_cell(rhs, Element::String));
  worded_for_strings([&] { cell_paren_assign(cell, true, name, subscripts, strings); });
  target = strings_from_cell(cell);
}

void string_class_delete(Value& target, std::span<const Value> subscripts) {
  Value cell = Value::cell(strings_as_cell(target, Element::String));
  worded_for_strings([&] { cell_delete(cell, subscripts); });
  target = strings_from_cell(cell);
}

double string_class_end(const Value& strings, int position, int count) {
  return cell_end_value(strings_as_cell(strings, Element::String), position, count);
}

}  // namespace llmlab::runtime
