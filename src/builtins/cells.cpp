// Cell-array builtins (language.md §13.12): iscell, cell(n) / cell(r, c), num2cell, cell2mat,
// and cellfun over cells and string arrays (rlab's cell of strings).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "runtime/literals.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::builtins {

namespace {

using runtime::Call;
using runtime::CellArray;
using runtime::Kind;
using runtime::Value;

// cell(n): n×n empty matrices, as MATLAB; cell(r, c): r×c; cell([r, c]) the same.
Value cell(Call& call) {
  std::int64_t rows = 0, columns = 0;
  if (call.count() == 2) {
    rows = call.count_argument(0);
    columns = call.count_argument(1);
  } else if (call.value(0).is_array()) {
    const num::Matrix size = call.matrix(0);
    if (size.size() != 2) call.fail("a size vector must have two elements [rows, columns]");
    for (const double extent : {size[0], size[1]}) {
      if (!(extent >= 0 && extent <= 1e9 && extent == std::floor(extent))) {
        call.fail("sizes must be non-negative integers");
      }
    }
    rows = static_cast<std::int64_t>(size[0]);
    columns = static_cast<std::int64_t>(size[1]);
  } else {
    rows = columns = call.count_argument(0);
  }
  CellArray cells;
  cells.rows = rows;
  cells.columns = columns;
  cells.items.assign(static_cast<std::size_t>(rows * columns), Value::matrix(num::Matrix(0, 0)));
  if (cells.items.empty()) cells.rows = cells.columns = 0;
  return Value::cell(std::move(cells));
}

// num2cell(x): each element of a numeric array in a cell of the same shape (a row for a vector);
// each string of a string array.
Value num2cell(Call& call) {
  const Value& x = call.value(0);
  if (x.is(Kind::StringArray)) {
    std::vector<Value> items;
    for (const std::string& s : x.string_array_value()) items.push_back(Value::string(s));
    return Value::cell(CellArray::row(std::move(items)));
  }
  // Cell arrays have two dims; MATLAB's N-D cell result has no value kind here yet.
  if (x.is_nd_array()) call.fail("an N-D array needs an N-D cell array, which llmlab lacks");
  const num::Matrix m = call.matrix(0);
  CellArray cells;
  cells.rows = x.is(Kind::Vector) ? (m.empty() ? 0 : 1) : m.rows();
  cells.columns = x.is(Kind::Vector) ? m.size() : m.columns();
  for (num::Index c = 0; c < cells.columns; ++c) {
    for (num::Index r = 0; r < cells.rows; ++r) {
      const num::Complex element = x.is(Kind::Vector) ? m.complex_at(c) : m.complex_at(r, c);
      cells.items.push_back(element.imag() == 0.0 ? Value::scalar(element.real())
                                                  : Value::complex(element));
    }
  }
  return Value::cell(std::move(cells));
}

// cell2mat(c): the elements joined as the matrix literal [c{1,1}, c{1,2}, ...; c{2,1}, ...]
// joins them (MATLAB's block concatenation; the same shape rules and errors).
Value cell2mat(Call& call) {
  const Value& input = call.value(0);
  // {} is an empty string array in rlab: [] as for an empty cell.
  if (input.is(Kind::StringArray) && input.string_array_value().empty()) {
    return runtime::concatenate({{}});
  }
  if (input.is(Kind::StringArray)) {
    std::string joined;
    for (const std::string& s : input.string_array_value()) joined += s;
    return Value::string(std::move(joined));
  }
  if (!input.is(Kind::Cell)) {
    call.fail(fmt::format("argument must be a cell array, got {}", input.kind_name()));
  }
  const CellArray& cells = input.cell_value();
  if (cells.items.empty()) return runtime::concatenate({{}});
  std::vector<std::vector<Value>> rows(static_cast<std::size_t>(cells.rows));
  for (num::Index r = 0; r < cells.rows; ++r) {
    for (num::Index c = 0; c < cells.columns; ++c) {
      const Value& item = cells.items[static_cast<std::size_t>(c * cells.rows + r)];
      if (item.is(Kind::Cell)) call.fail("a cell inside the cell cannot become a matrix");
      rows[static_cast<std::size_t>(r)].push_back(item);
    }
  }
  return runtime::concatenate(rows);
}

// cellfun(f, c [, "UniformOutput", tf]): f on every element of a cell (column-major) or every
// string of a string array. Uniform results must be numbers or bools and form a vector (a
// matrix for a cell of several rows), a logical one when all are bools; with "UniformOutput",
// false they form a cell of the same shape — a string array when the input was one and every
// result is a string (rlab's array of strings).
Value cellfun(Call& call) {
  const Value& input = call.value(1);
  CellArray cells;
  const bool strings_in = input.is(Kind::StringArray);
  if (strings_in) {
    std::vector<Value> items;
    for (const std::string& s : input.string_array_value()) items.push_back(Value::string(s));
    cells = CellArray::row(std::move(items));
  } else if (input.is(Kind::Cell)) {
    cells = input.cell_value();
  } else {
    call.fail(fmt::format("argument 2 must be a cell array or a string array, got {}",
                          input.kind_name()));
  }
  const bool uniform = uniform_output(call, 2);
  std::vector<Value> results;
  results.reserve(cells.items.size());
  for (const Value& item : cells.items) results.push_back(call.invoke(call.value(0), {item}));
  if (!uniform) {
    bool all_strings = strings_in;
    for (const Value& result : results) all_strings = all_strings && result.is(Kind::String);
    if (all_strings) {
      std::vector<std::string> texts;
      for (const Value& result : results) texts.push_back(result.string_value());
      return Value::string_array(std::move(texts));
    }
    CellArray out;
    out.rows = cells.rows;
    out.columns = cells.columns;
    out.items = std::move(results);
    return Value::cell(std::move(out));
  }
  const bool as_matrix = cells.rows > 1;
  // Numbers that depend on the input of grad are joined as the literal [a, b; c, d] joins them,
  // so the result keeps their gradients.
  if (std::any_of(results.begin(), results.end(),
                  [](const Value& result) { return result.is(Kind::Tracked); })) {
    std::vector<std::vector<Value>> rows(as_matrix ? cells.rows : 1);
    for (std::size_t k = 0; k < results.size(); ++k) {
      if (!runtime::primal_of(results[k]).is(Kind::Scalar)) {
        call.fail(fmt::format(
            "item {} gave a non-scalar {}; use \"UniformOutput\", false for results that are "
            "not numbers",
            k + 1, results[k].kind_name()));
      }
      rows[as_matrix ? k % static_cast<std::size_t>(cells.rows) : 0].push_back(results[k]);
    }
    return runtime::concatenate(rows);
  }
  num::Matrix numbers(as_matrix ? cells.rows : 1,
                      as_matrix ? cells.columns : cells.columns * cells.rows, 0.0);
  bool all_bools = !results.empty();
  for (std::size_t k = 0; k < results.size(); ++k) {
    const Value& result = results[k];
    if (!(result.is(Kind::Scalar) || result.is(Kind::Bool))) {
      call.fail(fmt::format(
          "item {} gave {}; use \"UniformOutput\", false for results that are not numbers", k + 1,
          result.kind_name()));
    }
    all_bools = all_bools && result.is(Kind::Bool);
    const auto position = static_cast<num::Index>(k);
    if (as_matrix) {
      numbers.set(position % cells.rows, position / cells.rows, result.scalar_value());
    } else {
      numbers.set(position, result.scalar_value());
    }
  }
  if (as_matrix) return Value::matrix(std::move(numbers), all_bools);
  return Value::vector(std::move(numbers), all_bools);
}

}  // namespace

const BuiltinTable kCellBuiltins = {
    {"cell", cell, 1, 2,
     "cell(n): an n×n cell of empty matrices; cell(r, c) or cell([r, c]): r×c. "
     "Example: c = cell(1, 3)"},
    {"num2cell", num2cell, 1, 1,
     "Each element of an array (or string of a string array) in its own cell. "
     "Example: num2cell([1, 2, 3])"},
    {"cell2mat", cell2mat, 1, 1,
     "The elements of a cell joined into one array, as [c{1,1}, c{1,2}; c{2,1}, c{2,2}] "
     "would join them. Example: cell2mat({[1 2], 3; [4 5], 6})"},
    {"cellfun", cellfun, 2, 4,
     "cellfun(f, c): f on every element of a cell (or string of a string array), the numbers "
     "as a vector; \"UniformOutput\", false gives a cell (a string array for strings). "
     "Example: cellfun(@numel, {1, [1 2], \"abc\"})"},
};

}  // namespace llmlab::builtins
