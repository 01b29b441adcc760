// builtins.md §11 Control and utility, functions as values: feval, arrayfun, parmap, cellfun,
// bsxfun, deal, func2str and str2func.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/large_stack.hpp"
#include "base/messages/function_handles.hpp"
#include "base/utf8.hpp"
#include "builtins/cells.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "lang/ast.hpp"
#include "num/nd_shape.hpp"
#include "runtime/display.hpp"
#include "runtime/literals.hpp"
#include "runtime/operators.hpp"
#include "runtime/printf.hpp"
#include "runtime/struct_array.hpp"
#include "runtime/tracked.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// func2str(f): a lambda's text (`@(x) x + 1`) or a handle's function name (`sin`, as MATLAB
// gives it); str2func(name) the handle @name.
Value func2str(Call& call) {
  const Value& f = call.value(0);
  if (f.is(Kind::FunctionHandle)) return Value::string(f.handle_name());
  if (f.is(Kind::Lambda)) return Value::string(runtime::display(f));
  call.fail(fmt::format(messages::not_function_handle, f.kind_name()));
}

Value str2func(Call& call) {
  const std::string& name = call.string(0);
  if (!name.empty() && name.front() == '@') {
    call.fail(messages::only_function_names);
  }
  return Value::function_handle(name);
}

Value feval(Call& call) {
  const Value& function = call.value(0);
  if (!function.is(Kind::String) && !function.is_callable()) {
    throw Error(std::string(messages::feval_not_function_name));
  }
  std::vector<Value> arguments(call.arguments().begin() + 1, call.arguments().end());
  return call.invoke(function, std::move(arguments), std::max(call.nargout(), 1));
}

// The elements arrayfun/parmap pass: a vector's elements (real when im is exactly 0) or the
// one scalar.
std::vector<Value> mapped_elements(Call& call, int index = 1) {
  const Value& x = call.value(index);
  std::vector<Value> elements;
  if (x.is(Kind::Tracked)) {
    // A value that depends on the input of grad: each element read as x(k) reads it (linear,
    // column-major), so the function's result keeps its gradient.
    const num::Index count = runtime::primal_of(x).element_count();
    for (num::Index k = 0; k < count; ++k) {
      const Value position[] = {Value::scalar(static_cast<double>(k + 1))};
      elements.push_back(runtime::tracked_index_read(x, position));
    }
  } else if (x.is(Kind::Vector)) {
    const num::Matrix& values = x.matrix_value();
    for (num::Index k = 0; k < values.size(); ++k) {
      const num::Complex z = values.complex_at(k);
      elements.push_back(z.imag() == 0.0 ? Value::scalar(z.real()) : Value::complex(z));
    }
  } else if (x.is(Kind::Scalar) || x.is(Kind::Complex) || x.is(Kind::Bool)) {
    elements.push_back(x);
  } else if (runtime::is_struct_like(x)) {
    elements = runtime::struct_elements(x);  // arrayfun(@(p) p.age, people)
  } else {
    throw Error(fmt::format(messages::second_argument_not_vector, call.name(), x.kind_name()));
  }
  return elements;
}

// Packs per-element results: all scalars → vector (logical when all are Bools); all vectors of
// one length → one row each.
Value pack_results(Call& call, const std::vector<Value>& results) {
  if (results.empty()) return Value::vector(num::Matrix(1, 0));
  // Results that depend on the input of grad are joined as the literal joins them: scalars
  // into one row, vectors one per row.
  if (runtime::any_tracked(results)) {
    const bool scalars = !runtime::primal_of(results[0]).is_array();
    std::vector<std::vector<Value>> rows(scalars ? 1 : results.size());
    for (std::size_t k = 0; k < results.size(); ++k) {
      if (scalars != !runtime::primal_of(results[k]).is_array()) {
        call.fail(fmt::format(messages::element_kind_differs, k + 1, results[k].kind_name()));
      }
      rows[scalars ? 0 : k].push_back(results[k]);
    }
    return runtime::concatenate(rows);
  }
  const Value& first = results[0];
  const bool scalar_results =
      first.is(Kind::Scalar) || first.is(Kind::Complex) || first.is(Kind::Bool);
  if (!scalar_results && !first.is(Kind::Vector)) {
    throw Error(fmt::format(messages::element_unsupported_type, call.name(), first.kind_name()));
  }
  const num::Index width = scalar_results ? 1 : first.matrix_value().size();
  const num::Index count = static_cast<num::Index>(results.size());
  num::Matrix packed(scalar_results ? 1 : count, scalar_results ? count : width);
  for (num::Index k = 0; k < count; ++k) {
    const Value& result = results[static_cast<std::size_t>(k)];
    if (scalar_results) {
      if (!(result.is(Kind::Scalar) || result.is(Kind::Complex) || result.is(Kind::Bool))) {
        throw Error(
            fmt::format(messages::element_not_scalar, call.name(), k + 1, result.kind_name()));
      }
      packed.set(k, result.complex_value());
      continue;
    }
    if (!result.is(Kind::Vector) || result.matrix_value().size() != width) {
      throw Error(fmt::format(messages::element_wrong_length, call.name(), k + 1,
                              result.kind_name(), result.element_count(), width));
    }
    for (num::Index c = 0; c < width; ++c) {
      packed.set(k * width + c, result.matrix_value().complex_at(c));
    }
  }
  // Bool results make a logical vector, so arrayfun(@(x) isprime(x), v) can be a mask.
  const bool all_bools =
      std::all_of(results.begin(), results.end(), [](const Value& r) { return r.is(Kind::Bool); });
  if (scalar_results) return Value::vector(std::move(packed), all_bools);
  return Value::matrix(std::move(packed));
}

Value map_function(Call& call) {
  const Value& function = call.value(0);
  if (!function.is_callable()) {
    throw Error(
        fmt::format(messages::first_argument_not_function, call.name(), function.kind_name()));
  }
  std::vector<Value> results;
  for (Value& element : mapped_elements(call)) {
    results.push_back(call.invoke(function, {std::move(element)}, 1));
  }
  return pack_results(call, results);
}

// The elements of one arrayfun input in column-major order (a matrix as x(:) reads it).
std::vector<Value> elements_of(Call& call, int index) {
  const Value& x = call.value(index);
  if (!x.is(Kind::Matrix)) return mapped_elements(call, index);
  const num::Matrix& m = x.matrix_value();
  std::vector<Value> elements;
  for (num::Index c = 0; c < m.columns(); ++c) {
    for (num::Index r = 0; r < m.rows(); ++r) {
      const num::Complex z = m.complex_at(r, c);
      elements.push_back(z.imag() == 0.0 ? Value::scalar(z.real()) : Value::complex(z));
    }
  }
  return elements;
}

// arrayfun beyond rlab's two-argument form (MATLAB's meaning, which rustlab rejects): several
// inputs of one size called element by element, a matrix input giving a matrix of its shape,
// and "UniformOutput", false for string results, which form a string array.
Value arrayfun_2d(Call& call);

// arrayfun over N-D inputs (issue #27): the inputs, of equal extents, go in as their
// d1×(d2·…·dn) folds, which keep MATLAB's element order, and a result of one number per
// element takes their extents back.
Value nd_arrayfun(Call& call, int inputs) {
  const num::Dims dims = runtime::dims_of(call.value(1));
  std::vector<Value> arguments(call.arguments().begin(), call.arguments().end());
  for (int k = 1; k <= inputs; ++k) {
    if (runtime::dims_of(call.value(k)) != dims) {
      call.fail(fmt::format(messages::argument_size_differs, k + 1));
    }
    arguments[static_cast<std::size_t>(k)] = runtime::folded_to_matrix(call.value(k));
  }
  runtime::Call folded(call.interpreter(), call.name(), arguments, call.nargout());
  const Value result = arrayfun_2d(folded);
  if (result.is(Kind::Cell) && result.element_count() == num::element_count(dims)) {
    return Value::cell(runtime::CellArray::shaped(dims, result.cell_value().items));
  }
  if (!runtime::is_numeric_or_nd(result) || result.element_count() != num::element_count(dims)) {
    return result;
  }
  return runtime::nd_result(num::reshaped(runtime::as_nd_array(result), dims), result.is_logical());
}

// The number of array inputs of arrayfun: every argument after f, less a trailing
// "UniformOutput" pair.
int arrayfun_inputs(Call& call) {
  const bool option = call.count() >= 4 && call.value(call.count() - 2).is(Kind::String);
  return call.count() - 1 - (option ? 2 : 0);
}

Value arrayfun(Call& call) {
  const bool tracked = std::any_of(call.arguments().begin(), call.arguments().end(),
                                   [](const Value& x) { return x.is(Kind::Tracked); });
  // Matlab code's arrayfun takes N-D inputs as they are (cells.cpp's array_items).
  if (call.session().dialect() == lang::Dialect::Matlab && !tracked) {
    return matlab_arrayfun(call);
  }
  const int inputs = arrayfun_inputs(call);
  for (int k = 1; k <= inputs; ++k) {
    if (call.value(k).is_nd_array()) return nd_arrayfun(call, inputs);
  }
  return arrayfun_2d(call);
}

// f called on element e of each of the `inputs` arrays after it, for every e, one output each.
std::vector<Value> results_per_element(Call& call, int inputs) {
  const Value& function = call.value(0);
  if (!function.is_callable()) {
    throw Error(
        fmt::format(messages::first_argument_not_function, "arrayfun", function.kind_name()));
  }
  std::vector<std::vector<Value>> columns;
  for (int k = 1; k <= inputs; ++k) {
    columns.push_back(elements_of(call, k));
    if (size_of(runtime::primal_of(call.value(k))) != size_of(runtime::primal_of(call.value(1)))) {
      call.fail(fmt::format(messages::argument_size_differs, k + 1));
    }
  }
  const std::size_t count = columns.front().size();
  std::vector<Value> results;
  for (std::size_t e = 0; e < count; ++e) {
    std::vector<Value> arguments;
    for (const std::vector<Value>& column : columns) arguments.push_back(column[e]);
    results.push_back(call.invoke(function, std::move(arguments), 1));
  }
  return results;
}

// "UniformOutput", false: rlab gathers texts, one per call, into a string array.
Value string_results(Call& call, const std::vector<Value>& results) {
  std::vector<std::string> texts;
  for (std::size_t e = 0; e < results.size(); ++e) {
    if (!results[e].is(Kind::String)) {
      call.fail(fmt::format(messages::element_not_string, e + 1, results[e].kind_name()));
    }
    texts.push_back(results[e].string_value());
  }
  return Value::string_array(std::move(texts));
}

// The packed results of a matrix input (a vector, one number per element) in its shape.
Value in_input_shape(Call& call, const Value& packed) {
  if (!runtime::primal_of(packed).is(Kind::Vector)) {
    call.fail(messages::matrix_input_needs_numbers);
  }
  const num::Matrix shape = runtime::primal_of(call.value(1)).matrix_value();
  const auto in_shape = [&shape](std::span<const Value> values) {
    const num::Matrix& flat = values[0].matrix_value();
    num::Matrix result(
        shape.rows(), shape.columns(),
        flat.is_complex() ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
    for (num::Index k = 0; k < flat.size(); ++k) {
      result.set(k % shape.rows(), k / shape.rows(), flat.complex_at(k));
    }
    result.demote_if_real();
    return Value::matrix(std::move(result), values[0].is_logical());  // a mask stays a mask
  };
  // Tracked results move into the matrix's shape on their tape (a rearrangement).
  const Value operands[] = {packed};
  if (runtime::Tape* tape = runtime::tape_of(operands)) return tape->rearrange(operands, in_shape);
  return in_shape(operands);
}

Value arrayfun_2d(Call& call) {
  int inputs = call.count() - 1;
  bool uniform = true;
  if (call.count() >= 4 && call.value(call.count() - 2).is(Kind::String)) {
    if (!runtime::is_word(call.value(call.count() - 2), "uniformoutput")) {
      call.fail(messages::bad_uniform_output_option);
    }
    uniform = call.value(call.count() - 1).as_scalar() != 0.0;
    inputs -= 2;
  }
  const bool matrix_input = runtime::primal_of(call.value(1)).is(Kind::Matrix);
  if (inputs == 1 && uniform && !matrix_input) return map_function(call);
  const std::vector<Value> results = results_per_element(call, inputs);
  if (!uniform) return string_results(call, results);
  Value packed = pack_results(call, results);
  if (!matrix_input) return packed;
  return in_input_shape(call, packed);
}

// bsxfun(f, A, B): f(A, B). rlab's element-wise operators already broadcast (language.md
// §5.3), so the call itself is the expansion.
Value bsxfun(Call& call) {
  const Value& f = call.value(0);
  // A function named by text (bsxfun("minus", a, b)), as MATLAB takes it.
  if (f.is(Kind::String)) {
    return call.invoke(Value::function_handle(f.string_value()), {call.value(1), call.value(2)}, 1);
  }
  return call.invoke(call.function(0), {call.value(1), call.value(2)}, 1);
}

// [a, b, ...] = deal(x) copies x to every output; deal(x1, x2, ...) gives one input to each.
Value deal(Call& call) {
  const int outputs = std::max(call.nargout(), 1);
  if (call.count() != 1 && call.count() != outputs) {
    call.fail(fmt::format(messages::inputs_outputs_mismatch, call.count(), outputs));
  }
  if (outputs == 1) return call.value(0);
  std::vector<Value> items;
  for (int k = 0; k < outputs; ++k) items.push_back(call.value(call.count() == 1 ? 0 : k));
  return Value::tuple(std::move(items));
}

// The special forms (runtime/native.hpp): feval(f, ...), and arrayfun(f, x) and parmap(f, x)
// with exactly those two arguments.
constexpr runtime::SpecialForm kFunctionThenArguments{1, -1};
constexpr runtime::SpecialForm kFunctionAndArray{2, 2};

}  // namespace

extern const BuiltinTable kFunctionalBuiltins = {
    {"func2str", func2str, 1, 1,
     "The text of a lambda, or a handle's function name. Example: func2str(@(x) x + 1)"},
    {"str2func", str2func, 1, 1,
     "The handle @name of a function named by a string. Example: f = str2func(\"sqrt\"); f(16)"},
    {"feval", feval, 1, -1,
     "feval(name, args...): calls a function by name. Example: feval(\"max\", [3, 7, 5])",
     kFunctionThenArguments},
    {"arrayfun", arrayfun, 2, -1,
     "arrayfun(f, x, ...): f applied to each element of x (and of further inputs of its size). "
     "Example: arrayfun(@(x) x ^ 2, [1, 2, 3])",
     kFunctionAndArray},
    {"parmap", map_function, 2, 2,
     "parmap(f, x): arrayfun whose calls may run in parallel. Example: parmap(@(x) x * 10, [1, 2, "
     "3])",
     kFunctionAndArray},
    {"bsxfun", bsxfun, 3, 3,
     "bsxfun(f, A, B): f(A, B), the operators broadcasting as they do. Example: bsxfun(@plus, [1; "
     "2], [10, 20])"},
    {"deal", deal, 1, -1,
     "[a, b] = deal(x) copies x; deal(x1, x2) gives one to each output. Example: [a, b] = deal(1, "
     "2)"},
};

}  // namespace llmlab::builtins
