// Cell-array builtins (language.md §13.12): iscell, cell(n) / cell(r, c), num2cell, cell2mat,
// and cellfun over cells and string arrays (rlab's cell of strings).
#include "builtins/cells.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/cells_structs.hpp"
#include "base/messages/language.hpp"
#include "base/text_case.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "num/nd_shape.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/char_matrix.hpp"
#include "runtime/indexing.hpp"
#include "runtime/literals.hpp"
#include "runtime/matlab_shapes.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/struct_array.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::builtins {

namespace {

using runtime::Call;
using runtime::CellArray;
using runtime::Kind;
using runtime::Value;

// cell(n): n×n empty matrices, as MATLAB; cell(d1, d2, ...): d1×d2×…; cell([d1 d2 ...]) the same.
Value cell(Call& call) {
  num::Dims dims;
  if (call.count() >= 2) {
    for (int k = 0; k < call.count(); ++k) dims.push_back(call.count_argument(k));
  } else if (call.value(0).is_array()) {
    const num::Matrix size = call.matrix(0);
    if (size.size() < 2) call.fail(messages::size_vector_too_short);
    for (num::Index k = 0; k < size.size(); ++k) {
      const double extent = size[k];
      if (!(extent >= 0 && extent <= 1e9 && extent == std::floor(extent))) {
        call.fail(fmt::format(messages::must_be_non_negative_integers, "sizes"));
      }
      dims.push_back(static_cast<std::int64_t>(extent));
    }
  } else {
    dims = {call.count_argument(0), call.count_argument(0)};
  }
  const num::Index count = num::element_count(dims);
  CellArray cells = CellArray::shaped(
      dims, std::vector<Value>(static_cast<std::size_t>(count), Value::matrix(num::Matrix(0, 0))));
  // MATLAB keeps an empty cell's extents (cell(1, 0) is 1×0); rlab's empty cell is 0×0.
  if (cells.items.empty() && call.session().dialect() != lang::Dialect::Matlab) {
    cells = CellArray{};
  }
  return Value::cell(std::move(cells));
}

// num2cell(x): each element of a numeric array in a cell of the same shape (a row for a vector);
// each string of a string array.
// num2cell(A, dims) in matlab code: A cut into blocks that span the named dims whole (dims 1
// and 2 of a matrix: its columns or rows, [1 2] all of it), one block per cell, the cell A's
// extents with the named dims at 1. Any number of dims.
Value num2cell_along(Call& call) {
  const num::Matrix named = call.matrix(1);
  const Value& x = call.value(0);
  if (!runtime::is_numeric_or_nd(x)) call.fail(messages::not_numeric_array);
  const num::NdArray a = runtime::as_nd_array(x);
  num::Dims dims = a.dims();
  std::vector<bool> whole(dims.size(), false);
  for (num::Index k = 0; k < named.size(); ++k) {
    const double d = named[k];
    if (!(d >= 1.0) || d != std::floor(d) || d > 64.0)
      call.fail(fmt::format(messages::must_be_positive_integers, "dims"));
    const auto at = static_cast<std::size_t>(d) - 1;
    if (at >= dims.size()) {
      dims.resize(at + 1, 1);
      whole.resize(at + 1, false);
    }
    whole[at] = true;
  }
  num::Dims cell_dims = dims, block_dims = dims;
  for (std::size_t i = 0; i < dims.size(); ++i) (whole[i] ? cell_dims : block_dims)[i] = 1;
  cell_dims = num::canonical_dims(std::move(cell_dims));
  block_dims = num::canonical_dims(std::move(block_dims));
  const num::Index block_size = num::element_count(block_dims);
  std::vector<num::Matrix> blocks(static_cast<std::size_t>(num::element_count(cell_dims)),
                                  num::Matrix(block_size, 1,
                                              a.is_complex() ? num::Matrix::Element::ComplexValued
                                                             : num::Matrix::Element::Real));
  // Each element of A goes to the cell its un-named subscripts pick, at the place in the block
  // its named subscripts pick (both in MATLAB's column-major order).
  for (num::Index k = 0; k < a.size(); ++k) {
    num::Index rest = k, cell = 0, place = 0, cell_stride = 1, place_stride = 1;
    for (std::size_t i = 0; i < dims.size(); ++i) {
      const num::Index subscript = rest % dims[i];
      rest /= dims[i];
      if (whole[i]) {
        place += subscript * place_stride;
        place_stride *= dims[i];
      } else {
        cell += subscript * cell_stride;
        cell_stride *= dims[i];
      }
    }
    blocks[static_cast<std::size_t>(cell)].set(place,
                                               a.pages().complex_at(num::offset_of(a.dims(), k)));
  }
  const bool logical = x.is_logical();
  std::vector<Value> items;
  for (num::Matrix& block : blocks) {
    if (block.size() == 1) {  // a 1×1 array is its number
      const num::Complex z = block.complex_at(0);
      items.push_back(logical           ? Value::boolean(z.real() != 0.0)
                      : z.imag() == 0.0 ? Value::scalar(z.real())
                                        : Value::complex(z));
    } else {
      items.push_back(runtime::nd_result(
          num::reshaped(num::NdArray::from_matrix(std::move(block)), block_dims), logical));
    }
  }
  return Value::cell(CellArray::shaped(cell_dims, std::move(items)));
}

Value num2cell(Call& call) {
  if (call.has(1)) {
    if (call.session().dialect() != lang::Dialect::Matlab) {
      throw Error(fmt::format(messages::wrong_argument_count, "num2cell", "1", 2));
    }
    return num2cell_along(call);
  }
  const Value& x = call.value(0);
  if (x.is(Kind::StringArray)) {
    return Value::cell(runtime::cell_of_texts(x.string_array_value()));
  }
  if (x.is_nd_array()) {  // each element in a cell of the array's extents
    const num::NdArray& array = x.nd_value();
    std::vector<Value> items;
    for (num::Index k = 0; k < array.size(); ++k) {
      const num::Complex z = array.pages().complex_at(num::offset_of(array.dims(), k));
      items.push_back(z.imag() == 0.0 ? Value::scalar(z.real()) : Value::complex(z));
    }
    return Value::cell(CellArray::shaped(array.dims(), std::move(items)));
  }
  // A char's characters each in a cell (MATLAB's num2cell('ab') is {'a', 'b'}).
  const bool chars = runtime::is_char(x);
  const num::Matrix m = chars ? runtime::char_codes(x) : call.matrix(0);
  const bool row = x.is(Kind::Vector) || x.is(Kind::String);
  CellArray cells;
  cells.rows = row ? (m.empty() ? 0 : 1) : m.rows();
  cells.columns = row ? m.size() : m.columns();
  for (num::Index c = 0; c < cells.columns; ++c) {
    for (num::Index r = 0; r < cells.rows; ++r) {
      const num::Complex element = row ? m.complex_at(c) : m.complex_at(r, c);
      cells.items.push_back(chars ? runtime::char_array(num::Matrix(1, 1, element.real()))
                            : element.imag() == 0.0 ? Value::scalar(element.real())
                                                    : Value::complex(element));
    }
  }
  return Value::cell(std::move(cells));
}

// The extents a mat2cell distribution splits a dim of `extent` into: non-negative whole
// numbers that add up to it.
std::vector<num::Index> block_extents(Call& call, int index, num::Index extent, int dim) {
  std::vector<num::Index> extents;
  num::Index total = 0;
  for (const double d : runtime::linear_elements(call.value(index))) {
    if (!(d >= 0.0) || d != std::floor(d)) {
      call.fail(fmt::format(messages::must_be_non_negative_integers, "the block sizes"));
    }
    extents.push_back(static_cast<num::Index>(d));
    total += extents.back();
  }
  if (total != extent) {
    call.fail(fmt::format(messages::block_sizes_do_not_add_up, dim, total, extent));
  }
  return extents;
}

// The subscript of `count` consecutive positions from `first` (1-based), as a row of indices.
Value index_run(num::Index first, num::Index count) {
  num::Matrix positions(1, count);
  for (num::Index k = 0; k < count; ++k) positions.set(k, static_cast<double>(first + k));
  return Value::matrix(std::move(positions));
}

// mat2cell(A, rows, columns), mat2cell(A, rows): A cut into blocks, rows(i) × columns(j) for
// cell (i, j) (columns defaults to all of A's). Each block is what A(r, c) reads.
Value mat2cell(Call& call) {
  const Value& a = call.value(0);
  if (a.is_nd_array()) call.fail_not_two_dimensional(a, 0);
  if (call.count() > 3) call.fail(messages::mat2cell_argument_count);
  const auto [rows, columns] = size_of(a);
  const std::vector<num::Index> row_blocks = block_extents(call, 1, rows, 1);
  const std::vector<num::Index> column_blocks =
      call.has(2) ? block_extents(call, 2, columns, 2) : std::vector<num::Index>{columns};
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  CellArray cells;
  cells.rows = static_cast<num::Index>(row_blocks.size());
  cells.columns = static_cast<num::Index>(column_blocks.size());
  num::Index first_column = 1;
  for (const num::Index width : column_blocks) {
    num::Index first_row = 1;
    for (const num::Index height : row_blocks) {
      const Value subscripts[] = {index_run(first_row, height), index_run(first_column, width)};
      cells.items.push_back(matlab ? runtime::matlab_index_read(a, subscripts)
                                   : runtime::index_read(a, subscripts));
      first_row += height;
    }
    first_column += width;
  }
  return Value::cell(std::move(cells));
}

// cell2mat(c): the elements joined as the matrix literal [c{1,1}, c{1,2}, ...; c{2,1}, ...]
// joins them (MATLAB's block concatenation; the same shape rules and errors).
// A 2-D cell's elements joined as [c{1,1}, c{1,2}; c{2,1}, c{2,2}] joins them.
Value joined_page(const Call& call, const CellArray& cells) {
  std::vector<std::vector<Value>> rows(static_cast<std::size_t>(cells.rows));
  for (num::Index r = 0; r < cells.rows; ++r) {
    for (num::Index c = 0; c < cells.columns; ++c) {
      const Value& item = cells.items[static_cast<std::size_t>(c * cells.rows + r)];
      if (item.is(Kind::Cell)) call.fail(messages::nested_cell_not_matrix);
      rows[static_cast<std::size_t>(r)].push_back(item);
    }
  }
  return runtime::concatenate(rows, call.session().dialect());
}

// An N-D cell's pages each joined as a 2-D cell is, then the pages along dim 3, then those
// blocks along dim 4, and so on (numbers only).
Value joined_pages(const Call& call, const CellArray& cells) {
  std::vector<num::NdArray> blocks;
  for (num::Index page = 0; page < runtime::cell_page_count(cells); ++page) {
    const Value joined = joined_page(call, runtime::cell_page(cells, page));
    if (!runtime::is_numeric_or_nd(joined)) call.fail(messages::nd_cell_not_numbers);
    blocks.push_back(runtime::as_nd_array(joined));
  }
  for (std::size_t dim = 2; dim < cells.dims().size(); ++dim) {
    const auto extent = static_cast<std::size_t>(cells.dims()[dim]);
    std::vector<num::NdArray> grouped;
    for (std::size_t first = 0; first < blocks.size(); first += extent) {
      const std::span<const num::NdArray> group(blocks.data() + first, extent);
      if (num::concatenation_mismatch(static_cast<int>(dim), group) >= 0) {
        call.fail(fmt::format(messages::blocks_do_not_fit, dim + 1));
      }
      grouped.push_back(num::concatenated(static_cast<int>(dim), group));
    }
    blocks = std::move(grouped);
  }
  return runtime::nd_result(std::move(blocks.front()));
}

// MATLAB's cell2mat joins items of one class only: [1, 'a'] would silently be char.
void require_one_class(Call& call, const CellArray& cells) {
  const auto class_of = [&call](const Value& item) {
    return call.invoke(Value::function_handle("class"), {item}).string_value();
  };
  const std::string first = class_of(cells.items.front());
  for (std::size_t k = 1; k < cells.items.size(); ++k) {
    const std::string other = class_of(cells.items[k]);
    if (other != first)
      call.fail(fmt::format(messages::cell2mat_mixed_classes, first, k + 1, other));
  }
}

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
    call.fail(fmt::format(messages::must_be_cell_array_got, "argument", input.kind_name()));
  }
  const CellArray& cells = input.cell_value();
  if (cells.items.empty()) return runtime::concatenate({{}});
  if (call.session().dialect() == lang::Dialect::Matlab) require_one_class(call, cells);
  if (cells.is_nd()) return joined_pages(call, cells);
  return joined_page(call, cells);
}

// The elements of one cellfun input as a cell: a cell as it is, a string array as a row of
// strings (rlab's cell of strings).
CellArray cellfun_input(Call& call, int index) {
  const Value& input = call.value(index);
  if (input.is(Kind::Cell)) return input.cell_value();
  if (input.is(Kind::StringArray)) {
    return runtime::cell_of_texts(input.string_array_value());
  }
  call.fail(fmt::format(messages::argument_not_cell_or_strings, index + 1, input.kind_name()));
}

// cellfun's trailing options, their names in any letter case (MATLAB's): "UniformOutput", tf
// and "ErrorHandler", h. `inputs` is the number of cells before them.
struct CellfunOptions {
  int inputs = 0;
  bool uniform = true;
  std::optional<Value> error_handler;
};

// Whether arguments are data that may be text (arrayfun's chars) or cells only (cellfun,
// where any text after the cells is an option name).
enum class TextArguments { Data, Options };

CellfunOptions cellfun_options(Call& call, TextArguments text = TextArguments::Options) {
  CellfunOptions options;
  int end = call.count();
  const auto is_option = [&](int k) {
    if (!call.value(k).is(Kind::String)) return false;
    if (text == TextArguments::Options) return true;
    const std::string name = lowercase(call.string(k));
    return name == "uniformoutput" || name == "errorhandler";
  };
  // Options are name/value pairs after the inputs: scan back over pairs whose name is one.
  while (end - 2 >= 2 && is_option(end - 2)) end -= 2;
  if (end - 1 >= 2 && is_option(end - 1)) {
    call.fail(fmt::format(messages::option_needs_value, call.string(end - 1)));
  }
  options.inputs = end - 1;
  call.name_value_options(
      end, {{"UniformOutput", [&](int k) { options.uniform = call.boolean(k); }},
            {"ErrorHandler", [&](int k) { options.error_handler = call.function(k); }}});
  return options;
}

// A function cellfun names by a string: MATLAB's legacy names, and any function's name.
Value cellfun_function(Call& call) {
  const Value& f = call.value(0);
  if (f.is_callable()) return f;
  if (!f.is(Kind::String)) {
    call.fail(fmt::format(messages::not_function_or_name, f.kind_name()));
  }
  const std::string& name = f.string_value();
  return Value::function_handle(name == "prodofsize" ? "numel" : name);
}

// One call of f on the k-th elements; with an ErrorHandler, an error calls it instead with a
// struct (message, identifier, index) and the same elements.
Value cellfun_call(Call& call, const Value& function, const CellfunOptions& options,
                   std::vector<Value> arguments, std::size_t k, int outputs) {
  if (!options.error_handler) return call.invoke(function, std::move(arguments), outputs);
  try {
    return call.invoke(function, arguments, outputs);
  } catch (const Error& error) {
    runtime::StructFields fields;
    fields.emplace("message", Value::string(error.what()));
    fields.emplace("identifier", Value::string(error.identifier()));
    fields.emplace("index", Value::scalar(static_cast<double>(k + 1)));
    arguments.insert(arguments.begin(), Value::structure(std::move(fields)));
    return call.invoke(*options.error_handler, std::move(arguments), outputs);
  }
}

// One uniform output: rows×columns numbers (a vector in rlab for one row), logical when every
// result is.
Value uniform_cellfun_result(Call& call, const std::vector<Value>& results, num::Index rows,
                             num::Index columns) {
  const bool matlab = call.session().dialect() == lang::Dialect::Matlab;
  // Numbers that depend on the input of grad are joined as the literal [a, b; c, d] joins them,
  // so the result keeps their gradients.
  if (std::any_of(results.begin(), results.end(),
                  [](const Value& result) { return result.is(Kind::Tracked); })) {
    std::vector<std::vector<Value>> joined(rows > 1 ? rows : 1);
    for (std::size_t k = 0; k < results.size(); ++k) {
      if (!runtime::primal_of(results[k]).is(Kind::Scalar)) {
        call.fail(fmt::format(messages::item_gave_non_scalar, k + 1, results[k].kind_name()));
      }
      joined[rows > 1 ? k % static_cast<std::size_t>(rows) : 0].push_back(results[k]);
    }
    return runtime::concatenate(joined);
  }
  // Structs (an ErrorHandler's reports) form a struct array.
  if (!results.empty() && std::all_of(results.begin(), results.end(), [](const Value& result) {
        return result.is(Kind::Struct);
      })) {
    return runtime::make_struct_array(results);
  }
  num::Matrix numbers(rows, columns, 0.0);
  bool all_logical = !results.empty();
  for (std::size_t k = 0; k < results.size(); ++k) {
    const Value& result = results[k];
    const bool number = result.is(Kind::Scalar) || result.is(Kind::Bool) ||
                        result.is(Kind::Complex) ||
                        (result.is_array() && result.matrix_value().size() == 1);
    if (!number) {
      call.fail(fmt::format(messages::item_gave_non_number, k + 1, result.kind_name()));
    }
    all_logical = all_logical && result.is_logical();
    const num::Complex z =
        result.is_array() ? result.matrix_value().complex_at(0) : result.complex_value();
    numbers.set(static_cast<num::Index>(k) % rows, static_cast<num::Index>(k) / rows, z);
  }
  if (rows <= 1 && !matlab) {
    return Value::vector(numbers.with_shape(1, rows * columns), all_logical);
  }
  return Value::matrix(std::move(numbers), all_logical);
}

// cellfun(f, c1, c2, ... [, "UniformOutput", tf] [, "ErrorHandler", h]): f on the matching
// elements of cells of one size (column-major), or on every string of a string array. Uniform
// results must be one number each and form an array of the cells' shape (a vector in rlab for
// one row), logical when all are; with "UniformOutput", false they form cells of that shape —
// a string array when the input was one and every result is a string (rlab's array of
// strings). [a, b] = cellfun(...) gives one such array per output of f.
// MATLAB's legacy cellfun("size", c, k) and cellfun("isclass", c, name): size(x, k) and
// whether class(x) is name, for each element.
Value legacy_cellfun(Call& call) {
  const std::string& name = call.string(0);
  if (call.count() != 3) call.fail(fmt::format(messages::takes_cell_and_one_argument, name));
  const CellArray cells = cellfun_input(call, 1);
  const Value function = Value::function_handle(name == "size" ? "size" : "class");
  const auto count = static_cast<num::Index>(cells.items.size());
  num::Matrix result(count, 1);
  for (std::size_t k = 0; k < cells.items.size(); ++k) {
    double answer = 0.0;
    if (name == "size") {
      answer = call.invoke(function, {cells.items[k], Value::scalar(call.scalar(2))}).as_scalar();
    } else {
      answer = call.invoke(function, {cells.items[k]}).string_value() == call.string(2) ? 1.0 : 0.0;
    }
    result.set(static_cast<num::Index>(k), 0, answer);
  }
  // The answers in linear order, in the cell's shape.
  return runtime::nd_result(
      num::reshaped(num::NdArray::from_matrix(std::move(result)), cells.dims()), name == "isclass");
}

// One output of map_items, in the shape of `shape` (its first input): numbers as an array
// (uniform), otherwise a cell, or a string array of the texts when the input was one.
Value packed_output(Call& call, const CellfunOptions& options, std::vector<Value> output,
                    const CellArray& shape, bool strings_in) {
  const num::Dims dims = shape.dims();
  if (options.uniform && dims.size() > 2) {  // an N-D result: the numbers, reshaped
    const auto count = static_cast<num::Index>(output.size());
    const Value numbers = uniform_cellfun_result(call, output, count, 1);
    return runtime::nd_result(num::reshaped(runtime::as_nd_array(numbers), dims),
                              numbers.is_logical());
  }
  if (options.uniform) return uniform_cellfun_result(call, output, shape.rows, shape.columns);
  const bool all_strings =
      strings_in && std::all_of(output.begin(), output.end(),
                                [](const Value& result) { return result.is(Kind::String); });
  if (all_strings) {
    std::vector<std::string> texts;
    for (const Value& result : output) texts.push_back(result.string_value());
    return Value::string_array(std::move(texts));
  }
  return Value::cell(CellArray::shaped(dims, std::move(output)));
}

// The engine of cellfun and of matlab code's arrayfun: f on the matching items of `inputs`
// (one per input argument from argument 2 on, all of one size), packed as cellfun packs them.
Value map_items(Call& call, const CellfunOptions& options, const Value& function,
                const std::vector<CellArray>& inputs, bool strings_in) {
  const num::Dims dims = inputs.front().dims();
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].dims() != dims) {
      call.fail(fmt::format(messages::cellfun_sizes_differ, k + 2,
                            fmt::join(inputs[k].dims(), "\u00d7"), fmt::join(dims, "\u00d7")));
    }
  }
  const std::size_t count = inputs.front().items.size();
  const int outputs = std::max(call.nargout(), 1);
  // results[o][k]: output o of the call on element k.
  std::vector<std::vector<Value>> results(static_cast<std::size_t>(outputs));
  for (std::size_t k = 0; k < count; ++k) {
    std::vector<Value> arguments;
    for (const CellArray& input : inputs) arguments.push_back(input.items[k]);
    Value result = cellfun_call(call, function, options, std::move(arguments), k,
                                call.nargout() >= 2 ? outputs : 1);
    if (outputs >= 2) {
      if (!result.is(Kind::Tuple) ||
          result.tuple_items().size() < static_cast<std::size_t>(outputs)) {
        call.fail(fmt::format(messages::one_output_asked_more, k + 1, outputs));
      }
      for (int o = 0; o < outputs; ++o) {
        results[static_cast<std::size_t>(o)].push_back(
            result.tuple_items()[static_cast<std::size_t>(o)]);
      }
    } else {
      if (result.is_none()) call.fail(fmt::format(messages::item_gave_no_value, k + 1));
      results[0].push_back(std::move(result));
    }
  }
  std::vector<Value> packed;
  for (std::vector<Value>& output : results) {
    packed.push_back(packed_output(call, options, std::move(output), inputs.front(), strings_in));
  }
  if (outputs == 1) return std::move(packed.front());
  return Value::tuple(std::move(packed));
}

Value cellfun(Call& call) {
  if (call.value(0).is(Kind::String) && (call.string(0) == "size" || call.string(0) == "isclass")) {
    return legacy_cellfun(call);
  }
  const CellfunOptions options = cellfun_options(call);
  if (options.inputs < 1) call.fail(messages::needs_cell_to_apply);
  const Value function = cellfun_function(call);
  std::vector<CellArray> inputs;
  for (int k = 1; k <= options.inputs; ++k) inputs.push_back(cellfun_input(call, k));
  return map_items(call, options, function, inputs, call.value(1).is(Kind::StringArray));
}

// The elements arrayfun passes from one input, in an array of its shape: a number's elements
// (logical ones as logicals), a char's characters, a cell's elements each in a 1×1 cell, a
// struct array's structs; any other value is one element.
CellArray array_items(const Value& x) {
  CellArray items;
  if (x.is(Kind::Cell)) {
    items = x.cell_value();
    for (Value& item : items.items) item = Value::cell(CellArray::row({item}));
    return items;
  }
  if (x.is(Kind::String)) {
    for (const std::string_view character : characters_of(x.string_value())) {
      items.items.push_back(Value::string(std::string(character)));
    }
    items.rows = items.items.empty() ? 0 : 1;
    items.columns = static_cast<std::int64_t>(items.items.size());
    return items;
  }
  if (runtime::is_struct_like(x)) return runtime::struct_cells(x);
  if (x.is_nd_array()) {
    const num::NdArray& array = x.nd_value();
    for (num::Index k = 0; k < array.size(); ++k) {
      const num::Complex z = array.pages().complex_at(num::offset_of(array.dims(), k));
      items.items.push_back(x.is_logical()    ? Value::boolean(z.real() != 0.0)
                            : z.imag() == 0.0 ? Value::scalar(z.real())
                                              : Value::complex(z));
    }
    return CellArray::shaped(array.dims(), std::move(items.items));
  }
  if (x.is_array()) {
    const num::Matrix& m = x.matrix_value();
    items.rows = x.is(Kind::Vector) ? (m.empty() ? 0 : 1) : m.rows();
    items.columns = x.is(Kind::Vector) ? m.size() : m.columns();
    for (num::Index c = 0; c < items.columns; ++c) {
      for (num::Index r = 0; r < items.rows; ++r) {
        const num::Complex z = x.is(Kind::Vector) ? m.complex_at(c) : m.complex_at(r, c);
        items.items.push_back(x.is_logical()    ? Value::boolean(z.real() != 0.0)
                              : z.imag() == 0.0 ? Value::scalar(z.real())
                                                : Value::complex(z));
      }
    }
    return items;
  }
  return CellArray::row({x});
}

}  // namespace

Value matlab_arrayfun(Call& call) {
  const CellfunOptions options = cellfun_options(call, TextArguments::Data);
  if (options.inputs < 1) call.fail(messages::needs_array_to_apply);
  const Value function = cellfun_function(call);
  std::vector<CellArray> inputs;
  for (int k = 1; k <= options.inputs; ++k) inputs.push_back(array_items(call.value(k)));
  return map_items(call, options, function, inputs, false);
}

namespace {}  // namespace

const BuiltinTable kCellBuiltins = {
    {"cell", cell, 1, -1,
     "cell(n): an n×n cell of empty matrices; cell(r, c) or cell([r, c]): r×c; "
     "cell(d1, d2, d3, ...) or cell([d1 d2 d3 ...]): an N-D cell. Example: c = cell(2, 3, 4)"},
    {"num2cell", num2cell, 1, 2,
     "Each element of an array (or string of a string array) in its own cell. "
     "Example: num2cell([1, 2, 3])"},
    {"mat2cell", mat2cell, 2, 3,
     "An array cut into a cell of blocks: mat2cell(A, rows, columns) puts the rows(i) × "
     "columns(j) block in cell (i, j); the sizes add up to A's. Example: "
     "c = mat2cell(magic(4), [2, 2], [3, 1])"},
    {"cell2mat", cell2mat, 1, 1,
     "The elements of a cell joined into one array, as [c{1,1}, c{1,2}; c{2,1}, c{2,2}] "
     "would join them. Example: cell2mat({[1 2], 3; [4 5], 6})"},
    {"cellfun", cellfun, 2, -1,
     "cellfun(f, c1, c2, ...): f on the matching elements of cells (or strings of a string "
     "array), the numbers as an array of their shape; \"UniformOutput\", false gives a cell (a "
     "string array for strings); \"ErrorHandler\", h is called on an error. "
     "Example: cellfun(@numel, {1, [1 2], \"abc\"})"},
};

}  // namespace llmlab::builtins
