// builtins.md §3 Constructors and shapes: zeros, ones, eye, size, length, numel, isempty,
// horzcat/vertcat/cat, transpose, linspace, logspace, repmat, reshape, diag, meshgrid, the
// flips, circshift, tril/triu, and the MATLAB additions magic, rot90, sub2ind and ind2sub. The
// numerics are in num/shape.hpp; these adapters pick the Vector or Matrix result kind the spec
// gives each form. (The random constructors of §3 are in random.cpp.)
#include "num/shape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "base/messages/arguments.hpp"
#include "base/messages/arrays.hpp"
#include "base/messages/language.hpp"
#include "base/utf8.hpp"
#include "builtins/kinds.hpp"
#include "builtins/registry.hpp"
#include "builtins/slices.hpp"
#include "lang/ast.hpp"
#include "num/format.hpp"
#include "num/nd_shape.hpp"
#include "num/ops.hpp"
#include "num/rng.hpp"
#include "runtime/cell_array.hpp"
#include "runtime/display.hpp"
#include "runtime/literals.hpp"
#include "runtime/nd_cells.hpp"
#include "runtime/nd_values.hpp"
#include "runtime/operators.hpp"
#include "runtime/printf.hpp"
#include "runtime/session.hpp"
#include "runtime/string_class.hpp"
#include "runtime/struct_array.hpp"

namespace llmlab::builtins {
namespace {

using runtime::Call;
using runtime::Kind;
using runtime::Value;

// A size-vector element: rounded to the nearest integer, halves away from zero; negative or
// NaN → 0 (rng.md §6.3).
num::Index rounded_size(double value) {
  if (!(value > 0)) return 0;
  return static_cast<num::Index>(std::round(value));
}

// zeros/ones: (n) → vector, (m, n) → matrix, ([m, n]) → matrix; three or more sizes → an
// N-D array.
Value filled(Call& call, double fill) {
  if (std::optional<num::Dims> dims = nd_size_arguments(call, 0)) {
    return runtime::nd_result(num::NdArray(std::move(*dims), fill));
  }
  if (call.count() == 2) {
    return Value::matrix(num::Matrix(call.count_argument(0), call.count_argument(1), fill));
  }
  const Value& argument = call.value(0);
  if (argument.is(Kind::Vector) || argument.is(Kind::Matrix)) {
    const num::Matrix& dims = argument.matrix_value();
    if (dims.size() != 2) {
      call.fail(fmt::format(messages::size_not_scalar_or_pair, dims.size(), "vector"));
    }
    // MATLAB's sizes are whole numbers (rlab rounds them, rng.md §6.3).
    if (call.session().dialect() == lang::Dialect::Matlab &&
        (dims[0] != std::floor(dims[0]) || dims[1] != std::floor(dims[1]))) {
      call.fail(fmt::format(messages::must_be_integers, "size inputs"));
    }
    return Value::matrix(num::Matrix(rounded_size(dims[0]), rounded_size(dims[1]), fill));
  }
  return lone_count_array(
      call, call.count_argument(0),
      [fill](num::Index rows, num::Index columns) { return num::Matrix(rows, columns, fill); });
}

Value zeros(Call& call) { return filled(call, 0.0); }

Value ones(Call& call) { return filled(call, 1.0); }

Value eye(Call& call) {
  // Up to four arguments reach here through class_aware; only two are sizes.
  if (call.count() > 2) call.fail(messages::eye_call_forms);
  const num::Index rows = call.count_argument(0);
  const num::Index columns = call.has(1) ? call.count_argument(1) : rows;
  return Value::matrix(num::identity(rows, columns));
}

// Extent along 0-based `dim`: 1 past the last.
num::Index extent_along(const num::Dims& dims, int dim) {
  return dim < static_cast<int>(dims.size()) ? dims[static_cast<std::size_t>(dim)] : 1;
}

// The extents of an N-D array or an N-D cell; nullopt for a value of 2 dims.
std::optional<num::Dims> nd_extents(const Value& value) {
  if (value.is_nd_array()) return value.nd_value().dims();
  if (value.is(Kind::Cell) && value.cell_value().is_nd()) return value.cell_value().dims();
  if (value.is(Kind::StructArray) && value.struct_array_dims().size() > 2) {
    return value.struct_array_dims();
  }
  return std::nullopt;
}

// Whether argument 0 is a container whose elements a reshaping builtin moves as they are: a
// Cell, a struct array or MATLAB's strings, or in matlab code a string array (the cell of texts
// that `{'a', 'b'}` makes).
bool is_cell_argument(const Call& call) {
  const Value& a = call.value(0);
  return a.is(Kind::Cell) || a.is(Kind::StructArray) || a.is_string_class() ||
         (a.is(Kind::StringArray) && call.session().dialect() == lang::Dialect::Matlab);
}

// f(c, ...) for a cell c and a builtin `kernel` that only rearranges elements (reshape,
// permute, squeeze, repmat): the kernel moves the numeric array of c's positions, and the
// elements follow them (runtime/nd_cells.hpp).
Value through_positions(Call& call, Value (*kernel)(Call&)) {
  const Value& a = call.value(0);
  const bool structs = runtime::is_struct_like(a);
  const runtime::CellArray cells = structs               ? runtime::struct_cells(a)
                                   : a.is_string_class() ? runtime::string_cells(a)
                                   : a.is(Kind::StringArray)
                                       ? runtime::cell_of_texts(a.string_array_value())
                                       : a.cell_value();
  std::vector<Value> arguments(call.arguments().begin(), call.arguments().end());
  arguments[0] = runtime::cell_positions(cells);
  Call inner(call.interpreter(), call.name(), arguments, 1);
  runtime::CellArray moved = runtime::cell_from_positions(kernel(inner), cells.items);
  if (structs) return runtime::struct_array_of(moved);
  if (a.is_string_class()) return runtime::strings_from_cell(Value::cell(std::move(moved)));
  return Value::cell(std::move(moved));
}

// size of an N-D array: size(A) all extents, size(A, k) one (1 past the last), and with
// several outputs one extent each, the last output the product of the extents left (MATLAB).
Value nd_size(Call& call, const num::Dims& dims) {
  if (call.has(1))
    return Value::scalar(static_cast<double>(extent_along(dims, call.nd_dim_argument(1))));
  if (call.nargout() >= 2) {
    std::vector<Value> items;
    for (int k = 0; k < call.nargout(); ++k) {
      num::Index extent = extent_along(dims, k);
      if (k == call.nargout() - 1) {
        for (int rest = k + 1; rest < static_cast<int>(dims.size()); ++rest)
          extent *= extent_along(dims, rest);
      }
      items.push_back(Value::scalar(static_cast<double>(extent)));
    }
    return Value::tuple(std::move(items));
  }
  std::vector<double> extents(dims.begin(), dims.end());
  return Value::vector(num::Matrix::row(extents));
}

// size(x, k) for k > 2 of a 2-D value in the matlab dialect: 1, as MATLAB says. (rlab keeps its
// error, builtins.md §3.)
bool is_matlab_trailing_dim(const Call& call) {
  return call.has(1) && call.session().dialect() == lang::Dialect::Matlab &&
         call.value(1).is(Kind::Scalar) && call.value(1).scalar_value() > 2.0;
}

// size(x, d1, d2, ...) and size(x, [d1 d2 ...]) (MATLAB R2019b): the extents along those
// dims, as a row or one per output.
Value selected_extents(Call& call) {
  const Value& x = call.value(0);
  std::vector<double> dims;
  for (int k = 1; k < call.count(); ++k) {
    const num::Matrix m = call.matrix(k);
    for (num::Index i = 0; i < m.size(); ++i) dims.push_back(m[i]);
  }
  std::vector<Value> extents;
  num::Matrix row(1, static_cast<num::Index>(dims.size()));
  for (std::size_t k = 0; k < dims.size(); ++k) {
    const double d = dims[k];
    if (d < 1 || d != std::floor(d))
      call.fail(fmt::format(messages::must_be_positive_integer, "DIM"));
    double extent = 1.0;
    if (const std::optional<num::Dims> nd = nd_extents(x)) {
      const num::Dims& all = *nd;
      if (d <= static_cast<double>(all.size()))
        extent = static_cast<double>(all[static_cast<std::size_t>(d) - 1]);
    } else if (d <= 2) {
      const auto [rows, columns] = size_of(x);
      extent = static_cast<double>(d == 1 ? rows : columns);
    }
    row.set(static_cast<num::Index>(k), extent);
    extents.push_back(Value::scalar(extent));
  }
  if (call.nargout() >= 2) {
    if (static_cast<std::size_t>(call.nargout()) != dims.size()) {
      call.fail(messages::outputs_not_dims);
    }
    return Value::tuple(std::move(extents));
  }
  return Value::matrix(std::move(row));
}

Value size(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab &&
      (call.count() > 2 || (call.has(1) && call.value(1).element_count() > 1))) {
    return selected_extents(call);
  }
  if (call.count() > 2) {
    throw Error(fmt::format(messages::wrong_argument_count, "size", "1..2", call.count()));
  }
  if (const std::optional<num::Dims> nd = nd_extents(call.value(0))) return nd_size(call, *nd);
  if (is_matlab_trailing_dim(call)) {
    call.nd_dim_argument(1);
    return Value::scalar(1);
  }
  const auto [rows, columns] = size_of(call.value(0));
  if (const std::optional<int> dim = call.dim_argument(1)) {
    return Value::scalar(static_cast<double>(*dim == 1 ? rows : columns));
  }
  if (call.nargout() >= 2) {
    std::vector<Value> items = {Value::scalar(static_cast<double>(rows)),
                                Value::scalar(static_cast<double>(columns))};
    while (static_cast<int>(items.size()) < call.nargout()) items.push_back(Value::scalar(1));
    return Value::tuple(std::move(items));
  }
  return Value::vector(
      num::Matrix::from_rows({{static_cast<double>(rows), static_cast<double>(columns)}}));
}

// Octave's rows(x) and columns(x): size(x, 1) and size(x, 2).
Value rows(Call& call) { return Value::scalar(static_cast<double>(size_of(call.value(0)).first)); }

Value columns(Call& call) {
  return Value::scalar(static_cast<double>(size_of(call.value(0)).second));
}

Value length(Call& call) {
  const Value& value = call.value(0);
  switch (value.kind()) {
    case Kind::StringArray: {
      const auto [rows, columns] = size_of(value);
      return Value::scalar(
          static_cast<double>(value.element_count() == 0 ? 0 : std::max(rows, columns)));
    }
    case Kind::Vector:
    case Kind::String:
      return Value::scalar(static_cast<double>(value.element_count()));
    case Kind::StructArray: {
      const num::Dims dims = value.struct_array_dims();
      return Value::scalar(value.element_count() == 0
                               ? 0.0
                               : static_cast<double>(*std::max_element(dims.begin(), dims.end())));
    }
    case Kind::Struct:
      return Value::scalar(1);
    case Kind::Cell: {
      const num::Dims dims = value.cell_value().dims();
      return Value::scalar(value.cell_value().items.empty()
                               ? 0.0
                               : static_cast<double>(*std::max_element(dims.begin(), dims.end())));
    }
    case Kind::Matrix: {
      const num::Matrix& m = value.matrix_value();
      return Value::scalar(m.empty() ? 0.0 : static_cast<double>(std::max(m.rows(), m.columns())));
    }
    case Kind::NdArray: {  // MATLAB's: the largest extent, 0 for an empty array
      const num::NdArray& array = value.nd_value();
      if (array.empty()) return Value::scalar(0);
      return Value::scalar(
          static_cast<double>(*std::max_element(array.dims().begin(), array.dims().end())));
    }
    case Kind::Scalar:
    case Kind::Complex:
    case Kind::Bool:
      return Value::scalar(1);
    case Kind::Object:
      // A keyed object's length is its entry count (MATLAB's length(containers.Map)).
      if (std::optional<Value> count = value.object_value()->property("Count")) return *count;
      call.fail(fmt::format(messages::unsupported_type, value.object_value()->kind_name()));
    default:
      call.fail(fmt::format(messages::unsupported_type, value.kind_name()));
  }
}

Value numel(Call& call) {
  const Value& value = call.value(0);
  if (!runtime::is_numeric_or_nd(value) && !value.is(Kind::String) &&
      !value.is(Kind::StringArray) && !value.is(Kind::Cell) && !runtime::is_struct_like(value)) {
    call.fail(fmt::format(messages::unsupported_type, value.kind_name()));
  }
  return Value::scalar(static_cast<double>(value.element_count()));
}

Value ndims(Call& call) {
  const Value& value = call.value(0);
  const std::optional<num::Dims> nd = nd_extents(value);
  return Value::scalar(nd ? static_cast<double>(nd->size()) : 2.0);
}

bool is_empty_value(const Value& value) {
  switch (value.kind()) {
    case Kind::Vector:
    case Kind::Matrix:
      return value.matrix_value().empty();
    case Kind::NdArray:
      return value.nd_value().empty();
    case Kind::String:
    case Kind::StringArray:
    case Kind::StructArray:
    case Kind::Cell:
    case Kind::None:
      return value.element_count() == 0;
    default:
      return false;
  }
}

Value isempty(Call& call) { return Value::boolean(is_empty_value(call.value(0))); }

Value horzcat(Call& call) {
  std::vector<std::vector<Value>> rows(1);
  for (const Value& argument : call.arguments()) rows[0].push_back(argument);
  return runtime::concatenate(rows, call.session().dialect());
}

Value vertcat(Call& call) {
  std::vector<std::vector<Value>> rows;
  for (const Value& argument : call.arguments()) rows.push_back({argument});
  return runtime::concatenate(rows, call.session().dialect());
}

// The error for an argument `x` of a kind the builtin cannot take: "cannot <verb> <kind>", or
// "unsupported type <kind>" when no verb is given.
[[noreturn]] void fail_kind(const Call& call, std::string_view verb, const Value& x) {
  if (verb.empty()) call.fail(fmt::format(messages::unsupported_type, x.kind_name()));
  call.fail(fmt::format(messages::cannot_operate_on, verb, x.kind_name()));
}

// The numeric arguments from `first` on as arrays; anything else is "<name>: cannot <verb>
// <kind>".
std::vector<num::NdArray> nd_arguments(const Call& call, int first, std::string_view verb) {
  std::vector<num::NdArray> arrays;
  for (int k = first; k < call.count(); ++k) {
    const Value& x = call.value(k);
    if (!runtime::is_numeric_or_nd(x)) fail_kind(call, verb, x);
    // The empty vector `[]` is MATLAB's 0×0, which concatenation leaves out.
    const bool empty_vector = x.is(Kind::Vector) && x.matrix_value().empty();
    arrays.push_back(empty_vector ? num::NdArray() : runtime::as_nd_array(x));
  }
  return arrays;
}

bool all_logical(const Call& call, int first) {
  for (int k = first; k < call.count(); ++k) {
    if (!call.value(k).is_logical()) return false;
  }
  return call.count() > first;
}

// cat along dim 3 or more, or of an N-D array along any dim (MATLAB's rules: every other
// extent must agree, [] is left out).
Value nd_cat(Call& call, int dim) {
  const std::vector<num::NdArray> parts = nd_arguments(call, 1, "concatenate");
  const int mismatch = num::concatenation_mismatch(dim, parts);
  if (mismatch >= 0) {
    call.fail(fmt::format(messages::concatenation_mismatch, mismatch + 2,
                          fmt::join(parts[static_cast<std::size_t>(mismatch)].dims(), "×"),
                          dim + 1));
  }
  return runtime::nd_result(num::concatenated(dim, parts), all_logical(call, 1));
}

Value cat(Call& call) {
  const int nd_dim = call.nd_dim_argument(0);
  const bool any_cell = std::any_of(call.arguments().begin() + 1, call.arguments().end(),
                                    [](const Value& x) { return x.is(Kind::Cell); });
  if (any_cell) return runtime::concatenate_cells_along(nd_dim, call.arguments().subspan(1));
  const bool any_nd = std::any_of(call.arguments().begin() + 1, call.arguments().end(),
                                  [](const Value& x) { return x.is_nd_array(); });
  if (nd_dim >= 2 || any_nd) return nd_cat(call, nd_dim);
  const double dim = call.scalar(0);
  std::vector<std::vector<Value>> rows;
  if (dim == 1) {
    for (int k = 1; k < call.count(); ++k) rows.push_back({call.value(k)});
  } else if (dim == 2) {
    rows.emplace_back(call.arguments().begin() + 1, call.arguments().end());
  } else {
    call.fail(fmt::format(messages::dim_not_1_2_or_3, num::format_shortest(dim)));
  }
  return runtime::concatenate(rows, call.session().dialect());
}

Value transpose(Call& call) {
  return runtime::unary_operation(lang::UnaryOp::NonConjugateTranspose, call.value(0));
}

// The (rows, columns) of `f(A, m, n)` or `f(A, [m, n])` starting at argument `index`.
std::pair<num::Index, num::Index> size_arguments(const Call& call, int index) {
  if (call.has(index + 1)) return {call.count_argument(index), call.count_argument(index + 1)};
  const Value& sizes = call.value(index);
  if (sizes.is_array() && is_one_dimensional(sizes.matrix_value()) &&
      sizes.matrix_value().size() == 2) {
    const num::Matrix m = sizes.matrix_value();
    // Non-negative integers below 2^53 convert exactly (and without overflow) to Index.
    auto is_size = [](double x) { return x >= 0 && x < 0x1p53 && x == std::floor(x); };
    if (!is_size(m[0]) || !is_size(m[1])) {
      call.fail(messages::size_vector_not_two_counts);
    }
    return {static_cast<num::Index>(m[0]), static_cast<num::Index>(m[1])};
  }
  const num::Index n = call.count_argument(index);
  return {n, n};
}

// A numeric argument that is not an array becomes a 1×1 block (Scalar, Complex, Bool).
const Value& numeric(const Call& call, int index, std::string_view verb) {
  const Value& x = call.value(index);
  if (!x.is_numeric()) fail_kind(call, verb, x);
  return x;
}

// linspace in matlab code (MATLAB's and Octave's forms): the count cut down to a whole number
// (below 1 gives none, [] one), complex ends (real and imaginary parts spaced apart), and
// vectors of ends, one row of points per pair (a scalar end paired with each).
Value matlab_linspace(Call& call) {
  num::Index n = 100;
  if (call.has(2)) {
    const Value& count = call.value(2);
    if (count.is_array() && count.matrix_value().empty()) {
      n = 1;
    } else {
      const double given = call.scalar(2);
      if (std::isnan(given)) call.fail(fmt::format(messages::must_be_a_number, "N"));
      n = given < 1.0 ? 0 : static_cast<num::Index>(std::min(std::floor(given), 1e9));
    }
  }
  const num::Matrix starts = call.matrix(0);
  const num::Matrix ends = call.matrix(1);
  for (const num::Matrix* end : {&starts, &ends}) {
    if (end->empty() || (end->rows() != 1 && end->columns() != 1)) {
      call.fail(messages::start_end_not_vectors);
    }
  }
  if (starts.size() != 1 && ends.size() != 1 && starts.size() != ends.size()) {
    call.fail(messages::start_end_lengths_differ);
  }
  const num::Index rows = std::max(starts.size(), ends.size());
  const bool complex = starts.is_complex() || ends.is_complex();
  num::Matrix result(rows, n,
                     complex ? num::Matrix::Element::ComplexValued : num::Matrix::Element::Real);
  for (num::Index r = 0; r < rows; ++r) {
    const num::Complex a = starts.complex_at(starts.size() == 1 ? 0 : r);
    const num::Complex b = ends.complex_at(ends.size() == 1 ? 0 : r);
    const num::Matrix re = num::linspace(a.real(), b.real(), n);
    const num::Matrix im = complex ? num::linspace(a.imag(), b.imag(), n) : num::Matrix();
    for (num::Index k = 0; k < n; ++k) {
      if (complex) {
        result.set(r, k, num::Complex(re[k], im[k]));
      } else {
        result.set(r, k, re[k]);
      }
    }
  }
  return Value::matrix(std::move(result));
}

Value linspace(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_linspace(call);
  const num::Index n = call.has(2) ? call.count_argument(2) : 100;
  return Value::vector(num::linspace(call.scalar(0), call.scalar(1), n));
}

// logspace in matlab code, as Octave's logspace.m: 10.^linspace(a, b, fix(n)), b = pi meaning
// log10(pi) (MATLAB's rule too). The exponents are Octave's linspace points: a + k·δ in the
// first half, b − k·δ in the second, an odd count's middle (a + b)/2 (0 between opposite
// ends), δ = (b − a)/(n − 1) even when infinite (logspace(0, Inf, 3) is [1, Inf, Inf]).
Value matlab_logspace(Call& call) {
  const double a = call.scalar(0);
  double b = call.scalar(1);
  if (b == std::numbers::pi) b = std::log10(std::numbers::pi);
  const double count = call.has(2) ? std::trunc(call.scalar(2)) : 50.0;
  const num::Index n = count < 1 ? 1 : static_cast<num::Index>(std::min(count, 0x1p31));
  std::vector<double> exponents(static_cast<std::size_t>(n), b);
  const double step = n > 1 ? (b - a) / static_cast<double>(n - 1) : 0.0;
  const auto last = static_cast<std::size_t>(n - 1);
  exponents[0] = n > 1 ? a : b;
  for (std::size_t k = 1; k < static_cast<std::size_t>(n / 2); ++k) {
    exponents[k] = a + static_cast<double>(k) * step;
    exponents[last - k] = b - static_cast<double>(k) * step;
  }
  if (n % 2 == 1 && n > 1) exponents[last / 2] = a == -b ? 0.0 : (a + b) / 2;
  num::Matrix result(1, n);
  for (num::Index k = 0; k < n; ++k) {
    result.set(k, std::pow(10.0, exponents[static_cast<std::size_t>(k)]));
  }
  return Value::matrix(std::move(result));
}

Value logspace(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab) return matlab_logspace(call);
  const num::Index n = call.has(2) ? call.integer(2) : 50;
  return Value::vector(num::logspace(call.scalar(0), call.scalar(1), n));
}

// The counts of one size argument of MATLAB's repmat, as a row: a matrix gives its first
// column (Octave's rule, which MATLAB's documentation leaves open), a vector itself.
std::vector<double> replication_counts(const Call& call, int index) {
  const num::Matrix m = call.matrix(index);
  std::vector<double> counts;
  const bool matrix = m.rows() > 1 && m.columns() > 1;
  for (num::Index k = 0; k < (matrix ? m.rows() : m.size()); ++k) {
    const num::Index at = matrix ? k * m.columns() : k;  // row-major: the first column
    counts.push_back(m.is_real() ? m[at] : m.complex_at(at).real());
  }
  return counts;
}

// repmat(A, m), repmat(A, m, n), repmat(A, r1, r2, ...) as MATLAB (and Octave) read them: a
// scalar m is m×m, a vector is the counts, `[]` stands for 1, a matrix second argument gives
// its first column, and a negative count is 0.
num::Dims matlab_replication(const Call& call) {
  std::vector<double> counts;
  if (call.count() > 3) {
    for (int k = 1; k < call.count(); ++k) {
      if (call.matrix(k).size() != 1) call.fail(messages::inputs_not_scalar);
      counts.push_back(call.scalar(k));
    }
  } else if (call.count() == 3) {
    std::vector<double> m = replication_counts(call, 1);
    std::vector<double> n = replication_counts(call, 2);
    const num::Matrix first = call.matrix(1);
    const num::Matrix second = call.matrix(2);
    if (m.empty() || n.empty()) {
      counts = m.empty() ? n : m;
      if (counts.empty()) counts = {1.0};
      counts.push_back(1.0);
    } else {
      if (first.rows() > 1 && first.columns() > 1) {
        n = m.size() < 3 ? std::vector<double>{second[second.size() - 1]} : std::vector<double>{};
      }
      counts = m;
      counts.insert(counts.end(), n.begin(), n.end());
    }
  } else {
    counts = replication_counts(call, 1);
    if (counts.empty()) counts = {1.0};
    if (counts.size() == 1) counts.push_back(counts[0]);
  }
  num::Dims dims;
  for (double count : counts) {
    if (count != std::floor(count) || !std::isfinite(count)) {
      call.fail(fmt::format(messages::must_be_integers_got, "size arguments",
                            num::format_shortest(count)));
    }
    dims.push_back(count < 0 ? 0 : static_cast<num::Index>(count));
  }
  while (dims.size() > 2 && dims.back() == 1) dims.pop_back();
  return dims;
}

// repmat in matlab code: MATLAB's size arguments (matlab_replication); text keeps its one row
// (cells and structs go through their positions, through_positions).
std::optional<Value> matlab_repmat(const Call& call) {
  const Value& a = call.value(0);
  const num::Dims dims = matlab_replication(call);
  if (!a.is_numeric() && !a.is_nd_array()) return std::nullopt;
  if (dims.size() > 2 || a.is_nd_array()) {
    return runtime::nd_result(num::repeated(runtime::as_nd_array(a), dims), a.is_logical());
  }
  return Value::matrix(num::repmat(a.as_matrix(), dims[0], dims[1]),
                       a.is_logical() && a.is_array());
}

// Always a Matrix; the logical mark survives (language.md §13.6).
Value repmat(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, repmat);
  if (call.session().dialect() == lang::Dialect::Matlab) {
    if (std::optional<Value> tiled = matlab_repmat(call)) return *std::move(tiled);
  }
  // MATLAB's `repmat('-', 1, 40)` rule line: a string tiles along its row. A string is a single
  // row of characters (there are no character matrices), so more rows keep rlab's error.
  if (call.value(0).is(Kind::String)) {
    const auto [m, n] = size_arguments(call, 1);
    if (m != 1) call.fail(fmt::format(messages::cannot_operate_on, "tile", "string"));
    const std::string& text = call.value(0).string_value();
    std::string tiled;
    tiled.reserve(text.size() * static_cast<std::size_t>(n));
    for (num::Index k = 0; k < n; ++k) tiled += text;
    return Value::string(std::move(tiled));
  }
  // A struct tiles into a struct array: repmat(struct("W", 0), 1, L) preallocates L layers.
  if (runtime::is_struct_like(call.value(0))) return through_positions(call, repmat);
  // A string array tiles along its one dimension, as MATLAB's repmat({'-'}, 1, n) does.
  if (call.value(0).is(Kind::StringArray)) {
    const auto [m, n] = size_arguments(call, 1);
    if (m != 1) call.fail(fmt::format(messages::cannot_operate_on, "tile", "string_array"));
    const std::vector<std::string>& items = call.value(0).string_array_value();
    std::vector<std::string> tiled;
    tiled.reserve(items.size() * static_cast<std::size_t>(n));
    for (num::Index k = 0; k < n; ++k) tiled.insert(tiled.end(), items.begin(), items.end());
    return Value::string_array(std::move(tiled));
  }
  if (std::optional<num::Dims> reps = nd_size_arguments(call, 1);
      reps || call.value(0).is_nd_array()) {
    if (!reps) {
      const auto [m, n] = size_arguments(call, 1);
      reps = num::Dims{m, n};
    }
    const Value& a = call.value(0);
    return runtime::nd_result(num::repeated(runtime::as_nd_array(a), *reps), a.is_logical());
  }
  const Value& a = numeric(call, 0, "tile");
  const auto [m, n] = size_arguments(call, 1);
  return Value::matrix(num::repmat(a.as_matrix(), m, n), a.is_logical() && a.is_array());
}

// MATLAB's size placeholder `[]` in `reshape(A, [], n)`: the extent the element count leaves.
bool is_placeholder(const Value& v) { return v.is_array() && v.matrix_value().empty(); }

std::pair<num::Index, num::Index> reshape_sizes(const Call& call, num::Index total) {
  if (!call.has(2) || (!is_placeholder(call.value(1)) && !is_placeholder(call.value(2)))) {
    return size_arguments(call, 1);
  }
  const bool rows_free = is_placeholder(call.value(1));
  if (rows_free && is_placeholder(call.value(2))) call.fail(messages::one_empty_size_only);
  const num::Index known = call.count_argument(rows_free ? 2 : 1);
  if (known == 0 || total % known != 0) {
    call.fail(fmt::format(messages::reshape_dimension_mismatch, total, known));
  }
  return rows_free ? std::pair{total / known, known} : std::pair{known, total / known};
}

// The extents of reshape(A, d1, d2, ...) or reshape(A, [d1 d2 ...]) for `total` elements, one
// of them [] (the extent that makes the count right).
num::Dims nd_reshape_dims(const Call& call, num::Index total) {
  num::Dims dims;
  int free = -1;
  if (call.count() == 2) {
    const num::Matrix sizes = call.matrix(1);
    for (num::Index k = 0; k < sizes.size(); ++k) {
      dims.push_back(num::size_from_vector_element(sizes[k]));
    }
  } else {
    for (int k = 1; k < call.count(); ++k) {
      if (is_placeholder(call.value(k))) {
        if (free >= 0) call.fail(messages::one_empty_size_only);
        free = k - 1;
        dims.push_back(1);
      } else {
        dims.push_back(call.count_argument(k));
      }
    }
  }
  if (dims.size() < 2)
    call.fail(fmt::format(messages::must_have_at_least_two_elements, "size vector"));
  num::Index known = 1;
  for (num::Index extent : dims) known *= extent;
  if (free >= 0) {
    if (known == 0 || total % known != 0) {
      call.fail(fmt::format(messages::reshape_product_mismatch, total, known));
    }
    dims[static_cast<std::size_t>(free)] = total / known;
  } else if (known != total) {
    call.fail(fmt::format(messages::reshape_cannot_fit, total, fmt::join(dims, "×"), known));
  }
  return dims;
}

// A 2-D reshape's result: in rlab a 1×n or n×1 target is a Vector (builtins.md §3); in the
// matlab dialect the matrix is exactly the shape asked (language.md §14).
Value reshape_result(const Call& call, num::Matrix m, bool logical) {
  const bool one_dimensional = m.rows() == 1 || m.columns() == 1;
  if (one_dimensional && call.session().dialect() != lang::Dialect::Matlab) {
    return Value::vector(std::move(m), logical);
  }
  return Value::matrix(std::move(m), logical);
}

// reshape to or from N dims: a 2-D result keeps the 2-D form's kinds (1×n and n×1 a Vector).
Value nd_reshape(Call& call) {
  const Value& a = call.value(0);
  if (!runtime::is_numeric_or_nd(a))
    call.fail(fmt::format(messages::cannot_operate_on, "reshape", a.kind_name()));
  const num::NdArray source = runtime::as_nd_array(a);
  const bool logical = a.is_logical() && !a.is(Kind::Bool);
  num::NdArray result = num::reshaped(source, nd_reshape_dims(call, source.size()));
  if (result.ndims() >= 3) return Value::nd_array(std::move(result), logical);
  return reshape_result(call, result.to_matrix(), logical);
}

// Column-major reshape; in rlab 1×n and n×1 targets give a Vector (builtins.md §3).
Value reshape(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, reshape);
  const bool sizes_nd = call.count() >= 4 || (call.count() == 2 && call.value(1).is_array() &&
                                              call.value(1).matrix_value().size() >= 3);
  if (sizes_nd || call.value(0).is_nd_array()) return nd_reshape(call);
  const Value& a = numeric(call, 0, "reshape");
  const auto [rows, columns] = reshape_sizes(call, a.as_matrix().size());
  num::Matrix result = num::reshape(a.as_matrix(), rows, columns);
  const bool logical = a.is_logical() && a.is_array();
  return reshape_result(call, std::move(result), logical);
}

// The dim order of permute(A, order): a permutation of 1..n, n >= ndims(A), returned 0-based.
std::vector<int> permutation_argument(const Call& call, int ndims) {
  const num::Matrix order = call.matrix(1);
  std::vector<int> result;
  std::vector<bool> seen(static_cast<std::size_t>(std::max<num::Index>(order.size(), 0)), false);
  for (num::Index k = 0; k < order.size(); ++k) {
    const double d = order[k];
    if (!(d >= 1.0) || d != std::floor(d) || d > static_cast<double>(order.size()) ||
        seen[static_cast<std::size_t>(d - 1)]) {
      call.fail(messages::order_not_permutation);
    }
    seen[static_cast<std::size_t>(d - 1)] = true;
    result.push_back(static_cast<int>(d) - 1);
  }
  if (static_cast<int>(result.size()) < ndims) {
    call.fail(fmt::format(messages::order_too_short, ndims, result.size()));
  }
  return result;
}

const Value& numeric_or_nd(const Call& call, int index, std::string_view verb) {
  const Value& x = call.value(index);
  if (!runtime::is_numeric_or_nd(x)) fail_kind(call, verb, x);
  return x;
}

Value permute(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, permute);
  const Value& a = numeric_or_nd(call, 0, "permute");
  const num::NdArray source = runtime::as_nd_array(a);
  const std::vector<int> order = permutation_argument(call, source.ndims());
  return runtime::nd_result(num::permuted(source, order), a.is_logical() && !a.is(Kind::Bool));
}

// ipermute(A, order): the permutation that permute(·, order) undoes.
Value ipermute(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, ipermute);
  const Value& a = numeric_or_nd(call, 0, "permute");
  const num::NdArray source = runtime::as_nd_array(a);
  const std::vector<int> order = permutation_argument(call, source.ndims());
  std::vector<int> inverse(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    inverse[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
  }
  return runtime::nd_result(num::permuted(source, inverse), a.is_logical() && !a.is(Kind::Bool));
}

// shiftdim(A, n): A's dims moved n places left, the leading ones wrapping to the end (n taken
// modulo ndims); a negative n puts -n leading singleton dims first. shiftdim(A) removes the
// leading singleton dims, and [B, n] = shiftdim(A) says how many.
Value shiftdim(Call& call) {
  const Value& a = numeric_or_nd(call, 0, "shift the dims of");
  const bool logical = a.is_logical() && !a.is(Kind::Bool);
  const num::NdArray source = runtime::as_nd_array(a);
  const num::Dims& dims = source.dims();
  num::Index shift = 0;
  if (call.has(1)) {
    const double n = call.scalar(1);
    if (n != std::floor(n) || !std::isfinite(n))
      call.fail(fmt::format(messages::must_be_integer, "n"));
    shift = static_cast<num::Index>(n);
  } else {
    while (shift < static_cast<num::Index>(dims.size()) - 1 &&
           dims[static_cast<std::size_t>(shift)] == 1)
      ++shift;
    if (source.size() == 1) shift = 0;
  }
  Value result;
  if (shift < 0) {
    num::Dims longer(static_cast<std::size_t>(-shift), 1);
    longer.insert(longer.end(), dims.begin(), dims.end());
    result = runtime::nd_result(num::reshaped(source, longer), logical);
  } else {
    const auto count = static_cast<num::Index>(dims.size());
    std::vector<int> order;
    for (num::Index k = 0; k < count; ++k) order.push_back(static_cast<int>((k + shift) % count));
    result = runtime::nd_result(num::permuted(source, order), logical);
  }
  if (call.has(1) || call.nargout() < 2) return result;
  return Value::tuple({std::move(result), Value::scalar(static_cast<double>(shift))});
}

// squeeze(A): an N-D array without its singleton dims; any 2-D value is returned as it is.
Value squeeze(Call& call) {
  const Value& a = call.value(0);
  if (is_cell_argument(call)) return through_positions(call, squeeze);
  if (!a.is_nd_array()) return a;
  return runtime::nd_result(num::squeezed(a.nd_value()), a.is_logical());
}

// diag(v[, k]) builds a matrix from a Vector, Scalar or one-row or one-column Matrix (MATLAB:
// diag([1; 2; 3], 1) is 4×4); diag(M[, k]) of any other matrix extracts a Vector.
// diag(v, m, n): the m×n matrix with v's elements down its diagonal (as many as fit).
Value sized_diagonal(Call& call) {
  const Value& x = call.value(0);
  if (!x.is_numeric() || !is_one_dimensional(x.as_matrix()))
    call.fail(fmt::format(messages::must_be_vector, "V"));
  const num::Matrix v = x.as_matrix();
  const num::Index rows = call.count_argument(1);
  const num::Index columns = call.count_argument(2);
  num::Matrix result = v.is_complex()
                           ? num::Matrix(rows, columns, num::Matrix::Element::ComplexValued)
                           : num::Matrix(rows, columns);
  const num::Index count = std::min({rows, columns, v.size()});
  for (num::Index k = 0; k < count; ++k) {
    if (v.is_complex()) {
      result.set(k, k, v.complex_at(k));
    } else {
      result.set(k, k, v[k]);
    }
  }
  return Value::matrix(std::move(result), x.is_logical());
}

Value diag(Call& call) {
  if (call.has(2)) return sized_diagonal(call);
  const Value& x = call.value(0);
  if (x.is_nd_array()) call.fail_not_two_dimensional(x, 0);
  const num::Index k = call.has(1) ? call.integer(1) : 0;
  if (x.is(Kind::Matrix) && !is_one_dimensional(x.matrix_value())) {
    num::Matrix diagonal = num::diagonal_of(x.matrix_value(), k);
    // MATLAB's diagonal of a matrix is a column (an empty one 0×1); rlab's is a vector.
    if (call.session().dialect() == lang::Dialect::Matlab) {
      return Value::matrix(diagonal.with_shape(diagonal.size(), 1), x.is_logical());
    }
    return Value::vector(std::move(diagonal));
  }
  if (!x.is_numeric()) call.fail(fmt::format(messages::expected_vector_or_matrix, x.kind_name()));
  return Value::matrix(num::diagonal_matrix(x.as_matrix(), k));
}

Value meshgrid(Call& call) {
  const num::Matrix x = call.matrix(0);
  const num::Matrix y = call.has(1) ? call.matrix(1) : x;
  if (call.session().dialect() == lang::Dialect::Matlab &&
      (!is_one_dimensional(x) || !is_one_dimensional(y))) {
    call.fail(fmt::format(messages::must_be_vector_plural, "X and Y"));
  }
  auto [grid_x, grid_y] = num::meshgrid(x, y);
  // One output is X alone (a tuple would reach an expression such as sum(meshgrid(x, y))).
  if (call.nargout() < 2) return Value::matrix(std::move(grid_x));
  return Value::tuple({Value::matrix(std::move(grid_x)), Value::matrix(std::move(grid_y))});
}

// [A, B] = ndgrid(x, y): A(i, j) = x(i), B(i, j) = y(j), numel(x)×numel(y) (meshgrid's grids
// transposed); ndgrid(x) alone is x as a column, MATLAB's one-dimensional grid.
Value ndgrid(Call& call) {
  const num::Matrix x = call.matrix(0);
  if (!call.has(1) && call.nargout() < 2) return Value::matrix(x.with_shape(x.size(), 1));
  const num::Matrix y = call.has(1) ? call.matrix(1) : x;
  if (!is_one_dimensional(x) || !is_one_dimensional(y)) {
    call.fail(fmt::format(messages::must_be_vector_plural, "X and Y"));
  }
  auto [grid_x, grid_y] = num::meshgrid(x, y);
  if (call.nargout() < 2) return Value::matrix(grid_x.transposed());
  return Value::tuple({Value::matrix(grid_x.transposed()), Value::matrix(grid_y.transposed())});
}

// colon(a, b) and colon(a, step, b): the range a:b and a:step:b.
Value colon_builtin(Call& call) {
  const double start = call.scalar(0);
  const double step = call.has(2) ? call.scalar(1) : 1.0;
  const double stop = call.scalar(call.has(2) ? 2 : 1);
  return runtime::make_range(start, step, stop);
}

// A string reversed character by character (UTF-8 sequences kept whole).
std::string reversed_characters(const std::string& text) {
  const std::vector<std::string_view> characters = characters_of(text);
  std::string result;
  result.reserve(text.size());
  for (auto it = characters.rbegin(); it != characters.rend(); ++it) result += *it;
  return result;
}

// Flips keep kind and shape; a Vector is a row, so flipud leaves it unchanged. A string and a
// string array are rows too (MATLAB: fliplr("abc") is "cba").
// An N-D array reversed along 0-based `dim` (its extents kept; a dim past the last leaves it).
Value nd_flipped(const Value& x, int dim) {
  const num::NdArray& array = x.nd_value();
  if (dim >= array.ndims()) return x;
  const num::Matrix slices = num::slices_along(array, dim);
  num::Matrix reversed = num::flip_rows(slices);
  return runtime::nd_result(num::from_slices_along(reversed, array.dims(), dim), x.is_logical());
}

Value fliplr(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, fliplr);
  if (call.value(0).is_nd_array()) return nd_flipped(call.value(0), 1);
  const Value& text = call.value(0);
  if (text.is(Kind::String)) return Value::string(reversed_characters(text.string_value()));
  if (text.is(Kind::StringArray)) {
    std::vector<std::string> items = text.string_array_value();
    std::reverse(items.begin(), items.end());
    return Value::string_array(std::move(items));
  }
  const Value& x = numeric(call, 0, "");
  if (!x.is_array()) return x;
  return Value::like(x, num::flip_columns(x.matrix_value()));
}

Value flipud(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, flipud);
  if (call.value(0).is_nd_array()) return nd_flipped(call.value(0), 0);
  const Value& text = call.value(0);
  if (text.is(Kind::String) || text.is(Kind::StringArray)) return text;
  const Value& x = numeric(call, 0, "");
  if (!x.is_array()) return x;
  return Value::like(x, num::flip_rows(x.matrix_value()));
}

// flip(x): MATLAB's reversal along the first dimension longer than one (a vector, a 1×N matrix
// and a string reverse their order, an N×1 or R×C matrix its rows); flip(x, dim) names it.
Value flip(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, flip);
  const Value& x = call.value(0);
  if (x.is_nd_array()) {
    return nd_flipped(x, call.has(1) ? call.nd_dim_argument(1)
                                     : num::first_non_singleton_dim(x.nd_value().dims()));
  }
  if (matlab_trailing_dim(call, 1)) return x;  // a flip along a singleton dim
  if (call.has(1)) return call.dim_argument(1) == 2 ? fliplr(call) : flipud(call);
  const bool along_rows = x.is(Kind::Matrix) && x.matrix_value().rows() > 1;
  return along_rows ? flipud(call) : fliplr(call);
}

// circshift(v, k) rotates a row right; circshift(M, k[, dim]) rotates rows down (dim 1) or
// columns right (dim 2).
// circshift(x, [r c]) in matlab code: r rows down, then c columns right (MATLAB's vector of
// shifts, one per dimension).
Value shifted_by_vector(Call& call, const Value& x) {
  const num::Matrix shifts = call.matrix(1);
  if (shifts.size() > 2) call.fail(messages::shifts_need_nd_array);
  num::Matrix m = x.matrix_value();
  for (num::Index d = 0; d < shifts.size(); ++d) {
    const double k = shifts[d];
    if (k != std::floor(k)) call.fail(fmt::format(messages::must_be_integers, "shifts"));
    m = num::circular_shift(m, static_cast<num::Index>(k),
                            d == 0 ? num::Dimension::Rows : num::Dimension::Columns);
  }
  return Value::like(x, std::move(m));
}

// circshift(A, k[, dim]) of an N-D array (or along a dim past 2 in matlab code): each slice
// along dim (the first non-singleton by default) rotated by k.
Value nd_circshift(Call& call, int dim, num::Index k) {
  return nd_transform_call(call, dim, [k](const num::Matrix& slices) {
    num::Matrix shifted = slices;
    const num::Index n = slices.rows();
    for (num::Index i = 0; i < n; ++i) {
      const num::Index source = (((i - k) % n) + n) % n;
      for (num::Index j = 0; j < slices.columns(); ++j) {
        shifted.set(i, j, slices.complex_at(source, j));
      }
    }
    return std::vector{std::move(shifted)};
  });
}

Value circshift(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, circshift);
  if (const std::optional<int> dim = nd_transform_dim(call, 2)) {
    return nd_circshift(call, *dim, call.integer(1));
  }
  const Value& x = numeric(call, 0, "");
  if (call.session().dialect() == lang::Dialect::Matlab && !call.has(2) && x.is_array() &&
      call.value(1).element_count() > 1) {
    return shifted_by_vector(call, x);
  }
  const num::Index k = call.integer(1);
  // A Vector rotates along itself, and so does a 1×N matrix in matlab code (MATLAB's first
  // non-singleton dim; rlab's 1×N matrix keeps its rows rule).
  const bool row = x.is(Kind::Vector) || (x.is(Kind::Matrix) && x.matrix_value().rows() == 1 &&
                                          call.session().dialect() == lang::Dialect::Matlab);
  num::Dimension dimension = row ? num::Dimension::Columns : num::Dimension::Rows;
  if (call.has(2)) {
    const std::int64_t dim = call.integer(2);
    if (dim != 1 && dim != 2) call.fail(fmt::format(messages::dim_not_one_or_two, dim));
    dimension = dim == 1 ? num::Dimension::Rows : num::Dimension::Columns;
  }
  if (!x.is_array()) return x;
  return Value::like(x, num::circular_shift(x.matrix_value(), k, dimension));
}

Value tril(Call& call) {
  return Value::matrix(num::lower_triangle(call.matrix(0), call.has(1) ? call.integer(1) : 0));
}

Value triu(Call& call) {
  return Value::matrix(num::upper_triangle(call.matrix(0), call.has(1) ? call.integer(1) : 0));
}

// Odd n (de la Loubère's siamese method in closed form):
// M(I, J) = n·mod(I + J − (n + 3)/2, n) + mod(I + 2J − 2, n) + 1.
num::Matrix odd_magic(num::Index n) {
  num::Matrix result(n, n);
  const auto positive_mod = [n](num::Index v) { return ((v % n) + n) % n; };
  for (num::Index I = 1; I <= n; ++I) {
    for (num::Index J = 1; J <= n; ++J) {
      const num::Index a = positive_mod(I + J - (n + 3) / 2);
      const num::Index b = positive_mod(I + 2 * J - 2);
      result.set(I - 1, J - 1, static_cast<double>(n * a + b + 1));
    }
  }
  return result;
}

// n divisible by 4: 1..n² row by row, then every element whose row and column fall in the same
// half of their 4-block (fix(mod(I, 4)/2) equal) is replaced by n² + 1 − M.
num::Matrix doubly_even_magic(num::Index n) {
  num::Matrix result(n, n);
  for (num::Index I = 1; I <= n; ++I) {
    for (num::Index J = 1; J <= n; ++J) {
      const double value = static_cast<double>((I - 1) * n + J);
      const bool complement = (I % 4) / 2 == (J % 4) / 2;
      result.set(I - 1, J - 1, complement ? static_cast<double>(n * n + 1) - value : value);
    }
  }
  return result;
}

// n = 2 (mod 4), LUX-like: four copies of magic(p), p = n/2, offset by 0, 2p², 3p², p²; then
// the left k = (n − 2)/4 columns and the right k − 1 columns swap their top and bottom halves,
// and in row k + 1 the swap moves from column 1 to column k + 1.
num::Matrix singly_even_magic(num::Index n) {
  const num::Index p = n / 2;
  const num::Matrix a = odd_magic(p);
  const double square = static_cast<double>(p * p);
  num::Matrix result(n, n);
  for (num::Index i = 0; i < p; ++i) {
    for (num::Index j = 0; j < p; ++j) {
      result.set(i, j, a(i, j));
      result.set(i, j + p, a(i, j) + 2.0 * square);
      result.set(i + p, j, a(i, j) + 3.0 * square);
      result.set(i + p, j + p, a(i, j) + square);
    }
  }
  const auto swap_halves = [&result, p](num::Index row, num::Index column) {
    const double top = result(row, column);
    result.set(row, column, result(row + p, column));
    result.set(row + p, column, top);
  };
  const num::Index k = (n - 2) / 4;
  for (num::Index i = 0; i < p; ++i) {
    for (num::Index j = 0; j < k; ++j) swap_halves(i, j);
    for (num::Index j = n - k + 1; j < n; ++j) swap_halves(i, j);
  }
  // MATLAB assigns both columns at once, so for n = 2 (k = 0, one column named twice) column 1
  // swaps once: magic(2) is [4 3; 1 2].
  swap_halves(k, 0);
  if (k != 0) swap_halves(k, k);
  return result;
}

Value magic(Call& call) {
  const num::Index n = call.count_argument(0);
  if (n == 0) return Value::matrix(num::Matrix(0, 0));
  if (n % 2 == 1) return Value::matrix(odd_magic(n));
  if (n % 4 == 0) return Value::matrix(doubly_even_magic(n));
  return Value::matrix(singly_even_magic(n));
}

// rot90(A, k): A turned k quarter turns counter-clockwise (k may be negative). A Vector is a
// 1×N row: two turns give a Vector back, one or three an N×1 Matrix.
Value rot90(Call& call) {
  if (is_cell_argument(call)) return through_positions(call, rot90);
  const Value& x = call.value(0);
  const num::Matrix a = call.matrix(0);
  const std::int64_t turns = ((call.has(1) ? call.integer(1) : 1) % 4 + 4) % 4;
  if (!x.is_array()) return x.is(Kind::Bool) ? Value::scalar(x.scalar_value()) : x;
  const num::Index rows = a.rows();
  const num::Index columns = a.columns();
  const bool transposed = turns % 2 == 1;
  num::Matrix result = transposed ? num::Matrix(columns, rows, num::Matrix::Element::Real)
                                  : num::Matrix(rows, columns, num::Matrix::Element::Real);
  for (num::Index i = 0; i < result.rows(); ++i) {
    for (num::Index j = 0; j < result.columns(); ++j) {
      num::Index source_row = i;
      num::Index source_column = j;
      if (turns == 1) {
        source_row = j;
        source_column = columns - 1 - i;
      } else if (turns == 2) {
        source_row = rows - 1 - i;
        source_column = columns - 1 - j;
      } else if (turns == 3) {
        source_row = rows - 1 - j;
        source_column = i;
      }
      result.set(i, j, a.complex_at(source_row, source_column));
    }
  }
  if (x.is(Kind::Vector) && !transposed) return Value::vector(std::move(result));
  return Value::matrix(std::move(result));
}

// The [rows, columns] size argument.
std::pair<num::Index, num::Index> size_argument(Call& call) {
  const num::Matrix size = real_matrix(call, 0);
  if (size.size() != 2) {
    call.fail(fmt::format(messages::size_not_two_elements, size.size()));
  }
  for (num::Index k = 0; k < 2; ++k) {
    if (!(size[k] >= 0.0 && size[k] <= kLargestSize) || std::floor(size[k]) != size[k]) {
      call.fail(
          fmt::format(messages::size_not_non_negative_integers, num::format_shortest(size[k])));
    }
  }
  return {static_cast<num::Index>(size[0]), static_cast<num::Index>(size[1])};
}

// A 1-based subscript within 1..limit, as a 0-based index.
num::Index subscript(Call& call, double value, num::Index limit) {
  if (!(value >= 1.0) || std::floor(value) != value || value > static_cast<double>(limit)) {
    call.fail(fmt::format(messages::subscript_out_of_range, num::format_shortest(value), limit));
  }
  return static_cast<num::Index>(value) - 1;
}

// The extents `count` subscripts address in an array of size `sizes` (MATLAB's rule): the
// first count - 1 dims as given (a missing dim is 1), the last spanning the dims left.
std::vector<double> folded_extents(const num::Matrix& sizes, int count) {
  std::vector<double> extents;
  for (int k = 0; k < count; ++k) {
    double extent = 1.0;
    if (k < count - 1) {
      extent = k < sizes.size() ? sizes[k] : 1.0;
    } else {
      for (num::Index d = k; d < sizes.size(); ++d) extent *= sizes[d];
    }
    extents.push_back(extent);
  }
  return extents;
}

// sub2ind(sz, i1, i2, ..., in) in matlab code for any number of subscripts: MATLAB's linear
// index i1 + (i2 − 1)·d1 + …, the last subscript spanning the dims it leaves (a missing dim
// is 1); every subscript a whole number within its extent, all of one size.
Value nd_sub2ind(Call& call) {
  const num::Matrix sizes = real_matrix(call, 0);
  const int count = call.count() - 1;
  const std::vector<double> extents = folded_extents(sizes, count);
  const num::Matrix first = real_matrix(call, 1);
  num::Matrix result(first.rows(), first.columns());
  std::vector<num::Matrix> subscripts;
  for (int k = 0; k < count; ++k) {
    subscripts.push_back(real_matrix(call, k + 1));
    if (subscripts.back().rows() != first.rows() ||
        subscripts.back().columns() != first.columns()) {
      call.fail(messages::subscript_sizes_differ);
    }
  }
  for (num::Index e = 0; e < first.size(); ++e) {
    double linear = 0.0;
    double stride = 1.0;
    for (int k = 0; k < count; ++k) {
      const double index = subscripts[static_cast<std::size_t>(k)][e];
      if (index != std::floor(index) || index < 1.0 ||
          index > extents[static_cast<std::size_t>(k)]) {
        call.fail(messages::index_out_of_range);
      }
      linear += (index - 1.0) * stride;
      stride *= extents[static_cast<std::size_t>(k)];
    }
    result.set(e, linear + 1.0);
  }
  return same_shape(call.value(1), std::move(result));
}

// sub2ind(sz, r, c): the column-major linear index (c − 1)·rows + r, shaped like r.
Value sub2ind(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab &&
      (call.count() != 3 || call.value(0).element_count() != 2)) {
    return nd_sub2ind(call);
  }
  if (call.count() != 3) {
    throw Error(fmt::format(messages::wrong_argument_count, "sub2ind", 3, call.count()));
  }
  const auto [rows, columns] = size_argument(call);
  const num::Matrix r = real_matrix(call, 1);
  const num::Matrix c = real_matrix(call, 2);
  if (r.size() != c.size()) {
    call.fail(
        fmt::format(messages::must_have_same_number_of_elements, "subscripts", r.size(), c.size()));
  }
  // MATLAB's subscripts are of one size, not only of one count.
  if (call.session().dialect() == lang::Dialect::Matlab &&
      (r.rows() != c.rows() || r.columns() != c.columns())) {
    call.fail(messages::subscript_sizes_differ);
  }
  num::Matrix result(r.rows(), r.columns());
  for (num::Index k = 0; k < r.size(); ++k) {
    const num::Index row = subscript(call, r[k], rows);
    const num::Index column = subscript(call, c[k], columns);
    result.set(
        k, static_cast<double>(column) * static_cast<double>(rows) + static_cast<double>(row + 1));
  }
  return same_shape(call.value(1), std::move(result));
}

// [r, c] = ind2sub(sz, idx): the inverse of sub2ind. One output gives idx back (MATLAB folds
// the trailing dimensions into the last output); outputs past the second are ones.
// ind2sub(sz, idx) in matlab code for a size of any length: with n outputs, the first n - 1
// dims as given and the last output spanning the dims left (a missing dim is 1); every index
// a whole number within prod(sz).
Value nd_ind2sub(Call& call) {
  const num::Matrix sizes = real_matrix(call, 0);
  const Value& indices = call.value(1);
  const num::Matrix idx = real_matrix(call, 1);
  const int outputs = std::max(call.nargout(), 1);
  double total = 1.0;
  for (num::Index d = 0; d < sizes.size(); ++d) total *= sizes[d];
  const std::vector<double> extents = folded_extents(sizes, outputs);
  std::vector<num::Matrix> subscripts(static_cast<std::size_t>(outputs),
                                      num::Matrix(idx.rows(), idx.columns()));
  for (num::Index e = 0; e < idx.size(); ++e) {
    const double index = idx[e];
    if (index != std::floor(index) || index < 1.0 || index > total) {
      call.fail(messages::index_out_of_range);
    }
    double rest = index - 1.0;
    for (int k = 0; k < outputs; ++k) {
      const double extent = extents[static_cast<std::size_t>(k)];
      const double position = k < outputs - 1 ? std::fmod(rest, extent) : rest;
      subscripts[static_cast<std::size_t>(k)].set(e, position + 1.0);
      if (k < outputs - 1) rest = std::floor(rest / extent);
    }
  }
  if (outputs == 1) return same_shape(indices, std::move(subscripts.front()));
  std::vector<Value> items;
  for (num::Matrix& subscript : subscripts)
    items.push_back(same_shape(indices, std::move(subscript)));
  return Value::tuple(std::move(items));
}

Value ind2sub(Call& call) {
  if (call.session().dialect() == lang::Dialect::Matlab && call.value(0).element_count() != 2) {
    return nd_ind2sub(call);
  }
  const auto [rows, columns] = size_argument(call);
  const Value& indices = call.value(1);
  const num::Matrix idx = real_matrix(call, 1);
  // rows·columns, saturated: both may be up to 2^53, their product beyond int64.
  const num::Index elements =
      columns != 0 && rows > std::numeric_limits<num::Index>::max() / columns
          ? std::numeric_limits<num::Index>::max()
          : rows * columns;
  num::Matrix r(idx.rows(), idx.columns());
  num::Matrix c(idx.rows(), idx.columns());
  for (num::Index k = 0; k < idx.size(); ++k) {
    const num::Index linear = subscript(call, idx[k], elements);
    r.set(k, static_cast<double>(linear % rows + 1));
    c.set(k, static_cast<double>(linear / rows + 1));
  }
  if (call.nargout() < 2) return same_shape(indices, idx);
  std::vector<Value> outputs = {same_shape(indices, std::move(r)),
                                same_shape(indices, std::move(c))};
  while (static_cast<int>(outputs.size()) < call.nargout()) {
    outputs.push_back(same_shape(indices, num::Matrix(idx.rows(), idx.columns(), 1.0)));
  }
  return Value::tuple(std::move(outputs));
}

}  // namespace

std::pair<num::Index, num::Index> size_of(const Value& value) {
  switch (value.kind()) {
    case Kind::Vector:
      return {1, value.matrix_value().size()};
    case Kind::Matrix:
      return {value.matrix_value().rows(), value.matrix_value().columns()};
    case Kind::StringArray:
      if (value.string_array_rows() != 1) {  // MATLAB's string arrays: rows × columns
        const num::Index rows = value.string_array_rows();
        return {rows, rows == 0 ? 0 : value.element_count() / rows};
      }
      return {1, value.element_count()};
    case Kind::String:
    case Kind::Tuple:
      return {1, value.element_count()};
    case Kind::StructArray: {  // trailing dims fold into the columns, as below
      const num::Dims dims = value.struct_array_dims();
      return {dims[0], num::element_count(std::span<const num::Index>(dims).subspan(1))};
    }
    case Kind::None:
      return {0, 0};
    case Kind::Cell: {
      const num::Dims dims = value.cell_value().dims();
      return {dims[0], num::element_count(std::span<const num::Index>(dims).subspan(1))};
    }
    case Kind::NdArray: {  // [r, c] = size(A): the trailing dims fold into the columns
      const num::Dims& dims = value.nd_value().dims();
      return {dims[0], num::element_count(std::span<const num::Index>(dims).subspan(1))};
    }
    default:
      return {1, 1};
  }
}

extern const BuiltinTable kShapeBuiltins = {
    // name          function        arity   help
    {"zeros", class_aware<zeros>, 1, -1,
     "zeros(n): vector of n zeros; zeros(m, n): m×n matrix. Example: zeros(2, 3)"},
    {"ones", class_aware<ones>, 1, -1,
     "ones(n): vector of n ones; ones(m, n): m×n matrix. Example: ones(3)"},
    {"eye", class_aware<eye>, 1, 4, "eye(n) or eye(m, n): identity matrix. Example: eye(3)"},
    {"size", size, 1, -1,
     "size(x): [rows, columns]; size(x, d): one dimension; in matlab code size(x, d1, d2, ...) "
     "and size(x, [d1, d2]) several. Example: size(ones(2, 3))"},
    {"length", length, 1, 1,
     "Number of elements along the longest dimension. Example: length(ones(2, 5))"},
    {"len", length, 1, 1, "Alias of length. Example: len([1, 2, 3])"},
    {"numel", numel, 1, 1, "Number of elements. Example: numel(ones(2, 3))"},
    {"rows", rows, 1, 1, "Number of rows, size(x, 1) (Octave). Example: rows(ones(2, 3))"},
    {"columns", columns, 1, 1,
     "Number of columns, size(x, 2) (Octave). Example: columns(ones(2, 3))"},
    {"ndims", ndims, 1, 1,
     "Number of dimensions: 2, or the N of an N-D array. Example: ndims(ones(2, 3))"},
    {"isempty", isempty, 1, 1,
     "True for an empty array, string, string array or cell. Example: isempty([])"},
    {"horzcat", horzcat, 0, -1, "horzcat(A, B, ...) is [A, B, ...]. Example: horzcat([1, 2], [3])"},
    {"vertcat", vertcat, 0, -1,
     "vertcat(A, B, ...) is [A; B; ...]. Example: vertcat([1, 2], [3, 4])"},
    {"cat", cat, 1, -1,
     "cat(1, ...) stacks vertically, cat(2, ...) horizontally, cat(3, ...) as pages of an N-D "
     "array. Example: cat(1, [1, 2], [3, 4])"},
    {"transpose", keeps_char<keeps_class<transpose>>, 1, 1,
     "Non-conjugating transpose (the .' operator). Example: transpose([1, 2; 3, 4])"},
    // name        function   min max help
    {"linspace", keeps_single<linspace, 2>, 2, 3,
     "n evenly spaced points from a to b (Vector; n = 100 default). Example: linspace(0, 1, 5)"},
    {"logspace", logspace, 2, 3,
     "n points from 10^a to 10^b, evenly spaced in log (n = 50). Example: logspace(0, 2, 3)"},
    {"repmat", keeps_char<keeps_class<repmat>>, 2, -1,
     "Tile A m×n times (a Matrix; a string repeats along its row); repmat(A, r1, r2, r3, ...) "
     "tiles along N dims. Example: repmat([1, 2], 2, 2)"},
    {"reshape", keeps_char<keeps_class<reshape>>, 2, -1,
     "Column-major reshape to m×n (Vector when m or n is 1), or to N dims (one may be []). "
     "Example: reshape(1:6, 2, 3)"},
    {"permute", keeps_char<keeps_class<permute>>, 2, 2,
     "Reorder the dims of A: result dim k is A's dim order(k). Example: permute(ones(2, 3, 4), "
     "[3 1 2])"},
    {"ipermute", ipermute, 2, 2,
     "Undo permute(A, order). Example: ipermute(ones(4, 2, 3), [3 1 2])"},
    {"shiftdim", keeps_class<shiftdim>, 1, 2,
     "A's dims shifted n places left (wrapping), or -n leading singleton dims added; shiftdim(A) "
     "drops the leading singletons and [B, n] = shiftdim(A) counts them. Example: "
     "size(shiftdim(ones(1, 1, 3)))"},
    {"squeeze", keeps_class<squeeze>, 1, 1,
     "Remove the singleton dims of an N-D array. Example: squeeze(ones(1, 1, 3))"},
    {"diag", keeps_class<diag>, 1, 3,
     "Diagonal matrix from a Vector (diag(v, k), the m×n diag(v, m, n)), or a diagonal of a "
     "Matrix. Example: diag([1, 2, 3])"},
    {"meshgrid", meshgrid, 1, 2,
     "[X, Y] grids: X(i, j) = x(j), Y(i, j) = y(i). Example: [X, Y] = meshgrid(1:3, 1:2)"},
    {"ndgrid", ndgrid, 1, 2,
     "[A, B] grids: A(i, j) = x(i), B(i, j) = y(j); ndgrid(x) alone is x as a column. Example: "
     "[A, B] = ndgrid(1:2, 1:3)"},
    {"colon", colon_builtin, 2, 3,
     "colon(a, b) is a:b and colon(a, step, b) is a:step:b. Example: colon(1, 2, 7)"},
    {"fliplr", keeps_char<keeps_class<fliplr>>, 1, 1,
     "Reverse the column order. Example: fliplr([1, 2, 3])"},
    {"flipud", keeps_char<keeps_class<flipud>>, 1, 1,
     "Reverse the row order. Example: flipud([1; 2; 3])"},
    {"flip", keeps_char<keeps_class<flip>>, 1, 2,
     "Reverse along the first dimension longer than one; flip(x, dim). Example: flip([1, 2, 3])"},
    {"circshift", keeps_char<keeps_class<circshift>>, 2, 3,
     "Rotate a Vector right, or Matrix rows down (dim 2: columns); an N-D array along dim (the "
     "first non-singleton by default). Example: circshift([1, 2, 3, 4], 1)"},
    {"tril", keeps_class<tril>, 1, 2,
     "Lower triangle: keep entries with j <= i + k. Example: tril(magic(3))"},
    {"triu", keeps_class<triu>, 1, 2,
     "Upper triangle: keep entries with j >= i + k. Example: triu(magic(3))"},
    {"magic", magic, 1, 1, "n×n magic square (MATLAB's construction). Example: magic(4)"},
    {"rot90", keeps_char<keeps_class<rot90>>, 1, 2,
     "Rotate by k quarter turns counter-clockwise: rot90(M), rot90(M, k). Example: rot90([1, 2; 3, "
     "4])"},
    {"sub2ind", sub2ind, 2, -1,
     "Column-major linear index from subscripts: sub2ind(sz, r, c). Example: sub2ind([2, 3], 2, "
     "3)"},
    {"ind2sub", ind2sub, 2, 2,
     "Subscripts from a linear index: [r, c] = ind2sub(sz, idx). Example: [r, c] = ind2sub([2, 3], "
     "5)"},
};

}  // namespace llmlab::builtins
